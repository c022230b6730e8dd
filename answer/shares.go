package answer

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/plan"
)

// shareAnswer answers a question about a share: how many of the whole set
// the part is, and which they are.
func (p *Base) shareAnswer(sel *kg.Selection, pl plan.Plan) (Draft, bool) {
	c := pl.Constraints
	if !c.Share || pl.Whole == nil || sel == nil || !sel.Selected || len(sel.Whole) == 0 {
		return Draft{}, false
	}
	part := sel.Main
	lacks, unstatedNegated := negatedConditions(c, sel.NotMembers)
	if keep := andKeep(recordConditions(c), lacks); keep != nil {
		part = p.filter(part, keep)
	}
	noun := TypeNoun(c.TypeCodes)
	whole := len(sel.Whole)
	pct := 100 * float64(len(part)) / float64(whole)
	of, what := shareWords(pl)
	unknown, attr := p.unstated(sel.Whole, c)
	if unstatedNegated != nil {
		// "What percentage of museums in Wales are not accredited?": a
		// record that states no accreditation may be in the part
		unknown, attr = len(p.filter(sel.Whole, unstatedNegated)), negatedFields(c.Not)
	}
	exact := len(pl.Unused(plan.UnusedDropped)) == 0 && len(pl.Unused(plan.UnusedUnread)) == 0 && unknown == 0
	return Draft{Answer: Answer{Kind: KindSet, IDs: part, Exact: exact, Count: len(part), Value: fmt.Sprintf("%.1f%%", pct)},
		render: func(cite func(string) string) string {
			var b strings.Builder
			fmt.Fprintf(&b, "Of the %d %s%s, %d (%.1f%%) %s", whole, plural(noun, whole), of, len(part), pct, what)
			if len(part) > 0 {
				b.WriteString(": ")
				p.writeList(&b, part, c, cite)
			}
			b.WriteString(".")
			if unknown > 0 {
				writeNotes(&b, cite, ShareUnstated{N: unknown, Of: whole, Attr: attr})
			}
			if missed := append(slices.Clone(pl.Unused(plan.UnusedDropped)), pl.Unused(plan.UnusedUnread)...); len(missed) > 0 {
				writeNotes(&b, cite, NothingOn{Words: missed})
			}
			return b.String()
		}}, true
}

// shareWords says what a share is of (" in Wales") and what its part
// does ("are accredited"), from the conditions of the part and the
// whole.
func shareWords(pl plan.Plan) (of, what string) {
	c, w := pl.Constraints, pl.Whole
	places := func() string {
		var ts []string
		for _, p := range c.Places {
			ts = append(ts, p.Text)
		}
		return strings.Join(ts, " or ")
	}
	if len(c.Places) > 0 && len(w.Places) == 0 {
		return "", "are in " + places()
	}
	if len(c.Places) > 0 {
		of = " in " + places()
	}
	var parts []string
	switch c.Accreditation {
	case "Accredited":
		parts = append(parts, "are accredited")
	case "Unaccredited":
		parts = append(parts, "are not accredited")
	}
	if c.Status != "" && w.Status == "" {
		parts = append(parts, "are "+c.Status)
	}
	if len(c.Sizes) > 0 {
		parts = append(parts, "are "+strings.Join(c.Sizes, " or "))
	}
	if len(c.Subjects) > 0 {
		parts = append(parts, "have collections on "+strings.Join(c.Subjects, " or "))
	}
	if c.Years != nil {
		parts = append(parts, c.Years.Field+" "+spanText(c.Years))
	}
	for _, f := range c.Has {
		label, _ := FieldValue(&heritage.Institution{}, f)
		parts = append(parts, "have "+article(label))
	}
	for _, f := range c.Lacks {
		label, _ := FieldValue(&heritage.Institution{}, f)
		parts = append(parts, "have no "+label)
	}
	if not := negationText(c.Not); not != "" {
		parts = append(parts, strings.ReplaceAll(not, "is not", "are not"))
	}
	if len(parts) == 0 || len(c.GovernanceCodes) > 0 {
		parts = append(parts, "meet the question's other conditions")
	}
	return of, strings.Join(parts, " and ")
}

// unstated counts the records of the whole that state nothing of the
// attribute a share's part is selected by, and names it: such a record
// may belong to the part.
func (p *Base) unstated(whole []string, c plan.Constraints) (int, string) {
	var attr string
	var missing func(in *heritage.Institution) bool
	switch {
	case c.Accreditation != "":
		attr, missing = "accreditation", func(in *heritage.Institution) bool { return in.Accreditation == "" }
	case len(c.GovernanceCodes) > 0:
		attr, missing = "governance", func(in *heritage.Institution) bool { return in.GovernanceCode == "" }
	case len(c.Sizes) > 0:
		attr, missing = "size", func(in *heritage.Institution) bool { return in.Size == "" }
	case len(c.Subjects) > 0:
		attr, missing = "subject", func(in *heritage.Institution) bool { return len(in.Subjects) == 0 }
	case c.Years != nil && c.Years.Field == "closed":
		attr, missing = "closing year", func(in *heritage.Institution) bool { _, _, ok := in.Closed(); return !ok && !in.IsOpen() }
	case c.Years != nil:
		attr, missing = "opening year", func(in *heritage.Institution) bool { _, _, ok := in.Opened(); return !ok }
	default:
		return 0, ""
	}
	n := 0
	for _, id := range whole {
		if in, ok := p.data.Get(id); ok && missing(in) {
			n++
		}
	}
	return n, attr
}
