package gen

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/linking"
)

// abbreviated are words of the data's names with the abbreviations
// catalogues and spreadsheets write for them, English, German and Dutch.
var abbreviated = map[string][]string{
	"national": {"Natl.", "Nat."}, "museum": {"Mus."}, "academy": {"Acad."}, "university": {"Univ."},
	"library": {"Lib."}, "institute": {"Inst."}, "society": {"Soc."}, "gallery": {"Gall."},
	"railway": {"Rly."}, "gardens": {"Gdns."}, "memorial": {"Mem."}, "international": {"Intl."},
	"regiment": {"Regt."}, "saint": {"St."}, "bibliothek": {"Bibl."}, "bibliotheek": {"Bibl."},
	"stadtbibliothek": {"Stadtbibl."}, "landesbibliothek": {"Landesbibl."}, "staatliche": {"Staatl."},
	"staatliches": {"Staatl."}, "gemeentearchief": {"Gem. Archief"}, "rijksmuseum": {"Rijksmus."},
	"historisches": {"Hist."}, "and": {"&"}, "&": {"and"},
}

// abbreviate writes the words of name that have an abbreviation
// (abbreviated) abbreviated, each with even odds, at least one; ok is
// false when none has one.
func abbreviate(r *rand.Rand, name string) (string, bool) {
	f := strings.Fields(name)
	var at []int
	word := false // a word other than "and" or "&" is abbreviated
	for k, w := range f {
		if _, ok := abbreviated[strings.ToLower(w)]; ok {
			at = append(at, k)
			word = word || !conjunction(w)
		}
	}
	if !word {
		return "", false
	}
	done := false
	for _, k := range shuffled(r, at) {
		if !done && !conjunction(f[k]) || r.IntN(2) == 0 {
			done = done || !conjunction(f[k])
			f[k] = pick(r, abbreviated[strings.ToLower(f[k])])
		}
	}
	return strings.Join(f, " "), true
}

// conjunction reports "and" or "&".
func conjunction(w string) bool { return w == "&" || strings.EqualFold(w, "and") }

// refAbbreviated gives a record's name with words abbreviated ("Natl.
// Museum of Scotland", "Stadtbibl. Mainz"); one in four is a made-up
// name abbreviated, which nothing should match.
func refAbbreviated(g *rgen, quota int) {
	g.each(quota, g.x.recs, func(in *heritage.Institution) bool {
		if g.r.IntN(4) == 0 {
			text, ok := abbreviate(g.r, g.x.absentName(g.r))
			return ok && g.add(linking.Query{Text: text}, "", nil, "A made-up name, abbreviated.")
		}
		if !g.x.unique(in) {
			return false
		}
		text, ok := abbreviate(g.r, in.Name)
		if !ok || !g.sole(text, in) {
			return false
		}
		return g.add(linking.Query{Text: text}, in.ID, nil, fmt.Sprintf("The record's name with words abbreviated: %q.", in.Name))
	})
}
