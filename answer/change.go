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
	pr := locale.For(pl.Lang)
	c := pl.Constraints
	ch := setChange{to: p.asOf}
	if y := c.Years; y != nil {
		ch.from = y.From
		if y.To != 0 {
			ch.to = y.To
		}
	}
	for _, id := range sel.Change {
		if r, ok := p.data.Get(id); ok {
			ch.add(r)
		}
	}
	byYear := func(field string) func(a, b *heritage.Institution) int {
		return func(a, b *heritage.Institution) int {
			ya, _, _ := yearsOf(a, field)
			yb, _, _ := yearsOf(b, field)
			return yb - ya // the latest first
		}
	}
	slices.SortStableFunc(ch.opened, byYear("opened"))
	slices.SortStableFunc(ch.closed, byYear("closed"))
	ids := func(ins []*heritage.Institution) []string {
		out := make([]string, len(ins))
		for i, r := range ins {
			out[i] = r.ID
		}
		return out
	}
	opened, closed := ch.opened, ch.closed
	a := Answer{Kind: KindSet, Value: pr.Sprintf("%+d", len(opened)-len(closed)), Count: len(opened) + len(closed),
		IDs:    append(ids(opened), ids(closed)...),
		Groups: []AnswerGroup{{Label: pr.Text("opened"), IDs: ids(opened), Count: len(opened)}, {Label: pr.Text("closed"), IDs: ids(closed), Count: len(closed)}},
		Exact:  ch.undatedOpen == 0 && ch.undatedClose == 0 && len(pl.Unused(plan.UnusedUnread)) == 0}
	return Draft{Answer: a, render: changeText{p: p, pl: pl, ch: ch}.render}
}

// setChange is how a set changed between two years (from 0: from the
// first the data records): the institutions that opened and closed in
// them, how many were open at each end, and how many may have opened or
// closed in them for all the data says.
type setChange struct {
	from, to                  int
	opened, closed            []*heritage.Institution
	atStart, atEnd            int
	undatedOpen, undatedClose int
}

func (ch *setChange) in(lo, hi int) bool { return lo >= ch.from && hi <= ch.to }
func (ch *setChange) before(hi int) bool { return ch.from != 0 && hi < ch.from }

// add counts one institution of the set.
func (ch *setChange) add(r *heritage.Institution) {
	oFrom, oTo, oKnown := r.Opened()
	cFrom, cTo, cKnown := r.Closed()
	isClosed := r.Status() == "closed"
	switch {
	case oKnown && ch.in(oFrom, oTo):
		ch.opened = append(ch.opened, r)
	case !oKnown || !ch.before(oTo) && oFrom <= ch.to:
		ch.undatedOpen++ // no year, or a span across the start or the end
	}
	switch {
	case !isClosed || cKnown && (ch.before(cTo) || cFrom > ch.to):
	case cKnown && ch.in(cFrom, cTo):
		ch.closed = append(ch.closed, r)
	default:
		ch.undatedClose++ // no year, or a span across the start or the end
	}
	// open at the start: opened before it and not closed before it;
	// at the end: opened by it and not closed by it
	if ch.from != 0 && oKnown && ch.before(oTo) && !(isClosed && cKnown && ch.before(cTo)) {
		ch.atStart++
	}
	if oKnown && oTo <= ch.to && !(isClosed && cKnown && cTo <= ch.to) && !(isClosed && !cKnown) {
		ch.atEnd++
	}
}

// changeText is what an answer about a set's change says.
type changeText struct {
	p  *Base
	pl plan.Plan
	ch setChange
}

func (t changeText) render(cite func(string) string) string {
	pr := locale.For(t.pl.Lang)
	ch, c := t.ch, t.pl.Constraints
	opened, closed := ch.opened, ch.closed
	noun := TypeNoun(pr, c.TypeCodes)
	span := pr.Sprintf("Between %d and %d", ch.from, ch.to)
	if ch.from == 0 {
		span = pr.Sprintf("Up to %d", ch.to)
	}
	var b strings.Builder
	pr.Fprintf(&b, "%s, %d %s the question selects opened and %d closed, a net change of %+d",
		span, len(opened), pr.Plural(noun, len(opened)), len(closed), len(opened)-len(closed))
	if ch.from != 0 {
		pr.Fprintf(&b, " (open at the start of %d: %d; at the end of %d: %d)", ch.from, ch.atStart, ch.to, ch.atEnd)
	}
	writeNotes(pr, &b, nil, placeReadings(pr, c.Places)...)
	t.writeLatest(&b, pr.Text("Opened"), pr.Text("opened"), opened, cite)
	t.writeLatest(&b, pr.Text("Closed"), pr.Text("closed"), closed, cite)
	if ch.undatedOpen > 0 || ch.undatedClose > 0 {
		writeNotes(pr, &b, nil, UndatedChange{Opened: ch.undatedOpen, Closed: ch.undatedClose})
	}
	writeNotes(pr, &b, nil, t.p.unreadNotes(t.pl.Unused(plan.UnusedUnread))...)
	return b.String() + "."
}

// writeLatest names the five latest of the institutions that opened or
// closed, with their years.
func (t changeText) writeLatest(b *strings.Builder, verb, field string, ins []*heritage.Institution, cite func(string) string) {
	pr := locale.For(t.pl.Lang)
	if len(ins) == 0 {
		return
	}
	pr.Fprintf(b, ". %s, the latest first: ", verb)
	for i, r := range ins[:min(len(ins), 5)] {
		if i > 0 {
			b.WriteString("; ")
		}
		pr.Fprintf(b, "%s (%s)%s", t.p.label(r.ID), heritage.YearsText(yearsOf(r, field)), cite(r.ID))
	}
	if len(ins) > 5 {
		pr.Fprintf(b, " and %d more", len(ins)-5)
	}
}
