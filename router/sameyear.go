package router

import "strings"

// sameCueName finds "same <word> as" with a word of words and marks it as
// read, then reads the name after it: it returns the cue's first token,
// the token after the cue and the name's index in c.Names, -1 when no
// name follows (the cue is then a condition the answer says it did not
// apply). found is false when the question holds no such cue.
func (g *gazetteer) sameCueName(s *scan, c *Constraints, words map[string]bool) (start, after, k int, found bool) {
	for i := 0; i+2 < len(s.toks); i++ {
		if s.lex.sameWords[s.toks[i].norm] && !s.used[i] && words[s.toks[i+1].norm] && s.lex.asWords[s.toks[i+2].norm] {
			start, after = i, i+3
			s.mark(start, after)
			k = g.nameAfterCue(s, c, after)
			if k < 0 {
				s.unreadCues = append(s.unreadCues, s.original(start, after))
			}
			return start, after, k, true
		}
	}
	return 0, 0, -1, false
}

// sameYear reads "… opened in the same year as X": the opening (or, after
// a word of closing, the closing) years of the institution named after
// the cue become the question's years, and the name is no longer an
// entity of the question. When no name follows, or its record states no
// such year, the cue is a condition the answer says it did not apply.
func (g *gazetteer) sameYear(s *scan, c *Constraints) {
	start, after, k, found := g.sameCueName(s, c, s.lex.yearWords)
	if !found || k < 0 {
		return
	}
	field := "opened"
	for _, t := range s.toks[:start] {
		if s.lex.closeWords[t.norm] {
			field = "closed"
		}
	}
	width := s.lex.spanWidths[s.toks[start+1].norm]
	phrase := cuePhrase(s, start, after, c.Names[k].Text)
	g.yearsOfName(s, c, k, field, phrase, func(y YearRange) YearRange {
		if width == 0 {
			return y
		}
		// "the same decade as X": the decade of X's year (a span of
		// years must lie in one), which the answer says
		if y.From/width != y.To/width {
			return YearRange{}
		}
		y.From = y.From / width * width
		y.To = y.From + width - 1
		y.Words = phrase
		return y
	})
}

// yearsOfName sets the question's years to those of the institution
// c.Names[k] (its opening or closing years, by field) as span makes them
// from the record's, and takes the name out of the question's entities.
// When the name's records state no such year, or differ, phrase is a
// condition the answer says it did not apply.
func (g *gazetteer) yearsOfName(s *scan, c *Constraints, k int, field, phrase string, span func(YearRange) YearRange) {
	m := g.exactForm(c.Names[k])
	var years *YearRange
	for _, id := range m.IDs {
		in, ok := g.ds.Get(id)
		if !ok {
			continue
		}
		from, to, stated := in.Opened()
		if field == "closed" {
			from, to, stated = in.Closed()
		}
		y := &YearRange{Field: field, From: from, To: to}
		if !stated || years != nil && *years != *y {
			s.unreadCues = append(s.unreadCues, phrase)
			if !stated {
				s.unstated = &Unstated{Name: m.Name, Level: map[string]string{fieldOpened: "opening year", fieldClosed: "closing year"}[field]}
			}
			return
		}
		years = y
	}
	if years == nil {
		s.unreadCues = append(s.unreadCues, phrase)
		return
	}
	y := span(*years)
	if y == (YearRange{}) {
		s.unreadCues = append(s.unreadCues, phrase)
		return
	}
	// the years are read after the names; they are set then (see route)
	s.sameYears = &y
	c.Names = append(c.Names[:k], c.Names[k+1:]...)
}

// olderThan reads a comparative of age with an institution after it
// ("older than X") in a question for a set, with no institution named
// before the cue (that is a comparison of two): the years before the
// opening year of the institution named after it (or after, for "newer
// than"). Like sameYear, a name whose record states no opening year
// leaves a condition the answer says it did not apply; a cue with no
// institution after it is left to the other rules.
func (g *gazetteer) olderThan(s *scan, c *Constraints, set bool) {
	if !set || s.sameYears != nil {
		return
	}
	for start := range s.toks {
		older, ok := ageCue(s, start)
		width := 2
		if !ok {
			older, ok = looseAgeCue(s, start)
			width = 1
		}
		if !ok || !s.free(start, start+width) {
			continue
		}
		after := start + width
		for k := 0; k < len(c.Names); k++ {
			m := c.Names[k]
			at := strings.Index(s.text, m.Text)
			if at < 0 || at >= s.toks[start].start {
				continue
			}
			if i := s.tokenAt(at); m.Score < 1 && i >= 0 && s.lex.pluralKind(s.toks[i].norm) {
				// "museums in St Albans" misread as Museum Of St Albans:
				// the set the question asks for, whose words are read
				// again as a kind and a place
				s.unmark(i, s.tokenAt(at+len(m.Text)-1)+1)
				c.Names = append(c.Names[:k], c.Names[k+1:]...)
				k--
				continue
			}
			return
		}
		s.mark(start, after)
		k := g.nameAfterCue(s, c, after)
		if k < 0 {
			// no institution after it: years ("opened before 1900"), or
			// a name the data does not hold, which other rules read
			s.unmark(start, after)
			return
		}
		g.yearsOfName(s, c, k, fieldOpened, cuePhrase(s, start, after, c.Names[k].Text), func(y YearRange) YearRange {
			if older {
				return YearRange{Field: fieldOpened, To: y.From - 1}
			}
			return YearRange{Field: "opened", From: y.To + 1}
		})
		return
	}
}

// looseAgeCue is ageCue for "before" or "after" alone at token i (and
// German and Dutch) when a word of opening stands elsewhere in the
// question, not right before it (see ageCue): a set that opened after a
// named institution did. earlier is set for "before".
func looseAgeCue(s *scan, i int) (earlier, ok bool) {
	if i > 0 && s.toks[i].upper && !s.lower {
		return false, false // a word of a name ("Na h-Eileanan Siar"), not Dutch "na"
	}
	earlier = s.lex.looseBeforeCues[s.toks[i].norm]
	if !earlier && !s.lex.looseAfterCues[s.toks[i].norm] {
		return false, false
	}
	for k, t := range s.toks {
		// anywhere but right before it: German and Dutch put the verb
		// last ("… nach dem Holburne Museum eröffnet")
		if k != i-1 && k != i && s.lex.openWords[t.norm] {
			return earlier, true
		}
	}
	return false, false
}

// pluralKind reports a plural word of a kind of institution.
func (lex *Lexicon) pluralKind(w string) bool {
	_, plural, ok := lex.typeOfWord(w)
	return ok && plural
}
