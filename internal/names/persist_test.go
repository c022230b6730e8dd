package names

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/packed"
	"github.com/hybridrag/hybridrag/internal/testfixture"
)

// TestDecodeEqualsNew holds the decoded index to the one New builds:
// every table equal, and the same hits for searches of each kind.
func TestDecodeEqualsNew(t *testing.T) {
	ix, ds := testIndex(t)
	var w packed.Writer
	ix.Encode(&w)
	got, err := Decode(packed.NewReader(w.Bytes()), ds)
	require.NoError(t, err)
	require.Equal(t, ix.nDocs, got.nDocs)
	require.Equal(t, ix.zero, got.zero)
	require.Equal(t, ix.forms, got.forms)
	require.Equal(t, ix.byDoc, got.byDoc)
	require.Equal(t, ix.keys, got.keys)
	require.Equal(t, ix.vocab, got.vocab)
	require.Equal(t, ix.terms, got.terms)
	require.Equal(t, ix.grams, got.grams)
	require.Equal(t, ix.place, got.place)
	for _, q := range []struct {
		text string
		opts Options
	}{
		{"Fitzwilliam Museum", Options{}},
		{"Stadt Bibliothek", Options{Limit: 5}},
		{"Heimatstube Elbtor", Options{Limit: 40}},
		{"Stadtarchiv", Options{City: "Bonn"}},
		{"Natural Histroy Museum", Options{}},
	} {
		require.Equal(t, ix.Search(q.text, q.opts), got.Search(q.text, q.opts), q.text)
	}
}

// TestDecodeRefusesDamage reads every truncation and a sample of changed
// bytes of an encoded index of a small dataset: each fails or decodes,
// none panics, and a truncated one always fails.
func TestDecodeRefusesDamage(t *testing.T) {
	ds := testfixture.Sample(t, 200)
	var w packed.Writer
	New(ds).Encode(&w)
	b := w.Bytes()
	for n := 0; n < len(b); n += max(1, len(b)/500) {
		_, err := Decode(packed.NewReader(b[:n]), ds)
		require.Error(t, err, "truncated at %d of %d", n, len(b))
	}
	for i := 0; i < len(b); i += max(1, len(b)/300) {
		c := append([]byte(nil), b...)
		c[i] ^= 0xa5
		_, _ = Decode(packed.NewReader(c), ds)
	}
	other := testfixture.Sample(t, 100)
	_, err := Decode(packed.NewReader(b), other)
	require.Error(t, err, "another dataset's index")
}

func BenchmarkNew(b *testing.B) {
	ds := testfixture.Dataset(b)
	for b.Loop() {
		New(ds)
	}
}

func BenchmarkDecode(b *testing.B) {
	ix, ds := testIndex(b)
	var w packed.Writer
	ix.Encode(&w)
	b.SetBytes(int64(len(w.Bytes())))
	for b.Loop() {
		if _, err := Decode(packed.NewReader(w.Bytes()), ds); err != nil {
			b.Fatal(err)
		}
	}
}
