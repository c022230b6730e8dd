package linking

import (
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/names"
)

// A town inside a name is a place, not letters to be matched: a record
// called "Stadtarchiv Wessen" is the town archive of Wessen, and a
// reference to the town archive of Vessen (in its text, "Stadtarchiv
// Vessen", or as its city hint) is not a misspelling of it however close
// the letters. A candidate whose name holds one of its own towns (the
// towns heritage.Dataset.Towns gives it: its city, or the town its name
// carries) conflicts with a reference that names another town of the
// data and not that one; it is then no match, and FeatureTownConflict
// says why.

// maxRefTownWords is the number of words of the longest town read from a
// reference's text.
const maxRefTownWords = 3

// referenceTowns are the normalised towns a reference names: its city
// hint, or else the towns of the data that are runs of one to
// maxRefTownWords words of its text.
func (l *Linker) referenceTowns(q Query) []string {
	if c := kg.NormalizeName(q.City); c != "" {
		return []string{c}
	}
	words := strings.Fields(kg.NormalizeName(q.Text))
	var out []string
	for k := range words {
		for n := 1; n <= maxRefTownWords && k+n <= len(words); n++ {
			t := strings.Join(words[k:k+n], " ")
			if len(t) >= 3 && len(l.towns[t]) > 0 && !linkWords[t] && !trailingArticles[t] && names.Key(t) != "" {
				out = append(out, t)
			}
		}
	}
	return out
}

// townConflict reports whether the record at i names a town of its own in
// its name while the reference names towns (refTowns, see
// referenceTowns) of which its name holds none and none is its town.
func (l *Linker) townConflict(i int32, refTowns []string) bool {
	if len(refTowns) == 0 {
		return false
	}
	in := &l.ds.Institutions[i]
	name := kg.NormalizeName(in.Name)
	for _, t := range refTowns {
		if containsWords(name, t) || l.city.at(i) == t {
			return false
		}
		for _, f := range l.names.Forms(i) {
			// a former name or an alias may hold it
			if containsWords(f.Key, t) || containsWords(f.Key, names.Key(t)) {
				return false
			}
		}
	}
	for _, t := range l.ds.Towns(in) {
		if own := kg.NormalizeName(t.Name); own != "" && containsWords(name, own) {
			// the hint may name the town another way ("Frankfurt" for
			// "Frankfurt am Main")
			for _, rt := range refTowns {
				if containsWords(own, rt) || containsWords(rt, own) || sameTown(own, rt) {
					return false
				}
			}
			return true
		}
	}
	return false
}

// markTownConflicts adds FeatureTownConflict to the name candidates of
// cands and unmatches those in conflict with the reference's towns.
func (l *Linker) markTownConflicts(q Query, cands []Candidate) {
	refTowns := l.referenceTowns(q)
	for k := range cands {
		c := &cands[k]
		if isIdentifierVia(c.Via) {
			continue
		}
		i, ok := l.index(c.ID)
		if !ok {
			continue
		}
		v := 0.0
		if l.townConflict(i, refTowns) {
			v = 1
			c.Match = false
		}
		c.Features = withFeature(c.Features, FeatureTownConflict, v)
	}
}

// isIdentifierVia reports whether via is an identifier look-up.
func isIdentifierVia(via string) bool {
	switch via {
	case ViaName, ViaFormerName, ViaAlias, ViaFuzzyName, ViaPartialName:
		return false
	}
	return true
}

// sameTown reports whether the normalised towns a and b are names of one
// town in two languages ("Hannover" and "Hanover"; heritage.TownNames).
func sameTown(a, b string) bool {
	for _, n := range heritage.TownNames(a) {
		if kg.NormalizeName(n) == b {
			return true
		}
	}
	return false
}
