package router

import "strings"

// A question may open with words addressed to the reader that name
// nothing of what is asked, before a question word or a word that opens
// an indirect yes/no question: "Do you mind telling me which town …",
// "Darf ich fragen, ob …". The openers the lexicon lists are read by
// their own rules; this reads the ones it does not list, by their shape.

// The lexicon slots whose words say nothing of what is asked: the words
// of a question's shape and the words that join others. A preamble holds
// words of no other slot.
const (
	slotQuestion    = "question"
	slotConjunction = "conjunction"
)

// dropPreamble drops a preamble from the question's tokens (see
// preambleEnd). When an indirect yes/no question follows, the word that
// opens it goes too, and yesNoInside is set, as embeddedYesNo does for
// the openers the lexicon lists.
func dropPreamble(s *scan) {
	k, yesNo := preambleEnd(s)
	if k == 0 {
		return
	}
	if yesNo {
		k++
		s.yesNoInside = true
	}
	s.toks, s.used = s.toks[k:], s.used[k:]
	s.keysOK = false
}

// preambleEnd returns the token where the question proper starts after a
// preamble, and whether it is a word that opens an indirect yes/no
// question; 0 when there is none. A preamble is at least two words before
// a question word or such a word, with a word of a person among them
// (personWords: "you", "me", "ich"), and no word of it is capitalised
// inside the sentence, a number, or a word of a lexicon table that says
// something of what is asked.
func preambleEnd(s *scan) (k int, yesNo bool) {
	for k = 2; k < len(s.toks)-1 && k < maxPreamble; k++ {
		w := s.toks[k].norm
		// a complementizer that is also a preposition ("of") ends no
		// preamble: it joins a field word to a name more often
		yesNo = s.lex.complementizers[w] && !s.lex.prepositionJoins[w]
		if s.lex.whWords[w] || yesNo {
			break
		}
	}
	if k >= len(s.toks)-1 || k >= maxPreamble {
		return 0, false
	}
	person := false
	for i, t := range s.toks[:k] {
		if s.used[i] || i > 0 && t.upper && !s.lex.personWords[t.norm] || strings.ContainsAny(t.norm, "0123456789") {
			return 0, false
		}
		person = person || s.lex.personWords[t.norm]
	}
	if !person {
		return 0, false
	}
	content := false
	lexiconSpans(s, func(i, j int, _, slot, _ string) {
		if sl, _, _ := strings.Cut(slot, ":"); i < k && sl != slotQuestion && sl != slotConjunction {
			content = true
		}
	})
	if content {
		return 0, false
	}
	return k, yesNo
}

// maxPreamble bounds the words a preamble may have.
const maxPreamble = 8
