package retrievers

import (
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
)

// DocFields is the retrieval text of one institution, by field. The vector
// index embeds their concatenation (DocText); the BM25 index keeps them as
// separate fields so that names can weigh more than descriptions.
type DocFields struct {
	Name        string // the name
	AltNames    string // alternative and former names, one per line
	Type        string // the custodian type in words ("museum")
	Place       string // city, district, county, subregion, region, country
	Subjects    string // subject matter, one per line
	Members     string // groups the institution is part of or operated by
	Description string // the generated description
}

// Fields returns the retrieval text of in, by field.
func Fields(in *heritage.Institution) DocFields {
	var alt []string
	for _, a := range in.AltNames() {
		if a.Name != "" && a.Name != in.Name {
			alt = append(alt, a.Name)
		}
	}
	var members []string
	for _, m := range in.MemberOf() {
		members = append(members, m.Name)
	}
	place := uniqueNonEmpty(in.City, in.District(), in.County(), in.Subregion(), in.Region(), heritage.CountryName(in.Country))
	return DocFields{
		Name:        in.Name,
		AltNames:    strings.Join(alt, "\n"),
		Type:        typeWords(in.Type),
		Place:       strings.Join(place, ", "),
		Subjects:    strings.Join(in.Subjects, "\n"),
		Members:     strings.Join(members, "\n"),
		Description: in.Description,
	}
}

// DocTextVersion names the layout of DocText; an on-disk vector index of
// full texts records it, so a change to the text forces a rebuild.
const DocTextVersion = "doc-v1"

// DocText is the retrieval text of an institution: name, alternative
// names, type, place, subjects, groups and description, one per line.
// Empty parts are left out.
func DocText(in *heritage.Institution) string {
	f := Fields(in)
	parts := uniqueNonEmpty(f.Name, f.AltNames, f.Type, f.Place, f.Subjects, f.Members, f.Description)
	return strings.Join(parts, "\n")
}

// typeWords turns a custodian type ("BOTANICAL_ZOO") into words
// ("botanical zoo").
func typeWords(t string) string {
	if t == "" || t == "UNKNOWN" {
		return ""
	}
	return strings.ToLower(strings.ReplaceAll(t, "_", " "))
}

// years writes a year or a range of years.
func years(from, to int) string {
	if to == from {
		return strconv.Itoa(from)
	}
	return strconv.Itoa(from) + "–" + strconv.Itoa(to)
}

func uniqueNonEmpty(xs ...string) []string {
	out := make([]string, 0, len(xs))
	for _, x := range xs {
		x = strings.TrimSpace(x)
		if x == "" {
			continue
		}
		dup := false
		for _, y := range out {
			if strings.EqualFold(x, y) {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, x)
		}
	}
	return out
}

// FullTextVersion names the layout of FullText; an on-disk sparse index
// records it, so a change to the text forces a rebuild.
const FullTextVersion = "full-v2"

// FullText is everything a record says in words, for the sparse index:
// DocText, then its identifiers (GHCID, ISILs, Wikidata QID, GND, DBS,
// ROR, ISNI, GRID, Mapping Museums), address, postcode and website, its
// governance, accreditation, size and status, its opening and closing
// years, the events the description does not tell, its collections,
// related institutions and notes, one per line. A question
// that names any of them ("Which museum has the ISIL DE-MUS-165711?",
// "the museum at 12 High Street") finds the record by that word.
func FullText(in *heritage.Institution) string {
	var b strings.Builder
	b.WriteString(DocText(in))
	// line writes the non-empty parts as one line, space-separated.
	line := func(parts ...string) {
		sep := byte('\n')
		for _, p := range parts {
			if p = strings.TrimSpace(p); p == "" {
				continue
			}
			if b.Len() > 0 {
				b.WriteByte(sep)
			}
			b.WriteString(p)
			sep = ' '
		}
	}
	id := &in.Identifiers
	line(in.GHCID)
	line(in.ISIL)
	for _, isil := range id.ISILAll {
		if isil != in.ISIL {
			line(isil)
		}
	}
	if in.Wikidata != "" {
		line(in.Wikidata)
	} else {
		line(id.Wikidata)
	}
	for _, xs := range [][]string{id.GND, id.DBS} {
		for _, x := range xs {
			line(x)
		}
	}
	for _, x := range []string{in.ROR(), in.ISNI(), in.GRID(), in.MappingMuseums()} {
		line(x)
	}
	line(in.Address())
	if !strings.Contains(in.Address(), in.Postcode()) {
		line(in.Postcode())
	}
	line(in.AdminArea())
	line(in.Website())
	for _, x := range []string{in.Governance(), in.Accreditation(), in.Size(), in.Status()} {
		if x != "unknown" {
			line(x)
		}
	}
	if from, to, ok := in.Opened(); ok {
		line("opened", years(from, to))
	}
	if from, to, ok := in.Closed(); ok {
		line("closed", years(from, to))
	}
	for _, e := range in.Events {
		// The generated description already tells most events.
		if !strings.Contains(in.Description, e.Description) {
			line(e.Date, e.Description, e.FormerName)
		}
	}
	for _, c := range in.Collections {
		line(c.Name, c.Subject)
	}
	for _, r := range in.Related() {
		line(r.Name)
	}
	line(in.Notes())
	return b.String()
}
