package gen

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/linking"
)

// genericWords are generic institution names that pick a record only
// together with its town.
var genericWords = []string{
	"Stadtarchiv", "Stadtbibliothek", "Stadtmuseum", "Heimatmuseum", "Stadtbücherei", "Kreisarchiv", "Gemeindearchiv",
	"Universitätsbibliothek", "Kunsthalle", "Kunstmuseum", "Kreismuseum", "Stadtgeschichtliches Museum",
	"Museum", "Bibliothek", "Archiv", "Bibliotheek", "Openbare Bibliotheek", "Gemeentearchief", "Stadsarchief", "Regionaal Archief",
	"Library", "Town Museum", "Heritage Centre",
}

// refGenericWithCity gives a generic word and the city: the record is
// expected when it is the only one in that city whose name holds the word.
func refGenericWithCity(g *rgen, quota int) {
	byCity := map[string][]*heritage.Institution{}
	for _, in := range g.x.recs {
		if in.City != "" {
			byCity[fold(in.City)] = append(byCity[fold(in.City)], in)
		}
	}
	g.each(quota, g.x.recs, func(in *heritage.Institution) bool {
		if in.City == "" {
			return false
		}
		var words []string
		for _, w := range genericWords {
			if containsWords(in.Name, w) {
				words = append(words, w)
			}
		}
		if len(words) == 0 {
			return false
		}
		w := pick(g.r, words)
		n := 0
		for _, other := range byCity[fold(in.City)] {
			if containsWords(other.Name, w) {
				n++
			}
		}
		if n != 1 || fold(w) == fold(in.Name) {
			return false
		}
		return g.add(linking.Query{Text: w, City: in.City}, in.ID, nil, fmt.Sprintf("The only record in %s whose name holds %q: %q.", in.City, w, in.Name))
	})
}

// containsWords reports whether name holds w as whole words (case and
// punctuation folded).
func containsWords(name, w string) bool {
	return strings.Contains(" "+words(name)+" ", " "+words(w)+" ")
}

// words lower-cases s and turns everything but letters and digits into
// single spaces.
func words(s string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }), " ")
}

// partial drops the town (one word) from a record's name and the
// connecting words left at its ends: "Hennebergmuseum Münnerstadt" →
// "Hennebergmuseum"; ok is false when too little is left.
func partial(in *heritage.Institution) (string, bool) {
	if in.City == "" || strings.Contains(in.City, " ") || !containsWords(in.Name, in.City) {
		return "", false
	}
	var kept []string
	dropped := false
	for _, f := range strings.Fields(in.Name) {
		if !dropped && fold(f) == fold(in.City) {
			dropped = true
			continue
		}
		kept = append(kept, f)
	}
	connectors := map[string]bool{"de": true, "of": true, "in": true, "im": true, "am": true, "der": true, "van": true, "the": true, "da": true, "du": true, "zu": true, "für": true, "and": true, "&": true, "und": true, "-": true, "–": true}
	for len(kept) > 0 && connectors[strings.ToLower(strings.Trim(kept[len(kept)-1], ",;:"))] {
		kept = kept[:len(kept)-1]
	}
	rest := strings.Trim(strings.Join(kept, " "), " ,;:-–")
	if !dropped || len(rest) < 6 || genericName(rest) {
		return "", false
	}
	return rest, true
}

// holders lists the records whose name holds text as whole words, in the
// city when city is set.
func (g *rgen) holders(text, city string) []*heritage.Institution {
	names, cities := g.x.namesAsWords(), g.x.foldedCities()
	ws := words(text)
	w, c := " "+ws+" ", fold(city)
	var out []*heritage.Institution
	keep := func(i int) {
		if (city == "" || cities[i] == c) && strings.Contains(names[i], w) {
			out = append(out, g.x.recs[i])
		}
	}
	// a name that holds the words holds each of them
	at, all := g.x.withNameWords(strings.Fields(ws))
	if all {
		for i := range g.x.recs {
			keep(i)
		}
	}
	for _, i := range at {
		keep(i)
	}
	return out
}

// refPartialName gives a name without its town, with the town as a city
// hint half the time; the record is expected when it is the only one (in
// the town, with the hint) whose name holds the rest.
func refPartialName(g *rgen, quota int) {
	g.each(quota, g.x.recs, func(in *heritage.Institution) bool {
		rest, ok := partial(in)
		if !ok {
			return false
		}
		q := linking.Query{Text: rest}
		note := fmt.Sprintf("%q without its town; the only record whose name holds the rest.", in.Name)
		if g.r.IntN(2) == 0 {
			q.City = in.City
			note = fmt.Sprintf("%q without its town, the town as a hint; the only record there whose name holds the rest.", in.Name)
		}
		if h := g.holders(rest, q.City); len(h) != 1 || h[0] != in {
			return false
		}
		return g.add(q, in.ID, nil, note)
	})
}

func genericName(s string) bool {
	for _, w := range genericWords {
		if fold(w) == fold(s) {
			return true
		}
	}
	return false
}
