package router

import (
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"
)

// minNameWeight is the summed IDF a multi-word name needs to count as
// distinctive ("Natural History Museum" does not, "Chelmsford Museum" does).
const minNameWeight = 7.5

// nameAt returns the longest acceptable institution name starting at i.
func (g *gazetteer) nameAt(s *scan, i int) (int32, int) {
	idx := int32(-1)
	L := s.longestAt(i, min(g.maxTok, g.nameSpan[s.toks[i].norm]), func(L int, k string) bool {
		if e, ok := g.findName(k); ok {
			idx = e
			return g.acceptName(s, e, i, i+L)
		}
		if a, ok := g.acronyms[k]; ok && L == 1 && s.toks[i].allCaps && len(k) >= 3 && !s.lex.commonWords[k] {
			idx = a
			return true
		}
		return false
	})
	if L == 0 {
		return -1, 0
	}
	return idx, L
}

// acceptName rejects generic names and names that are really places or
// question words.
func (g *gazetteer) acceptName(s *scan, idx int32, i, j int) bool {
	e := &g.entries[idx]
	k := s.key(i, j)
	if j-i == 1 {
		t := s.toks[i]
		if len(k) < 4 || s.lex.commonWords[k] || s.lex.typeWords[k] != "" || !t.upper {
			return false
		}
		if _, ok := g.places[k]; ok && placeFirst(s, i) {
			return false
		}
		if _, ok := g.subjects.phrases[stem(k)]; ok || g.genericCompound(s, i) {
			return false
		}
		return true
	}
	if e.weight < minNameWeight {
		return false
	}
	if j-i >= 2 && typeWordAt(s, j-1) && (i > 0 && isSuperlative(s, i-1) || !s.toks[j-1].upper && superlativeAfter(s, j)) {
		if _, ok := g.places[s.key(i, j-1)]; ok {
			// a place and a kind after a superlative ("oldest Islington
			// museum"), or before one with the kind written small
			// ("Islington museum oldest"): the end of an order of the
			// kind there
			return false
		}
	}
	if g.placeAcross(s, i, j) || g.whichPlaceKind(s, i, j) || frequentWordFirst(s, i) {
		return false
	}
	if !s.lower && !s.toks[i].upper && acronymFirst(e.name) {
		// a word written small in a question that writes capitals,
		// where the name writes an acronym ("man" for "MAN-Museum")
		return false
	}
	if _, ok := g.places[k]; ok {
		// a describing phrase before a name that is also a town: the
		// record whose town bears its name, in a question about one
		// institution
		if placeFirst(s, i) {
			return false
		}
	}
	return true
}

// frequentWordFirst reports a frequent word of the languages, no article,
// written small at token i in a question that writes capitals ("wäre
// Museum Neuruppin"): it starts no name ("Ware Museum").
func frequentWordFirst(s *scan, i int) bool {
	t := s.toks[i]
	return !s.lower && !t.upper && s.lex.frequentWords[t.norm] && !s.lex.articles[t.norm]
}

// placeAcross reports a place whose words start before the name at
// [i, j) and end inside it ("North Yorkshire museum" holds the name
// "Yorkshire Museum"): the words are the place, and the name starts
// nowhere inside it.
func (g *gazetteer) placeAcross(s *scan, i, j int) bool {
	for k := max(0, i-2); k < i; k++ {
		if s.used[k] || !s.toks[k].upper {
			continue
		}
		for e := i + 1; e < j; e++ {
			if _, ok := g.places[s.key(k, e)]; ok {
				return true
			}
		}
	}
	return false
}

// whichPlaceKind reports a name at [i, j) that is a place and a kind
// right after a word of which ("which Wiltshire museum"): the question
// asks which institution of that kind the place has, not about the one
// named so.
func (g *gazetteer) whichPlaceKind(s *scan, i, j int) bool {
	if i == 0 || j-i < 2 || !s.lex.whichWords[s.toks[i-1].norm] || s.lex.typeWords[s.toks[j-1].norm] == "" {
		return false
	}
	_, ok := g.places[s.key(i, j-1)]
	return ok
}

// placeFirst reports whether words at i that name both a place and an
// institution are the place: unless the question asks about one
// institution (scan.oneEntity) and no locative precedes them, or they
// follow "and" in a question about two (twoNamed).
func placeFirst(s *scan, i int) bool {
	prev, _ := s.prev(i)
	if s.lex.coordinators[prev] && !s.lex.prepositionJoins[prev] && twoNamed(s) {
		// "the difference between the Bowes Museum and Beamish": the
		// second of two institutions
		return false
	}
	return !s.oneEntity || s.lex.locatives[prev]
}

// bodyAt returns the longest body name starting at i.
func (g *gazetteer) bodyAt(s *scan, i int) (int32, int) {
	idx := int32(-1)
	L := s.longestAt(i, min(g.bodyMax, g.bodySpan[s.toks[i].norm]), func(L int, k string) bool {
		b, ok := g.bodies[k]
		idx = b
		return ok && !(L == 1 && (s.lex.commonWords[k] || !s.toks[i].upper || len(k) < 4))
	})
	if L == 0 {
		return -1, 0
	}
	if s.key(i, i+L) != normalize(g.bodyArr[idx].name) {
		// a short name (addBodyShortNames) inside a longer name is none
		// ("Senckenberg - Leibniz Institution for …")
		if i > 0 && strings.ContainsAny(s.text[s.toks[i-1].end:s.toks[i].start], "-–") || i+L < len(s.toks) && s.toks[i+L].upper && !s.lex.bodyHeadWords[s.toks[i+L].norm] {
			return -1, 0
		}
		if i+L < len(s.toks) && s.lex.bodyHeadWords[s.toks[i+L].norm] {
			// and a word of its kind in another language
			// ("Leibniz-Gemeinschaft" of the Leibniz Association)
			L++
		}
	}
	return idx, L
}

// kindOf reports whether token i follows a plural kind (or a word for
// the institutions that belong to one: members, branches) and "of"
// ("museums of National Museums Scotland", "Museen der Stiftung …",
// "musea van het …"), an article between them aside: the words from i
// then name what the institutions belong to, and a name that is both an
// institution's and a body's is read as the body.
func kindOf(s *scan, i int) bool {
	k := i - 1
	if k >= 0 && s.lex.articles[s.toks[k].norm] {
		k--
	}
	if k < 1 || !s.lex.genitiveOf[s.toks[k].norm] {
		return false
	}
	w := s.toks[k-1].norm
	return s.lex.pluralKind(w) || slices.Contains(s.lex.childrenWords, w)
}

// fillersFrom returns the first token from k on that is no filler word
// nor a word for members ("gehören alle als Mitglieder zu"): what a cue
// relates comes after them.
func fillersFrom(s *scan, k int) int {
	for k < len(s.toks) && (s.lex.fillerSet[s.toks[k].norm] && !s.toks[k].upper || slices.Contains(s.lex.childrenWords, s.toks[k].norm)) {
		k++
	}
	return k
}

// entities finds bodies and institution names, longest first.
func (g *gazetteer) entities(s *scan, c *Constraints, rel string, relEnd, housesEnd int) {
	for i := 0; i < len(s.toks); i++ {
		if s.used[i] {
			continue
		}
		ni, nl := g.nameAt(s, i)
		bi, bl := g.bodyAt(s, i)
		if nl == 0 && bl == 0 {
			continue
		}
		// A body is preferred right after a relation cue ("part of the …").
		afterCue := rel != "" && i >= relEnd && i <= fillersFrom(s, relEnd)+1
		afterHouses := housesEnd >= 0 && i >= housesEnd && i <= housesEnd+1
		// So is one named before the cue, or before a last word of
		// parts, when a word of parts asks for the institutions that
		// belong to it.
		partsAsked := (rel == "part_of" && i < relEnd || rel == "" && partsKeywords(s)) && s.hasAny(s.lex.childrenWords...) && !parentQuestion(s)
		takeBody := bl > nl || (bl > 0 && bl == nl && (afterCue && !afterHouses || kindOf(s, i) || partsAsked))
		if takeBody {
			b := g.bodyArr[bi]
			body := Body{Name: b.name, IDs: append([]string(nil), b.ids...)}
			if afterCue || rel != "" {
				body.Relation = rel
			}
			if !containsBody(c.Bodies, body.Name) {
				c.Bodies = append(c.Bodies, body)
			}
			s.mark(i, i+bl)
			i += bl - 1
			continue
		}
		if g.longerNameInside(s, i, nl) {
			continue // the longer of two names that overlap
		}
		e := g.entries[ni]
		dup := false
		for _, m := range c.Names {
			dup = dup || m.Name == e.name
		}
		s.mark(i, i+nl)
		if dup {
			i += nl - 1
			continue
		}
		ids := g.recordIDs(ni)
		end := i + nl
		if more := g.namesStartingWith(s, i, end); len(more) > 0 {
			// "the Hunterian Museum": "The Hunterian" is a name, but so is
			// the start of "Hunterian Museum, University Of Glasgow". Both
			// are candidates; the place and the ranking choose.
			for _, id := range more {
				ids = appendUnique(ids, id)
			}
			end++
		}
		c.Names = append(c.Names, NameMatch{
			Text: s.original(i, end), Name: e.name, IDs: ids,
			Former: e.former, Score: s.typoScore(i, i+nl),
		})
		s.mark(i, end)
		i = end - 1
	}
	dropRequestVerb(s, c)
}

// dropRequestVerb drops the name read from a verb of request that opens
// a question naming another institution or a plural kind: the verb
// ("Search …"), not a record of its name.
func dropRequestVerb(s *scan, c *Constraints) {
	if (len(c.Names) >= 2 || pluralType(s)) && len(c.Names) > 0 && c.Names[0].Text == s.original(0, 1) && s.lex.requestWords[s.toks[0].norm] {
		c.Names = c.Names[1:]
	}
}

// longerNameInside reports a name that starts inside the name of nl words
// at i, ends after it and holds more words.
func (g *gazetteer) longerNameInside(s *scan, i, nl int) bool {
	for k := i + 1; k < i+nl; k++ {
		if _, l := g.nameAt(s, k); l > nl && k+l > i+nl {
			return true
		}
	}
	return false
}

func containsBody(bs []Body, name string) bool {
	for _, b := range bs {
		if b.Name == name {
			return true
		}
	}
	return false
}

// fuzzyName looks for a misspelt institution name among the free tokens.
func (g *gazetteer) fuzzyName(s *scan) (NameMatch, int, int, bool) {
	return g.fuzzyNameCovering(s, nil)
}

// fuzzyNameCovering is fuzzyName restricted, when need is not nil, to
// spans that hold a token need marks. Such a span may then also be one
// capitalised word of five letters or more ("Uppak" for "Uppark").
func (g *gazetteer) fuzzyNameCovering(s *scan, need []bool) (NameMatch, int, int, bool) {
	// A span scores the length of the name less three an edit, so no
	// entry scores more than its name's length: the longest names are
	// tried first, and an entry that cannot beat the best so far is
	// passed over. The best is the same in any order: the highest score,
	// then the first entry, then that entry's first span.
	cands := slices.DeleteFunc(g.nameCandidates(s), func(e int32) bool { return g.tooWeak(e, need) })
	slices.SortStableFunc(cands, func(a, b int32) int { return len(g.key(b)) - len(g.key(a)) })
	best := fuzzyBest{score: -1 << 30, entry: -1}
	for _, ce := range cands {
		k := g.key(ce)
		if len(k) < best.score || len(k) == best.score && ce > best.entry {
			continue
		}
		g.fuzzyEntrySpans(s, need, ce, &best)
	}
	if best.entry < 0 || best.sim < 0.8 {
		return NameMatch{}, 0, 0, false
	}
	e := g.entries[best.entry]
	return NameMatch{Text: s.original(best.i, best.j), Name: e.name, IDs: g.recordIDs(best.entry), Former: e.former, Score: best.sim}, best.i, best.j, true
}

// fuzzyBest is the best span of a misspelt name so far: its similarity
// and score, the entry it names and its tokens [i, j).
type fuzzyBest struct {
	sim   float64
	score int
	entry int32
	i, j  int
}

// fuzzyEntrySpans tries the spans of the question around the positions
// of entry ce's words as misspellings of its name, and keeps a better one
// in best. need, when not nil, restricts them to spans holding a token it
// marks.
func (g *gazetteer) fuzzyEntrySpans(s *scan, need []bool, ce int32, best *fuzzyBest) {
	key, ntok := g.key(ce), int(g.entries[ce].ntok)
	short := ntok < 2 && len(key) < 8
	maxD := min(max(len(key)/6, 1), 4)
	// the spans of L tokens around the positions, each once: next[L]
	// is the first start not yet tried (the positions ascend)
	var next [3]int
	for k := range next {
		next[k] = math.MinInt
	}
	for _, p := range g.entryPositions(s, ce) {
		for L := ntok - 1; L <= ntok+1; L++ {
			if L < 1 {
				continue
			}
			from := max(p-L+1, next[L-ntok+1])
			next[L-ntok+1] = p + 1
			for st := from; st <= p; st++ {
				if st < 0 || st+L > len(s.toks) || !s.free(st, st+L) || !covers(need, st, st+L) {
					continue
				}
				if short && (L != 1 || !s.toks[st].upper) || cueAtEdge(s, st, st+L, key) || kindNotInName(s, st, st+L, key) || breaksInside(s, st, st+L) && !strings.ContainsAny(g.entries[ce].name, clauseSigns) {
					continue
				}
				d := levenshtein(s.key(st, st+L), key, maxD)
				if d > maxD {
					continue
				}
				sim := 1 - float64(d)/float64(len(key))
				if sim < 0.8 {
					continue
				}
				// longer names explain more of the question
				score := len(key) - 3*d
				if score > best.score || (score == best.score && ce < best.entry) {
					*best = fuzzyBest{sim: sim, score: score, entry: ce, i: st, j: st + L}
				}
			}
		}
	}
}

// breaksInside reports a colon, semicolon, question mark or dash between
// tokens of [i, j): a misspelt name runs on within one clause, unless
// its own name holds such a sign.
func breaksInside(s *scan, i, j int) bool { return signInside(s, i, j, clauseSigns) }

// signInside reports one of the signs between tokens of [i, j).
func signInside(s *scan, i, j int, signs string) bool {
	for k := i + 1; k < j; k++ {
		if strings.ContainsAny(s.text[s.toks[k-1].end:s.toks[k].start], signs) {
			return true
		}
	}
	return false
}

// covers reports whether need is nil or marks a token of [i, j).
func covers(need []bool, i, j int) bool {
	if need == nil {
		return true
	}
	for k := i; k < j; k++ {
		if need[k] {
			return true
		}
	}
	return false
}

// kindNotInName reports a plural kind word in the span [i, j) where the
// name key holds no plural kind: "museums in Somerset" speaks of a kind
// in a place, and is no misspelling of "Museum of Somerset" (as
// "Smithsonian Libarries" is of "Smithsonian Libraries").
func kindNotInName(s *scan, i, j int, key string) bool {
	plural := false
	for k := i; k < j && !plural; k++ {
		plural = s.lex.pluralKind(s.toks[k].norm)
	}
	if !plural {
		return false
	}
	for _, w := range strings.Fields(key) {
		if s.lex.pluralKind(w) {
			return false
		}
	}
	return true
}

// cueAtEdge reports whether the span [i, j) starts or ends with a word
// of opening or closing, or an adverb of time, that the name key does not
// have there: a verb of opening after a name asks when it opened, and
// the name with that verb, or with an adverb such as "noch", is no
// misspelling of a longer name that ends otherwise.
func cueAtEdge(s *scan, i, j int, key string) bool {
	cue := func(w string) bool {
		_, field := s.lex.trailingFields[w] // "Porzellanmuseum Walküre free"
		return s.lex.openWords[w] || s.lex.closeWords[w] || s.lex.timeAdverbs[w] || field
	}
	first, last := s.toks[i].norm, s.toks[j-1].norm
	return cue(last) && !strings.HasSuffix(" "+key, " "+last) || cue(first) && !strings.HasPrefix(key+" ", first+" ")
}

// tooWeak reports an entry fuzzyNameCovering passes over: a name of too
// little weight, or a short one-word name unless need is set and it has
// five letters or more.
func (g *gazetteer) tooWeak(i int32, need []bool) bool {
	e, key := &g.entries[i], g.key(i)
	short := e.ntok < 2 && len(key) < 8
	return short && (need == nil || len(key) < 5) || e.weight < minNameWeight
}

// fuzzyBody matches the words after a relation cue against every body name.
func (g *gazetteer) fuzzyBody(s *scan, from int) (Body, bool) {
	for from < len(s.toks) && (s.lex.bodyArticles[s.toks[from].norm] || s.used[from]) {
		from++
	}
	to := from
	for to < len(s.toks) && !s.used[to] && to-from < g.bodyMax {
		to++
	}
	if to-from < 1 {
		return Body{}, false
	}
	best, bestD := int32(-1), 1<<30
	var bestLen int
	for L := to - from; L >= 1; L-- {
		w := s.key(from, from+L)
		// the first words of one body's name ("the Smithsonian")
		if i, ok := g.onlyBodyStartingWith(w); ok && s.toks[from].upper {
			best, bestLen = i, L
			break
		}
		maxD := len(w) / 6
		if maxD > 4 {
			maxD = 4
		}
		if L == 1 {
			// one word ("Vivcity"): one edit, and only for a word no
			// table knows
			if len(w) < 6 || g.known(w) {
				continue
			}
			maxD = 1
		}
		for key, i := range g.bodies {
			d := levenshtein(w, key, maxD)
			if d <= maxD && (d < bestD || d == bestD && i < best) {
				best, bestD, bestLen = i, d, L
			}
		}
		if best >= 0 {
			break
		}
	}
	if best < 0 {
		return Body{}, false
	}
	s.mark(from, from+bestLen)
	b := g.bodyArr[best]
	return Body{Name: b.name, IDs: append([]string(nil), b.ids...)}, true
}

// onlyBodyStartingWith returns the one body whose name starts with the
// words w, of five letters or more; ok is false when none or several do.
func (g *gazetteer) onlyBodyStartingWith(w string) (int32, bool) {
	if len(w) < 5 {
		return -1, false
	}
	found := int32(-1)
	for key, i := range g.bodies {
		if strings.HasPrefix(key, w+" ") {
			if found >= 0 && found != i {
				return -1, false
			}
			found = i
		}
	}
	return found, found >= 0
}

// namesStartingWith returns, when the name read at [i, j) is followed by
// a capitalised type word no rule has read ("the Hunterian Museum"), the
// institutions whose names begin with the name and that word, other than
// the one read.
func (g *gazetteer) namesStartingWith(s *scan, i, j int) []string {
	if j >= len(s.toks) || s.used[j] || !s.toks[j].upper || s.lower || s.lex.typeWords[s.toks[j].norm] == "" {
		return nil
	}
	prefix := s.key(afterArticle(s, i), j+1)
	keys := g.sortedNames()
	var out []string
	for k := sort.SearchStrings(keys, prefix); k < len(keys) && strings.HasPrefix(keys[k], prefix); k++ {
		if key := keys[k]; len(key) == len(prefix) || key[len(prefix)] == ' ' {
			e, _ := g.findName(key)
			for _, id := range g.recordIDs(e) {
				out = appendUnique(out, id)
			}
		}
	}
	slices.Sort(out)
	return out
}

// sortedNames returns the name keys in order, sorted on first use.
func (g *gazetteer) sortedNames() []string {
	g.sortedOnce.Do(func() {
		g.sorted = make([]string, 0, g.names.Len())
		for i := range int32(len(g.entries)) {
			if !g.isAcronym(i) {
				g.sorted = append(g.sorted, g.key(i))
			}
		}
		slices.Sort(g.sorted)
	})
	return g.sorted
}

// afterArticle skips an article that begins a name read at i ("the
// Hunterian", "das Deutsches Museum").
func afterArticle(s *scan, i int) int {
	if i < len(s.toks) && s.lex.articles[s.toks[i].norm] {
		return i + 1
	}
	return i
}

// acronymFirst reports a name whose first word is an acronym: two or
// more letters, all capitals, before a space, hyphen or the end.
func acronymFirst(name string) bool {
	n := 0
	for _, r := range name {
		if !unicode.IsLetter(r) {
			break
		}
		if !unicode.IsUpper(r) {
			return false
		}
		n++
	}
	return n >= 2
}

// superlativeAfter reports a superlative at token j or one word after it
// ("museum oldest", "museum opened earliest"), or a phrase of one at j.
func superlativeAfter(s *scan, j int) bool {
	if j >= len(s.toks) {
		return false
	}
	for p := range s.lex.superlativePhrases {
		if _, ok := s.matchAt(j, p); ok {
			return true // "museum founded first"
		}
	}
	return isSuperlative(s, j) || j+1 < len(s.toks) && isSuperlative(s, j+1)
}

// isSuperlative reports a superlative at token i ("oldest", "grootste").
func isSuperlative(s *scan, i int) bool {
	_, ok := s.lex.superlatives[s.toks[i].norm]
	return ok
}
