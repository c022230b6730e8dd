package router

import (
	"slices"
	"strconv"
	"strings"
)

// writtenYears is a span of years a question writes in words: a century
// ("the 19th century", "im 19. Jahrhundert"), a decade ("the eighties",
// "de jaren tachtig") or an era bounded by a war ("after WWII",
// "post-war"), with the preposition that bounds it. It covers the tokens
// [start, end); from and to are inclusive, 0 when open-ended.
type writtenYears struct {
	start, end int
	from, to   int
}

// termKind says how a span of years is named, which decides whether it
// needs a preposition and what "since" means.
type termKind int

const (
	centuryTerm termKind = iota
	decadeTerm
	warTerm
)

// readWrittenYears reads the spans of years the question writes in words
// before any other rule, and marks their words: "Second World War" after
// "after" is a time, not a subject, and "WWII" no misspelt name. "After
// the war" and "nach dem Krieg" are not read as years, since the words do
// not say which war: they are marked, kept as a condition the answer does
// not apply, and the list is not called exact.
func readWrittenYears(s *scan) {
	for i := 0; i < len(s.toks); {
		if w, ok := writtenAt(s, i); ok && s.free(w.start, w.end) {
			s.written = append(s.written, w)
			s.mark(w.start, w.end)
			i = w.end
			continue
		}
		if end, ok := unnamedWar(s, i); ok && s.free(i, end) {
			s.unreadCues = append(s.unreadCues, s.original(i, end))
			s.mark(i, end)
			i = end
			continue
		}
		i++
	}
}

// writtenAt reads a span of years written in words that starts at token i,
// with its preposition when one stands there.
func writtenAt(s *scan, i int) (writtenYears, bool) {
	if from, to, n, ok := boundedEra(s, i); ok {
		return writtenYears{start: i, end: i + n, from: from, to: to}, true
	}
	dir, n := timePreposition(s, i)
	at := i + n
	if n > 0 {
		at = skipArticles(s, at)
	}
	span, kind, m, ok := namedSpan(s, at)
	if !ok {
		return writtenYears{}, false
	}
	if n == 0 {
		if kind == warTerm {
			// "museums about the Second World War": a subject
			return writtenYears{}, false
		}
		return writtenYears{start: at, end: at + m, from: span[0], to: span[1]}, true
	}
	w := writtenYears{start: i, end: at + m, from: span[0], to: span[1]}
	switch dir {
	case dirBefore:
		w.from, w.to = 0, span[0]-1
	case dirAfter:
		w.from, w.to = span[1]+1, 0
	case dirSince:
		w.to = 0
		if kind == warTerm {
			// "since the war": from its end
			w.from = span[1]
		}
	case dirUntil:
		w.from = 0
	}
	return w, true
}

// timePreposition reads a preposition that bounds a span of years at
// token i: its direction ("before", "after", "since", "until" or
// "during") and its length in tokens, 0 when none stands there.
func timePreposition(s *scan, i int) (string, int) {
	return longestPhrase(s, i, s.lex.timePrepositions)
}

// yearPreposition returns the direction of the preposition of a year
// that ends right before token i (timePrepositions or yearPrepositions),
// "" when none does.
func yearPreposition(s *scan, i int) string {
	best, longest := "", 0
	for _, table := range [][]phraseValue{s.lex.timePrepositions, s.lex.yearPrepositions} {
		for _, p := range table {
			if n, ok := s.endsAt(i, p.words); ok && n > longest {
				best, longest = p.value, n
			}
		}
	}
	return best
}

// longestPhrase returns the value of the longest phrase of phrases at
// token i and its length in tokens, 0 when none stands there.
func longestPhrase(s *scan, i int, phrases []phraseValue) (string, int) {
	best, longest := "", 0
	for _, p := range phrases {
		if n, ok := s.matchAt(i, p.words); ok && n > longest {
			best, longest = p.value, n
		}
	}
	return best, longest
}

// skipArticles returns the first token at or after i that is no article.
func skipArticles(s *scan, i int) int {
	for i < len(s.toks) && s.lex.eraArticles[s.toks[i].norm] {
		i++
	}
	return i
}

// namedSpan reads a century, a decade or a world war named at token i and
// returns its years, its kind and its length in tokens.
func namedSpan(s *scan, i int) ([2]int, termKind, int, bool) {
	if i >= len(s.toks) {
		return [2]int{}, 0, 0, false
	}
	if c, n, ok := century(s, i); ok {
		return [2]int{(c - 1) * 100, (c-1)*100 + 99}, centuryTerm, n, true
	}
	if d, n, ok := decade(s, i); ok {
		return [2]int{d, d + 9}, decadeTerm, n, true
	}
	if span, n, ok := worldWar(s, i); ok && !kindAfter(s, i+n) {
		return span, warTerm, n, true
	}
	return [2]int{}, 0, 0, false
}

// kindAfter reports whether token i names a kind of institution: "after
// the Second World War museum" names an institution, not an era.
func kindAfter(s *scan, i int) bool {
	if i >= len(s.toks) {
		return false
	}
	t := s.toks[i].norm
	return s.lex.pluralKind(t) || slices.ContainsFunc(s.lex.kindStems, func(stem string) bool { return strings.HasPrefix(t, stem) })
}

// century reads "19th century", "nineteenth century", "19. Jahrhundert",
// "19e eeuw" or "twenty-first century" at token i: the century's number
// and the tokens read.
func century(s *scan, i int) (int, int, bool) {
	for k := max(0, i-3); k < i; k++ {
		if s.lex.centuryHedges[s.toks[k].norm] {
			return 0, 0, false
		}
	}
	c, n := ordinal(s, i)
	if c < 11 || c > 21 || i+n >= len(s.toks) || !s.lex.centuryWords[s.toks[i+n].norm] {
		return 0, 0, false
	}
	return c, n + 1, true
}

// ordinal reads an ordinal at token i ("19th", "19", "19e", "nineteenth",
// "twenty first") and the tokens it takes; 0 when none.
func ordinal(s *scan, i int) (int, int) {
	t := s.toks[i].norm
	if c, ok := s.lex.ordinalWords[t]; ok {
		return c, 1
	}
	for phrase, c := range s.lex.ordinalPhrases {
		if n, ok := s.matchAt(i, phrase); ok {
			return c, n
		}
	}
	digits := strings.TrimRightFunc(t, func(r rune) bool { return 'a' <= r && r <= 'z' })
	if end := t[len(digits):]; end != "" && !s.lex.ordinalSuffixes[end] {
		return 0, 0
	}
	c, err := strconv.Atoi(digits)
	if err != nil {
		return 0, 0
	}
	return c, 1
}

// decade reads a decade written in words or in two digits at token i
// ("the eighties", "the '80s", "den achtziger Jahren", "1980er", "de
// jaren tachtig", "de jaren '80"): its first year and the tokens read.
func decade(s *scan, i int) (int, int, bool) {
	t := s.toks[i].norm
	years := func(n int) int {
		// "den achtziger Jahren", "die 80er Jahre"
		if j := i + n; j < len(s.toks) && slices.ContainsFunc(s.lex.decadeNouns, func(noun string) bool {
			return strings.HasPrefix(s.toks[j].norm, noun)
		}) {
			return n + 1
		}
		return n
	}
	if d, ok := s.lex.decadeWords[t]; ok {
		return d, years(1), true
	}
	for _, plural := range s.lex.decadePlurals {
		if d, ok := shortDecade(t, plural); ok {
			return d, 1, true
		}
	}
	for _, suffix := range s.lex.decadeSuffixes {
		if d, ok := shortDecade(t, suffix); ok {
			return d, years(1), true
		}
		if d, ok := fullDecade(t, suffix); ok {
			return d, years(1), true
		}
	}
	if s.lex.decadeLeads[t] && i+1 < len(s.toks) {
		next := s.toks[i+1].norm
		if d, ok := s.lex.dutchDecades[next]; ok {
			return d, 2, true
		}
		if d, err := strconv.Atoi(strings.TrimSuffix(next, "s")); err == nil && len(next) <= 3 && d >= 20 && d%10 == 0 && d < 100 {
			return 1900 + d, 2, true
		}
	}
	return 0, 0, false
}

// fullDecade reads a decade of four digits and a suffix ("1980er").
func fullDecade(t, suffix string) (int, bool) {
	digits, ok := strings.CutSuffix(t, suffix)
	if !ok || len(digits) != 4 {
		return 0, false
	}
	d, err := strconv.Atoi(digits)
	if err != nil || d < 1000 || d > 2100 || d%10 != 0 {
		return 0, false
	}
	return d, true
}

// shortDecade reads "80s" or "80er" as the 1980s; "20s" is read as the
// 1920s, "00s" and "10s" not at all.
func shortDecade(t, suffix string) (int, bool) {
	digits, ok := strings.CutSuffix(t, suffix)
	if !ok || len(digits) != 2 {
		return 0, false
	}
	d, err := strconv.Atoi(digits)
	if err != nil || d < 20 || d%10 != 0 {
		return 0, false
	}
	return 1900 + d, true
}

// worldWar reads a war named at token i (a row of the lexicon's
// warPhrases): its years and the tokens read.
func worldWar(s *scan, i int) ([2]int, int, bool) {
	p, n := longestYearPhrase(s, i, s.lex.warPhrases)
	if n == 0 {
		return [2]int{}, 0, false
	}
	return [2]int{p.from, p.to}, n, true
}

// boundedEra reads at token i an era whose words say which side of a war
// it lies on (a row of the lexicon's eraPhrases): its years, 0 where
// open, and the tokens read.
func boundedEra(s *scan, i int) (int, int, int, bool) {
	p, n := longestYearPhrase(s, i, s.lex.eraPhrases)
	return p.from, p.to, n, n > 0
}

// longestYearPhrase returns the longest phrase of phrases at token i and
// its length in tokens, 0 when none stands there.
func longestYearPhrase(s *scan, i int, phrases []yearPhrase) (yearPhrase, int) {
	var best yearPhrase
	longest := 0
	for _, p := range phrases {
		if n, ok := s.matchAt(i, p.words); ok && n > longest {
			best, longest = p, n
		}
	}
	return best, longest
}

// unnamedWar reads "after the war", "vor dem Krieg" at token i: a war the
// words do not name, and the end of the words.
func unnamedWar(s *scan, i int) (int, bool) {
	_, n := timePreposition(s, i)
	if n == 0 {
		return 0, false
	}
	at := skipArticles(s, i+n)
	if at == i+n || at >= len(s.toks) || kindAfter(s, at+1) {
		return 0, false
	}
	if s.lex.warWords[s.toks[at].norm] {
		return at + 1, true
	}
	return 0, false
}

// UnnamedWar reports whether a phrase the router left unread (plan.UnusedUnread)
// is a time set by a war the words do not name ("after the war", "nach
// dem Krieg"), so that an answer can say the war is not specified.
func UnnamedWar(phrase string) bool {
	s := newScan(phrase, DefaultLexicon())
	end, ok := unnamedWar(s, 0)
	return ok && end == len(s.toks)
}

// writtenAtToken is the span of years written in words that
// readWrittenYears read from token i.
func writtenAtToken(s *scan, i int) (writtenYears, bool) {
	for _, w := range s.written {
		if w.start == i {
			return w, true
		}
	}
	return writtenYears{}, false
}
