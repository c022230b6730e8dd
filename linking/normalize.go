package linking

import (
	"strings"

	"github.com/hybridrag/hybridrag/kg"
)

// Types lists the institution types of the dataset with their codes and
// English labels, in the order of the dataset README.
var Types = []TypeInfo{
	{"MUSEUM", "M", "Museum", "Q33506"},
	{"LIBRARY", "L", "Library", "Q7075"},
	{"ARCHIVE", "A", "Archive", "Q166118"},
	{"GALLERY", "G", "Gallery", "Q1007870"},
	{"RESEARCH_CENTER", "R", "Research centre", "Q31855"},
	{"BOTANICAL_ZOO", "B", "Botanical garden or zoo", "Q167346"},
	{"EDUCATION_PROVIDER", "E", "Education provider", "Q2385804"},
	{"OFFICIAL_INSTITUTION", "O", "Official institution", "Q327333"},
	{"COLLECTING_SOCIETY", "S", "Collecting society", "Q988108"},
	{"HOLY_SITES", "H", "Holy site", "Q1370598"},
	{"UNKNOWN", "U", "Unknown type", ""},
}

// TypeInfo describes an institution type.
type TypeInfo struct {
	Name     string // MUSEUM
	Code     string // M
	Label    string // Museum
	Wikidata string // Q33506: the Wikidata class commonly used for it
}

// NormalizeType reads a type hint — MUSEUM, museum, M, "Museum", a
// Wikidata class QID (Q33506) or its URL — and returns the type code (M),
// or "" when it is not recognised.
func NormalizeType(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	if i := strings.LastIndexByte(s, '/'); i >= 0 {
		s = s[i+1:]
	}
	s = strings.TrimPrefix(s, "wd:")
	u := strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(s), " ", "_"))
	for _, t := range Types {
		if u == t.Name || u == t.Code || (t.Wikidata != "" && u == strings.ToUpper(t.Wikidata)) ||
			u == strings.ToUpper(strings.ReplaceAll(t.Label, " ", "_")) {
			return t.Code
		}
	}
	switch u {
	case "MUSEUMS", "MUSEUM_", "MUSEEN":
		return "M"
	case "LIBRARIES", "BIBLIOTHEK":
		return "L"
	case "ARCHIVES", "ARCHIV":
		return "A"
	case "BOTANICAL_GARDEN", "ZOO":
		return "B"
	}
	return ""
}

// TypeByCode returns the type with code c (M) or name (MUSEUM).
func TypeByCode(c string) (TypeInfo, bool) {
	code := NormalizeType(c)
	for _, t := range Types {
		if t.Code == code {
			return t, true
		}
	}
	return TypeInfo{}, false
}

// countryNames maps folded English (and a few native) country names to
// ISO 3166-1 alpha-2 codes, for the countries of the dataset.
var countryNames = map[string]string{
	"germany": "DE", "deutschland": "DE", "federal republic of germany": "DE",
	"united kingdom": "GB", "uk": "GB", "great britain": "GB", "britain": "GB",
	"england": "GB", "scotland": "GB", "wales": "GB", "northern ireland": "GB",
	"netherlands": "NL", "the netherlands": "NL", "nederland": "NL", "holland": "NL",
	"united states": "US", "united states of america": "US", "usa": "US",
	"portugal": "PT", "czech republic": "CZ", "czechia": "CZ", "france": "FR",
	"austria": "AT", "osterreich": "AT", "belgium": "BE", "belgie": "BE", "belgique": "BE",
	"australia": "AU", "isle of man": "IM", "jersey": "JE", "guernsey": "GG",
	"switzerland": "CH", "schweiz": "CH", "italy": "IT", "japan": "JP", "sweden": "SE",
	"poland": "PL", "norway": "NO", "spain": "ES", "canada": "CA", "denmark": "DK",
	"ireland": "IE", "finland": "FI", "russia": "RU", "china": "CN", "india": "IN",
	"brazil": "BR", "mexico": "MX", "new zealand": "NZ", "south africa": "ZA",
	"greece": "GR", "hungary": "HU", "israel": "IL", "turkey": "TR", "luxembourg": "LU",
}

// NormalizeCountry returns the ISO 3166-1 alpha-2 code of a country given
// as a code (de, GB), a Wikidata-style English name ("Germany") or a few
// native names, or "" when it is not recognised.
func NormalizeCountry(s string) string {
	s = strings.TrimSpace(s)
	if len(s) == 2 {
		if c := strings.ToUpper(s); c != "UK" {
			return c
		}
		return "GB" // the code people write for the United Kingdom
	}
	return countryNames[kg.NormalizeName(s)]
}
