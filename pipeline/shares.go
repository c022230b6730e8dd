package pipeline

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/router"
)

// wholeOf returns, for a question about a share ("What percentage of
// museums in Wales are accredited?"), the constraints of the set the
// share is of: its kinds, places and bodies, without the conditions that
// select the part (accreditation, governance, size, subjects, years,
// fields had or lacked, and a status the question names). A status the
// tense gives ("are") applies to both.
func wholeOf(pl *plan.Plan) (plan.Constraints, bool) {
	c := pl.Constraints
	if !c.Share {
		return plan.Constraints{}, false
	}
	w := c.Clone()
	w.Share, w.Accreditation, w.GovernanceCodes, w.Sizes, w.Subjects, w.Topic = false, "", nil, nil, nil, ""
	w.Years, w.Has, w.Lacks, w.Order, w.Group = nil, nil, nil, nil, nil
	if statusNamed(pl.Question) {
		w.Status = ""
	}
	if !placesArePart(pl) {
		w.All = !w.Selective()
		return w, true
	}
	// "What percentage of archives are in Germany?": the places are
	// the part, the kinds the whole
	w.Places, w.Except, w.NearPlace = nil, nil, false
	w.All = !w.Selective()
	return w, true
}

// statusNamed reports whether the question names a status ("closed",
// "open", "geschlossen", "gesloten" …), not only a tense.
func statusNamed(q string) bool {
	for _, w := range strings.Fields(strings.ToLower(q)) {
		switch strings.Trim(w, "?.,!") {
		case "closed", "open", "opened", "geschlossen", "geöffnet", "offen", "gesloten", "geopend", "shut":
			return true
		}
	}
	return false
}

// shareAnswer answers a question about a share: how many of the whole set
// the part is, and which they are.
func (p *Pipeline) shareAnswer(sel *kg.Selection, pl router.Plan) (draft, bool) {
	c := pl.Constraints
	if !c.Share || sel == nil || !sel.Selected || len(sel.Whole) == 0 {
		return draft{}, false
	}
	part := sel.Main
	if keep := recordConditions(c); keep != nil {
		part = p.filter(part, keep)
	}
	noun := typeNoun(c.TypeCodes)
	whole := len(sel.Whole)
	pct := 100 * float64(len(part)) / float64(whole)
	of, what := shareWords(pl)
	unknown, attr := p.unstated(sel.Whole, c)
	exact := len(pl.Dropped) == 0 && len(pl.Unread) == 0 && unknown == 0
	ids := part
	if len(ids) > listShown {
		ids = ids[:listShown]
	}
	return draft{Answer: Answer{Kind: KindSet, IDs: part, Exact: exact, Count: len(part), Value: fmt.Sprintf("%.1f%%", pct)},
		render: func(cite func(string) string) string {
			var b strings.Builder
			fmt.Fprintf(&b, "Of the %d %s%s, %d (%.1f%%) %s", whole, plural(noun, whole), of, len(part), pct, what)
			if len(part) > 0 {
				b.WriteString(": ")
				for i, id := range ids {
					if i > 0 {
						b.WriteString("; ")
					}
					b.WriteString(p.label(id))
					b.WriteString(cite(id))
				}
				if len(part) > len(ids) {
					fmt.Fprintf(&b, " and %d more", len(part)-len(ids))
				}
			}
			b.WriteString(".")
			if unknown > 0 {
				fmt.Fprintf(&b, " Not an exact answer: %d of the %d state no %s in the data.", unknown, whole, attr)
			}
			if missed := append(slices.Clone(pl.Dropped), pl.Unread...); len(missed) > 0 {
				fmt.Fprintf(&b, " Not an exact answer: the data records nothing on %s.", quoteWords(missed))
			}
			return b.String()
		}}, true
}

// placesArePart reports whether a share question's places select the
// part, not the whole: it has no other condition to select a part by.
func placesArePart(pl *plan.Plan) bool {
	c := pl.Constraints
	return len(c.Places) > 0 && c.Accreditation == "" && len(c.GovernanceCodes)+len(c.Sizes)+len(c.Subjects)+len(c.Has)+len(c.Lacks) == 0 &&
		c.Years == nil && !(c.Status != "" && statusNamed(pl.Question))
}

// shareWords says what a share is of (" in Wales") and what its part
// does ("are accredited"), from the plan's conditions.
func shareWords(pl router.Plan) (of, what string) {
	c := pl.Constraints
	places := func() string {
		var ts []string
		for _, p := range c.Places {
			ts = append(ts, p.Text)
		}
		return strings.Join(ts, " or ")
	}
	if placesArePart(&pl) {
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
	if c.Status != "" && statusNamed(pl.Question) {
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
	if len(parts) == 0 || len(c.GovernanceCodes)+len(c.Has)+len(c.Lacks) > 0 {
		parts = append(parts, "meet the question's other conditions")
	}
	return of, strings.Join(parts, " and ")
}

// unstated counts the records of the whole that state nothing of the
// attribute a share's part is selected by, and names it: such a record
// may belong to the part.
func (p *Pipeline) unstated(whole []string, c plan.Constraints) (int, string) {
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
