package router

import (
	"math"
	"strings"
)

// closedAsked reports whether the question speaks of closing ("closed",
// "gingen dicht", "dichtgegaan").
func closedAsked(s *scan) bool {
	gaan, dicht := false, false
	for i, t := range s.toks {
		switch {
		case s.lex.closeWords[t.norm] || s.lex.closedCompounds[t.norm]:
			return true
		case s.lex.closeGoVerbs[t.norm]:
			gaan = true
		case s.lex.closeParticles[t.norm] && (i+1 == len(s.toks) || !s.lex.nearAfterParticle[s.toks[i+1].norm]):
			dicht = true // not "dicht bij" (near)
		}
	}
	return gaan && dicht
}

// group reads a question for the places that hold the most (or the
// fewest) institutions (a kind of place, a superlative and a kind of
// institution, with or without a number of places) and marks its words
// as read.
func group(s *scan) *Group {
	if g := commonestGroup(s); g != nil {
		return g
	}
	level, at := "", -1
	if len(s.toks) > 0 && s.lex.whenStarts[s.toks[0].norm] && !s.used[0] {
		// a year field with the superlative ("when did the most …"): the
		// year of opening with the most, when a kind of institution follows the cue
		level, at = "opened", 0
	}
	if len(s.toks) > 1 && s.lex.operatorQuestionWords[s.toks[0].norm] && s.lex.operateVerbs[s.toks[1].norm] && !s.used[0] {
		// a relation verb with the superlative: the organisations that run the most
		level, at = "operator", 0
	}
	for i, t := range s.toks {
		if l, ok := s.lex.groupLevels[t.norm]; ok && !s.used[i] && level == "" {
			level, at = l, i
			if g := topGroup(s, level, at); g != nil {
				return g
			}
			continue
		}
		// "the largest number of museums"
		largest := numberOf(s, i)
		if at < 0 || s.used[i] || !s.lex.mostCues[t.norm] && !s.lex.fewestCues[t.norm] && !largest {
			continue
		}
		if i+1 < len(s.toks) && s.lex.recentWords[s.toks[i+1].norm] {
			return nil // "the most recent"
		}
		if at == 0 && s.lex.whenStarts[s.toks[0].norm] && (i+1 >= len(s.toks) || !typeWordAt(s, i+1)) {
			return nil // a superlative that qualifies the kind, not a count
		}
		if closedAsked(s) {
			level = strings.Replace(level, fieldOpened, fieldClosed, 1)
		}
		g := &Group{Level: level, Fewest: s.lex.fewestCues[t.norm], N: 1}
		if s.lex.groupPlurals[s.toks[at].norm] {
			g.N = 10
		}
		s.mark(at, at+1)
		s.mark(i, i+1)
		if largest {
			s.mark(i, i+3)
			g.Fewest = s.lex.smallWords[t.norm]
		}
		if n, ok := countBefore(s, at); ok {
			g.N = n
		}
		return g
	}
	return nil
}

// commonestGroup reads "the most common <level>" as the value of the
// level that holds the most of the set; "the most common subjects", the
// ten that hold the most.
func commonestGroup(s *scan) *Group {
	for _, cue := range s.lex.commonestCues {
		at := s.find(cue)
		j := at + strings.Count(cue, " ") + 1
		if at < 0 || j >= len(s.toks) || s.used[j] {
			continue
		}
		l, ok := s.lex.groupLevels[s.toks[j].norm]
		if !ok || strings.HasPrefix(l, fieldOpened) {
			continue
		}
		g := &Group{Level: l, N: 1}
		if s.lex.groupPlurals[s.toks[j].norm] {
			g.N = 10
		}
		s.mark(at, j+1)
		return g
	}
	return nil
}

// setSubjects reads a question word, a plural word for subjects within
// its first four words, and a kind of institution in the plural after
// it: a question for every subject of the set with its count.
func setSubjects(s *scan) *Group {
	if len(s.toks) < 3 || !isWhQuestion(s) {
		return nil
	}
	for i := 1; i < min(len(s.toks), 5); i++ {
		t := s.toks[i]
		if s.used[i] || s.lex.groupLevels[t.norm] != "subject" || !s.lex.groupPlurals[t.norm] {
			continue
		}
		for j := i + 1; j < len(s.toks); j++ {
			if _, plural, ok := s.lex.typeOfWord(s.toks[j].norm); ok && plural {
				s.mark(i, i+1)
				return &Group{Level: "subject", N: math.MaxInt32, Each: true}
			}
		}
		return nil
	}
	return nil
}

// eachGroup reads a count of a set by every place at a level: "per
// county", "in each county of Wales", "by county" at the end of the
// question. Before, the words were dropped and the whole set counted,
// called exact.
func eachGroup(s *scan) *Group {
	for _, cue := range s.lex.byCountCues {
		at := s.find(cue)
		if at < 0 {
			continue
		}
		// a plural kind of place listed "by number of" a kind: every
		// place at the level the question names, with its count
		for i, t := range s.toks {
			if l, ok := s.lex.groupLevels[t.norm]; ok && s.lex.groupPlurals[t.norm] && !s.used[i] && !strings.HasPrefix(l, fieldOpened) {
				s.mark(i, i+1)
				s.mark(at, at+strings.Count(cue, " ")+1)
				return &Group{Level: l, N: math.MaxInt32, Each: true}
			}
		}
	}
	for i := 0; i+1 < len(s.toks); i++ {
		w := s.toks[i].norm
		if s.used[i] || s.used[i+1] || !s.lex.eachCues[w] && !(s.lex.groupByWords[w] && i+2 == len(s.toks)) {
			continue
		}
		if l, ok := s.lex.groupLevels[s.toks[i+1].norm]; ok {
			s.mark(i, i+2)
			return &Group{Level: l, N: math.MaxInt32, Each: true}
		}
	}
	return nil
}

// numberOf reports "largest number of", "smallest number of" and the like
// at i: a count, not a size.
func numberOf(s *scan, i int) bool {
	w := s.toks[i].norm
	return (s.lex.bigWords[w] || s.lex.smallWords[w]) && i+2 < len(s.toks) && s.lex.countOfPhrases[s.key(i+1, i+3)]
}

// topGroup reads "top 3 counties": a word of topWords before the level
// at token at asks for the levels with the most.
func topGroup(s *scan, level string, at int) *Group {
	k := topBefore(s, at)
	if k < 0 {
		return nil
	}
	g := &Group{Level: level, N: 1}
	if s.lex.groupPlurals[s.toks[at].norm] {
		g.N = 10
	}
	if n, ok := countBefore(s, at); ok {
		g.N = n
	}
	s.mark(k, k+1)
	s.mark(at, at+1)
	return g
}

// topBefore returns the token of a word of topWords right before token i,
// a number between them aside, or -1.
func topBefore(s *scan, i int) int {
	k := i - 1
	if k >= 0 && s.lex.isNumber(s.toks[k].norm) {
		k--
	}
	if k >= 0 && !s.used[k] && s.lex.topWords[s.toks[k].norm] {
		return k
	}
	return -1
}
