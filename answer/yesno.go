package answer

import (
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"

	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/heritage"
)

// KindYesNo answers a yes/no question: Value is "yes" or "no", or empty
// when the data does not record the property. Of a choice of places ("Is
// X in A or B?") Value names the places offered that hold, or is "no"
// for none of them.
const KindYesNo = "yesno"

// resolve picks the record a recognised name means: among its bearers,
// one in a named place, else the best ranked.
func (p *Base) resolve(m plan.NameMatch, places []plan.Place, rank map[string]int) string {
	if len(m.IDs) == 0 {
		return ""
	}
	cand := slices.Clone(m.IDs)
	sortByRank(cand, rank)
	if len(places) > 0 {
		for _, x := range cand {
			if in, ok := p.data.Get(x); ok && placeMatches(in, places) {
				return x
			}
		}
	}
	return cand[0]
}

func rankOf(fused []fusion.Fused) map[string]int {
	rank := make(map[string]int, len(fused))
	for i, f := range fused {
		rank[f.ID] = i + 1
	}
	return rank
}

// yesNoAnswer checks the tested property of the one institution the
// question names.
func (p *Base) yesNoAnswer(sel *kg.Selection, pln plan.Plan, fused []fusion.Fused) (Draft, bool) {
	pr := locale.For(pln.Lang)
	id, via := p.target(sel, pln, fused)
	if c := pln.Constraints; c.HasIDs() && len(c.Names) == 0 && !viaIdentifier(via) {
		// "Is DE-MUS-999999 still open?": an identifier the data does not
		// hold; never answer about another institution
		return missingIdentifierDraft(pr, c), true
	}
	in, ok := p.data.Get(id)
	if id == "" || !ok || pln.Test == nil {
		return Draft{}, false
	}
	if via == "ranking" {
		// no institution named: a verdict on the best match by text
		// would be a guess (as for a field, see fieldAnswer)
		if unknown := pln.Unused(plan.UnusedUnknown); len(unknown) == 0 {
			return noneDraft(pr.Text("The question names no institution the data holds.")), true
		} else if !covers(in, unknown) {
			return noneDraft(pr.Sprintf("No institution called %s is in the data.", quoteWords(pr, unknownName(pln)))), true
		}
	}
	t := *pln.Test
	c := pln.Constraints
	// Words no rule read ("Is X in London free?") may be part of what is
	// asked: the verdict covers the rest, and says so.
	unread := pln.Unused(plan.UnusedUnread)
	if t.Property == "place" && t.Choice {
		return p.placeChoiceAnswer(pr, in, id, c.Places, unread), true
	}
	verdict, fact, inferred := p.testOne(pr, in, t, c)
	for _, also := range t.And {
		v, f, inf := p.testOne(pr, in, also, c)
		verdict, fact = bothVerdicts(pr, verdict, fact, v, f)
		inferred = inferred || inf
	}
	if t.Negated {
		// "Is the Yorkshire Museum not small?": yes when it is not
		verdict = map[string]string{"yes": "no", "no": "yes"}[verdict]
	}
	a := Answer{Kind: KindYesNo, Field: t.Property, Value: verdict, IDs: []string{id}, Exact: verdict != "" && len(unread) == 0 && !inferred && via != "ranking"}
	return Draft{Answer: a, render: func(cite func(string) string) string {
		var text string
		switch verdict {
		case "yes":
			text = pr.Sprintf("Yes: %s%s %s.", in.Name, cite(id), fact)
		case "no":
			text = pr.Sprintf("No: %s%s %s.", in.Name, cite(id), fact)
		default:
			text = pr.Sprintf("The data does not record %s for %s%s.", fact, in.Name, cite(id))
		}
		wars, others := p.unnamedWars(unread)
		var notes []Note
		if inferred {
			notes = append(notes, AreaFromOthers{City: in.City})
		}
		for _, w := range wars {
			notes = append(notes, WarLeftOut{Words: w})
		}
		return withNotes(pr, text, cite, append(notes, verdictNotes(false, "", others)...)...)
	}}, true
}

// testOne is testProperty, with the place tested against the places the
// question names; inferred is set when the place was guessed from other
// records.
func (p *Base) testOne(pr *locale.Printer, in *heritage.Institution, t plan.Test, c plan.Constraints) (verdict, fact string, inferred bool) {
	if t.Property == "place" {
		return p.placeTest(pr, in, c.Places)
	}
	verdict, fact = p.testProperty(pr, in, t, c)
	return verdict, fact, false
}

// bothVerdicts joins the verdicts of two tests the institution must both
// pass: the first that fails or is not recorded decides, with its fact;
// when both pass, both facts are given.
func bothVerdicts(pr *locale.Printer, v1, f1, v2, f2 string) (verdict, fact string) {
	switch {
	case v1 == "no":
		return v1, f1
	case v2 == "no":
		return v2, f2
	case v1 == "":
		return v1, f1
	case v2 == "":
		return v2, f2
	}
	return "yes", pr.Sprintf("%s and %s", f1, f2)
}

// testProperty returns "yes", "no" or "" (not recorded) and the fact the
// verdict rests on, phrased to follow the institution's name.
func (p *Base) testProperty(pr *locale.Printer, in *heritage.Institution, t plan.Test, c plan.Constraints) (verdict, fact string) {
	switch t.Property {
	case "accreditation":
		if in.Accreditation() == "" {
			return "", pr.Text("an accreditation")
		}
		want := "Accredited"
		if len(t.Want) > 0 {
			want = t.Want[0]
		}
		return yesNo(strings.EqualFold(in.Accreditation(), want)), pr.Text("is recorded as ") + pr.Text(strings.ToLower(in.Accreditation()))
	case "status":
		if t.Years != nil && !slices.Contains(t.Want, "closed") {
			return openDuringVerdict(pr, in, t.Years)
		}
		return statusVerdict(pr, in, t.Want)
	case "type":
		return yesNo(slices.Contains(t.Want, in.TypeCode)), pr.Text("is ") + article(pr, pr.Text(strings.ToLower(in.Type)))
	case "subjects":
		have := subjectsOf(in)
		if len(have) == 0 {
			return "", pr.Text("the subject matter of the collections")
		}
		return yesNo(kg.SubjectsMatch(t.Want, have)), pr.Text("has collections on ") + strings.Join(have, "; ")
	case "member_of":
		return memberVerdict(pr, in, t.Want)
	case "governance":
		if in.GovernanceCode() == "" {
			return "", pr.Text("a governance type")
		}
		return yesNo(slices.Contains(t.Want, in.GovernanceCode())), pr.Text("is governed as ") + pr.Text(in.Governance())
	case "size":
		if in.Size() == "" || strings.EqualFold(in.Size(), "unknown") {
			// a size recorded as "unknown" is no size
			return "", pr.Text("a size")
		}
		return yesNo(slices.Contains(t.Want, in.Size())), pr.Text("is recorded as ") + pr.Text(in.Size())
	case "opened", "closed":
		return yearsVerdict(pr, in, t)
	}
	return p.fieldVerdict(pr, in, t.Property)
}

// openDuringVerdict tests whether the institution was open during the
// years: opened by their end and not closed before their start. Without
// an opening year, or of one closed in a year the data does not give,
// the data cannot say.
func openDuringVerdict(pr *locale.Printer, in *heritage.Institution, y *plan.YearRange) (verdict, fact string) {
	from, to, ok := in.Opened()
	if !ok {
		return "", pr.Text("an opening year")
	}
	fact = pr.Text("opened ") + heritage.YearsText(from, to, true)
	open := y.To == 0 || from <= y.To
	if cfrom, cto, closed := in.Closed(); closed {
		fact += pr.Text(" and ") + pr.Text("closed ") + heritage.YearsText(cfrom, cto, true)
		open = open && (y.From == 0 || cto >= y.From)
	} else if !in.IsOpen() {
		return "", pr.Text("a closing year")
	}
	return yesNo(open), fact
}

// statusVerdict tests whether the institution is open (want "open", the
// default), closed, or was ever open ("ever").
func statusVerdict(pr *locale.Printer, in *heritage.Institution, wants []string) (verdict, fact string) {
	open := in.IsOpen()
	want := "open"
	if len(wants) > 0 {
		want = wants[0]
	}
	if want == "ever" {
		return yesNo(true), everOpenFact(pr, in)
	}
	if open && in.Status() == "" {
		// no status and no closing recorded: that it is open is not
		// recorded either
		return "", pr.Text("an open or closed status")
	}
	state := pr.Text("open")
	if !open {
		state = pr.Text("closed")
		if y := heritage.YearsText(in.Closed()); y != "" {
			state += " (" + y + ")"
		}
	}
	return yesNo(open == (want == "open")), pr.Text("is ") + state + pr.Text(" according to the data")
}

// everOpenFact says when an institution the data has, open or closed,
// was open: it was open once.
func everOpenFact(pr *locale.Printer, in *heritage.Institution) string {
	fact := pr.Text("is open according to the data")
	if y := heritage.YearsText(in.Opened()); y != "" {
		fact = pr.Text("opened ") + y + pr.Text(" and ") + fact
	}
	if in.IsOpen() {
		return fact
	}
	fact = pr.Text("was open")
	if y := heritage.YearsText(in.Opened()); y != "" {
		fact += pr.Text(" from ") + y
	}
	fact += pr.Text(" and has closed")
	if y := heritage.YearsText(in.Closed()); y != "" {
		fact += " (" + y + ")"
	}
	return fact + pr.Text(" according to the data")
}

// memberVerdict tests whether the institution belongs to one of the
// groups or operators named.
func memberVerdict(pr *locale.Printer, in *heritage.Institution, want []string) (verdict, fact string) {
	var names []string
	for _, m := range in.MemberOf() {
		names = append(names, m.Name)
	}
	if len(names) == 0 {
		return "no", pr.Text("belongs to no group or operator in the data")
	}
	hit := false
	for _, m := range in.MemberOf() {
		for _, w := range want {
			hit = hit || kg.NormalizeName(m.Name) == kg.NormalizeName(w)
		}
	}
	return yesNo(hit), pr.Text("belongs to ") + strings.Join(names, "; ")
}

// yearsVerdict tests whether the institution opened (or closed) within
// the years asked.
func yearsVerdict(pr *locale.Printer, in *heritage.Institution, t plan.Test) (verdict, fact string) {
	var from, to int
	var ok bool
	if t.Property == "closed" {
		from, to, ok = in.Closed()
	} else {
		from, to, ok = in.Opened()
	}
	label := map[string]string{"opened": pr.Text("an opening year"), "closed": pr.Text("a closing year")}[t.Property]
	if !ok {
		return "", label
	}
	if t.Years == nil {
		// no years to test: whether the data records the year at all
		return "yes", t.Property + " " + heritage.YearsText(from, to, true)
	}
	return yesNo(withinYears(from, to, t.Years)), t.Property + " " + heritage.YearsText(from, to, true)
}

// fieldVerdict tests whether the institution's record has the field.
func (p *Base) fieldVerdict(pr *locale.Printer, in *heritage.Institution, property string) (verdict, fact string) {
	label, value := fieldValue(pr, in, property)
	if p.lexicon.Unrecorded(property) {
		// "Does the British Museum have a shop?": the data records no
		// institution's, so it cannot say
		if strings.HasPrefix(label, "facilities") {
			return "", label
		}
		return "", withArticle(pr, label)
	}
	if value == "" {
		return "no", pr.Text("has no ") + label + pr.Text(" in the data")
	}
	return "yes", pr.Text("has the ") + label + " " + value
}

func article(pr *locale.Printer, noun string) string {
	if noun == "" {
		return pr.Text("of unknown type")
	}
	if strings.ContainsRune("aeiou", rune(noun[0])) {
		return pr.Text("an ") + noun
	}
	return pr.Text("a ") + noun
}

// askedCountry reports whether a place asked about is a country.
func askedCountry(places []plan.Place) bool {
	for _, pl := range places {
		if pl.Level == plan.LevelCountry {
			return true
		}
	}
	return false
}

// placeTest is testProperty for a place: whether the institution lies in
// the places asked about, and whether the verdict is inferred from the
// data's other records in its town (see placeVerdicts).
func (p *Base) placeTest(pr *locale.Printer, in *heritage.Institution, places []plan.Place) (verdict, fact string, inferred bool) {
	where := placeText(in)
	if where == "" {
		return "", pr.Text("a location"), false
	}
	if !placeNamed(in, places) && in.City == "" && in.County() == "" && in.Region() == "" && len(in.AdminAreas()) == 0 && !askedCountry(places) {
		// Only the country is recorded: whether it is in the town
		// asked about is not in the data.
		return "", pr.Text("a town or region (only the country, ") + where + ")", false
	}
	held, _, unknown, inferred := p.placeVerdicts(in, places)
	if len(held) == 0 && len(unknown) > 0 {
		// "Is the Stadtmuseum Tübingen in Baden-Württemberg?": the
		// record names the town and no region; that it does not
		// name this one says nothing
		return "", pr.Sprintf("a %s (only %s)", levelWords(pr, unknown), where), false
	}
	return yesNo(len(held) > 0), pr.Text("is in ") + where, inferred
}

// yesNo is "yes" or "no".
func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// thenText answers the yes/no a second clause asks of the institution
// whose field the answer gives (plan.Then: "When did Chartwell open, and
// is it still running?"), as a sentence to follow the field's, and
// reports whether its verdict is exact. It is "" and exact when there is
// no such clause.
func (p *Base) thenText(pr *locale.Printer, in *heritage.Institution, then *plan.Then) (string, bool) {
	if then == nil {
		return "", true
	}
	t := then.Test
	var verdict, fact string
	inferred := false
	if t.Property == "place" {
		verdict, fact, inferred = p.placeTest(pr, in, then.Places)
	} else {
		verdict, fact = p.testProperty(pr, in, t, plan.Constraints{Places: then.Places})
	}
	if t.Negated {
		verdict = map[string]string{"yes": "no", "no": "yes"}[verdict]
	}
	var text string
	switch verdict {
	case "yes":
		text = pr.Sprintf(" Yes: it %s.", fact)
	case "no":
		text = pr.Sprintf(" No: it %s.", fact)
	default:
		text = pr.Sprintf(" The data does not record %s for it.", fact)
	}
	text = withNotes(pr, text, nil, verdictNotes(inferred, in.City, then.NotUsed.Words(plan.UnusedUnread))...)
	return text, verdict != "" && !inferred && len(then.NotUsed.Words(plan.UnusedUnread)) == 0
}
