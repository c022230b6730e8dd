package router

import (
	"strconv"
)

// yearsFrom reads the first year constraint at token from or later, and
// the token after it. Its field is the verb of opening or closing nearest
// before it ("opened in the 1970s and closed in the 1990s"), else the
// question's.
func yearsFrom(s *scan, from int) (*YearRange, int) {
	question := questionYearField(s)
	for i := from; i < len(s.toks); i++ {
		field := yearFieldBefore(s, i, question)
		if w, ok := writtenAtToken(s, i); ok {
			return &YearRange{Field: field, From: w.from, To: w.to, Words: s.original(w.start, w.end)}, w.end
		}
		if y, ok := digitDecade(s, i, field); ok {
			return y, i + 1
		}
		if _, ok := yearAtToken(s, i); ok {
			return yearSpanAt(s, i, field)
		}
	}
	return nil, len(s.toks)
}

// yearAtToken reads token i as a year of four digits.
func yearAtToken(s *scan, i int) (int, bool) {
	if i < 0 || i >= len(s.toks) || s.used[i] {
		return 0, false
	}
	t := s.toks[i].norm
	if len(t) != 4 {
		return 0, false
	}
	y, err := strconv.Atoi(t)
	return y, err == nil && y >= 1000 && y <= 2100
}

// questionYearField is the field the question's years are of: closing
// when a word of closing stands anywhere in it, else opening.
func questionYearField(s *scan) string {
	for _, t := range s.toks {
		if s.lex.closeWords[t.norm] {
			return fieldClosed
		}
	}
	return fieldOpened
}

// yearFieldBefore is the field of the verb of opening or closing nearest
// before token i, else the question's.
func yearFieldBefore(s *scan, i int, question string) string {
	for k := i - 1; k >= 0; k-- {
		switch t := s.toks[k].norm; {
		case s.lex.closeWords[t]:
			return fieldClosed
		case s.lex.openWords[t]:
			return fieldOpened
		}
	}
	return question
}

// digitDecade reads a decade written in four digits and "s" at token i
// ("1980s").
func digitDecade(s *scan, i int, field string) (*YearRange, bool) {
	t := s.toks[i].norm
	if len(t) != 5 || t[4] != 's' {
		return nil, false
	}
	y, err := strconv.Atoi(t[:4])
	if err != nil || y < 1000 || y > 2100 || y%10 != 0 {
		return nil, false
	}
	if y%100 == 0 && y < 2000 {
		// "the 1800s" is the century, and the answer says so; "the
		// 2000s" the decade
		return &YearRange{Field: field, From: y, To: y + 99, Words: s.original(i, i+1)}, true
	}
	return &YearRange{Field: field, From: y, To: y + 9}, true
}

// yearSpanAt reads the span of years that the year at token i bounds, by
// the preposition or comparison before it or a second year after it, and
// the token after the span.
func yearSpanAt(s *scan, i int, field string) (*YearRange, int) {
	y, _ := yearAtToken(s, i)
	prev := ""
	if i > 0 {
		prev = s.toks[i-1].norm
	}
	switch dir := yearPreposition(s, i); {
	case dir == dirBetween || dir == dirFrom:
		for k := i + 1; k <= i+2; k++ {
			if y2, ok := yearAtToken(s, k); ok {
				// a span written backwards is the same span
				return &YearRange{Field: field, From: min(y, y2), To: max(y, y2)}, k + 1
			}
		}
		if dir == dirFrom {
			return &YearRange{Field: field, From: y}, i + 1
		}
	case s.lex.thanWords[prev] && i > 1:
		// "older than 1900", "älter als 1900", "later dan 1990"
		if earlier, ok := ageCue(s, i-2); ok {
			if earlier {
				return &YearRange{Field: field, To: y - 1}, i + 1
			}
			return &YearRange{Field: field, From: y + 1}, i + 1
		}
	case dir == dirBefore:
		return &YearRange{Field: field, To: y - 1}, i + 1
	case dir == dirUntil:
		return &YearRange{Field: field, To: y}, i + 1
	case dir == dirAfter:
		return &YearRange{Field: field, From: y + 1}, i + 1
	case dir == dirSince:
		return &YearRange{Field: field, From: y}, i + 1
	}
	if y2, ok := yearAtToken(s, i+1); ok && y2 > y {
		return &YearRange{Field: field, From: y, To: y2}, i + 2
	}
	return &YearRange{Field: field, From: y, To: y}, i + 1
}
