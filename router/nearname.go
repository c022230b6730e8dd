package router

// nearName reads "museums near Stonehenge", "within 5 miles of the
// Holburne Museum", "in der Nähe von X": when a cue of nearness or a
// distance (nearBeforeAt, the cues of a place's nearness) stands right
// before the one name of the question, articles aside, the list is of
// what lies near that institution (NearPlace), answered from the
// records' coordinates. It runs after the places are read, whose reading
// turns "close to" into "near to". It reports whether it read one.
func (g *gazetteer) nearName(s *scan, c *Constraints) bool {
	if len(c.Names) != 1 || len(c.Postcodes) > 0 || c.Names[0].Text == "" {
		return false
	}
	qs := -1
	for i, t := range s.toks {
		if s.text[t.start:min(len(s.text), t.start+len(c.Names[0].Text))] == c.Names[0].Text {
			qs = i
			break
		}
	}
	for qs > 0 && (s.lex.articles[s.toks[qs-1].norm] || s.lex.datives[s.toks[qs-1].norm]) {
		qs--
	}
	// "bei" before a name is mostly not nearness: the German "es handelt
	// sich bei X um …" asks what X is
	if qs <= 0 || s.lex.nameAboutPreps[s.toks[qs-1].norm] || !nearBeforeAt(s, qs) {
		return false
	}
	c.NearPlace = true
	c.Names[0] = g.exactForm(c.Names[0])
	return true
}
