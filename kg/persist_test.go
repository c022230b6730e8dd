package kg

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/packed"
	"github.com/hybridrag/hybridrag/internal/packed/packedtest"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// TestDecodeEqualsNew holds the decoded graph to the one New builds: every
// table equal, and every node's incident edges the same.
func TestDecodeEqualsNew(t *testing.T) {
	g := testGraph(t)
	var w packed.Writer
	g.Encode(&w)
	got, err := Decode(packed.NewReader(w.Bytes()), g.ds)
	require.NoError(t, err)
	require.Same(t, g.ds, got.Dataset())
	require.Equal(t, g.extra, got.extra)
	require.Equal(t, g.named, got.named)
	require.Equal(t, g.edges, got.edges)
	require.Equal(t, g.labels, got.labels)
	requireSameTable(t, g.names, got.names)
	requireSameTable(t, g.places, got.places)
	require.Equal(t, g.members, got.members)
	require.Equal(t, g.bodyAlias, got.bodyAlias)
	require.Equal(t, g.byBodyID, got.byBodyID)
	require.Equal(t, g.adj, got.adj)
	for n := range int32(g.nodeCount()) {
		nd := g.nodeAt(n)
		require.Equal(t, nd, got.nodeAt(n))
		m, ok := got.nodeOf(nd.ID)
		require.True(t, ok, nd.ID)
		require.Equal(t, n, m, nd.ID)
	}
}

// TestDecodeKeepsNoInput: the decoded graph holds nothing of the bytes it
// was read from (a start reads the file whole and drops it): with those
// bytes overwritten it encodes to the same bytes again.
func TestDecodeKeepsNoInput(t *testing.T) {
	g := testGraph(t)
	var w packed.Writer
	g.Encode(&w)
	want := w.Bytes()
	in := slices.Clone(want)
	got, err := Decode(packed.NewReader(in), g.ds)
	require.NoError(t, err)
	for i := range in {
		in[i] = 0xff
	}
	var again packed.Writer
	got.Encode(&again)
	require.Equal(t, want, again.Bytes())
}

// TestDecodeRefusesDamage: a damaged graph fails or decodes to one that
// can be walked, and another dataset's graph is refused.
func TestDecodeRefusesDamage(t *testing.T) {
	ds := testfixture.Sample(t, 200)
	g := New(ds)
	decode := func(r *packed.Reader) (*Graph, error) { return Decode(r, ds) }
	packedtest.Damage(t, g.Encode, decode, func(g *Graph) {
		for n := range int32(g.nodeCount()) {
			for _, ei := range g.incident(n) {
				g.edgeAt(ei)
			}
		}
	})
	_, err := Decode(packedtest.Reader(g.Encode), testfixture.Sample(t, 100))
	require.Error(t, err, "another dataset's graph")
}

func BenchmarkDecode(b *testing.B) {
	g := testGraph(b)
	var w packed.Writer
	g.Encode(&w)
	b.SetBytes(int64(len(w.Bytes())))
	for b.Loop() {
		if _, err := Decode(packed.NewReader(w.Bytes()), g.ds); err != nil {
			b.Fatal(err)
		}
	}
}

func requireSameTable(t *testing.T, want, got table) {
	t.Helper()
	require.Equal(t, want.keys.Len(), got.keys.Len())
	for i := range want.keys.Len() {
		k := want.keys.At(int32(i))
		require.NotEmpty(t, want.get(k), k)
		require.Equal(t, want.get(k), got.get(k), k)
	}
}
