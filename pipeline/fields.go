package pipeline

import (
	"cmp"
	"fmt"
	"github.com/hybridrag/hybridrag/kg"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/router"
)

// viaIdentifier reports whether target found its institution by an
// identifier of the question.
func viaIdentifier(via string) bool {
	return via == "isil" || via == "wikidata" || via == "ghcid" || via == "gnd" || via == "ror"
}

// fieldAnswer answers single-institution questions: a field ("What is the
// ISIL code of X?", "In which year did X open?") or, for a bare identifier
// look-up, the institution itself.
func (p *Pipeline) fieldAnswer(sel *kg.Selection, plan router.Plan, fused []fusion.Fused) (draft, bool) {
	c := plan.Constraints
	hasID := len(c.ISILs)+len(c.QIDs)+len(c.GHCIDs)+len(c.GNDs)+len(c.RORs) > 0
	if c.List || (c.Field == "" && !hasID) {
		return draft{}, false
	}
	if len(c.Names) == 0 && len(c.Bodies) == 1 && len(c.Bodies[0].IDs) == 0 && !hasID {
		return p.bodyFieldDraft(sel, plan, fused), true
	}
	id, via := p.target(sel, plan, fused)
	if hasID && !viaIdentifier(via) {
		// An identifier the data does not hold: say so, never answer
		// about another institution.
		return missingIdentifierDraft(c), true
	}
	if id == "" {
		return draft{}, false
	}
	in, ok := p.data.Get(id)
	if !ok {
		return draft{}, false
	}
	if via == "ranking" && len(plan.Unknown) == 0 {
		return noneDraft("The question names no institution the data holds."), true
	}
	var rivals []*heritage.Institution
	asked := plan.UnknownName // the name as the question gives it
	if via == "name" {
		// A name several institutions carry, that the question's place
		// does not settle: the answer names the others too.
		asked, rivals = p.sameNameRivals(plan, id)
	}
	if via == "ranking" {
		if cands := p.nameCandidates(plan, fused); len(cands) > 0 {
			in, id, rivals = cands[0], cands[0].ID, cands[1:]
		} else if !covers(in, plan.Unknown) {
			return noneDraft(fmt.Sprintf("No institution called %s is in the data.", quoteWords(unknownName(plan)))), true
		}
	}
	field := c.Field
	if field == "" || (hasID && field == via) {
		// A reverse look-up: the identifier is given, the institution asked.
		return draft{Answer: Answer{Kind: KindField, Field: "institution", Value: in.Name, IDs: []string{id}, Exact: via != "ranking"},
			render: func(cite func(string) string) string {
				return fmt.Sprintf("%s%s (%s, %s).", in.Name, cite(id), strings.ToLower(in.Type), placeText(in))
			}}, true
	}
	label, value := fieldValue(in, field)
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
	stillOpen := notClosed(in, field, value)
	exact := (value != "" || stillOpen) && via != "ranking" && len(rivals) == 0
	for _, f := range c.MoreFields {
		if _, v := fieldValue(in, f); v == "" && !notClosed(in, f, v) {
			exact = false // an answer that misses a field asked for is not exact
		}
	}
	// "When did Chartwell open, and is it still running?": the yes/no
	// after the field
	then, thenExact := p.thenText(in, plan.Then)
	exact = exact && thenExact
	return draft{Answer: Answer{Kind: KindField, Field: field, Value: value, IDs: ids, Exact: exact},
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
			if field == "opened" && value != "" && plan.Constraints.Age {
				text = strings.TrimSuffix(text, ".") + ageText(in, p.opts.AsOf) + "."
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
				text = historyText(in, hedge, plan.Constraints.Years, cite(id))
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
			text += moreFieldsText(in, plan.Constraints.MoreFields) + then
			if len(rivals) == 0 {
				return text
			}
			// Several institutions carry the name the question gives and
			// none is called exactly that: say which was taken, and what
			// the others have.
			var b strings.Builder
			b.WriteString(text)
			if via == "ranking" {
				fmt.Fprintf(&b, alsoFits, quoteWords(unknownName(plan)))
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
				_, v := fieldValue(r, field)
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
func (p *Pipeline) nameCandidates(plan router.Plan, fused []fusion.Fused) []*heritage.Institution {
	if strings.TrimSpace(kg.NormalizeName(plan.UnknownName)) == "" {
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
		level := phraseLevel(in, plan.UnknownName)
		if len(plan.Constraints.Places) > 0 && placeMatches(in, plan.Constraints.Places) {
			level += 4
		}
		if level%4 > 0 && covers(in, plan.Unknown) {
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
func (p *Pipeline) anyHolds(fused []fusion.Fused, phrase string) bool {
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

// fieldValue returns a field's label and its value as text.
func fieldValue(in *heritage.Institution, field string) (label, value string) {
	switch field {
	case "isil":
		v := in.ISIL
		if v == "" && len(in.Identifiers.ISILAll) > 0 {
			v = in.Identifiers.ISILAll[0]
		}
		return "ISIL code", v
	case "gnd":
		return "GND identifier", in.GND()
	case "wikidata":
		return "Wikidata ID", in.Wikidata
	case "ghcid":
		return "GHCID", in.GHCID
	case "website":
		return "official website", in.Website
	case "postcode":
		return "postcode", in.Postcode
	case "address":
		if in.Address == "" {
			// "Where is X?" of a record without a street address: its place.
			return "location", placeText(in)
		}
		return "address", in.Address
	case "city":
		return "city", in.City
	case "country":
		return "country", in.Country
	case "region", "county", "district":
		return field, adminUnitAt(in, field)
	case "governance":
		if in.Governance == "" {
			return "governance type", ""
		}
		return "governance type", fmt.Sprintf("%s (%s)", in.Governance, in.GovernanceCode)
	case "accreditation":
		return "accreditation", in.Accreditation
	case "size":
		return "size", in.Size
	case "type":
		return "type", strings.ToLower(in.Type)
	case "status":
		return "status", in.Status
	case "opened":
		return "opening year", heritage.YearsText(in.Opened())
	case "closed":
		return "closing year", heritage.YearsText(in.Closed())
	case "phone":
		return "telephone number", ""
	case "email":
		return "e-mail address", ""
	case "opening_hours":
		return "opening hours", ""
	case "founder":
		return "founder", ""
	case "built":
		return "building date", ""
	case "facilities":
		return "facilities (shop, café, parking, access)", ""
	case "director":
		return "director", ""
	case "admission":
		return "admission price", ""
	case "visitors":
		return "visitor numbers", ""
	case "former_name":
		var names []string
		for _, a := range in.FormerNames() {
			if a.Period != "" {
				names = append(names, fmt.Sprintf("%s (%s)", a.Name, a.Period))
			} else {
				names = append(names, a.Name)
			}
		}
		return "former name", strings.Join(names, "; ")
	case "operator", "member_of":
		ops := operatorNames(in)
		label := "operator"
		if field == "member_of" {
			label = "parent organisation"
		}
		if len(ops) == 0 && in.Governance != "" && field == "operator" {
			ops = append(ops, in.Governance)
		}
		return label, strings.Join(ops, "; ")
	case "successor":
		return "successor", relatedNames(in, "succeeded_by", "merged_into", "relocated_to")
	case "predecessor":
		return "predecessor", relatedNames(in, "successor_of", "absorbed")
	case "subjects":
		return "subject matter of the collections", collectionSubjects(in)
	case "description":
		return "description", strings.TrimSpace(in.Description)
	case "history":
		return "recorded events", eventsText(in.Events)
	case "coordinates":
		if in.Lat == nil || in.Lon == nil {
			return "coordinates", ""
		}
		return "coordinates", fmt.Sprintf("%.5f, %.5f", *in.Lat, *in.Lon)
	}
	return strings.ReplaceAll(field, "_", " "), ""
}

// linkedIDs are the records a relation field names, when the data gives
// their ids.
func linkedIDs(in *heritage.Institution, field string) []string {
	var rels []string
	switch field {
	case "successor":
		rels = []string{"succeeded_by", "merged_into", "relocated_to"}
	case "predecessor":
		rels = []string{"successor_of", "absorbed"}
	case "operator", "member_of":
		rels = []string{"part_of", "operated_by"}
	default:
		return nil
	}
	var out []string
	for _, r := range in.Related {
		if r.ID != "" && r.ID != in.ID && slices.Contains(rels, r.Relation) && !slices.Contains(out, r.ID) {
			out = append(out, r.ID)
		}
	}
	if field == "operator" || field == "member_of" {
		for _, m := range in.MemberOf {
			if m.ID != "" && m.ID != in.ID && !slices.Contains(out, m.ID) {
				out = append(out, m.ID)
			}
		}
	}
	return out
}

// relatedNames lists the names of the records related to in by one of
// the relations.
func relatedNames(in *heritage.Institution, relations ...string) string {
	var names []string
	for _, r := range in.Related {
		if slices.Contains(relations, r.Relation) && !slices.Contains(names, r.Name) {
			names = append(names, r.Name)
		}
	}
	return strings.Join(names, "; ")
}

func placeText(in *heritage.Institution) string {
	var parts []string
	for _, v := range []string{in.City, in.County, in.Region, in.Country} {
		if v != "" && !slices.Contains(parts, v) {
			parts = append(parts, v)
		}
	}
	return strings.Join(parts, ", ")
}

// altNameLabel says how an institution's other name is known: "formerly"
// for a former name, "also called" otherwise.
func altNameLabel(in *heritage.Institution, alt string) string {
	for _, f := range in.FormerNames() {
		if f.Name == alt {
			return "formerly"
		}
	}
	return "also called"
}

// sameNameRivals returns, for an institution read by name, the name as
// the question gives it and the other institutions that name was read as
// (at most three) that the question's place, when it gives one, does not
// rule out.
func (p *Pipeline) sameNameRivals(plan router.Plan, id string) (string, []*heritage.Institution) {
	for _, m := range plan.Constraints.Names {
		if !slices.Contains(m.IDs, id) || len(m.IDs) < 2 {
			continue
		}
		var out []*heritage.Institution
		for _, other := range m.IDs {
			in, ok := p.data.Get(other)
			if other == id || !ok || len(plan.Constraints.Places) > 0 && !placeMatches(in, plan.Constraints.Places) {
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

// collectionSubjects lists the subjects of an institution's collections
// (see subjectsOf).
func collectionSubjects(in *heritage.Institution) string {
	return strings.Join(subjectsOf(in), "; ")
}

// subjectsOf returns an institution's subjects and its collections'
// subjects, each once (case aside), in the record's order.
func subjectsOf(in *heritage.Institution) []string {
	var out []string
	seen := map[string]bool{}
	add := func(v string) {
		if k := strings.ToLower(strings.TrimSpace(v)); k != "" && !seen[k] {
			seen[k] = true
			out = append(out, v)
		}
	}
	for _, s := range in.Subjects {
		add(s)
	}
	for _, c := range in.Collections {
		add(c.Subject)
	}
	return out
}

// eventsText lists events as "1901: Opened in 1901.", dated ones first in
// order of date.
func eventsText(events []heritage.Event) string {
	evs := slices.Clone(events)
	slices.SortStableFunc(evs, func(a, b heritage.Event) int {
		af, _, aok := a.Years()
		bf, _, bok := b.Years()
		switch {
		case aok && bok:
			return af - bf
		case aok:
			return -1
		case bok:
			return 1
		}
		return 0
	})
	var parts []string
	for _, e := range evs {
		d := strings.TrimSpace(e.Description)
		if d == "" {
			d = strings.ReplaceAll(e.Type, "_", " ")
		}
		if e.Date != "" {
			d = e.Date + ": " + d
		}
		parts = append(parts, d)
	}
	return strings.Join(parts, " ")
}

// historyText answers what happened to an institution: the events its
// record holds, within the years asked about when the question gives
// them ("since 1990"), and whether it is open when the record says.
func historyText(in *heritage.Institution, hedge string, years *router.YearRange, cite string) string {
	state := ""
	switch in.Status {
	case "open":
		state = "It is open according to the data."
	case "closed":
		state = "It is closed according to the data."
	}
	if len(in.Events) == 0 {
		return strings.TrimSpace(fmt.Sprintf("The data records no events of %s%s%s. %s", in.Name, hedge, cite, state))
	}
	if years == nil {
		return strings.TrimSpace(fmt.Sprintf("The data records these events of %s%s: %s%s %s", in.Name, hedge, eventsText(in.Events), cite, state))
	}
	var within []heritage.Event
	for _, e := range in.Events {
		from, to, ok := e.Years()
		if ok && (years.From == 0 || to >= years.From) && (years.To == 0 || from <= years.To) {
			within = append(within, e)
		}
	}
	span := spanText(years)
	if len(within) == 0 {
		return strings.TrimSpace(fmt.Sprintf("The data records no events of %s%s %s; the events it records are: %s%s %s",
			in.Name, hedge, span, eventsText(in.Events), cite, state))
	}
	return strings.TrimSpace(fmt.Sprintf("The data records these events of %s%s %s: %s%s %s", in.Name, hedge, span, eventsText(within), cite, state))
}

// spanText says which years a range covers: "since 1990", "up to 1900",
// "in 1990", "between 1990 and 2000".
func spanText(y *router.YearRange) string {
	switch {
	case y.To == 0:
		return fmt.Sprintf("since %d", y.From)
	case y.From == 0:
		return fmt.Sprintf("up to %d", y.To)
	case y.From == y.To:
		return fmt.Sprintf("in %d", y.From)
	}
	return fmt.Sprintf("between %d and %d", y.From, y.To)
}

// notClosed reports whether value, the record's field asked for, is the
// closing year the data does not record of an institution it has open:
// it has not closed, and that is the answer.
func notClosed(in *heritage.Institution, field, value string) bool {
	return field == "closed" && value == "" && in.Status == "open"
}

// moreFieldsText answers the further fields asked of the institution, a
// sentence each: " Its website is …", " The data records no ISIL code
// for it."
func moreFieldsText(in *heritage.Institution, fields []string) string {
	var b strings.Builder
	for _, f := range fields {
		label, v := fieldValue(in, f)
		switch {
		case f == "city" && v != "":
			fmt.Fprintf(&b, " It is in %s.", placeText(in))
		case f == "history":
			fmt.Fprintf(&b, " %s", historyText(in, "", nil, ""))
		case notClosed(in, f, v):
			b.WriteString(" It has not closed: the data has it open.")
		case v == "":
			fmt.Fprintf(&b, " The data records no %s for it.", label)
		default:
			fmt.Fprintf(&b, " Its %s is %s.", label, v)
		}
	}
	return b.String()
}

// adminUnitAt is the area of the record's place at a level of the
// administrative hierarchy ("region", "county" or "district"), with its
// kind ("Kent (English County)"), or "" when the record states none
// there. Where no county lies between a region and a unitary authority,
// a council area or a borough, that area is the county too: the data
// places Morpeth in Northumberland with no county above it.
func adminUnitAt(in *heritage.Institution, level string) string {
	units := in.AdminAreas()
	show := func(u heritage.AdminUnit) string { return fmt.Sprintf("%s (%s)", u.Name, u.Level) }
	has := func(u heritage.AdminUnit, words ...string) bool {
		for _, w := range words {
			if strings.Contains(u.Level, w) {
				return true
			}
		}
		return false
	}
	switch level {
	case "region":
		for _, u := range units {
			if has(u, "Region") {
				return show(u)
			}
		}
		return cmp.Or(in.Subregion, in.Region)
	case "county":
		for _, u := range units {
			if has(u, "County") {
				return show(u)
			}
		}
		for _, u := range units {
			// the first area below the nation, its region and combined
			// authority: a unitary authority, a council area, a borough
			if u.Level != "" && !has(u, "Region", "CA") {
				return show(u)
			}
		}
		return in.County
	}
	for i := len(units) - 1; i >= 0; i-- {
		if has(units[i], "District", "Borough", "UA", "Council Area") {
			return show(units[i])
		}
	}
	return in.District
}

// ageText says how long ago an institution opened, as of the year asOf,
// and for one that closed how long it was open: ", 60 years before 2026,
// and it is open according to the data" or ", and it closed in 2019,
// after 37 years". A span of years gives a span of ages.
func ageText(in *heritage.Institution, asOf int) string {
	from, to, ok := in.Opened()
	if !ok {
		return ""
	}
	years := func(a, b int) string {
		if a == b {
			if a == 1 {
				return "1 year"
			}
			return fmt.Sprintf("%d years", a)
		}
		return fmt.Sprintf("%d to %d years", a, b)
	}
	if cFrom, cTo, closed := in.Closed(); closed {
		when := heritage.YearsText(cFrom, cTo, true) // "between 2014 and 2017" for a span
		if cFrom == cTo {
			when = "in " + when
		}
		return fmt.Sprintf(", and it closed %s, after %s", when, years(max(0, cFrom-to), max(0, cTo-from)))
	}
	if asOf < to {
		return ""
	}
	s := fmt.Sprintf(", %s before %d", years(asOf-to, asOf-from), asOf)
	if in.Status == "open" {
		s += ", and it is open according to the data"
	}
	return s
}

// operatorNames are the organisations a record is run by or part of
// (what fieldValue gives as its operator before its governance).
func operatorNames(in *heritage.Institution) []string {
	var ops []string
	for _, m := range in.MemberOf {
		if m.Relation == heritage.RelOperatedBy || m.Relation == heritage.RelPartOf {
			ops = append(ops, m.Name)
		}
	}
	for _, r := range in.Related {
		if r.Relation == "part_of" || r.Relation == "operated_by" {
			ops = append(ops, r.Name)
		}
	}
	return ops
}

// bodyFieldDraft answers a field of an organisation the data knows only
// as the organisation of other institutions ("What is the Ironbridge
// Gorge Museums Trust part of?"): it holds no record of it, so nothing
// of its own; the answer says so and names the institutions recorded as
// belonging to it, the first ten by the retrievers' ranking cited.
func (p *Pipeline) bodyFieldDraft(sel *kg.Selection, plan router.Plan, fused []fusion.Fused) draft {
	body := plan.Constraints.Bodies[0]
	label, _ := fieldValue(&heritage.Institution{}, plan.Constraints.Field) // the field's name
	text := fmt.Sprintf("The data holds no record of %s itself, so it records no %s for it", body.Name, label)
	if sel == nil || len(sel.Main) == 0 {
		return noneDraft(text + ".")
	}
	rank := rankOf(fused)
	ids := slices.SortedStableFunc(slices.Values(sel.Main), func(a, b string) int { return orderRank(rank, a) - orderRank(rank, b) })
	ids = ids[:min(len(ids), 10)]
	return draft{Answer: Answer{Kind: KindRanked, IDs: ids}, render: func(cite func(string) string) string {
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
