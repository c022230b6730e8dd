package router

import (
	"slices"
	"strings"
)

// ageCue reads tokens i and i+1 as a comparison of opening years with
// what follows them: a pair cue of opening and "than" ("older than",
// "später als", "jonger dan"), or a verb of opening and "before" or
// "after" ("opened before"). earlier is set when what is asked for
// opened first.
func ageCue(s *scan, i int) (earlier, ok bool) {
	if i < 0 || i+1 >= len(s.toks) {
		return false, false
	}
	w, next := s.toks[i].norm, s.toks[i+1].norm
	if p, cue := s.lex.pairCues[w]; cue && p.Attribute == "opened" && s.lex.thanWords[next] {
		return !p.Highest, true
	}
	if p, cue := s.lex.pairCues[next]; cue && s.lex.openWords[w] && s.lex.openedOrderCues[next] {
		return !p.Highest, true
	}
	return false, false
}

// pairShape reports a comparison of two named things: a pair cue (one
// typo allowed) and a word joining two alternatives.
func pairShape(s *scan) bool {
	cue, join := false, false
	for i, t := range s.toks {
		if i+1 < len(s.toks) && s.lex.isNumeric(s.toks[i+1].norm) || timeInWords(s, i) {
			continue // "opened after 1990", "… after WWII", "… after the war" compare with years, not a second institution
		}
		join = join || s.lex.pairJoins[t.norm]
		if _, ok := s.lex.pairCueWord(t.norm); ok {
			cue = true
		}
	}
	return cue && join
}

// twoNamed reports a question about two named institutions: a
// comparison on one attribute (a comparative between two names) or on
// none (a verb of comparing before two names, not before a kind and two
// places).
func twoNamed(s *scan) bool {
	return pairShape(s) || profileAsked(s) && !pluralType(s)
}

// timeInWords reports whether token i starts or lies in a span of years
// written in words ("after WWII") or a time set by a war the words do not
// name ("after the war").
func timeInWords(s *scan, i int) bool {
	for _, w := range s.written {
		if w.start <= i && i < w.end {
			return true
		}
	}
	_, ok := unnamedWar(s, i)
	return ok
}

// pairCueWord reads a pair cue, allowing one typo in words of six letters
// or more ("eqrlier", "oldre").
func (lex *Lexicon) pairCueWord(w string) (Pair, bool) {
	if p, ok := lex.pairCues[w]; ok {
		return p, true
	}
	if len(w) < 5 || lex.knownWords[w] || lex.plainWord(w) {
		return Pair{}, false
	}
	for _, c := range lex.pairTypoCues {
		if abs(len(c.cue)-len(w)) <= 1 && osa(c.cue, w, 1) <= 1 {
			return c.pair, true
		}
	}
	return Pair{}, false
}

// buildPairTypoCues makes pairTypoCues: the pair cues of five letters or
// more, in order, which pairCueWord reads with one typo.
func (lex *Lexicon) buildPairTypoCues() []pairCueOf {
	var out []pairCueOf
	for cue, p := range lex.pairCues {
		if len(cue) >= 5 {
			out = append(out, pairCueOf{cue, p})
		}
	}
	slices.SortFunc(out, func(a, b pairCueOf) int { return strings.Compare(a.cue, b.cue) })
	return out
}

// pairCueOf is a pair cue and the attribute it compares.
type pairCueOf struct {
	cue  string
	pair Pair
}

func pairCue(s *scan) (Pair, bool) {
	for i, t := range s.toks {
		if _, exact := s.lex.pairCues[t.norm]; !exact && s.used[i] {
			continue // a word of a name read, not a misspelt cue ("The Cater Museum")
		}
		if parentBeside(s, i, i+1) {
			continue // what the institution belongs to, no comparison
		}
		if p, ok := s.lex.pairCueWord(t.norm); ok {
			if p.Attribute == "opened" {
				for _, u := range s.toks {
					if s.lex.closeWords[u.norm] {
						p.Attribute = "closed"
					}
				}
			}
			return p, true
		}
	}
	return Pair{}, false
}
