package linking

import (
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/names"
)

// byReading links q as a reference read apart (see read); ok is false
// when there was nothing to read apart. An identifier in parentheses
// that a record carries settles it, as one inside a name does. Of two
// names around a slash, a match of one is taken unless the other matches
// another record.
func (l *Linker) byReading(q Query) ([]Candidate, bool) {
	r, ok := l.read(q.Text)
	if !ok {
		return nil, false
	}
	if r.id != "" {
		iq := q
		iq.Text = r.id
		if cands, found, err := l.byIdentifier(iq, l.hints(iq)); err == nil && found && len(cands) > 0 {
			return cands, true
		}
	}
	if q.Postcode == "" {
		q.Postcode = r.postcode
	}
	if q.Country == "" {
		q.Country = r.country
	}
	if q.Type == "" {
		q.Type = r.kind
	}
	var best []Candidate
	matched := ""
	for _, name := range r.names {
		if r.town != "" && q.City == "" {
			name += ", " + r.town // read as a town after a name is
		}
		cands := l.bySpellings(q, name)
		if m := bestMatch(cands); m != "" {
			if matched != "" && m != matched {
				return unmatched(best), true
			}
			if matched == "" {
				best, matched = cands, m
			}
			continue
		}
		if matched == "" && bestScore(cands) > bestScore(best) {
			best = cands
		}
	}
	if matched != "" && len(r.names) == 1 && r.country != "" && r.town == "" && q.City == "" && q.Postcode == "" &&
		l.generic(r.names[0], r.country) {
		// "Military Museum, England": one of the many military museums
		// in England, whatever one record is called
		return unmatched(best), true
	}
	if matched != "" && r.kindNew && l.heldElsewhere(q.Text, matched) {
		// "Hexenturm - Museum" is Hexenturm, a museum, or the first words
		// of "Hexenturm - Museum der Stadt Lahnstein"
		return unmatched(best), true
	}
	if matched == "" && len(r.names) == 1 && (r.town != "" || r.postcode != "") {
		// A building or site between the name and the street ("Jain
		// Museum, Jain Centre, 32 Oxford Street, Leicester"): the name
		// is the first part.
		if head, _, ok := strings.Cut(r.names[0], ","); ok && hasLongWord(head) {
			name := head
			if r.town != "" && q.City == "" {
				name += ", " + r.town
			}
			if cands := l.bySpellings(q, name); bestMatch(cands) != "" {
				return cands, true
			}
		}
	}
	return best, true
}

// heldElsewhere reports whether the name of a record other than id holds
// the words of text as written and in order.
func (l *Linker) heldElsewhere(text, id string) bool {
	phrase := " " + names.Key(text) + " "
	for _, h := range l.names.Search(text, names.Options{Limit: l.fanout}) {
		if h.QueryCov >= 0.999 && strings.Contains(" "+h.Key+" ", phrase) && l.ds.Institutions[h.Doc].ID != id {
			return true
		}
	}
	return false
}

// bySpellings links name with its abbreviations spelt out (spellings):
// the first spelling that finds a match, or the best-scored. A name with
// an English name of a kind that German and Dutch names write as one
// word, or a town with names in other languages, is then linked each way
// the records of those languages write it (otherLanguages), and the
// best-scored match is taken when it scores above the spelling's ("City
// Library Sulingen" is the Stadtbücherei Sulingen, not the
// Stadtbibliothek Solingen misspelt; "Toy Museum Nuremberg" is the
// Spielzeugmuseum Nürnberg, not a Toy-Museum that states no town); a
// translation that matches nothing ranks nothing ("Castle Museum" lists
// no Burgmuseum).
func (l *Linker) bySpellings(q Query, name string) []Candidate {
	var best []Candidate
	for _, s := range spellings(name) {
		sq := q
		sq.Text = s
		cands := l.nameCandidates(sq)
		if anyMatch(cands) {
			best = cands
			break
		}
		if best == nil || bestScore(cands) > bestScore(best) {
			best = cands
		}
	}
	found := best
	for _, s := range otherLanguages(name) {
		sq := q
		sq.Text = s
		cands := l.nameCandidates(sq)
		if anyMatch(cands) && matchScore(cands) > matchScore(found) {
			found = cands
		}
	}
	return found
}

// matchScore is the score of the best-scored match of cands, or 0.
func matchScore(cands []Candidate) float64 {
	best := 0.0
	for _, c := range cands {
		if c.Match {
			best = max(best, c.Score)
		}
	}
	return best
}

// bestMatch is the id of the best-scored match of cands, or "".
func bestMatch(cands []Candidate) string {
	id, score := "", -1.0
	for _, c := range cands {
		if c.Match && c.Score > score {
			id, score = c.ID, c.Score
		}
	}
	return id
}

// unmatched returns a copy of cands with no match: the reference names
// two records.
func unmatched(cands []Candidate) []Candidate {
	out := slices.Clone(cands)
	for k := range out {
		out[k].Match = false
		out[k].Features = withFeature(out[k].Features, FeatureReadingConflict, 1)
	}
	return out
}
