package linking

import (
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/names"
)

// trailingCountry splits a country off the end of s: the last
// comma-separated part, a group in parentheses, or the last one to three
// words, when they name a country (see countryOf) and a name of a word of
// three letters or more is left before them. It returns the rest and the
// country's code, or s and "".
func (l *Linker) trailingCountry(s string) (rest, country string) {
	if strings.HasSuffix(s, ")") {
		if open := strings.LastIndexByte(s, '('); open > 0 {
			if c := l.countryOf(s[open+1 : len(s)-1]); c != "" && hasLongWord(s[:open]) {
				return strings.TrimSpace(s[:open]), c
			}
		}
	}
	if at := strings.LastIndexByte(s, ','); at > 0 {
		if c := l.countryOf(s[at+1:]); c != "" && hasLongWord(s[:at]) {
			return strings.TrimSpace(s[:at]), c
		}
	}
	words := strings.Fields(s)
	for n := min(3, len(words)-1); n >= 1; n-- {
		head := strings.Join(words[:len(words)-n], " ")
		if linkWords[kg.NormalizeName(words[len(words)-n-1])] {
			continue // "Museum of Scotland": the country is the name's
		}
		if wider := strings.Join(words[len(words)-n-1:], " "); l.isArea(wider) || l.isTown(wider) {
			continue // "…, Spalding, South Holland"
		}
		if c := l.countryOf(strings.Join(words[len(words)-n:], " ")); c != "" && hasLongWord(head) {
			return strings.TrimRight(head, " ,"), c
		}
	}
	return s, ""
}

// countryPlaced reports whether s ends with a country after a comma or
// in parentheses ("Military Museum, England", "Rijksmuseum (NL)") and is
// no record's name as written.
func (l *Linker) countryPlaced(s string) bool {
	s = strings.TrimSpace(s)
	part := ""
	if strings.HasSuffix(s, ")") {
		if open := strings.LastIndexByte(s, '('); open > 0 {
			part = s[open+1 : len(s)-1]
		}
	} else if at := strings.LastIndexByte(s, ','); at > 0 {
		part = s[at+1:]
	}
	return part != "" && l.countryOf(part) != "" && len(l.names.Lookup(s)) == 0
}

// genericHolders is the number of records of a country whose names hold
// a name as written from which, placed by the country alone, it names a
// kind rather than one of them: 17 British names hold "Military Museum",
// 3 "Jewish Museum".
const genericHolders = 10

// generic reports whether the names of genericHolders records or more of
// country hold name as written (its words in order).
func (l *Linker) generic(name, country string) bool {
	phrase := " " + names.Key(name) + " "
	n := 0
	for _, h := range l.names.Search(name, names.Options{Limit: 5 * l.fanout}) {
		if strings.Contains(" "+h.Key+" ", phrase) && l.ds.Institutions[h.Doc].Country == country {
			n++
		}
	}
	return n >= genericHolders
}

// linkWords tie the word after them into a name ("Museum of Scotland",
// "Haus der Geschichte", "Stichting voor Nederland").
var linkWords = map[string]bool{
	"of": true, "for": true, "the": true, "and": true, "in": true, "on": true, "at": true,
	"von": true, "fur": true, "der": true, "des": true, "im": true, "und": true,
	"van": true, "voor": true, "het": true, "de": true, "en": true, "du": true, "la": true, "le": true,
}

// countryOf is the code of the country p names: an English or native
// name (see NormalizeCountry), "UK", or the two-letter code of a country
// of the records, in capitals ("NL"; "de" or "St" are words); or "".
func (l *Linker) countryOf(p string) string {
	p = strings.TrimSpace(p)
	switch {
	case p == "UK" || p == "U.K.":
		return "GB"
	case len(p) == 2:
		if p == strings.ToUpper(p) && l.countries[p] {
			return p
		}
		return ""
	}
	return heritage.CountryCode(p)
}
