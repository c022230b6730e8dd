package neo4jkg

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
)

// This file derives the rows Ingest writes from the dataset. The node and
// edge sets are those of kg.New, in the same order: every edge carries its
// position (ord) in the in-memory graph so that traversals break ties the
// same way, and the values the in-memory graph compares after folding
// (names, identifiers, subjects, codes) are stored already folded.

// nodeRow is one graph node (institution, body, place or identifier).
type nodeRow struct {
	key   string // kg.Node.ID
	kind  kg.NodeKind
	label string
}

// edgeRow is one typed edge.
type edgeRow struct {
	key      string // unique per edge: from, relation, to, source, until and an occurrence number
	ord      int    // position of the edge in the in-memory graph
	from, to string
	relation string
	kind     kg.EdgeKind
	source   string
	until    string
	cost     int // kg.PathCost; -1 for edges that are not connectors

	// Membership edges only.
	body      string // member_of name as in the record
	bodyKey   string // kg.NormalizeName(body)
	aliasKey  string // kg.NormalizeName(name_in_source) when it differs from bodyKey
	untilYear *int   // until as a year, when it parses
	seq       int    // membership position in dataset order
}

// placeKeyRow links an institution to one key Select matches places on.
type placeKeyRow struct {
	inst, key string
}

// nameRow links an institution to one normalised name.
type nameRow struct {
	inst, key string
}

// model is everything Ingest writes, derived from one dataset.
type model struct {
	nodes     []nodeRow
	edges     []edgeRow
	names     []nameRow
	placeKeys []placeKeyRow
}

type modelBuilder struct {
	m        model
	nodeIdx  map[string]int // node key → index in m.nodes
	isInst   map[string]bool
	identSet map[string]map[string]bool // "scheme\x00value" → institutions
	within   map[[2]string]bool
	nameSet  map[nameRow]bool
	pkSet    map[placeKeyRow]bool
	edgeSeen map[string]int
	seq      int
}

// buildModel mirrors kg.New.
func buildModel(ds *heritage.Dataset) *model {
	n := len(ds.Institutions)
	b := &modelBuilder{
		nodeIdx:  make(map[string]int, n*3),
		isInst:   make(map[string]bool, n),
		identSet: make(map[string]map[string]bool, n*3),
		within:   make(map[[2]string]bool),
		nameSet:  make(map[nameRow]bool, n),
		pkSet:    make(map[placeKeyRow]bool, n*4),
		edgeSeen: make(map[string]int, n*6),
	}
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		b.node(in.ID, kg.KindInstitution, in.Name)
		b.isInst[in.ID] = true
	}
	for i := range ds.Institutions {
		b.addInstitution(ds, &ds.Institutions[i])
	}
	return &b.m
}

func (b *modelBuilder) node(key string, kind kg.NodeKind, label string) {
	if _, ok := b.nodeIdx[key]; ok {
		return
	}
	b.nodeIdx[key] = len(b.m.nodes)
	b.m.nodes = append(b.m.nodes, nodeRow{key: key, kind: kind, label: label})
}

func (b *modelBuilder) link(e edgeRow) {
	e.ord = len(b.m.edges)
	base := strings.Join([]string{e.from, e.relation, e.to, e.source, e.until}, "\x1f")
	b.edgeSeen[base]++
	e.key = base + "\x1f" + strconv.Itoa(b.edgeSeen[base])
	to := b.m.nodes[b.nodeIdx[e.to]]
	e.cost = kg.PathCost(e.kind, kg.Node{ID: to.key, Kind: to.kind, Label: to.label})
	b.m.edges = append(b.m.edges, e)
}

func (b *modelBuilder) addInstitution(ds *heritage.Dataset, in *heritage.Institution) {
	self := in.ID

	b.addName(self, in.Name)
	for _, a := range in.AltNames() {
		b.addName(self, a.Name)
	}

	id := in.Identifiers
	b.addIdent(self, kg.SchemeISIL, in.ISIL)
	for _, v := range id.ISILAll {
		b.addIdent(self, kg.SchemeISIL, v)
	}
	b.addIdent(self, kg.SchemeWikidata, in.Wikidata)
	b.addIdent(self, kg.SchemeWikidata, id.Wikidata)
	b.addIdent(self, kg.SchemeGHCID, in.GHCID)
	for _, v := range id.GND {
		b.addIdent(self, kg.SchemeGND, v)
	}
	for _, v := range id.DBS {
		b.addIdent(self, kg.SchemeDBS, v)
	}
	b.addIdent(self, kg.SchemeROR, in.ROR())
	if rest, ok := strings.CutPrefix(in.ID, "ror:"); ok {
		b.addIdent(self, kg.SchemeROR, rest)
	}
	b.addIdent(self, kg.SchemeISNI, in.ISNI())
	b.addIdent(self, kg.SchemeGRID, in.GRID())
	b.addIdent(self, kg.SchemeMappingMuseums, in.MappingMuseums())
	b.addIdent(self, kg.SchemeDomus, in.Domus())

	for _, m := range in.MemberOf() {
		key := kg.NormalizeName(m.Name)
		e := edgeRow{from: self, relation: m.Relation, kind: kg.EdgeMembership, source: m.SourceField, until: m.Until,
			body: m.Name, bodyKey: key, seq: b.seq}
		b.seq++
		if alias := kg.NormalizeName(m.NameInSource); alias != "" && alias != key {
			e.aliasKey = alias
		}
		if y, err := strconv.Atoi(strings.TrimSpace(m.Until)); err == nil && m.Until != "" {
			e.untilYear = &y
		}
		if _, ok := b.nodeIdx[m.ID]; ok && m.ID != "" {
			e.to = m.ID
		} else {
			e.to = "body:" + key
			b.node(e.to, kg.KindBody, m.Name)
		}
		b.link(e)
	}

	for _, r := range in.Related() {
		if _, ok := b.nodeIdx[r.ID]; ok && r.ID != "" {
			b.link(edgeRow{from: self, to: r.ID, relation: r.Relation, kind: kg.EdgeRelation, source: r.SourceField})
		}
	}

	places, keys := kg.Places(ds, in)
	for _, k := range keys {
		b.addPlaceKey(self, k)
	}
	for _, p := range places {
		for _, k := range p.Index {
			b.addPlaceKey(self, k)
		}
		b.node(p.Key, kg.KindPlace, p.Label)
		b.link(edgeRow{from: self, to: p.Key, relation: kg.RelInPlace, kind: kg.EdgePlace, source: p.Source})
		if p.Parent != "" {
			b.node(p.Parent, kg.KindPlace, p.ParentLabel)
			if pair := [2]string{p.Key, p.Parent}; !b.within[pair] {
				b.within[pair] = true
				b.link(edgeRow{from: p.Key, to: p.Parent, relation: kg.RelWithin, kind: kg.EdgeWithin, source: p.Source})
			}
		}
	}
}

func (b *modelBuilder) addName(inst, name string) {
	k := kg.NormalizeName(name)
	if k == "" {
		return
	}
	r := nameRow{inst: inst, key: k}
	if !b.nameSet[r] {
		b.nameSet[r] = true
		b.m.names = append(b.m.names, r)
	}
}

func (b *modelBuilder) addPlaceKey(inst, key string) {
	r := placeKeyRow{inst: inst, key: key}
	if !b.pkSet[r] {
		b.pkSet[r] = true
		b.m.placeKeys = append(b.m.placeKeys, r)
	}
}

func (b *modelBuilder) addIdent(inst, scheme, v string) {
	if strings.TrimSpace(v) == "" {
		return
	}
	nv := kg.NormalizeIdentifier(scheme, v)
	k := scheme + "\x00" + nv
	set := b.identSet[k]
	if set[inst] {
		return
	}
	if set == nil {
		set = map[string]bool{}
		b.identSet[k] = set
	}
	set[inst] = true
	key := identKey(scheme, nv)
	b.node(key, kg.KindIdentifier, v)
	b.link(edgeRow{from: inst, to: key, relation: kg.RelHasIdentifier, kind: kg.EdgeIdentifier, source: scheme})
}

func identKey(scheme, normValue string) string { return "ident:" + scheme + ":" + normValue }

// foldKey maps s to a canonical form under Unicode simple case folding, so
// that foldKey(a) == foldKey(b) exactly when strings.EqualFold(a, b).
func foldKey(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		m := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			m = min(m, f)
		}
		b.WriteRune(m)
	}
	return b.String()
}
