package router

import (
	"slices"
	"strings"
)

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
// question; 0 when there is none. A preamble is the words before a
// question word or such a word that address the reader: at least two
// with a word of a person among them (personWords: "you", "me", "ich"),
// or any number with a request among them (requestWords: "establish",
// "ermittle"; requestOpeners: "I'd like"). No word of it is capitalised inside the sentence, a
// number, a word of a subject, or a word of a lexicon table that says
// something of what is asked.
func preambleEnd(s *scan) (k int, yesNo bool) {
	for k = 1; k < len(s.toks)-1 && k < maxPreamble; k++ {
		var stop bool
		if stop, yesNo = preambleStop(s, k); stop {
			break
		}
	}
	if k >= len(s.toks)-1 || k >= maxPreamble {
		return 0, false
	}
	person := false
	for i, t := range s.toks[:k] {
		// a word no rule knows may be a name or a place ("Dunbar list
		// of museums"): words addressed to the reader are known ones
		if s.used[i] || i > 0 && t.upper && !s.lex.personWords[t.norm] || strings.ContainsAny(t.norm, "0123456789") || !s.lex.knownWords[t.norm] ||
			s.lex.subjectStems[stem(t.norm)] {
			return 0, false // a word of a subject says what is asked about
		}
		person = person || s.lex.personWords[t.norm]
	}
	// the spans of the preamble's words that say something of what is
	// asked, and of its requests, whose words may say something alone
	// ("na" of "ga na")
	var content, request [][2]int
	lexiconSpans(s, func(i, j int, _, slot, _ string) {
		if i >= k {
			return
		}
		sl, table, _ := strings.Cut(slot, ":")
		switch {
		case (table == tableRequestWords || table == tableRequestOpeners) && j <= k:
			request = append(request, [2]int{i, j})
		case sl != slotQuestion && sl != slotConjunction:
			content = append(content, [2]int{i, j})
		}
	})
	for _, c := range content {
		if !slices.ContainsFunc(request, func(r [2]int) bool { return r[0] <= c[0] && c[1] <= r[1] }) {
			return 0, false
		}
	}
	if len(request) == 0 && !(person && k >= 2) {
		return 0, false
	}
	return k, yesNo
}

// preambleStop reports whether the question proper starts at token k: a
// question word, a preposition before one ("in welchem Jahr"), or a word
// that opens an indirect yes/no question (yesNo). A complementizer that
// is also a preposition ("of") opens a yes/no question right after a
// request only: elsewhere it joins a field word to a name more often.
func preambleStop(s *scan, k int) (stop, yesNo bool) {
	w := s.toks[k].norm
	// after an article and a noun it opens a relative clause ("the name
	// that X goes by")
	relative := k >= 2 && s.lex.articles[s.toks[k-2].norm]
	yesNo = s.lex.complementizers[w] && (!s.lex.prepositionJoins[w] || requestEndsAt(s, k)) && !politeCondition(s, k) && !relative
	whNext := k+1 < len(s.toks) && s.lex.whWords[s.toks[k+1].norm] && s.lex.locatives[w]
	return s.lex.whWords[w] || whNext || yesNo, yesNo
}

// tableRequestWords and tableRequestOpeners are the lexicon tables of
// requests (Lexicon.requestWords, Lexicon.requestOpeners).
const (
	tableRequestWords   = "requestWords"
	tableRequestOpeners = "requestOpeners"
)

// requestEndsAt reports whether a phrase of requestWords ends right
// before token k. After an article the phrase is a noun ("the name of").
func requestEndsAt(s *scan, k int) bool {
	for i := max(0, k-maxRequestWords); i < k; i++ {
		if i > 0 && s.lex.articles[s.toks[i-1].norm] {
			continue
		}
		for _, p := range s.lex.phrases[s.toks[i].norm] {
			if p.table == tableRequestWords && i+len(p.words) == k && wordsAt(s.toks, i, p.words) {
				return true
			}
		}
	}
	return false
}

// maxRequestWords bounds the words of a phrase of requestWords.
const maxRequestWords = 3

// maxPreamble bounds the words a preamble may have.
const maxPreamble = 10

// politeCondition reports a complementizer at k that opens a condition
// of politeness addressed to the reader (a word of address and a polite
// modal after it): a request follows, not an indirect yes/no question.
func politeCondition(s *scan, k int) bool {
	return k+2 < len(s.toks) && s.lex.politeAddressees[s.toks[k+1].norm] && s.lex.politeModals[s.toks[k+2].norm]
}
