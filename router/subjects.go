package router

import (
	"slices"
	"sort"
	"strings"
)

// topicStop are data sub-labels too vague to stand alone as topics. They
// only matter for a term the lexicon has no entry for, whose words are
// then derived from the term itself.
var topicStop = map[string]bool{
	"other": true, "mixed": true, "and": true, "life": true, "site": true, "event": true, "group": true,
	"professional": true, "association": true, "industrial": true, "rural": true, "world": true,
	"natural": true, "large": true, "medium": true, "small": true, "house": true, "houses": true,
	"personality": true, "buildings": true, "building": true, "civic": true, "school": true, "shop": true,
	"political": true, "scientific": true, "explorer": true, "identity": true, "belief": true,
	"encyclopaedic": true, "bygone": true, "greek": true, "metal": true, "print": true, "design": true,
	"craft": true, "services": true, "service": true, "utilities": true, "communications": true,
	"engine": true, "steam": true, "and models": true, "model": true, "watche": true, "gaming": true,
}

// subjectIndex maps the words of the subject lexicon to subject terms.
type subjectIndex struct {
	phrases map[string][]string // stemmed phrase → terms, sorted
	mods    map[string][]string // compound-only modifier → terms
	quoted  map[string][]string // a term or category written out, stemmed → terms
	paths   map[string][]string // a term of several parts written out ("transport aviation") → the term
	maxLen  int
}

// newSubjectIndex builds the subject vocabulary from the lexicon and the
// data's subject terms (all). A phrase of several lexicon entries means
// all their terms. A term written out in full ("Transport / Aviation")
// means that term alone; a whole category ("Transport", quoted or not)
// means every term of it. A data term the lexicon lacks is read by its
// own words.
func newSubjectIndex(all []string) subjectIndex {
	idx := subjectIndex{phrases: map[string][]string{}, mods: map[string][]string{}, quoted: map[string][]string{}, paths: map[string][]string{}}
	expand := termExpander(all)
	add := func(m map[string][]string, label string, terms []string) {
		if len(terms) == 0 {
			return
		}
		for _, k := range subjectKeys(label) {
			m[k] = mergeTerms(m[k], terms)
		}
	}
	covered := map[string]bool{}
	for _, e := range subjectLexicon {
		terms := expand(e.Term)
		covered[e.Term] = true
		for _, l := range e.labels() {
			add(idx.phrases, l, terms)
		}
		for _, m := range e.Mods {
			add(idx.mods, m, terms)
		}
	}
	for _, gr := range subjectGroups {
		var terms []string
		for _, t := range gr.Terms {
			terms = mergeTerms(terms, expand(t))
		}
		for _, l := range gr.labels() {
			add(idx.phrases, l, terms)
		}
	}
	for _, t := range all {
		if !covered[t] {
			idx.derive(t, expand(t))
		}
	}
	// terms and categories written out
	for _, p := range subjectPaths(all) {
		terms := expand(p + "/*")
		for _, k := range subjectKeys(p) {
			idx.quoted[k] = terms
			if strings.Contains(p, " / ") {
				idx.phrases[k] = terms
				idx.paths[k] = terms
			}
		}
	}
	for k := range idx.phrases {
		if n := strings.Count(k, " ") + 1; n > idx.maxLen {
			idx.maxLen = n
		}
	}
	return idx
}

// derive indexes a term without a lexicon entry by its last part and the
// longer words of it, unless a phrase is taken.
func (idx *subjectIndex) derive(term string, terms []string) {
	parts := strings.Split(term, " / ")
	leaf := parts[len(parts)-1]
	words := []string{leaf}
	if len(parts) > 1 {
		for _, w := range strings.Fields(normalize(leaf)) {
			if len(w) >= 4 {
				words = append(words, w)
			}
		}
	}
	for _, w := range words {
		k := stemPhrase(w)
		if _, ok := idx.phrases[k]; ok || k == "" || topicStop[k] {
			continue
		}
		idx.phrases[k] = terms
	}
}

// termExpander returns the function giving the data terms a lexicon term
// stands for: a term itself, every term of a category ("Transport/*", or a
// term that has terms below it, "Archaeology"), or nothing when the data
// has no such term.
func termExpander(all []string) func(string) []string {
	return func(t string) []string {
		cat, wild := strings.CutSuffix(t, "/*")
		if !wild {
			cat = t
		}
		var out []string
		for _, x := range all {
			if x == cat || strings.HasPrefix(x, cat+" / ") {
				out = append(out, x)
			}
		}
		if !wild && !slices.Contains(out, t) {
			return nil
		}
		sort.Strings(out)
		return out
	}
}

// subjectPaths returns every data term and every category above one.
func subjectPaths(all []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, t := range all {
		parts := strings.Split(t, " / ")
		for i := 1; i <= len(parts); i++ {
			p := strings.Join(parts[:i], " / ")
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	sort.Strings(out)
	return out
}

func (e subjectEntry) labels() []string { return joinLabels(e.EN, e.NL, e.DE) }
func (g subjectGroup) labels() []string { return joinLabels(g.EN, g.NL, g.DE) }

func joinLabels(lists ...[]string) []string {
	var out []string
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// subjectKeys returns the index keys of a label: its words normalised and
// stemmed, with umlauts folded to the bare vowel and to vowel+e.
func subjectKeys(label string) []string {
	var keys []string
	for _, ue := range []bool{false, true} {
		toks := tokenize(label, ue)
		ws := make([]string, len(toks))
		for i, t := range toks {
			ws[i] = stem(t.norm)
		}
		if k := strings.Join(ws, " "); k != "" && !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys
}

// mergeTerms returns the sorted union of a and b without changing either.
func mergeTerms(a, b []string) []string {
	out := make([]string, 0, len(a)+len(b))
	out = append(append(out, a...), b...)
	slices.Sort(out)
	return slices.Compact(out)
}

// modifier reads the first part of a German or Dutch compound as a
// subject: as written, without a linking element ("Kriegs", "Schifffahrts",
// "oorlogs") or with a dropped final "e" restored ("Schul" → "Schule").
func (idx *subjectIndex) modifier(mod string) []string {
	cands := []string{mod}
	for _, suf := range []string{"s", "es", "e", "n", "en", "er"} {
		if m, ok := strings.CutSuffix(mod, suf); ok {
			cands = append(cands, m)
		}
	}
	cands = append(cands, mod+"e")
	for _, m := range cands {
		if len(m) < 3 {
			continue
		}
		if v, ok := idx.phrases[stem(m)]; ok {
			return v
		}
		if v, ok := idx.mods[m]; ok {
			return v
		}
	}
	return nil
}

// topicOf looks a compound modifier up as a topic ("Eisenbahn" in
// "Eisenbahnmuseen"), also misspelt by an edit ("Kunnstmuseen") when it
// has five letters or more.
func (g *gazetteer) topicOf(mod string) []string {
	if v := g.subjects.modifier(mod); v != nil {
		return v
	}
	if len(mod) >= 5 {
		if w, ok := closestWord(mod, g.plainWords); ok {
			return g.subjects.phrases[w]
		}
	}
	return nil
}

// indefinites make the singular compound after them a kind of
// institution ("ein Spielzeugmuseum", "een speelgoedmuseum").
var indefinites = setOf("a", "an", "any", "ein", "eine", "einen", "einem", "einer", "kein", "keine", "een", "geen")

// genericCompound reports whether token i is a type compound with a
// subject modifier after an indefinite article: a kind, not the name of a
// record that bears it ("Gibt es ein Spielzeugmuseum in York?").
func (g *gazetteer) genericCompound(s *scan, i int) bool {
	if i == 0 || !indefinites[s.toks[i-1].norm] {
		return false
	}
	mod, _, _, ok := splitCompound(s.toks[i].norm)
	return ok && g.topicOf(mod) != nil
}

// compound reads a word ending in a subject-neutral head
// ("Eisenbahngeschichte", "textielindustrie") or starting with "Museums"
// ("Museumsbahn") by its subject part.
func (idx *subjectIndex) compound(w string) []string {
	if len(w) < 7 {
		return nil
	}
	for _, h := range subjectCompoundHeads {
		if mod, ok := strings.CutSuffix(w, h); ok && len(mod) >= 3 {
			if v := idx.modifier(mod); v != nil {
				return v
			}
		}
	}
	for _, p := range []string{"museums", "museum"} {
		if rest, ok := strings.CutPrefix(w, p); ok && len(rest) >= 3 {
			if v := idx.modifier(rest); v != nil {
				return v
			}
		}
	}
	return nil
}

// word reads one word no phrase matched: as an inflected German or Dutch
// adjective ("ethnischer", "religiösem"), as a compound
// ("Eisenbahngeschichte") or as the first part of a compound whose head
// the next one gives ("Wasser- und Windmühlen", "water- en windmolens").
func (idx *subjectIndex) word(s *scan, i int) []string {
	w := s.toks[i].norm
	if v := idx.inflected(w); v != nil {
		return v
	}
	end := s.toks[i].end
	if i+2 >= len(s.toks) || end >= len(s.text) || s.text[end] != '-' || !elisionJoins[s.toks[i+1].norm] {
		return nil
	}
	next := s.toks[i+2].norm
	for k := 1; k+3 <= len(next); k++ {
		if v, ok := idx.phrases[stem(w+next[k:])]; ok {
			return v
		}
	}
	return nil
}

// inflected reads a word as an inflected adjective or a compound.
func (idx *subjectIndex) inflected(w string) []string {
	if len(w) >= 6 && strings.ContainsRune("rnms", rune(w[len(w)-1])) {
		if v, ok := idx.phrases[w[:len(w)-1]]; ok {
			return v
		}
	}
	return idx.compound(w)
}

// knows reports whether a word is a subject word, or a common word close
// to one, so that no typo pass rewrites it.
func (idx *subjectIndex) knows(w string) bool {
	_, ok := idx.phrases[stem(w)]
	return ok || nearSubjectWords[w] || idx.inflected(w) != nil
}

// nearSubjectWords are common question words within a typo of a subject
// word ("vestigingen", branches, is not "vestingen", fortresses).
var nearSubjectWords = setOf("vestiging", "vestigingen", "vestigt", "gevestigd", "former", "place", "places")

// elisionJoins join a truncated compound to the next word ("Wasser- und").
var elisionJoins = setOf("und", "oder", "en", "of", "and", "or")

// falseFriends are subject words of one language that mean something else
// in another: German "war" (was), "Art" (kind), "fort" (away), "Roman"
// (novel); Dutch "arts" (doctor), "roman" (novel).
var falseFriends = map[string][]string{
	"de": {"war", "art", "fort", "roman"},
	"nl": {"art", "arts", "roman", "romans"},
}

// langCues are function words that mark a question as German or Dutch.
var langCues = map[string]map[string]bool{
	"de": setOf("der", "die", "das", "des", "dem", "ist", "sind", "welche", "welcher", "welches", "wann", "wo",
		"wie", "wer", "gibt", "ein", "eine", "einen", "und", "zu", "zum", "zur", "von", "mit", "im", "auf", "fur",
		"uber", "nach", "seit", "wurde", "wurden", "haben", "museen", "sammlungen", "zeige", "nenne"),
	"nl": setOf("het", "een", "welke", "welk", "zijn", "hebben", "heeft", "wanneer", "waar", "wat", "hoe", "er",
		"voor", "met", "naar", "musea", "toon", "geef", "noem", "ook", "collecties", "sinds", "bij", "uit", "werd"),
}

func setOf(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// falseFriendsOf returns the words not to read as subjects in this
// question: those of a language two or more free words of it show.
func falseFriendsOf(s *scan) map[string]bool {
	skip := map[string]bool{}
	for lang, cues := range langCues {
		n := 0
		for i, t := range s.toks {
			if !s.used[i] && cues[t.norm] {
				n++
			}
		}
		if n >= 2 {
			for _, w := range falseFriends[lang] {
				skip[w] = true
			}
		}
	}
	return skip
}

// quoteRunes open or close a quotation.
const quoteRunes = "'\"‘’“”„«»‹›`´"

// quotedSpans returns the token spans [i, j) of the quoted parts of the
// question ("the subject 'Arts / Glass'").
func quotedSpans(s *scan) [][2]int {
	var out [][2]int
	isQuote := func(p int) bool {
		return p >= 0 && p < len(s.text) && strings.ContainsRune(quoteRunes, runeAt(s.text, p))
	}
	for i := 0; i < len(s.toks); i++ {
		if !isQuote(prevRuneStart(s.text, s.toks[i].start)) {
			continue
		}
		for j := i; j < len(s.toks); j++ {
			// an apostrophe ends a token ("Glass'") rather than the quote
			if end := s.toks[j].end; isQuote(end) || isQuote(prevRuneStart(s.text, end)) {
				out = append(out, [2]int{i, j + 1})
				i = j
				break
			}
		}
	}
	return out
}

func runeAt(s string, p int) rune {
	for _, r := range s[p:] {
		return r
	}
	return 0
}

// prevRuneStart returns where the rune before byte p starts, or -1.
func prevRuneStart(s string, p int) int {
	for q := p - 1; q >= 0; q-- {
		if s[q]&0xC0 != 0x80 {
			return q
		}
	}
	return -1
}

// subjectReader collects the subjects one pass reads, with the span of
// the question they came from.
type subjectReader struct {
	s            *scan
	stems, typed []string // words as read, and as typed where a typo pass changed them
	subj         []string
	first, last  int
}

func newSubjectReader(s *scan) *subjectReader {
	r := &subjectReader{s: s, stems: make([]string, len(s.toks)), typed: make([]string, len(s.toks)), first: -1, last: -1}
	for i, t := range s.toks {
		r.stems[i], r.typed[i] = stem(t.norm), stem(t.norm)
		if t.orig != "" {
			// a term written out may hold a word no table knows ("Print")
			r.typed[i] = stem(t.orig)
		}
	}
	return r
}

// lookup finds the free tokens [i, j) in the first table that holds them.
func (r *subjectReader) lookup(i, j int, tables ...map[string][]string) ([]string, bool) {
	if !r.s.free(i, j) {
		return nil, false
	}
	for _, m := range tables {
		for _, ws := range [][]string{r.typed, r.stems} {
			if v, ok := m[strings.Join(ws[i:j], " ")]; ok {
				return v, true
			}
		}
	}
	return nil, false
}

// take reads tokens [i, j) as the terms, with the cue words right before
// them ("the subject", "zum Thema").
func (r *subjectReader) take(i, j int, terms []string) {
	s := r.s
	r.subj = append(r.subj, terms...)
	if r.first < 0 || i < r.first {
		r.first = i
	}
	r.last = max(r.last, j)
	s.mark(i, j)
	for k := i - 1; k >= 0 && k >= i-2 && !s.used[k] && subjectCues[s.toks[k].norm]; k-- {
		s.mark(k, k+1)
	}
}

// cued reports whether a subject cue stands right before token i.
func (r *subjectReader) cued(i int) bool { return i > 0 && subjectCues[r.s.toks[i-1].norm] }

// done adds the terms read to the constraints.
func (r *subjectReader) done(c *Constraints) {
	if len(r.subj) == 0 {
		return
	}
	c.Subjects = mergeTerms(c.Subjects, r.subj)
	if c.Topic == "" {
		c.Topic = strings.Trim(r.s.original(r.first, r.last), quoteRunes)
	}
}

// writtenSubjects reads the subject terms and categories a question writes
// out: quoted ("the subject 'Arts / Glass'"), after a cue ("the subject
// Arts") or with their category ("classified as Leisure and sport / Rugby
// and football"). It runs before names and places, which would take words
// of a term ("RNLI", "Rugby").
func (g *gazetteer) writtenSubjects(s *scan, c *Constraints) {
	idx := &g.subjects
	r := newSubjectReader(s)
	for _, q := range quotedSpans(s) {
		if vals, ok := r.lookup(q[0], q[1], idx.quoted); ok {
			r.take(q[0], q[1], vals)
		}
	}
	for i := 0; i < len(s.toks); i++ {
		minL, tables := 2, []map[string][]string{idx.paths}
		if r.cued(i) {
			// after a cue, also a lexicon phrase of several words, before
			// a place takes a word of it ("zum Thema Essen und Trinken")
			minL, tables = 1, []map[string][]string{idx.quoted, idx.phrases}
		}
		for L := min(idx.maxLen, len(s.toks)-i); L >= minL; L-- {
			if L == 1 && r.cued(i) {
				tables = tables[:1]
			}
			if vals, ok := r.lookup(i, i+L, tables...); ok {
				r.take(i, i+L, vals)
				i += L - 1
				break
			}
		}
	}
	r.done(c)
}

// subjectsOf maps the lexicon's phrases among the free tokens to subject
// terms, longest first, then German and Dutch inflections and compounds.
func (g *gazetteer) subjectsOf(s *scan, c *Constraints) {
	idx := &g.subjects
	r := newSubjectReader(s)
	skip := falseFriendsOf(s)
	blocked := make([]bool, len(s.toks))
	for _, p := range notSubjects {
		for i := range s.toks {
			if n, ok := s.matchAt(i, p); ok {
				for k := i; k < i+n; k++ {
					blocked[k] = true
				}
			}
		}
	}
	for i := 0; i < len(s.toks); i++ {
		if s.used[i] || blocked[i] {
			continue
		}
		found := false
		for L := min(idx.maxLen, len(s.toks)-i); L >= 1 && !found; L-- {
			if L == 1 && skip[s.toks[i].norm] || slices.Contains(blocked[i:i+L], true) {
				continue
			}
			if vals, ok := r.lookup(i, i+L, idx.phrases); ok {
				r.take(i, i+L, vals)
				i += L - 1
				found = true
			}
		}
		if !found {
			if vals := idx.word(s, i); vals != nil {
				r.take(i, i+1, vals)
			}
		}
	}
	r.done(c)
}

func stemPhrase(s string) string {
	ws := strings.Fields(normalize(s))
	for i, w := range ws {
		ws[i] = stem(w)
	}
	return strings.Join(ws, " ")
}
