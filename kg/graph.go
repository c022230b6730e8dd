// Package kg is an in-memory knowledge graph of the heritage dataset, kept
// as compact adjacency lists that gonum's graph algorithms can walk
// (graph.Directed), and a retriever over it or over any other graph
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
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/hybridrag/hybridrag/heritage"
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

// Node kinds and edge kinds as the graph keeps them: indices into
// nodeKinds and edgeKinds.
const (
	nInstitution uint8 = iota
	nBody
	nPlace
	nIdentifier
)

const (
	eMembership uint8 = iota
	eRelation
	ePlace
	eWithin
	eIdentifier
)

var (
	nodeKinds = []NodeKind{KindInstitution, KindBody, KindPlace, KindIdentifier}
	edgeKinds = []EdgeKind{EdgeMembership, EdgeRelation, EdgePlace, EdgeWithin, EdgeIdentifier}
)

// Graph is the knowledge graph. It is read-only after New and safe for
// concurrent use.
//
// Nodes are numbered: node i < len(ds.Institutions) is the dataset's
// record i, whose id and label the record holds; the bodies, places and
// identifiers follow, in extra. Edges are kept in the order New adds them,
// their kind and strings as an index into labels; adj lists each node's
// edges.
type Graph struct {
	ds    *heritage.Dataset
	extra []extraNode // the nodes after the institutions
	named []namedNode // the ids and labels of the bodies and places in extra
	keys  keyIndex    // an extra node's id → its index in extra
	// idBuf is where keys.add makes the ids of identifiers while the
	// graph is built or read; nil after
	idBuf  []byte
	edges  []edge
	labels []edgeLabel // what edges say, each once
	adj    adjacency

	names   table                  // normalised name or alt name → institutions
	places  table                  // place key → institutions
	members map[string][]memberRef // normalised body name → memberships
	// bodyAlias maps a normalised name_in_source to the normalised body
	// name it spells.
	bodyAlias map[string]string
	// byBodyID lists the memberships naming a record id as their body.
	byBodyID map[string][]memberRef

	subjectsOnce sync.Once
	subjects     table // see subjectRecords

	fieldsOnce sync.Once
	fieldIdx   *fieldIndex // see fields

	idOrderOnce sync.Once
	idRank      []int32 // see idOrder
}

// extraNode is a body, place or identifier node, in 8 bytes. A body or
// place is Graph.named[at]. An identifier is one of the record at's
// identifiers, the one field names (the k-th of its list): its label is
// the record's value, its id "ident:<scheme>:" and that value folded by
// NormalizeIdentifier, neither of them kept. An identifier whose place
// in its list does not fit in k is kept as a named node (field
// identNamed).
type extraNode struct {
	at    int32
	kind  uint8
	field uint8
	k     uint16
}

// namedNode is the id and label of a body or place node.
type namedNode struct{ id, label string }

// The record fields an identifier node names (extraNode.field).
const (
	identNamed uint8 = iota // not a record's: Graph.named[at]
	identISIL
	identISILAll
	identWikidata
	identWikidataAlso // Identifiers.Wikidata
	identGHCID
	identGND
	identDBS
	identROR
	identRORID // the id of a "ror:" record
	identISNI
	identGRID
	identMappingMuseums
	identDomus
	identFields
)

// identSchemes are the schemes of the identifier fields.
var identSchemes = [identFields]string{
	identISIL: SchemeISIL, identISILAll: SchemeISIL, identWikidata: SchemeWikidata, identWikidataAlso: SchemeWikidata,
	identGHCID: SchemeGHCID, identGND: SchemeGND, identDBS: SchemeDBS, identROR: SchemeROR, identRORID: SchemeROR,
	identISNI: SchemeISNI, identGRID: SchemeGRID, identMappingMuseums: SchemeMappingMuseums, identDomus: SchemeDomus,
}

// identValue returns the value of identifier field f (the k-th of a list)
// of in; ok is false when in holds none there.
func identValue(in *heritage.Institution, f uint8, k int) (v string, ok bool) {
	at := func(l []string) (string, bool) {
		if k < len(l) {
			return l[k], true
		}
		return "", false
	}
	id := &in.Identifiers
	switch f {
	case identISIL:
		return in.ISIL, true
	case identISILAll:
		return at(id.ISILAll)
	case identWikidata:
		return in.Wikidata, true
	case identWikidataAlso:
		return id.Wikidata, true
	case identGHCID:
		return in.GHCID, true
	case identGND:
		return at(id.GND)
	case identDBS:
		return at(id.DBS)
	case identROR:
		return in.ROR(), true
	case identRORID:
		return strings.CutPrefix(in.ID, "ror:")
	case identISNI:
		return in.ISNI(), true
	case identGRID:
		return in.GRID(), true
	case identMappingMuseums:
		return in.MappingMuseums(), true
	case identDomus:
		return in.Domus(), true
	}
	return "", false
}

// identID is the id of the identifier node of scheme s and value v.
func identID(s, v string) string { return "ident:" + s + ":" + NormalizeIdentifier(s, v) }

// label returns node x's label.
func (g *Graph) label(x *extraNode) string {
	if x.kind == nIdentifier && x.field != identNamed {
		v, _ := identValue(&g.ds.Institutions[x.at], x.field, int(x.k))
		return v
	}
	return g.named[x.at].label
}

// is reports whether node x's id is id, without making an identifier's.
func (g *Graph) is(x *extraNode, id string) bool {
	if x.kind != nIdentifier || x.field == identNamed {
		return g.named[x.at].id == id
	}
	s := identSchemes[x.field]
	rest, ok := strings.CutPrefix(id, "ident:")
	if !ok {
		return false
	}
	if rest, ok = strings.CutPrefix(rest, s); !ok {
		return false
	}
	if rest, ok = strings.CutPrefix(rest, ":"); !ok {
		return false
	}
	return isNormalIdentifier(s, g.label(x), rest)
}

// id returns node x's id.
func (g *Graph) id(x *extraNode) string {
	if x.kind != nIdentifier || x.field == identNamed {
		return g.named[x.at].id
	}
	return identID(identSchemes[x.field], g.label(x))
}

// edge is one typed edge between node numbers.
type edge struct {
	from, to int32
	label    int32 // index into Graph.labels
}

// edgeLabel is the kind, relation, source and until year of edges.
type edgeLabel struct {
	rel, src, until string
	kind            uint8
}

type memberRef struct {
	inst int32
	m    int32 // index into MemberOf; -1 for a has_part link
}

// builder holds what New needs only while it builds.
type builder struct {
	*Graph
	labelIdx   map[edgeLabel]int32
	nameLists  map[string][]int32 // Graph.names, as it grows
	placeLists map[string][]int32 // Graph.places, as it grows
	within     map[[2]int32]bool  // place → containing place, linked
	first      int                // the first edge of the institution being added
}

// New builds the graph from the dataset.
func New(ds *heritage.Dataset) *Graph {
	n := len(ds.Institutions)
	b := &builder{
		Graph: &Graph{
			ds:        ds,
			keys:      newKeyIndex(n),
			edges:     make([]edge, 0, n*4),
			members:   make(map[string][]memberRef),
			bodyAlias: make(map[string]string),
			byBodyID:  make(map[string][]memberRef),
		},
		labelIdx:   make(map[edgeLabel]int32),
		nameLists:  make(map[string][]int32, n),
		placeLists: make(map[string][]int32),
		within:     make(map[[2]int32]bool),
	}
	for i := range ds.Institutions {
		b.addInstitution(int32(i), &ds.Institutions[i])
	}
	g := b.Graph
	g.edges = slices.Clone(g.edges) // no spare capacity
	g.extra = slices.Clone(g.extra)
	g.named = slices.Clone(g.named)
	g.idBuf = nil
	g.names = packTable(b.nameLists)
	g.places = packTable(b.placeLists)
	g.adj = newAdjacency(g.nodeCount(), g.edges)
	return g
}

// Dataset returns the dataset the graph was built from.
func (g *Graph) Dataset() *heritage.Dataset { return g.ds }

// Node returns the node with the given id.
func (g *Graph) Node(id string) (Node, bool) {
	n, ok := g.nodeOf(id)
	if !ok {
		return Node{}, false
	}
	return g.nodeAt(n), true
}

// Len reports the number of nodes and edges.
func (g *Graph) Len() (nodes, edges int) { return g.nodeCount(), len(g.edges) }

func (g *Graph) nodeCount() int { return len(g.ds.Institutions) + len(g.extra) }

// nodeOf returns the number of the node with the given id.
func (g *Graph) nodeOf(id string) (int32, bool) {
	if i, ok := g.ds.Index(id); ok {
		return int32(i), true
	}
	if e, ok := g.keys.find(g, id); ok {
		return int32(len(g.ds.Institutions) + e), true
	}
	return 0, false
}

func (g *Graph) nodeAt(n int32) Node {
	if int(n) < len(g.ds.Institutions) {
		in := &g.ds.Institutions[n]
		return Node{ID: in.ID, Kind: KindInstitution, Label: in.Name}
	}
	x := &g.extra[int(n)-len(g.ds.Institutions)]
	return Node{ID: g.id(x), Kind: nodeKinds[x.kind], Label: g.label(x)}
}

func (g *Graph) nodeID(n int32) string {
	if int(n) < len(g.ds.Institutions) {
		return g.ds.Institutions[n].ID
	}
	return g.id(&g.extra[int(n)-len(g.ds.Institutions)])
}

func (g *Graph) kindOf(n int32) uint8 {
	if int(n) < len(g.ds.Institutions) {
		return nInstitution
	}
	return g.extra[int(n)-len(g.ds.Institutions)].kind
}

// edgeAt returns edge i as stored.
func (g *Graph) edgeAt(i int32) Edge {
	e := &g.edges[i]
	l := &g.labels[e.label]
	return Edge{From: g.nodeID(e.from), To: g.nodeID(e.to), Relation: l.rel, Kind: edgeKinds[l.kind], Source: l.src, Until: l.until}
}

// kindOfEdge returns the kind of edge i.
func (g *Graph) kindOfEdge(i int32) uint8 { return g.labels[g.edges[i].label].kind }

// instIndex returns the dataset index of an institution node id.
func (g *Graph) instIndex(id string) (int32, bool) {
	i, ok := g.ds.Index(id)
	return int32(i), ok
}

// incident returns the indices of the edges leaving or entering node n, in
// ascending order. The caller must not change them.
func (g *Graph) incident(n int32) []int32 { return g.adj.of(n) }

// node returns the number of the body or place node key, added when new.
func (b *builder) node(key string, kind uint8, label string) int32 {
	if n, ok := b.nodeOf(key); ok {
		return n
	}
	b.named = append(b.named, namedNode{id: key, label: label})
	return b.add(extraNode{at: int32(len(b.named) - 1), kind: kind})
}

// add adds node x, whose id no node has, and returns its number.
func (b *builder) add(x extraNode) int32 {
	n := int32(b.nodeCount())
	b.extra = append(b.extra, x)
	b.keys.add(b.Graph, len(b.extra)-1)
	return n
}

func (b *builder) link(from, to int32, kind uint8, relation, source, until string) {
	l := edgeLabel{rel: relation, src: source, until: until, kind: kind}
	i, ok := b.labelIdx[l]
	if !ok {
		i = int32(len(b.labels))
		b.labels = append(b.labels, l)
		b.labelIdx[l] = i
	}
	b.edges = append(b.edges, edge{from: from, to: to, label: i})
}

func (b *builder) addInstitution(i int32, in *heritage.Institution) {
	self := i
	b.first = len(b.edges)

	// Names.
	b.addName(in.Name, i)
	for _, a := range in.AltNames() {
		b.addName(a.Name, i)
	}

	// Identifiers.
	id := &in.Identifiers
	b.addIdent(self, identISIL, 0)
	for k := range id.ISILAll {
		b.addIdent(self, identISILAll, k)
	}
	b.addIdent(self, identWikidata, 0)
	b.addIdent(self, identWikidataAlso, 0)
	b.addIdent(self, identGHCID, 0)
	for k := range id.GND {
		b.addIdent(self, identGND, k)
	}
	for k := range id.DBS {
		b.addIdent(self, identDBS, k)
	}
	b.addIdent(self, identROR, 0)
	b.addIdent(self, identRORID, 0)
	b.addIdent(self, identISNI, 0)
	b.addIdent(self, identGRID, 0)
	b.addIdent(self, identMappingMuseums, 0)
	b.addIdent(self, identDomus, 0)

	// Memberships: the body is the parent institution when the data names
	// its id, otherwise a body node keyed by the normalised group name.
	for mi, m := range in.MemberOf() {
		ref := memberRef{inst: i, m: int32(mi)}
		key := NormalizeName(m.Name)
		b.members[key] = append(b.members[key], ref)
		if alias := NormalizeName(m.NameInSource); alias != "" && alias != key {
			b.bodyAlias[alias] = key
		}
		var to int32
		if p, ok := b.nodeOf(m.ID); ok && m.ID != "" {
			to = p
			b.byBodyID[m.ID] = append(b.byBodyID[m.ID], ref)
		} else {
			to = b.node("body:"+key, nBody, m.Name)
		}
		b.link(self, to, eMembership, m.Relation, m.SourceField, m.Until)
	}

	// Relations between institutions, as stated (both directions are in
	// the data). Links to records outside the dataset are left out.
	for _, r := range in.Related() {
		if to, ok := b.nodeOf(r.ID); ok && r.ID != "" {
			b.link(self, to, eRelation, r.Relation, r.SourceField, "")
		}
	}

	// Places.
	places, keys := Places(b.ds, in)
	for _, k := range keys {
		b.placeLists[k] = append(b.placeLists[k], i)
	}
	for _, p := range places {
		for _, k := range p.Index {
			b.placeLists[k] = append(b.placeLists[k], i)
		}
		pn := b.node(p.Key, nPlace, p.Label)
		b.link(self, pn, ePlace, RelInPlace, p.Source, "")
		if p.Parent != "" {
			parent := b.node(p.Parent, nPlace, p.ParentLabel)
			if pair := [2]int32{pn, parent}; !b.within[pair] {
				b.within[pair] = true
				b.link(pn, parent, eWithin, RelWithin, p.Source, "")
			}
		}
	}
}

func (b *builder) addName(name string, i int32) {
	k := NormalizeName(name)
	if k == "" {
		return
	}
	l := b.nameLists[k]
	if len(l) > 0 && l[len(l)-1] == i {
		return
	}
	b.nameLists[k] = append(l, i)
}

// addIdent links institution self to the node of its identifier field f
// (the k-th of a list), once.
func (b *builder) addIdent(self int32, f uint8, k int) {
	v, ok := identValue(&b.ds.Institutions[self], f, k)
	if !ok || strings.TrimSpace(v) == "" {
		return
	}
	scheme := identSchemes[f]
	in, ok := b.nodeOf(identID(scheme, v))
	if !ok {
		x := extraNode{at: self, kind: nIdentifier, field: f, k: uint16(k)}
		if k > math.MaxUint16 {
			b.named = append(b.named, namedNode{id: identID(scheme, v), label: v})
			x = extraNode{at: int32(len(b.named) - 1), kind: nIdentifier}
		}
		in = b.add(x)
	}
	for _, e := range b.edges[b.first:] {
		if b.labels[e.label].kind == eIdentifier && e.to == in {
			return
		}
	}
	b.link(self, in, eIdentifier, RelHasIdentifier, scheme, "")
}
