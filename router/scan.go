package router

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// scan is one question being read: its tokens and which of them a
// recognised entity has already consumed.
type scan struct {
	// lex is the vocabulary the question is read with
	lex  *Lexicon
	text string
	toks []token
	used []bool
	// placeSpans are the token spans of the places read, in order
	placeSpans [][2]int
	// lower is set when the question is written all in lower case
	lower bool
	// oneEntity is set when the question's shape asks about one
	// institution (a relation cue outside a list, a yes/no question): a
	// single word that names both a place and an institution is then
	// the institution, unless a locative precedes it
	oneEntity bool
	// yesNoInside is set when a request opens the question and a yes/no
	// question follows it (embeddedYesNo)
	yesNoInside bool
	// everyStatus is set when a list asks for its kind of every status
	// (markEveryStatus)
	everyStatus bool
	// statementEnd is where a statement of the asker's ends that a
	// yes/no clause follows ("I couldn't tell | whether …"), or 0
	statementEnd int
	// existsOne marks a question whether one named institution exists
	// (existenceOfOne): a yes/no question of its status
	existsOne bool
	// field is the field fieldShape read
	field string
	// unreadCues are conditions no rule reads that their readers took
	// out of the constraints: the cue of a field the data does not
	// record, asked in a list question ("museums founded by the
	// council"), a negated relation ("not run by the National Trust"), a
	// second span of years
	unreadCues []string
	// unstated is the institution of a "same … as" cue whose record
	// states nothing at the cue's level (see Plan.Unstated)
	unstated *Unstated
	// demonym is a nation's adjective read beside other places (see
	// demonymPlace)
	demonym *Place
	// sameYears are the years "the same year as X" stands for
	sameYears *YearRange
	// written are the spans of years the question writes in words
	// ("the 19th century", "after WWII"), read before any other rule
	written []writtenYears
	// keys are the normalised tokens joined, made on the first key
	// (keysOK) and again after setNorm
	keys   joined
	keysOK bool
}

// joined is a list of words joined by spaces once, so that any run of
// them so joined is a slice of one string instead of a new one.
type joined struct {
	text       string
	start, end []int // where each word starts and ends in text
}

func join(words []string) joined {
	j := joined{text: strings.Join(words, " "), start: make([]int, len(words)), end: make([]int, len(words))}
	n := 0
	for i, w := range words {
		j.start[i], j.end[i] = n, n+len(w)
		n += len(w) + 1
	}
	return j
}

// span is the words [i, j) joined by spaces.
func (jw *joined) span(i, j int) string {
	if i >= j {
		return ""
	}
	return jw.text[jw.start[i]:jw.end[j-1]]
}

func newScan(q string, lex *Lexicon) *scan {
	toks := dropFronting(q, dropAsides(tokenize(q, false), lex.asideWords), lex)
	toks = joinSeparableVerbs(q, toks, lex)
	toks = dropChoiceHedges(toks, lex)
	dropIntensifiers(toks, lex)
	readContractions(q, toks, lex)
	lower := strings.ToLower(q) == q
	if lower {
		// All lower case: capitals say nothing, so every word the rules do
		// not know may start a name or a place ("is goddards run by the
		// national trust").
		for i := range toks {
			toks[i].upper = !lex.knownWords[toks[i].norm]
		}
	}
	s := &scan{text: q, toks: toks, used: make([]bool, len(toks)), lower: lower, lex: lex}
	dropPreamble(s)
	return s
}

// dropChoiceHedges drops a phrase of choiceHedges between a word of "or"
// and an indefinite article ("or more of an", "of meer een", "oder eher
// ein"): the choice offered is the same without it.
func dropChoiceHedges(toks []token, lex *Lexicon) []token {
	for i := 1; i < len(toks); i++ {
		if !lex.orWords[toks[i-1].norm] {
			continue
		}
		for _, p := range lex.choiceHedges {
			words := strings.Fields(p)
			if wordsAt(toks, i, words) && i+len(words) < len(toks) && lex.indefinite[toks[i+len(words)].norm] {
				return slices.Delete(slices.Clone(toks), i, i+len(words))
			}
		}
	}
	return toks
}

// dropIntensifiers reads a word that an intensifying prefix joins to a
// word the lexicon knows as that word (intensifierPrefixes: "aller" of
// "allereerste", "allerälteste"). A capitalised word keeps its prefix:
// it may be a name ("Allerheiligen").
func dropIntensifiers(toks []token, lex *Lexicon) {
	for i, t := range toks {
		if t.upper {
			continue
		}
		for _, p := range lex.intensifierPrefixes {
			if rest, ok := strings.CutPrefix(t.norm, p); ok && len(rest) >= minIntensified && lex.knownWords[rest] {
				toks[i].norm = rest
				break
			}
		}
	}
}

// readContractions reads a pronoun contracted with a verb ("we're",
// "they'll") as the pronoun: the verb says nothing the question's
// other words do not, and the letters joined fold into another word.
func readContractions(q string, toks []token, lex *Lexicon) {
	for i, t := range toks {
		raw := q[t.start:t.end]
		at := strings.LastIndexFunc(raw, isApostrophe)
		if at <= 0 || t.possessive {
			continue
		}
		_, size := utf8.DecodeRuneInString(raw[at:])
		end := strings.ToLower(raw[at+size:])
		if !lex.contractionEnds[end] {
			continue
		}
		if n := len(t.norm) - len(end); n > 0 && strings.HasSuffix(t.norm, end) {
			toks[i].norm = t.norm[:n]
		}
	}
}

// minIntensified is the fewest letters of a word an intensifying prefix
// is read off.
const minIntensified = 4

// dropAsides removes the words of the asides (phrases said to the reader,
// see Lexicon.asides) from toks.
func dropAsides(toks []token, asides [][]string) []token {
	out := toks[:0]
	for i := 0; i < len(toks); i++ {
		if n := asideAt(toks, i, asides); n > 0 {
			i += n - 1
			continue
		}
		out = append(out, toks[i])
	}
	return out
}

// joinSeparableVerbs reads a verb whose particle ends its clause ("zähl
// … auf", "zoek … op"), or comes right before a question word or a
// complementizer that opens the clause it asks for ("leg … uit wat",
// "zoek … uit of"), or opens the question before its question word
// ("onder welke … valt"), as the one word they make
// ("aufzähl"), and drops the particle: the verb alone means another
// thing. The rows that read the joined word are the lexicon's (a list
// verb, an opener).
func joinSeparableVerbs(q string, toks []token, lex *Lexicon) []token {
	for i := 0; i < len(toks); i++ {
		particle, ok := lex.separableVerbs[toks[i].norm]
		if !ok {
			continue
		}
		if j := particleBefore(q, toks, i, particle, lex); j >= 0 {
			// in a clause that ends with its verb the word stands where
			// the particle does, before what the particle governs
			at, drop := i, j
			if j > 0 {
				at, drop = j, i
			}
			toks[at].norm = particle + toks[i].norm
			toks = slices.Delete(toks, drop, drop+1)
			break
		}
		for j := i + 1; j < len(toks); j++ {
			if toks[j].norm == particle && (clauseEnds(q, toks, j) || j+1 < len(toks) && (lex.whWords[toks[j+1].norm] || lex.complementizers[toks[j+1].norm])) {
				toks[i].norm = particle + toks[i].norm
				toks = slices.Delete(toks, j, j+1)
				break
			}
			if clauseEnds(q, toks, j) {
				break
			}
		}
	}
	return toks
}

// particleBefore returns where the particle of the verb at token i
// stands before it in its clause, or -1: first in the question before
// its question word ("onder welke … valt"), or anywhere when the verb
// ends the clause, as it does in a clause of "whether" ("of … onder een
// … valt").
func particleBefore(q string, toks []token, i int, particle string, lex *Lexicon) int {
	if i >= 2 && toks[0].norm == particle && lex.whWords[toks[1].norm] && !slices.ContainsFunc(toks[:i], func(t token) bool {
		return t.end < len(q) && strings.ContainsAny(q[t.end:t.end+1], ",;:?")
	}) {
		return 0
	}
	if !clauseEnds(q, toks, i) {
		return -1
	}
	for j := i - 1; j >= 0 && !clauseEnds(q, toks, j); j-- {
		if toks[j].norm == particle {
			return j
		}
	}
	return -1
}

// clauseEnds reports whether token j ends its clause: it is the last, or
// a comma, semicolon or colon follows it.
func clauseEnds(q string, toks []token, j int) bool {
	if j+1 >= len(toks) {
		return true
	}
	return strings.ContainsAny(q[toks[j].end:toks[j+1].start], ",;:")
}

// dropFronting drops a fronting phrase (frontingWords) that opens the
// question when a colon, a comma or a dash follows it: the topic and the
// question after it ask the same without it. A field cue that starts
// with the phrase and runs on ("on the web") is the cue, not a fronting.
func dropFronting(q string, toks []token, lex *Lexicon) []token {
	// a topic between an opener and its end ("was … angeht:", "as far
	// as … goes,"): the topic stays
	for e := 2; e < len(toks)-1 && e <= maxFrontedTopic+1; e++ {
		opener, ok := lex.frontingEnds[toks[e].norm]
		words := strings.Fields(opener)
		if ok && len(words) < e && wordsAt(toks, 0, words) && strings.ContainsAny(q[toks[e].end:toks[e+1].start], ":,–—-") {
			return slices.Delete(slices.Clone(toks), e, e+1)[len(words):]
		}
	}
	n := asideAt(toks, 0, lex.frontingPhrases)
	if n == 0 || n >= len(toks) || !strings.ContainsAny(q[toks[n].start:], ":,—–") || fieldCueLongerAt(toks, n, lex) {
		return toks
	}
	return toks[n:]
}

// maxFrontedTopic bounds the words of a topic between a fronting opener
// and its end.
const maxFrontedTopic = 10

// fieldCueLongerAt reports a field cue of more than n words that the
// tokens open with.
func fieldCueLongerAt(toks []token, n int, lex *Lexicon) bool {
	for _, fc := range lex.fieldCues {
		if words := strings.Fields(fc.phrase); len(words) > n && wordsAt(toks, 0, words) {
			return true
		}
	}
	return false
}

// asideAt returns the number of words of the longest aside that starts
// at token i, or 0.
func asideAt(toks []token, i int, asides [][]string) int {
	best := 0
	for _, a := range asides {
		if len(a) > best && wordsAt(toks, i, a) {
			best = len(a)
		}
	}
	return best
}

// wordsAt reports whether the tokens from i on open with the words.
func wordsAt(toks []token, i int, words []string) bool {
	if i+len(words) > len(toks) {
		return false
	}
	for k, w := range words {
		if toks[i+k].norm != w {
			return false
		}
	}
	return true
}

// key joins the normalised tokens [i, j).
func (s *scan) key(i, j int) string {
	if !s.keysOK {
		words := make([]string, len(s.toks))
		for k, t := range s.toks {
			words[k] = t.norm
		}
		s.keys, s.keysOK = join(words), true
	}
	return s.keys.span(i, j)
}

// setNorm rewrites the normalised form of token i ("close" read as
// "near", a typo corrected).
func (s *scan) setNorm(i int, norm string) {
	s.toks[i].norm = norm
	s.keysOK = false
}

// free reports whether no token of [i, j) is consumed.
func (s *scan) free(i, j int) bool {
	for k := i; k < j; k++ {
		if s.used[k] {
			return false
		}
	}
	return true
}

// unmark frees the tokens [i, j) again.
func (s *scan) unmark(i, j int) {
	for k := max(i, 0); k < j && k < len(s.used); k++ {
		s.used[k] = false
	}
}

// tokenAt is the token that holds byte offset at of the text, or -1.
func (s *scan) tokenAt(at int) int {
	for i, t := range s.toks {
		if t.start <= at && at < t.end {
			return i
		}
	}
	return -1
}

func (s *scan) mark(i, j int) {
	for k := i; k < j && k < len(s.used); k++ {
		s.used[k] = true
	}
}

// longestAt tries the free spans starting at token i, longest first and
// at most maxLen tokens, and returns the length of the first that accept
// takes (0 when none does). accept gets the span's length and key; a
// span that ends in a possessive ("Minho's") is tried as written, then
// without its "s".
func (s *scan) longestAt(i, maxLen int, accept func(L int, key string) bool) int {
	for L := min(maxLen, len(s.toks)-i); L >= 1; L-- {
		if !s.free(i, i+L) {
			continue
		}
		key := s.key(i, i+L)
		if accept(L, key) || s.toks[i+L-1].possessive && len(s.toks[i+L-1].norm) > 2 && accept(L, strings.TrimSuffix(key, "s")) {
			return L
		}
	}
	return 0
}

// original returns the question text covering tokens [i, j).
func (s *scan) original(i, j int) string {
	if i >= j {
		return ""
	}
	return s.text[s.toks[i].start:s.toks[j-1].end]
}

// find returns the token index where the normalised phrase starts, or -1.
// Phrases are words separated by single spaces.
func (s *scan) find(phrase string) int {
	for i := range s.toks {
		// the phrase begins with the word (no token holds a space)
		n := s.toks[i].norm
		if len(phrase) < len(n) || phrase[:len(n)] != n || len(phrase) > len(n) && phrase[len(n)] != ' ' {
			continue
		}
		if _, ok := s.matchAt(i, phrase); ok {
			return i
		}
	}
	return -1
}

// has reports whether the phrase occurs.
func (s *scan) has(phrase string) bool { return s.find(phrase) >= 0 }

// hasUnread reports whether the phrase occurs on words not all read
// already: a cue, not a word of a name read.
func (s *scan) hasUnread(phrase string) bool {
	for i := range s.toks {
		if n, ok := s.matchAt(i, phrase); ok && slices.Contains(s.used[i:i+n], false) {
			return true
		}
	}
	return false
}

// hasAny reports whether any phrase occurs.
func (s *scan) hasAny(phrases ...string) bool {
	for _, p := range phrases {
		if s.has(p) {
			return true
		}
	}
	return false
}

// matchAt reports whether the phrase occurs starting at token i.
func (s *scan) matchAt(i int, phrase string) (n int, ok bool) {
	if i < 0 || phrase == "" {
		return 0, false
	}
	k := i
	for rest := phrase; rest != ""; {
		var w string
		w, rest, _ = strings.Cut(rest, " ")
		if k >= len(s.toks) || s.toks[k].norm != w {
			return 0, false
		}
		k++
	}
	return k - i, true
}

// endsAt reports whether the phrase occurs ending just before token j.
func (s *scan) endsAt(j int, phrase string) (n int, ok bool) {
	return s.matchAt(j-(strings.Count(phrase, " ")+1), phrase)
}

// prev returns the normalised token before i, skipping articles.
func (s *scan) prev(i int) (string, int) {
	for k := i - 1; k >= 0; k-- {
		if s.lex.skippedArticles[s.toks[k].norm] {
			continue
		}
		if t := s.toks[k]; strings.ContainsFunc(s.text[t.start:t.end], isApostrophe) {
			// a contraction folds into another word: "I'm" is no
			// German "im"
			return "", k
		}
		return s.toks[k].norm, k
	}
	return "", -1
}

// hasNear reports whether the phrase occurs with one typo (one edit, a
// swap counting as one) in one of its words of four letters or more.
func (s *scan) hasNear(phrase string) bool {
	var buf [8]string
	words := buf[:0]
	for rest := phrase; rest != ""; {
		var w string
		w, rest, _ = strings.Cut(rest, " ")
		if w != "" {
			words = append(words, w)
		}
	}
	for i := 0; i+len(words) <= len(s.toks); i++ {
		// every word but one as written, that one a typo away
		miss, typed := -1, ""
		for k, w := range words {
			if t := s.typed(i + k); t != w {
				if miss >= 0 {
					miss = -2
					break
				}
				miss, typed = k, t
			}
		}
		// a word the rules know ("county") is no misspelling of another
		// ("country")
		if miss >= 0 && len(words[miss]) >= 4 && !s.lex.knownWords[typed] && osa(words[miss], typed, 1) <= 1 {
			return true
		}
	}
	return false
}

// typed is token i as the typo pass found it: a word it rewrote ("forme"
// → "forge") as typed.
func (s *scan) typed(i int) string {
	if o := s.toks[i].orig; o != "" {
		return strings.ToLower(o)
	}
	return s.toks[i].norm
}

// cueIndex finds which of a list of phrases a question may hold, so that
// a reader tests those instead of every phrase: a phrase held as written
// begins with a word of the question, and one held with a typo in one of
// its two or more words has its other words in the question as typed.
type cueIndex struct {
	phrases []string
	first   map[string][]int // a phrase's first word → the phrases, in order
	word    map[string][]int // each word of a phrase read with a typo → the phrases
	// always are the phrases read with a typo that have fewer than two
	// words: no word of theirs need stand in the question
	always []int
}

// newCueIndex indexes phrases, and for the look-up with a typo those that
// near reports.
func newCueIndex(phrases []string, near func(i int) bool) *cueIndex {
	x := &cueIndex{phrases: phrases, first: map[string][]int{}, word: map[string][]int{}}
	for i, p := range phrases {
		if first, _, _ := strings.Cut(p, " "); first != "" {
			x.first[first] = append(x.first[first], i)
		}
		if !near(i) {
			continue
		}
		words := strings.Fields(p)
		if len(words) < 2 {
			x.always = append(x.always, i)
			continue
		}
		for _, w := range words {
			if l := x.word[w]; len(l) == 0 || l[len(l)-1] != i {
				x.word[w] = append(l, i)
			}
		}
	}
	return x
}

// exact appends to buf the phrases that begin with a word of the question
// and returns them in order.
func (x *cueIndex) exact(s *scan, buf []int) []int {
	for _, t := range s.toks {
		buf = append(buf, x.first[t.norm]...)
	}
	return sortedSet(buf)
}

// near appends to buf the phrases read with a typo that have a word of
// the question as typed, with the always phrases, and returns them in
// order.
func (x *cueIndex) near(s *scan, buf []int) []int {
	buf = append(buf, x.always...)
	for i := range s.toks {
		buf = append(buf, x.word[s.typed(i)]...)
	}
	return sortedSet(buf)
}

// phraseList indexes a list of phrases for holds and where, none of them
// for a look-up with a typo.
func phraseList(phrases []string) *cueIndex {
	return newCueIndex(phrases, func(int) bool { return false })
}

// holds reports whether the question holds any of the phrases (s.hasAny
// of them).
func (x *cueIndex) holds(s *scan) bool {
	return x.holdsBy(s, s.has)
}

// holdsUnread reports whether the question holds any of the phrases on
// a word no reader read (not inside a name).
func (x *cueIndex) holdsUnread(s *scan) bool {
	return x.holdsBy(s, s.hasUnread)
}

func (x *cueIndex) holdsBy(s *scan, has func(string) bool) bool {
	var buf [32]int
	for _, c := range x.exact(s, buf[:0]) {
		if has(x.phrases[c]) {
			return true
		}
	}
	return false
}

// startsAt reports one of the phrases starting at token k.
func (x *cueIndex) startsAt(s *scan, k int) bool {
	for _, c := range x.first[s.toks[k].norm] {
		if _, ok := s.matchAt(k, x.phrases[c]); ok {
			return true
		}
	}
	return false
}

func sortedSet(l []int) []int {
	slices.Sort(l)
	return slices.Compact(l)
}

// breakBefore reports a sign that breaks a clause (a comma, semicolon,
// colon, dash, or the end of a sentence) between tokens k-1 and k.
func (s *scan) breakBefore(k int) bool {
	return k > 0 && k < len(s.toks) && strings.ContainsAny(s.text[s.toks[k-1].end:s.toks[k].start], breakSigns)
}

// breakSigns break a clause: a comma, semicolon, colon, dash, or the end
// of a sentence.
const breakSigns = ",;:.?!–—"
