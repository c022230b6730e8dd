package router

import (
	"slices"
	"strings"
)

// relationCue finds the relation asked for and where its cue ends.
func relationCue(s *scan) (rel string, end int) {
	best := -1
	var buf [32]int
	for _, k := range s.lex.partOfCueList.exact(s, buf[:0]) {
		c := s.lex.partOfCues[k]
		if i := s.find(c); i >= 0 && (best < 0 || i < best) && s.free(i, i+len(strings.Fields(c))) && !fieldWordAt(s, i-1) && !verbAfterMarker(s, c, i) && !fieldAfter(s, i+len(strings.Fields(c))) {
			best, rel, end = i, "part_of", i+len(strings.Fields(c))
		}
	}
	for _, k := range s.lex.operatedByCueList.exact(s, buf[:0]) {
		c := s.lex.operatedByCues[k]
		if i := s.find(c); i >= 0 && (best < 0 || i < best) && s.free(i, i+len(strings.Fields(c))) {
			best, rel, end = i, "operated_by", i+len(strings.Fields(c))
		}
	}
	if best >= 0 {
		return rel, end
	}
	// one typo in a one-word cue ("beloong", "opreated")
	for i, t := range s.toks {
		if len(t.norm) < 6 || s.lex.knownWords[t.norm] || s.lex.plainWord(t.norm) {
			continue
		}
		for _, c := range s.lex.relationTypoCues {
			if abs(len(c.first)-len(t.norm)) > 1 || osa(c.first, t.norm, 1) > 1 {
				continue
			}
			if c.next == "" {
				return c.rel, i + 1
			}
			if n, ok := s.matchAt(i+1, c.next); ok {
				return c.rel, i + 1 + n
			}
		}
	}
	return "", 0
}

// buildRelationCues indexes partOfCues and operatedByCues, and reads
// which relation cues may be misspelt.
func (lex *Lexicon) buildRelationCues() {
	lex.partOfCueList = phraseList(lex.partOfCues)
	lex.operatedByCueList = phraseList(lex.operatedByCues)
	lex.relationTypoCues = lex.buildRelationTypoCues()
}

// relationTypoCues are the relation cues, in order, whose first word is
// long enough to be read with one typo: that word, the rest of the cue
// and the relation.
func (lex *Lexicon) buildRelationTypoCues() []struct{ first, next, rel string } {
	var out []struct{ first, next, rel string }
	for _, cues := range []struct {
		rel  string
		list []string
	}{{"part_of", lex.partOfCues}, {"operated_by", lex.operatedByCues}} {
		for _, c := range cues.list {
			if w, next, _ := strings.Cut(c, " "); len(w) >= 6 {
				out = append(out, struct{ first, next, rel string }{w, next, cues.rel})
			}
		}
	}
	return out
}

// housesCue returns where a "housed in" phrase ends, or -1.
func housesCue(s *scan) int {
	for _, c := range s.lex.housesCues {
		if i := s.find(c); i >= 0 {
			return i + len(strings.Fields(c))
		}
	}
	// a question word, a do-form, the name and the verb last
	n := len(s.toks)
	if n > 2 && s.lex.houseVerbs[s.toks[n-1].norm] && s.hasAny(s.lex.doForms...) {
		return n
	}
	// a question word with the container's kind, the name and the passive verb
	if n > 3 && s.lex.housedParticiples[s.toks[n-1].norm] &&
		s.hasAny(s.lex.inWhichCues...) {
		return n
	}
	return -1
}

// housesCueOutsideNames reports whether a cue housesCue reads lies
// outside the names read: "Newarke Houses Museum" names a museum and asks
// nothing about what it houses.
func housesCueOutsideNames(s *scan) bool {
	for _, c := range s.lex.housesCues {
		for i := range s.toks {
			if n, ok := s.matchAt(i, c); ok && s.free(i, i+n) {
				return true
			}
		}
	}
	n := len(s.toks)
	return s.lex.housedEnds[s.toks[n-1].norm] && s.free(n-1, n)
}

// housedBy reports whether the question asks what houses the named
// institution: an active "houses" cue stands before the name. Otherwise
// (the passive before the name, or the active verb after it) it asks
// what the named one houses.
func housedBy(s *scan, name string) bool {
	// a preposition of containing and a question word before the cue
	// ask for the container.
	for _, c := range s.lex.housesCues {
		if i := s.find(c); i >= 0 {
			if j := i + len(strings.Fields(c)); j < len(s.toks) && s.lex.whWords[s.toks[j].norm] {
				return true
			}
		}
	}
	if slices.ContainsFunc(s.lex.inWhichCues, func(c string) bool { return s.find(c) == 0 }) {
		return true
	}
	text := strings.ToLower(s.text)
	at := strings.Index(text, strings.ToLower(name))
	for _, verb := range s.lex.activeHousesVerbs {
		if i := strings.Index(text, " "+verb+" "); i >= 0 && at > i {
			return true
		}
	}
	return false
}

// partsKeywords reports keywords that end or start with a word for an
// institution's parts, not a kind ("… sites", "members …", "… Mitglieder"):
// they ask for the parts of what they name.
func partsKeywords(s *scan) bool {
	n := len(s.toks)
	if n < 2 || anyWhWord(s) {
		return false
	}
	parts := func(w string) bool { return !s.lex.pluralKind(w) && slices.Contains(s.lex.childrenWords, w) }
	return parts(s.toks[n-1].norm) || parts(s.toks[0].norm)
}

// fieldWordAt reports a word that names a field at token i: a cue of
// belonging right after it joins the field to its institution ("which
// website belongs to X"), not members to a body.
// fieldAfter reports a field word, or a word of opening or closing, at
// token j, an article aside: what a cue of belonging joins a field to
// ("hoort bij de opening") is no institution.
func fieldAfter(s *scan, j int) bool {
	j = afterArticle(s, j)
	return j < len(s.toks) && (fieldWordAt(s, j) || s.lex.openWords[s.toks[j].norm] || s.lex.closeWords[s.toks[j].norm])
}

func fieldWordAt(s *scan, i int) bool {
	if i < 0 {
		return false
	}
	_, ok := s.lex.trailingFields[s.toks[i].norm]
	return ok
}
