package enrich

import (
	"fmt"
	"strings"
	"unicode"
)

// Mapping names the input columns that feed the linker. An empty field
// means the column is absent. In a Config, a field set to "-" disables a
// column the guess would otherwise use.
type Mapping struct {
	Name     string `json:"name,omitempty"`
	City     string `json:"city,omitempty"`
	Country  string `json:"country,omitempty"`
	ISIL     string `json:"isil,omitempty"`
	QID      string `json:"qid,omitempty"`
	GHCID    string `json:"ghcid,omitempty"`
	Type     string `json:"type,omitempty"`
	Postcode string `json:"postcode,omitempty"`
	// ID holds any identifier: ISIL, QID, GHCID, GND, ROR, a dataset id
	// (wd:…, mm:…, ror:…) or an identifier URL. Values that are not
	// identifiers are ignored with a warning.
	ID string `json:"id,omitempty"`
}

// roles lists the mapping fields with the header names guessed for them,
// normalised (lower case, letters and digits only), in preference order.
var roles = []struct {
	role    string
	field   func(*Mapping) *string
	guesses []string
}{
	{"isil", func(m *Mapping) *string { return &m.ISIL }, []string{"isil", "isilcode", "isilid", "isilnummer"}},
	{"qid", func(m *Mapping) *string { return &m.QID }, []string{"wikidata", "qid", "wikidataid", "wikidataqid", "wikidataitem", "wd", "wikidatauri", "wikidataurl"}},
	{"ghcid", func(m *Mapping) *string { return &m.GHCID }, []string{"ghcid"}},
	{"id", func(m *Mapping) *string { return &m.ID }, []string{"identifier", "identifiers", "uri", "gnd", "gndid", "ror", "rorid", "authority", "authorityid"}},
	{"name", func(m *Mapping) *string { return &m.Name }, []string{
		"name", "institution", "institutionname", "naam", "naaminstelling", "instelling", "organisation",
		"organization", "organisationname", "organizationname", "orgname", "museum", "museumname", "library",
		"archive", "bezeichnung", "einrichtung", "nom", "nombre", "nome", "label", "title", "titel", "fullname",
	}},
	{"city", func(m *Mapping) *string { return &m.City }, []string{
		"city", "stadt", "plaats", "town", "ort", "woonplaats", "gemeente", "place", "ville", "ciudad", "locality",
		"municipality", "villagetownorcity", "towncity", "settlement", "sitz",
	}},
	{"country", func(m *Mapping) *string { return &m.Country }, []string{"country", "land", "countrycode", "pays", "staat", "nation", "pais"}},
	{"type", func(m *Mapping) *string { return &m.Type }, []string{"type", "institutiontype", "typecode", "kind", "typ", "soort", "category", "categorie", "kategorie"}},
	{"postcode", func(m *Mapping) *string { return &m.Postcode }, []string{"postcode", "postalcode", "zip", "zipcode", "plz", "postleitzahl", "postnummer", "codepostal"}},
}

func normHeader(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// GuessMapping maps columns to roles by their header names, ignoring case,
// spaces and punctuation. Each column serves at most one role.
func GuessMapping(columns []string) Mapping {
	byNorm := map[string]string{}
	for _, c := range columns {
		if n := normHeader(c); n != "" {
			if _, dup := byNorm[n]; !dup {
				byNorm[n] = c
			}
		}
	}
	used := map[string]bool{}
	var m Mapping
	for _, r := range roles {
		for _, g := range r.guesses {
			if c, ok := byNorm[g]; ok && !used[c] {
				*r.field(&m) = c
				used[c] = true
				break
			}
		}
	}
	return m
}

// resolveMapping applies the explicit columns of want over the guess and
// checks that each names an existing column (case-insensitively).
func resolveMapping(columns []string, want Mapping) (Mapping, error) {
	m := GuessMapping(columns)
	for _, r := range roles {
		w := strings.TrimSpace(*r.field(&want))
		switch w {
		case "":
			continue
		case "-":
			*r.field(&m) = ""
			continue
		}
		col, ok := findColumn(columns, w)
		if !ok {
			return Mapping{}, inputErrorf("--%s: no column %q (columns: %s)", flagOf(r.role), w, strings.Join(columns, ", "))
		}
		// An explicit column is taken from any role that guessed it.
		for _, o := range roles {
			if *o.field(&m) == col {
				*o.field(&m) = ""
			}
		}
		*r.field(&m) = col
	}
	if m.Name == "" && m.ISIL == "" && m.QID == "" && m.GHCID == "" && m.ID == "" {
		return Mapping{}, inputErrorf("no name or identifier column among %s; name one with --name, --isil, --qid, --ghcid or --id-column",
			strings.Join(columns, ", "))
	}
	return m, nil
}

func flagOf(role string) string {
	if role == "id" {
		return "id-column"
	}
	return role
}

func findColumn(columns []string, name string) (string, bool) {
	for _, c := range columns {
		if c == name {
			return c, true
		}
	}
	for _, c := range columns {
		if strings.EqualFold(c, name) {
			return c, true
		}
	}
	return "", false
}

// String lists the mapped columns: `name="Naam" city="Plaats"`.
func (m Mapping) String() string {
	var parts []string
	for _, f := range []struct{ flag, col string }{
		{"name", m.Name}, {"city", m.City}, {"country", m.Country}, {"postcode", m.Postcode}, {"type", m.Type},
		{"isil", m.ISIL}, {"qid", m.QID}, {"ghcid", m.GHCID}, {"id-column", m.ID},
	} {
		if f.col != "" {
			parts = append(parts, fmt.Sprintf("%s=%q", f.flag, f.col))
		}
	}
	if len(parts) == 0 {
		return "(none)"
	}
	return strings.Join(parts, " ")
}
