package answer

import (
	"slices"
	"strings"
	"unicode"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/plan"
)

// keepSpelledApart drops from a selection by town the records of another
// town whose name differs from the question's only in its accents
// (Münster in Westphalia, Munster in Lower Saxony), when the data has
// both. The graph compares names without accents, so that "Nurnberg"
// finds Nürnberg; where both towns exist, that reads one as the other.
// A record whose town the question's spelling cannot be told from (its
// city and name do not hold the town) is kept.
func (p *Base) keepSpelledApart(sel *kg.Selection, pl plan.Plan) {
	for _, place := range pl.Constraints.Places {
		if place.Level != plan.LevelCity || !p.hasAccentTwin(place.Name) {
			continue
		}
		other := func(id string) bool {
			in, ok := p.data.Get(id)
			if !ok {
				return false
			}
			s, ok := TownSpelling(in, place.Name)
			return ok && !strings.EqualFold(s, place.Name)
		}
		sel.Main = slices.DeleteFunc(slices.Clone(sel.Main), other)
		sel.Stated = slices.DeleteFunc(slices.Clone(sel.Stated), other)
	}
}

// hasAccentTwin reports whether the data's city fields spell the town's
// name another way that differs only in accents ("Munster", "Münster").
// A spelling of other letters ("Giessen", "Gießen") is the same town.
func (p *Base) hasAccentTwin(name string) bool {
	for _, c := range p.citySpellings()[heritage.NormalizeName(name)] {
		if !strings.EqualFold(c, name) && AccentTwins(c, name) {
			return true
		}
	}
	return false
}

// citySpellings returns the data's spellings of each town, by the
// town's normalised name, made on the first call: looking them up in
// every record for each question had been a sixth of an ask's time.
func (p *Base) citySpellings() map[string][]string {
	a := p.areas
	a.spellOnce.Do(func() {
		a.spellings = map[string][]string{}
		for i := range p.data.Institutions {
			c := p.data.Institutions[i].City
			if c == "" {
				continue
			}
			k := heritage.NormalizeName(c)
			if !slices.Contains(a.spellings[k], c) {
				a.spellings[k] = append(a.spellings[k], c)
			}
		}
	})
	return a.spellings
}

// AccentTwins reports whether two names have as many letters and differ
// only where one has an accented letter and the other does not.
func AccentTwins(a, b string) bool {
	ra, rb := []rune(strings.ToLower(a)), []rune(strings.ToLower(b))
	if len(ra) != len(rb) {
		return false
	}
	differ := false
	for i := range ra {
		if ra[i] == rb[i] {
			continue
		}
		if ra[i] < unicode.MaxASCII && rb[i] < unicode.MaxASCII {
			return false
		}
		differ = true
	}
	return differ
}

// TownSpelling returns how a record spells the town of that name: its
// city field, or the words of its name that hold it ("Deutsches
// Panzermuseum Munster").
func TownSpelling(in *heritage.Institution, name string) (string, bool) {
	key := heritage.NormalizeName(name)
	if in.City != "" && heritage.NormalizeName(in.City) == key {
		return in.City, true
	}
	words := strings.FieldsFunc(in.Name, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' })
	n := len(strings.Fields(key))
	for i := 0; i+n <= len(words); i++ {
		if w := strings.Join(words[i:i+n], " "); heritage.NormalizeName(w) == key {
			return w, true
		}
	}
	return "", false
}
