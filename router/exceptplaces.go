package router

import (
	"strings"
)

// exceptPlaces moves the places read just after an except cue ("museums in
// Wales except those in Cardiff", "outside London") from the places the
// set lies in to those it leaves out, and marks the cue as read.
func exceptPlaces(s *scan, c *Constraints) {
	negatedPlaces(s, c)
	exceptNames(s, c)
	const reach = 32 // bytes from the cue to the place: "except those in the city of"
	i, n := exceptCue(s, false)
	if i < 0 {
		return
	}
	from := s.toks[i].start
	var keep []Place
	for _, pl := range c.Places {
		at := placeAfter(s, pl, i) - from
		if pl.Text != "" && at >= 0 && at <= reach {
			c.Except = append(c.Except, pl)
		} else {
			keep = append(keep, pl)
		}
	}
	if len(keep) < len(c.Places) {
		c.Places = keep
		s.mark(i, i+n)
	}
}

// exceptCue returns the token where the first of exceptCues in the
// question stands, and its number of words, or -1: a cue that "or not"
// closes ("whether or not in …") leaves nothing out, and with unread
// set a cue a reader applied is passed over.
func exceptCue(s *scan, unread bool) (int, int) {
	for _, cue := range s.lex.exceptCues {
		i := s.find(cue)
		if i < 0 || orNotAt(s, i) || unread && s.used[i] {
			continue
		}
		return i, strings.Count(cue, " ") + 1
	}
	return -1, 0
}

// exceptNames moves the institutions named just after an except cue in
// a question for a list of a kind ("museums in Bath except the Roman
// Baths") to those the list leaves out, and marks the cue as read.
func exceptNames(s *scan, c *Constraints) {
	const reach = 16 // bytes from the cue to the name: "except for the"
	if len(c.Names) == 0 || !pluralType(s) {
		return
	}
	i, n := exceptCue(s, false)
	if i < 0 {
		return
	}
	var keep []NameMatch
	for _, nm := range c.Names {
		if k, _ := tokenSpan(s, nm.Text); k > i && s.toks[k].start-s.toks[i].start <= reach {
			negate(c).Names = append(c.Not.Names, nm)
		} else {
			keep = append(keep, nm)
		}
	}
	if len(keep) < len(c.Names) {
		c.Names = keep
		s.mark(i, i+n)
	}
}

// placeAfter is where in the text the words of place pl first stand
// whole after token i ("Bath", not the start of "Baths"), or -1.
func placeAfter(s *scan, pl Place, i int) int {
	words := strings.Fields(normalize(pl.Text))
	for k := i + 1; k+len(words) <= len(s.toks); k++ {
		if wordsAt(s.toks, k, words) {
			return s.toks[k].start
		}
	}
	return -1
}

// negatedPlaces moves the places a negation word governs (negatedBefore:
// "in Bath, not Bristol", "in Leeds and not York") to those the set
// leaves out, when another place stays: the places the set lies in.
func negatedPlaces(s *scan, c *Constraints) {
	if len(c.Places) < 2 {
		return
	}
	var keep, out []Place
	var at []int
	for _, pl := range c.Places {
		i, _ := tokenSpan(s, pl.Text)
		if neg := negatedBefore(s, i); pl.Text != "" && neg >= 0 {
			out, at = append(out, pl), append(at, neg)
			continue
		}
		keep = append(keep, pl)
	}
	if len(out) == 0 || len(keep) == 0 {
		return
	}
	c.Places, c.Except = keep, append(c.Except, out...)
	for _, k := range at {
		s.used[k] = true
	}
}
