package linking

import (
	"regexp"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/ident"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/names"
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

// oneCell reads the place a registry export writes into the name's cell
// after it: "Name (Town, Country)", "Name - Town - Country", "Name; Town"
// or "Name; Town, Country". It returns the name, the town when it is a
// town of the data (a place that is none, "near Town", is dropped with
// it), and the country's code; or s alone.
func (l *Linker) oneCell(s string) (name, town, country string) {
	if len(l.names.Lookup(s)) > 0 {
		return s, "", ""
	}
	var head, place string
	if strings.HasSuffix(s, ")") {
		if open := strings.LastIndexByte(s, '('); open > 0 && strings.Contains(s[open:], ",") {
			head, place = s[:open], s[open+1:len(s)-1]
		}
	}
	if head == "" {
		if at := strings.LastIndexByte(s, ';'); at > 0 {
			head, place = s[:at], s[at+1:]
		}
	}
	if head == "" {
		if parts := strings.Split(s, " - "); len(parts) >= 3 && l.countryOf(parts[len(parts)-1]) != "" {
			head, place = strings.Join(parts[:len(parts)-2], " - "), strings.Join(parts[len(parts)-2:], ",")
		}
	}
	head = strings.TrimSpace(head)
	if !hasLongWord(head) {
		return s, "", ""
	}
	t := strings.TrimSpace(place)
	if at := strings.LastIndexByte(t, ','); at >= 0 {
		if c := l.countryOf(t[at+1:]); c != "" {
			t, country = strings.TrimSpace(t[:at]), c
		} else if country == "" {
			return s, "", "" // "Name (Town, County)" is read as an address
		}
	} else if c := l.countryOf(t); c != "" {
		return head, "", c
	}
	if l.isTown(t) {
		town = t
	} else if country == "" {
		return s, "", ""
	}
	return head, town, country
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

// isArea reports whether p names a unit above a town that the records
// state (a county, district or region), with "Co." for County ("Co.
// Durham"). Many are named after a town ("Boston", "South Holland").
func (l *Linker) isArea(p string) bool {
	n := kg.NormalizeName(p)
	if rest, ok := strings.CutPrefix(n, "co "); ok {
		n = "county " + rest
	}
	return l.areas[n]
}

// trailingArticles are the articles a catalogue puts after a name it
// files under its first word ("Bowes Museum, The").
var trailingArticles = map[string]bool{
	"the": true, "het": true, "de": true, "der": true, "die": true, "das": true, "le": true, "la": true, "les": true,
}

// articleInFront puts an article after the last comma back in front of
// the name ("Bowes Museum, The" → "The Bowes Museum").
func articleInFront(s string) string {
	at := strings.LastIndexByte(s, ',')
	if at <= 0 {
		return s
	}
	art := strings.TrimSpace(s[at+1:])
	if !trailingArticles[strings.ToLower(art)] || !hasLongWord(s[:at]) {
		return s
	}
	return art + " " + strings.TrimSpace(s[:at])
}

// catalogueTown reads a town that a catalogue writes before a name,
// followed by a colon, a dash or a comma ("Essen: Museum Folkwang",
// "Barnard Castle, Bowes Museum"), or in brackets after it ("Bowes
// Museum (Barnard Castle)", "Fitzwilliam Museum [Cambridge]"). It
// returns the name and the town, or s and "".
func (l *Linker) catalogueTown(s string) (name, town string) {
	if len(l.names.Lookup(s)) > 0 {
		return s, "" // a name as written ("Public Library & Museum (Camborne)")
	}
	for _, br := range [][2]string{{"(", ")"}, {"[", "]"}} {
		if strings.HasSuffix(s, br[1]) {
			if open := strings.LastIndex(s, br[0]); open > 0 {
				t := strings.TrimSpace(s[open+1 : len(s)-1])
				if head := strings.TrimSpace(s[:open]); l.isTown(t) && hasLongWord(head) {
					return head, t
				}
			}
		}
	}
	if _, _, ok := l.trailingTown(s); ok {
		return s, "" // a town at the end is the reference's own
	}
	for _, sep := range []string{":", " - ", " – ", ","} {
		if t, rest, ok := strings.Cut(s, sep); ok && l.isTown(strings.TrimSpace(t)) && hasLongWord(rest) {
			return strings.TrimSpace(rest), strings.TrimSpace(t)
		}
	}
	return s, ""
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

// Postcodes of the countries of the data that write them: British
// ("SE23 3PQ"), Dutch ("1071 XX") and German, Austrian or Swiss (four or
// five digits, maybe behind "D-").
var (
	ukPostcode = regexp.MustCompile(`(?i)^(?:GIR ?0AA|[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2})$`)
	nlPostcode = regexp.MustCompile(`(?i)^[1-9][0-9]{3} ?[A-Z]{2}$`)
	dePostcode = regexp.MustCompile(`(?i)^(?:[A-Z]-)?[0-9]{4,5}$`)
)

// streetWords end a street name; streetSuffixes end one written as one
// word ("Museumstraat", "Goethestraße").
var (
	streetWords = map[string]bool{
		"street": true, "st": true, "road": true, "rd": true, "lane": true, "avenue": true, "ave": true,
		"square": true, "sq": true, "place": true, "terrace": true, "row": true, "way": true, "close": true,
		"crescent": true, "drive": true, "walk": true, "parade": true, "gardens": true,
		"strasse": true, "str": true, "weg": true, "allee": true, "platz": true, "gasse": true, "ring": true,
		"straat": true, "laan": true, "plein": true, "gracht": true, "kade": true, "singel": true, "dijk": true,
	}
	streetSuffixes = []string{"strasse", "str", "weg", "allee", "platz", "gasse", "straat", "laan", "plein", "gracht", "kade", "singel", "dijk"}
)

// address reads an address after a name: the comma-separated parts at
// the end that hold a postcode (with or without the town), a street, the
// town, a county or district after the town (isArea), a locality between
// a street and the town, and a postcode at the very end. It returns the
// name with the town of the address after a comma (so that it is read as
// a town after a name is), the town and the postcode; a text with no
// postcode, street or county is returned as it is.
func address(s string, isTown, isArea func(string) bool) (name, town, postcode string) {
	parts := strings.Split(s, ",")
	end, found := len(parts), false
	// firstStreet is the first part after the name that is a street: the
	// parts between it and the town are localities ("…, 94 Halftown
	// Road, Maze, Lisburn").
	firstStreet := slices.IndexFunc(parts[1:], func(p string) bool {
		p = strings.TrimSpace(p)
		return street(p) && !isTown(p)
	}) + 1
	for ; end > 1; end-- {
		p := strings.TrimSpace(parts[end-1])
		if pc, rest, ok := postcodeIn(p); ok && postcode == "" {
			postcode, found = pc, true
			if rest != "" && town == "" {
				town = rest
			}
			continue
		}
		placeLike := hasLongWord(p) && !strings.ContainsAny(p, "0123456789")
		switch {
		case town == "" && placeLike && (isTown(p) || postcode != "" && !street(p)):
			town = p // "…, Bath BA2 4DB", "…, Museumstraat 1, Amsterdam"
		case street(p) && !isTown(p):
			found = true
		case town == "" && postcode == "" && isArea(p) && !isTown(p):
			found = true // "…, Barnard Castle, Co. Durham"
		case town != "" && placeLike && isTown(p) && isArea(town):
			// "…, Freiston, Boston": a town, then the district named
			// after its own town
			town, found = p, true
		case firstStreet > 0 && end-1 > firstStreet && placeLike:
			found = true // a locality between the street and the town
		default:
			return finishAddress(s, strings.Join(parts[:end], ","), town, postcode, found)
		}
	}
	return finishAddress(s, strings.Join(parts[:end], ","), town, postcode, found)
}

// finishAddress returns the name before an address, or the text s as it
// was when no address was found there.
func finishAddress(s, name, town, postcode string, found bool) (string, string, string) {
	name = strings.TrimSpace(name)
	if !found {
		// "Horniman Museum London SE23 3PQ": a postcode that ends the text
		if pc, rest, ok := trailingPostcode(s); ok {
			return rest, "", pc
		}
		return s, "", ""
	}
	return name, town, postcode
}

// postcodeIn finds a postcode at the start or the end of an address part
// ("London SE23 3PQ", "45128 Essen", "1071 XX Amsterdam") and returns it
// with the rest of the part.
func postcodeIn(p string) (pc, rest string, ok bool) {
	f := strings.Fields(p)
	for _, n := range []int{2, 1} {
		if len(f) >= n {
			if c := strings.Join(f[len(f)-n:], " "); isPostcode(c) {
				return c, strings.Join(f[:len(f)-n], " "), true
			}
			if c := strings.Join(f[:n], " "); isPostcode(c) {
				return c, strings.Join(f[n:], " "), true
			}
		}
	}
	return "", "", false
}

// trailingPostcode splits a British or Dutch postcode off the end of a
// name that keeps a word of its own; a number alone may end a name.
func trailingPostcode(s string) (pc, rest string, ok bool) {
	f := strings.Fields(s)
	for _, n := range []int{2, 1} {
		if len(f) > n {
			c := strings.Join(f[len(f)-n:], " ")
			if (ukPostcode.MatchString(c) || nlPostcode.MatchString(c)) && hasLongWord(strings.Join(f[:len(f)-n], " ")) {
				return c, strings.TrimRight(strings.Join(f[:len(f)-n], " "), " ,"), true
			}
		}
	}
	return "", "", false
}

func isPostcode(s string) bool {
	return ukPostcode.MatchString(s) || nlPostcode.MatchString(s) || dePostcode.MatchString(s)
}

// street reports an address part that is a street: one with a house
// number ("Museumstraat 1", "27 Tadcaster Road") or ending in a street
// word ("Great Pulteney Street", "Goethestraße").
func street(p string) bool {
	f := strings.Fields(kg.NormalizeName(strings.ReplaceAll(p, "ß", "ss")))
	if len(f) == 0 {
		return false
	}
	last := f[len(f)-1]
	if len(f) > 1 && strings.ContainsAny(p, "0123456789") {
		return true
	}
	if len(f) > 1 && streetWords[last] {
		return true
	}
	for _, x := range streetSuffixes {
		if len(last) > len(x)+2 && strings.HasSuffix(last, x) {
			return true
		}
	}
	return false
}

// byReading links q as a reference read apart (see read); ok is false
// when there was nothing to read apart. An identifier in parentheses
// that a record carries settles it, as one inside a name does. Of two
// names around a slash, a match of one is taken unless the other matches
// another record.
func (l *Linker) byReading(q Query) ([]Candidate, bool) {
	r, ok := l.read(q.Text)
	if !ok {
		return nil, false
	}
	if r.id != "" {
		iq := q
		iq.Text = r.id
		if cands, found, err := l.byIdentifier(iq, l.hints(iq)); err == nil && found && len(cands) > 0 {
			return cands, true
		}
	}
	if q.Postcode == "" {
		q.Postcode = r.postcode
	}
	if q.Country == "" {
		q.Country = r.country
	}
	if q.Type == "" {
		q.Type = r.kind
	}
	var best []Candidate
	matched := ""
	for _, name := range r.names {
		if r.town != "" && q.City == "" {
			name += ", " + r.town // read as a town after a name is
		}
		cands := l.bySpellings(q, name)
		if m := bestMatch(cands); m != "" {
			if matched != "" && m != matched {
				return unmatched(best), true
			}
			if matched == "" {
				best, matched = cands, m
			}
			continue
		}
		if matched == "" && bestScore(cands) > bestScore(best) {
			best = cands
		}
	}
	if matched != "" && len(r.names) == 1 && r.country != "" && r.town == "" && q.City == "" && q.Postcode == "" &&
		l.generic(r.names[0], r.country) {
		// "Military Museum, England": one of the many military museums
		// in England, whatever one record is called
		return unmatched(best), true
	}
	if matched != "" && r.kindNew && l.heldElsewhere(q.Text, matched) {
		// "Hexenturm - Museum" is Hexenturm, a museum, or the first words
		// of "Hexenturm - Museum der Stadt Lahnstein"
		return unmatched(best), true
	}
	if matched == "" && len(r.names) == 1 && (r.town != "" || r.postcode != "") {
		// A building or site between the name and the street ("Jain
		// Museum, Jain Centre, 32 Oxford Street, Leicester"): the name
		// is the first part.
		if head, _, ok := strings.Cut(r.names[0], ","); ok && hasLongWord(head) {
			name := head
			if r.town != "" && q.City == "" {
				name += ", " + r.town
			}
			if cands := l.bySpellings(q, name); bestMatch(cands) != "" {
				return cands, true
			}
		}
	}
	return best, true
}

// heldElsewhere reports whether the name of a record other than id holds
// the words of text as written and in order.
func (l *Linker) heldElsewhere(text, id string) bool {
	phrase := " " + names.Key(text) + " "
	for _, h := range l.names.Search(text, names.Options{Limit: l.fanout}) {
		if h.QueryCov >= 0.999 && strings.Contains(" "+h.Key+" ", phrase) && l.ds.Institutions[h.Doc].ID != id {
			return true
		}
	}
	return false
}

// bySpellings links name with its abbreviations spelt out (spellings):
// the first spelling that finds a match, or the best-scored. A name with
// an English name of a kind that German and Dutch names write as one
// word, or a town with names in other languages, is then linked each way
// the records of those languages write it (otherLanguages), and the
// best-scored match is taken when it scores above the spelling's ("City
// Library Sulingen" is the Stadtbücherei Sulingen, not the
// Stadtbibliothek Solingen misspelt; "Toy Museum Nuremberg" is the
// Spielzeugmuseum Nürnberg, not a Toy-Museum that states no town); a
// translation that matches nothing ranks nothing ("Castle Museum" lists
// no Burgmuseum).
func (l *Linker) bySpellings(q Query, name string) []Candidate {
	var best []Candidate
	for _, s := range spellings(name) {
		sq := q
		sq.Text = s
		cands := l.nameCandidates(sq)
		if anyMatch(cands) {
			best = cands
			break
		}
		if best == nil || bestScore(cands) > bestScore(best) {
			best = cands
		}
	}
	found := best
	for _, s := range otherLanguages(name) {
		sq := q
		sq.Text = s
		cands := l.nameCandidates(sq)
		if anyMatch(cands) && matchScore(cands) > matchScore(found) {
			found = cands
		}
	}
	return found
}

// matchScore is the score of the best-scored match of cands, or 0.
func matchScore(cands []Candidate) float64 {
	best := 0.0
	for _, c := range cands {
		if c.Match {
			best = max(best, c.Score)
		}
	}
	return best
}

// bestMatch is the id of the best-scored match of cands, or "".
func bestMatch(cands []Candidate) string {
	id, score := "", -1.0
	for _, c := range cands {
		if c.Match && c.Score > score {
			id, score = c.ID, c.Score
		}
	}
	return id
}

// unmatched returns a copy of cands with no match: the reference names
// two records.
func unmatched(cands []Candidate) []Candidate {
	out := slices.Clone(cands)
	for k := range out {
		out[k].Match = false
		out[k].Features = withFeature(out[k].Features, FeatureReadingConflict, 1)
	}
	return out
}
