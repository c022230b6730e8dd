package answer

import (
	"context"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
)

// selectNotMembers fills sel.NotMembers for a list that leaves out the
// members of bodies ("Which museums in Kent are not run by the National
// Trust?"), inside the graph leg: membership is the graph's to tell.
func (p *Base) selectNotMembers(ctx context.Context, sel *kg.Selection, pl *plan.Plan) error {
	n := pl.Constraints.Not
	if !sel.Selected || n == nil || len(n.Bodies) == 0 {
		return nil
	}
	ids, err := p.graph.Select(ctx, plan.Constraints{Bodies: n.Bodies}, sel.AsOf)
	if err != nil {
		return err
	}
	sel.NotMembers = ids
	return nil
}

// negatedConditions returns, for constraints that negate values (see
// plan.Constraints.Not), lacks: the record states every negated field
// and has none of the values; and unstated: the record has none of the
// values it states but leaves a negated field unstated (no size, no
// accreditation recorded), so it is not known to lack the value. Both
// are nil when nothing is negated. members are the members of the
// negated bodies.
func negatedConditions(c plan.Constraints, members []string) (lacks, unstated func(*heritage.Institution) bool) {
	if !c.Negates() {
		return nil, nil
	}
	n := *c.Not
	// has reports whether the record has a negated value and whether it
	// states every negated field
	has := func(in *heritage.Institution) (hit, stated bool) {
		stated = true
		check := func(asked bool, value string, match func() bool) {
			switch {
			case !asked:
			case value == "" || strings.EqualFold(value, "unknown"):
				stated = false
			case match():
				hit = true
			}
		}
		check(len(n.Sizes) > 0, in.Size(), func() bool { return kg.SizesMatch(n.Sizes, in.Size()) })
		check(n.Accreditation != "", in.Accreditation(), func() bool { return strings.EqualFold(n.Accreditation, in.Accreditation()) })
		check(len(n.GovernanceCodes) > 0, in.GovernanceCode(), func() bool { return slices.Contains(n.GovernanceCodes, in.GovernanceCode()) })
		check(len(n.Subjects) > 0, strings.Join(in.Subjects, ""), func() bool { return kg.SubjectsMatch(n.Subjects, in.Subjects) })
		if _, ok := slices.BinarySearch(members, in.ID); ok {
			hit = true
		}
		for _, nm := range n.Names {
			hit = hit || slices.Contains(nm.IDs, in.ID)
		}
		if y := n.Years; y != nil {
			switch in, known := negatedYears(in, y); {
			case !known:
				stated = false
			case in:
				hit = true
			}
		}
		return hit, stated
	}
	members = slices.Clone(members)
	slices.Sort(members)
	lacks = func(in *heritage.Institution) bool { hit, stated := has(in); return !hit && stated }
	unstated = func(in *heritage.Institution) bool { hit, stated := has(in); return !hit && !stated }
	return lacks, unstated
}

// negatedYears reports whether the record's opening (or closing) years
// lie inside the span y and whether the data tells: a record with no
// year, or with a span of years that reaches into y without lying inside
// it, does not tell. An open institution did not close in any years.
func negatedYears(rec *heritage.Institution, y *plan.YearRange) (in, known bool) {
	from, to, ok := rec.Opened()
	if y.Field == "closed" {
		if rec.IsOpen() {
			return false, true
		}
		from, to, ok = rec.Closed()
	}
	switch {
	case !ok:
		return false, false
	case withinYears(from, to, y):
		return true, true
	case y.From > 0 && to < y.From || y.To > 0 && from > y.To:
		return false, true
	}
	return false, false
}

// andKeep is keep and also, either of which may be nil (passes all).
func andKeep(keep, also func(*heritage.Institution) bool) func(*heritage.Institution) bool {
	switch {
	case keep == nil:
		return also
	case also == nil:
		return keep
	}
	return func(in *heritage.Institution) bool { return keep(in) && also(in) }
}

// negatedFields names the fields c.Not negates that a record may leave
// unstated ("size", "accreditation"), for the note on the members left
// out.
func negatedFields(pr *locale.Printer, n *plan.Constraints) string {
	var out []string
	if len(n.Sizes) > 0 {
		out = append(out, pr.Text("size"))
	}
	if n.Accreditation != "" {
		out = append(out, pr.Text("accreditation"))
	}
	if len(n.GovernanceCodes) > 0 {
		out = append(out, pr.Text("governance"))
	}
	if n.Years != nil {
		out = append(out, map[string]string{"opened": pr.Text("opening year"), "closed": pr.Text("closing year")}[n.Years.Field])
	}
	if len(n.Subjects) > 0 {
		out = append(out, pr.Text("subjects"))
	}
	return strings.Join(out, pr.Text(" or "))
}

// verb is one when n is 1, else many.
func verb(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// negationText says what the members of a set must not be, for an
// answer that none of them is ("is not small", "is not run by or part of
// the National Trust").
func negationText(pr *locale.Printer, n *plan.Constraints) string {
	if n == nil {
		return ""
	}
	var out []string
	if len(n.Sizes) > 0 {
		out = append(out, pr.Text("is not ")+strings.Join(n.Sizes, pr.Text(" or ")))
	}
	if n.Accreditation != "" {
		out = append(out, pr.Text("is not ")+strings.ToLower(n.Accreditation))
	}
	if len(n.GovernanceCodes) > 0 {
		out = append(out, pr.Text("is not of governance ")+strings.Join(n.GovernanceCodes, pr.Text(" or ")))
	}
	if len(n.Subjects) > 0 {
		out = append(out, pr.Text("is not about ")+strings.Join(n.Subjects, pr.Text(" or ")))
	}
	if n.Years != nil {
		out = append(out, pr.Text("did not ")+map[string]string{"opened": pr.Text("open"), "closed": pr.Text("close")}[n.Years.Field]+" "+spanText(pr, n.Years))
	}
	if len(n.Bodies) > 0 {
		names := make([]string, len(n.Bodies))
		for i, b := range n.Bodies {
			names[i] = b.Name
		}
		out = append(out, pr.Text("is not run by or part of ")+strings.Join(names, pr.Text(" or ")))
	}
	return strings.Join(out, pr.Text(" and "))
}
