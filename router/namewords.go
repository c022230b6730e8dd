package router

import (
	"strings"
)

// nameWords reads the words a question asks the names of its list to
// hold (a kind, then "in their name" or "whose name contains") and marks
// them, with their cue, as read.
func nameWords(s *scan) []string {
	for _, cue := range s.lex.nameWordCues {
		at := s.find(cue)
		if at < 0 {
			continue
		}
		from := at
		for from > 0 && !s.lex.haveWords[s.toks[from-1].norm] && !s.used[from-1] && at-from < 4 {
			from--
		}
		if from == 0 || from == at || !s.lex.haveWords[s.toks[from-1].norm] {
			return nil
		}
		words := strings.Fields(s.key(from, at))
		s.mark(from, at+strings.Count(cue, " ")+1)
		return words
	}
	for _, cue := range s.lex.nameContains {
		at := s.find(cue)
		if at < 0 || at > 0 && s.lex.whWords[s.toks[at-1].norm] {
			continue // a question word before it asks for the name
		}
		from := at + strings.Count(cue, " ") + 1
		to := from
		for to < len(s.toks) && to-from < 4 && !s.used[to] {
			to++
		}
		if to == from {
			return nil
		}
		words := strings.Fields(s.key(from, to))
		s.mark(at, to)
		return words
	}
	return nil
}
