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

// selectSpanning fills sel.Spanning for a list with a condition on years:
// the same conditions without the years select the candidates, and those
// whose span of years overlaps the years asked without lying inside them
// are kept. The selection by years leaves them out, so without them a
// list of the toy museums that closed in the 1980s would be called exact
// while three more may have closed then.
func (p *Base) selectSpanning(ctx context.Context, sel *kg.Selection, pl *plan.Plan) error {
	c := pl.Constraints
	if c.Years == nil || !c.List || len(pl.Sides) > 1 || c.Group != nil || c.Order != nil {
		return nil
	}
	wide := c.Clone()
	wide.Years = nil
	var ids []string
	switch {
	case wide.Selective():
		var err error
		if ids, err = p.graph.Select(ctx, wide, sel.AsOf); err != nil {
			return err
		}
	case len(wide.TypeCodes) > 0 && len(wide.Names)+len(wide.Bodies) == 0 && wide.Relation == "" && !wide.HasIDs():
		// "Which museums closed in 2015?": the kind's records are the
		// candidates (the graph selects nothing by a kind alone)
		ids = p.ofKinds(wide.TypeCodes, wide.Status)
	default:
		return nil
	}
	sel.WithoutYears = ids
	if len(c.Places) == 1 {
		// "Which museums in Bavaria opened after 1990?": records in
		// Germany that name no town and no opening year may be members
		for _, w := range p.widened(pl) {
			w.Years = nil
			wide, err := p.graph.Select(ctx, w, sel.AsOf)
			if err != nil {
				return err
			}
			a := p.areaOf(c.Places[0])
			for _, id := range wide {
				r, ok := p.data.Get(id)
				if !ok || len(p.data.Towns(r)) > 0 || a == nil || !a.mayBeIn(r) {
					continue
				}
				if _, _, dated := yearsOf(r, c.Years.Field); !dated {
					sel.UnplacedUndated = append(sel.UnplacedUndated, id)
				}
			}
		}
	}
	for _, id := range ids {
		if in, ok := p.data.Get(id); ok && spansInto(in, c.Years) {
			sel.Spanning = append(sel.Spanning, id)
		}
	}
	return nil
}

// ofKinds are the ids of the records of the kinds, of the status when
// one is given.
func (p *Base) ofKinds(codes []string, status string) []string {
	var ids []string
	for i := range p.data.Institutions {
		in := &p.data.Institutions[i]
		if !slices.Contains(codes, in.TypeCode) || status == "open" && !in.IsOpen() || status == "closed" && in.IsOpen() {
			continue
		}
		ids = append(ids, in.ID)
	}
	return ids
}

// spansInto reports whether a record's opening (or closing) years are a
// span that overlaps the range without lying inside it.
func spansInto(in *heritage.Institution, y *plan.YearRange) bool {
	from, to, ok := in.Opened()
	if y.Field == "closed" {
		from, to, ok = in.Closed()
	}
	return ok && from < to && !withinYears(from, to, y) &&
		(y.From == 0 || to >= y.From) && (y.To == 0 || from <= y.To)
}

// onlySpanning answers a list by years that selects none for certain but
// some that may belong to it (see selectSpanning): "No museum the
// question selects surely closed in those years. Not an exact answer: the
// data gives the closing years of 2 more only as a span …".
func (p *Base) onlySpanning(pl plan.Plan, ids []string) Draft {
	pr := locale.For(pl.Lang)
	c := pl.Constraints
	a := Answer{Kind: KindSet}
	if pl.Frame == plan.FrameCount {
		a.Value = "0"
	}
	verb := pr.Text("opened")
	if c.Years.Field == "closed" {
		verb = pr.Text("closed")
	}
	return Draft{Answer: a, also: ids, render: func(cite func(string) string) string {
		var b strings.Builder
		pr.Fprintf(&b, "No %s the question selects surely %s %s", TypeNoun(pr, c.TypeCodes), verb, spanText(pr, c.Years))
		writeNotes(pr, &b, nil, yearsRead(c.Years))
		writeNotes(pr, &b, nil, placeReadings(pr, c.Places)...)
		writeNotes(pr, &b, cite, p.spanningNote(pr, ids, c.Years, false))
		writeNotes(pr, &b, nil, p.unreadNotes(pl.Unused(plan.UnusedUnread))...)
		return b.String() + "."
	}}
}

// noneInYears answers a list by years that selects none, while the same
// question without its years selects some (sel.WithoutYears): "No museum
// the question selects closed up to 1989. Without the years it selects 6,
// which closed in 1996 to 2019: Museum of Automata (1996) [1]; …", the
// nearest to the years asked first. An institution the data has open did
// not close; one that gives no year for the field leaves the answer open,
// and the answer says so.
func (p *Base) noneInYears(sel *kg.Selection, pl plan.Plan, keep func(*heritage.Institution) bool) (Draft, bool) {
	pr := locale.For(pl.Lang)
	c := pl.Constraints
	y := c.Years
	if y == nil || sel == nil || len(sel.WithoutYears) == 0 {
		return Draft{}, false
	}
	type dated struct {
		in       *heritage.Institution
		from, to int
	}
	var ins []dated
	for _, id := range sel.WithoutYears {
		in, ok := p.data.Get(id)
		if !ok || keep != nil && !keep(in) || y.Field == "closed" && in.Status() == "open" {
			continue // an open one did not close
		}
		from, to, known := yearsOf(in, y.Field)
		switch {
		case !known:
			// counted by undatedNote
		case withinYears(from, to, y) || spansInto(in, y):
			return Draft{}, false // a member, or one that may be: not this answer's case
		default:
			ins = append(ins, dated{in, from, to})
		}
	}
	undated := p.undatedNote(pr, sel, c, keep)
	if len(ins) == 0 && undated == "" {
		return Draft{}, false
	}
	// the nearest to the years asked first
	distance := func(d dated) int {
		if y.To != 0 && d.from > y.To {
			return d.from - y.To
		}
		return y.From - d.to
	}
	slices.SortStableFunc(ins, func(a, b dated) int { return distance(a) - distance(b) })
	shown := ins[:min(len(ins), 5)]
	ids := make([]string, len(shown))
	for i, d := range shown {
		ids[i] = d.in.ID
	}
	noun := TypeNoun(pr, c.TypeCodes)
	verb := map[string]string{"opened": pr.Text("opened"), "closed": pr.Text("closed")}[y.Field]
	unplaced := p.unplacedNote(sel, pl, keep)
	a := Answer{Kind: KindSet, Exact: undated == "" && unplaced == "" && len(pl.Unused(plan.UnusedUnread)) == 0}
	if pl.Frame == plan.FrameCount {
		a.Value = "0"
	}
	return Draft{Answer: a, also: ids, render: func(cite func(string) string) string {
		var b strings.Builder
		pr.Fprintf(&b, "No %s the question selects %s %s", noun, verb, spanText(pr, y))
		writeNotes(pr, &b, nil, yearsRead(y))
		writeNotes(pr, &b, nil, placeReadings(pr, c.Places)...)
		if len(ins) > 0 {
			n := len(ins)
			lo, hi := ins[0].from, ins[0].to
			for _, d := range ins {
				lo, hi = min(lo, d.from), max(hi, d.to)
			}
			pr.Fprintf(&b, ". Without the years it selects %d that %s %s: ", n, verb, spanText(pr, &plan.YearRange{From: lo, To: hi}))
			for i, d := range shown {
				if i > 0 {
					b.WriteString("; ")
				}
				pr.Fprintf(&b, "%s (%s)%s", d.in.Name, heritage.YearsText(d.from, d.to, true), cite(d.in.ID))
			}
			if n > len(shown) {
				pr.Fprintf(&b, " and %d more", n-len(shown))
			}
		}
		writeNotes(pr, &b, nil, notExact(undated))
		writeNotes(pr, &b, nil, notExact(unplaced))
		writeNotes(pr, &b, nil, p.unreadNotes(pl.Unused(plan.UnusedUnread))...)
		return b.String() + "."
	}}, true
}

// undatedNote says how many institutions may belong to a list by years
// though the data cannot place them in those years: those meeting its
// other conditions that give no year of the field (an institution the
// data has open did not close), and those in the place's countries that
// name neither a town nor such a year. It is "" when there are none.
func (p *Base) undatedNote(pr *locale.Printer, sel *kg.Selection, c plan.Constraints, keep func(*heritage.Institution) bool) string {
	y := c.Years
	if y == nil || y.Field != "opened" && y.Field != "closed" {
		return ""
	}
	counted := func(ids []string, placed bool) int {
		n := 0
		for _, id := range ids {
			r, ok := p.data.Get(id)
			if !ok || keep != nil && !keep(r) || y.Field == "closed" && r.Status() == "open" {
				continue
			}
			if _, _, dated := yearsOf(r, y.Field); !dated || !placed {
				n++
			}
		}
		return n
	}
	undated, unplaced := counted(sel.WithoutYears, true), counted(sel.UnplacedUndated, false)
	if undated+unplaced == 0 {
		return ""
	}
	year := map[string]string{"opened": pr.Text("opening"), "closed": pr.Text("closing")}[y.Field]
	var parts []string
	if undated > 0 {
		verb := pr.Text("record")
		if undated == 1 {
			verb = pr.Text("records")
		}
		parts = append(parts, pr.Sprintf("%d more %s the question selects without the years %s no %s year",
			undated, pr.Plural(TypeNoun(pr, c.TypeCodes), undated), verb, year))
	}
	if unplaced > 0 {
		parts = append(parts, pr.Sprintf("the records of %d more name neither a town nor an %s year", unplaced, year))
	}
	return strings.Join(parts, pr.Text(", and ")) + pr.Text(", and some may belong to the list")
}

// yearsOf is a record's opening or closing years, by field.
func yearsOf(in *heritage.Institution, field string) (from, to int, ok bool) {
	if field == "closed" {
		return in.Closed()
	}
	return in.Opened()
}
