package names

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/packed"
	"github.com/hybridrag/hybridrag/internal/packed/packedtest"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// BenchmarkDecode reads the bundled dataset's index; New, which it
// replaces at a start that finds the cache, takes several times longer.
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

// TestDecodeEqualsNew holds the decoded index to the one New builds:
// every table equal, and the same hits for searches of each kind.
func TestDecodeEqualsNew(t *testing.T) {
	ix, ds := testIndex(t)
	var w packed.Writer
	ix.Encode(&w)
	got, err := Decode(packed.NewReader(w.Bytes()), ds)
	require.NoError(t, err)
	require.Equal(t, ix.zero, got.zero)
	require.Equal(t, ix.tables, got.tables)
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

// TestDecodeRefusesDamage: a damaged index fails or decodes to one that
// can be searched, and another dataset's index is refused.
func TestDecodeRefusesDamage(t *testing.T) {
	ds := testfixture.Sample(t, 200)
	ix := New(ds)
	decode := func(r *packed.Reader) (*Index, error) { return Decode(r, ds) }
	packedtest.Damage(t, ix.Encode, decode, func(ix *Index) { ix.Search("Museum Bonn", Options{}) })
	_, err := Decode(packedtest.Reader(ix.Encode), testfixture.Sample(t, 100))
	require.Error(t, err, "another dataset's index")
}
