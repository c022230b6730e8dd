package heritage

import (
	"slices"
	"strings"
	"unicode"
)

// townIndex holds the known towns of each country: the values of the city
// fields, by NormalizeName key.
type townIndex struct {
	// byCountry maps country → town key → the town's most frequent spelling.
	byCountry map[string]map[string]string
	// nameOK tells whether a town key read from a name is trusted (see
	// trustNameTowns).
	nameOK map[string]bool
	maxTok int
}

func buildTownIndex(recs []Institution) *townIndex {
	counts := map[string]map[string]map[string]int{} // country → key → spelling → n
	ti := &townIndex{byCountry: map[string]map[string]string{}, nameOK: map[string]bool{}}
	for i := range recs {
		in := &recs[i]
		k := NormalizeName(in.City)
		if k == "" {
			continue
		}
		if counts[in.Country] == nil {
			counts[in.Country] = map[string]map[string]int{}
		}
		if counts[in.Country][k] == nil {
			counts[in.Country][k] = map[string]int{}
		}
		counts[in.Country][k][in.City]++
		ti.maxTok = max(ti.maxTok, strings.Count(k, " ")+1)
	}
	for c, keys := range counts {
		m := make(map[string]string, len(keys))
		for k, spellings := range keys {
			best, bn := "", 0
			for s, n := range spellings {
				if n > bn || n == bn && s < best {
					best, bn = s, n
				}
			}
			m[k] = best
		}
		ti.byCountry[c] = m
	}
	ti.trustNameTowns(recs)
	return ti
}

// trustNameTowns decides which towns may be read from names, from the
// records that state their city: a town key is trusted when it occurs in
// the name of a record in the town, and the names it occurs in mostly
// belong to records in the town. "Bayreuth" occurs in "Kunstmuseum
// Bayreuth" (city Bayreuth); "Burg" or "Street" occur in names all over
// the country; "Lausitz", the city of "Stadtbibliothek Forst (Lausitz)",
// occurs in no name outside parentheses.
func (ti *townIndex) trustNameTowns(recs []Institution) {
	type tally struct{ in, out int }
	seen := map[string]*tally{}
	for i := range recs {
		in := &recs[i]
		city := NormalizeName(in.City)
		if city == "" {
			continue
		}
		for _, k := range ti.nameMatches(in, false) {
			t := seen[in.Country+"\x00"+k]
			if t == nil {
				t = &tally{}
				seen[in.Country+"\x00"+k] = t
			}
			if k == city || strings.Contains(" "+city+" ", " "+k+" ") {
				t.in++
			} else {
				t.out++
			}
		}
	}
	for c, keys := range ti.byCountry {
		for k := range keys {
			t := seen[c+"\x00"+k]
			if t != nil && t.in > 0 && t.in >= 2*t.out {
				ti.nameOK[c+"\x00"+k] = true
			}
		}
	}
}

// towns derives a record's towns from its location fields, each with its
// other names.
func (ti *townIndex) towns(in *Institution) []Town {
	out := ti.ownTowns(in)
	for _, t := range out {
		for _, n := range TownNames(t.Name) {
			if !slices.ContainsFunc(out, func(o Town) bool { return NormalizeName(o.Name) == NormalizeName(n) }) {
				out = append(out, Town{Name: n, Source: t.Source})
			}
		}
	}
	return out
}

// ownTowns reads the towns from the most specific location field a record
// has: its city and address; else its admin_area; else its name.
func (ti *townIndex) ownTowns(in *Institution) []Town {
	var out []Town
	add := func(name, src string) {
		for _, t := range out {
			if NormalizeName(t.Name) == NormalizeName(name) {
				return
			}
		}
		out = append(out, Town{Name: name, Source: src})
	}
	if in.City != "" {
		add(in.City, TownFromCity)
	}
	if t, ok := ti.addressTown(in); ok {
		add(t, TownFromAddress)
	}
	if len(out) > 0 {
		return out
	}
	units := in.AdminAreas()
	for i := len(units) - 1; i >= 1; i-- { // units[0] is the nation
		if t, ok := ti.byCountry[in.Country][NormalizeName(units[i].Name)]; ok {
			add(t, TownFromAdmin)
			return out
		}
	}
	if len(units) > 0 {
		return out
	}
	for _, k := range ti.nameMatches(in, true) {
		add(ti.byCountry[in.Country][k], TownFromName)
	}
	return out
}

// addressTown reads the town of an address "Street, Town, POSTCODE": the
// last part without digits, when it is a known town of the country.
func (ti *townIndex) addressTown(in *Institution) (string, bool) {
	parts := strings.Split(in.Address(), ",")
	for i := len(parts) - 1; i >= 0; i-- {
		p := strings.TrimSpace(parts[i])
		if p == "" || strings.ContainsFunc(p, unicode.IsDigit) {
			continue
		}
		t, ok := ti.byCountry[in.Country][NormalizeName(p)]
		return t, ok
	}
	return "", false
}

// notTownAfter are words a town in a name does not follow: words that
// put a place near rather than in the town ("Burg Zwernitz bei
// Bayreuth"), that name an area larger than the town ("Landkreis
// Esslingen"), conjunctions, after which a word is a second noun or a
// name ("Schloss und Münster Salem", "Bettina und Achim von Arnim"), and
// articles and prepositions, after which a capitalised
// word is a noun, an adjective or a river ("im Alten Rathaus", "an der
// Donau", "De Waal").
var notTownAfter = map[string]bool{
	"bei": true, "b": true, "near": true, "nr": true, "nahe": true, "nachst": true, "bij": true, "nabij": true,
	"naast": true, "outside": true, "landkreis": true, "kreis": true, "lkr": true, "bezirk": true,
	"regierungsbezirk": true, "county": true, "provincie": true, "province": true, "region": true,
	"und": true, "and": true, "en": true, "der": true, "die": true, "das": true, "den": true, "dem": true, "des": true, "im": true, "am": true,
	"an": true, "ob": true, "zur": true, "zum": true, "vom": true, "beim": true, "the": true, "de": true,
	"het": true, "alten": true, "alte": true, "alter": true, "altes": true,
}

// nameMatches returns the keys of the known towns of the record's country
// that its name carries: a run of words equal to a town, the first one
// capitalised, or a German adjective of a one-word town ("Bayreuther").
// Words joined by a hyphen or slash count as one ("Sulzbach-Rosenberg",
// "Frankfurt/Oder"), so that a part of a compound is no town ("Donau" in
// "Donau-Schiffahrts-Museum", "Buch- und Schriftmuseum"). A town after a word of notTownAfter or
// after an adjective ("Schweizer Hof") is skipped. With trusted, only
// towns trusted by trustNameTowns count.
func (ti *townIndex) nameMatches(in *Institution, trusted bool) []string {
	towns := ti.byCountry[in.Country]
	if len(towns) == 0 {
		return nil
	}
	words := strings.FieldsFunc(withoutParentheses(in.Name), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("'’-/", r)
	})
	keys := make([]string, len(words))
	for i, w := range words {
		keys[i] = NormalizeName(w)
	}
	ok := func(k string) bool {
		_, known := towns[k]
		return known && len(k) >= 3 && (!trusted || ti.nameOK[in.Country+"\x00"+k])
	}
	var out []string
	for i := 0; i < len(words); i++ {
		if !capitalised(words[i]) || strings.HasSuffix(words[i], "-") || i > 0 && (notTownAfter[keys[i-1]] ||
			capitalised(words[i-1]) && strings.HasSuffix(keys[i-1], "er") && adjectiveTown(keys[i-1], towns) == "") {
			continue
		}
		for n := min(ti.maxTok, len(words)-i); n >= 1; n-- {
			k := strings.Join(keys[i:i+n], " ")
			if !ok(k) && n == 1 {
				k = adjectiveTown(k, towns)
			}
			if k != "" && ok(k) {
				if !slices.Contains(out, k) {
					out = append(out, k)
				}
				i += n - 1
				break
			}
		}
	}
	return out
}

// adjectiveTown returns the town key of a German town adjective:
// "bayreuther" → "bayreuth", "hallesche" is not read.
func adjectiveTown(k string, towns map[string]string) string {
	base, ok := strings.CutSuffix(k, "er")
	if !ok || len(base) < 4 {
		return ""
	}
	if _, known := towns[base]; known {
		return base
	}
	return ""
}

// capitalised reports whether a word starts with a capital and goes on in
// lower case ("Bayreuth", not "bayreuth" or the acronym "CODA").
func capitalised(w string) bool {
	var prev rune
	first := true
	for _, r := range w {
		if first && !unicode.IsUpper(r) || !first && unicode.IsUpper(r) && !strings.ContainsRune("-/", prev) {
			return false
		}
		first, prev = false, r
	}
	return !first
}
