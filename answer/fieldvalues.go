package answer

import (
	"cmp"
	"fmt"

	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/locale"
)

// FieldValue returns a field's label and its value as text, in English.
func FieldValue(in *heritage.Institution, field string) (label, value string) {
	return fieldValue(locale.For(locale.EN), in, field)
}

// fieldValue returns a field's label and its value as text, in pr's
// language.
func fieldValue(pr *locale.Printer, in *heritage.Institution, field string) (label, value string) {
	for _, of := range []func(*locale.Printer, *heritage.Institution, string) (string, string, bool){
		identifierValue, placeValue, recordValue, relationValue, unrecordedValue,
	} {
		if label, value, ok := of(pr, in, field); ok {
			return label, value
		}
	}
	return strings.ReplaceAll(field, "_", " "), ""
}

// identifierValue reads the record's identifiers and website.
func identifierValue(pr *locale.Printer, in *heritage.Institution, field string) (label, value string, ok bool) {
	switch field {
	case "isil":
		v := in.ISIL
		if v == "" && len(in.Identifiers.ISILAll) > 0 {
			v = in.Identifiers.ISILAll[0]
		}
		return pr.Text("ISIL code"), v, true
	case "gnd":
		return pr.Text("GND identifier"), in.GND(), true
	case "wikidata":
		return pr.Text("Wikidata ID"), in.Wikidata, true
	case "ghcid":
		return pr.Text("GHCID"), in.GHCID, true
	case "ror":
		return pr.Text("ROR identifier"), in.ROR(), true
	case "isni":
		return pr.Text("ISNI"), in.ISNI(), true
	case "grid":
		return pr.Text("GRID identifier"), in.GRID(), true
	case "fundref":
		return pr.Text("Crossref Funder ID"), in.FundRef(), true
	case "dbs":
		return pr.Text("DBS number"), strings.Join(in.Identifiers.DBS, ", "), true
	case "mapping_museums":
		return pr.Text("Mapping Museums identifier"), in.MappingMuseums(), true
	case "domus":
		return pr.Text("DOMUS identifier"), in.Domus(), true
	case "website":
		return pr.Text("official website"), in.Website(), true
	}
	return "", "", false
}

// placeValue reads where the record is.
func placeValue(pr *locale.Printer, in *heritage.Institution, field string) (label, value string, ok bool) {
	switch field {
	case "postcode":
		return pr.Text("postcode"), in.Postcode(), true
	case "address":
		if in.Address() == "" {
			// "Where is X?" of a record without a street address: its place.
			return pr.Text("location"), placeText(in), true
		}
		return pr.Text("address"), in.Address(), true
	case "city":
		return pr.Text("city"), in.City, true
	case "country":
		return pr.Text("country"), in.Country, true
	case "region", "county", "district":
		return field, adminUnitAt(pr, in, field), true
	case "coordinates":
		if in.Lat == nil || in.Lon == nil {
			return pr.Text("coordinates"), "", true
		}
		return pr.Text("coordinates"), pr.Sprintf("%.5f, %.5f", *in.Lat, *in.Lon), true
	}
	return "", "", false
}

// recordValue reads what the record says of the institution itself.
func recordValue(pr *locale.Printer, in *heritage.Institution, field string) (label, value string, ok bool) {
	switch field {
	case "governance":
		if in.Governance() == "" {
			return pr.Text("governance type"), "", true
		}
		return pr.Text("governance type"), pr.Sprintf("%s (%s)", in.Governance(), in.GovernanceCode()), true
	case "accreditation":
		return pr.Text("accreditation"), in.Accreditation(), true
	case "size":
		return pr.Text("size"), in.Size(), true
	case "type":
		return pr.Text("type"), strings.ToLower(in.Type), true
	case "status":
		return pr.Text("status"), in.Status(), true
	case "opened":
		return pr.Text("opening year"), heritage.YearsText(in.Opened()), true
	case "closed":
		return pr.Text("closing year"), heritage.YearsText(in.Closed()), true
	case "subjects":
		return pr.Text("subject matter of the collections"), collectionSubjects(in), true
	case "description":
		return pr.Text("description"), strings.TrimSpace(in.Description), true
	case "history":
		return pr.Text("recorded events"), eventsText(in.Events), true
	}
	return "", "", false
}

// shownValue is a field's value as an answer shows it: a closed-vocabulary
// word of the record (its type, accreditation, size, status or kind of
// governance: locale/messages/values.txt) in the answer's language; a
// name, an identifier or cited text as the record holds it. The answer's
// Value stays the record's.
func shownValue(pr *locale.Printer, in *heritage.Institution, field, value string) string {
	switch field {
	case "accreditation", "size", "type", "status":
		return pr.Text(value)
	case "governance":
		if in.Governance() != "" && value == pr.Sprintf("%s (%s)", in.Governance(), in.GovernanceCode()) {
			return pr.Sprintf("%s (%s)", pr.Text(in.Governance()), in.GovernanceCode())
		}
	}
	return value
}

// relationValue reads the record's former names and its links to other organisations.
func relationValue(pr *locale.Printer, in *heritage.Institution, field string) (label, value string, ok bool) {
	switch field {
	case "current_name":
		return pr.Text("current name"), in.Name, true
	case "former_name":
		var names []string
		for _, a := range in.FormerNames() {
			if a.Period != "" {
				names = append(names, pr.Sprintf("%s (%s)", a.Name, a.Period))
			} else {
				names = append(names, a.Name)
			}
		}
		return pr.Text("former name"), strings.Join(names, "; "), true
	case "operator", "member_of":
		ops := operatorNames(in)
		label := pr.Text("operator")
		if field == "member_of" {
			label = pr.Text("parent organisation")
		}
		if len(ops) == 0 && in.Governance() != "" && field == "operator" {
			ops = append(ops, in.Governance())
		}
		return label, strings.Join(ops, "; "), true
	case "successor":
		return pr.Text("successor"), relatedNames(in, "succeeded_by", "merged_into", "relocated_to"), true
	case "predecessor":
		return pr.Text("predecessor"), relatedNames(in, "successor_of", "absorbed"), true
	}
	return "", "", false
}

// coarserFields are, for a field that has coarser or related values of
// its own kind, the fields to read in turn when the record leaves it
// empty: a place the record does not give a town for is given by its
// address, district, county, region or country, or its coordinates; a
// missing postcode by the town. An identifier, a website or a year is no
// such field: another identifier is not a coarser one.
var coarserFields = map[string][]string{
	"city":        {"address", "district", "county", "region", "country", "coordinates"},
	"postcode":    {"city", "district", "county", "region", "country"},
	"district":    {"county", "region", "country"},
	"county":      {"region", "country"},
	"region":      {"country"},
	"coordinates": {"address", "city", "district", "county", "region", "country"},
}

// CoarserValue returns, for a field the record leaves empty, the first
// coarser or related value it holds (see coarserFields) and that value's
// label; "" when it holds none or the field has no coarser kin.
func CoarserValue(in *heritage.Institution, field string) (label, value string) {
	for _, f := range coarserFields[field] {
		if f == "address" && in.Address() == "" {
			continue // FieldValue gives the place for a missing address
		}
		label, value := FieldValue(in, f)
		if value == "" {
			continue
		}
		if f == "country" {
			value = fmt.Sprintf("%s (%s)", countryPhrase(value), value)
		}
		return label, value
	}
	return "", ""
}

// unrecordedValue labels the fields no record states: their value is empty.
func unrecordedValue(pr *locale.Printer, in *heritage.Institution, field string) (label, value string, ok bool) {
	switch field {
	case "phone":
		return pr.Text("telephone number"), "", true
	case "email":
		return pr.Text("e-mail address"), "", true
	case "opening_hours":
		return pr.Text("opening hours"), "", true
	case "founder":
		return pr.Text("founder"), "", true
	case "built":
		return pr.Text("building date"), "", true
	case "facilities":
		return pr.Text("facilities (shop, café, parking, access)"), "", true
	case "director":
		return pr.Text("director"), "", true
	case "admission":
		return pr.Text("admission price"), "", true
	case "visitors":
		return pr.Text("visitor numbers"), "", true
	}
	return "", "", false
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
	for _, r := range in.Related() {
		if r.ID != "" && r.ID != in.ID && slices.Contains(rels, r.Relation) && !slices.Contains(out, r.ID) {
			out = append(out, r.ID)
		}
	}
	if field == "operator" || field == "member_of" {
		for _, m := range in.MemberOf() {
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
	for _, r := range in.Related() {
		if slices.Contains(relations, r.Relation) && !slices.Contains(names, r.Name) {
			names = append(names, r.Name)
		}
	}
	return strings.Join(names, "; ")
}

func placeText(in *heritage.Institution) string {
	var parts []string
	for _, v := range []string{in.City, in.County(), in.Region(), in.Country} {
		if v != "" && !slices.Contains(parts, v) {
			parts = append(parts, v)
		}
	}
	return strings.Join(parts, ", ")
}

// altNameLabel says how an institution's other name is known: "formerly"
// for a former name, "also called" otherwise.
func altNameLabel(pr *locale.Printer, in *heritage.Institution, alt string) string {
	for _, f := range in.FormerNames() {
		if f.Name == alt {
			return pr.Text("formerly")
		}
	}
	return pr.Text("also called")
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

// NotClosed reports whether value, the record's field asked for, is the
// closing year the data does not record of an institution it has open:
// it has not closed, and that is the answer.
func NotClosed(in *heritage.Institution, field, value string) bool {
	return field == "closed" && value == "" && in.Status() == "open"
}

// moreFieldsText answers the further fields asked of the institution, a
// sentence each: " Its website is …", " The data records no ISIL code
// for it."
func moreFieldsText(pr *locale.Printer, in *heritage.Institution, fields []string) string {
	var b strings.Builder
	for _, f := range fields {
		label, v := FieldValue(in, f)
		label = pr.Text(label)
		switch {
		case f == "city" && v != "":
			pr.Fprintf(&b, " It is in %s.", placeText(in))
		case f == "history":
			pr.Fprintf(&b, " %s", historyText(pr, in, "", nil, ""))
		case NotClosed(in, f, v):
			b.WriteString(pr.Text(" It has not closed: the data has it open."))
		case v == "":
			if cl, cv := CoarserValue(in, f); cv != "" {
				pr.Fprintf(&b, " The data records no %s for it; it records its %s: %s.", label, pr.Text(cl), cv)
				continue
			}
			pr.Fprintf(&b, " The data records no %s for it.", label)
		default:
			pr.Fprintf(&b, " Its %s is %s.", label, v)
		}
	}
	return b.String()
}

// AdminUnitAt is the area of the record's place at a level of the
// administrative hierarchy ("region", "county" or "district"), with its
// kind ("Kent (English County)"), or "" when the record states none
// there. Where no county lies between a region and a unitary authority,
// a council area or a borough, that area is the county too: the data
// places Morpeth in Northumberland with no county above it.
func AdminUnitAt(in *heritage.Institution, level string) string {
	return adminUnitAt(locale.For(locale.EN), in, level)
}

// adminUnitAt is AdminUnitAt in pr's language.
func adminUnitAt(pr *locale.Printer, in *heritage.Institution, level string) string {
	units := in.AdminAreas()
	show := func(u heritage.AdminUnit) string { return pr.Sprintf("%s (%s)", u.Name, u.Level) }
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
		return cmp.Or(in.Subregion(), in.Region())
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
		return in.County()
	}
	for i := len(units) - 1; i >= 0; i-- {
		if has(units[i], "District", "Borough", "UA", "Council Area") {
			return show(units[i])
		}
	}
	return in.District()
}

// ageText says how long ago an institution opened, as of the year asOf,
// and for one that closed how long it was open: ", 60 years before 2026,
// and it is open according to the data" or ", and it closed in 2019,
// after 37 years". A span of years gives a span of ages.
func ageText(pr *locale.Printer, in *heritage.Institution, asOf int) string {
	from, to, ok := in.Opened()
	if !ok {
		return ""
	}
	years := func(a, b int) string {
		if a == b {
			if a == 1 {
				return pr.Text("1 year")
			}
			return pr.Sprintf("%d years", a)
		}
		return pr.Sprintf("%d to %d years", a, b)
	}
	if cFrom, cTo, closed := in.Closed(); closed {
		when := heritage.YearsText(cFrom, cTo, true) // "between 2014 and 2017" for a span
		if cFrom == cTo {
			when = pr.Text("in ") + when
		}
		a, b := max(0, cFrom-to), max(0, cTo-from)
		after := pr.Sprintf("after %d to %d years", a, b)
		switch {
		case a == b && a == 1:
			after = pr.Text("after 1 year")
		case a == b:
			after = pr.Sprintf("after %d years", a)
		}
		return pr.Sprintf(", and it closed %s, %s", when, after)
	}
	if asOf < to {
		return ""
	}
	s := pr.Sprintf(", %s before %d", years(asOf-to, asOf-from), asOf)
	if in.Status() == "open" {
		s += pr.Text(", and it is open according to the data")
	}
	for _, e := range in.Events {
		if e.Type == "reopened" && e.Description != "" {
			// not open all those years: "Closed in 2016, then reopened in 2018"
			s += pr.Sprintf("; the data also records: %s", strings.TrimSuffix(e.Description, "."))
		}
	}
	return s
}

// operatorNames are the organisations a record is run by or part of
// (what FieldValue gives as its operator before its governance).
func operatorNames(in *heritage.Institution) []string {
	var ops []string
	add := func(name string) {
		// a body both lists (member_of and related) is named once
		if !slices.ContainsFunc(ops, func(o string) bool { return strings.EqualFold(o, name) }) {
			ops = append(ops, name)
		}
	}
	for _, m := range in.MemberOf() {
		if m.Relation == heritage.RelOperatedBy || m.Relation == heritage.RelPartOf {
			add(m.Name)
		}
	}
	for _, r := range in.Related() {
		if r.Relation == "part_of" || r.Relation == "operated_by" {
			add(r.Name)
		}
	}
	return ops
}
