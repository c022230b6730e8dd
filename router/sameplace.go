package router

import (
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
)

// samePlaceCue finds "same <kind of place> as" ("the same town as X") or
// "in the <kind of place> where" ("in the town where X is") and returns
// the place level, the token where the cue starts and the token after
// it.
func samePlaceCue(s *scan) (level string, start, after int, ok bool) {
	for i := 0; i+2 < len(s.toks); i++ {
		if s.used[i] {
			continue
		}
		if lv, kind := s.lex.samePlaceWords[s.toks[i+1].norm]; kind && s.lex.sameWords[s.toks[i].norm] && s.lex.asWords[s.toks[i+2].norm] {
			return lv, i, i + 3, true
		}
		// a place of the question's ("in the town where"), not the
		// field it asks ("the country where X is")
		lv, kind := s.lex.samePlaceWords[s.toks[i].norm]
		if !kind || i < 2 || !s.lex.articles[s.toks[i-1].norm] || !s.lex.locatives[s.toks[i-2].norm] {
			continue
		}
		if s.lex.genitiveOf[s.toks[i-2].norm] && (i < 3 || !s.lex.pluralKind(s.toks[i-3].norm)) {
			continue // the name of the town where X is: the place asked
		}
		for _, w := range s.lex.placeWhere {
			if n, ok := s.matchAt(i+1, w); ok {
				return lv, i - 1, i + 1 + n, true
			}
		}
	}
	return "", 0, 0, false
}

// samePlace reads "… in the same town as X": the place, at that level,
// of the institution named after the cue becomes the question's place,
// and the name is no longer an entity of the question (the museums in
// the same town as one institution are the museums of its town). Its
// Text is the phrase of the question, so that the answer says how it was
// read ("the same town as the Holburne Museum" is read as Bath). When no
// name follows the cue, or the named records are in several places at
// that level or state none, the cue is a condition the question's answer
// does not take into account and says so. It returns whether the cue
// was there.
func (g *gazetteer) samePlace(s *scan, c *Constraints) bool {
	level, start, after, ok := samePlaceCue(s)
	if !ok {
		return false
	}
	s.mark(start, after)
	k := g.nameAfterCue(s, c, after)
	if k < 0 {
		s.unreadCues = append(s.unreadCues, s.original(start, after))
		return true
	}
	c.Names[k] = g.exactForm(c.Names[k])
	m := c.Names[k]
	var place *Place
	unique := true
	for _, id := range m.IDs {
		in, known := g.ds.Get(id)
		if !known {
			continue
		}
		p, stated := placeAt(in, level)
		switch {
		case !stated:
			unique = false
		case place == nil:
			place = &p
		case *place != p:
			unique = false
		}
	}
	phrase := cuePhrase(s, start, after, m.Text)
	if place == nil || !unique {
		s.unreadCues = append(s.unreadCues, phrase)
		if place == nil {
			s.unstated = &Unstated{Name: m.Name, Level: s.lex.levelWords[level]}
		}
		return true
	}
	place.Text = phrase
	c.Places = append(c.Places, *place)
	c.Names = append(c.Names[:k], c.Names[k+1:]...)
	return true
}

// placeAt is a record's place at a level, as a place constraint, and
// whether the record states one.
func placeAt(in *heritage.Institution, level string) (Place, bool) {
	switch level {
	case LevelCity:
		return Place{Name: in.City, Level: LevelCity}, in.City != "" && !in.CityInferred
	case LevelRegion:
		return Place{Name: in.Region(), Level: LevelRegion}, in.Region() != ""
	case LevelCountry:
		return Place{Name: in.Country, Level: LevelCountry}, in.Country != ""
	case LevelAdmin:
		for _, u := range in.AdminAreas() {
			if strings.HasSuffix(u.Level, "County") {
				return Place{Name: u.Name, Level: LevelAdmin, AdminLevel: u.Level}, true
			}
		}
	}
	return Place{}, false
}

// exactForm is m, or the record whose name is exactly the words m was
// read from when m is a misspelling of another name ("das Deutsches
// Museum" read as "Deutsches Skimuseum", the reading of names having
// turned the exact one down as too common a phrase).
func (g *gazetteer) exactForm(m NameMatch) NameMatch {
	if m.Score >= 1 {
		return m
	}
	for _, key := range g.lex.nameKeys(m.Text) {
		if i, ok := g.findName(key); ok {
			e := g.entries[i]
			return NameMatch{Text: m.Text, Name: e.name, IDs: g.recordIDs(i), Former: e.former, Score: 1}
		}
	}
	return m
}

// nameAfterCue returns the index in c.Names of the institution named
// after a "same … as" cue that ends before token after, reading it when
// no name was: a name of several words that the name reading turned down
// as too common a phrase ("das Deutsches Museum"), or a misspelt one. It
// returns -1 when none follows.
func (g *gazetteer) nameAfterCue(s *scan, c *Constraints, after int) int {
	cueAt := s.toks[after-1].end
	for i, m := range c.Names {
		if m.Text != "" && strings.Contains(s.text[cueAt:], m.Text) {
			return i
		}
	}
	n := len(c.Names)
	used := slices.Clone(s.used)
	g.exactName(s, c)
	if len(c.Names) > n {
		if strings.Contains(s.text[cueAt:], c.Names[n].Text) {
			return n
		}
		// a name before the cue ("in Na h-Eileanan Siar … after X") is
		// not the one the cue asks for: its words are left to the others
		c.Names, s.used = c.Names[:n], used
	}
	// one capitalised word right after the cue that is a record's whole
	// name, though also a town's ("opened after Beamish"): the cue asks
	// for an institution (not a kind's word, nor the first of a longer
	// name: "Museum At The Mill")
	i := after
	for i < len(s.toks) && s.lex.articles[s.toks[i].norm] {
		i++
	}
	if i < len(s.toks) && s.toks[i].upper && !s.used[i] && len(s.toks[i].norm) >= 4 && !s.lex.commonWords[s.toks[i].norm] &&
		s.lex.typeWords[s.toks[i].norm] == "" && (i+1 == len(s.toks) || !s.toks[i+1].upper) {
		if idx, ok := g.findName(s.key(i, i+1)); ok {
			e := g.entries[idx]
			c.Names = append(c.Names, NameMatch{Text: s.original(i, i+1), Name: e.name, IDs: g.recordIDs(idx), Former: e.former, Score: 1})
			s.mark(i, i+1)
			return n
		}
	}
	if m, i, j, found := g.fuzzyName(s); found && i >= after {
		c.Names = append(c.Names, m)
		s.mark(i, j)
		return len(c.Names) - 1
	}
	return -1
}

// cuePhrase is the question's text from a "same … as" cue starting at
// token start and ending before token after to the end of the name text
// after it: "the same town as the Holburne Museum".
func cuePhrase(s *scan, start, after int, text string) string {
	cueAt := s.toks[after-1].end
	end := cueAt
	if at := strings.Index(s.text[cueAt:], text); at >= 0 {
		end = cueAt + at + len(text)
	}
	return s.text[s.toks[start].start:end]
}

// sameBody reads "… run by the same organisation as X": the organisation
// that runs X (or that X is part of, as the question's relation says;
// either when it says none) becomes the question's organisation, and X
// is no longer an entity of the question. When no name follows the cue,
// or the named record has no such organisation or several, the cue is a
// condition the answer does not take into account and says so.
func (g *gazetteer) sameBody(s *scan, c *Constraints, rel string) {
	start, after, k, found := g.sameCueName(s, c, s.lex.sameBodyWords)
	if !found || k < 0 {
		return
	}
	m := g.exactForm(c.Names[k])
	var bodies []Body
	for _, id := range m.IDs {
		in, known := g.ds.Get(id)
		if !known {
			continue
		}
		for _, ms := range in.MemberOf() {
			if rel != "" && ms.Relation != rel {
				continue
			}
			if b, ok := g.bodyNamed(ms.Name); ok && !slices.ContainsFunc(bodies, func(o Body) bool { return o.Name == b.Name }) {
				bodies = append(bodies, b)
			}
		}
	}
	if len(bodies) != 1 {
		s.unreadCues = append(s.unreadCues, cuePhrase(s, start, after, m.Text))
		return
	}
	b := bodies[0]
	b.Relation, b.Text = rel, cuePhrase(s, start, after, m.Text)
	c.Names = slices.Delete(c.Names, k, k+1)
	c.Bodies = append(c.Bodies, b)
}

// bodyNamed returns the organisation the data calls name.
func (g *gazetteer) bodyNamed(name string) (Body, bool) {
	for _, key := range g.lex.nameKeys(name) {
		if i, ok := g.bodies[key]; ok {
			b := g.bodyArr[i]
			return Body{Name: b.name, IDs: slices.Clone(b.ids)}, true
		}
	}
	return Body{}, false
}

// similarTo reads "similar to X", "like X", "vergelijkbaar met X",
// "ähnlich wie X", and "dem X ähnlich": the institutions like the one
// named right after a cue of similarCues, or right before one of
// similarAfterCues, are asked (Constraints.Similar). Without such a name
// it reads nothing.
func (g *gazetteer) similarTo(s *scan, c *Constraints) {
	for i := range s.toks {
		if s.used[i] {
			continue
		}
		for _, cue := range s.lex.similarAfterCues {
			if n, ok := s.matchAt(i, cue); ok {
				if k := nameRightBefore(s, c, i); k >= 0 {
					markSimilar(s, c, i, i+n, k)
					return
				}
			}
		}
		for _, cue := range s.lex.similarCues {
			n, ok := s.matchAt(i, cue)
			if !ok {
				continue
			}
			k := g.nameAfterCue(s, c, i+n)
			if k < 0 || !nameRightAfter(s, i+n, c.Names[k]) || possessiveName(s, c.Names[k]) {
				return // "I'd like X's website": X's, no likeness
			}
			markSimilar(s, c, i, i+n, k)
			return
		}
	}
}

// possessiveName reports a name read whose last word is a possessive
// ("Minho's").
func possessiveName(s *scan, n NameMatch) bool {
	_, j := tokenSpan(s, n.Text)
	return j > 0 && s.toks[j-1].possessive
}

// markSimilar marks the cue at tokens [i, j) as read and asks for the
// institutions like name k.
func markSimilar(s *scan, c *Constraints, i, j, k int) {
	s.mark(i, j)
	c.Names = []NameMatch{c.Names[k]}
	c.Similar, c.List = true, true
}

// nameRightBefore returns the name read that ends right before token at,
// or -1.
func nameRightBefore(s *scan, c *Constraints, at int) int {
	before := strings.ToLower(strings.TrimSpace(s.text[:s.toks[at].start]))
	for k, m := range c.Names {
		if m.Text != "" && strings.HasSuffix(before, strings.ToLower(m.Text)) {
			return k
		}
	}
	return -1
}

// nameRightAfter reports whether the name stands right after token at,
// articles and datives aside.
func nameRightAfter(s *scan, at int, m NameMatch) bool {
	for ; at < len(s.toks); at++ {
		if strings.HasPrefix(strings.ToLower(s.text[s.toks[at].start:]), strings.ToLower(m.Text)) {
			return true
		}
		if !s.lex.articles[s.toks[at].norm] && !s.lex.datives[s.toks[at].norm] {
			return false
		}
	}
	return false
}
