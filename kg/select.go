package kg

import (
	"cmp"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/query"
)

// Select returns the ids (sorted) of the institutions meeting every
// constraint, or nil when the constraints select no exact set (nothing
// but a type). What the constraints select is query.Compile's meaning,
// written there once: places ORed and matched up to Derived (the records
// near a town, "in or near", are left out: the data's city of a record is
// its postal town, which already takes in the villages around it, and
// SelectMatching(c, asOf, Near) adds them), subjects with every code
// below them, "open" dropping memberships whose until year has passed,
// years as ranges lying within the bounds, bodies selecting their
// members and one name with a relation its relatives. The graph answers
// the compiled expression with its indexes (SelectExpr).
//
// asOf > 0 drops memberships ended by that year.
func (g *Graph) Select(c plan.Constraints, asOf int) []string {
	return g.SelectMatching(c, asOf, Derived)
}

// SelectMatching is Select with places matched up to level m: Stated
// selects only by the places the records state, so a Select result equal
// to it is exact; Near adds, when c.NearPlace, the records within
// heritage.NearRadiusKm of the town, which Select leaves out. It is
// SelectExpr(query.CompileMatching(c, asOf, m)).
func (g *Graph) SelectMatching(c plan.Constraints, asOf int, m PlaceMatch) []string {
	return g.SelectExpr(query.CompileMatching(c, asOf, m))
}

// SelectExpr returns the ids (sorted) of the records meeting e, nil when
// none does: what query.Select gives over the graph's records, answered
// from the graph's indexes where it has one.
//
// The graph translates these into index look-ups (lookup):
//
//   - Place, at every level: the place index (placeKey, the keys Places
//     gives each record);
//   - Subject with Narrower: the subject index (subjectRecords);
//   - MemberOf: the memberships (Members, of either relation);
//   - Related: the named record's links and members (relatives);
//   - IDs: the records by id; False: no record;
//   - Type, Governance, Accreditation, Size, Status and YearRange: the
//     field index (fieldSet), the records by each value of the field
//     and by the first year of their ranges;
//   - And, Or and Not whose parts all translate: the intersection, the
//     union and the complement of their parts' sets.
//
// Of a top-level And (all of e when it is no And), the parts the field
// index answers come last, and only where they cost less than a test:
// against a few candidates the others leave (fewCandidates), and a year
// range much larger than them, they are tested with Expr.Match.
//
// Post-filters: every other part of a top-level And is tested with
// Expr.Match on the records the look-ups leave, or on every record when
// none applies. They are Radius, Subject without Narrower, True, and an
// And, Or or Not with a part that does not translate.
func (g *Graph) SelectExpr(e query.Expr) []string {
	ids, _ := g.SelectDeclared(e)
	return ids
}

// SelectDeclared is SelectExpr, also returning the parts of e it tested
// with Expr.Match rather than looked up (its post-filters), in the order
// of e; nil when it looked up all of e.
func (g *Graph) SelectDeclared(e query.Expr) (ids []string, post query.And) {
	parts := []query.Expr{e}
	if and, ok := e.(query.And); ok {
		parts = and
	}
	var cand []int32
	restricted := false
	var tested []int // the parts left to Match, by their place in parts
	// The parts the field index answers wait until the others are looked
	// up: a set much larger than the candidates costs more to list and
	// intersect than its predicate costs to test on them.
	var fieldParts []int
	for j, x := range parts {
		if fieldIndexed(x) {
			fieldParts = append(fieldParts, j)
			continue
		}
		set, ok := g.lookup(x)
		switch {
		case !ok:
			tested = append(tested, j)
			continue
		case !restricted:
			cand, restricted = set, true
		default:
			cand = IntersectSorted(cand, set)
		}
		if len(cand) == 0 {
			return nil, g.untranslated(parts, tested, j+1)
		}
	}
	if restricted && len(cand) <= fewCandidates {
		tested = append(tested, fieldParts...)
		fieldParts = nil
	}
	type fieldPart struct {
		j   int
		set pending
	}
	sets := make([]fieldPart, 0, len(fieldParts))
	for _, j := range fieldParts {
		set, ok := g.fieldSet(parts[j])
		if !ok {
			tested = append(tested, j)
			continue
		}
		sets = append(sets, fieldPart{j, set})
	}
	// The smallest listed first, when no other part restricts the
	// candidates; then each filters them where it can without listing
	// its set, or is listed and intersected while that costs less than
	// testing the candidates.
	slices.SortStableFunc(sets, func(a, b fieldPart) int { return cmp.Compare(a.set.size, b.set.size) })
	for _, p := range sets {
		switch {
		case !restricted:
			cand, restricted = p.set.records(), true
		case p.set.filter != nil:
			cand = p.set.filter(cand)
		case p.set.size <= listedPerCandidate*len(cand):
			cand = IntersectSorted(cand, p.set.records())
		default:
			tested = append(tested, p.j)
			continue
		}
		if len(cand) == 0 {
			return nil, partsAt(parts, tested)
		}
	}
	rest := partsAt(parts, tested)
	ctx := query.EvalContext{Records: g.ds, Bodies: graphBodies{g}}
	var out []int32
	keep := func(i int32) {
		if len(rest) == 0 || rest.Match(&g.ds.Institutions[i], ctx) {
			out = append(out, i)
		}
	}
	if restricted {
		for _, i := range cand {
			keep(i)
		}
	} else {
		for i := range g.ds.Institutions {
			keep(int32(i))
		}
	}
	return g.sortedIDs(out), rest
}

// sortedIDs returns the ids of the records, sorted; nil for none. The
// records are sorted by their place in the order of ids (idOrder), which
// costs less than comparing the ids.
func (g *Graph) sortedIDs(recs []int32) []string {
	if len(recs) == 0 {
		return nil
	}
	rank := g.idOrder()
	keys := make([]uint64, len(recs))
	for k, i := range recs {
		keys[k] = uint64(rank[i])<<32 | uint64(i)
	}
	slices.Sort(keys)
	out := make([]string, len(keys))
	for k, key := range keys {
		out[k] = g.ds.Institutions[uint32(key)].ID
	}
	return out
}

// idOrder returns each record's place in the order of the records' ids
// (ids the same have places in the order of their records), made on the
// first call.
func (g *Graph) idOrder() []int32 {
	g.idOrderOnce.Do(func() {
		recs := g.ds.Institutions
		byID := make([]int32, len(recs))
		for i := range byID {
			byID[i] = int32(i)
		}
		slices.SortStableFunc(byID, func(a, b int32) int { return strings.Compare(recs[a].ID, recs[b].ID) })
		g.idRank = make([]int32, len(recs))
		for r, i := range byID {
			g.idRank[i] = int32(r)
		}
	})
	return g.idRank
}

// untranslated returns, in the order of parts, the parts tested (their
// places in parts) and those from from on that neither the field index
// nor lookup translates: the post-filters of a selection found empty
// before it tested them.
func (g *Graph) untranslated(parts []query.Expr, tested []int, from int) query.And {
	for j := from; j < len(parts); j++ {
		if fieldIndexed(parts[j]) {
			continue
		}
		if _, ok := g.lookup(parts[j]); !ok {
			tested = append(tested, j)
		}
	}
	return partsAt(parts, tested)
}

// partsAt returns the parts at the places at, in the order of parts.
func partsAt(parts []query.Expr, at []int) query.And {
	slices.Sort(at)
	var out query.And
	for _, j := range at {
		out = append(out, parts[j])
	}
	return out
}

// lookup returns the records meeting e, ascending and each once, when the
// graph answers e from its indexes (see SelectExpr); ok is false when it
// does not.
func (g *Graph) lookup(e query.Expr) (set []int32, ok bool) {
	if set, ok := g.fieldSet(e); ok {
		return set.records(), true
	}
	switch x := e.(type) {
	case query.Const:
		return nil, !bool(x)
	case query.Place:
		if k, ok := PlaceKey(x); ok {
			set = slices.Clone(g.places.get(k))
		}
	case query.Subject:
		if !x.Narrower {
			return nil, false
		}
		if k, ok := x.Key(); ok {
			set = slices.Clone(g.subjectRecords(k))
		}
	case query.MemberOf:
		set = g.memberRecords(x.Body, x.AsOf)
	case query.Related:
		set = g.relatives(x)
	case query.IDs:
		for _, id := range x {
			if i, ok := g.instIndex(id); ok {
				set = append(set, i)
			}
		}
	case query.Or:
		for _, y := range x {
			s, ok := g.lookup(y)
			if !ok {
				return nil, false
			}
			set = unionSorted(set, s)
		}
		return set, true
	case query.And:
		if len(x) == 0 {
			return nil, false // every record
		}
		for j, y := range x {
			s, ok := g.lookup(y)
			if !ok {
				return nil, false
			}
			if j == 0 {
				set = s
			} else {
				set = IntersectSorted(set, s)
			}
		}
		return set, true
	case query.Not:
		s, ok := g.lookup(x.X)
		if !ok {
			return nil, false
		}
		return complementSorted(s, int32(len(g.ds.Institutions))), true
	default:
		return nil, false
	}
	slices.Sort(set)
	return slices.Compact(set), true
}

// graphBodies resolves body and institution names from the graph's
// indexes, as query.Tables does from a dataset.
type graphBodies struct{ g *Graph }

var _ query.Bodies = graphBodies{}

// BodyKey implements query.Bodies.
func (b graphBodies) BodyKey(name string) string {
	key := NormalizeName(name)
	if _, ok := b.g.members[key]; ok {
		return key
	}
	return b.g.bodyAlias[key]
}

// Named implements query.Bodies.
func (b graphBodies) Named(name string) []string { return b.g.ByName(name) }

// SizesMatch reports whether the size v is one of sizes, as Select
// matches them (query.SizeIn: "large" also admits "huge").
func SizesMatch(sizes []string, v string) bool { return query.SizeIn(sizes, v) }

// SubjectsMatch reports whether any of the subjects have lies at or below
// any of the wanted subjects, as a selection by subject compares them
// (query.Subject with Narrower).
func SubjectsMatch(want, have []string) bool {
	for _, w := range want {
		if (query.Subject{Levels: query.SubjectLevels(w), Narrower: true}).MatchSubjects(have) {
			return true
		}
	}
	return false
}

// subjectRecords returns the records with a subject at or below the
// subject key (query.Subject.Key), in ascending order. A selection by
// subject alone would otherwise test every record; the index is made on
// the first call: the prefix keys of every record's subjects
// (query.SubjectKeys), which hold the records query.Subject with
// Narrower accepts (TestSubjectRecordsAsScan).
func (g *Graph) subjectRecords(key string) []int32 {
	g.subjectsOnce.Do(func() {
		m := map[string][]int32{}
		for i := range g.ds.Institutions {
			prefixes, _ := query.SubjectKeys(g.ds.Institutions[i].Subjects)
			for _, k := range prefixes {
				m[k] = append(m[k], int32(i))
			}
		}
		g.subjects = packTable(m)
	})
	return g.subjects.get(key)
}

// relatives resolves the records related to one named institution
// (query.Related), possibly more than once.
func (g *Graph) relatives(r query.Related) []int32 {
	ids := r.IDs
	if len(ids) == 0 {
		ids = g.ByName(r.Name)
	}
	var out []int32
	for _, id := range ids {
		in, ok := g.ds.Get(id)
		if !ok {
			continue
		}
		switch r.Relation {
		case heritage.RelPartOf, heritage.RelOperatedBy, "has_part":
			// every membership relation, also of the members that name
			// the record without its id
			out = append(out, g.memberRecords(id, r.AsOf)...)
			out = append(out, g.memberRecords(in.Name, r.AsOf)...)
			continue
		}
		for _, l := range in.Related() {
			if l.Relation == r.Relation {
				if i, ok := g.instIndex(l.ID); ok && l.ID != "" {
					out = append(out, i)
				}
			}
		}
		if r.Relation == "houses" {
			n, _ := g.instIndex(id)
			for _, ei := range g.incident(n) {
				e := &g.edges[ei]
				if l := &g.labels[e.label]; l.kind == eRelation && l.rel == "located_in" && e.to == n {
					i, _ := g.instIndex(g.nodeID(e.from))
					out = append(out, i)
				}
			}
		}
	}
	return out
}

// IntersectSorted returns the values both ascending lists hold.
func IntersectSorted[T cmp.Ordered](a, b []T) []T {
	var out []T
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			out = append(out, a[i])
			i++
			j++
		}
	}
	return out
}

// complementSorted returns the records below n that the ascending list a
// does not hold.
func complementSorted(a []int32, n int32) []int32 {
	out := make([]int32, 0, int(n)-len(a))
	j := 0
	for i := range n {
		if j < len(a) && a[j] == i {
			j++
			continue
		}
		out = append(out, i)
	}
	return out
}
