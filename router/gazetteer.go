package router

import (
	"maps"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/keyindex"
)

// nameEntry is one institution name in the gazetteer; its key (the name
// normalised) is the gazetteer's key and the records bearing it are its
// entryRecs.
type nameEntry struct {
	name   string  // as in the data
	weight float64 // summed IDF of its distinctive words
	ntok   int32   // the words of its key
	former bool    // only ever a former name
}

// bodyEntry is a group or operator known from member_of, name_in_source or
// a parent record.
type bodyEntry struct {
	name               string
	ids                []string
	partOf, operatedBy int
	key                string
}

// placeCand is one reading of a place phrase.
type placeCand struct {
	place    Place
	count    int  // records at this place
	inferred bool // city known only from guessed (inferred) values
}

// gazetteer holds every look-up table built from the data.
type gazetteer struct {
	// lex is the vocabulary the tables were derived with
	lex *Lexicon

	// names finds the entry of a name by its key (findName); acronyms
	// are not in it
	names keyindex.Index
	// sorted holds the keys of names in order, for prefix look-ups,
	// made on first use (sortedNames)
	sortedOnce sync.Once
	sorted     []string
	// cityAreas holds, by a town's key, the keys of the areas its
	// records lie in (county and admin path), made on first use
	// (townIn)
	cityAreasOnce sync.Once
	cityAreas     map[string]map[string]bool
	entries       []nameEntry
	// the key of entries[i] is keys[keyOff[i]:keyOff[i+1]]
	keys   string
	keyOff []uint32
	// the records bearing entries[i] are recs[recOff[i]:recOff[i+1]],
	// numbered as in ds.Institutions
	recOff   []uint32
	recs     []int32
	acronyms map[string]int32
	maxTok   int
	// df counts the words of the entries' keys, for their weights; a word
	// it counts is known, no typo
	df       map[string]int
	nEntries int

	bodies  map[string]int32
	bodyArr []bodyEntry
	bodyMax int

	places   map[string][]placeCand
	placeMax int
	placeTri map[string][]string // trigram → place keys, for typo tolerance
	// one-word place keys of three to five letters, for four-letter typos
	shortPlaces []string
	// townPrefixes are the first words of towns of several words that
	// are no place themselves ("newcastle" of Newcastle upon Tyne): a
	// short form of a town, no misspelling of another
	townPrefixes map[string]bool
	// place words with their record counts, and their trigrams
	placeWords   map[string]int
	placeWordTri map[string][]string
	plainWords   []string // topic and cue words for typo correction

	// ids finds records by their ISILs, GHCIDs, GND ids and QIDs
	ids identifierKeys

	subjects subjectIndex
	// ds holds the records the tables were derived from
	ds     *heritage.Dataset
	nameIx *nameIndex

	// nameSpan, bodySpan and placeSpan hold, for the first word of the
	// keys of names (and acronyms), bodies and places, the most words of
	// a key that begins with it, so that a look-up at a word tries no
	// longer span (made once, by spans)
	spansOnce                     sync.Once
	nameSpan, bodySpan, placeSpan map[string]int
}

// spans makes nameSpan, bodySpan and placeSpan.
func (g *gazetteer) spans() {
	g.spansOnce.Do(func() {
		g.nameSpan = map[string]int{}
		// the keys of names and acronyms are those of the entries
		for i := range g.entries {
			addSpan(g.nameSpan, g.key(int32(i)))
		}
		g.bodySpan = map[string]int{}
		addSpans(g.bodySpan, g.bodies)
		g.placeSpan = map[string]int{}
		addSpans(g.placeSpan, g.places)
	})
}

// addSpans records in spans, for the first word of every key of m, the
// most words of a key beginning with it.
func addSpans[V any](spans map[string]int, m map[string]V) {
	for k := range m {
		addSpan(spans, k)
	}
}

// addSpan records in spans the words of key, when more than the most
// words of a key beginning with its first word so far.
func addSpan(spans map[string]int, key string) {
	first, _, _ := strings.Cut(key, " ")
	spans[first] = max(spans[first], strings.Count(key, " ")+1)
}

func buildGazetteer(ds *heritage.Dataset, lex *Lexicon) *gazetteer {
	g := &gazetteer{
		lex:      lex,
		acronyms: map[string]int32{},
		df:       map[string]int{},
		bodies:   map[string]int32{},
		places:   map[string][]placeCand{},
		ids:      newIdentifierKeys(ds.Institutions),
		ds:       ds,
	}
	b := &gazetteerBuilder{g: g, names: make(map[string]int32, 40000), subjects: map[string]bool{}, placeIdx: map[string]map[Place]int{}}
	for i := range ds.Institutions {
		b.addInstitution(&ds.Institutions[i], int32(i))
	}
	shortNames(ds, b.g, b.names, b.addName)
	b.addRecordBodies()
	b.addBodyShortNames()
	b.addCountriesAndNations()
	b.addPlaceAliases()
	b.packEntries()
	b.weighNames()
	subj := make([]string, 0, len(b.subjects))
	for s := range b.subjects {
		subj = append(subj, s)
	}
	sort.Strings(subj)
	g.subjects = newSubjectIndex(lex, subj)
	g.buildPlaceTrigrams()
	g.buildTownPrefixes()
	g.buildPlaceWords()
	g.buildPlainWords()
	return g
}

// gazetteerBuilder holds what building a gazetteer needs beside it.
type gazetteerBuilder struct {
	g *gazetteer
	// names finds the entry of a name by its key, and keys and recs hold
	// the key and the records of each entry, as the names are read
	names map[string]int32
	keys  []string
	recs  [][]int32
	// subjects are the subject terms the records hold
	subjects map[string]bool
	// placeIdx finds a place among the candidates of a key: key → place →
	// index in g.places[key]
	placeIdx map[string]map[Place]int
}

// addPlace indexes a place under the keys of text; inferred says the
// record gives the place only by inference.
func (b *gazetteerBuilder) addPlace(text string, p Place, inferred bool) {
	g, placeIdx := b.g, b.placeIdx
	for _, key := range g.lex.nameKeys(text) {
		m := placeIdx[key]
		if m == nil {
			m = map[Place]int{}
			placeIdx[key] = m
		}
		if i, ok := m[p]; ok {
			g.places[key][i].count++
			if !inferred {
				g.places[key][i].inferred = false
			}
			continue
		}
		m[p] = len(g.places[key])
		g.places[key] = append(g.places[key], placeCand{place: p, count: 1, inferred: inferred})
		if n := strings.Count(key, " ") + 1; n > g.placeMax {
			g.placeMax = n
		}
	}
}

// addName indexes a name of the record rec; former says it is a name the
// record no longer has.
func (b *gazetteerBuilder) addName(name string, rec int32, former bool) {
	g := b.g
	for _, key := range g.lex.nameKeys(name) {
		if i, ok := b.names[key]; ok {
			if !slices.Contains(b.recs[i], rec) {
				b.recs[i] = append(b.recs[i], rec)
			}
			if !former {
				g.entries[i].former = false
			}
			continue
		}
		b.names[key] = int32(len(g.entries))
		g.entries = append(g.entries, nameEntry{name: name, former: former, ntok: int32(strings.Count(key, " ") + 1)})
		b.keys = append(b.keys, key)
		b.recs = append(b.recs, []int32{rec})
	}
}

// addBody indexes a body that runs or groups institutions, by the
// relation rel its members have to it.
func (gb *gazetteerBuilder) addBody(name string, ids []string, rel string) {
	g := gb.g
	for _, key := range g.lex.nameKeys(name) {
		i, ok := g.bodies[key]
		if !ok {
			i = int32(len(g.bodyArr))
			g.bodies[key] = i
			g.bodyArr = append(g.bodyArr, bodyEntry{name: name, key: key})
			if n := strings.Count(key, " ") + 1; n > g.bodyMax {
				g.bodyMax = n
			}
		}
		b := &g.bodyArr[i]
		for _, id := range ids {
			if id != "" && !slices.Contains(b.ids, id) {
				b.ids = append(b.ids, id)
			}
		}
		switch rel {
		case heritage.RelPartOf:
			b.partOf++
		case heritage.RelOperatedBy:
			b.operatedBy++
		}
	}
}

// addAcronym indexes an acronym of the record rec, one word of three
// letters or more.
func (b *gazetteerBuilder) addAcronym(acronym string, rec int32) {
	g := b.g
	k := normalize(acronym)
	if len(k) < 3 || strings.Contains(k, " ") {
		return
	}
	i, ok := g.acronyms[k]
	if !ok {
		g.acronyms[k] = int32(len(g.entries))
		g.entries = append(g.entries, nameEntry{name: acronym, ntok: 1})
		b.keys = append(b.keys, k)
		b.recs = append(b.recs, []int32{rec})
		return
	}
	if !slices.Contains(b.recs[i], rec) {
		b.recs[i] = append(b.recs[i], rec)
	}
}

// addInstitution indexes the names, bodies, subjects and places of
// record rec.
func (b *gazetteerBuilder) addInstitution(in *heritage.Institution, rec int32) {
	b.addName(in.Name, rec, false)
	for _, a := range in.AltNames() {
		switch a.Kind {
		case heritage.KindAcronym:
			b.addAcronym(a.Name, rec)
		default:
			b.addName(a.Name, rec, a.Kind == heritage.KindFormerName)
		}
	}
	for _, m := range in.MemberOf() {
		b.addBody(m.Name, []string{m.ID}, m.Relation)
		if m.NameInSource != "" {
			b.addBody(m.NameInSource, []string{m.ID}, m.Relation)
		}
	}
	for _, r := range in.Related() {
		if r.Relation == "has_part" {
			b.addBody(in.Name, []string{in.ID}, heritage.RelPartOf)
			break
		}
	}
	for _, s := range in.Subjects {
		b.subjects[s] = true
	}
	// places
	if in.Region() != "" {
		b.addPlace(in.Region(), Place{Name: in.Region(), Level: LevelRegion}, false)
	}
	for _, u := range in.AdminAreas() {
		if u.Level == "" {
			continue
		}
		b.addPlace(u.Name, Place{Name: u.Name, Level: LevelAdmin, AdminLevel: u.Level}, false)
	}
	if in.City != "" {
		b.addPlace(in.City, Place{Name: in.City, Level: LevelCity}, in.CityInferred)
	}
}

// addRecordBodies indexes the other names of bodies that are records of
// their own: member_of ids point at them.
func (b *gazetteerBuilder) addRecordBodies() {
	g, ds := b.g, b.g.ds
	for i := range g.bodyArr {
		b := &g.bodyArr[i]
		for _, id := range b.ids {
			if in, ok := ds.Get(id); ok {
				for _, a := range in.AltNames() {
					if a.Kind != heritage.KindFormerName && a.Kind != heritage.KindAcronym {
						addBodyAlias(g, a.Name, i)
					}
				}
				addBodyAlias(g, in.Name, i)
			}
		}
	}
}

// addBodyShortNames indexes a body's name without its last word when
// that is a word of a body's kind (bodyHeadWords: "Smithsonian" of
// "Smithsonian Institution"), as people name it, where the rest is no
// frequent word, place, institution's name or other body.
func (b *gazetteerBuilder) addBodyShortNames() {
	g := b.g
	for i := range g.bodyArr {
		words := strings.Fields(normalize(g.bodyArr[i].name))
		if len(words) < 2 || !g.lex.bodyHeadWords[words[len(words)-1]] {
			continue
		}
		rest := words[:len(words)-1]
		short := strings.Join(rest, " ")
		_, place := g.places[short]
		_, name := b.names[short]
		_, body := g.bodies[short]
		if place || name || body || slices.ContainsFunc(rest, func(w string) bool { return g.lex.frequentWords[w] || len(w) < 4 }) {
			continue
		}
		addBodyAlias(g, short, i)
	}
}

// addCountriesAndNations indexes the lexicon's names of countries and
// nations.
func (b *gazetteerBuilder) addCountriesAndNations() {
	lex := b.g.lex
	for name, code := range lex.countryNames {
		b.addPlace(name, Place{Name: code, Level: LevelCountry}, false)
	}
	for name, nation := range lex.nationNames {
		b.addPlace(name, Place{Name: nation, Level: LevelRegion}, false)
	}
}

// addPlaceAliases reads a town known by other names ("Keulen" for Köln)
// as the name the data gives it (the one with more records when it gives
// several), unless the data uses that name too, and the names people give
// English regions as the region.
func (b *gazetteerBuilder) addPlaceAliases() {
	g, lex := b.g, b.g.lex
	aliasOf := map[string]string{} // alias key → place key
	total := func(k string) int {
		n := 0
		for _, c := range g.places[k] {
			n += c.count
		}
		return n
	}
	for k, cands := range g.places {
		for _, c := range cands {
			if c.place.Level != LevelCity {
				continue
			}
			for _, n := range heritage.TownNames(c.place.Name) {
				for _, alias := range lex.nameKeys(n) {
					if _, ok := g.places[alias]; ok {
						continue
					}
					if prev, ok := aliasOf[alias]; !ok || total(k) > total(prev) || total(k) == total(prev) && k < prev {
						aliasOf[alias] = k
					}
				}
			}
		}
	}
	// the names people give English regions ("Yorkshire" for Yorkshire
	// and The Humber), where the data has no place of that name but a
	// town it guessed from records' names ("Landesarchiv Sachsen-Anhalt")
	for alias, region := range lex.regionNames {
		if cands, taken := g.places[alias]; !taken || allInferred(cands) {
			if _, ok := g.places[region]; ok {
				aliasOf[alias] = region
			}
		}
	}
	for alias, k := range aliasOf {
		g.places[alias] = append([]placeCand(nil), g.places[k]...)
		g.placeMax = max(g.placeMax, strings.Count(alias, " ")+1)
	}
}

// allInferred reports places that are all towns the data guessed from
// records' names (placeCand.inferred).
func allInferred(cands []placeCand) bool {
	for _, c := range cands {
		if !c.inferred {
			return false
		}
	}
	return true
}

// packEntries trims the name and body entries, grown by appending, to
// their length; holds the keys of the names in one string (keys, keyOff),
// their records in one array (recOff, recs) and the ids of the bodies in
// another, every body's capped at its length; and indexes the names by
// key.
func (b *gazetteerBuilder) packEntries() {
	g := b.g
	g.entries = slices.Clone(g.entries)
	g.bodyArr = slices.Clone(g.bodyArr)
	n := 0
	for _, k := range b.keys {
		n += len(k)
	}
	var keys strings.Builder
	keys.Grow(n)
	g.keyOff = make([]uint32, 1, len(g.entries)+1)
	g.recOff = make([]uint32, 1, len(g.entries)+1)
	for i, k := range b.keys {
		keys.WriteString(k)
		g.keyOff = append(g.keyOff, g.keyOff[i]+uint32(len(k)))
		g.recOff = append(g.recOff, g.recOff[i]+uint32(len(b.recs[i])))
	}
	g.keys = keys.String()
	g.recs = make([]int32, 0, g.recOff[len(g.entries)])
	for _, rs := range b.recs {
		g.recs = append(g.recs, rs...)
	}
	g.indexNames()

	total := 0
	for _, body := range g.bodyArr {
		total += len(body.ids)
	}
	all := make([]string, 0, total)
	for i := range g.bodyArr {
		ids := &g.bodyArr[i].ids
		if len(*ids) == 0 {
			*ids = nil
			continue
		}
		lo := len(all)
		all = append(all, *ids...)
		*ids = all[lo:len(all):len(all)]
	}
}

// indexNames indexes by key the entries that are names, not acronyms.
func (g *gazetteer) indexNames() {
	g.names = keyindex.New(len(g.entries) - len(g.acronyms))
	for i := range g.entries {
		if !g.isAcronym(int32(i)) {
			g.names.AddNew(i, func(i int) string { return g.key(int32(i)) })
		}
	}
}

// isAcronym reports whether entry i is an acronym's.
func (g *gazetteer) isAcronym(i int32) bool {
	a, ok := g.acronyms[g.key(i)]
	return ok && a == i
}

// findName returns the entry of the name whose key is k.
func (g *gazetteer) findName(k string) (int32, bool) {
	i, ok := g.names.Find(k, func(i int) string { return g.key(int32(i)) })
	return int32(i), ok
}

// key returns the key of entry e, the name normalised.
func (g *gazetteer) key(e int32) string { return g.keys[g.keyOff[e]:g.keyOff[e+1]] }

// entryRecs returns the records bearing entry e.
func (g *gazetteer) entryRecs(e int32) []int32 { return g.recs[g.recOff[e]:g.recOff[e+1]] }

// recordIDs returns the ids of the records bearing entry e, in a slice of
// their own.
func (g *gazetteer) recordIDs(e int32) []string {
	recs := g.entryRecs(e)
	ids := make([]string, len(recs))
	for k, r := range recs {
		ids[k] = g.ds.Institutions[r].ID
	}
	return ids
}

// weighNames counts the words of the names and weighs each name by them,
// for distinctiveness and fuzzy candidates, and indexes the names.
func (b *gazetteerBuilder) weighNames() {
	g, lex := b.g, b.g.lex
	g.nEntries = len(g.entries)
	for i := range g.entries {
		for _, w := range strings.Fields(g.key(int32(i))) {
			g.df[w]++
		}
	}
	for i := range g.entries {
		e := &g.entries[i]
		for _, w := range uniqueFields(g.key(int32(i))) {
			if !lex.nameStop[w] {
				e.weight += g.idf(w)
			}
		}
		g.maxTok = max(g.maxTok, int(e.ntok))
	}
	g.nameIx = newNameIndex(g.ds, g.recOff, g.recs)
}

func addBodyAlias(g *gazetteer, name string, i int) {
	for _, key := range g.lex.nameKeys(name) {
		if _, ok := g.bodies[key]; !ok {
			g.bodies[key] = int32(i)
			if n := strings.Count(key, " ") + 1; n > g.bodyMax {
				g.bodyMax = n
			}
		}
	}
}

func (g *gazetteer) idf(w string) float64 {
	df := g.df[w]
	if df == 0 {
		df = 1
	}
	return math.Log(float64(g.nEntries+1) / float64(df))
}

func trigramsOf(w string) []string {
	p := "^" + w + "$"
	out := make([]string, 0, len(p)-2)
	for i := 0; i+3 <= len(p); i++ {
		out = append(out, p[i:i+3])
	}
	return out
}

func uniqueFields(s string) []string {
	f := strings.Fields(s)
	out := f[:0]
	seen := map[string]bool{}
	for _, w := range f {
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}

// buildRegionNames makes regionNames: the other names of regions, read as the region the
// data names where the data has no place of that name.
func (lex *Lexicon) buildRegionNames() map[string]string {
	m := maps.Clone(lex.regionNicknames)
	maps.Copy(m, lex.regionExonyms)
	return m
}

// shortNames adds, as another name of its record, the part of a name
// before its first comma, dash or bracket ("Fitzwilliam Museum" of
// "Fitzwilliam Museum, University Of Cambridge", "Eden Camp" of "Eden
// Camp - Modern History Theme Museum"): what people call it, the rest
// naming its parent, its place, what it is or what became of it. It is
// added only where it has two words or more besides articles, no record
// is called so (names holds the keys read so far) and no other name
// starts with it ("Amsterdam Public Library, OBA Slotervaart" names
// one branch of many), and no other name gives it after a comma, as the
// name of the organisation a record is part of.
// contentWords counts the words of a name that are no article ("Die
// Kiste" has one).
func contentWords(lex *Lexicon, name string) int {
	n := 0
	for _, w := range strings.Fields(normalize(name)) {
		if !lex.articles[w] {
			n++
		}
	}
	return n
}

// nameMarks are the marks after which a name goes on to say more of
// its record.
var nameMarks = []string{",", " - ", " – ", " ("}

// nameBeforeMark is the part of a name before the first of nameMarks it
// holds, trimmed; false when it holds none.
func nameBeforeMark(name string) (string, bool) {
	at := -1
	for _, m := range nameMarks {
		if i := strings.Index(name, m); i >= 0 && (at < 0 || i < at) {
			at = i
		}
	}
	if at < 0 {
		return "", false
	}
	return strings.TrimSpace(name[:at]), true
}

func shortNames(ds *heritage.Dataset, g *gazetteer, names map[string]int32, addName func(name string, rec int32, former bool)) {
	// what other names give after a comma is a parent's name
	parents := map[string]bool{}
	for i := range ds.Institutions {
		if _, rest, ok := strings.Cut(ds.Institutions[i].Name, ","); ok {
			parents[normalize(rest)] = true
		}
	}
	recs := map[string][]int32{}
	var order []string
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		short, ok := nameBeforeMark(in.Name)
		if !ok || contentWords(g.lex, short) < 2 {
			continue
		}
		if parents[normalize(short)] {
			continue // the organisation it is part of ("University Of Oxford - …")
		}
		if _, taken := names[normalize(short)]; taken {
			continue
		}
		if _, seen := recs[short]; !seen {
			order = append(order, short)
		}
		recs[short] = append(recs[short], int32(i))
	}
	for _, short := range order {
		if len(recs[short]) == 1 {
			addName(short, recs[short][0], false)
		}
	}
}
