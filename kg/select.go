package kg

import (
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/textfold"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/query"
)

// Select returns the ids (sorted) of the institutions meeting every
// constraint, or nil when the constraints are not selective (nothing but a
// type). The rules follow the gold question set:
//
//   - Places are ORed: city compares city and the town of the address,
//     and for records without a city the town their admin area or name
//     bears; admin matches a unit of admin_area by name and, when
//     AdminLevel is set, by level; country, region, subregion, county and
//     district compare those fields. All comparisons use NormalizeName;
//     see PlaceMatch for which matches the data states. The records near
//     a town ("in or near") are left out: the data's city of a record is
//     its postal town, which already takes in the villages around it, and
//     SelectMatching(c, asOf, Near) adds the records within
//     heritage.NearRadiusKm.
//   - TypeCodes, Subjects, GovernanceCodes and Sizes each accept any of
//     their values. A subject matches its code and every code below it
//     ("Natural world" and "Natural world/*" match "Natural world /
//     Geology"); "large" also admits "huge".
//   - Status "open" keeps records not closed and drops memberships whose
//     until year has passed; "closed" keeps closed records.
//   - Years: "closed" needs a closing year range with upper bound ≤ To and
//     lower bound ≥ From; "opened" the same for the opening range, so a
//     range straddling a bound is excluded.
//   - Bodies select their members (Body.Relation, else Relation when it is
//     part_of or operated_by; several bodies are ORed).
//   - One name with a relation selects the named record's relatives: for
//     "houses" the records it houses (its houses links and records
//     located_in it); for part_of/operated_by/has_part its members; for any
//     other relation its links of that relation.
//
// asOf > 0 drops memberships ended by that year.
func (g *Graph) Select(c plan.Constraints, asOf int) []string {
	return g.SelectMatching(c, asOf, Derived)
}

// SelectMatching is Select with places matched up to level m: Stated
// selects only by the places the records state, so a Select result equal
// to it is exact; Near adds, when c.NearPlace, the records within
// heritage.NearRadiusKm of the town, which Select leaves out.
func (g *Graph) SelectMatching(c plan.Constraints, asOf int, m PlaceMatch) []string {
	return g.selectIDs(c, asOf, m)
}

func (g *Graph) selectIDs(c plan.Constraints, asOf int, m PlaceMatch) []string {
	named := len(c.Names) == 1 && c.Relation != ""
	if !c.Selective() && !named {
		return nil
	}
	if c.Status == "open" && asOf == 0 {
		asOf = currentYear
	}

	var cand []int32
	restricted := false
	intersect := func(set []int32) {
		slices.Sort(set)
		set = slices.Compact(set)
		if !restricted {
			cand, restricted = set, true
			return
		}
		cand = intersectSorted(cand, set)
	}

	if named {
		intersect(g.relatives(c.Names[0], c.Relation, asOf))
	}
	if len(c.Bodies) > 0 {
		var set []int32
		for _, b := range c.Bodies {
			// "part of", "run by", "operated by", "belongs to" all mean
			// membership: the data's part_of and operated_by come from
			// the sources' fields, not from what a user means.
			keys := append([]string{b.Name}, b.IDs...)
			for _, k := range keys {
				for _, m := range g.Members(k, "", asOf) {
					i, _ := g.instIndex(m.ID)
					set = append(set, i)
				}
			}
		}
		intersect(set)
	}
	if len(c.Places) > 0 {
		var set []int32
		for _, k := range SelectPlaceKeys(c, m) {
			set = append(set, g.places.get(k)...)
		}
		intersect(set)
	}

	subjects := wantedSubjects(c.Subjects)
	if len(c.Subjects) > 0 {
		var set []int32
		for _, ws := range subjects {
			set = append(set, g.subjectRecords(ws)...)
		}
		intersect(set)
	}
	keep := func(in *heritage.Institution) bool { return g.matches(in, c, subjects) }
	var out []string
	if restricted {
		for _, i := range cand {
			if in := &g.ds.Institutions[i]; keep(in) {
				out = append(out, in.ID)
			}
		}
	} else {
		for i := range g.ds.Institutions {
			if in := &g.ds.Institutions[i]; keep(in) {
				out = append(out, in.ID)
			}
		}
	}
	slices.Sort(out)
	return out
}

// currentYear stands for "now" when a present-tense question drops ended
// memberships: any until year in the data has passed.
const currentYear = 9999

// matches applies the per-record constraints (everything but places,
// bodies and names); subjects are c.Subjects as wantedSubjects gives them.
func (g *Graph) matches(in *heritage.Institution, c plan.Constraints, subjects [][]string) bool {
	if len(c.TypeCodes) > 0 && !query.OneOf(c.TypeCodes, in.TypeCode) {
		return false
	}
	switch strings.ToLower(c.Status) {
	case "open":
		if !in.IsOpen() {
			return false
		}
	case "closed":
		if in.IsOpen() {
			return false
		}
	}
	if c.Accreditation != "" && !strings.EqualFold(c.Accreditation, in.Accreditation) {
		return false
	}
	if len(c.Sizes) > 0 && !query.SizeIn(c.Sizes, in.Size) {
		return false
	}
	if len(c.GovernanceCodes) > 0 && !query.OneOf(c.GovernanceCodes, in.GovernanceCode) {
		return false
	}
	if len(c.Subjects) > 0 && !subjectMatch(subjects, in.Subjects) {
		return false
	}
	if y := c.Years; y != nil {
		var from, to int
		var ok bool
		switch y.Field {
		case "closed":
			from, to, ok = in.Closed()
		case "opened":
			from, to, ok = in.Opened()
		}
		if !ok || (y.To > 0 && to > y.To) || (y.From > 0 && from < y.From) {
			return false
		}
	}
	return true
}

// SizesMatch reports whether the size v is one of sizes, as Select
// matches them ("large" also admits "huge").
func SizesMatch(sizes []string, v string) bool { return query.SizeIn(sizes, v) }

// wantedSubjects folds the wanted subject codes once per selection (a
// trailing "*" or "/" asks for the code and everything below it, as the
// bare code does); codes that fold to nothing are left out.
func wantedSubjects(want []string) [][]string {
	var out [][]string
	for _, w := range want {
		ws := normSubject(strings.TrimSuffix(strings.TrimSpace(w), "*"))
		if len(ws) > 0 && ws[len(ws)-1] == "" {
			ws = ws[:len(ws)-1]
		}
		if len(ws) > 0 {
			out = append(out, ws)
		}
	}
	return out
}

// subjectRecords returns the records with a subject at or below the
// levels ws (as wantedSubjects gives them), in ascending order, possibly
// more than once. A selection by subject alone would otherwise test every
// record, and the subjects are compared level by level; the index is made
// on the first call: a key for every level of every record's subjects
// (the levels normSubject gives, joined by "/"), which holds the records
// subjectMatch accepts (TestSubjectMatchAsByFolding).
func (g *Graph) subjectRecords(ws []string) []int32 {
	g.subjectsOnce.Do(func() {
		m := map[string][]int32{}
		for i := range g.ds.Institutions {
			for _, h := range g.ds.Institutions[i].Subjects {
				levels := normSubject(h)
				for n := range levels {
					k := strings.Join(levels[:n+1], "/")
					m[k] = append(m[k], int32(i))
				}
			}
		}
		g.subjects = packTable(m)
	})
	return g.subjects.get(strings.Join(ws, "/"))
}

// SubjectsMatch reports whether any of the subjects have lies at or below
// any of the wanted subjects, as a selection by subject compares them.
func SubjectsMatch(want, have []string) bool {
	return subjectMatch(wantedSubjects(want), have)
}

// subjectMatch reports whether any record subject lies at or below any of
// the wanted codes.
func subjectMatch(want [][]string, have []string) bool {
	for _, ws := range want {
		for _, h := range have {
			if subjectUnder(h, ws) {
				return true
			}
		}
	}
	return false
}

// subjectUnder reports whether the levels of subject h (normSubject(h))
// start with ws. It runs for every record a selection reads, so it
// compares level by level instead of folding h into new strings.
func subjectUnder(h string, ws []string) bool {
	rest, more := h, true
	for _, w := range ws {
		if !more {
			return false
		}
		var level string
		level, rest, more = strings.Cut(rest, "/")
		if !foldedIs(strings.TrimSpace(level), w) {
			return false
		}
	}
	return true
}

// foldedIs reports whether strings.ToLower(s) == lower, for lower already
// lower-cased; two ASCII strings need no new string for it.
func foldedIs(s, lower string) bool {
	if textfold.IsASCII(s) && textfold.IsASCII(lower) {
		return strings.EqualFold(s, lower)
	}
	return strings.ToLower(s) == lower
}

// relatives resolves the records related to one named institution.
func (g *Graph) relatives(n plan.NameMatch, relation string, asOf int) []int32 {
	ids := n.IDs
	if len(ids) == 0 {
		ids = g.ByName(n.Name)
	}
	var out []int32
	for _, id := range ids {
		in, ok := g.ds.Get(id)
		if !ok {
			continue
		}
		switch relation {
		case heritage.RelPartOf, heritage.RelOperatedBy, "has_part":
			rel := "" // every membership relation
			for _, m := range g.Members(id, rel, asOf) {
				i, _ := g.instIndex(m.ID)
				out = append(out, i)
			}
			// members that name the record without its id
			for _, m := range g.Members(in.Name, rel, asOf) {
				i, _ := g.instIndex(m.ID)
				out = append(out, i)
			}
			continue
		}
		for _, r := range in.Related {
			if r.Relation == relation {
				if i, ok := g.instIndex(r.ID); ok && r.ID != "" {
					out = append(out, i)
				}
			}
		}
		if relation == "houses" {
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

func intersectSorted(a, b []int32) []int32 {
	var out []int32
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
