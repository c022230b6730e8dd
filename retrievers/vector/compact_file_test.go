package vector_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/retrievers/vector"
)

// A compact file opens as the index that wrote it: the same searches,
// unfiltered and filtered, exhaustive and pruned, scores to the bit,
// whether its bytes are used in place or decoded (unaligned); an index
// of float32 values writes the file its compacted copy writes.
func TestCompactFileRoundTrip(t *testing.T) {
	f := getFixture(t)
	x := fixtureCopy(t, true)
	var file bytes.Buffer
	require.NoError(t, x.WriteCompact(&file))
	var fromFloats bytes.Buffer
	require.NoError(t, fixtureCopy(t, false).WriteCompact(&fromFloats))
	require.Equal(t, file.Bytes(), fromFloats.Bytes(), "codes made at the write, codes made before")

	inPlace, err := vector.LoadCompact(file.Bytes(), f.ds, x.Embedder())
	require.NoError(t, err)
	unaligned := make([]byte, file.Len()+1)
	copy(unaligned[1:], file.Bytes())
	decoded, err := vector.LoadCompact(unaligned[1:], f.ds, x.Embedder())
	require.NoError(t, err)

	ctx := context.Background()
	var filters []filter.Set
	for _, bq := range benchQueries {
		if bq.filters != "" {
			fs, err := filter.Parse([]byte(bq.filters))
			require.NoError(t, err)
			filters = append(filters, fs)
		}
	}
	vecs := questionVectors(t, x)[:150]
	for _, pruneAt := range []int{vector.PruneRecordsForTest, 0} {
		for _, y := range []*vector.Index{x, inPlace, decoded} {
			vector.SetPruneAtForTest(y, pruneAt)
		}
		for i, q := range vecs {
			want, err := x.Search(ctx, q, 20, nil)
			require.NoError(t, err)
			for _, y := range []*vector.Index{inPlace, decoded} {
				got, err := y.Search(ctx, q, 20, nil)
				require.NoError(t, err)
				require.Equal(t, want, got, "question %d, pruned from %d", i, pruneAt)
			}
			fs := filters[i%len(filters)]
			want, err = x.Search(ctx, q, 10, fs)
			require.NoError(t, err)
			got, err := inPlace.Search(ctx, q, 10, fs)
			require.NoError(t, err)
			require.Equal(t, want, got, "question %d, filtered", i)
		}
	}
	for i := 0; i < x.Len(); i += 211 {
		require.Equal(t, x.Vector(i), inPlace.Vector(i), "record %d", i)
	}
}

// A compact file that does not fit the data, or whose rows or columns
// would index out of range, is refused.
func TestCompactFileRefusesDamage(t *testing.T) {
	f := getFixture(t)
	x := fixtureCopy(t, true)
	var file bytes.Buffer
	require.NoError(t, x.WriteCompact(&file))
	raw := file.Bytes()
	n, dim := x.Len(), x.Dim()
	words := (dim + 63) / 64
	require.NotZero(t, n%256, "the last block must be partly filled for the test of its records")
	maskAt := 24 + 8*dim
	edit := func(at int, b ...byte) []byte {
		c := bytes.Clone(raw)
		copy(c[at:], b)
		return c
	}
	var rowStartAt int
	{
		nb := (n + 255) / 256
		rowStartAt = maskAt + 8*n*words + (4*(dim*nb+1)+7)&^7 + 4*dim
	}
	last := binary.LittleEndian.Uint32(raw[rowStartAt+4*n:])
	for name, bad := range map[string][]byte{
		"empty":         nil,
		"other magic":   edit(0, 'H', 'R', 'S', '2'),
		"truncated":     raw[:len(raw)-8],
		"other records": edit(4, 1, 0, 0, 0),
		"a row's mask":  edit(maskAt, raw[maskAt]^0x01),
		"rows' end":     edit(rowStartAt+4*n, byte(last+1), byte((last+1)>>8), byte((last+1)>>16), byte((last+1)>>24)),
		"record past the last": func() []byte {
			// the last entry of the last column is in the last block
			entriesAt := len(raw) - (int(last)+7)&^7 - (2*int(last)+7)&^7
			return edit(entriesAt+2*(int(last)-1), 0xff)
		}(),
	} {
		_, err := vector.LoadCompact(bad, f.ds, x.Embedder())
		require.Error(t, err, name)
	}
	_, err := vector.LoadCompact(raw, f.ds, x.Embedder())
	require.NoError(t, err)
}
