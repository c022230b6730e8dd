package router

import (
	"strings"
)

// collectionAsked reports, and consumes, whether a question asks what
// something collects: a question word and a free word of collecting
// (collections, Sammlungen, verzamelt), or "about" as the last word.
func collectionAsked(s *scan) bool {
	if !isWhQuestion(s) && !germanWhat(s) {
		return false
	}
	for i, t := range s.toks {
		if !s.used[i] && (s.lex.collectionWords[t.norm] || s.lex.heldWords[t.norm]) {
			s.mark(i, i+1)
			return true
		}
	}
	n := len(s.toks)
	return n > 2 && !s.used[n-1] && s.lex.topicEnds[s.toks[n-1].norm] && s.lex.topicQuestionWords[s.toks[0].norm]
}

// kindOfCollections reports a question for the kind of what an
// institution collects (a word of kind before a word of collections, in
// any language): its subjects, not its type.
func kindOfCollections(s *scan) bool {
	if !s.hasAny(s.lex.kindWords...) {
		return false
	}
	for _, cue := range s.lex.kindOfCues {
		if i := s.find(cue); i >= 0 {
			if k := i + len(strings.Fields(cue)); k < len(s.toks) && (s.lex.collectionWords[s.toks[k].norm] || s.lex.heldWords[s.toks[k].norm]) {
				return true
			}
		}
	}
	return false
}

// describeAsked reports whether a question asks to describe what it
// names: it opens with a describing phrase ("tell me about", "what is",
// "erzähl mir über") and no word after it is free but the name's
// articles.
// describeShort reports a question that opens with a describing phrase
// followed by at most eight words, none "in", "near" or the like
// (unknownPlaceCues) or a kind of institution, before any name is read:
// a question about one institution, so that words that name both a town
// and an institution are the institution. A superlative with a place
// after it is no such question.
func describeShort(s *scan) bool {
	for _, p := range s.lex.describeStarts {
		n := len(strings.Fields(p))
		if n >= len(s.toks) || len(s.toks) > n+8 || s.key(0, n) != p {
			continue
		}
		for _, t := range s.toks[n:] {
			if s.lex.unknownPlaceCues[t.norm] || s.lex.typeWords[t.norm] != "" {
				return false
			}
		}
		return true
	}
	return false
}

func describeAsked(s *scan) bool {
	for _, p := range s.lex.describeStarts {
		n := len(strings.Fields(p))
		if n > len(s.toks) || s.key(0, n) != p {
			continue
		}
		for i := n; i < len(s.toks); i++ {
			if !s.used[i] && !s.lex.nameStop[s.toks[i].norm] && !s.lex.describeArticles[s.toks[i].norm] {
				return false
			}
		}
		return true
	}
	return false
}

// historyAsked reports, and consumes, whether a question asks what
// happened to what it names: a question word, or "tell me", and a free
// word of change or history, in any language.
func historyAsked(s *scan) bool {
	i := historyCue(s)
	if i >= 0 {
		s.mark(i, i+1) // the cue is read: "changed" is no unknown word
	}
	return i >= 0
}

// changeAsked reports a question for how a set changed: a word of change
// ("changed", "veränderte", "evolved") or a word of opening and one of
// closing joined ("opened and closed", "geopend en gesloten"; not "closed
// museums … opened before 1950", nor "opened in the 1990s and are now
// closed"). It marks the words as read.
func changeAsked(s *scan) bool {
	if i := historyCue(s); i >= 0 {
		s.mark(i, i+1)
		return true
	}
	for i := 0; i+2 < len(s.toks); i++ {
		a, join, b := s.toks[i].norm, s.toks[i+1].norm, s.toks[i+2].norm
		if (s.lex.openWords[a] && s.lex.closeWords[b] || s.lex.closeWords[a] && s.lex.openWords[b]) && s.lex.elisionJoins[join] && !s.used[i] {
			s.mark(i, i+3)
			return true
		}
	}
	return false
}

// historyCue returns the token of historyAsked's cue, -1 when there is
// none; it marks nothing.
func historyCue(s *scan) int {
	if !isWhQuestion(s) && !s.hasAny(s.lex.tellMeCues...) && !germanWhat(s) {
		return -1
	}
	for i, t := range s.toks {
		if !s.used[i] && s.lex.historyWords[t.norm] {
			return i
		}
	}
	return -1
}

// germanWhat reports a question opened by German "was" (what), which is
// English "was" elsewhere.
func germanWhat(s *scan) bool {
	return len(s.toks) > 1 && s.lex.germanWhatWords[s.toks[0].norm] && s.lex.germanAfterWas[s.toks[1].norm]
}
