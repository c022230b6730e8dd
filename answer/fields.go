package answer

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/kg"
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
	c := pln.Constraints
	hasID := len(c.ISILs)+len(c.QIDs)+len(c.GHCIDs)+len(c.GNDs)+len(c.RORs) > 0
	if c.List || (c.Field == "" && !hasID) {
		return Draft{}, false
	}
	if len(c.Names) == 0 && len(c.Bodies) == 1 && len(c.Bodies[0].IDs) == 0 && !hasID {
		return p.bodyFieldDraft(sel, pln, fused), true
	}
	id, via := p.target(sel, pln, fused)
	if hasID && !viaIdentifier(via) {
		// An identifier the data does not hold: say so, never answer
		// about another institution.
		return missingIdentifierDraft(c), true
	}
	if id == "" {
		return Draft{}, false
	}
	in, ok := p.data.Get(id)
	if !ok {
		return Draft{}, false
	}
	if via == "ranking" && len(pln.Unknown) == 0 {
		return noneDraft("The question names no institution the data holds."), true
	}
	var rivals []*heritage.Institution
	asked := pln.UnknownName // the name as the question gives it
	if via == "name" {
		// A name several institutions carry, that the question's place
		// does not settle: the answer names the others too.
		asked, rivals = p.sameNameRivals(pln, id)
	}
	if via == "ranking" {
		if cands := p.nameCandidates(pln, fused); len(cands) > 0 {
			in, id, rivals = cands[0], cands[0].ID, cands[1:]
		} else if !covers(in, pln.Unknown) {
			return noneDraft(fmt.Sprintf("No institution called %s is in the data.", quoteWords(unknownName(pln)))), true
		}
	}
	field := c.Field
	if field == "" || (hasID && field == via) {
		// A reverse look-up: the identifier is given, the institution asked.
		return Draft{Answer: Answer{Kind: KindField, Field: "institution", Value: in.Name, IDs: []string{id}, Exact: via != "ranking"},
			render: func(cite func(string) string) string {
				return fmt.Sprintf("%s%s (%s, %s).", in.Name, cite(id), strings.ToLower(in.Type), placeText(in))
			}}, true
	}
	label, value := FieldValue(in, field)
	hedge := ""
	if via == "ranking" && len(rivals) == 0 {
		hedge = " (best match for the name in the question)"
	}
	// A relation's answer cites the related records too, first.
	ids := append(linkedIDs(in, field), id)
	for _, r := range rivals {
		ids = append(ids, r.ID)
	}
	// "When did X close?" of a record the data has open: it has not
	// closed, and that is the answer
	stillOpen := NotClosed(in, field, value)
	exact := (value != "" || stillOpen) && via != "ranking" && len(rivals) == 0
	for _, f := range c.MoreFields {
		if _, v := FieldValue(in, f); v == "" && !NotClosed(in, f, v) {
			exact = false // an answer that misses a field asked for is not exact
		}
	}
	// "When did Chartwell open, and is it still running?": the yes/no
	// after the field
	then, thenExact := p.thenText(in, pln.Then)
	exact = exact && thenExact
	return Draft{Answer: Answer{Kind: KindField, Field: field, Value: value, IDs: ids, Exact: exact},
		render: func(cite func(string) string) string {
			name := in.Name
			if len(rivals) > 0 {
				name += " (" + placeText(in) + ")"
			}
			text := fmt.Sprintf("The %s of %s%s is %s%s.", label, name, hedge, value, cite(id))
			if value == "" {
				text = fmt.Sprintf("The data records no %s for %s%s%s.", label, name, hedge, cite(id))
			}
			if stillOpen {
				text = fmt.Sprintf("%s%s has not closed: the data has it open%s.", name, hedge, cite(id))
			}
			if field == "opened" && value != "" && pln.Constraints.Age {
				text = strings.TrimSuffix(text, ".") + ageText(in, p.asOf) + "."
			}
			if field == "operator" && value != "" && value == in.Governance && len(operatorNames(in)) == 0 {
				// "Who runs the Pitt Rivers Museum?" of a record that
				// names no operator, only its kind of governance
				text = fmt.Sprintf("The data names no operator for %s%s; its governance is recorded as %s%s.", name, hedge, value, cite(id))
			}
			if field == "country" && value != "" {
				// "Which country is the Rijksmuseum in?": the country's
				// name, its code after it
				text = fmt.Sprintf("%s%s is in %s (%s)%s.", name, hedge, countryPhrase(value), value, cite(id))
			}
			if field == "city" && value != "" {
				// "Where is X?"
				text = fmt.Sprintf("%s%s is in %s%s.", in.Name, hedge, placeText(in), cite(id))
			}
			if field == "history" {
				text = historyText(in, hedge, pln.Constraints.Years, cite(id))
			}
			if field == "description" {
				// "Tell me about X": the record's description, else
				// what it is and where
				text = fmt.Sprintf("%s%s is a %s in %s%s; the data holds no description of it.",
					in.Name, hedge, strings.ToLower(in.Type), placeText(in), cite(id))
				if value != "" {
					text = fmt.Sprintf("%s%s", value, cite(id))
					if hedge != "" {
						text = fmt.Sprintf("%s%s: %s%s", in.Name, hedge, value, cite(id))
					}
				}
			}
			text += moreFieldsText(in, pln.Constraints.MoreFields) + then
			if len(rivals) == 0 {
				return text
			}
			// Several institutions carry the name the question gives and
			// none is called exactly that: say which was taken, and what
			// the others have.
			var b strings.Builder
			b.WriteString(text)
			if via == "ranking" {
				fmt.Fprintf(&b, alsoFits, quoteWords(unknownName(pln)))
			} else {
				fmt.Fprintf(&b, " The name %s also fits ", quoteWords([]string{asked}))
			}
			for i, r := range rivals {
				if i > 0 {
					b.WriteString("; ")
				}
				b.WriteString(r.Name)
				if alt := altNameWith(r, asked); alt != "" && alt != r.Name {
					fmt.Fprintf(&b, ", %s “%s”", altNameLabel(r, alt), alt)
				}
				_, v := FieldValue(r, field)
				if v == "" {
					v = "no " + label + " recorded"
				}
				fmt.Fprintf(&b, " (%s: %s)%s", placeText(r), v, cite(r.ID))
			}
			b.WriteString(".")
			return b.String()
		}}, true
}

// nameCandidates returns, when a question names an institution by a name
// the router did not recognise, the top-ranked institutions whose names
// carry that name as a phrase: those whose current name does first, then
// those with it among their other names, in ranking order within each
// (at most four). Institutions in the question's place come first when it
// gives one. Nil when none carries it.
func (p *Base) nameCandidates(pln plan.Plan, fused []fusion.Fused) []*heritage.Institution {
	if strings.TrimSpace(kg.NormalizeName(pln.UnknownName)) == "" {
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
		level := phraseLevel(in, pln.UnknownName)
		if len(pln.Constraints.Places) > 0 && placeMatches(in, pln.Constraints.Places) {
			level += 4
		}
		if level%4 > 0 && covers(in, pln.Unknown) {
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

// alsoFits begins the sentence that names the other institutions a name
// the question gives only part of fits.
const alsoFits = " No institution in the data is called exactly %s; the name also fits "

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
	for _, a := range in.AltNames {
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
	body := pln.Constraints.Bodies[0]
	label, _ := FieldValue(&heritage.Institution{}, pln.Constraints.Field) // the field's name
	text := fmt.Sprintf("The data holds no record of %s itself, so it records no %s for it", body.Name, label)
	if sel == nil || len(sel.Main) == 0 {
		return noneDraft(text + ".")
	}
	rank := rankOf(fused)
	ids := slices.SortedStableFunc(slices.Values(sel.Main), func(a, b string) int { return orderRank(rank, a) - orderRank(rank, b) })
	ids = ids[:min(len(ids), 10)]
	return Draft{Answer: Answer{Kind: KindRanked, IDs: ids}, render: func(cite func(string) string) string {
		var b strings.Builder
		fmt.Fprintf(&b, "%s; it names %s as the organisation %d %s %s: ", text, body.Name, len(sel.Main),
			plural("institution", len(sel.Main)), relationVerb(body.Relation, len(sel.Main)))
		p.writeNames(&b, ids, cite)
		if len(sel.Main) > len(ids) {
			s := strings.TrimSuffix(b.String(), ".")
			return fmt.Sprintf("%s and %d more.", s, len(sel.Main)-len(ids))
		}
		return b.String()
	}}
}

// relationVerb is what n institutions are to the organisation of a
// relation: "are part of", "is run by".
func relationVerb(rel string, n int) string {
	be := "are"
	if n == 1 {
		be = "is"
	}
	return be + " " + relationPhrase(cmp.Or(rel, heritage.RelPartOf))
}
