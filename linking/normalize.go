package linking

import (
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
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

// NormalizeCountry returns the ISO 3166-1 alpha-2 code of a country given
// as a code (de, GB) or a name in English, Dutch or German ("Germany",
// "Duitsland"; heritage.CountryCode), or "" when it is not recognised.
func NormalizeCountry(s string) string {
	s = strings.TrimSpace(s)
	if len(s) == 2 {
		if c := strings.ToUpper(s); c != "UK" {
			return c
		}
		return "GB" // the code people write for the United Kingdom
	}
	return heritage.CountryCode(s)
}
