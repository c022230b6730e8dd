package router

// readPlaces reads the places, the same-place, same-body and same-year
// cues, the subjects, and the qualifiers of the question; it returns the
// negated qualifiers.
func (g *gazetteer) readPlaces(s *scan, c *Constraints, rd *reading) (neg []string) {
	g.samePlace(s, c)
	g.similarTo(s, c)
	g.sameBody(s, c, rd.rel)
	g.sameYear(s, c)
	if s.hasAny(s.lex.comparisonWords...) {
		g.olderThan(s, c, rd.listQ || pluralType(s))
	}
	g.findPlaces(s, c)
	if placeHasType(s) {
		// whether a place has an institution of a kind (and a kind after
		// "a" describes it, names no record)
		rd.listQ = true
		describedNames(s, c)
	}
	if g.nearName(s, c) {
		// a list of what lies near the institution, whatever the words
		rd.listQ = true
	}
	g.placesBeforeCoordinators(s, c)
	demonymPlace(s, c)
	g.townAdjective(s, c)
	exceptPlaces(s, c)
	if c.Field == "" {
		g.subjectsOf(s, c)
	}
	if rd.noEntity && len(c.Names) == 0 && rd.housesEnd < 0 && c.Field == "" &&
		!rd.listCue && len(c.Places) == 0 && len(c.Subjects) == 0 {
		g.addFuzzyName(s, c)
		if len(c.Names) == 1 && !rd.plural && !rd.exists && !countAsked(s) {
			// a name read only now ("Chartwell's"): the fields asked of
			// one institution in so many words, as above
			switch {
			case collectionAsked(s):
				c.Field = "subjects"
			case historyAsked(s):
				c.Field = "history"
			}
		}
	}
	if c.Field != "" {
		g.subjectsOf(s, c)
	}
	neg = qualifiers(s, c)
	g.fuzzyPlaces(s, c)
	g.nestPlaces(s, c)
	onlyTowns(c)
	return neg
}
