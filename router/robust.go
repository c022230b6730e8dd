package router

import (
	"github.com/hybridrag/hybridrag/internal/editdist"
	"slices"
	"sort"
	"strings"
)

// This file holds the passes that make routing tolerant of phrasings the
// exact tables miss: misspelt type words and places, German and Dutch
// compounds ("Eisenbahnmuseen", "spoorwegmusea"), plural type nouns that
// signal a list without a question word, and operator verbs after a body
// ("What museums does the National Trust run?").

// pluralTypeWords are the plural type nouns that make a phrase a list
// ("aviation museums in Cornwall", "Alle Museen in Kent"). German
// "Archive" is left out: it is also the English singular.
var pluralTypeWords = map[string]bool{
	"museums": true, "museen": true, "musea": true, "musees": true, "musei": true, "museos": true,
	"libraries": true, "bibliotheken": true, "buchereien": true, "archives": true, "archieven": true,
	"galleries": true, "galerien": true, "galerijen": true,
	"institutions": true, "instellingen": true, "einrichtungen": true, "institutionen": true,
	"sites": true, "zoos": true, "record offices": true, "heimatmuseen": true,
}

// compoundHeads are the type words that end German and Dutch compounds,
// longest first, with whether the head is plural.
var compoundHeads = []struct {
	suffix, code string
	plural       bool
}{
	{"bibliotheken", "L", true}, {"bibliotheek", "L", false}, {"bibliothek", "L", false},
	{"archieven", "A", true}, {"archief", "A", false}, {"archive", "A", true}, {"archiv", "A", false},
	{"museums", "M", true}, {"museum", "M", false}, {"museen", "M", true}, {"musea", "M", true},
	{"galerien", "G", true}, {"galerie", "G", false},
}

// splitCompound splits a compound type word into its modifier and head
// ("eisenbahnmuseen" → "eisenbahn", museen). The modifier must have at
// least three letters.
func splitCompound(w string) (mod string, code string, plural bool, ok bool) {
	for _, h := range compoundHeads {
		if len(w) >= len(h.suffix)+3 && strings.HasSuffix(w, h.suffix) {
			return w[:len(w)-len(h.suffix)], h.code, h.plural, true
		}
	}
	return "", "", false, false
}

// splitMisspeltCompound splits a compound whose head of five letters or
// more is one edit away ("kunstmuesen" → "kunst", museen). The modifier
// must have at least four letters.
func splitMisspeltCompound(w string) (mod string, code string, plural bool, ok bool) {
	for _, h := range compoundHeads {
		if len(h.suffix) < 5 {
			continue
		}
		for _, n := range []int{len(h.suffix), len(h.suffix) - 1, len(h.suffix) + 1} {
			if len(w) < n+4 {
				continue
			}
			if osa(w[len(w)-n:], h.suffix, 1) <= 1 {
				return w[:len(w)-n], h.code, h.plural, true
			}
		}
	}
	return "", "", false, false
}

// fuzzyTypeStop are real words within one edit of a type word.
var fuzzyTypeStop = map[string]bool{
	"galley": true, "galleys": true, "archived": true, "archiver": true, "archie": true, "muses": true,
	"mused": true, "musen": true, "museo": true, "librar": true, "archiving": true, "musing": true,
}

// typeWordList is the one-word type vocabulary for typo correction.
var typeWordList = func() []string {
	var out []string
	for w := range typeWords {
		if !strings.Contains(w, " ") && len(w) >= 5 {
			out = append(out, w)
		}
	}
	sort.Strings(out)
	return out
}()

// fuzzyType returns the type word a misspelt word stands for: one edit
// (a transposition counts as one) for words of five letters or more, two
// for nine or more.
func fuzzyType(w string) (string, bool) {
	if len(w) < 5 || commonWords[w] || fuzzyTypeStop[w] || typeWords[w] != "" {
		return "", false
	}
	maxD := 1
	if len(w) >= 9 {
		maxD = 2
	}
	best, bestD := "", maxD+1
	for _, t := range typeWordList {
		// on a tie a word with the same ending wins, then the longer one (a
		// dropped letter is the commonest typo)
		if d := osa(w, t, maxD); d < bestD || d == bestD && tieBetter(w, t, best) {
			best, bestD = t, d
		}
	}
	return best, bestD <= maxD
}

func tieBetter(w, t, best string) bool {
	if best == "" {
		return true
	}
	te, be := t[len(t)-1] == w[len(w)-1], best[len(best)-1] == w[len(w)-1]
	if te != be {
		return te
	}
	return len(t) > len(best)
}

// typeOfWord reads a word as a type: exactly, as a compound head or as a
// misspelt type word. It returns the code and whether the word is plural.
func typeOfWord(w string) (code string, plural bool, ok bool) {
	if c, ok := typeWords[w]; ok {
		return c, pluralTypeWords[w], true
	}
	if t, ok := fuzzyType(w); ok {
		return typeWords[t], pluralTypeWords[t], true
	}
	return "", false, false
}

// compounds reads free German and Dutch compounds whose head is a type
// word. The head gives the type; a modifier that is a known topic
// ("Eisenbahn", "spoorweg", "Luftfahrt") gives the subjects. It reports
// whether a plural compound was read.
func (g *gazetteer) compounds(s *scan, c *Constraints) (plural bool) {
	for i, t := range s.toks {
		if s.used[i] || typeWords[t.norm] != "" {
			continue
		}
		mod, code, pl, ok := splitCompound(t.norm)
		if !ok {
			// a misspelt head ("Kunstmuesen") counts when the modifier is
			// a known topic
			if mod, code, pl, ok = splitMisspeltCompound(t.norm); !ok || g.topicOf(mod) == nil {
				continue
			}
		}
		vals := g.topicOf(mod)
		if vals == nil && !pl {
			// a singular compound with an unknown modifier is more often a
			// name ("Stadtmuseum") than a type
			continue
		}
		c.TypeCodes = appendUnique(c.TypeCodes, code)
		if vals != nil {
			subj := append(append([]string(nil), c.Subjects...), vals...)
			slices.Sort(subj)
			c.Subjects = slices.Compact(subj)
			if c.Topic == "" {
				c.Topic = s.original(i, i+1)
			}
		}
		s.mark(i, i+1)
		plural = plural || pl
	}
	return plural
}

// pluralType reports whether a free token is a plural type noun, exactly
// or misspelt.
func pluralType(s *scan) bool {
	for i, t := range s.toks {
		if s.used[i] {
			continue
		}
		if _, pl, ok := typeOfWord(t.norm); ok && pl {
			return true
		}
	}
	return false
}

// operateVerbs say that the body before or after them runs institutions
// ("What museums does the National Trust run in Kent?").
var operateVerbs = map[string]bool{
	"run": true, "runs": true, "operate": true, "operates": true, "manage": true, "manages": true,
	"maintain": true, "maintains": true, "betreibt": true, "betreiben": true, "verwaltet": true,
	"verwalten": true, "unterhalt": true, "beheert": true, "beheren": true, "exploiteert": true,
	"exploiteren": true, "onderhoudt": true, "operated": true, "managed": true, "maintained": true,
	"administered": true, "beheerd": true, "geexploiteerd": true, "uitgebaat": true, "betrieben": true,
	"gefuhrt": true, "bewirtschaftet": true,
}

// partOfVerbs say that institutions belong to the body.
var partOfVerbs = []string{"vallen onder", "valt onder", "fallen unter", "fallt unter", "gehoren", "gehort", "behoren", "behoort", "belong", "belongs"}

// bodyRelation infers the relation from a verb when a body was named but no
// relation cue matched.
func bodyRelation(s *scan) string {
	for _, t := range s.toks {
		if operateVerbs[t.norm] {
			return "operated_by"
		}
	}
	if s.hasAny(partOfVerbs...) {
		return "part_of"
	}
	return ""
}

// placeFuzzyStop are common English, Dutch and German words that must not
// be corrected into a place.
var placeFuzzyStop = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`
		about above across after again against along among another around because before being below
		between beyond built called close closed could during every first found founded further great
		having house houses known later least little might money never often older opened other
		others place places right second shall since small still their there these thing things those
		three through today total under until usual using where whether which while whose within
		without world would years whole early modern ancient history historic heritage local public
		private trust trusts museum museums library libraries archive archives gallery galleries
		collection collections subject subjects topic topics theme themes about named names called
		compare versus between during welche welcher welches sind gibt haben wurde wurden werden
		zwischen nach zwischen durch ueber unter gegen ohne seit sammlung sammlungen museen
		bibliothek bibliotheken archiv archive einrichtung einrichtungen betreibt betrieben gehoren
		welke zijn hebben werd werden tussen sinds onder tegen zonder collectie collecties musea
		bibliotheek archief archieven instelling instellingen beheerd beheert vallen horen behoren
		vroeger fruher heette hiess geopend gesloten eroffnet gegrundet opgericht alle allen allemaal
		noemen nenne zeige toon geef vergleiche vergelijk compared comparison difference differences
		railway railways aviation military maritime textile textiles mining pottery costume toys
		science technology medicine sport sports music photography literature religion
		transport farming industry industrial natural castle castles sites operated managed owned
		accredited unaccredited independent national council authority university smaller larger
		largest smallest oldest newest which kinds types sorts
	`) {
		placeFuzzyStop[w] = true
	}
}

// placeTrigramIndex maps a trigram to the one-, two- and three-word place
// keys of five letters or more that contain it.
func (g *gazetteer) buildPlaceTrigrams() {
	g.placeTri = map[string][]string{}
	for k := range g.places {
		if len(k) >= 3 && len(k) <= 5 && isWord(k) {
			g.shortPlaces = append(g.shortPlaces, k)
		}
		if len(k) < 5 || strings.Count(k, " ") > 2 {
			continue
		}
		for _, t := range trigramsOf(k) {
			g.placeTri[t] = append(g.placeTri[t], k)
		}
	}
	for t := range g.placeTri {
		sort.Strings(g.placeTri[t])
	}
	sort.Strings(g.shortPlaces)
}

// fuzzyPlaceKey returns the place key within typoEdits of w. Ties go to
// the key with more records, then to the smaller key.
func (g *gazetteer) fuzzyPlaceKey(w string) (string, bool) {
	maxD := typoEdits(len(strings.ReplaceAll(w, " ", "")))
	if maxD == 0 {
		return "", false
	}
	return nearest(w, maxD, g.placeTri, g.placeCount)
}

// typoEdits is the edit distance a misspelt word of n letters may have
// from the word meant: none below five letters (too many short words lie
// one edit apart), one from five, two from nine.
func typoEdits(n int) int {
	switch {
	case n < 5:
		return 0
	case n < 9:
		return 1
	}
	return 2
}

// nearest returns the key of index (trigram → keys) within maxD edits of w
// (optimal string alignment). Ties go to the key with the larger weight,
// then to the smaller key.
func nearest(w string, maxD int, index map[string][]string, weight func(string) int) (string, bool) {
	tris := trigramsOf(w)
	counts := map[string]int{}
	for _, t := range tris {
		for _, k := range index[t] {
			counts[k]++
		}
	}
	// an edit changes at most four trigrams (a transposition: "brigthon"
	// shares four of eight with "brighton")
	need := max(len(tris)-4*maxD, 1)
	best, bestD, bestN := "", maxD+1, -1
	for k, n := range counts {
		if n < need {
			continue
		}
		d := osa(w, k, maxD)
		if d > maxD {
			continue
		}
		// on a tie a word with a letter dropped (the commonest typo) wins,
		// then the key with the larger weight
		f := weight(k)
		if d < bestD || d == bestD && (dropped(w, k) != dropped(w, best) && dropped(w, k) ||
			dropped(w, k) == dropped(w, best) && (f > bestN || f == bestN && k < best)) {
			best, bestD, bestN = k, d, f
		}
	}
	return best, best != ""
}

// fuzzyPlaceCovering finds a misspelt place of up to three words that
// holds a token need marks ("Roter" for Rother, "Orkney Island" for
// Orkney Islands), longest span first, and returns its span and the
// place's name. A single word of four letters may be one edit off when
// it stands capitalised after a locative ("in Nery").
func (g *gazetteer) fuzzyPlaceCovering(s *scan, need []bool) (int, int, string, bool) {
	for L := 3; L >= 1; L-- {
		for i := 0; i+L <= len(s.toks); i++ {
			covered, words := false, true
			for k := i; k < i+L; k++ {
				covered = covered || need[k]
				words = words && isWord(s.toks[k].norm) && !s.used[k]
			}
			// the span stands where a place does: after a locative or a
			// coordinator ("in Roter", "Kent or Devn")
			prev, _ := s.prev(i)
			// ("of" is English "of" as often as Dutch "or")
			if !covered || !words || !(locatives[prev] || coordinators[prev]) || prev == "of" {
				continue
			}
			key := s.key(i, i+L)
			if _, ok := g.places[key]; ok {
				continue
			}
			pk, ok := g.fuzzyPlaceKey(key)
			if !ok && L == 1 && len(key) == 4 && placeSlot(s, i) {
				pk, ok = g.shortPlaceKey(key)
			}
			if !ok {
				continue
			}
			if p, ok := choosePlace(g.places[pk], ""); ok {
				return i, i + L, p.Name, true
			}
		}
	}
	return 0, 0, "", false
}

// shortPlaceKey returns the place key of three to five letters one edit
// from a four-letter word ("Yrok" → york); ties as in nearest.
func (g *gazetteer) shortPlaceKey(w string) (string, bool) {
	best, bestN := "", -1
	for _, k := range g.shortPlaces {
		if osa(w, k, 1) > 1 {
			continue
		}
		if n := g.placeCount(k); best == "" || dropped(w, k) && !dropped(w, best) ||
			dropped(w, k) == dropped(w, best) && (n > bestN || n == bestN && k < best) {
			best, bestN = k, n
		}
	}
	return best, best != ""
}

// placeSlot reports a capitalised word right after a locative ("in X").
func placeSlot(s *scan, i int) bool {
	prev, _ := s.prev(i)
	return s.toks[i].upper && locatives[prev]
}

// placeCount is the number of records at the places of a key.
func (g *gazetteer) placeCount(k string) int {
	total := 0
	for _, c := range g.places[k] {
		total += c.count
	}
	return total
}

// dropped reports whether w may be k with one letter left out.
func dropped(w, k string) bool { return len(k) == len(w)+1 }

// fuzzyPlaces reads misspelt places ("Ramsgte") among the tokens no other
// pass consumed, in spans of up to three words. A span qualifies when it
// starts like a place (capitalised inside the sentence or right after a
// locative), holds a word no table knows, and has five letters or more.
func (g *gazetteer) fuzzyPlaces(s *scan, c *Constraints) {
	candidate := func(i int) bool {
		t := s.toks[i]
		if s.used[i] || len(t.norm) < 3 || commonWords[t.norm] || placeFuzzyStop[t.norm] ||
			typeWords[t.norm] != "" || !isWord(t.norm) {
			return false
		}
		if _, ok := g.subjects.phrases[stem(t.norm)]; ok {
			return false
		}
		prev, _ := s.prev(i)
		return (t.upper && i > 0 || locatives[prev]) && !topicPreps[prev]
	}
	// inner words of a multi-word place ("Stoke on Trent", "Dumfries and
	// Galloway") may be common words
	inner := map[string]bool{"on": true, "upon": true, "and": true, "of": true, "in": true, "le": true, "la": true, "by": true}
	for i := 0; i < len(s.toks); i++ {
		if !candidate(i) {
			continue
		}
		found := false
		// longer places first ("Stoe on Trent", "Milton Keyns"), then one word
		for L := 3; L >= 1 && !found; L-- {
			if i+L > len(s.toks) || !s.free(i, i+L) {
				continue
			}
			ok, unknown := true, false
			for k := i; k < i+L; k++ {
				w := s.toks[k].norm
				if !isWord(w) || k > i && commonWords[w] && !(inner[w] && k < i+L-1) {
					ok = false
					break
				}
				// a word some table knows ("Galloway") is no typo of
				// another place ("Alloway")
				unknown = unknown || !g.known(w)
			}
			if !ok || !unknown {
				continue
			}
			k := s.key(i, i+L)
			if _, ok := g.places[k]; ok {
				continue
			}
			pk, ok := g.fuzzyPlaceKey(k)
			if !ok {
				continue
			}
			level, qs, qe := qualifierAround(s, i, i+L)
			p, ok := choosePlace(g.places[pk], level)
			if !ok {
				continue
			}
			g.addPlace(s, c, p, qs, qe)
			i = qe - 1
			found = true
		}
	}
}

func isWord(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] >= '0' && w[i] <= '9' {
			return false
		}
	}
	return true
}

// osa returns the optimal string alignment distance of a and b (edits and
// adjacent transpositions), or max+1 once it is certain to exceed max.
func osa(a, b string, max int) int { return editdist.OSA(a, b, max) }

// qualifierWords are the admin-unit words a misspelt token may stand for
// ("London Borugh of Bexley").
var qualifierWords = []string{"borough", "council", "region", "district", "unitary", "authority", "principal", "county", "government", "combined"}

// buildPlaceWords indexes every word of five letters or more of a place
// name, with the number of records at places bearing it, for typo
// correction of single words.
func (g *gazetteer) buildPlaceWords() {
	g.placeWords = map[string]int{}
	for k, cands := range g.places {
		n := 0
		for _, c := range cands {
			n += c.count
		}
		for _, w := range strings.Fields(k) {
			if len(w) >= 5 && isWord(w) {
				g.placeWords[w] += n
			}
		}
	}
	for _, w := range qualifierWords {
		g.placeWords[w] += 1 << 20
	}
	g.placeWordTri = map[string][]string{}
	for w := range g.placeWords {
		for _, t := range trigramsOf(w) {
			g.placeWordTri[t] = append(g.placeWordTri[t], w)
		}
	}
	for t := range g.placeWordTri {
		sort.Strings(g.placeWordTri[t])
	}
}

// correctWords rewrites misspelt words of place names in place
// ("Dumries and Galloway" → "dumfries and galloway", "region of Engand")
// so that the exact passes read them. A word qualifies only when no table
// knows it (not a name word, place word, type, topic or common word), it
// has five letters or more, and it looks like part of a place: capitalised
// inside the sentence, or after a locative or another place word. The
// allowed distance is typoEdits; ties go to the word
// borne by more records. Other unknown words are corrected to topic and
// cue words ("aviaton", "colections").
func (g *gazetteer) correctWords(s *scan) {
	for i := range s.toks {
		t := &s.toks[i]
		w := t.norm
		if s.used[i] || len(w) < 5 || !isWord(w) || g.known(w) {
			continue
		}
		prev := ""
		if i > 0 {
			prev = s.toks[i-1].norm
		}
		if (t.upper && i > 0 || locatives[prev] || g.placeWords[prev] > 0) && !topicPreps[prev] {
			if c, ok := g.closestPlaceWord(w); ok {
				t.orig, t.norm = w, c
				continue
			}
		}
		for _, x := range []string{w, stem(w)} {
			if c, ok := closestWord(x, g.plainWords); ok {
				t.orig, t.norm = w, c
				break
			}
		}
	}
}

// cueWords are question words worth correcting ("colections", "operatd").
var cueWords = []string{
	"collections", "collection", "compare", "comparison", "operated", "opened", "closed", "founded",
	"established", "between", "before", "after", "previously", "formerly", "called", "accredited",
	"independent", "website", "postcode", "address", "governance", "identifier", "managed", "sammlungen",
	"collecties", "vergleiche", "vergelijk", "betrieben", "beheerd", "gesloten", "geschlossen", "geopend",
	"eroffnet", "gegrundet", "opgericht", "zwischen", "tussen",
}

// buildPlainWords collects the topic words (stemmed, as the subject index
// keys them) and cue words a misspelt word is corrected to.
func (g *gazetteer) buildPlainWords() {
	seen := map[string]bool{}
	for k := range g.subjects.phrases {
		if len(k) >= 5 && !strings.Contains(k, " ") && isWord(k) {
			seen[k] = true
		}
	}
	for _, w := range cueWords {
		seen[w] = true
	}
	g.plainWords = make([]string, 0, len(seen))
	for w := range seen {
		g.plainWords = append(g.plainWords, w)
	}
	sort.Strings(g.plainWords)
}

// closestWord returns the word of list within typoEdits of w (at least
// one), the longer one on a tie.
func closestWord(w string, list []string) (string, bool) {
	maxD := max(typoEdits(len(w)), 1)
	best, bestD := "", maxD+1
	for _, c := range list {
		if d := len(c) - len(w); d > maxD || -d > maxD {
			continue
		}
		if d := osa(w, c, maxD); d < bestD || d == bestD && tieBetter(w, c, best) {
			best, bestD = c, d
		}
	}
	return best, bestD <= maxD
}

// known reports whether some table holds the word, so that it is no typo.
func (g *gazetteer) known(w string) bool {
	if g.vocab[w] || g.placeWords[w] > 0 || commonWords[w] || placeFuzzyStop[w] || typeWords[w] != "" ||
		listStarts[w] || operateVerbs[w] || closeWords[w] || openWords[w] {
		return true
	}
	if g.subjects.knows(w) {
		return true
	}
	if _, _, _, ok := splitCompound(w); ok {
		return true
	}
	_, ok := fuzzyType(w)
	return ok
}

func (g *gazetteer) closestPlaceWord(w string) (string, bool) {
	maxD := max(typoEdits(len(w)), 1)
	return nearest(w, maxD, g.placeWordTri, func(k string) int { return g.placeWords[k] })
}

// typoScore is the similarity of the words as typed to the words read for
// tokens [i, j): 1 when none was corrected.
func (s *scan) typoScore(i, j int) float64 {
	typed := false
	for k := i; k < j; k++ {
		typed = typed || s.toks[k].orig != ""
	}
	if !typed {
		return 1
	}
	words := make([]string, 0, j-i)
	for k := i; k < j; k++ {
		w := s.toks[k].norm
		if s.toks[k].orig != "" {
			w = s.toks[k].orig
		}
		words = append(words, w)
	}
	a, b := strings.Join(words, " "), s.key(i, j)
	d := osa(a, b, 4)
	return math3(1 - float64(d)/float64(max(len(a), len(b))))
}
