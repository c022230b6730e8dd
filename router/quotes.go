package router

import (
	"strings"
)

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
