package answer

import (
	"reflect"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
)

// moreAnswer counts each side's set and names the side with more (or
// fewer) institutions.
func (p *Base) moreAnswer(sel *kg.Selection, pln plan.Plan) (Draft, bool, error) {
	pr := locale.For(pln.Lang)
	if len(pln.Sides) < 2 || pln.Pair == nil {
		return Draft{}, false, nil
	}
	fewer := !pln.Pair.Highest
	groups, all, unstated, err := p.sideGroups(pr, sel, pln.Sides, pln.SideLabels)
	if err != nil {
		return Draft{}, false, err
	}
	best := 0
	tie := false
	for i, g := range groups[1:] {
		switch {
		case g.Count == groups[best].Count:
			tie = true
		case (g.Count > groups[best].Count) != fewer:
			best, tie = i+1, false
		}
	}
	value := groups[best].Label
	if tie {
		value = ""
	}
	noun := TypeNoun(pr, pln.Constraints.TypeCodes)
	// the sides are kinds ("more libraries or archives"), not places or
	// bodies that have them
	kinds := labelsNameKinds(pln.Sides, pln.SideLabels)
	unplaced := p.sidesUnplacedNote(pr, sel, pln.Sides)
	broader := sidesBroaderNote(pr, sel, pln.Sides, groups)
	if n, field := p.unstatedValue(pr, sel, pln.Sides); n > 0 {
		broader = strings.TrimPrefix(broader+pr.Sprintf("; %d %s %s no %s and %s on neither side",
			n, pr.Plural(noun, n), verb(n, pr.Text("states"), pr.Text("state")), field, verb(n, pr.Text("is"), pr.Text("are"))), "; ")
	}
	return Draft{Answer: Answer{Kind: KindSet, Value: value, IDs: all, Exact: len(pln.Unused(plan.UnusedDropped)) == 0 && unstated == 0 && unplaced == "" && broader == "",
		Count: len(all), Groups: groups},
		render: func(cite func(string) string) string {
			var b strings.Builder
			word := pr.Text("more")
			if fewer {
				word = pr.Text("fewer")
			}
			verdict := pr.Sprintf("%s has %s", value, word)
			if len(groups) == 2 && !tie {
				// by how many ("how many more museums has Kent than Devon")
				diff := groups[best].Count - groups[1-best].Count
				format := "%s has %d more"
				if fewer {
					format, diff = "%s has %d fewer", -diff
				}
				verdict = pr.Sprintf(format, value, diff)
			}
			if kinds {
				verdict = pr.Sprintf("there are %s %s", word, value)
			}
			switch {
			case pln.Pair.YesNo && tie && kinds:
				pr.Fprintf(&b, "No: there are as many of each, %d. ", groups[0].Count)
			case pln.Pair.YesNo && tie:
				pr.Fprintf(&b, "No: both have %d %s. ", groups[0].Count, pr.Plural(noun, groups[0].Count))
			case pln.Pair.YesNo:
				// "Does A have more … than B?": whether the first side wins
				yes := pr.Text("No")
				if best == 0 {
					yes = pr.Text("Yes")
				}
				pr.Fprintf(&b, "%s: %s. ", yes, verdict)
			case tie && kinds:
				pr.Fprintf(&b, "There are as many of each, %d. ", groups[0].Count)
			case tie && len(groups) > 2:
				// three sides or more: the sides that share the lead
				n := groups[best].Count
				format := "%s have the most %s, %d each. "
				if fewer {
					format = "%s have the fewest %s, %d each. "
				}
				pr.Fprintf(&b, format, leaders(pr, groups, n), pr.Plural(noun, 2), n)
			case tie:
				pr.Fprintf(&b, "Both have %d %s. ", groups[0].Count, pr.Plural(noun, groups[0].Count))
			default:
				pr.Fprintf(&b, "%s. ", upperFirst(verdict))
			}
			counted := noun
			if kinds {
				counted = "" // "libraries: 3"
			}
			p.writeGroups(pr, &b, groups, counted, pln.Constraints, cite)
			writeNotes(pr, &b, nil, closedIncludedNote(p.closedAmong(pln.Constraints, all), noun, pr.Text("counted")))
			writeNotes(pr, &b, nil, unstatedNegated(pr, unstated, noun, pln.Constraints))
			writeNotes(pr, &b, nil, notExact(unplaced))
			writeNotes(pr, &b, nil, notExact(broader))
			return b.String()
		}}, true, nil
}

// leaders names the sides with n institutions: "A, B and C".
func leaders(pr *locale.Printer, groups []AnswerGroup, n int) string {
	var names []string
	for _, g := range groups {
		if g.Count == n {
			names = append(names, g.Label)
		}
	}
	return strings.Join(names[:len(names)-1], ", ") + pr.Text(" and ") + names[len(names)-1]
}

// valueRest returns the constraints of two sides that differ by the
// value of one condition (size, accreditation, governance or subjects)
// without that condition, and false when they differ otherwise.
func valueRest(sides []plan.Constraints) (plan.Constraints, bool) {
	if len(sides) != 2 {
		return plan.Constraints{}, false
	}
	a, b := sides[0].Clone(), sides[1].Clone()
	for _, c := range []*plan.Constraints{&a, &b} {
		c.Sizes, c.Accreditation, c.GovernanceCodes = nil, "", nil
		c.DropSubjects()
	}
	return a, reflect.DeepEqual(a, b)
}

// unstatedValue counts the institutions of sel.SideRest that state no
// value of the condition the two sides differ by, and names it: they
// are on neither side ("Bavaria's museums state no accreditation").
func (p *Base) unstatedValue(pr *locale.Printer, sel *kg.Selection, sides []plan.Constraints) (int, string) {
	if sel == nil || len(sel.SideRest) == 0 || len(sides) != 2 {
		return 0, ""
	}
	a := sides[0]
	var field string
	var states func(*heritage.Institution) bool
	switch {
	case a.Accreditation != "":
		field, states = pr.Text("accreditation"), func(in *heritage.Institution) bool {
			return in.Accreditation() != "" && !strings.EqualFold(in.Accreditation(), "unknown")
		}
	case len(a.Sizes) > 0:
		field, states = pr.Text("size"), func(in *heritage.Institution) bool {
			return in.Size() != "" && !strings.EqualFold(in.Size(), "unknown")
		}
	case len(a.GovernanceCodes) > 0:
		field, states = pr.Text("governance"), func(in *heritage.Institution) bool {
			return in.GovernanceCode() != "" && !strings.HasSuffix(in.GovernanceCode(), "Unknown")
		}
	case len(a.Subjects) > 0:
		field, states = pr.Text("subjects"), func(in *heritage.Institution) bool { return len(in.Subjects) > 0 }
	default:
		return 0, ""
	}
	n := 0
	for _, id := range sel.SideRest {
		if in, ok := p.data.Get(id); ok && !states(in) {
			n++
		}
	}
	return n, field
}

// sidesBroaderNote says of each compared side that selects none under a
// subject how many it selects under the broader subject ("Kent: none
// recorded under War and conflict / Military, and 15 under War and
// conflict"): the data gives each institution's subject by category, so
// those may hold what was asked. It is "" when no side has such.
func sidesBroaderNote(pr *locale.Printer, sel *kg.Selection, sides []plan.Constraints, groups []AnswerGroup) string {
	if sel == nil || len(sel.SideBroader) != len(sides) || len(groups) != len(sides) {
		return ""
	}
	var parts []string
	for i, side := range sides {
		n := len(sel.SideBroader[i])
		if n == 0 {
			continue
		}
		var tops []string
		for _, sub := range side.Subjects {
			if top, _, ok := strings.Cut(sub, " / "); ok && !slices.Contains(tops, top) {
				tops = append(tops, top)
			}
		}
		parts = append(parts, pr.Sprintf("%s: none recorded under %s, and %d under %s, which may hold them",
			groups[i].Label, strings.Join(side.Subjects, pr.Text(" or ")), n, strings.Join(tops, pr.Text(" or "))))
	}
	return strings.Join(parts, "; ")
}

// sideGroups reads each compared side's set from the selection, and the
// union of them.
func (p *Base) sideGroups(pr *locale.Printer, sel *kg.Selection, sides []plan.Constraints, labels []string) (groups []AnswerGroup, all []string, unstated int, err error) {
	if sel == nil || len(sel.Sides) != len(sides) {
		return nil, nil, 0, errNoSelection
	}
	for i, side := range sides {
		ids := sel.Sides[i]
		// "Does Bath have more museums that are not small than
		// Bristol?": each side without the small ones, and those that
		// state no size counted apart
		if lacks, unknown := negatedConditions(side, sel.NotMembers); lacks != nil {
			unstated += len(p.filter(ids, unknown))
			ids = p.filter(ids, lacks)
		}
		label := sideLabel(pr, side, sides)
		if len(labels) == len(sides) {
			label = labels[i] // "accredited museums"
		}
		groups = append(groups, AnswerGroup{Label: label, IDs: ids, Count: len(ids)})
		for _, id := range ids {
			if !slices.Contains(all, id) {
				all = append(all, id)
			}
		}
	}
	return groups, all, unstated, nil
}

// interleave lists the groups' institutions taking one from each group in
// turn, each once.
func interleave(groups []AnswerGroup) []string {
	var out []string
	seen := map[string]bool{}
	for i := 0; ; i++ {
		more := false
		for _, g := range groups {
			if i >= len(g.IDs) {
				continue
			}
			more = true
			if id := g.IDs[i]; !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
		}
		if !more {
			return out
		}
	}
}

// writeGroups writes "A: 2 (X [1]; Y [2]); B: 0". noun is what each
// group counts, when the labels do not name it ("Kent", not "accredited
// museums"): the English leaves it out after the count, a translation
// may show it ("Kent: 2 musea").
func (p *Base) writeGroups(pr *locale.Printer, b *strings.Builder, groups []AnswerGroup, noun string, c plan.Constraints, cite func(string) string) {
	for i, g := range groups {
		if i > 0 {
			b.WriteString("; ")
		}
		if noun != "" {
			pr.Fprintf(b, "%s: %d%.0s", g.Label, g.Count, pr.Plural(noun, g.Count))
		} else {
			pr.Fprintf(b, "%s: %d", g.Label, g.Count)
		}
		if g.Count > 0 {
			b.WriteString(" (")
			p.writeList(pr, b, g.IDs, c, cite)
			b.WriteString(")")
		}
	}
}

// labelsNameKinds reports whether the compared sides are kinds, their
// labels nouns ("more libraries or archives", "accredited museums"), not
// places or bodies that have them.
func labelsNameKinds(sides []plan.Constraints, labels []string) bool {
	return len(sides) > 1 && len(sides[0].TypeCodes) == 1 && !slices.Equal(sides[0].TypeCodes, sides[1].TypeCodes) ||
		len(labels) > 0
}

// sideLabel names a compared side by what sets it apart: its kind when the
// sides are kinds ("libraries", "archives"), else its place, body or name.
func sideLabel(pr *locale.Printer, side plan.Constraints, sides []plan.Constraints) string {
	kinds := len(sides) > 1 && len(side.TypeCodes) == 1 && !slices.Equal(sides[0].TypeCodes, sides[1].TypeCodes)
	switch {
	case kinds:
		return pr.Plural(TypeNoun(pr, side.TypeCodes), 2)
	case len(side.Places) > 0:
		return side.Places[0].Name
	case len(side.Bodies) > 0:
		return side.Bodies[0].Name
	case len(side.Names) > 0:
		return side.Names[0].Name
	}
	return ""
}
