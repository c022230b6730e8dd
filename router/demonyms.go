package router

// demonymPlace reads a country's or nation's adjective just before a type
// noun, or one word before it ("German archives", "Scottish art
// galleries"), or before a kind of place ("Which English county …"), as
// that place, when the question names no other place. When it names
// others, the adjective is kept in s.demonym: nestPlaces reads it as
// where they lie ("German libraries in Bremen").
func demonymPlace(s *scan, c *Constraints) {
	named := len(c.Places) > 0
	for i := 0; i+1 < len(s.toks); i++ {
		pl, ok := s.lex.demonyms[s.toks[i].norm]
		if code, foreign := s.lex.foreignDemonyms[s.toks[i].norm]; foreign && !named {
			pl, ok = Place{Name: code, Level: LevelCountry}, true
		}
		if !ok || s.used[i] {
			continue
		}
		j := i + 1
		if !typeWordAt(s, j) && j+1 < len(s.toks) && !s.used[j] {
			j++
		}
		// A nation's adjective before a kind of place (an English
		// county) is a kind of place of the nation's. One institution
		// after an article (a German "das Deutsche Museum", "the
		// Scottish Museum of …") is a name.
		if _, plural, ok := s.lex.typeOfWord(s.toks[j].norm); ok && !plural && i > 0 && s.lex.articles[s.toks[i-1].norm] {
			continue
		}
		if typeWordAt(s, j) || s.lex.placeQualifiers[s.toks[i+1].norm] {
			pl.Text = s.original(i, i+1)
			if named {
				s.demonym = &pl
			} else {
				c.Places = append(c.Places, pl)
			}
			s.mark(i, i+1)
			return
		}
	}
}

// demonymOf reports a country's or nation's adjective.
func (lex *Lexicon) demonymOf(w string) bool {
	_, ok := lex.demonyms[w]
	return ok
}
