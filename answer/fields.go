package answer

import (
	"cmp"

	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"

	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/heritage"
)

// viaIdentifier reports whether target found its institution by an
// identifier of the question.
func viaIdentifier(via string) bool {
	return via == "isil" || via == "wikidata" || via == "ghcid" || via == "gnd" || via == "ror"
}

// fieldAnswer answers single-institution questions: a field ("What is the
// ISIL code of X?", "In which year did X open?") or, for a bare identifier
// look-up, the institution itself.
func (p *Base) fieldAnswer(sel *kg.Selection, pln plan.Plan, fused []fusion.Fused) (Draft, bool) {
	pr := locale.For(pln.Lang)
	c := pln.Constraints
	hasID := c.HasIDs()
	if c.List || (c.Field == "" && !hasID) {
		return Draft{}, false
	}
	if len(c.Names) == 0 && len(c.Bodies) == 1 && len(c.Bodies[0].IDs) == 0 && !hasID {
		return p.bodyFieldDraft(sel, pln, fused), true
	}
	t, d, ok := p.fieldTarget(sel, pln, fused)
	if t.in == nil {
		return d, ok
	}
	field := c.Field
	if field == "" || (hasID && field == t.via) {
		// A reverse look-up: the identifier is given, the institution asked.
		if code, holders := p.holders(sel, c, t.via); len(holders) > 1 {
			return p.holdersDraft(pr, code, holders), true
		}
		in, id := t.in, t.id
		return Draft{Answer: Answer{Kind: KindField, Field: "institution", Value: in.Name, IDs: []string{id}, Exact: t.via != "ranking"},
			render: func(cite func(string) string) string {
				return pr.Sprintf("%s%s (%s, %s).", in.Name, cite(id), pr.Text(strings.ToLower(in.Type)), placeText(in))
			}}, true
	}
	// a place the question puts the institution in, where the data does
	// not ("the Ashbourne Clockwork Museum" read as Clockworks Museum,
	// in London): not exact, and where it is
	return elsewhere(pr, p.fieldDraft(pln, t, field), c.Places, []*heritage.Institution{t.in}), true
}

// holders are the records that hold the question's identifiers of the
// scheme a look-up went by, in the order found, each once, and the
// identifiers written as the question gives them.
func (p *Base) holders(sel *kg.Selection, c plan.Constraints, scheme string) (string, []string) {
	var values []string
	for _, look := range identifiersAsked(c) {
		if look.scheme == scheme {
			values = look.values
		}
	}
	var ids []string
	for _, v := range values {
		for _, id := range sel.Lookup(scheme, v) {
			if !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
	}
	return strings.Join(values, ", "), ids
}

// holdersDraft answers a reverse look-up of an identifier that several
// records hold: every one of them.
func (p *Base) holdersDraft(pr *locale.Printer, code string, ids []string) Draft {
	names := make([]string, 0, len(ids))
	for _, id := range ids {
		if in, ok := p.data.Get(id); ok {
			names = append(names, in.Name)
		}
	}
	return Draft{Answer: Answer{Kind: KindField, Field: "institution", Value: strings.Join(names, "; "), IDs: ids, Exact: true},
		render: func(cite func(string) string) string {
			var b strings.Builder
			pr.Fprintf(&b, "%d records of the data hold %s: ", len(ids), code)
			for i, id := range ids {
				in, ok := p.data.Get(id)
				if !ok {
					continue
				}
				if i > 0 {
					b.WriteString("; ")
				}
				pr.Fprintf(&b, "%s%s (%s, %s)", in.Name, cite(id), pr.Text(strings.ToLower(in.Type)), placeText(in))
			}
			return b.String() + "."
		}}
}

// fieldSubject is the institution a field question is about, how it was
// found (an identifier's scheme, "name" or "ranking"), the others that
// carry the name the question gives, and that name.
type fieldSubject struct {
	in     *heritage.Institution
	id     string
	via    string
	rivals []*heritage.Institution
	asked  string
}

// fieldTarget finds the institution a field question is about; without
// one (in nil) the draft is the answer when ok.
func (p *Base) fieldTarget(sel *kg.Selection, pln plan.Plan, fused []fusion.Fused) (fieldSubject, Draft, bool) {
	pr := locale.For(pln.Lang)
	c := pln.Constraints
	id, via := p.target(sel, pln, fused)
	if c.HasIDs() && !viaIdentifier(via) {
		// An identifier the data does not hold: say so, never answer
		// about another institution.
		return fieldSubject{}, missingIdentifierDraft(pr, c), true
	}
	if id == "" {
		return fieldSubject{}, Draft{}, false
	}
	in, ok := p.data.Get(id)
	if !ok {
		return fieldSubject{}, Draft{}, false
	}
	if via == "ranking" && len(pln.Unused(plan.UnusedUnknown)) == 0 {
		named, ok := p.namedHit(pln.Question, fused)
		if !ok {
			return fieldSubject{}, noneDraft(pr.Text("The question names no institution the data holds.")), true
		}
		// a name several records carry ("the Heimatmuseum"), that the
		// name reader leaves to the ranking: the one ranked first of them,
		// and the others
		in, id, via = named, named.ID, "name"
	}
	t := fieldSubject{in: in, id: id, via: via, asked: pln.UnusedPhrase(plan.UnusedName)} // the name as the question gives it
	if via == "name" {
		// A name several institutions carry, that the question's place
		// does not settle: the answer names the others too.
		t.asked, t.rivals = p.sameNameRivals(pln, id)
	}
	if via == "ranking" {
		if cands := p.nameCandidates(pln, fused); len(cands) > 0 {
			t.in, t.id, t.rivals = cands[0], cands[0].ID, cands[1:]
		} else if !covers(in, pln.Unused(plan.UnusedUnknown)) {
			return fieldSubject{}, noneDraft(pr.Sprintf("No institution called %s is in the data.", quoteWords(pr, unknownName(pln)))), true
		}
	}
	return t, Draft{}, false
}

// fieldDraft answers the field of the institution, exact when the data
// records it (or it has not closed) for the one institution the question
// names, with every other field asked for.
func (p *Base) fieldDraft(pln plan.Plan, t fieldSubject, field string) Draft {
	pr := locale.For(pln.Lang)
	in := t.in
	label, value := fieldValue(pr, in, field)
	hedge := ""
	if t.via == "ranking" && len(t.rivals) == 0 {
		hedge = pr.Text(" (best match for the name in the question)")
	}
	// A relation's answer cites the related records too, first.
	ids := append(linkedIDs(in, field), t.id)
	for _, r := range t.rivals {
		ids = append(ids, r.ID)
	}
	// "When did X close?" of a record the data has open: it has not
	// closed, and that is the answer
	stillOpen := NotClosed(in, field, value)
	exact := (value != "" || stillOpen) && t.via != "ranking" && len(t.rivals) == 0
	for _, f := range pln.Constraints.MoreFields {
		if _, v := fieldValue(pr, in, f); v == "" && !NotClosed(in, f, v) {
			exact = false // an answer that misses a field asked for is not exact
		}
	}
	// "When did Chartwell open, and is it still running?": the yes/no
	// after the field
	then, thenExact := p.thenText(pr, in, pln.Then)
	ft := fieldText{p: p, pln: pln, t: t, field: field, label: label, value: value, hedge: hedge, stillOpen: stillOpen, then: then}
	render := ft.render
	if pln.FieldByModel {
		// no word of the question names the field: what was read is
		// said, and the answer is not exact
		exact = false
		render = func(cite func(string) string) string {
			return withNotes(pr, ft.render(cite), cite, FieldReadWhole{Label: label})
		}
	}
	return Draft{Answer: Answer{Kind: KindField, Field: field, Value: value, IDs: ids, Exact: exact && thenExact}, render: render}
}

// FieldReadWhole says that no word of the question names the field the
// answer gives: it was read from the question as a whole.
type FieldReadWhole struct {
	Label string
}

func (n FieldReadWhole) sentence(pr *locale.Printer) (string, []any) {
	return "Not an exact answer: no word of the question names the %s; the question as a whole was read as asking for it.", []any{n.Label}
}

func (FieldReadWhole) join() noteJoin { return joinSentence }

// fieldText is what a field's answer says.
type fieldText struct {
	p                   *Base
	pln                 plan.Plan
	t                   fieldSubject
	field, label, value string
	hedge               string
	stillOpen           bool
	then                string
}

func (f fieldText) render(cite func(string) string) string {
	pr := locale.For(f.pln.Lang)
	text := f.sentence(cite) + moreFieldsText(pr, f.t.in, f.pln.Constraints.MoreFields) + f.then
	if len(f.t.rivals) == 0 {
		return text
	}
	var b strings.Builder
	b.WriteString(text)
	f.writeRivals(&b, cite)
	return b.String()
}

// sentence states the field of the institution.
func (f fieldText) sentence(cite func(string) string) string {
	pr := locale.For(f.pln.Lang)
	in, hedge, value, label, id := f.t.in, f.hedge, f.value, f.label, f.t.id
	name := in.Name
	if len(f.t.rivals) > 0 {
		name += " (" + placeText(in) + ")"
	}
	switch {
	case f.stillOpen:
		return pr.Sprintf("%s%s has not closed: the data has it open%s.", name, hedge, cite(id))
	case f.field == "opened" && value != "" && f.pln.Constraints.Age:
		return pr.Sprintf("The %s of %s%s is %s%s", label, name, hedge, value, cite(id)) + ageText(pr, in, f.p.asOf) + "."
	case f.field == "operator" && value != "" && value == in.Governance() && len(operatorNames(in)) == 0:
		// "Who runs the Pitt Rivers Museum?" of a record that
		// names no operator, only its kind of governance
		return pr.Sprintf("The data names no operator for %s%s; its governance is recorded as %s%s.", name, hedge, pr.Text(value), cite(id))
	case f.field == "country" && value != "":
		// "Which country is the Rijksmuseum in?": the country's
		// name, its code after it
		return pr.Sprintf("%s%s is in %s (%s)%s.", name, hedge, countryPhrase(value), value, cite(id))
	case f.field == "city" && value != "":
		// "Where is X?"
		return pr.Sprintf("%s%s is in %s%s.", in.Name, hedge, placeText(in), cite(id))
	case f.field == "history":
		return historyText(pr, in, hedge, f.pln.Constraints.Years, cite(id))
	case f.field == "current_name":
		return currentNameText(in, f.pln, hedge, cite(id))
	case f.field == "description" && value == "":
		// "Tell me about X": the record's description, else
		// what it is and where
		return pr.Sprintf("%s%s is a %s in %s%s; the data holds no description of it.",
			in.Name, hedge, pr.Text(strings.ToLower(in.Type)), placeText(in), cite(id))
	case f.field == "description" && hedge != "":
		return pr.Sprintf("%s%s: %s%s", in.Name, hedge, value, cite(id))
	case f.field == "description":
		return pr.Sprintf("%s%s", value, cite(id))
	case value == "":
		if cl, cv := CoarserValue(in, f.field); cv != "" {
			// "Where is X?" of a record without a town: what it
			// holds at the next level, and that the town is missing
			return pr.Sprintf("The data records no %s for %s%s; it records its %s: %s%s.", label, name, hedge, pr.Text(cl), cv, cite(id))
		}
		return pr.Sprintf("The data records no %s for %s%s%s.", label, name, hedge, cite(id))
	}
	return pr.Sprintf("The %s of %s%s is %s%s.", label, name, hedge, shownValue(pr, in, f.field, value), cite(id))
}

// writeRivals says, when several institutions carry the name the
// question gives and none is called exactly that, which was taken and
// what the others have.
func (f fieldText) writeRivals(b *strings.Builder, cite func(string) string) {
	pr := locale.For(f.pln.Lang)
	if f.t.via == "ranking" {
		writeAlsoFits(pr, b, quoteWords(pr, unknownName(f.pln)))
	} else {
		pr.Fprintf(b, " The name %s also fits ", quoteWords(pr, []string{f.t.asked}))
	}
	for i, r := range f.t.rivals {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(r.Name)
		if alt := altNameWith(r, f.t.asked); alt != "" && alt != r.Name {
			pr.Fprintf(b, ", %s “%s”", altNameLabel(pr, r, alt), alt)
		}
		_, v := fieldValue(pr, r, f.field)
		if v == "" {
			v = pr.Text("no ") + f.label + pr.Text(" recorded")
		}
		pr.Fprintf(b, " (%s: %s)%s", placeText(r), v, cite(r.ID))
	}
	b.WriteString(".")
}

// nameCandidates returns, when a question names an institution by a name
// the router did not recognise, the top-ranked institutions whose names
// carry that name as a phrase: those whose current name does first, then
// those with it among their other names, in ranking order within each
// (at most four). Institutions in the question's place come first when it
// gives one. Nil when none carries it.
func (p *Base) nameCandidates(pln plan.Plan, fused []fusion.Fused) []*heritage.Institution {
	if strings.TrimSpace(kg.NormalizeName(pln.UnusedPhrase(plan.UnusedName))) == "" {
		return nil
	}
	type cand struct {
		in    *heritage.Institution
		level int
	}
	var cands []cand
	for _, f := range fused[:min(len(fused), 10)] {
		in, ok := p.data.Get(f.ID)
		if !ok {
			continue
		}
		level := phraseLevel(in, pln.UnusedPhrase(plan.UnusedName))
		if len(pln.Constraints.Places) > 0 && placeMatches(in, pln.Constraints.Places) {
			level += 4
		}
		if level%4 > 0 && covers(in, pln.Unused(plan.UnusedUnknown)) {
			cands = append(cands, cand{in, level})
		}
	}
	slices.SortStableFunc(cands, func(a, b cand) int { return b.level - a.level })
	out := make([]*heritage.Institution, 0, 4)
	for _, c := range cands[:min(len(cands), 4)] {
		out = append(out, c.in)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// writeAlsoFits begins the sentence that names the other institutions a
// name the question gives only part of fits.
func writeAlsoFits(pr *locale.Printer, b *strings.Builder, name string) {
	pr.Fprintf(b, " No institution in the data is called exactly %s; the name also fits ", name)
}

// anyHolds reports whether one of the ranked institutions' names, its
// current or an other, holds the phrase.
func (p *Base) anyHolds(fused []fusion.Fused, phrase string) bool {
	for _, f := range fused {
		if in, ok := p.data.Get(f.ID); ok && phraseLevel(in, phrase) > 0 {
			return true
		}
	}
	return false
}

// phraseLevel is 2 when an institution's name holds the phrase as words
// in order, 1 when one of its other names does, else 0.
func phraseLevel(in *heritage.Institution, phrase string) int {
	switch {
	case strings.Contains(" "+kg.NormalizeName(in.Name)+" ", " "+kg.NormalizeName(phrase)+" "):
		return 2
	case altNameWith(in, phrase) != "":
		return 1
	}
	return 0
}

// altNameWith returns the first of an institution's other names that
// carries the phrase, or "".
func altNameWith(in *heritage.Institution, name string) string {
	phrase := " " + kg.NormalizeName(name) + " "
	if strings.TrimSpace(phrase) == "" {
		return ""
	}
	for _, a := range in.AltNames() {
		if strings.Contains(" "+kg.NormalizeName(a.Name)+" ", phrase) {
			return a.Name
		}
	}
	return ""
}

// sameNameRivals returns, for an institution read by name, the name as
// the question gives it and the other institutions that name was read as
// (at most three) that the question's place, when it gives one, does not
// rule out.
func (p *Base) sameNameRivals(pln plan.Plan, id string) (string, []*heritage.Institution) {
	for _, m := range pln.Constraints.Names {
		if !slices.Contains(m.IDs, id) || len(m.IDs) < 2 {
			continue
		}
		var out []*heritage.Institution
		for _, other := range m.IDs {
			in, ok := p.data.Get(other)
			if other == id || !ok || len(pln.Constraints.Places) > 0 && !placeMatches(in, pln.Constraints.Places) {
				continue
			}
			if len(out) < 3 {
				out = append(out, in)
			}
		}
		return m.Text, out
	}
	return "", nil
}

// bodyFieldDraft answers a field of an organisation the data knows only
// as the organisation of other institutions ("What is the Ironbridge
// Gorge Museums Trust part of?"): it holds no record of it, so nothing
// of its own; the answer says so and names the institutions recorded as
// belonging to it, the first ten by the retrievers' ranking cited.
func (p *Base) bodyFieldDraft(sel *kg.Selection, pln plan.Plan, fused []fusion.Fused) Draft {
	pr := locale.For(pln.Lang)
	body := pln.Constraints.Bodies[0]
	label, _ := fieldValue(pr, &heritage.Institution{}, pln.Constraints.Field) // the field's name
	text := pr.Sprintf("The data holds no record of %s itself, so it records no %s for it", body.Name, label)
	if sel == nil || len(sel.Main) == 0 {
		return noneDraft(text + ".")
	}
	rank := rankOf(fused)
	ids := slices.Clone(sel.Main)
	sortByRank(ids, rank)
	ids = ids[:min(len(ids), 10)]
	return Draft{Answer: Answer{Kind: KindRanked, IDs: ids}, render: func(cite func(string) string) string {
		var b strings.Builder
		pr.Fprintf(&b, "%s; it names %s as the organisation %d %s %s: ", text, body.Name, len(sel.Main),
			pr.Plural("institution", len(sel.Main)), relationVerb(pr, body.Relation, len(sel.Main)))
		p.writeNames(&b, ids, cite)
		if len(sel.Main) > len(ids) {
			s := strings.TrimSuffix(b.String(), ".")
			return pr.Sprintf("%s and %d more.", s, len(sel.Main)-len(ids))
		}
		return b.String()
	}}
}

// relationVerb is what n institutions are to the organisation of a
// relation: "are part of", "is run by".
func relationVerb(pr *locale.Printer, rel string, n int) string {
	be := pr.Text("are")
	if n == 1 {
		be = pr.Text("is")
	}
	return be + " " + relationPhrase(pr, cmp.Or(rel, heritage.RelPartOf))
}

// currentNameText says what an institution is called now, by the former
// name the question asked with.
func currentNameText(in *heritage.Institution, pln plan.Plan, hedge, cite string) string {
	pr := locale.For(pln.Lang)
	for _, n := range pln.Constraints.Names {
		if n.Former && n.Name != in.Name {
			return pr.Sprintf("%s is now called %s%s%s.", n.Name, in.Name, hedge, cite)
		}
	}
	return pr.Sprintf("%s%s is the name the data records now%s.", in.Name, hedge, cite)
}
