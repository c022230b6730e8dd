package router

import (
	"slices"
	"strings"
)

// nestPlaces moves to c.Within each place the question names beside a
// narrower one when the broader is a country, a region, a subregion or a
// county and the two are not joined by a coordinator: "libraries in
// Aalst in the Netherlands", "museums in Whitby, North Yorkshire", or
// a broader place after the kind and a narrower one after the verb, ask
// for the narrower place's records that lie in the broader one, not for
// the records of either (and the last may have none). Places joined by
// "and", "or" … ("museums in Leeds and York", "Kent or Wales"), and the
// places of a comparison (a verb of comparing, "more … than", "which
// has more"), stay places of their own. A nation's adjective
// the question also gives ("German libraries in Bremen", see
// demonymPlace) is such a place.
func (g *gazetteer) nestPlaces(s *scan, c *Constraints) {
	if len(c.Places) == 0 || s.lex.compareCueList.holds(s) || placesCoordinated(s) && !partOfNation(s, c) || moreThanAt(s) >= 0 || whichMore(s) {
		return
	}
	if d := s.demonym; d != nil && !slices.ContainsFunc(c.Places, func(p Place) bool { return s.lex.placeRank(p) <= s.lex.placeRank(*d) }) {
		// broader than every place named ("the English region North
		// East" names one place)
		c.Places = append(c.Places, *d)
	}
	if len(c.Places) < 2 {
		return
	}
	written := !slices.ContainsFunc(c.Places, func(p Place) bool { return normalize(p.Text) != normalize(p.Name) }) && placesApart(s)
	if written {
		g.townOfArea(c)
	}
	narrowest := 0
	for _, p := range c.Places {
		narrowest = max(narrowest, s.lex.nestRank(p))
	}
	// an area below a county (a unitary authority: "Penzance, Cornwall")
	// holds a town named beside it too, when both are read as written,
	// not as a misspelling guessed
	below := func(broad Place) bool {
		return written && slices.ContainsFunc(c.Places, func(p Place) bool { return g.townIn(p, broad) })
	}
	var keep []Place
	for _, p := range c.Places {
		if r := s.lex.nestRank(p); r < narrowest && (r <= rankCounty || below(p)) {
			c.Within = append(c.Within, p)
			continue
		}
		keep = append(keep, p)
	}
	c.Places = keep
}

// townOfArea reads the first of two places named apart ("Newport, Isle
// of Wight"), read as an area, as the town of that name when the town's
// records lie in the second place and the area does not: the second place
// says which town of the name is meant.
func (g *gazetteer) townOfArea(c *Constraints) {
	if len(c.Places) != 2 || c.Places[0].Level != LevelAdmin {
		return
	}
	area, broad := c.Places[0], c.Places[1]
	if g.lex.nestRank(broad) < g.lex.nestRank(area) {
		return // the area lies in the broader place itself ("Swansea, Wales")
	}
	for _, cand := range g.places[normalize(area.Name)] {
		if town := cand.place; town.Level == LevelCity && town.Name == area.Name && g.townIn(town, broad) {
			town.Text = area.Text
			c.Places[0] = town
			return
		}
	}
}

// areaHoldingTown is, of the places of one name a word was read as
// ("East Cambridgeshire or South Cambridgeshire" for "Cambridgeshire"),
// the one that holds records of a town the question names ("Ely,
// Cambridgeshire"); names as it is when none or several do.
func (g *gazetteer) areaHoldingTown(places []Place, names string) string {
	alts := strings.Split(names, " or ")
	if len(alts) < 2 {
		return names
	}
	var held []string
	for _, alt := range alts {
		if slices.ContainsFunc(places, func(town Place) bool { return g.townIn(town, Place{Name: alt}) }) {
			held = append(held, alt)
		}
	}
	if len(held) != 1 {
		return names
	}
	return held[0]
}

// townIn reports a town some of whose records the data puts in the area
// broad (by county or admin path).
func (g *gazetteer) townIn(town, broad Place) bool {
	if town.Level != LevelCity || town.Name == broad.Name {
		return false
	}
	g.cityAreasOnce.Do(func() {
		g.cityAreas = map[string]map[string]bool{}
		for i := range g.ds.Institutions {
			in := &g.ds.Institutions[i]
			if in.City == "" {
				continue
			}
			k := normalize(in.City)
			if g.cityAreas[k] == nil {
				g.cityAreas[k] = map[string]bool{}
			}
			if in.County() != "" {
				g.cityAreas[k][normalize(in.County())] = true
			}
			for _, u := range in.AdminAreas() {
				g.cityAreas[k][normalize(u.Name)] = true
			}
		}
	})
	return g.cityAreas[normalize(town.Name)][normalize(broad.Name)]
}

// placesApart reports a comma or a locative between every two places
// read side by side ("Penzance, Cornwall", "Penzance in Cornwall"), not
// places written one after the other.
func placesApart(s *scan) bool {
	for k := 1; k < len(s.placeSpans); k++ {
		a, b := s.placeSpans[k-1][1], s.placeSpans[k][0]
		if a > b || a == len(s.toks) {
			return false
		}
		gap := s.text[s.toks[a-1].end:s.toks[b].start]
		if b-a == 2 && s.lex.articles[s.toks[a+1].norm] {
			b-- // a locative and an article: "in the Isle of Wight"
		}
		if !strings.Contains(gap, ",") && (b-a != 1 || !s.lex.locatives[s.toks[a].norm]) {
			return false
		}
	}
	return true
}

// partOfNation reports a place named as a part of a nation after it,
// joined by a word that is also a preposition ("the North East of
// England"): Dutch reads that word as "or", but a choice between a
// region and the nation that holds it is no choice.
func partOfNation(s *scan, c *Constraints) bool {
	if len(c.Places) != 2 || len(s.placeSpans) != 2 || s.lex.nestRank(c.Places[1]) != rankNation || s.lex.nestRank(c.Places[0]) <= rankNation {
		return false
	}
	between := s.toks[s.placeSpans[0][1]:s.placeSpans[1][0]]
	return len(between) == 1 && s.lex.prepositionJoins[between[0].norm]
}

// The ranks of places, broadest first (see placeRank).
const (
	rankCountry = iota
	rankNation
	rankRegion
	rankSubregion
	rankCounty
	rankDistrict
	rankCity
)

// nestRank is placeRank, with a nation of the United Kingdom broader than
// the regions it holds ("South East England").
func (lex *Lexicon) nestRank(p Place) int {
	if p.Level == LevelRegion && lex.nationNames[normalize(p.Name)] != "" {
		return rankNation
	}
	return lex.placeRank(p)
}

// placeRank is how narrow a place's level is; an area of the admin
// hierarchy ranks as the level its kind of area names (adminLevelKinds:
// an "English County" as a county).
func (lex *Lexicon) placeRank(p Place) int {
	switch p.Level {
	case LevelCountry:
		return rankCountry
	case LevelRegion:
		return rankRegion
	case LevelSubregion:
		return rankSubregion
	case LevelCounty:
		return rankCounty
	case LevelCity:
		return rankCity
	case LevelAdmin:
		kind := strings.ToLower(p.AdminLevel)
		for _, k := range lex.adminLevelKinds {
			if strings.Contains(kind, k.words) {
				return lex.placeRank(Place{Level: k.level})
			}
		}
	}
	return rankDistrict
}
