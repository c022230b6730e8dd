package kg

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/graph/traverse"
)

// TestDirectedIsTheGraph holds the graph.Directed view over the adjacency
// lists to a gonum simple.DirectedGraph built from the same typed edges:
// the same nodes, neighbours and edges, and gonum's algorithms find the
// same over both.
func TestDirectedIsTheGraph(t *testing.T) {
	g := testGraph(t)
	want := simple.NewDirectedGraph()
	for n := range int64(g.nodeCount()) {
		if g.kindOf(int32(n)) != nIdentifier {
			want.AddNode(simple.Node(n))
		}
	}
	for i, e := range g.edges {
		if g.kindOfEdge(int32(i)) != eIdentifier {
			want.SetEdge(simple.Edge{F: simple.Node(e.from), T: simple.Node(e.to)})
		}
	}
	got := g.Directed()
	require.Equal(t, ids(want.Nodes()), ids(got.Nodes()))
	require.Nil(t, got.Node(-1))
	for n := range int64(g.nodeCount()) {
		require.Equal(t, want.Node(n) == nil, got.Node(n) == nil, n)
		require.Equal(t, ids(want.From(n)), ids(got.From(n)), n)
		require.Equal(t, ids(want.To(n)), ids(got.To(n)), n)
		for _, m := range ids(want.From(n)) {
			require.True(t, got.HasEdgeFromTo(n, m))
			require.True(t, got.HasEdgeBetween(m, n))
			require.Equal(t, want.HasEdgeFromTo(m, n), got.HasEdgeFromTo(m, n))
			e := got.Edge(n, m)
			require.Equal(t, [2]int64{n, m}, [2]int64{e.From().ID(), e.To().ID()})
		}
	}
	require.Nil(t, got.Edge(0, 0))
	_, ok := g.NodeNumbered(int64(g.nodeCount()))
	require.False(t, ok)

	for _, id := range []string{"mm:mm.domus.SC277", "mm:mm.domus.SC038"} {
		from, ok := g.nodeOf(id)
		require.True(t, ok)
		n, ok := g.Number(id)
		require.Equal(t, int64(from), n)
		node, ok2 := g.NodeNumbered(n)
		require.True(t, ok && ok2)
		require.Equal(t, id, node.ID)
		require.Equal(t, reached(want, from), reached(got, from), id)
		wantPaths, gotPaths := path.DijkstraFrom(simple.Node(from), want), path.DijkstraFrom(simple.Node(from), got)
		for n := range int64(g.nodeCount()) {
			require.Equal(t, wantPaths.WeightTo(n), gotPaths.WeightTo(n), n)
		}
	}
}

func ids(it graph.Nodes) []int64 {
	var out []int64
	for _, n := range graph.NodesOf(it) {
		out = append(out, n.ID())
	}
	if len(out) == 0 {
		return nil
	}
	return sortedNodes(out)
}

func sortedNodes(s []int64) []int64 {
	slices.Sort(s)
	return s
}

// reached lists the nodes a breadth-first walk from node from reaches.
func reached(g graph.Directed, from int32) []int64 {
	var out []int64
	var bf traverse.BreadthFirst
	bf.Walk(g, simple.Node(from), func(n graph.Node, _ int) bool {
		out = append(out, n.ID())
		return false
	})
	return sortedNodes(out)
}
