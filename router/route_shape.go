package router

import (
	"slices"
	"strings"
)

// fieldShape reports whether the question asks for a field (a question
// word of place or time with one institution), which is a field of one
// institution. It leaves the scan as it was, and keeps the field read
// in s.field.
func fieldShape(s *scan) bool {
	used := slices.Clone(s.used)
	s.field = field(s)
	s.used = used
	return s.field != ""
}

// indefiniteName reports a name read right after an indefinite article
// ("a Toy Museum").
func indefiniteName(s *scan, m NameMatch) bool {
	at := s.find(normalize(m.Text))
	return at > 0 && s.lex.indefinites[s.toks[at-1].norm]
}

// namedAfterWhere reports a name after a phrase asking where to find
// something: capitalised words that end with a kind of institution in
// the singular, which ask where one institution is, not where to go for
// a kind.
func namedAfterWhere(s *scan) bool {
	if s.lower {
		return false
	}
	for i := 1; i < len(s.toks); i++ {
		if _, plural, ok := s.lex.typeOfWord(s.toks[i].norm); ok && !plural && s.toks[i].upper && s.toks[i-1].upper && !s.used[i-1] {
			return true
		}
	}
	return false
}

// whereCanI reports a question for the places to go for something
// ("where can I see", "wo kann man … sehen", "waar kan ik … zien"): a
// list, unless it names an institution, which the router reads later as
// a field of it. A place put right after the cue's question word, a
// locative and up to maxFrontedPlace words ("where in P can I"), is read
// as if it came later.
func whereCanI(s *scan) bool {
	return slices.ContainsFunc(s.lex.whereCanICues, func(p string) bool { return s.findAround(p) >= 0 })
}

// maxFrontedPlace is the most words a place put inside a phrase may have.
const maxFrontedPlace = 4

// findAround is find, or else the first token of the phrase said with a
// locative and a place of up to maxFrontedPlace words after its first
// word; -1 when neither occurs.
func (s *scan) findAround(phrase string) int {
	if at := s.find(phrase); at >= 0 {
		return at
	}
	first, rest, _ := strings.Cut(phrase, " ")
	for i := 0; i+3 < len(s.toks) && rest != ""; i++ {
		if s.toks[i].norm != first || !s.lex.locatives[s.toks[i+1].norm] {
			continue
		}
		for j := i + 3; j <= i+2+maxFrontedPlace && j < len(s.toks); j++ {
			if _, ok := s.matchAt(j, rest); ok {
				return i
			}
		}
	}
	return -1
}

// kindDescribed reports an indefinite article or "any" before a kind of
// institution within three words ("a toy museum", "an archive", "any
// railway museums", "ein Museum", "een archief").
func kindDescribed(s *scan) bool {
	for i, t := range s.toks {
		if !s.lex.indefinites[t.norm] && !s.lex.kindQuantifiers[t.norm] {
			continue
		}
		for j := i + 1; j < len(s.toks) && j <= i+3; j++ {
			if typeWordAt(s, j) {
				return true
			}
		}
	}
	return false
}

// whichFieldIs reports a question that starts "Which <field> is …"
// (or "Welche Stadt ist …", "Welk land is …"): it asks for one field,
// as "what <field>" does, not for a list of institutions.
func whichFieldIs(s *scan) bool {
	if len(s.toks) < 4 || !s.lex.whichWords[s.toks[0].norm] {
		return false
	}
	_, isField := s.lex.trailingFields[s.toks[1].norm]
	return isField && s.lex.singularCopulas[s.toks[2].norm]
}

// fieldOf is field(s), read again: a word the names read since is no
// cue of a field.
func fieldOf(s *scan) string { return field(s) }

// existenceOfType reports an existence question with a type noun within
// three words of its article ("is there a", "is er een"), or an
// existence opener with an article and a kind after other words: whether
// a set has members.
func existenceOfType(s *scan) bool {
	if len(s.toks) > 2 && s.lex.existenceFirsts[s.toks[0].norm] && s.lex.existenceSeconds[s.toks[1].norm] {
		// the opener, a place or another phrase, then an indefinite
		// article and a kind ("is er … een", "is there … a")
		for k := 2; k < len(s.toks)-1 && k < 8; k++ {
			if s.lex.indefinite[s.toks[k].norm] && (typeWordAt(s, k+1) || k+2 < len(s.toks) && typeWordAt(s, k+2)) {
				return true
			}
		}
	}
	for _, cue := range s.lex.existenceCues {
		i := s.find(cue)
		if i < 0 {
			continue
		}
		from := i + strings.Count(cue, " ") + 1
		for k := from; k < len(s.toks) && k < from+3; k++ {
			if typeWordAt(s, k) {
				return true
			}
		}
	}
	return false
}

// existenceAsked reports a question whether institutions of a kind are
// somewhere, not which: an existence opener ("are there", "gibt es",
// "zijn er"), or a place with a verb of having (see placeHasType).
func existenceAsked(s *scan) bool {
	if len(s.toks) >= 2 && s.lex.existenceSeconds[s.toks[1].norm] {
		if s.lex.existenceFirsts[s.toks[0].norm] {
			return true
		}
	}
	return existenceOfType(s) || placeHasType(s)
}

// placeHasType reports a question whether a place has institutions of
// a kind: the place right after the verb that opens the question ("does
// … have", "has … got", "hat", "heeft") and a type noun within four
// words after it.
func placeHasType(s *scan) bool {
	if len(s.toks) < 3 || len(s.placeSpans) == 0 {
		return false
	}
	if !s.lex.placeHasVerbs[s.toks[0].norm] {
		return false
	}
	sp := s.placeSpans[0]
	if sp[0] != 1 && !(sp[0] == 2 && s.lex.articles[s.toks[1].norm]) {
		return false
	}
	for k := sp[1]; k < len(s.toks) && k < sp[1]+4; k++ {
		if typeWordAt(s, k) {
			return true
		}
	}
	return false
}
