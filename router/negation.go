package router

import (
	"slices"
	"strings"
)

// negatedBefore is the token of a negation that governs the value read
// at token i: a negation word, or the last word of a negation phrase,
// with nothing but negationGap words between it and i. It is -1 when
// none does ("accredited but not run by …" does not negate
// "accredited").
func negatedBefore(s *scan, i int) int {
	if i < 0 {
		return -1
	}
	listed := false
	for k := i - 1; k >= 0 && i-k <= 6; k-- {
		w := s.toks[k].norm
		switch {
		case (s.lex.negationWords[w] || phraseEndsAt(s, k)) && (orNotAt(s, k) || s.lex.countCueList.startsAt(s, k)):
			return -1 // "whether or not", "no. of": no negation
		case s.lex.negationWords[w] || phraseEndsAt(s, k):
			return k
		case s.lex.choiceWords[w]:
			// "not small or medium": the values of a list before "or"
			// are read values
			listed = true
		case listed && s.used[k]:
		case !s.lex.negationGap[w]:
			return -1
		}
	}
	return -1
}

// orNotAt reports a negation at token k that ends a phrase of orNotCues
// ("or not", "of niet", "oder nicht").
func orNotAt(s *scan, k int) bool {
	return slices.ContainsFunc(s.lex.orNotCues, func(p string) bool {
		_, ok := s.endsAt(k+1, p)
		return ok && strings.Contains(p, " ")
	})
}

// phraseEndsAt reports a negation phrase whose last word is token k.
func phraseEndsAt(s *scan, k int) bool {
	return k > 0 && slices.Contains(s.lex.negationPhrases, s.toks[k-1].norm+" "+s.toks[k].norm)
}

// negate returns c.Not, made when it is nil.
func negate(c *Constraints) *Constraints {
	if c.Not == nil {
		c.Not = &Constraints{}
	}
	return c.Not
}

// negatedClosed reports "closed" with a negation within the two words
// before it ("not closed", "aren't closed", "nicht geschlossen", "niet
// gesloten"): the open institutions.
func negatedClosed(s *scan) bool {
	for i, t := range s.toks {
		if !s.lex.closeWords[t.norm] {
			continue
		}
		for k := max(0, i-2); k < i; k++ {
			if w := s.toks[k].norm; s.lex.negations[w] || s.lex.negationWords[w] {
				return true
			}
		}
	}
	return false
}

// negatedBodies moves the bodies a negation governs into c.Not: every
// body and kind of governance when the relation cue itself is negated
// (neg ≥ 0: "not run by Glasgow Life", "not run by the council"), else
// those named right after "neither", "nor", "other than", "except" …
// The negation words it applies are read. It reports whether it moved
// any.
func negatedBodies(s *scan, c *Constraints, neg int) bool {
	if neg >= 0 {
		n := negate(c)
		n.Bodies = append(n.Bodies, c.Bodies...)
		n.GovernanceCodes = append(n.GovernanceCodes, c.GovernanceCodes...)
		c.Bodies, c.GovernanceCodes = nil, nil
		s.used[neg] = true
		return true
	}
	var keep []Body
	moved := false
	for _, b := range c.Bodies {
		if at := negatedBefore(s, s.find(normalize(b.Name))); at >= 0 {
			negate(c).Bodies = append(c.Not.Bodies, b)
			s.used[at] = true
			moved = true
			continue
		}
		keep = append(keep, b)
	}
	c.Bodies = keep
	return moved
}

// negatedTopicIndex is the token of the negation of a negated topic ("not
// about railways", "nicht über Eisenbahn"), or -1.
func negatedTopicIndex(s *scan) int {
	for i := range s.toks {
		if negatedTopicAt(s, i) {
			return i
		}
	}
	return -1
}

// negatedYears is the token of a negation within the four words before
// the year that ends a span of years at end, or before the span when it
// is written in words ("not opened before 1900", "nicht in den 1980er
// Jahren"; "nicht vor 1900 gegründet" is not read), with no read word
// between, or -1.
func negatedYears(s *scan, end int) int {
	last := end - 1
	for _, w := range s.written {
		if w.end == end {
			// years in words ("in den 1980er Jahren", "in the
			// eighties"): the words before the span
			last = w.start
		}
	}
	for k := last - 1; k >= 0 && last-k <= 4; k-- {
		w := s.toks[k].norm
		switch {
		case s.used[k] || s.lex.negationBarriers[w]:
			return -1
		case s.lex.negations[w] || s.lex.negationWords[w]:
			return k
		}
	}
	return -1
}

// invertYears turns a span open at one end into the rest of time ("not
// before 1900" is 1900 or later) and reports whether it could: a span
// bounded at both ends ("not in the 1980s") has two rests.
func invertYears(y *YearRange) bool {
	switch {
	case y.From == 0 && y.To > 0:
		y.From, y.To = y.To+1, 0
	case y.To == 0 && y.From > 0:
		y.From, y.To = 0, y.From-1
	default:
		return false
	}
	return true
}

// noLonger reports "no longer", "nicht mehr", "niet meer" just before
// token i.
func noLonger(s *scan, i int) bool {
	if i < 2 {
		return false
	}
	if s.lex.longerWords[s.toks[i-1].norm] {
		w := s.toks[i-2].norm
		return s.lex.negations[w] || s.lex.negationWords[w]
	}
	return false
}
