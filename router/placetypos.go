package router

import (
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/heritage"
)

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

// buildTownPrefixes lists the first words of the towns of several words
// that name no place themselves (see townPrefixes), when they begin at
// most maxShortFormTowns towns: a word that begins many ("North",
// "Great") is no short form of one. It is derived from the places, also
// when the tables are decoded.
func (g *gazetteer) buildTownPrefixes() {
	towns := map[string]int{}
	for k, cands := range g.places {
		if !slices.ContainsFunc(cands, func(c placeCand) bool { return c.place.Level == LevelCity }) {
			continue
		}
		words := strings.Fields(k)
		for n := 1; n < len(words); n++ {
			if pre := strings.Join(words[:n], " "); len(pre) >= 4 && g.places[pre] == nil {
				towns[pre]++
			}
		}
	}
	g.townPrefixes = map[string]bool{}
	for pre, n := range towns {
		if n <= maxShortFormTowns {
			g.townPrefixes[pre] = true
		}
	}
}

// maxShortFormTowns is the most towns a short form may stand for
// ("Newcastle": Newcastle upon Tyne, Newcastle-under-Lyme, Newcastle
// Emlyn).
const maxShortFormTowns = 3

// fuzzyPlaceKey returns the place key within typoEdits of w. Ties go to
// the key with more records, then to the smaller key.
func (g *gazetteer) fuzzyPlaceKey(w string) (string, bool) {
	maxD := typoEdits(len(strings.ReplaceAll(w, " ", "")))
	if maxD == 0 {
		return "", false
	}
	return nearest(w, maxD, g.placeTri, g.placeCount)
}

// namedWordNames is the number of names a word must occur in for it to
// be read as a word of the data rather than a misspelt place.
const namedWordNames = 10

// pluralOfNameWord reports a word that is the English plural of a word
// many of the data's names hold and that names no place itself ("halls",
// "parks", "mills"): a word, never a misspelt place ("Halle", "Paris").
func (g *gazetteer) pluralOfNameWord(w string) bool {
	var singulars []string
	switch {
	case strings.HasSuffix(w, "ies"):
		singulars = []string{strings.TrimSuffix(w, "ies") + "y"}
	case strings.HasSuffix(w, "es"):
		singulars = []string{strings.TrimSuffix(w, "es"), strings.TrimSuffix(w, "s")}
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss"):
		singulars = []string{strings.TrimSuffix(w, "s")}
	}
	for _, sg := range singulars {
		if _, place := g.places[sg]; !place && len(sg) >= 3 && g.df[sg] >= namedWordNames {
			return true
		}
	}
	return false
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
			if names := g.areaParts(s.key(i, i+L)); words && len(names) > 0 {
				return i, i + L, strings.Join(names, " or "), true
			}
			if L == 1 && g.wordNoMisspeltPlace(s, i) {
				continue
			}
			// a word of the data's place names as typed ("Sussex", of
			// East and West Sussex) is no misspelling of another place
			// ("Süßen"): it is the places it names with a point of the
			// compass, when there are several (one, "West Berkshire", is
			// no more than part of Berkshire)
			if L == 1 && g.placeWords[s.toks[i].norm] > 0 {
				if names := g.compassPlaces(s.toks[i].norm); len(names) > 1 {
					return i, i + 1, strings.Join(names, " or "), true
				}
				continue
			}
			// the span stands where a place does: after a locative or a
			// coordinator ("in Roter", "Kent or Devn")
			prev, _ := s.prev(i)
			// ("of" is English "of" as often as Dutch "or")
			if !covered || !words || !(s.lex.locatives[prev] || s.lex.coordinators[prev]) || s.lex.prepositionJoins[prev] ||
				g.partOfLongerName(s, i, i+L) {
				continue
			}
			key := s.key(i, i+L)
			if _, ok := g.places[key]; ok || g.townPrefixes[key] || s.lex.unheldRegions[key] {
				continue
			}
			pk, ok := g.fuzzyPlaceKey(key)
			if !ok && L == 1 && len(key) == 4 && (placeSlot(s, i) || g.placeBeforeCoordinator(s, i)) {
				pk, ok = g.shortPlaceKey(key)
			}
			if !ok {
				continue
			}
			if p, ok := s.lex.choosePlace(g.places[pk], ""); ok {
				return i, i + L, p.Name, true
			}
		}
	}
	return 0, 0, "", false
}

// wordNoMisspeltPlace reports a word no misspelling of a place: one many
// of the data's names hold ("Hamburg", in 75 names such as "Staatsarchiv
// … Hamburg", is not "Homburg"), the plural of one, or a word of the
// languages written small (smallDictionaryWord).
func (g *gazetteer) wordNoMisspeltPlace(s *scan, i int) bool {
	w := s.toks[i].norm
	return g.df[w] >= namedWordNames || g.pluralOfNameWord(w) || g.smallDictionaryWord(s, i)
}

// smallDictionaryWord reports a word of the languages' word lists
// (dictionaryWords) written small, or in a question written all small,
// that is no word of a place's name nor the first of a town's: that
// word, no misspelt place ("at dinner", "the list needs them").
func (g *gazetteer) smallDictionaryWord(s *scan, i int) bool {
	w := s.toks[i].norm
	return (!s.toks[i].upper || s.lower) && s.lex.dictionaryWords[w] && g.placeWords[w] == 0 && !g.townPrefixes[w]
}

// areaParts returns the places the data names that make up an area it
// does not name (areaParts: the county of Cheshire, which the data gives
// as Cheshire East and Cheshire West and Chester), those of them the
// data has; none when the data names the area itself.
func (g *gazetteer) areaParts(key string) []string {
	parts, ok := g.lex.areaParts[key]
	if _, named := g.places[key]; !ok || named {
		return nil
	}
	var out []string
	for _, p := range strings.Split(parts, "|") {
		if _, ok := g.places[normalize(p)]; ok {
			out = append(out, p)
		}
	}
	return out
}

// compassPlaces returns the names of the places of one kind whose key is
// a point of the compass followed by w ("East Sussex", "West Sussex" for
// "sussex", not the district Mid Sussex inside West Sussex), in the order
// of compassWords; the kind is that of the first.
func (g *gazetteer) compassPlaces(w string) []string {
	var out []string
	var first Place
	for _, d := range g.lex.compassWords {
		p, ok := g.lex.choosePlace(g.places[d+" "+w], "")
		if !ok || slices.Contains(out, p.Name) {
			continue
		}
		if len(out) == 0 {
			first = p
		} else if p.Level != first.Level || p.AdminLevel != first.AdminLevel {
			continue
		}
		out = append(out, p.Name)
	}
	return out
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

// extraLetterKey returns the place key of four letters that a word of
// five is with one letter typed twice or one too many ("yorkk" → york,
// "bathe" is a word of the data and never reaches here); ties as in
// nearest. Shorter words are left to shortPlaceKey, and a place of five
// letters or more to the trigram index.
func (g *gazetteer) extraLetterKey(w string) (string, bool) {
	if len(w) != 5 {
		return "", false
	}
	best, bestN := "", -1
	for _, k := range g.shortPlaces {
		if len(k) != 4 || !dropped(k, w) || osa(w, k, 1) > 1 {
			continue
		}
		if n := g.placeCount(k); n > bestN || n == bestN && k < best {
			best, bestN = k, n
		}
	}
	return best, best != ""
}

// placeSlot reports a capitalised word right after a locative ("in X").
func placeSlot(s *scan, i int) bool {
	prev, _ := s.prev(i)
	return s.toks[i].upper && s.lex.locatives[prev]
}

// placeBeforeCoordinator reports a capitalised word after a coordinator
// that follows a place of the data ("Kent or Devn"): the second of two
// places, where a misspelt four-letter word is read as a place as it is
// after "in".
func (g *gazetteer) placeBeforeCoordinator(s *scan, i int) bool {
	if i < 2 || !s.toks[i].upper || !s.lex.coordinators[s.toks[i-1].norm] || s.lex.prepositionJoins[s.toks[i-1].norm] {
		return false
	}
	_, ok := g.places[s.toks[i-2].norm]
	return ok
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
	for i := 0; i < len(s.toks); i++ {
		if !g.fuzzyPlaceStart(s, i) {
			continue
		}
		// longer places first ("Stoe on Trent", "Milton Keyns"), then one word
		for L := 3; L >= 1; L-- {
			if i+L > len(s.toks) || !s.free(i, i+L) {
				continue
			}
			if end, ok := g.fuzzyPlaceAt(s, c, i, L); ok {
				i = end - 1
				break
			}
		}
	}
}

// fuzzyPlaceStart reports whether a misspelt place may start at token i:
// an unread word no table knows, capitalised inside the sentence or
// right after a locative; a word of the languages written small ("at
// dinner") is that word, no misspelt place.
func (g *gazetteer) fuzzyPlaceStart(s *scan, i int) bool {
	t := s.toks[i]
	if s.used[i] || len(t.norm) < 3 || s.lex.commonWords[t.norm] || s.lex.placeFuzzyStop[t.norm] ||
		s.lex.typeWords[t.norm] != "" || !isWord(t.norm) || g.smallDictionaryWord(s, i) {
		return false
	}
	if _, ok := g.subjects.phrases[stem(t.norm)]; ok {
		return false
	}
	prev, _ := s.prev(i)
	return (t.upper && i > 0 || s.lex.locatives[prev]) && !s.lex.topicPreps[prev]
}

// fuzzySpan reports whether the L words at i may be a place (ok) and
// whether one of them is a word no table knows (unknown). Inner words of
// a multi-word place ("Stoke on Trent", "Dumfries and Galloway") may be
// common words.
func (g *gazetteer) fuzzySpan(s *scan, i, L int) (ok, unknown bool) {
	for k := i; k < i+L; k++ {
		w := s.toks[k].norm
		if !isWord(w) || k > i && s.lex.commonWords[w] && !(s.lex.placeInnerWords[w] && k < i+L-1) {
			return false, unknown
		}
		// a word some table knows ("Galloway") is no typo of
		// another place ("Alloway"), nor is the plural of a word
		// of the data's names ("halls", not Halle)
		unknown = unknown || !g.known(w) && !g.pluralOfNameWord(w)
	}
	return true, unknown
}

// fuzzyPlaceAt reads the L words at i as a short form of a town or a
// misspelt place, adds it to c and returns the end of what it read.
func (g *gazetteer) fuzzyPlaceAt(s *scan, c *Constraints, i, L int) (end int, ok bool) {
	spanOK, unknown := g.fuzzySpan(s, i, L)
	if !spanOK {
		return 0, false
	}
	k := s.key(i, i+L)
	if prev, _ := s.prev(i); g.townPrefixes[k] && L == 1 && s.lex.locatives[prev] && !nextUpper(s, i) {
		// a short form of a town ("in Newcastle", "in Stratford",
		// a word of the data's names too) where a place stands:
		// read as the town it names, and the answer offers the
		// longer towns
		_, qs, qe := qualifierAround(s, i, i+L)
		g.addPlace(s, c, Place{Name: shortTownName(s.original(i, i+L), k), Level: LevelCity}, qs, qe)
		return qe, true
	}
	if !unknown {
		return 0, false
	}
	if _, ok := g.places[k]; ok {
		return 0, false
	}
	pk, ok := g.fuzzyPlaceKey(k)
	if prev, _ := s.prev(i); !ok && L == 1 && s.lex.locatives[prev] {
		pk, ok = g.extraLetterKey(k)
	}
	if !ok || g.partOfLongerName(s, i, i+L) {
		return 0, false
	}
	level, qs, qe := qualifierAround(s, i, i+L)
	p, ok := s.lex.choosePlace(g.places[pk], level)
	if !ok {
		return 0, false
	}
	g.addPlace(s, c, p, qs, qe)
	return qe, true
}

// shortTownName spells the short form of a town as the question does,
// capitalised ("newcastle" → "Newcastle"), or, when the question's word
// was corrected to it, as its key.
func shortTownName(typed, key string) string {
	name := typed
	if heritage.NormalizeName(typed) != key {
		name = key
	}
	r, n := utf8.DecodeRuneInString(name)
	return string(unicode.ToUpper(r)) + name[n:]
}

// nextUpper reports whether a capitalised word follows token i, so that
// token i begins a longer name ("East Riding Yorkshire").
// partOfLongerName reports capitalised words no rule read and neither
// the lexicon nor the subjects know right before or after tokens [i, j),
// in a question not all in lower case: the typed words are part of a
// longer name ("Port Eldrich"), no misspelt place. A German noun is
// capitalised too, and is no such word when the lexicon knows it.
func (g *gazetteer) partOfLongerName(s *scan, i, j int) bool {
	free := func(k int) bool {
		if k < 0 || k >= len(s.toks) || s.used[k] || !s.toks[k].upper {
			return false
		}
		w := s.toks[k].norm
		return !s.lex.knownWords[w] && !g.subjects.knows(w)
	}
	return !s.lower && (free(j) || i > 1 && free(i-1))
}

func nextUpper(s *scan, i int) bool {
	return i+1 < len(s.toks) && s.toks[i+1].upper
}

// unknownPlace returns the first run of unknown words right after a
// locative, a verb of having or of holding (an article between them
// aside), capitalised unless the
// question is all in lower case, or "". A run followed by a kind of
// institution is a name ("in the Atlantis Museum").
func unknownPlace(s *scan, mask []bool) string {
	name := func(i int) bool { return mask[i] && (s.toks[i].upper || s.lower) }
	for k := 1; k < len(mask); k++ {
		if !name(k) {
			continue
		}
		start := k
		if k > 1 && hyphenJoined(s, k-1) && !s.used[k-1] {
			// a known word joined by a hyphen starts the name ("Klein-…")
			start = k - 1
		}
		prev, _ := s.prev(start)
		having := s.lex.haveOpeners[prev] || s.lex.holderVerbs[prev]
		if !s.lex.unknownPlaceCues[prev] && !having {
			continue
		}
		j := k + 1
		for j < len(mask) && name(j) {
			j++
		}
		if having && j < len(s.toks) && !s.lex.haveVerbs[s.toks[j].norm] {
			// after a verb of having, the place is all that follows
			// the verb, or stands between an opener of having and its
			// verb; other words after the run make it another thing
			// (a body that runs institutions, say)
			continue
		}
		if j < len(s.toks) && s.lex.typeWords[s.toks[j].norm] != "" {
			return ""
		}
		return s.original(start, j)
	}
	return ""
}
