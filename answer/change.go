package answer

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/plan"
)

// selectChange fills sel.Change for a question about how a set changed
// (plan.Constraints.Change): the set's institutions of every status,
// whatever their years.
func (p *Base) selectChange(ctx context.Context, sel *kg.Selection, pl *plan.Plan) error {
	c := pl.Constraints
	if !c.Change {
		return nil
	}
	all := c.Clone()
	all.Years, all.Status, all.StatusByTense = nil, "", false
	all.List = true
	ids, err := p.graph.Select(ctx, all, sel.AsOf)
	if err != nil {
		return err
	}
	sel.Change = ids
	return nil
}

// changeAnswer answers how a set changed over the question's years (from
// its first year, or from the first the data records, to the data's
// present): how many opened and how many closed, the net change, and how
// many were open at each end. An institution whose opening year the data
// does not give (or gives only as a span reaching across the years'
// start) may have opened in them, and one closed with no closing year may
// have closed in them: the answer counts them apart and is then not
// exact.
func (p *Base) changeAnswer(sel *kg.Selection, pl plan.Plan) Draft {
	c := pl.Constraints
	from, to := 0, p.asOf
	if y := c.Years; y != nil {
		from = y.From
		if y.To != 0 {
			to = y.To
		}
	}
	var opened, closed []*heritage.Institution
	atStart, atEnd, undatedOpen, undatedClose := 0, 0, 0, 0
	in := func(lo, hi int) bool { return lo >= from && hi <= to }
	before := func(hi int) bool { return from != 0 && hi < from }
	for _, id := range sel.Change {
		r, ok := p.data.Get(id)
		if !ok {
			continue
		}
		oFrom, oTo, oKnown := r.Opened()
		cFrom, cTo, cKnown := r.Closed()
		isClosed := r.Status == "closed"
		switch {
		case oKnown && in(oFrom, oTo):
			opened = append(opened, r)
		case !oKnown || !before(oTo) && oFrom <= to:
			undatedOpen++ // no year, or a span across the start or the end
		}
		switch {
		case !isClosed || cKnown && (before(cTo) || cFrom > to):
		case cKnown && in(cFrom, cTo):
			closed = append(closed, r)
		default:
			undatedClose++ // no year, or a span across the start or the end
		}
		// open at the start: opened before it and not closed before it;
		// at the end: opened by it and not closed by it
		if from != 0 && oKnown && before(oTo) && !(isClosed && cKnown && before(cTo)) {
			atStart++
		}
		if oKnown && oTo <= to && !(isClosed && cKnown && cTo <= to) && !(isClosed && !cKnown) {
			atEnd++
		}
	}
	byYear := func(field string) func(a, b *heritage.Institution) int {
		return func(a, b *heritage.Institution) int {
			ya, _, _ := yearsOf(a, field)
			yb, _, _ := yearsOf(b, field)
			return yb - ya // the latest first
		}
	}
	slices.SortStableFunc(opened, byYear("opened"))
	slices.SortStableFunc(closed, byYear("closed"))
	ids := func(ins []*heritage.Institution) []string {
		out := make([]string, len(ins))
		for i, r := range ins {
			out[i] = r.ID
		}
		return out
	}
	noun := TypeNoun(c.TypeCodes)
	net := len(opened) - len(closed)
	a := Answer{Kind: KindSet, Value: fmt.Sprintf("%+d", net), Count: len(opened) + len(closed),
		IDs:    append(ids(opened), ids(closed)...),
		Groups: []AnswerGroup{{Label: "opened", IDs: ids(opened), Count: len(opened)}, {Label: "closed", IDs: ids(closed), Count: len(closed)}},
		Exact:  undatedOpen == 0 && undatedClose == 0 && len(pl.Unread) == 0}
	span := fmt.Sprintf("Between %d and %d", from, to)
	if from == 0 {
		span = fmt.Sprintf("Up to %d", to)
	}
	return Draft{Answer: a, render: func(cite func(string) string) string {
		var b strings.Builder
		fmt.Fprintf(&b, "%s, %d %s the question selects opened and %d closed, a net change of %+d",
			span, len(opened), plural(noun, len(opened)), len(closed), net)
		if from != 0 {
			fmt.Fprintf(&b, " (open at the start of %d: %d; at the end of %d: %d)", from, atStart, to, atEnd)
		}
		writePlaceReadings(&b, c.Places)
		for _, g := range []struct {
			verb  string
			field string
			ins   []*heritage.Institution
		}{{"Opened", "opened", opened}, {"Closed", "closed", closed}} {
			if len(g.ins) == 0 {
				continue
			}
			fmt.Fprintf(&b, ". %s, the latest first: ", g.verb)
			for i, r := range g.ins[:min(len(g.ins), 5)] {
				if i > 0 {
					b.WriteString("; ")
				}
				fmt.Fprintf(&b, "%s (%s)%s", p.label(r.ID), heritage.YearsText(yearsOf(r, g.field)), cite(r.ID))
			}
			if len(g.ins) > 5 {
				fmt.Fprintf(&b, " and %d more", len(g.ins)-5)
			}
		}
		if undatedOpen > 0 || undatedClose > 0 {
			fmt.Fprintf(&b, ". Not an exact answer: the data gives no opening year (or only a span reaching outside the years) for %d, "+
				"and no closing year for %d that have closed; they are not counted", undatedOpen, undatedClose)
		}
		p.writeUnread(&b, pl.Unread)
		return b.String() + "."
	}}
}
