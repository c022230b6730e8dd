package main

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"unicode"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/ident"
)

// Synthetic identifiers sit in ranges no real record uses: QIDs from
// synthQID up (Wikidata has not reached a fifth of it), ISILs whose local
// part starts with synthISIL, record ids whose local part starts with
// "syn". The generator checks each against the real ones all the same.
const (
	synthQID  = 900_000_000
	synthISIL = "ZZ"
	// minGroup is the fewest names a (type, country) group needs to give
	// its own words; a smaller group borrows those of the type.
	minGroup = 30
	// swapWord and swapSentence are the chances that a name's word that
	// is not a type word, and a description's sentence after the first,
	// is replaced by one drawn from the real records of its group.
	swapWord     = 0.5
	swapSentence = 0.3
)

// group holds what the real names and descriptions of one type (and
// country) are made of.
type group struct {
	typeWords map[string]bool // lower-cased words in at least 2% of its names
	words     []string        // every other word occurrence, for draws by frequency
	sentences []string        // description sentences that name neither their record, its town nor an identifier
}

// generator writes synthetic copies of real records.
type generator struct {
	real      []heritage.Institution
	seed      uint64
	byCountry map[string][]int // real records by country, for places with their joint frequencies
	towns     map[string][]int // real records with a town, by country, for names
	byType    map[string][]int // real records by type, for years
	groups    map[string]*group
	realIDs   map[string]bool // ids, ISILs, QIDs and GHCIDs of the real records
}

func newGenerator(real []heritage.Institution, seed uint64) *generator {
	g := &generator{real: real, seed: seed, byCountry: map[string][]int{}, towns: map[string][]int{}, byType: map[string][]int{},
		groups: map[string]*group{}, realIDs: map[string]bool{}}
	names := map[string][]int{}
	for i := range real {
		r := &real[i]
		g.byCountry[r.Country] = append(g.byCountry[r.Country], i)
		if r.City != "" {
			g.towns[r.Country] = append(g.towns[r.Country], i)
			g.towns[""] = append(g.towns[""], i)
		}
		g.byType[r.Type] = append(g.byType[r.Type], i)
		names[r.Type+"|"+r.Country] = append(names[r.Type+"|"+r.Country], i)
		for _, id := range []string{r.ID, r.ISIL, r.Wikidata, r.GHCID, r.Identifiers.Wikidata} {
			if id != "" {
				g.realIDs[id] = true
			}
		}
		for _, id := range r.Identifiers.ISILAll {
			g.realIDs[id] = true
		}
	}
	for key, members := range names {
		if len(members) >= minGroup {
			g.groups[key] = newGroup(real, members)
		}
	}
	for typ, members := range g.byType {
		g.groups[typ+"|*"] = newGroup(real, members)
	}
	return g
}

func newGroup(real []heritage.Institution, members []int) *group {
	gr := &group{typeWords: map[string]bool{}}
	df := map[string]int{}
	for _, i := range members {
		seen := map[string]bool{}
		for _, w := range strings.Fields(real[i].Name) {
			lw := strings.ToLower(w)
			if !seen[lw] {
				seen[lw] = true
				df[lw]++
			}
		}
	}
	for w, n := range df {
		if n >= 3 && n*50 >= len(members) {
			gr.typeWords[w] = true
		}
	}
	for _, i := range members {
		r := &real[i]
		for _, w := range strings.Fields(r.Name) {
			if !gr.typeWords[strings.ToLower(w)] && !containsWord(r.City, w) && len(w) > 3 && unicode.IsUpper([]rune(w)[0]) {
				gr.words = append(gr.words, w)
			}
		}
		for _, s := range sentences(r.Description)[1:] {
			if len(s) < 300 && !strings.Contains(s, r.Name) && (r.City == "" || !strings.Contains(s, r.City)) && len(ident.Find(s)) == 0 {
				gr.sentences = append(gr.sentences, s)
			}
		}
	}
	return gr
}

func containsWord(s, w string) bool {
	for _, x := range strings.Fields(s) {
		if strings.EqualFold(x, w) {
			return true
		}
	}
	return false
}

// sentences splits a description after each ". "; the pieces keep their
// full stop, so joining them with spaces gives the text back.
func sentences(s string) []string {
	var out []string
	for {
		i := strings.Index(s, ". ")
		if i < 0 {
			return append(out, s)
		}
		out = append(out, s[:i+1])
		s = s[i+2:]
	}
}

func (g *generator) group(r *heritage.Institution) *group {
	if gr, ok := g.groups[r.Type+"|"+r.Country]; ok {
		return gr
	}
	return g.groups[r.Type+"|*"]
}

// copyOf returns copy c (c ≥ 1) of the real record i: its type, source,
// subjects and bodies, with a name recombined from the words of its
// group's names, the place of a real record of its country, the years of
// a real record of its type, a description whose later sentences may come
// from other records of its group, and identifiers of its own.
func (g *generator) copyOf(c, i int) heritage.Institution {
	t := &g.real[i]
	rng := rand.New(rand.NewPCG(g.seed, uint64(c)<<32|uint64(i)))
	serial := c*len(g.real) + i
	out := *t
	gr := g.group(t)

	// The place, with its joint frequencies: all of a real record's.
	pl := &g.real[pick(rng, g.byCountry[t.Country])]
	out.City, out.CityInferred = pl.City, pl.CityInferred
	out.Lat, out.Lon, out.Area = pl.Lat, pl.Lon, pl.Area
	for _, f := range []heritage.Field{heritage.FieldRegion, heritage.FieldRegionCode, heritage.FieldSubregion, heritage.FieldCounty,
		heritage.FieldDistrict, heritage.FieldAdminArea, heritage.FieldAddress, heritage.FieldPostcode, heritage.FieldCoordPrecision} {
		out.SetText(f, pl.Text(f))
	}

	// The years, and the status that goes with them.
	yr := &g.real[pick(rng, g.byType[t.Type])]
	out.SetText(heritage.FieldYearOpened, yr.YearOpened())
	out.SetText(heritage.FieldYearClosed, yr.YearClosed())
	out.SetText(heritage.FieldStatus, yr.Status())

	// A copy without a town is still named after one of its country's.
	town := out.City
	if town == "" {
		if ts := g.towns[t.Country]; len(ts) > 0 {
			town = g.real[pick(rng, ts)].City
		} else {
			town = g.real[pick(rng, g.towns[""])].City
		}
	}
	out.Name = g.name(rng, gr, t.Name, t.City, town)
	pairs := []string{t.Name, out.Name}
	alt := make([]heritage.AltName, len(t.AltNames()))
	for k, a := range t.AltNames() {
		if a.Kind == heritage.KindAcronym {
			a.Name = acronym(out.Name)
		} else {
			a.Name = g.name(rng, gr, a.Name, t.City, town)
		}
		pairs = append(pairs, t.AltNames()[k].Name, a.Name)
		alt[k] = a
	}
	out.SetAltNames(alt)
	for _, p := range [][2]string{{t.City, out.City}, {t.District(), out.District()}, {t.County(), out.County()}, {t.Subregion(), out.Subregion()}, {t.Region(), out.Region()}} {
		if p[0] != "" && p[1] != "" {
			pairs = append(pairs, p[0], p[1])
		}
	}
	oldFrom, oldTo := yearPair(t.YearOpened()), yearPair(t.YearClosed())
	newFrom, newTo := yearPair(out.YearOpened()), yearPair(out.YearClosed())
	if oldFrom != "" && newFrom != "" {
		pairs = append(pairs, oldFrom, newFrom)
	}
	if oldTo != "" && newTo != "" && oldTo != oldFrom {
		pairs = append(pairs, oldTo, newTo)
	}
	g.identify(&out, t, pl, serial)
	pairs = append(pairs, idPairs(t, &out, serial)...)
	rep := strings.NewReplacer(pairs...)

	parts := sentences(t.Description)
	for k := range parts {
		if k > 0 && len(gr.sentences) > 0 && rng.Float64() < swapSentence {
			parts[k] = gr.sentences[rng.IntN(len(gr.sentences))]
		} else {
			parts[k] = rep.Replace(parts[k])
		}
	}
	out.Description = strings.Join(parts, " ")
	out.SetText(heritage.FieldNotes, rep.Replace(t.Notes()))
	out.Events = make([]heritage.Event, len(t.Events))
	for k, e := range t.Events {
		e.Date, e.Description, e.FormerName = rep.Replace(e.Date), rep.Replace(e.Description), rep.Replace(e.FormerName)
		out.Events[k] = e
	}
	return out
}

// idPairs are the replacements of t's identifiers by the copy's in text:
// its ISIL, QID and GHCID, and its GND ids by synthetic ones.
func idPairs(t, out *heritage.Institution, serial int) []string {
	var pairs []string
	add := func(old, new string) {
		if old != "" && new != "" {
			pairs = append(pairs, old, new)
		}
	}
	add(t.GHCID, out.GHCID)
	add(firstOf(t.ISIL, t.Identifiers.ISILAll), out.ISIL)
	add(t.Wikidata, out.Wikidata)
	add(t.Identifiers.Wikidata, out.Identifiers.Wikidata)
	for k, gnd := range t.Identifiers.GND {
		add(gnd, fmt.Sprintf("9%d%d-X", serial, k))
	}
	return pairs
}

// name recombines a real name: its town becomes town, each word that is
// not a type word of its group becomes, at even odds, a word of another
// name of the group. A name of one word gets the town after it; a name
// left with no word but type words and the town gets a word of the group
// before it.
func (g *generator) name(rng *rand.Rand, gr *group, name, oldTown, town string) string {
	const mark = "\x00"
	if oldTown != "" && strings.Contains(name, oldTown) {
		name = strings.ReplaceAll(name, oldTown, mark)
	}
	words := strings.Fields(name)
	var kept []int // content words left as they were
	content, changed := false, false
	for k, w := range words {
		switch {
		case strings.Contains(w, mark):
			words[k] = strings.ReplaceAll(w, mark, town)
			changed = true
		case gr.typeWords[strings.ToLower(w)] || len(w) <= 2:
		case len(words) > 1 && rng.Float64() < swapWord:
			words[k] = gr.words[rng.IntN(len(gr.words))]
			content, changed = true, true
		default:
			kept = append(kept, k)
			content = true
		}
	}
	switch {
	case len(words) == 1:
		words = append(words, town)
	case !content:
		words = append([]string{gr.words[rng.IntN(len(gr.words))]}, words...)
	case !changed:
		words[kept[rng.IntN(len(kept))]] = gr.words[rng.IntN(len(gr.words))]
	}
	return strings.Join(words, " ")
}

// acronym is the capitals of name's words.
func acronym(name string) string {
	var b strings.Builder
	for _, w := range strings.Fields(name) {
		r := []rune(w)[0]
		if unicode.IsUpper(r) {
			b.WriteRune(r)
		}
	}
	if b.Len() < 2 {
		return name
	}
	return b.String()
}

// yearPair is the first year of a "from:to" year range.
func yearPair(s string) string {
	from, _, _ := strings.Cut(s, ":")
	if len(from) != 4 || from == "9999" {
		return ""
	}
	return from
}

// identify gives the copy its own id, and an ISIL, QID and GHCID where
// its real record has one, none of them a real record's.
func (g *generator) identify(out, t, place *heritage.Institution, serial int) {
	ns, _, _ := strings.Cut(t.ID, ":")
	base := strings.ToUpper(strconv.FormatInt(int64(serial), 36))
	out.ID = g.fresh(ns+":syn"+strconv.Itoa(serial), "x")
	out.Identifiers = heritage.Identifiers{}
	for _, f := range []heritage.Field{heritage.FieldROR, heritage.FieldISNI, heritage.FieldGRID, heritage.FieldFundRef,
		heritage.FieldMappingMuseums, heritage.FieldDomus, heritage.FieldPrimarySourceID} {
		out.SetText(f, "")
	}
	out.SetText(heritage.FieldPrimarySource, t.PrimarySource())
	if t.PrimarySourceID() != "" {
		out.SetText(heritage.FieldPrimarySourceID, "S"+base)
	}
	if t.MappingMuseums() != "" {
		out.SetText(heritage.FieldMappingMuseums, "syn."+base)
	}
	if t.Domus() != "" {
		out.SetText(heritage.FieldDomus, "9"+strconv.Itoa(serial))
	}
	out.ISIL, out.Wikidata = "", ""
	if isil := firstOf(t.ISIL, t.Identifiers.ISILAll); isil != "" {
		prefix, _, _ := strings.Cut(isil, "-")
		out.ISIL = g.fresh(prefix+"-"+synthISIL+base, "X")
		out.Identifiers.ISILAll = []string{out.ISIL}
	}
	if t.Wikidata != "" || t.Identifiers.Wikidata != "" {
		q := g.fresh("Q"+strconv.Itoa(synthQID+serial), "0")
		if t.Wikidata != "" {
			out.Wikidata = q
		}
		if t.Identifiers.Wikidata != "" {
			out.Identifiers.Wikidata = q
		}
	}
	if t.Website() != "" {
		out.SetText(heritage.FieldWebsite, "https://syn"+strings.ToLower(base)+".example.org/")
	}
	if t.GHCID != "" {
		out.GHCID = g.fresh(ghcid(t.GHCID, place, out.Name, base), "X")
	}
}

// ghcid is a provisional GHCID for a copy: the real one's country, region
// and type with the town of the place and the name's capitals and the
// serial as its abbreviation; the real one's own form where that would not
// parse.
func ghcid(real string, place *heritage.Institution, name, base string) string {
	parts := strings.Split(real, "-")
	if len(parts) < 5 {
		return real + "-" + strings.ToLower(base)
	}
	if town := townCode(place.City); town != "" {
		parts[2] = town
	}
	abbr := strings.Map(func(r rune) rune {
		if r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, acronym(name))
	out := strings.Join(parts[:4], "-") + "-" + abbr + "Z" + base
	if _, err := ident.ParseGHCID(out); err != nil {
		return real + "-" + strings.ToLower(base)
	}
	return out
}

// townCode is the first three ASCII letters of a town, upper-cased.
func townCode(city string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(city) {
		if r >= 'A' && r <= 'Z' {
			b.WriteRune(r)
			if b.Len() == 3 {
				return b.String()
			}
		}
	}
	return ""
}

// fresh returns id, or id with pad appended until no real record has it.
func (g *generator) fresh(id, pad string) string {
	for g.realIDs[id] {
		id += pad
	}
	return id
}

func firstOf(s string, more []string) string {
	if s != "" {
		return s
	}
	if len(more) > 0 {
		return more[0]
	}
	return ""
}

func pick(rng *rand.Rand, from []int) int { return from[rng.IntN(len(from))] }
