// Package kg is an in-memory knowledge graph of the heritage dataset, built
// on a gonum simple.DirectedGraph whose edges carry the typed relations
// between each node pair, and a retriever over it or over any other graph
// backend ([Source]).
//
// Nodes are institutions, bodies (the groups of member_of), places and
// identifiers. Edges carry a relation name and their provenance. The public
// operations take and return plain values (ids, [Member], [Edge],
// heritage.Event) so that other graph backends can implement the same set
// with identical results; [Places], [SelectPlaceKeys], [Scheme],
// [NormalizeIdentifier], [PathCost] and [CompareEvents] are the derivations
// they share with this graph.
package kg

import (
	"slices"
	"strings"
	"sync"

	"github.com/hybridrag/hybridrag/heritage"
	"gonum.org/v1/gonum/graph/simple"
)

// NodeKind says what a node stands for.
type NodeKind string

// Node kinds.
const (
	KindInstitution NodeKind = "institution"
	KindBody        NodeKind = "body"
	KindPlace       NodeKind = "place"
	KindIdentifier  NodeKind = "identifier"
)

// EdgeKind groups edge relations.
type EdgeKind string

// Edge kinds.
const (
	// EdgeMembership links an institution to a body or parent institution
	// (part_of, operated_by).
	EdgeMembership EdgeKind = "membership"
	// EdgeRelation links two institutions as the data states (succeeded_by,
	// houses, has_part, …); both directions are in the data.
	EdgeRelation EdgeKind = "relation"
	// EdgePlace links an institution to a place it lies in (in_place).
	EdgePlace EdgeKind = "place"
	// EdgeWithin links a place to the larger place containing it.
	EdgeWithin EdgeKind = "within"
	// EdgeIdentifier links an institution to one of its identifiers.
	EdgeIdentifier EdgeKind = "identifier"
)

// Relation names of the edges the graph adds itself; membership and
// institution relations keep the names used in the data.
const (
	RelInPlace       = "in_place"
	RelWithin        = "within"
	RelHasIdentifier = "has_identifier"
)

// Identifier schemes accepted by Lookup. "qid" is read as wikidata and "mm"
// as mapping_museums.
const (
	SchemeISIL           = "isil"
	SchemeWikidata       = "wikidata"
	SchemeGHCID          = "ghcid"
	SchemeGND            = "gnd"
	SchemeDBS            = "dbs"
	SchemeROR            = "ror"
	SchemeISNI           = "isni"
	SchemeGRID           = "grid"
	SchemeMappingMuseums = "mapping_museums"
	SchemeDomus          = "domus"
)

// Node is one vertex of the graph.
type Node struct {
	// ID is the institution id ("mm:…", "ror:…", "wd:…"), "body:<name key>",
	// "place:<level>:<name>" or "ident:<scheme>:<value>".
	ID    string   `json:"id"`
	Kind  NodeKind `json:"kind"`
	Label string   `json:"label"`
}

// Edge is one typed, directed edge. Institution relations appear in both
// directions because the data states both.
type Edge struct {
	From     string   `json:"from"`
	To       string   `json:"to"`
	Relation string   `json:"relation"`
	Kind     EdgeKind `json:"kind"`
	// Source is the record field the edge came from (Notes, Governance,
	// relationships, admin_area, …).
	Source string `json:"source,omitempty"`
	// Until is the year a membership ended, when the data gives one.
	Until string `json:"until,omitempty"`
}

// Member is an institution belonging to a body.
type Member struct {
	ID       string `json:"id"`
	Body     string `json:"body"`     // the body's name as in member_of
	Relation string `json:"relation"` // part_of or operated_by
	// SourceField is the member_of source (Notes, Governance,
	// relationships) or "related" for a has_part link from the parent.
	SourceField string `json:"source_field"`
	Until       string `json:"until,omitempty"`
}

// pairEdge is the gonum edge between two nodes; it carries the indices of
// the typed edges (usually one) from F to T.
type pairEdge struct {
	simple.Edge
	edges []int32 // indices into Graph.edges
}

// Graph is the knowledge graph. It is read-only after New and safe for
// concurrent use.
type Graph struct {
	ds *heritage.Dataset
	// g holds the edges between nodes that are not identifiers; read it
	// through graph(). New builds it; a decoded graph builds it on first
	// use, with adjacency.
	g         *simple.DirectedGraph
	gOnce     sync.Once
	adjacency func() *simple.DirectedGraph
	nodes     []Node
	byKey     map[string]int64
	edges     []Edge

	idents  map[string][]int32     // scheme + "\x00" + value → institutions
	names   map[string][]int32     // normalised name or alt name → institutions
	members map[string][]memberRef // normalised body name → memberships
	// bodyAlias maps a normalised name_in_source to the normalised body
	// name it spells.
	bodyAlias map[string]string
	// byBodyID lists the memberships naming a record id as their body.
	byBodyID map[string][]memberRef
	places   map[string][]int32 // place key → institutions

	// leafEdges holds the identifier edges by node. Identifier nodes are
	// leaves, so they are kept beside the gonum graph rather than in it,
	// which halves its size.
	leafEdges map[int64][]int32
}

type memberRef struct {
	inst int32
	m    int32 // index into MemberOf; -1 for a has_part link
}

// New builds the graph from the dataset.
func New(ds *heritage.Dataset) *Graph {
	n := len(ds.Institutions)
	g := &Graph{
		ds:        ds,
		g:         simple.NewDirectedGraph(),
		nodes:     make([]Node, 0, n*2),
		byKey:     make(map[string]int64, n*2),
		edges:     make([]Edge, 0, n*6),
		idents:    make(map[string][]int32, n*3),
		names:     make(map[string][]int32, n),
		members:   make(map[string][]memberRef),
		bodyAlias: make(map[string]string),
		byBodyID:  make(map[string][]memberRef),
		places:    make(map[string][]int32),
		leafEdges: make(map[int64][]int32, n*2),
	}
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		g.node(in.ID, KindInstitution, in.Name)
	}
	for i := range ds.Institutions {
		g.addInstitution(int32(i), &ds.Institutions[i])
	}
	return g
}

// Dataset returns the dataset the graph was built from.
func (g *Graph) Dataset() *heritage.Dataset { return g.ds }

// Node returns the node with the given id.
func (g *Graph) Node(id string) (Node, bool) {
	i, ok := g.byKey[id]
	if !ok {
		return Node{}, false
	}
	return g.nodes[i], true
}

// Len reports the number of nodes and edges.
func (g *Graph) Len() (nodes, edges int) { return len(g.nodes), len(g.edges) }

func (g *Graph) node(key string, kind NodeKind, label string) int64 {
	if i, ok := g.byKey[key]; ok {
		return i
	}
	i := int64(len(g.nodes))
	g.nodes = append(g.nodes, Node{ID: key, Kind: kind, Label: label})
	g.byKey[key] = i
	if kind != KindIdentifier {
		g.g.AddNode(simple.Node(i))
	}
	return i
}

func (g *Graph) link(from, to int64, e Edge) {
	e.From, e.To = g.nodes[from].ID, g.nodes[to].ID
	idx := int32(len(g.edges))
	g.edges = append(g.edges, e)
	pe := pairEdge{Edge: simple.Edge{F: simple.Node(from), T: simple.Node(to)}}
	if old, ok := g.g.Edge(from, to).(pairEdge); ok {
		pe.edges = old.edges
	}
	pe.edges = append(pe.edges, idx)
	g.g.SetEdge(pe)
}

func (g *Graph) addInstitution(i int32, in *heritage.Institution) {
	self := g.byKey[in.ID]

	// Names.
	g.addName(in.Name, i)
	for _, a := range in.AltNames {
		g.addName(a.Name, i)
	}

	// Identifiers.
	id := in.Identifiers
	g.addIdent(self, i, SchemeISIL, in.ISIL)
	for _, v := range id.ISILAll {
		g.addIdent(self, i, SchemeISIL, v)
	}
	g.addIdent(self, i, SchemeWikidata, in.Wikidata)
	g.addIdent(self, i, SchemeWikidata, id.Wikidata)
	g.addIdent(self, i, SchemeGHCID, in.GHCID)
	for _, v := range id.GND {
		g.addIdent(self, i, SchemeGND, v)
	}
	for _, v := range id.DBS {
		g.addIdent(self, i, SchemeDBS, v)
	}
	g.addIdent(self, i, SchemeROR, id.ROR)
	if rest, ok := strings.CutPrefix(in.ID, "ror:"); ok {
		g.addIdent(self, i, SchemeROR, rest)
	}
	g.addIdent(self, i, SchemeISNI, id.ISNI)
	g.addIdent(self, i, SchemeGRID, id.GRID)
	g.addIdent(self, i, SchemeMappingMuseums, id.MappingMuseums)
	g.addIdent(self, i, SchemeDomus, id.Domus)

	// Memberships: the body is the parent institution when the data names
	// its id, otherwise a body node keyed by the normalised group name.
	for mi, m := range in.MemberOf {
		ref := memberRef{inst: i, m: int32(mi)}
		key := NormalizeName(m.Name)
		g.members[key] = append(g.members[key], ref)
		if alias := NormalizeName(m.NameInSource); alias != "" && alias != key {
			g.bodyAlias[alias] = key
		}
		var to int64
		if p, ok := g.byKey[m.ID]; ok && m.ID != "" {
			to = p
			g.byBodyID[m.ID] = append(g.byBodyID[m.ID], ref)
		} else {
			to = g.node("body:"+NormalizeName(m.Name), KindBody, m.Name)
		}
		g.link(self, to, Edge{Relation: m.Relation, Kind: EdgeMembership, Source: m.SourceField, Until: m.Until})
	}

	// Relations between institutions, as stated (both directions are in
	// the data). Links to records outside the dataset are left out.
	for _, r := range in.Related {
		if to, ok := g.byKey[r.ID]; ok && r.ID != "" {
			g.link(self, to, Edge{Relation: r.Relation, Kind: EdgeRelation, Source: r.SourceField})
		}
	}

	// Places.
	places, keys := Places(g.ds, in)
	for _, k := range keys {
		g.places[k] = append(g.places[k], i)
	}
	for _, p := range places {
		for _, k := range p.Index {
			g.places[k] = append(g.places[k], i)
		}
		pn := g.node(p.Key, KindPlace, p.Label)
		g.link(self, pn, Edge{Relation: RelInPlace, Kind: EdgePlace, Source: p.Source})
		if p.Parent != "" {
			parent := g.node(p.Parent, KindPlace, p.ParentLabel)
			if !g.g.HasEdgeFromTo(pn, parent) {
				g.link(pn, parent, Edge{Relation: RelWithin, Kind: EdgeWithin, Source: p.Source})
			}
		}
	}
}

func (g *Graph) addName(name string, i int32) {
	k := NormalizeName(name)
	if k == "" {
		return
	}
	l := g.names[k]
	if len(l) > 0 && l[len(l)-1] == i {
		return
	}
	g.names[k] = append(l, i)
}

func (g *Graph) addIdent(self int64, i int32, scheme, v string) {
	if strings.TrimSpace(v) == "" {
		return
	}
	nv := NormalizeIdentifier(scheme, v)
	k := scheme + "\x00" + nv
	l := g.idents[k]
	if slices.Contains(l, i) {
		return
	}
	g.idents[k] = append(l, i)
	in := g.node("ident:"+scheme+":"+nv, KindIdentifier, v)
	idx := int32(len(g.edges))
	g.edges = append(g.edges, Edge{From: g.nodes[self].ID, To: g.nodes[in].ID, Relation: RelHasIdentifier, Kind: EdgeIdentifier, Source: scheme})
	g.leafEdges[self] = append(g.leafEdges[self], idx)
	g.leafEdges[in] = append(g.leafEdges[in], idx)
}

// graph returns the gonum graph, built on first use when g was decoded.
func (g *Graph) graph() *simple.DirectedGraph {
	g.gOnce.Do(func() {
		if g.g == nil {
			g.g = g.adjacency()
		}
	})
	return g.g
}

// instIndex returns the dataset index of an institution node id.
func (g *Graph) instIndex(id string) (int32, bool) {
	i, ok := g.byKey[id]
	if !ok || g.nodes[i].Kind != KindInstitution {
		return 0, false
	}
	return int32(i), true // institutions are added first, in dataset order
}

// incident returns the indices of the edges leaving or entering node n, in
// ascending order.
func (g *Graph) incident(n int64) []int32 {
	idx := slices.Clone(g.leafEdges[n])
	if g.nodes[n].Kind == KindIdentifier {
		return idx
	}
	dg := g.graph()
	for it := dg.From(n); it.Next(); {
		idx = append(idx, dg.Edge(n, it.Node().ID()).(pairEdge).edges...)
	}
	for it := dg.To(n); it.Next(); {
		idx = append(idx, dg.Edge(it.Node().ID(), n).(pairEdge).edges...)
	}
	slices.Sort(idx)
	return slices.Compact(idx)
}
