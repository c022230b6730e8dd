package answer

import (
	"cmp"

	"slices"
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
)

// PlaceOf is the place of a record at a group level, "" when the record
// states none (a town read from the record's own name is no statement).
func PlaceOf(in *heritage.Institution, level string) string {
	switch level {
	case "city":
		if in.CityInferred {
			return ""
		}
		return in.City
	case "county":
		return in.County()
	case "district":
		return in.District()
	case "subregion":
		return in.Subregion()
	case "region":
		return in.Region()
	case "country":
		return in.Country
	case "opened", "closed":
		// a year, when the record states one (not a span of years)
		from, to, ok := in.Opened()
		if level == "closed" {
			from, to, ok = in.Closed()
		}
		if ok && from == to {
			return strconv.Itoa(from)
		}
	case "operator":
		// the organisation the data has running it now
		for _, m := range in.MemberOf() {
			if m.Relation == heritage.RelOperatedBy && m.Until == "" {
				return m.Name
			}
		}
	case "subject":
		// the first part of the record's subject ("War and conflict" of
		// "War and conflict / Military")
		if len(in.Subjects) > 0 {
			top, _, _ := strings.Cut(in.Subjects[0], " / ")
			return strings.TrimSpace(top)
		}
	case "opened_decade", "closed_decade":
		// a decade, when the record's year or span of years lies in one
		from, to, ok := in.Opened()
		if level == "closed_decade" {
			from, to, ok = in.Closed()
		}
		if ok && from/10 == to/10 {
			return strconv.Itoa(from/10*10) + "s"
		}
	}
	return ""
}

// levelNoun names a group level in answers.
func levelNoun(pr *locale.Printer, level string, n int) string {
	nouns := map[string][2]string{
		"city": {pr.Text("town"), pr.Text("towns")}, "county": {pr.Text("county"), pr.Text("counties")}, "district": {pr.Text("district"), pr.Text("districts")}, "subregion": {pr.Text("region"), pr.Text("regions")},
		"region": {pr.Text("nation"), pr.Text("nations")}, "country": {pr.Text("country"), pr.Text("countries")},
		"opened": {pr.Text("opening year"), pr.Text("opening years")}, "closed": {pr.Text("closing year"), pr.Text("closing years")},
		"operator":      {pr.Text("organisation"), pr.Text("organisations")},
		"opened_decade": {pr.Text("decade of opening"), pr.Text("decades of opening")},
		"closed_decade": {pr.Text("decade of closing"), pr.Text("decades of closing")},
		"subject":       {pr.Text("subject"), pr.Text("subjects")},
	}[level]
	if n == 1 {
		return nouns[0]
	}
	return nouns[1]
}

// groupAnswer answers a question for the places holding the most (or the
// fewest) of a set: the set's members counted by the place they state at
// the level asked, the first g.N places (and any that tie with the last),
// or every place for a count per place (g.Each). closed is the number of
// closed institutions left out (see closedLeftOut).
// It is exact only when every member states a place at that level, no
// condition went unread and no member was placed by its name; for "the
// fewest" it says that places holding none are not counted.
func (p *Base) groupAnswer(pln plan.Plan, ids, unread []string, inferred, closed int) Draft {
	pr := locale.For(pln.Lang)
	c := pln.Constraints
	g := *c.Group
	noun := TypeNoun(pr, c.TypeCodes)
	by := map[string][]string{}
	missing, open := 0, 0
	for _, id := range ids {
		in, ok := p.data.Get(id)
		if ok && (g.Level == "closed" || g.Level == "closed_decade") && in.IsOpen() {
			// an open institution has not closed: it is no member
			// without a closing year
			open++
			continue
		}
		if !ok {
			continue
		}
		pl := PlaceOf(in, g.Level)
		if pl == "" {
			missing++
			continue
		}
		by[pl] = append(by[pl], id)
	}
	groups := make([]AnswerGroup, 0, len(by))
	for pl, members := range by {
		groups = append(groups, AnswerGroup{Label: pl, IDs: members, Count: len(members)})
	}
	slices.SortFunc(groups, func(a, b AnswerGroup) int {
		d := cmp.Compare(b.Count, a.Count)
		if g.Fewest {
			d = -d
		}
		return cmp.Or(d, strings.Compare(a.Label, b.Label))
	})
	n := min(g.N, len(groups))
	for n > 0 && n < len(groups) && groups[n].Count == groups[n-1].Count {
		n++ // a tie with the last one shown is shown too
	}
	top := groups[:n]
	var first []string
	if len(top) > 0 {
		first = top[0].IDs
	}
	a := Answer{Kind: KindSet, IDs: first, Groups: top, Count: len(top),
		Exact: len(top) > 0 && missing == 0 && len(unread) == 0 && inferred == 0}
	if len(top) == 1 {
		a.Value = top[0].Label
	}
	most := pr.Text("most")
	if g.Fewest {
		most = pr.Text("fewest")
	}
	return Draft{Answer: a, render: func(cite func(string) string) string {
		var b strings.Builder
		total := len(ids) - missing - open
		that := ""
		if missing > 0 {
			that = pr.Text(" that state their ") + levelNoun(pr, g.Level, 1)
		}
		switch {
		case len(top) == 0:
			pr.Fprintf(&b, "None of the %d %s the question selects states its %s", len(ids), pr.Plural(noun, len(ids)), levelNoun(pr, g.Level, 1))
		case g.Each:
			// "per county": every place with its count, most first
			pr.Fprintf(&b, "Of the %d %s the question selects%s, by %s (%d): ", total, pr.Plural(noun, total), that, levelNoun(pr, g.Level, 1), len(top))
			for i, gr := range top {
				if i > 0 {
					b.WriteString("; ")
				}
				pr.Fprintf(&b, "%s %d", gr.Label, gr.Count)
			}
		case len(top) == 1:
			pr.Fprintf(&b, "Of the %d %s the question selects%s, %s has the %s: ", total, pr.Plural(noun, total), that, top[0].Label, most)
			p.writeGroup(pr, &b, top[0], true, cite)
		default:
			pr.Fprintf(&b, "Of the %d %s the question selects%s, the %d %s with the %s: ", total, pr.Plural(noun, total), that, len(top), levelNoun(pr, g.Level, len(top)), most)
			writeShown(pr, &b, len(top), func(i int) {
				b.WriteString(top[i].Label + " ")
				p.writeGroup(pr, &b, top[i], i == 0, cite)
			})
		}
		writeNotes(pr, &b, nil, placeReadings(pr, c.Places)...)
		writeNotes(pr, &b, nil, closedLeftOutNote(closed, noun, pr.Text("counted")))
		var notes []Note
		if missing > 0 {
			notes = append(notes, UnstatedLevel{N: missing, Of: len(ids) - open, Level: g.Level})
		}
		if g.Fewest && len(top) > 0 {
			notes = append(notes, OnlyHolding{Level: g.Level})
		}
		if inferred > 0 {
			notes = append(notes, PlacedByTown{N: inferred, Noun: noun})
		}
		writeNotes(pr, &b, nil, append(notes, p.unreadNotes(unread)...)...)
		return b.String()
	}}
}

// writeGroup writes a place's count and, when named is set, its first
// three institutions: "98 (A [1]; B [2]; C [3] …)".
func (p *Base) writeGroup(pr *locale.Printer, b *strings.Builder, gr AnswerGroup, named bool, cite func(string) string) {
	pr.Fprintf(b, "%d", gr.Count)
	if !named || len(gr.IDs) == 0 {
		return
	}
	b.WriteString(" (")
	for i, id := range gr.IDs[:min(len(gr.IDs), 3)] {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(p.label(id) + cite(id))
	}
	if len(gr.IDs) > 3 {
		b.WriteString(" …")
	}
	b.WriteString(")")
}
