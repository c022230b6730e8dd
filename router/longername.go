package router

import "strings"

// longerName is the capitalised run around the one name a question reads
// when the run holds more words that the question reads as nothing but a
// kind or a subject, or not at all ("Abbey Grange Musuem And Gardens"
// around "Grange Museum"): the name of an institution the data does not
// hold, or "" when there is none. A run that is whole a record's name,
// or that the question writes all in lower case, is none.
func (g *gazetteer) longerName(s *scan, c *Constraints) string {
	if s.lower || len(c.Names) != 1 {
		return ""
	}
	i, j := tokenSpan(s, c.Names[0].Text)
	if i < 0 {
		return ""
	}
	taken := takenTokens(s, c)
	a, b := i, j
	for a > 0 && spaced(s, a-1) && looseNameWord(s, a-1, taken) {
		a--
	}
	for {
		if b < len(s.toks) && spaced(s, b-1) && looseNameWord(s, b, taken) {
			b++
		} else if b+1 < len(s.toks) && spaced(s, b-1) && spaced(s, b) && s.lex.nameStop[s.toks[b].norm] && looseNameWord(s, b+1, taken) {
			b += 2
		} else {
			break
		}
	}
	if a == i && b == j || !wordsBeyond(s, a, i, j, b, c.Names[0].Name) {
		return ""
	}
	if _, ok := g.findName(s.key(a, b)); ok {
		return ""
	}
	return s.original(a, b)
}

// wordsBeyond reports whether a word of the run [a, b) outside the name
// read [i, j) is no word of the record's name: a word that is one says
// nothing new ("Cyfarthfa Castle" of "Cyfarthfa Castle Museum").
func wordsBeyond(s *scan, a, i, j, b int, name string) bool {
	words := map[string]bool{}
	for _, w := range strings.Fields(normalize(name)) {
		words[w] = true
	}
	for k := a; k < b; k++ {
		if (k < i || k >= j) && !s.lex.nameStop[s.toks[k].norm] && !words[s.toks[k].norm] {
			return true
		}
	}
	return false
}

// looseNameWord reports whether token k may be a word of a name around
// one read: capitalised (the question's first word not, when it is a
// frequent word of the languages read), read as no place, body or
// identifier, and a word of a subject or a word the rules do not know,
// nor one edit from one they do (a misspelt cue).
func looseNameWord(s *scan, k int, taken []bool) bool {
	t := s.toks[k]
	if !t.upper || taken[k] || k == 0 && s.lex.frequentWords[t.norm] {
		return false // the first word has its capital from the sentence
	}
	return s.lex.subjectWord(t.norm) || !s.lex.knownWords[t.norm] && !s.lex.isNumeric(t.norm) && !s.lex.nearKnown(t.norm)
}

// spaced reports whether tokens k and k+1 stand with only spaces between
// them: a comma, a dash or a bracket ends a run.
func spaced(s *scan, k int) bool {
	return strings.TrimSpace(s.text[s.toks[k].end:s.toks[k+1].start]) == ""
}

// takenTokens marks the tokens of the places and bodies a question reads
// and of its identifiers.
func takenTokens(s *scan, c *Constraints) []bool {
	taken := make([]bool, len(s.toks))
	var texts []string
	for _, p := range c.Places {
		texts = append(texts, p.Text)
	}
	for _, b := range c.Bodies {
		texts = append(texts, b.Name)
	}
	for _, text := range texts {
		// every place the text stands, inside the name read too
		key := normalize(text)
		n := len(strings.Fields(key))
		for i := 0; n > 0 && i+n <= len(s.toks); i++ {
			if s.key(i, i+n) == key {
				for k := i; k < i+n; k++ {
					taken[k] = true
				}
			}
		}
	}
	for k, t := range s.toks {
		taken[k] = taken[k] || strings.ContainsAny(t.norm, "0123456789")
	}
	return taken
}

// tokenSpan is the tokens [i, j) the text covers in the question, or -1.
func tokenSpan(s *scan, text string) (int, int) {
	words := len(strings.Fields(normalize(text)))
	if words == 0 {
		return -1, -1
	}
	if i := s.find(normalize(text)); i >= 0 {
		return i, i + words
	}
	return -1, -1
}

// subjectWord reports a word that starts a surface form of the subject
// lexicon.
func (lex *Lexicon) subjectWord(w string) bool {
	for _, p := range lex.phrases[w] {
		if strings.HasPrefix(p.table, "subject") {
			return true
		}
	}
	return false
}
