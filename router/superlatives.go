package router

import (
	"strconv"
	"strings"
)

// order reads the end of an order a question asks for and marks its words
// (and a count before them: "the three oldest", "top 5 newest") as read.
// N is the count, 0 when none is given.
func order(s *scan) *Order {
	verb, closing := false, false
	for _, t := range s.toks {
		verb = verb || s.lex.openWords[t.norm] || s.lex.closeWords[t.norm]
		closing = closing || s.lex.closeWords[t.norm]
	}
	for i, t := range s.toks {
		// a capital inside the question starts a name ("the First
		// Light Museum", "Oldest Sweet Shop")
		if s.used[i] || t.upper && i > 0 && !s.lower {
			continue
		}
		o, end, nth, ok := superlativeAt(s, i, verb)
		if !ok {
			continue
		}
		if o.Attribute == fieldOpened && closing {
			o.Attribute = fieldClosed
		}
		s.mark(i, end)
		o.N = orderCount(s, i, nth)
		if o.N == 0 && (end < len(s.toks) && s.lex.partitives[s.toks[end].norm] || partitiveOpensClause(s) || whichOf(s) || whichRightBefore(s, i) || s.hasAny(s.lex.oneOfWords...) || standsForOne(s, i, end)) {
			// "the oldest of the museums", "of the museums, which is
			// the oldest", "which of the museums", "which one": one of
			// them
			o.N = 1
		}
		return &o
	}
	return nil
}

// standsForOne reports a superlative at tokens [i, end) that stands for
// a noun after an article, at the end of its clause, with no copula
// before the article ("… museums and tell me the oldest"): one, where
// "are the oldest" names several.
func standsForOne(s *scan, i, end int) bool {
	if i == 0 || !s.lex.articles[s.toks[i-1].norm] || end < len(s.toks) && !s.breakBefore(end) {
		return false
	}
	return i < 2 || !s.lex.copulas[s.toks[i-2].norm]
}

// partitiveOpensClause reports a partitive that opens the question or a
// clause of it ("Plymouth — of the museums there, which came first").
func partitiveOpensClause(s *scan) bool {
	for i, t := range s.toks {
		if s.lex.partitives[t.norm] && (i == 0 || clauseStartAt(s, i)) {
			return true
		}
	}
	return false
}

// whichRightBefore reports a word of which before token i in its clause
// with no kind between ("which came first", "welke is het oudst", "which
// tops the list as oldest"): it asks for one, whatever number the kind
// had before it.
func whichRightBefore(s *scan, i int) bool {
	for k := i - 1; k >= 0; k-- {
		if s.lex.whichWords[s.toks[k].norm] {
			return true
		}
		if typeWordAt(s, k) || s.lex.pluralKind(s.toks[k].norm) || s.breakBefore(k) {
			return false
		}
	}
	return false
}

// whichOf reports a word of which right before a partitive ("which of",
// "welk van").
func whichOf(s *scan) bool {
	for k := 0; k+1 < len(s.toks); k++ {
		if s.lex.whichWords[s.toks[k].norm] && s.lex.partitives[s.toks[k+1].norm] {
			return true
		}
	}
	return false
}

// superlativeAt reads the end of an order at token i: a superlative
// ("oldest"), one with an ordinal prefix ("zweitälteste": the second
// oldest, nth being 2), a superlative of recency ("most recent"), or an
// end of the order of opening ("the first museum", "the last to open")
// with a verb of opening or closing or a kind after it. end is the token
// after its words.
func superlativeAt(s *scan, i int, verb bool) (o Order, end, nth int, ok bool) {
	if o, n, ok := superlativePhraseAt(s, i); ok {
		return o, i + n, 0, true
	}
	if o, n, ok := againstAllOthers(s, i); ok {
		return o, i + n, 0, true
	}
	if durationAt(s, i) {
		return Order{Attribute: fieldOpened}, i + 1, 0, true
	}
	t := s.toks[i]
	o, ok = s.lex.superlatives[t.norm]
	if numberOf(s, i) {
		return o, 0, 0, false // "the largest number of museums": a count (see group)
	}
	if !ok {
		for prefix, n := range s.lex.ordinalPrefixes {
			if rest, cut := strings.CutPrefix(t.norm, prefix); cut {
				if o, ok = s.lex.superlatives[rest]; ok {
					nth = n
				}
			}
		}
	}
	end = i + 1
	switch {
	case ok:
	case s.lex.recentSuperlatives[t.norm] && i+1 < len(s.toks) && s.lex.recentWords[s.toks[i+1].norm]:
		o, ok, end = Order{Attribute: fieldOpened, Highest: true}, true, i+2
	default:
		side, ordinal := s.lex.ordinalEnds[t.norm]
		// "closed last year", "in the last ten years" are times, not
		// an order
		span := false
		for k := i + 1; k < len(s.toks) && k <= i+2; k++ {
			span = span || s.lex.relativeSpans[s.toks[k].norm] || s.lex.spanUnits[s.toks[k].norm]
		}
		if ordinal && !span && (verb || i+1 < len(s.toks) && typeWordAt(s, i+1)) {
			o, ok = Order{Attribute: fieldOpened, Highest: side == orderLast}, true
		}
	}
	return o, end, nth, ok
}

// orderCount is how many of an order at token i the question asks for:
// a count before it ("the three oldest"), an ordinal before it ("the
// second oldest": the first two), nth, or the count of its kind.
func orderCount(s *scan, i, nth int) int {
	if n, ok := countBefore(s, i); ok {
		return n
	} else if n, ok := ordinalBefore(s, i); ok {
		return n
	} else if nth > 0 {
		return nth
	}
	return countOfType(s)
}

// typeWordAt reports a type noun at token i.
func typeWordAt(s *scan, i int) bool {
	w := s.toks[i].norm
	if _, _, ok := s.lex.typeOfWord(w); ok {
		return true
	}
	// a compound led by what it is about ("spoorwegmuseum",
	// "Eisenbahnmuseum", "Stadtbibliothek")
	_, _, _, ok := s.lex.splitCompound(w)
	return ok
}

// countBefore reads a count just before the order word at i ("the three
// oldest", "top 5 newest") and marks it, with a "top" before it, as read.
func countBefore(s *scan, i int) (int, bool) {
	if i == 0 || s.used[i-1] {
		return 0, false
	}
	w := s.toks[i-1].norm
	n, ok := s.lex.countNumbers[w]
	if !ok {
		v, err := strconv.Atoi(w)
		if err != nil || v < 1 || v > 100 {
			return 0, false
		}
		n = v
	}
	s.mark(i-1, i)
	if i >= 2 && s.lex.topWords[s.toks[i-2].norm] {
		s.mark(i-2, i-1)
	}
	return n, true
}

// countOfType reads a count just before a type noun ("three museums")
// and marks it as read; 0 when there is none.
func countOfType(s *scan) int {
	for i := 1; i < len(s.toks); i++ {
		if typeWordAt(s, i) {
			if n, ok := countBefore(s, i); ok {
				return n
			}
		}
	}
	return 0
}

// ordinalBefore reads an ordinal just before the order word at i and
// marks it as read.
func ordinalBefore(s *scan, i int) (int, bool) {
	if i == 0 || s.used[i-1] {
		return 0, false
	}
	// "het op één na oudste": the one but oldest
	for phrase, n := range s.lex.butOrdinals {
		if k, ok := s.endsAt(i, phrase); ok && s.free(i-k, i) {
			s.mark(i-k, i)
			return n, true
		}
	}
	n, ok := s.lex.ordinals[s.toks[i-1].norm]
	if ok {
		s.mark(i-1, i)
	}
	return n, ok
}

// countOfKind reads a count right before a plural kind of institution
// ("three museums", "5 libraries", "drei Museen", "vijf musea"), not
// read otherwise, after a word asking for a list ("name", "list", "give
// me"): how many to show. 0 when there is none.
func countOfKind(s *scan) int {
	for i := 1; i+1 < len(s.toks); i++ {
		if s.used[i] || !s.lex.pluralKind(s.toks[i+1].norm) || !s.lex.listVerbs[s.toks[i-1].norm] {
			continue
		}
		w := s.toks[i].norm
		n, ok := s.lex.countNumbers[w]
		if !ok {
			v, err := strconv.Atoi(w)
			if err != nil || v < 1 || v > 100 {
				continue
			}
			n = v
		}
		s.mark(i, i+1)
		return n
	}
	return 0
}

// superlativePhraseAt reads the longest of superlativePhrases at token i
// and returns its order and its number of words.
func superlativePhraseAt(s *scan, i int) (o Order, n int, ok bool) {
	best := ""
	for p, po := range s.lex.superlativePhrases {
		if k, match := s.matchAt(i, p); match && (k > n || k == n && p < best) {
			o, n, best, ok = po, k, p, true
		}
	}
	return o, n, ok
}

// againstAllOthers reads a comparative at token i (of pairCues, or of
// durationComparatives: the earliest opened), then a word of than or
// none, then the rest of the set (allOthers): the end of the order the
// comparative names, and the number of its words.
func againstAllOthers(s *scan, i int) (o Order, n int, ok bool) {
	if pair, isPair := s.lex.pairCues[s.toks[i].norm]; isPair {
		o = Order{Attribute: pair.Attribute, Highest: pair.Highest}
	} else if s.lex.durationComparatives[s.toks[i].norm] {
		o = Order{Attribute: fieldOpened}
	} else {
		return Order{}, 0, false
	}
	if i+1 >= len(s.toks) {
		return Order{}, 0, false
	}
	k := i + 1
	if s.lex.thanWords[s.toks[k].norm] {
		k++
	}
	for _, p := range s.lex.allOthers {
		if m, match := s.matchAt(k, p); match {
			return o, k + m - i, true
		}
	}
	return Order{}, 0, false
}

// durationAt reports a word of durationSuperlatives at token i that ends
// its clause, after a verb of being in it (durationVerbs): "longest" of
// being there, not of a name after it.
func durationAt(s *scan, i int) bool {
	if !s.lex.durationSuperlatives[s.toks[i].norm] {
		return false
	}
	if i+1 < len(s.toks) && !s.breakBefore(i+1) {
		return false
	}
	for k := i - 1; k >= 0; k-- {
		if s.lex.durationVerbs[s.toks[k].norm] {
			return true
		}
		if s.breakBefore(k + 1) {
			return false
		}
	}
	return false
}
