package router

// yearWords name a year in "the same year as X".
var yearWords = map[string]bool{"year": true, "jahr": true, "jahre": true, "jaar": true}

// sameYear reads "… opened in the same year as X": the opening (or, after
// a word of closing, the closing) years of the institution named after
// the cue become the question's years, and the name is no longer an
// entity of the question. When no name follows, or its record states no
// such year, the cue is a condition the answer says it did not apply.
func (g *gazetteer) sameYear(s *scan, c *Constraints) {
	start, after := -1, -1
	for i := 0; i+2 < len(s.toks); i++ {
		if sameWords[s.toks[i].norm] && !s.used[i] && yearWords[s.toks[i+1].norm] && asWords[s.toks[i+2].norm] {
			start, after = i, i+3
			break
		}
	}
	if start < 0 {
		return
	}
	s.mark(start, after)
	k := g.nameAfterCue(s, c, after)
	if k < 0 {
		s.unreadCues = append(s.unreadCues, s.original(start, after))
		return
	}
	m := g.exactForm(c.Names[k])
	field := "opened"
	for _, t := range s.toks[:start] {
		if closeWords[t.norm] {
			field = "closed"
		}
	}
	phrase := cuePhrase(s, start, after, m.Text)
	var years *YearRange
	for _, id := range m.IDs {
		in, ok := g.inst[id]
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
				s.unstated = &Unstated{Name: m.Name, Level: map[string]string{"opened": "opening year", "closed": "closing year"}[field]}
			}
			return
		}
		years = y
	}
	if years == nil {
		s.unreadCues = append(s.unreadCues, phrase)
		return
	}
	// the years are read after the names; they are set then (see route)
	s.sameYears = years
	c.Names = append(c.Names[:k], c.Names[k+1:]...)
}
