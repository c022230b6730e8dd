package answer

import (
	"slices"
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
)

// shareAnswer answers a question about a share: how many of the whole set
// the part is, and which they are.
func (p *Base) shareAnswer(sel *kg.Selection, pl plan.Plan) (Draft, bool) {
	pr := locale.For(pl.Lang)
	c := pl.Constraints
	if !c.Share || pl.Whole == nil || sel == nil || !sel.Selected || len(sel.Whole) == 0 {
		return Draft{}, false
	}
	part := sel.Main
	lacks, unstatedNegated := negatedConditions(c, sel.NotMembers)
	if keep := andKeep(recordConditions(c), lacks); keep != nil {
		part = p.filter(part, keep)
	}
	noun := TypeNoun(pr, c.TypeCodes)
	whole := len(sel.Whole)
	pct := 100 * float64(len(part)) / float64(whole)
	of, what := shareWords(pl)
	unknown, attr := p.unstated(pr, sel.Whole, c)
	if unstatedNegated != nil {
		// "What percentage of museums in Wales are not accredited?": a
		// record that states no accreditation may be in the part
		unknown, attr = len(p.filter(sel.Whole, unstatedNegated)), negatedFields(pr, c.Not)
	}
	exact := len(pl.Unused(plan.UnusedDropped)) == 0 && len(pl.Unused(plan.UnusedUnread)) == 0 && unknown == 0
	return Draft{Answer: Answer{Kind: KindSet, IDs: part, Exact: exact, Count: len(part), Value: strconv.FormatFloat(pct, 'f', 1, 64) + "%"},
		render: func(cite func(string) string) string {
			var b strings.Builder
			pr.Fprintf(&b, "Of the %d %s%s, %d (%.1f%%) %s", whole, pr.Plural(noun, whole), of, len(part), pct, what)
			if len(part) > 0 {
				b.WriteString(": ")
				p.writeList(pr, &b, part, c, cite)
			}
			b.WriteString(".")
			if unknown > 0 {
				writeNotes(pr, &b, cite, ShareUnstated{N: unknown, Of: whole, Attr: attr})
			}
			if missed := append(slices.Clone(pl.Unused(plan.UnusedDropped)), pl.Unused(plan.UnusedUnread)...); len(missed) > 0 {
				writeNotes(pr, &b, cite, NothingOn{Words: missed})
			}
			return b.String()
		}}, true
}

// shareWords says what a share is of (" in Wales") and what its part
// does ("are accredited"), from the conditions of the part and the
// whole.
func shareWords(pl plan.Plan) (of, what string) {
	pr := locale.For(pl.Lang)
	c, w := pl.Constraints, pl.Whole
	places := func() string {
		var ts []string
		for _, p := range c.Places {
			ts = append(ts, p.Text)
		}
		return strings.Join(ts, pr.Text(" or "))
	}
	if len(c.Places) > 0 && len(w.Places) == 0 {
		return "", pr.Text("are in ") + places()
	}
	if len(c.Places) > 0 {
		of = pr.Text(" in ") + places()
	}
	var parts []string
	switch c.Accreditation {
	case "Accredited":
		parts = append(parts, pr.Text("are accredited"))
	case "Unaccredited":
		parts = append(parts, pr.Text("are not accredited"))
	}
	if c.Status != "" && w.Status == "" {
		parts = append(parts, pr.Text("are ")+c.Status)
	}
	if len(c.Sizes) > 0 {
		parts = append(parts, pr.Text("are ")+strings.Join(c.Sizes, pr.Text(" or ")))
	}
	if len(c.Subjects) > 0 {
		parts = append(parts, pr.Text("have collections on ")+strings.Join(c.Subjects, pr.Text(" or ")))
	}
	if c.Years != nil {
		parts = append(parts, c.Years.Field+" "+spanText(pr, c.Years))
	}
	for _, f := range c.Has {
		label, _ := fieldValue(pr, &heritage.Institution{}, f)
		parts = append(parts, pr.Text("have ")+article(pr, label))
	}
	for _, f := range c.Lacks {
		label, _ := fieldValue(pr, &heritage.Institution{}, f)
		parts = append(parts, pr.Text("have no ")+label)
	}
	if not := negationText(pr, c.Not); not != "" {
		parts = append(parts, strings.ReplaceAll(not, "is not", "are not"))
	}
	if len(parts) == 0 || len(c.GovernanceCodes) > 0 {
		parts = append(parts, pr.Text("meet the question's other conditions"))
	}
	return of, strings.Join(parts, pr.Text(" and "))
}

// unstated counts the records of the whole that state nothing of the
// attribute a share's part is selected by, and names it: such a record
// may belong to the part.
func (p *Base) unstated(pr *locale.Printer, whole []string, c plan.Constraints) (int, string) {
	var attr string
	var missing func(in *heritage.Institution) bool
	switch {
	case c.Accreditation != "":
		attr, missing = pr.Text("accreditation"), func(in *heritage.Institution) bool { return in.Accreditation() == "" }
	case len(c.GovernanceCodes) > 0:
		attr, missing = pr.Text("governance"), func(in *heritage.Institution) bool { return in.GovernanceCode() == "" }
	case len(c.Sizes) > 0:
		attr, missing = pr.Text("size"), func(in *heritage.Institution) bool { return in.Size() == "" }
	case len(c.Subjects) > 0:
		attr, missing = pr.Text("subject"), func(in *heritage.Institution) bool { return len(in.Subjects) == 0 }
	case c.Years != nil && c.Years.Field == "closed":
		attr, missing = pr.Text("closing year"), func(in *heritage.Institution) bool { _, _, ok := in.Closed(); return !ok && !in.IsOpen() }
	case c.Years != nil:
		attr, missing = pr.Text("opening year"), func(in *heritage.Institution) bool { _, _, ok := in.Opened(); return !ok }
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
