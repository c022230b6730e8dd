package pipeline

import (
	"fmt"
	"github.com/hybridrag/hybridrag/kg"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/router"
)

// fieldAnswer answers single-institution questions: a field ("What is the
// ISIL code of X?", "In which year did X open?") or, for a bare identifier
// look-up, the institution itself.
func (p *Pipeline) fieldAnswer(sel *kg.Selection, plan router.Plan, fused []fusion.Fused) (draft, bool) {
	c := plan.Constraints
	hasID := len(c.ISILs)+len(c.QIDs)+len(c.GHCIDs)+len(c.GNDs)+len(c.RORs) > 0
	if c.List || (c.Field == "" && !hasID) {
		return draft{}, false
	}
	id, via := p.target(sel, plan, fused)
	if hasID && via != "isil" && via != "wikidata" && via != "ghcid" && via != "gnd" && via != "ror" {
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
	if via == "ranking" && !covers(in, plan.Unknown) {
		return noneDraft(fmt.Sprintf("No institution called %s is in the data.", quoteWords(unknownName(plan)))), true
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
	if value == "" {
		return draft{Answer: Answer{Kind: KindField, Field: field, IDs: []string{id}},
			render: func(cite func(string) string) string {
				return fmt.Sprintf("The data records no %s for %s%s.", label, in.Name, cite(id))
			}}, true
	}
	hedge := ""
	if via == "ranking" {
		hedge = " (best match for the name in the question)"
	}
	// A relation's answer cites the related records too, first.
	ids := append(linkedIDs(in, field), id)
	return draft{Answer: Answer{Kind: KindField, Field: field, Value: value, IDs: ids, Exact: via != "ranking"},
		render: func(cite func(string) string) string {
			return fmt.Sprintf("The %s of %s%s is %s%s.", label, in.Name, hedge, value, cite(id))
		}}, true
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
