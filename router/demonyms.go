package router

// demonyms are the adjectives of the countries and nations a type noun
// may follow ("German archives", "Scottish museums", "Nederlandse musea").
var demonyms = map[string]Place{
	"german": {Name: "DE", Level: LevelCountry}, "deutsche": {Name: "DE", Level: LevelCountry},
	"deutschen": {Name: "DE", Level: LevelCountry}, "deutscher": {Name: "DE", Level: LevelCountry},
	"duitse": {Name: "DE", Level: LevelCountry},
	"dutch":  {Name: "NL", Level: LevelCountry}, "nederlandse": {Name: "NL", Level: LevelCountry},
	"niederlandische": {Name: "NL", Level: LevelCountry}, "niederlandischen": {Name: "NL", Level: LevelCountry},
	"british": {Name: "GB", Level: LevelCountry}, "britse": {Name: "GB", Level: LevelCountry},
	"britische": {Name: "GB", Level: LevelCountry}, "britischen": {Name: "GB", Level: LevelCountry},
	"scottish": {Name: "Scotland", Level: LevelRegion}, "schotse": {Name: "Scotland", Level: LevelRegion},
	"schottische": {Name: "Scotland", Level: LevelRegion}, "schottischen": {Name: "Scotland", Level: LevelRegion},
	"welsh": {Name: "Wales", Level: LevelRegion}, "walisische": {Name: "Wales", Level: LevelRegion},
	"walisischen": {Name: "Wales", Level: LevelRegion}, "welshe": {Name: "Wales", Level: LevelRegion},
	"english": {Name: "England", Level: LevelRegion}, "engelse": {Name: "England", Level: LevelRegion},
	"englische": {Name: "England", Level: LevelRegion}, "englischen": {Name: "England", Level: LevelRegion},
	"cornish": {Name: "Cornwall", Level: LevelCounty}, "bavarian": {Name: "Bavaria", Level: LevelRegion},
	"bayerische": {Name: "Bavaria", Level: LevelRegion}, "bayerischen": {Name: "Bavaria", Level: LevelRegion},
}

// demonymPlace reads a country's or nation's adjective just before a type
// noun, or one word before it ("German archives", "Scottish art
// galleries"), or before a kind of place ("Which English county …"), as
// that place, when the question names no other place. When it names
// others, the adjective is kept in s.demonym: nestPlaces reads it as
// where they lie ("German libraries in Bremen").
func demonymPlace(s *scan, c *Constraints) {
	named := len(c.Places) > 0
	for i := 0; i+1 < len(s.toks); i++ {
		pl, ok := demonyms[s.toks[i].norm]
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
		// "Which English county has the most museums?": a kind of
		// place of the nation's. One institution after an article ("das
		// Deutsche Museum", "the Scottish Museum of …") is a name.
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
func demonymOf(w string) bool {
	_, ok := demonyms[w]
	return ok
}
