package linking

import (
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/ident"
	"github.com/hybridrag/hybridrag/kg"
)

// A reference as a data manager's spreadsheet holds it carries more than
// a name: quotes around it, a status or an identifier in parentheses
// ("Rijksmuseum (closed)", "Rijksmuseum (Q190804)"), a "Stichting" in
// front, two names around a slash, a postal address after it ("Horniman
// Museum, London SE23 3PQ"), and words cut short ("Natl. Museum of
// Scotland", "Stadtbibl. Mainz"). The name index reads none of that, so
// such a reference is read apart first (readReference): the address is a
// hint, never part of the name; the postcode confirms a record that
// states one, the town goes the way of a town after a name; the
// abbreviations are spelt out. A country after the name ("Rijksmuseum,
// Netherlands", "Museum Folkwang Essen Germany", "Rijksmuseum (NL)") is
// the country hint, and a county or district after the town ("…, Barnard
// Castle, Co. Durham") and a locality between the street and the town
// are parts of the address. A catalogue's ways are read too: an article
// put after the name ("Bowes Museum, The"), the town before the name
// ("Essen: Museum Folkwang", "Barnard Castle, Bowes Museum") or in
// brackets after it ("Bowes Museum (Barnard Castle)"). A kind of
// institution in brackets or after a dash ("Bamburgh Castle (museum)",
// "Gleimhaus - Museum") is the type hint, unless another record's name
// holds the whole reference as written.

// maxSpellings caps the spellings of a name with abbreviations tried,
// where an abbreviation stands for several words ("Staatl." for
// Staatliche, Staatliches, …).
const maxSpellings = 8

// reading is a reference read apart: the name or names it gives (two
// around a slash), and the town and postcode of an address after them.
type reading struct {
	names          []string
	town, postcode string
	// id is an identifier in parentheses after the name ("(Q190804)").
	id string
	// country is the code of a country named after the name.
	country string
	// kind is the type code of a kind of institution named after the
	// name ("(museum)", "- Library"); kindNew is true when the name
	// does not hold that word already.
	kind    string
	kindNew bool
}

// quotePairs are the quotes a spreadsheet cell may put around a name.
var quotePairs = [][2]string{{`"`, `"`}, {"'", "'"}, {"“", "”"}, {"„", "“"}, {"„", "”"}, {"«", "»"}, {"‘", "’"}, {"‚", "‘"}}

// statusWords in parentheses after a name say what became of the
// institution; they are no part of its name.
var statusWords = map[string]bool{
	"closed": true, "defunct": true, "former": true, "dissolved": true, "demolished": true,
	"geschlossen": true, "aufgelost": true, "ehemals": true, "ehemalig": true,
	"gesloten": true, "opgeheven": true, "voormalig": true,
}

// read takes a reference apart; ok is false when there is nothing to
// take apart and the text is best linked as it is.
func (l *Linker) read(text string) (r reading, ok bool) {
	s := strings.TrimSpace(text)
	s = unquote(s)
	s, r.town, r.country = l.oneCell(s)
	if r.country == "" {
		s, r.country = l.trailingCountry(s)
	}
	s, r.id = trailingGroup(s)
	if r.country == "" {
		s, r.country = l.trailingCountry(s)
	}
	if len(l.names.Lookup(s)) == 0 {
		s, r.kind, r.kindNew = trailingKind(s) // "Dreieich - Museum" is a name
	}
	s = unquote(s)
	s = dropPrefix(s, "stichting")
	s = articleInFront(s)
	if r.town == "" {
		s, r.town, r.postcode = address(s, l.isTown, l.isArea)
	}
	if r.town == "" {
		s, r.town = l.catalogueTown(s)
	}
	if r.town == "" {
		// the town after two names around a slash is the town of both
		if head, town, ok := l.trailingTown(s); ok && strings.Contains(head, "/") {
			s, r.town = head, town
		}
	}
	r.names = []string{s}
	if len(l.names.Lookup(s)) == 0 {
		r.names = splitSlash(s)
	}
	ok = len(r.names) > 1 || r.id != "" || r.postcode != "" || r.town != "" || r.country != "" || r.kind != "" ||
		len(r.names) == 1 && r.names[0] != strings.TrimSpace(text) || hasAbbreviation(s) || otherLanguages(s) != nil
	return r, ok && s != ""
}

// unquote drops one pair of quotes around s.
func unquote(s string) string {
	for _, p := range quotePairs {
		if len(s) > len(p[0])+len(p[1]) && strings.HasPrefix(s, p[0]) && strings.HasSuffix(s, p[1]) {
			return strings.TrimSpace(s[len(p[0]) : len(s)-len(p[1])])
		}
	}
	return s
}

// trailingGroup drops the parenthesised groups at the end of s that are
// a status ("(closed)") or an identifier ("(Q190804)", "(ISIL NL-RIJ)"),
// and returns the identifier. Other groups are part of the name ("Public
// Library & Museum (Camborne)").
func trailingGroup(s string) (rest, id string) {
	for strings.HasSuffix(s, ")") {
		open := strings.LastIndexByte(s, '(')
		if open <= 0 {
			break
		}
		inner := strings.TrimSpace(s[open+1 : len(s)-1])
		if _, ok, err := ident.Parse(inner); ok && err == nil && id == "" {
			id = inner
		} else if !statusWords[kg.NormalizeName(inner)] {
			break
		}
		s = strings.TrimSpace(s[:open])
	}
	return s, id
}

// trailingKind splits off the end of s a word for a kind of institution
// that says what the name is rather than being part of it: in
// parentheses or brackets ("Bowes Museum (museum)", "Leeds Central
// Library [library]") or after a dash ("Hexenturm - Museum"). It returns
// the rest, the kind's type code, and whether the rest lacks the word.
func trailingKind(s string) (rest, kind string, isNew bool) {
	word := ""
	for _, br := range [][2]string{{"(", ")"}, {"[", "]"}} {
		if strings.HasSuffix(s, br[1]) {
			if open := strings.LastIndex(s, br[0]); open > 0 {
				rest, word = strings.TrimSpace(s[:open]), s[open+1:len(s)-1]
			}
		}
	}
	if word == "" {
		for _, dash := range []string{" - ", " – ", " — "} {
			if at := strings.LastIndex(s, dash); at > 0 {
				rest, word = strings.TrimSpace(s[:at]), s[at+len(dash):]
				break
			}
		}
	}
	word = strings.TrimSpace(word)
	kind = NormalizeType(word)
	if len(word) < 3 || kind == "" || !hasLongWord(rest) {
		return s, "", false
	}
	isNew = !slices.Contains(strings.Fields(kg.NormalizeName(rest)), kg.NormalizeName(word))
	return rest, kind, isNew
}

// dropPrefix drops a leading word (case folded) that says what kind of
// body runs the institution, when a name follows it.
func dropPrefix(s, word string) string {
	f := strings.Fields(s)
	if len(f) > 1 && kg.NormalizeName(f[0]) == word {
		return strings.Join(f[1:], " ")
	}
	return s
}

// splitSlash returns the names either side of a slash between words
// ("Rijksmuseum / Rijksmuseum Amsterdam"), or s alone. A slash between
// numbers is part of a name ("15th/19th Hussars").
func splitSlash(s string) []string {
	var parts []string
	for _, p := range strings.Split(s, "/") {
		p = strings.TrimSpace(p)
		if p == "" || !hasLongWord(p) {
			return []string{s}
		}
		parts = append(parts, p)
	}
	return parts
}
