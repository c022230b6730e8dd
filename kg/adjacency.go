package kg

import (
	"slices"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/iterator"
	"gonum.org/v1/gonum/graph/simple"
)

// adjacency lists the edges of every node in one array (compressed sparse
// rows): node n's edges, leaving or entering, are list[start[n]:start[n+1]],
// in ascending order.
type adjacency struct {
	start []int32
	list  []int32
}

// newAdjacency lists the edges of nodes nodes.
func newAdjacency(nodes int, edges []edge) adjacency {
	start := make([]int32, nodes+1)
	for _, e := range edges {
		start[e.from+1]++
		if e.to != e.from {
			start[e.to+1]++
		}
	}
	for n := range nodes {
		start[n+1] += start[n]
	}
	list := make([]int32, start[nodes])
	next := slices.Clone(start[:nodes])
	for i, e := range edges {
		list[next[e.from]] = int32(i)
		next[e.from]++
		if e.to != e.from {
			list[next[e.to]] = int32(i)
			next[e.to]++
		}
	}
	return adjacency{start: start, list: list}
}

func (a adjacency) of(n int32) []int32 {
	lo, hi := a.start[n], a.start[n+1]
	return a.list[lo:hi:hi]
}

// directed is the graph as gonum's graph.Directed, for gonum's
// algorithms: its nodes are the graph's node numbers but the identifiers
// (leaves, which link nothing), and it has an edge from u to v when one or
// more typed edges lead from u to v.
type directed struct{ g *Graph }

var _ graph.Directed = directed{}

// Directed returns the graph as gonum's graph.Directed, to run gonum's
// algorithms over (paths, traversals, components, centrality): a node's
// gonum id is its number, which Number and NodeNumbered translate.
// Identifier nodes are left out.
func (g *Graph) Directed() graph.Directed { return directed{g} }

// Number returns the gonum id of the node with the given id.
func (g *Graph) Number(id string) (int64, bool) {
	n, ok := g.nodeOf(id)
	return int64(n), ok
}

// NodeNumbered returns the node whose gonum id is n.
func (g *Graph) NodeNumbered(n int64) (Node, bool) {
	if n < 0 || n >= int64(g.nodeCount()) {
		return Node{}, false
	}
	return g.nodeAt(int32(n)), true
}

func (d directed) has(id int64) bool {
	return id >= 0 && id < int64(d.g.nodeCount()) && d.g.kindOf(int32(id)) != nIdentifier
}

// Node returns the node numbered id, or nil.
func (d directed) Node(id int64) graph.Node {
	if !d.has(id) {
		return nil
	}
	return simple.Node(id)
}

// Nodes returns every node, by number.
func (d directed) Nodes() graph.Nodes {
	var ns []graph.Node
	for n := range int64(d.g.nodeCount()) {
		if d.has(n) {
			ns = append(ns, simple.Node(n))
		}
	}
	return iterator.NewOrderedNodes(ns)
}

// From returns the nodes an edge leads to from id, by number.
func (d directed) From(id int64) graph.Nodes { return d.neighbours(id, true) }

// To returns the nodes an edge leads from to id, by number.
func (d directed) To(id int64) graph.Nodes { return d.neighbours(id, false) }

func (d directed) neighbours(id int64, out bool) graph.Nodes {
	if !d.has(id) {
		return graph.Empty
	}
	var ids []int64
	for _, ei := range d.g.incident(int32(id)) {
		e := d.g.edges[ei]
		near, far := e.from, e.to
		if !out {
			near, far = far, near
		}
		if d.g.kindOfEdge(ei) != eIdentifier && int64(near) == id {
			ids = append(ids, int64(far))
		}
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	ns := make([]graph.Node, len(ids))
	for i, n := range ids {
		ns[i] = simple.Node(n)
	}
	return iterator.NewOrderedNodes(ns)
}

// HasEdgeFromTo reports whether an edge leads from u to v.
func (d directed) HasEdgeFromTo(u, v int64) bool {
	if !d.has(u) || !d.has(v) {
		return false
	}
	list := d.g.incident(int32(u))
	if l := d.g.incident(int32(v)); len(l) < len(list) {
		list = l
	}
	for _, ei := range list {
		if e := d.g.edges[ei]; d.g.kindOfEdge(ei) != eIdentifier && int64(e.from) == u && int64(e.to) == v {
			return true
		}
	}
	return false
}

// HasEdgeBetween reports whether an edge leads from x to y or from y to x.
func (d directed) HasEdgeBetween(x, y int64) bool {
	return d.HasEdgeFromTo(x, y) || d.HasEdgeFromTo(y, x)
}

// Edge returns the edge from u to v, or nil.
func (d directed) Edge(u, v int64) graph.Edge {
	if !d.HasEdgeFromTo(u, v) {
		return nil
	}
	return simple.Edge{F: simple.Node(u), T: simple.Node(v)}
}
