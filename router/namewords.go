package router

import (
	"strings"
)

// nameWordCues end "… have castle in their name"; nameContains start
// "… whose name contains castle".
var (
	nameWordCues = []string{
		"in their name", "in their names", "in its name", "in the name", "in their title", "in the title",
		"im namen", "in ihrem namen", "in hun naam", "in de naam", "in zijn naam",
	}
	nameContains = []string{
		"name contains", "names contain", "name includes", "names include", "name has", "name enthalt",
		"namen enthalten", "naam bevat", "namen bevatten",
	}
	haveWords = map[string]bool{
		"have": true, "has": true, "with": true, "haben": true, "hat": true, "hebben": true, "heeft": true,
		"mit": true, "met": true, "contain": true, "containing": true,
	}
)

// nameWords reads the words a question asks the names of its list to
// hold ("Which museums have war in their name?", "museums whose name
// contains castle") and marks them, with their cue, as read.
func nameWords(s *scan) []string {
	for _, cue := range nameWordCues {
		at := s.find(cue)
		if at < 0 {
			continue
		}
		from := at
		for from > 0 && !haveWords[s.toks[from-1].norm] && !s.used[from-1] && at-from < 4 {
			from--
		}
		if from == 0 || from == at || !haveWords[s.toks[from-1].norm] {
			return nil
		}
		words := strings.Fields(s.key(from, at))
		s.mark(from, at+strings.Count(cue, " ")+1)
		return words
	}
	for _, cue := range nameContains {
		at := s.find(cue)
		if at < 0 {
			continue
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
