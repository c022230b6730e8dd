package heritage_test

import (
	"bytes"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

func TestSnapshotRoundTrip(t *testing.T) {
	testfixture.SkipUnderRace(t)
	ds, err := heritage.Embedded()
	require.NoError(t, err)
	require.Equal(t, heritage.EmbeddedVersion(), ds.Version)
	var buf bytes.Buffer
	require.NoError(t, ds.WriteSnapshot(&buf))
	back, err := heritage.ReadSnapshot(buf.Bytes())
	require.NoError(t, err)
	require.Equal(t, ds.Version, back.Version)
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		require.Equal(t, *in, back.Institutions[i], in.ID)
		require.Equal(t, ds.Towns(in), back.Towns(&back.Institutions[i]), in.ID)
		require.Equal(t, ds.NearTowns(in), back.NearTowns(&back.Institutions[i]), in.ID)
		got, ok := back.Get(in.ID)
		require.True(t, ok)
		require.Equal(t, in.ID, got.ID)
	}

	// No string of the dataset read lies in the bytes read: none keeps
	// them.
	b := buf.Bytes()
	inside := func(s string) bool {
		p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
		lo := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
		return len(s) > 0 && p >= lo && p < lo+uintptr(len(b))
	}
	require.False(t, inside(back.Version), "the version")
	for i := range back.Institutions {
		in := &back.Institutions[i]
		for _, s := range []string{in.ID, in.Name, in.Description, in.Attribution, in.City} {
			require.False(t, inside(s), in.ID)
		}
	}

	// A damaged or foreign snapshot is refused, never half read.
	for name, bad := range map[string][]byte{
		"flipped byte": flip(b, len(b)/2),
		"truncated":    b[:len(b)/3],
		"other format": flip(b, 4),
		"not one":      []byte("{\"id\": \"x\"}\n"),
	} {
		_, err := heritage.ReadSnapshot(bad)
		require.ErrorIs(t, err, heritage.ErrSnapshot, name)
	}
}

func flip(b []byte, at int) []byte {
	c := bytes.Clone(b)
	c[at] ^= 0x01
	return c
}
