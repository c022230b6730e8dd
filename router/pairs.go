package router

import (
	"slices"
	"strings"
)

// pairCues name the attribute two institutions are compared on.
var pairCues = map[string]Pair{
	"first": {Attribute: "opened", Highest: false}, "earlier": {Attribute: "opened", Highest: false}, "older": {Attribute: "opened", Highest: false},
	"oldest": {Attribute: "opened", Highest: false}, "earliest": {Attribute: "opened", Highest: false}, "sooner": {Attribute: "opened", Highest: false},
	"eerst": {Attribute: "opened", Highest: false}, "eerste": {Attribute: "opened", Highest: false}, "eerder": {Attribute: "opened", Highest: false}, "ouder": {Attribute: "opened", Highest: false},
	"oudste": {Attribute: "opened", Highest: false}, "zuerst": {Attribute: "opened", Highest: false}, "fruher": {Attribute: "opened", Highest: false}, "alter": {Attribute: "opened", Highest: false},
	"alteste": {Attribute: "opened", Highest: false}, "eher": {Attribute: "opened", Highest: false}, "erste": {Attribute: "opened", Highest: false},
	"later": {Attribute: "opened", Highest: true}, "newer": {Attribute: "opened", Highest: true}, "younger": {Attribute: "opened", Highest: true}, "newest": {Attribute: "opened", Highest: true},
	"youngest": {Attribute: "opened", Highest: true}, "latest": {Attribute: "opened", Highest: true}, "jonger": {Attribute: "opened", Highest: true}, "nieuwer": {Attribute: "opened", Highest: true},
	"jongste": {Attribute: "opened", Highest: true}, "nieuwste": {Attribute: "opened", Highest: true}, "junger": {Attribute: "opened", Highest: true}, "neuer": {Attribute: "opened", Highest: true},
	"spater": {Attribute: "opened", Highest: true}, "jungste": {Attribute: "opened", Highest: true}, "neueste": {Attribute: "opened", Highest: true},
	"bigger": {Attribute: "size", Highest: true}, "larger": {Attribute: "size", Highest: true}, "biggest": {Attribute: "size", Highest: true}, "largest": {Attribute: "size", Highest: true},
	"groter": {Attribute: "size", Highest: true}, "grootste": {Attribute: "size", Highest: true}, "grosser": {Attribute: "size", Highest: true}, "grosste": {Attribute: "size", Highest: true},
	"smaller": {Attribute: "size", Highest: false}, "smallest": {Attribute: "size", Highest: false}, "kleiner": {Attribute: "size", Highest: false}, "kleinste": {Attribute: "size", Highest: false},
	"before": {Attribute: "opened", Highest: false}, "vor": {Attribute: "opened", Highest: false}, "voor": {Attribute: "opened", Highest: false}, "prior": {Attribute: "opened", Highest: false},
	"after": {Attribute: "opened", Highest: true}, "nach": {Attribute: "opened", Highest: true}, "na": {Attribute: "opened", Highest: true},
}

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
	if p, cue := pairCues[w]; cue && p.Attribute == "opened" && s.lex.thanWords[next] {
		return !p.Highest, true
	}
	if p, cue := pairCues[next]; cue && s.lex.openWords[w] && (next == "before" || next == "after") {
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
// comparison on one attribute ("Is A older than B?") or on none
// ("Compare A and B", not "Compare the maritime museums in Cornwall and
// Devon").
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
	if p, ok := pairCues[w]; ok {
		return p, true
	}
	if len(w) < 5 || lex.knownWords[w] {
		return Pair{}, false
	}
	for _, c := range pairTypoCues {
		if abs(len(c.cue)-len(w)) <= 1 && osa(c.cue, w, 1) <= 1 {
			return c.pair, true
		}
	}
	return Pair{}, false
}

// pairTypoCues are the pair cues of five letters or more, in order, which
// pairCueWord reads with one typo.
var pairTypoCues = func() []pairCueOf {
	var out []pairCueOf
	for cue, p := range pairCues {
		if len(cue) >= 5 {
			out = append(out, pairCueOf{cue, p})
		}
	}
	slices.SortFunc(out, func(a, b pairCueOf) int { return strings.Compare(a.cue, b.cue) })
	return out
}()

// pairCueOf is a pair cue and the attribute it compares.
type pairCueOf struct {
	cue  string
	pair Pair
}

func pairCue(s *scan) (Pair, bool) {
	for i, t := range s.toks {
		if _, exact := pairCues[t.norm]; !exact && s.used[i] {
			continue // a word of a name read, not a misspelt cue ("The Cater Museum")
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
