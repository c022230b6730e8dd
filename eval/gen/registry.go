package gen

import (
	_ "embed"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/editdist"
	"github.com/hybridrag/hybridrag/linking"
)

// Registry reference kinds: references written the way registry exports
// and old catalogues hold them (RegistryReferences), in generation order.
var registryKinds = []struct {
	kind string
	make func(g *rgen, quota int)
}{
	{"registry_abbreviation", refRegistryAbbreviation},
	{"one_cell", refOneCell},
	{"ocr_noise", refOCRNoise},
	{"case_punctuation", refCasePunctuation},
	{"dropped_word", refDroppedWord},
	{"absent_lookalike", refAbsentLookalike},
}

// RegistryReferences generates up to n linking references written as
// registries and spreadsheets hold them, deterministically for seed,
// shared evenly by the kinds: words abbreviated ("Stadtbüch. u. Archiv
// Musterstadt"), the whole reference in one cell ("Abbey Loom Works
// Museum (Tewford, United Kingdom)"), OCR confusions ("Heimatrnuseum"),
// upper case without diacritics or punctuation, a word left out, and a
// real naming pattern in a town of the data that holds no such record
// ("Stadtarchiv <town>"), which nothing should match.
func RegistryReferences(ds *heritage.Dataset, seed int64, n int) []Reference {
	g := &rgen{x: newIndex(ds), r: newRand(seed, 3), seen: map[string]bool{}}
	quota := (n + len(registryKinds) - 1) / len(registryKinds)
	for _, k := range registryKinds {
		g.kind = k.kind
		capped(&g.out, quota, func(quota int) { k.make(g, quota) })
	}
	number(g.out, "reg", func(r *Reference) *string { return &r.ID })
	return g.out
}

//go:embed data/registry_abbreviations.tsv
var registryAbbreviationsTSV string

// registryAbbreviation is one row of data/registry_abbreviations.tsv.
type registryAbbreviation struct {
	forms []string
	end   bool // also the end of a compound
}

// registryAbbreviations reads the table of data/registry_abbreviations.tsv.
func registryAbbreviations() map[string]registryAbbreviation {
	out := map[string]registryAbbreviation{}
	for _, line := range strings.Split(registryAbbreviationsTSV, "\n") {
		f := strings.Split(strings.TrimSpace(line), "\t")
		if len(f) != 3 || strings.HasPrefix(f[0], "#") {
			continue
		}
		out[f[0]] = registryAbbreviation{forms: strings.Split(f[1], "|"), end: f[2] == "end"}
	}
	return out
}

// registryAbbreviate abbreviates the words of name the table has, each
// with even odds and at least one that is no conjunction; ok is false
// when none can be.
func (g *rgen) registryAbbreviate(name string, table map[string]registryAbbreviation) (string, bool) {
	f := strings.Fields(name)
	type site struct {
		k    int
		form string
	}
	var sites []site
	for k, w := range f {
		lw := strings.ToLower(w)
		if a, ok := table[lw]; ok {
			sites = append(sites, site{k, pick(g.r, a.forms)})
			continue
		}
		for _, word := range slices.Sorted(maps.Keys(table)) {
			a := table[word]
			if a.end && len([]rune(lw)) > len([]rune(word))+3 && strings.HasSuffix(lw, word) {
				stem := w[:len(w)-len(word)]
				sites = append(sites, site{k, stem + strings.ToLower(a.forms[0])})
				break
			}
		}
	}
	done := false
	for _, s := range shuffled(g.r, sites) {
		conj := s.form == "&" || s.form == "u."
		if !done && !conj || g.r.IntN(2) == 0 {
			done = done || !conj
			f[s.k] = s.form
		}
	}
	return strings.Join(f, " "), done
}

// refRegistryAbbreviation gives a record's name with words abbreviated
// as registries write them, compounds included ("Heimat- u.
// Mühlenmus. Nordhafen"), with the town as a hint one time in three.
func refRegistryAbbreviation(g *rgen, quota int) {
	table := registryAbbreviations()
	g.each(quota, g.x.recs, func(in *heritage.Institution) bool {
		if !g.x.unique(in) {
			return false
		}
		text, ok := g.registryAbbreviate(in.Name, table)
		if !ok || !g.sole(text, in) {
			return false
		}
		q := linking.Query{Text: text}
		if in.City != "" && g.r.IntN(3) == 0 {
			q.City = in.City
		}
		return g.add(q, in.ID, nil, fmt.Sprintf("The record's name abbreviated as registries write it: %q.", in.Name))
	})
}

// countryForms are ways of writing a country in one cell: English, Dutch
// and German names and the ISO code.
var countryForms = map[string][]string{
	"GB": {"United Kingdom", "UK", "GB", "Verenigd Koninkrijk", "Großbritannien"},
	"DE": {"Germany", "Deutschland", "Duitsland", "DE"},
	"NL": {"Netherlands", "Nederland", "Niederlande", "NL"},
}

// refOneCell gives a record's whole reference in one cell: name, town
// and country in the ways registries join them ("Name, Town", "Name
// (Town, Country)", "Name - Town - Country", "Name; Town", "Town:
// Name"), for records whose name does not hold their town.
func refOneCell(g *rgen, quota int) {
	g.each(quota, g.x.recs, func(in *heritage.Institution) bool {
		cs, ok := countryForms[in.Country]
		if !ok || in.City == "" || !g.x.unique(in) || containsWords(in.Name, in.City) || strings.ContainsAny(in.Name, "();:") {
			return false
		}
		country := pick(g.r, cs)
		forms := []string{
			in.Name + ", " + in.City,
			in.Name + " (" + in.City + ", " + country + ")",
			in.Name + " - " + in.City + " - " + country,
			in.Name + "; " + in.City,
			in.City + ": " + in.Name,
			in.Name + ", " + in.City + ", " + country,
		}
		text := pick(g.r, forms)
		return g.add(linking.Query{Text: text}, in.ID, nil, fmt.Sprintf("The record's name, town and country in one cell: %q.", in.Name))
	})
}

// ocrConfusions are the letters that text recognition reads one for
// another: a sequence as printed → as read.
var ocrConfusions = [][2]string{
	{"m", "rn"}, {"rn", "m"}, {"h", "b"}, {"l", "1"}, {"l", "i"}, {"i", "l"}, {"o", "0"},
	{"e", "c"}, {"u", "n"}, {"n", "u"}, {"d", "cl"}, {"b", "h"}, {"c", "e"},
}

// ocrRead misreads one or two letters of the longest words of name as
// text recognition does, never the first letter of a word.
func (g *rgen) ocrRead(name string) (string, bool) {
	f := strings.Fields(name)
	edits := 1 + g.r.IntN(2)
	changed := 0
	for _, k := range shuffled(g.r, indexes(len(f))) {
		w := f[k]
		if changed >= edits || len([]rune(w)) < 5 {
			continue
		}
		var at [][2]int // position, confusion
		for c, conf := range ocrConfusions {
			for i := 1; i < len(w); i++ {
				if strings.HasPrefix(w[i:], conf[0]) {
					at = append(at, [2]int{i, c})
				}
			}
		}
		if len(at) == 0 {
			continue
		}
		p := pick(g.r, at)
		conf := ocrConfusions[p[1]]
		f[k] = w[:p[0]] + conf[1] + w[p[0]+len(conf[0]):]
		changed++
	}
	return strings.Join(f, " "), changed > 0
}

func indexes(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// refOCRNoise gives a record's name as text recognition reads an old
// catalogue: one or two letters confused ("Heimatrnuseum", "Stadtbibliotbek").
func refOCRNoise(g *rgen, quota int) {
	g.each(quota, g.x.recs, func(in *heritage.Institution) bool {
		if !g.x.unique(in) {
			return false
		}
		text, ok := g.ocrRead(in.Name)
		if !ok || !g.sole(text, in) {
			return false
		}
		q := linking.Query{Text: text}
		if in.City != "" && g.r.IntN(3) == 0 {
			q.City = in.City
		}
		return g.add(q, in.ID, nil, fmt.Sprintf("The record's name with letters misread by text recognition: %q.", in.Name))
	})
}

// plain upper-cases s and drops its diacritics and punctuation, as old
// registry exports hold names.
func plain(s string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	out, _, err := transform.String(t, strings.ReplaceAll(s, "ß", "ss"))
	if err != nil {
		out = s
	}
	out = strings.Map(func(r rune) rune {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			return unicode.ToUpper(r)
		case r == '&':
			return r
		}
		return ' '
	}, out)
	return strings.Join(strings.Fields(out), " ")
}

// refCasePunctuation gives a record's name in upper case without
// diacritics or punctuation.
func refCasePunctuation(g *rgen, quota int) {
	g.each(quota, g.x.recs, func(in *heritage.Institution) bool {
		text := plain(in.Name)
		if text == in.Name || !g.x.unique(in) || !g.sole(text, in) || len(g.x.anyName[fold(text)]) > 1 {
			return false
		}
		return g.add(linking.Query{Text: text}, in.ID, nil, fmt.Sprintf("The record's name in upper case without diacritics or punctuation: %q.", in.Name))
	})
}

// refDroppedWord gives a record's name of four words or more with one
// word inside it left out, when no other record's name holds the words
// left, in order.
func refDroppedWord(g *rgen, quota int) {
	g.each(quota, g.x.recs, func(in *heritage.Institution) bool {
		f := strings.Fields(in.Name)
		if len(f) < 4 || !g.x.unique(in) {
			return false
		}
		k := 1 + g.r.IntN(len(f)-2)
		if len([]rune(f[k])) < 3 || stopwords[strings.ToLower(f[k])] {
			return false
		}
		text := strings.Join(slices.Concat(f[:k], f[k+1:]), " ")
		if h := g.holdersApart(text); len(h) != 1 || h[0] != in {
			return false
		}
		return g.add(linking.Query{Text: text}, in.ID, nil, fmt.Sprintf("The record's name with the word %q left out.", f[k]))
	})
}

// holdersApart lists the records whose name holds every word of text,
// in any order.
func (g *rgen) holdersApart(text string) []*heritage.Institution {
	ws := strings.Fields(words(text))
	var out []*heritage.Institution
	names := g.x.namesAsWords()
	at, all := g.x.withNameWords(ws)
	if all {
		return slices.Clone(g.x.recs)
	}
	for _, i := range at {
		have := names[i]
		if !slices.ContainsFunc(ws, func(w string) bool { return !strings.Contains(have, " "+w+" ") }) {
			out = append(out, g.x.recs[i])
		}
	}
	return out
}

// refAbsentLookalike gives a real naming pattern with a town of the data
// that holds no such record: a record's name made of a generic word and
// its town ("Stadtarchiv Wessen"), with the town swapped for another of
// the same country, spelt alike where the data has one ("Stadtarchiv
// Vessen"), with that town as the hint half the time. Nothing should
// match.
func refAbsentLookalike(g *rgen, quota int) {
	towns := map[string][]string{} // country → towns of the data
	seenTown := map[string]bool{}
	for _, in := range g.x.recs {
		if in.City != "" && !seenTown[in.Country+"|"+in.City] {
			seenTown[in.Country+"|"+in.City] = true
			towns[in.Country] = append(towns[in.Country], in.City)
		}
	}
	g.each(quota, g.x.recs, func(in *heritage.Institution) bool {
		if in.City == "" || !containsWords(in.Name, in.City) || strings.Contains(in.City, " ") {
			return false
		}
		pattern := strings.TrimSpace(strings.Replace(in.Name, in.City, "", 1))
		if len(strings.Fields(pattern)) != 1 || !genericName(pattern) {
			return false
		}
		near := g.lookalikeTowns(in.City, towns[in.Country])
		if len(near) == 0 {
			return false
		}
		town := pick(g.r, near)
		text := strings.Replace(in.Name, in.City, town, 1)
		if len(g.holdersApart(text)) > 0 || g.heldInTown(pattern, town) {
			return false
		}
		q := linking.Query{Text: text}
		if g.r.IntN(2) == 0 {
			q.City = town
		}
		return g.add(q, "", nil, fmt.Sprintf("%q exists; %s holds no %s.", in.Name, town, pattern))
	})
}

// heldInTown reports whether a record's name holds pattern in town,
// whatever the spelling of the town: with or without diacritics, or in
// another language ("Stadtarchiv Hannover" is in Hanover).
func (g *rgen) heldInTown(pattern, town string) bool {
	same := []string{heritage.NormalizeName(town)}
	for _, n := range heritage.TownNames(town) {
		same = append(same, heritage.NormalizeName(n))
	}
	for _, in := range g.holders(pattern, "") {
		if slices.Contains(same, heritage.NormalizeName(in.City)) {
			return true
		}
	}
	return false
}

// lookalikeTowns are the towns of towns other than town spelt within two
// edits of it, or, where there is none, all others.
func (g *rgen) lookalikeTowns(town string, towns []string) []string {
	var near, other []string
	ftown := fold(town)
	for _, t := range towns {
		if strings.Contains(t, " ") {
			continue
		}
		switch ft := fold(t); {
		case ft == ftown:
		case editdist.Levenshtein(ft, ftown, 2) <= 2:
			near = append(near, t)
		default:
			other = append(other, t)
		}
	}
	if len(near) > 0 {
		return near
	}
	if len(other) > 50 {
		other = other[:50]
	}
	return other
}
