package answer

import (
	"cmp"

	"maps"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
)

// ranked is one member of a set with the value it is ordered by: a span of
// years (from = to for one year) or a size's rank.
type ranked struct {
	id       string
	from, to int
	text     string
}

// OrderYears is the range of years a record is ordered by for the
// attribute ("opened", "closed"), and whether the data records it (for a
// closing order, only a closed record's).
func OrderYears(in *heritage.Institution, attribute string) (from, to int, known bool) {
	r, known, _ := orderValue(in, attribute)
	return r.from, r.to, known
}

// orderValue is what a record is ordered by (pairValue's), and whether
// the data records it. For a closing order only closed records take part
// (ok and member false for an open one).
func orderValue(in *heritage.Institution, attribute string) (r ranked, ok, member bool) {
	if attribute == "closed" && in.IsOpen() {
		return ranked{id: in.ID}, false, false
	}
	v, text, ok := pairValue(in, attribute)
	r = ranked{id: in.ID, from: v[0], to: v[1], text: text}
	if attribute != "size" {
		r.text = shortYears(v[0], v[1], ok)
	}
	return r, ok, true
}

// orderedAnswer answers a question for the first members of a set in an
// order ("the oldest museum in Edinburgh"): the set's members whose value
// the data records, ordered, the first o.N of them (and any that tie with
// the last). It is exact only when every member has a value, the values
// settle the order at the cut (a span of years that overlaps the next one
// does not), no condition of the question went unread, and no record with
// a value that names no town could be in the question's town (unplaced,
// see unplacedNote). closed is the number of closed institutions with a
// value that the order leaves out because the question asked for open
// ones by its tense alone (see closedLeftOut); the answer says so.
func (p *Base) orderedAnswer(pln plan.Plan, ids []string, unread []string, inferred int, unplaced string, closed int) Draft {
	pr := locale.For(pln.Lang)
	c := pln.Constraints
	o := *c.Order
	noun := TypeNoun(pr, c.TypeCodes)
	var vals []ranked
	missing := 0
	members := p.eachOrderMember(ids, o.Attribute, func(_ *heritage.Institution, r ranked, known bool) {
		if !known {
			missing++
			return
		}
		vals = append(vals, r)
	})
	top, settled := p.firstInOrder(vals, o)
	out := make([]string, len(top))
	for i, r := range top {
		out[i] = r.id
	}
	exact := len(top) > 0 && missing == 0 && settled && len(unread) == 0 && inferred == 0 && unplaced == ""
	a := Answer{Kind: KindSet, IDs: out, Exact: exact, Count: len(top)}
	what := orderPhrase(pr, o, len(top))
	return Draft{Answer: a, render: func(cite func(string) string) string {
		var b strings.Builder
		switch {
		case members == 0:
			pr.Fprintf(&b, "None of the %d %s the question selects is recorded as closed", len(ids), pr.Plural(noun, len(ids)))
		case len(top) == 0:
			pr.Fprintf(&b, "The data records no %s for any of the %d %s the question selects", attrLabel(pr, o.Attribute), members, pr.Plural(noun, members))
		case members == 1:
			pr.Fprintf(&b, "The question selects only 1 %s: ", noun)
		case o.N == 1 && len(top) > 1:
			// a tie for the first place: "16 of the 17 museums the
			// question selects tie for the largest (large)"
			pr.Fprintf(&b, "%d of the %d %s the question selects tie for the %s (%s): ", len(top), members,
				pr.Plural(noun, members), orderWord(pr, o), top[0].text)
		case len(top) > o.N:
			pr.Fprintf(&b, "The %d %s of the %d %s the question selects, with %d more that tie with the last: ", o.N,
				orderWord(pr, o), members, pr.Plural(noun, members), len(top)-o.N)
		default:
			pr.Fprintf(&b, "%s of the %d %s the question selects: ", what, members, pr.Plural(noun, members))
		}
		writeShown(pr, &b, len(top), func(i int) {
			pr.Fprintf(&b, "%s (%s)%s", p.label(top[i].id), top[i].text, cite(top[i].id))
		})
		if o.Field != "" && len(top) == 1 {
			// "the address of the oldest museum": the field of the first
			if in, ok := p.data.Get(top[0].id); ok {
				if label, v := fieldValue(pr, in, o.Field); v != "" {
					pr.Fprintf(&b, ". Its %s: %s", label, v)
				} else {
					pr.Fprintf(&b, ". The data records no %s for it", label)
				}
			}
		}
		writeNotes(pr, &b, nil, placeReadings(pr, c.Places)...)
		writeNotes(pr, &b, nil, closedLeftOutNote(closed, noun, pr.Text("ranked")))
		var notes []Note
		if missing > 0 && len(top) > 0 {
			notes = append(notes, OrderLeavesOut{N: missing, Of: members, Attr: attrLabel(pr, o.Attribute)})
		}
		if !settled {
			notes = append(notes, SpanUncertain{Attr: attrLabel(pr, o.Attribute)})
		}
		if inferred > 0 {
			notes = append(notes, PlacedByTown{N: inferred, Noun: noun})
		}
		notes = append(notes, p.unreadNotes(unread)...)
		writeNotes(pr, &b, nil, append(notes, notExact(unplaced))...)
		return b.String()
	}}
}

// eachOrderMember calls f with every record of ids that takes part in an
// order by attribute (see orderValue), its value and whether the data
// records it, and returns how many did.
func (p *Base) eachOrderMember(ids []string, attribute string, f func(in *heritage.Institution, r ranked, known bool)) int {
	members := 0
	for _, id := range ids {
		in, ok := p.data.Get(id)
		if !ok {
			continue
		}
		if r, known, member := orderValue(in, attribute); member {
			members++
			f(in, r, known)
		}
	}
	return members
}

// firstInOrder sorts vals in the order o and returns its first o.N (and
// any that tie with the last), and whether the values settle the order at
// the cut (a span of years that overlaps the next one does not).
func (p *Base) firstInOrder(vals []ranked, o plan.Order) (top []ranked, settled bool) {
	// the first in the order: the lowest start for "oldest", the highest
	// end for "newest"; then the narrower span, then the name
	key := func(r ranked) int {
		if o.Highest {
			return -r.to
		}
		return r.from
	}
	slices.SortStableFunc(vals, func(a, b ranked) int {
		return cmp.Or(cmp.Compare(key(a), key(b)), cmp.Compare(a.to-a.from, b.to-b.from), strings.Compare(p.label(a.id), p.label(b.id)))
	})
	n := min(o.N, len(vals))
	for n > 0 && n < len(vals) && vals[n].from == vals[n-1].from && vals[n].to == vals[n-1].to {
		n++ // a tie with the last one shown is shown too
	}
	top, rest := vals[:n], vals[n:]
	settled = true
	if len(rest) > 0 && len(top) > 0 {
		if o.Highest {
			lowest := slices.MinFunc(top, func(a, b ranked) int { return cmp.Compare(a.from, b.from) }).from
			settled = rest[0].to <= lowest
		} else {
			highest := slices.MaxFunc(top, func(a, b ranked) int { return cmp.Compare(a.to, b.to) }).to
			settled = rest[0].from >= highest
		}
	}
	return top, settled
}

// orderedByPlace answers "the oldest museum in each county": the first
// members in the order (see firstInOrder) of every place at the group's
// level that holds a member with a value, places in alphabetical order.
// It is exact only when every member has a value and states a place at
// the level, every place's order is settled at its cut, no condition
// went unread and no member was placed by its name. closed is as for
// orderedAnswer.
func (p *Base) orderedByPlace(pln plan.Plan, ids []string, unread []string, inferred, closed int) Draft {
	pr := locale.For(pln.Lang)
	c := pln.Constraints
	o, g := *c.Order, *c.Group
	noun := TypeNoun(pr, c.TypeCodes)
	by := map[string][]ranked{}
	missing, unstated := 0, 0
	members := p.eachOrderMember(ids, o.Attribute, func(in *heritage.Institution, r ranked, known bool) {
		pl := PlaceOf(in, g.Level)
		switch {
		case !known:
			missing++
		case pl == "":
			unstated++
		default:
			by[pl] = append(by[pl], r)
		}
	})
	places := slices.Sorted(maps.Keys(by))
	groups := make([]AnswerGroup, 0, len(places))
	var firsts []string
	allSettled := true
	for _, pl := range places {
		top, settled := p.firstInOrder(by[pl], o)
		allSettled = allSettled && settled
		gr := AnswerGroup{Label: pl, Count: len(by[pl])}
		for _, r := range top {
			gr.IDs = append(gr.IDs, r.id)
		}
		firsts = append(firsts, gr.IDs...)
		groups = append(groups, gr)
	}
	a := Answer{Kind: KindSet, IDs: firsts, Groups: groups, Count: len(groups),
		Exact: len(groups) > 0 && missing == 0 && unstated == 0 && allSettled && len(unread) == 0 && inferred == 0}
	return Draft{Answer: a, render: func(cite func(string) string) string {
		var b strings.Builder
		if len(groups) == 0 {
			pr.Fprintf(&b, "None of the %d %s the question selects has both a %s and a %s in the data",
				members, pr.Plural(noun, members), attrLabel(pr, o.Attribute), levelNoun(pr, g.Level, 1))
		} else {
			pr.Fprintf(&b, "%s in each of the %d %s of the %d %s the question selects: ", orderPhrase(pr, o, o.N),
				len(groups), levelNoun(pr, g.Level, len(groups)), members, pr.Plural(noun, members))
			for i, gr := range groups {
				if i > 0 {
					b.WriteString("; ")
				}
				b.WriteString(gr.Label + ": ")
				for k, id := range gr.IDs {
					if k > 0 {
						b.WriteString(", ")
					}
					in, _ := p.data.Get(id)
					r, _, _ := orderValue(in, o.Attribute)
					pr.Fprintf(&b, "%s (%s)%s", p.label(id), r.text, cite(id))
				}
			}
		}
		writeNotes(pr, &b, nil, placeReadings(pr, c.Places)...)
		writeNotes(pr, &b, nil, closedLeftOutNote(closed, noun, pr.Text("ranked")))
		var notes []Note
		if missing > 0 {
			notes = append(notes, OrderLeavesOut{N: missing, Of: members, Attr: attrLabel(pr, o.Attribute), PerPlace: true})
		}
		if unstated > 0 {
			notes = append(notes, UnstatedLevel{N: unstated, Of: members, Level: g.Level, LeftOut: true})
		}
		if !allSettled {
			notes = append(notes, SpanUncertain{Attr: attrLabel(pr, o.Attribute), Level: g.Level})
		}
		if inferred > 0 {
			notes = append(notes, PlacedByTown{N: inferred, Noun: noun})
		}
		writeNotes(pr, &b, nil, append(notes, p.unreadNotes(unread)...)...)
		return b.String()
	}}
}

// orderPhrase names the first n of an order: "The oldest", "The 3 newest",
// "The last to close".
func orderPhrase(pr *locale.Printer, o plan.Order, n int) string {
	if n > 1 {
		return pr.Sprintf("The %d %s", n, orderWord(pr, o))
	}
	return pr.Text("The ") + orderWord(pr, o)
}

// orderWord names an order's end: "oldest", "largest", "last to close".
func orderWord(pr *locale.Printer, o plan.Order) string {
	switch {
	case o.Attribute == "size" && o.Highest:
		return pr.Text("largest")
	case o.Attribute == "size":
		return pr.Text("smallest")
	case o.Attribute == "closed" && o.Highest:
		return pr.Text("last to close")
	case o.Attribute == "closed":
		return pr.Text("first to close")
	case o.Highest:
		return pr.Text("newest")
	}
	return pr.Text("oldest")
}
