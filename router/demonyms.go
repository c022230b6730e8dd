package router

import "strings"

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

// townAdjective reads the adjective of a town just before a type noun
// ("Kieler Museen", "Dresdner Bibliotheken", "Amsterdamse musea"), written
// with a capital, as that town, when the question names no place: the
// adjective with an ending of townAdjectiveEndings put back to the town's
// (the ending's value) is a town the data names.
func (g *gazetteer) townAdjective(s *scan, c *Constraints) {
	if len(c.Places) > 0 {
		return
	}
	for i := 0; i+1 < len(s.toks); i++ {
		t := s.toks[i]
		if s.used[i] || !t.upper || !typeWordAt(s, i+1) {
			continue
		}
		if town, ok := g.townOfAdjective(t.norm); ok {
			town.Text = s.original(i, i+1)
			c.Places = append(c.Places, town)
			s.mark(i, i+1)
			return
		}
	}
}

// townOfAdjective is the town whose adjective w is, by the endings of
// townAdjectiveEndings in their order: w without the ending, or with
// the ending's value in its place ("Kieler": Kiel; "Dresdner": Dresden).
func (g *gazetteer) townOfAdjective(w string) (Place, bool) {
	var guessed *Place
	for _, e := range g.lex.townAdjectiveEndings {
		stem, ok := strings.CutSuffix(w, e.words)
		if !ok || len(stem) < 3 {
			continue
		}
		for _, town := range []string{stem, stem + e.value} {
			for _, cand := range g.places[town] {
				switch {
				case cand.place.Level != LevelCity:
				case !cand.inferred:
					return cand.place, true
				case guessed == nil:
					guessed = &cand.place
				}
			}
		}
	}
	if guessed != nil {
		return *guessed, true // a town the data guessed from names
	}
	return Place{}, false
}
