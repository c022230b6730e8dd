package answer

import (
	"math"
	"strings"

	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
)

// pairAnswer compares two named institutions on one attribute.
func (p *Base) pairAnswer(pln plan.Plan, fused []fusion.Fused) (Draft, bool) {
	pr := locale.For(pln.Lang)
	c := pln.Constraints
	if pln.Pair != nil && len(c.Names) == 1 {
		return p.oneSided(pln, fused)
	}
	if pln.Pair == nil || len(c.Names) < 2 {
		return Draft{}, false
	}
	rank := rankOf(fused)
	var ins []*heritage.Institution
	for _, m := range c.Names[:2] {
		in, ok := p.data.Get(p.resolve(m, nil, rank))
		if !ok {
			return Draft{}, false
		}
		ins = append(ins, in)
	}
	if ins[0].ID == ins[1].ID {
		return Draft{}, false
	}
	return elsewhere(pr, compareTwo(pln, ins, nil), c.Places, ins), true
}

// elsewhere makes a comparison of institutions the question places, one
// of which is not in any of its places ("the Tate Modern Leeds": Tate
// Modern is in London), not exact, and says where that one is.
func elsewhere(pr *locale.Printer, d Draft, places []plan.Place, ins []*heritage.Institution) Draft {
	if len(places) == 0 {
		return d
	}
	var out []*heritage.Institution
	for _, in := range ins {
		if !placeMatches(in, places) {
			out = append(out, in)
		}
	}
	if len(out) == 0 {
		return d
	}
	note := Elsewhere{Asked: make([]string, len(places))}
	for i, pl := range places {
		note.Asked[i] = pl.Name
	}
	for _, in := range out {
		note.Institutions = append(note.Institutions, Placed{Name: in.Name, Place: placeText(in)})
	}
	d.Exact = false
	return d.rewritten(pr, func(text string, cite func(string) string) string {
		var b strings.Builder
		b.WriteString(strings.TrimSuffix(text, "."))
		writeNotes(pr, &b, cite, note)
		b.WriteString(".")
		return b.String()
	})
}

// distanceDraft answers how far apart two institutions are: the distance
// in a straight line between their recorded coordinates, or which of them
// has none.
func distanceDraft(pr *locale.Printer, a, b *heritage.Institution) Draft {
	ids := []string{a.ID, b.ID}
	if a.Lat == nil || a.Lon == nil || b.Lat == nil || b.Lon == nil {
		var none []*heritage.Institution
		for _, in := range []*heritage.Institution{a, b} {
			if in.Lat == nil || in.Lon == nil {
				none = append(none, in)
			}
		}
		return Draft{Answer: Answer{Kind: KindField, Field: "distance", IDs: ids},
			render: func(cite func(string) string) string {
				names := make([]string, len(none))
				for i, in := range none {
					names[i] = in.Name + cite(in.ID)
				}
				return pr.Sprintf("The data records no coordinates for %s, so it cannot say how far apart %s and %s are.",
					strings.Join(names, pr.Text(" or ")), a.Name, b.Name)
			}}
	}
	km := heritage.DistanceKm(*a.Lat, *a.Lon, *b.Lat, *b.Lon)
	value := distanceText(pr, km)
	return Draft{Answer: Answer{Kind: KindField, Field: "distance", Value: value, IDs: ids, Exact: true},
		render: func(cite func(string) string) string {
			return pr.Sprintf("%s%s and %s%s are %s apart in a straight line (from the coordinates the data records).",
				a.Name, cite(a.ID), b.Name, cite(b.ID), value)
		}}
}

// profileDraft answers "Compare A and B": what the data records of each
// on the fields people compare (kind, place, opening and closing, size,
// accreditation, governance, subjects), side by side, and what the data
// does not record of either.
func profileDraft(pr *locale.Printer, ins []*heritage.Institution) Draft {
	ids := []string{ins[0].ID, ins[1].ID}
	return Draft{Answer: Answer{Kind: KindField, Field: "profile", IDs: ids, Exact: true},
		render: func(cite func(string) string) string {
			var b strings.Builder
			for i, in := range ins {
				if i > 0 {
					b.WriteString(" ")
				}
				pr.Fprintf(&b, "%s%s: %s.", in.Name, cite(in.ID), strings.Join(profileFacts(pr, in), "; "))
			}
			return b.String()
		}}
}

// profileFacts are the facts profileDraft gives of one institution, each
// saying when the data does not record it.
func profileFacts(pr *locale.Printer, in *heritage.Institution) []string {
	facts := []string{article(pr, pr.Text(strings.ToLower(strings.ReplaceAll(in.Type, "_", " "))))}
	if where := placeText(in); where != "" {
		facts[0] += pr.Text(" in ") + where
	}
	opened := pr.Text("opening year not recorded")
	if y := heritage.YearsText(in.Opened()); y != "" {
		opened = pr.Text("opened ") + y
	}
	facts = append(facts, opened)
	switch {
	case in.Status() == "closed":
		closed := pr.Text("closed")
		if y := heritage.YearsText(in.Closed()); y != "" {
			closed += " " + y
		}
		facts = append(facts, closed)
	case in.Status() == "open":
		facts = append(facts, pr.Text("open"))
	default:
		facts = append(facts, pr.Text("status not recorded"))
	}
	for _, f := range []string{"size", "accreditation", "governance", "subjects"} {
		label, v := fieldValue(pr, in, f)
		if v == "" {
			facts = append(facts, label+pr.Text(" not recorded"))
			continue
		}
		facts = append(facts, label+" "+v)
	}
	return facts
}

// distanceText writes a distance in km: to a tenth under 10 km, whole
// kilometres above.
func distanceText(pr *locale.Printer, km float64) string {
	if km < 10 {
		return kmText(pr, math.Round(km*10)/10)
	}
	return kmText(pr, math.Round(km))
}

// compareTwo compares two institutions on the plan's attribute, in the
// order the question names them. others, when there are some, carry the
// name the question gives the second as well: the answer names them.
func compareTwo(pln plan.Plan, ins []*heritage.Institution, others []*heritage.Institution) Draft {
	pr := locale.For(pln.Lang)
	d := compareValues(pln, ins)
	if len(others) == 0 {
		return d
	}
	d = d.rewritten(pr, func(text string, cite func(string) string) string {
		var b strings.Builder
		b.WriteString(text)
		writeAlsoFits(pr, &b, quoteWords(pr, []string{pln.UnusedPhrase(plan.UnusedName)}))
		for i, r := range others {
			if i > 0 {
				b.WriteString("; ")
			}
			pr.Fprintf(&b, "%s%s", r.Name, cite(r.ID))
		}
		b.WriteString(".")
		return b.String()
	})
	for _, r := range others {
		d.Answer.IDs = append(d.Answer.IDs, r.ID)
	}
	d.Answer.Exact = false
	return d
}

// compareValues is compareTwo's answer before the other holders of a
// name are named.
func compareValues(pln plan.Plan, ins []*heritage.Institution) Draft {
	pr := locale.For(pln.Lang)
	attr := pln.Pair.Attribute
	switch attr {
	case "distance":
		return distanceDraft(pr, ins[0], ins[1])
	case "profile":
		return profileDraft(pr, ins)
	}
	vals := make([][2]int, 2)
	texts := make([]string, 2)
	known := make([]bool, 2)
	for i, in := range ins {
		vals[i], texts[i], known[i] = pairValue(in, attr)
	}
	// overlapping year ranges ("between 1960 and 2017" and 1987) do not
	// order the two
	overlap := known[0] && known[1] && vals[0] != vals[1] && vals[0][0] <= vals[1][1] && vals[1][0] <= vals[0][1]
	ids := []string{ins[0].ID, ins[1].ID}
	verb := map[string]string{"opened": pr.Text("opened"), "closed": pr.Text("closed"), "size": pr.Text("is")}[attr]
	if overlap {
		return Draft{Answer: Answer{Kind: KindField, Field: attr, IDs: ids},
			render: func(cite func(string) string) string {
				return pr.Sprintf("%s%s %s %s and %s%s %s %s: the dates overlap, so the data cannot say which %s.",
					ins[0].Name, cite(ins[0].ID), verb, texts[0], ins[1].Name, cite(ins[1].ID), verb, texts[1], pairPhrase(pr, *pln.Pair))
			}}
	}
	if !known[0] || !known[1] {
		return Draft{Answer: Answer{Kind: KindField, Field: attr, IDs: ids},
			render: func(cite func(string) string) string {
				var parts []string
				for i, in := range ins {
					if known[i] {
						parts = append(parts, pr.Sprintf("%s%s %s %s", in.Name, cite(in.ID), verb, texts[i]))
					} else {
						parts = append(parts, pr.Sprintf("the data records no %s for %s%s", attrLabel(pr, attr), in.Name, cite(in.ID)))
					}
				}
				return upperFirst(strings.Join(parts, "; ")) + pr.Text(", so the data cannot say which ") + pairPhrase(pr, *pln.Pair) + "."
			}}
	}
	if vals[0] == vals[1] {
		return Draft{Answer: Answer{Kind: KindField, Field: attr, IDs: ids, Exact: true},
			render: func(cite func(string) string) string {
				both := verb
				if attr == "size" {
					both = pr.Text("are")
				}
				return pr.Sprintf("Neither: %s%s and %s%s both %s %s.", ins[0].Name, cite(ins[0].ID), ins[1].Name, cite(ins[1].ID), both, texts[0])
			}}
	}
	w := 0
	if (vals[1][0] > vals[0][0]) == pln.Pair.Highest {
		w = 1
	}
	win, lose := ins[w], ins[1-w]
	prefix, value := "", win.Name
	if pln.Pair.YesNo {
		// "Is A older than B?" asks whether the first named wins
		// the value is the same in every language; the text is not
		value = map[bool]string{true: "yes", false: "no"}[w == 0]
		prefix = pr.Text(map[bool]string{true: "Yes: ", false: "No: "}[w == 0])
	}
	return Draft{Answer: Answer{Kind: KindField, Field: attr, Value: value, IDs: []string{win.ID, lose.ID}, Exact: true},
		render: func(cite func(string) string) string {
			return pr.Sprintf("%s%s%s %s (%s); %s%s %s %s.", prefix, win.Name, cite(win.ID), pairPhrase(pr, *pln.Pair),
				texts[w], lose.Name, cite(lose.ID), verb, texts[1-w])
		}}
}

// oneSided answers a comparison of which the data holds one side as an
// institution: the other is an organisation (a body) or a name the data
// does not hold. It cannot compare, says why, and gives the one side's
// value.
func (p *Base) oneSided(pln plan.Plan, fused []fusion.Fused) (Draft, bool) {
	pr := locale.For(pln.Lang)
	c := pln.Constraints
	in, ok := p.data.Get(p.resolve(c.Names[0], nil, rankOf(fused)))
	if !ok {
		return Draft{}, false
	}
	if pln.UnusedPhrase(plan.UnusedName) != "" && len(c.Bodies) == 0 {
		// A name only part of the other side's ("the Ashmolean"): the
		// institution whose name holds it, as for a question about one.
		var cands []*heritage.Institution
		for _, x := range p.nameCandidates(pln, fused) {
			if x.ID != in.ID {
				cands = append(cands, x)
			}
		}
		if len(cands) > 0 {
			ins := []*heritage.Institution{in, cands[0]}
			q := strings.ToLower(pln.Question)
			if at := strings.Index(q, strings.ToLower(pln.UnusedPhrase(plan.UnusedName))); at >= 0 && at < strings.Index(q, strings.ToLower(c.Names[0].Text)) {
				ins[0], ins[1] = ins[1], ins[0]
			}
			// read from part of a name: not exact
			d := compareTwo(pln, ins, cands[1:])
			d.Answer.Exact = false
			return d, true
		}
	}
	other := "“" + pln.UnusedPhrase(plan.UnusedName) + pr.Text("”, which is not in the data")
	if pln.UnusedPhrase(plan.UnusedName) == "" && c.HasIDs() {
		// "Is DE-MUS-999999 older than the Science Museum?"
		other = identifierPhrase(pr, c) + pr.Text(", which no institution in the data carries")
	}
	if len(c.Bodies) == 1 {
		other = "“" + c.Bodies[0].Name + pr.Text("”, which the data holds as an organisation, not as an institution")
	}
	attr := pln.Pair.Attribute
	_, text, known := pairValue(in, attr)
	verb := map[string]string{"opened": pr.Text("opened"), "closed": pr.Text("closed"), "size": pr.Text("is")}[attr]
	return Draft{Answer: Answer{Kind: KindField, Field: attr, IDs: []string{in.ID}},
		render: func(cite func(string) string) string {
			var b strings.Builder
			if attr == "profile" || attr == "distance" {
				// "Compare A and the Museum of Lost Umbrellas": what the
				// data records of the one side
				pr.Fprintf(&b, "The question compares %s%s with %s, so the data cannot compare them.", in.Name, cite(in.ID), other)
				if attr == "profile" {
					pr.Fprintf(&b, " %s: %s.", in.Name, strings.Join(profileFacts(pr, in), "; "))
				}
				return b.String()
			}
			pr.Fprintf(&b, "The question compares %s%s with %s, so the data cannot say which %s", in.Name, cite(in.ID), other, pairPhrase(pr, *pln.Pair))
			if known {
				pr.Fprintf(&b, ". %s %s %s.", in.Name, verb, text)
			} else {
				pr.Fprintf(&b, ". The data records no %s for %s.", attrLabel(pr, attr), in.Name)
			}
			return b.String()
		}}, true
}

var sizeOrder = map[string]int{"small": 1, "medium": 2, "large": 3, "huge": 4}

// pairValue is an institution's value of the compared attribute as a
// range (a size rank, or the first and last year a date may mean).
func pairValue(in *heritage.Institution, attr string) ([2]int, string, bool) {
	switch attr {
	case "size":
		v, ok := sizeOrder[strings.ToLower(in.Size())]
		return [2]int{v, v}, strings.ToLower(in.Size()), ok
	case "closed":
		from, to, ok := in.Closed()
		return [2]int{from, to}, heritage.YearsText(from, to, ok), ok
	}
	from, to, ok := in.Opened()
	return [2]int{from, to}, heritage.YearsText(from, to, ok), ok
}

func attrLabel(pr *locale.Printer, attr string) string {
	switch attr {
	case "size":
		return pr.Text("size")
	case "closed":
		return pr.Text("closing year")
	}
	return pr.Text("opening year")
}

func pairPhrase(pr *locale.Printer, p plan.Pair) string {
	switch {
	case p.Attribute == "size" && p.Highest:
		return pr.Text("is bigger")
	case p.Attribute == "size":
		return pr.Text("is smaller")
	case p.Attribute == "closed" && p.Highest:
		return pr.Text("closed later")
	case p.Attribute == "closed":
		return pr.Text("closed first")
	case p.Highest:
		return pr.Text("opened later")
	}
	return pr.Text("opened first")
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
