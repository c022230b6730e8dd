package kg

import (
	"fmt"
	"maps"
	"slices"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/packed"
	"gonum.org/v1/gonum/graph/simple"
)

// nodeKinds numbers the node kinds in the packed form.
var nodeKinds = []NodeKind{KindInstitution, KindBody, KindPlace, KindIdentifier}

// edgeKinds numbers the edge kinds in the packed form.
var edgeKinds = []EdgeKind{EdgeMembership, EdgeRelation, EdgePlace, EdgeWithin, EdgeIdentifier}

// Encode writes the graph in the packed form Decode reads: the nodes, the
// typed edges and the look-up tables. The gonum graph follows from the
// edges; Decode builds it on first use.
func (g *Graph) Encode(w *packed.Writer) {
	w.Len(len(g.ds.Institutions))
	w.Len(len(g.nodes))
	for _, n := range g.nodes {
		w.Len(slices.Index(nodeKinds, n.Kind))
		w.String(n.ID, n.Label)
	}
	w.Len(len(g.edges))
	for _, e := range g.edges {
		w.Int32(int32(g.byKey[e.From]))
		w.Int32(int32(g.byKey[e.To]))
		w.Len(slices.Index(edgeKinds, e.Kind))
		w.String(e.Relation, e.Source, e.Until)
	}
	for _, t := range []map[string][]int32{g.idents, g.names, g.places} {
		w.Table(t)
	}
	writeMembers(w, g.members)
	writeMembers(w, g.byBodyID)
	w.Len(len(g.bodyAlias))
	for _, k := range slices.Sorted(maps.Keys(g.bodyAlias)) {
		w.String(k, g.bodyAlias[k])
	}
	w.Len(len(g.leafEdges))
	for _, n := range slices.Sorted(maps.Keys(g.leafEdges)) {
		w.Int32(int32(n))
		w.Int32s(g.leafEdges[n])
	}
}

func writeMembers(w *packed.Writer, m map[string][]memberRef) {
	w.Len(len(m))
	for _, k := range slices.Sorted(maps.Keys(m)) {
		w.String(k)
		w.Len(len(m[k]))
		for _, ref := range m[k] {
			w.Int32(ref.inst)
			w.Int32(ref.m + 1) // -1, a has_part link, is 0
		}
	}
}

func readMembers(r *packed.Reader, ds *heritage.Dataset) map[string][]memberRef {
	n := r.Count()
	m := make(map[string][]memberRef, n)
	for range n {
		k := r.String()
		refs := make([]memberRef, r.Count())
		for i := range refs {
			inst := r.Int32(len(ds.Institutions))
			refs[i] = memberRef{inst: inst, m: r.Int32(len(ds.Institutions[inst].MemberOf)+1) - 1}
		}
		m[k] = refs
	}
	return m
}

// Decode reads a graph written by Encode for ds, the dataset it was built
// from (the caller checks that it is: Decode checks only the number of
// records).
func Decode(r *packed.Reader, ds *heritage.Dataset) (*Graph, error) {
	if n := r.Len(1 << 30); r.Err() == nil && n != len(ds.Institutions) {
		return nil, fmt.Errorf("kg: the graph holds %d records, the data %d", n, len(ds.Institutions))
	}
	nn := r.Count()
	g := &Graph{ds: ds, nodes: make([]Node, nn), byKey: make(map[string]int64, nn)}
	for i := range g.nodes {
		kind := nodeKinds[r.Len(len(nodeKinds)-1)]
		g.nodes[i] = Node{Kind: kind, ID: r.String(), Label: r.String()}
		g.byKey[g.nodes[i].ID] = int64(i)
	}
	g.edges = make([]Edge, r.Count())
	for i := range g.edges {
		from, to := r.Int32(nn), r.Int32(nn)
		if r.Err() != nil {
			break
		}
		g.edges[i] = Edge{From: g.nodes[from].ID, To: g.nodes[to].ID, Kind: edgeKinds[r.Len(len(edgeKinds)-1)],
			Relation: r.String(), Source: r.String(), Until: r.String()}
	}
	g.idents = r.Table(len(ds.Institutions))
	g.names = r.Table(len(ds.Institutions))
	g.places = r.Table(len(ds.Institutions))
	g.members = readMembers(r, ds)
	g.byBodyID = readMembers(r, ds)
	na := r.Count()
	g.bodyAlias = make(map[string]string, na)
	for range na {
		k := r.String()
		g.bodyAlias[k] = r.String()
	}
	nl := r.Len(nn)
	g.leafEdges = make(map[int64][]int32, nl)
	for range nl {
		n := int64(r.Int32(nn))
		g.leafEdges[n] = r.Int32s(len(g.edges))
	}
	if err := r.Err(); err != nil {
		return nil, fmt.Errorf("kg: %w", err)
	}
	g.adjacency = g.buildAdjacency
	return g, nil
}

// buildAdjacency builds the gonum graph from the nodes and edges, as New
// left it: the same nodes, and per node pair the typed edges in order.
func (g *Graph) buildAdjacency() *simple.DirectedGraph {
	dg := simple.NewDirectedGraph()
	for i, n := range g.nodes {
		if n.Kind != KindIdentifier {
			dg.AddNode(simple.Node(i))
		}
	}
	for idx, e := range g.edges {
		if e.Kind == EdgeIdentifier {
			continue
		}
		from, to := g.byKey[e.From], g.byKey[e.To]
		pe := pairEdge{Edge: simple.Edge{F: simple.Node(from), T: simple.Node(to)}}
		if old, ok := dg.Edge(from, to).(pairEdge); ok {
			pe.edges = old.edges
		}
		pe.edges = append(pe.edges, int32(idx))
		dg.SetEdge(pe)
	}
	return dg
}
