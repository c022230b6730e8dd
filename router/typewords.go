package router

import (
	"slices"
	"sort"
	"strings"
)

// This file holds the passes that make routing tolerant of type words the
// exact tables miss: misspelt type words, German and Dutch compounds
// ("Eisenbahnmuseen", "spoorwegmusea"), and plural type nouns that signal a
// list without a question word.

// splitCompound splits a compound type word into its modifier and head
// ("eisenbahnmuseen" → "eisenbahn", museen). The modifier must have at
// least three letters.
func (lex *Lexicon) splitCompound(w string) (mod string, code string, plural bool, ok bool) {
	for _, h := range lex.compoundHeads {
		if len(w) >= len(h.suffix)+3 && strings.HasSuffix(w, h.suffix) {
			return w[:len(w)-len(h.suffix)], h.code, h.plural, true
		}
	}
	return "", "", false, false
}

// splitMisspeltCompound splits a compound whose head of five letters or
// more is one edit away ("kunstmuesen" → "kunst", museen). The modifier
// must have at least four letters.
func (lex *Lexicon) splitMisspeltCompound(w string) (mod string, code string, plural bool, ok bool) {
	for _, h := range lex.compoundHeads {
		if len(h.suffix) < 5 {
			continue
		}
		for _, n := range []int{len(h.suffix), len(h.suffix) - 1, len(h.suffix) + 1} {
			if len(w) < n+4 {
				continue
			}
			if osa(w[len(w)-n:], h.suffix, 1) <= 1 {
				return w[:len(w)-n], h.code, h.plural, true
			}
		}
	}
	return "", "", false, false
}

// typeWordList is the one-word type vocabulary for typo correction.
func (lex *Lexicon) buildTypeWordList() []string {
	var out []string
	for w := range lex.typeWords {
		if !strings.Contains(w, " ") && len(w) >= 5 {
			out = append(out, w)
		}
	}
	sort.Strings(out)
	return out
}

// fuzzyType returns the type word a misspelt word stands for: one edit
// (a transposition counts as one) for words of five letters or more, two
// for nine or more.
func (lex *Lexicon) fuzzyType(w string) (string, bool) {
	if len(w) < 5 || lex.plainWord(w) || lex.fuzzyTypeStop[w] || lex.typeWords[w] != "" {
		return "", false
	}
	maxD := 1
	if len(w) >= 9 {
		maxD = 2
	}
	best, bestD := "", maxD+1
	for _, t := range lex.typeWordList {
		// on a tie a word with the same ending wins, then the longer one (a
		// dropped letter is the commonest typo)
		if d := osaAtMost(w, t, maxD); d < bestD || d == bestD && tieBetter(w, t, best) {
			best, bestD = t, d
		}
	}
	return best, bestD <= maxD
}

func tieBetter(w, t, best string) bool {
	if best == "" {
		return true
	}
	te, be := t[len(t)-1] == w[len(w)-1], best[len(best)-1] == w[len(w)-1]
	if te != be {
		return te
	}
	return len(t) > len(best)
}

// typeOfWord reads a word as a type: exactly, as a compound head or as a
// misspelt type word. It returns the code and whether the word is plural.
func (lex *Lexicon) typeOfWord(w string) (code string, plural bool, ok bool) {
	if c, ok := lex.typeWords[w]; ok {
		return c, lex.pluralTypeWords[w], true
	}
	if t, ok := lex.fuzzyType(w); ok {
		return lex.typeWords[t], lex.pluralTypeWords[t], true
	}
	return "", false, false
}

// compounds reads free German and Dutch compounds whose head is a type
// word. The head gives the type; a modifier that is a known topic
// ("Eisenbahn", "spoorweg", "Luftfahrt") gives the subjects. It reports
// whether a plural compound was read.
func (g *gazetteer) compounds(s *scan, c *Constraints) (plural bool) {
	for i, t := range s.toks {
		if s.used[i] || s.lex.typeWords[t.norm] != "" {
			continue
		}
		mod, code, pl, ok := s.lex.splitCompound(t.norm)
		if ok && pl && t.possessive {
			// "Rijksmuseum's ISIL": one institution, named
			continue
		}
		if !ok {
			// a misspelt head ("Kunstmuesen") counts when the modifier is
			// a known topic
			if mod, code, pl, ok = s.lex.splitMisspeltCompound(t.norm); !ok || g.topicOf(mod) == nil {
				continue
			}
		}
		vals := g.topicOf(mod)
		if vals == nil && !pl {
			// a singular compound with an unknown modifier is more often a
			// name ("Stadtmuseum") than a type
			continue
		}
		c.TypeCodes = appendUnique(c.TypeCodes, code)
		if vals == nil {
			g.compoundModifier(s, c, i, mod)
		}
		if vals != nil {
			subj := append(append([]string(nil), c.Subjects...), vals...)
			slices.Sort(subj)
			c.Subjects = slices.Compact(subj)
			if c.Topic == "" {
				c.Topic = s.original(i, i+1)
			}
		}
		s.mark(i, i+1)
		plural = plural || pl
	}
	return plural
}

// compoundModifier reads the modifier of a plural compound of a kind at
// token i that names no topic: a governance (governanceModifiers:
// "Universitätsbibliotheken"), or else a condition no rule reads
// ("Stadtbibliotheken"), so that a list of the kind is not exact. A
// compound that is a governance phrase whole is read as one elsewhere.
func (g *gazetteer) compoundModifier(s *scan, c *Constraints, i int, mod string) {
	if _, whole := s.lex.governancePhrases[s.toks[i].norm]; whole {
		return
	}
	for _, m := range s.lex.modifierForms(mod) {
		if codes, ok := s.lex.governanceModifiers[m]; ok {
			for _, code := range codes {
				c.GovernanceCodes = appendUnique(c.GovernanceCodes, code)
			}
			return
		}
	}
	s.unreadCues = append(s.unreadCues, s.original(i, i+1))
}

// pluralType reports whether a free token is a plural type noun, exactly
// or misspelt.
func pluralType(s *scan) bool {
	for i, t := range s.toks {
		if s.used[i] {
			continue
		}
		if _, pl, ok := s.lex.typeOfWord(t.norm); ok && pl && !germanGenitive(s, i) && !t.possessive {
			return true
		} else if ok && i > 0 && s.lex.distributives[s.toks[i-1].norm] {
			// "every museum", "jedes Museum": all of a kind, as a plural
			return true
		}
		// German "die Archive" is archives; English "archive" is one
		if s.lex.pluralAfterArticle[t.norm] && i > 0 && s.lex.pluralArticles[s.toks[i-1].norm] {
			return true
		}
	}
	return false
}

// germanGenitive reports whether token i, a German noun in -s, follows
// "des" or "eines", an adjective between them aside: "des Deutschen
// Museums" is one museum, not museums.
func germanGenitive(s *scan, i int) bool {
	if !strings.HasSuffix(s.toks[i].norm, "s") {
		return false
	}
	for k := i - 1; k >= 0 && k >= i-2; k-- {
		if s.lex.genitiveArticles[s.toks[k].norm] {
			return true
		}
		if !slices.ContainsFunc(s.lex.genitiveAdjectiveEndings, func(e string) bool { return strings.HasSuffix(s.toks[k].norm, e) }) {
			return false
		}
	}
	return false
}
