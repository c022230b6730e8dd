package kg

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
)

// schemeAlias maps accepted scheme spellings to the canonical scheme.
var schemeAlias = map[string]string{
	"isil": SchemeISIL, "isil_all": SchemeISIL,
	"wikidata": SchemeWikidata, "qid": SchemeWikidata, "wd": SchemeWikidata,
	"ghcid":           SchemeGHCID,
	"gnd":             SchemeGND,
	"dbs":             SchemeDBS,
	"ror":             SchemeROR,
	"isni":            SchemeISNI,
	"grid":            SchemeGRID,
	"mapping_museums": SchemeMappingMuseums, "mm": SchemeMappingMuseums,
	"domus": SchemeDomus,
}

// Scheme returns the canonical scheme (one of the Scheme constants) for a
// spelling Lookup accepts, ignoring case and surrounding space: "QID" and
// "wd" give SchemeWikidata, "mm" SchemeMappingMuseums, "isil_all"
// SchemeISIL. It reports false for an unknown scheme.
func Scheme(alias string) (string, bool) {
	s, ok := schemeAlias[strings.ToLower(strings.TrimSpace(alias))]
	return s, ok
}

// Lookup returns the ids of the institutions carrying the identifier, sorted.
// Schemes: isil (including identifiers.isil_all), wikidata (or qid), ghcid,
// gnd, dbs, ror, isni, grid, mapping_museums, domus. Values are matched
// case-insensitively; ROR and Wikidata URLs are accepted.
func (g *Graph) Lookup(scheme, value string) []string {
	s, ok := Scheme(scheme)
	if !ok {
		return nil
	}
	x, ok := g.keys.find(g, identID(s, value))
	if !ok || g.extra[x].kind != nIdentifier {
		return nil
	}
	n := int32(len(g.ds.Institutions) + x)
	// The identifier's edges lead from the institutions carrying it.
	edges := g.incident(n)
	out := make([]string, 0, len(edges))
	for _, ei := range edges {
		if e := &g.edges[ei]; g.kindOfEdge(ei) == eIdentifier && int(e.from) < len(g.ds.Institutions) {
			out = append(out, g.ds.Institutions[e.from].ID)
		}
	}
	return sortedIDs(out)
}

// ByName returns the ids of the institutions whose name or alternative name
// equals name after NormalizeName, sorted.
func (g *Graph) ByName(name string) []string {
	return g.ids(g.names.get(NormalizeName(name)))
}

func (g *Graph) ids(idx []int32) []string {
	if len(idx) == 0 {
		return nil
	}
	out := make([]string, len(idx))
	for j, i := range idx {
		out[j] = g.ds.Institutions[i].ID
	}
	return sortedIDs(out)
}

// sortedIDs sorts ids and drops repeats; nil when there are none.
func sortedIDs(ids []string) []string {
	if len(ids) == 0 {
		return nil
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}

// Members returns the institutions that are part_of or operated_by body,
// sorted by id then relation. relation "" accepts either. body matches the
// normalised member_of name, a name_in_source (which stands for the group
// it spells), or a record id: then the
// members are the records whose member_of names that id, plus the records
// the parent lists as has_part (reported as part_of with source field
// "related"). asOf > 0 drops memberships whose until year is ≤ asOf.
func (g *Graph) Members(body, relation string, asOf int) []Member {
	refs, bi := g.bodyRefs(body)
	out := make([]Member, 0, len(refs))
	for _, r := range refs {
		in := &g.ds.Institutions[r.inst]
		var m Member
		if r.m < 0 {
			m = Member{ID: in.ID, Body: g.ds.Institutions[bi].Name, Relation: heritage.RelPartOf, SourceField: "related"}
		} else {
			ms := in.MemberOf()[r.m]
			if asOf > 0 && !ms.Current(asOf) {
				continue
			}
			m = Member{ID: in.ID, Body: ms.Name, Relation: ms.Relation, SourceField: ms.SourceField, Until: ms.Until}
		}
		if relation != "" && m.Relation != relation {
			continue
		}
		out = append(out, m)
	}
	slices.SortStableFunc(out, func(a, b Member) int {
		return cmp.Or(cmp.Compare(a.ID, b.ID), cmp.Compare(a.Relation, b.Relation))
	})
	// One entry per (member, relation): a member_of link wins over the
	// parent's has_part link because it sorts first by source order.
	out = slices.CompactFunc(out, func(a, b Member) bool { return a.ID == b.ID && a.Relation == b.Relation })
	if len(out) == 0 {
		return nil
	}
	return out
}

// bodyRefs returns the memberships of body as Members reads it, which the
// caller must not change, and the body's record when body is a record id.
func (g *Graph) bodyRefs(body string) (refs []memberRef, bi int32) {
	bi, isRecord := g.instIndex(body)
	if isRecord {
		refs = append(refs, g.byBodyID[body]...)
		return append(refs, g.hasPart(body)...), bi
	}
	key := NormalizeName(body)
	if _, ok := g.members[key]; !ok {
		key = g.bodyAlias[key]
	}
	return g.members[key], bi
}

// memberRecords returns the records of Members(body, "", asOf), in the
// order of the memberships, a record once per membership: a selection
// needs no more of them.
func (g *Graph) memberRecords(body string, asOf int) []int32 {
	refs, _ := g.bodyRefs(body)
	out := make([]int32, 0, len(refs))
	for _, r := range refs {
		if r.m >= 0 && asOf > 0 && !g.ds.Institutions[r.inst].MemberOf()[r.m].Current(asOf) {
			continue
		}
		out = append(out, r.inst)
	}
	return out
}

// hasPart lists the records a parent links to with has_part.
func (g *Graph) hasPart(parent string) []memberRef {
	p, _ := g.ds.Get(parent)
	var out []memberRef
	for _, r := range p.Related() {
		if r.Relation != "has_part" {
			continue
		}
		if i, ok := g.instIndex(r.ID); ok && r.ID != "" {
			out = append(out, memberRef{inst: i, m: -1})
		}
	}
	return out
}

// Events returns the institution's events ordered by their first year,
// then by date; undated events come last. The order is otherwise that of
// the record.
func (g *Graph) Events(id string) []heritage.Event {
	in, ok := g.ds.Get(id)
	if !ok || len(in.Events) == 0 {
		return nil
	}
	out := slices.Clone(in.Events)
	slices.SortStableFunc(out, CompareEvents)
	return out
}

// CompareEvents orders events as Events returns them: by their first year,
// then by date, undated events last. Events it reports equal keep their
// record order under a stable sort.
func CompareEvents(a, b heritage.Event) int {
	af, _, aok := a.Years()
	bf, _, bok := b.Years()
	switch {
	case aok != bok:
		if aok {
			return -1
		}
		return 1
	case !aok:
		return 0
	}
	return cmp.Or(cmp.Compare(af, bf), cmp.Compare(a.Date, b.Date))
}

// Neighbourhood returns the edges within depth hops of the node id, followed
// in both directions, sorted by SortEdges. relations restricts the edge
// relations followed (nil follows all). Place and identifier nodes are
// reached but not expanded further, so that a country does not pull in all
// its institutions; bodies are expanded, linking the members of a group.
// The walk is Walk, which other graph backends run too.
func (g *Graph) Neighbourhood(id string, depth int, relations []string) []Edge {
	if _, ok := g.nodeOf(id); !ok {
		return nil
	}
	out, _ := Walk(context.Background(), id, depth, g.touching(relations)) // the in-memory graph does not fail
	return out
}

// touching is the in-memory graph's Touching.
func (g *Graph) touching(relations []string) Touching {
	return func(_ context.Context, nodes []string) ([]TouchingEdge, error) {
		var out []TouchingEdge
		for _, id := range nodes {
			n, _ := g.nodeOf(id)
			for _, ei := range g.incident(n) {
				e := &g.edges[ei]
				if len(relations) > 0 && !slices.Contains(relations, g.labels[e.label].rel) {
					continue
				}
				other := e.to
				if other == n {
					other = e.from
				}
				out = append(out, TouchingEdge{Edge: g.edgeAt(ei), Node: id, Ord: int64(ei), OtherKind: nodeKinds[g.kindOf(other)]})
			}
		}
		return out, nil
	}
}

// PathCost is the cost ShortestPath pays to pass an edge of the given kind
// that ends at node to. Institution relations and memberships cost 2.
// Place and within edges cost by the place they lead to, finer places less
// than broad ones so that a shared town beats a shared country: 3 for a
// city, 5 for a county, unitary authority, district or borough, 8 for a
// region, combined authority or nation, 12 for a country. Identifier edges
// are not connectors: -1.
func PathCost(kind EdgeKind, to Node) int {
	switch kind {
	case EdgeRelation, EdgeMembership:
		return 2
	case EdgePlace, EdgeWithin:
		switch {
		case strings.HasPrefix(to.ID, "place:city:"):
			return 3
		case strings.HasPrefix(to.ID, "place:country:"):
			return 12
		case strings.HasPrefix(to.ID, "place:region:"):
			return 8
		case strings.HasSuffix(to.Label, "Region)") || strings.HasSuffix(to.Label, "CA)") || !strings.HasSuffix(to.Label, ")"):
			return 8 // English regions, combined authorities, nations
		}
		return 5 // counties, unitary authorities, districts, boroughs
	}
	return -1
}

// ShortestPath returns the cheapest chain of edges linking two institutions,
// or nil when none exists. It follows institution relations (cost 2),
// memberships through bodies or parent records (cost 2 per edge) and places
// (3 per edge for a city, 5 for a county or district, 8 for a region or
// nation, 12 for a country), in either direction; identifiers are not
// connectors. Ties break on node id, so the result is deterministic. Each
// edge is reported as stored (its From may be the later node of the path).
// The search is CheapestPath, which other graph backends run too.
func (g *Graph) ShortestPath(from, to string) []Edge {
	if _, ok := g.instIndex(from); !ok {
		return nil
	}
	if _, ok := g.instIndex(to); !ok {
		return nil
	}
	path, _ := CheapestPath(context.Background(), from, to, g.adjacent) // the in-memory graph does not fail
	return path
}

// adjacent is the in-memory graph's Adjacency.
func (g *Graph) adjacent(_ context.Context, node string, _ func() []string) ([]PathEdge, error) {
	n, _ := g.nodeOf(node)
	idx := g.incident(n)
	out := make([]PathEdge, len(idx))
	for i, ei := range idx {
		e := &g.edges[ei]
		out[i] = PathEdge{Edge: g.edgeAt(ei), Cost: PathCost(edgeKinds[g.labels[e.label].kind], g.nodeAt(e.to))}
	}
	return out, nil
}
