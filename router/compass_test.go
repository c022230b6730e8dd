package router

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A place's name without its point of the compass ("Sussex" of East and
// West Sussex, "Lothian") is read as the places of one kind that bear it
// with one when there are several, and is never corrected to another
// place: "Is Chartwell in Kent or Sussex?" had read Süßen. Every such
// word of the data that is no place itself nor a country's nor an area
// whose parts the lexicon names, alone and as the second of two places.
func TestPlaceWithoutItsCompassPoint(t *testing.T) {
	r := newTestRouter(t)
	g := r.g
	var words []string
	for k := range g.places {
		d, w, ok := strings.Cut(k, " ")
		if !ok || !slices.Contains(DefaultLexicon().compassWords, d) || strings.Contains(w, " ") || len(w) < 5 || !isWord(w) {
			continue
		}
		if _, place := g.places[w]; place || slices.Contains(words, w) || DefaultLexicon().countryNames[k] != "" {
			continue // a country's name ("South Korea") is read by the country tables
		}
		if _, parts := DefaultLexicon().areaParts[w]; parts {
			continue // the lexicon names its parts (TestAnAreaTheDataGivesAsItsParts)
		}
		words = append(words, w)
	}
	slices.Sort(words)
	asked, right := 0, 0
	for _, w := range words {
		word := strings.ToUpper(w[:1]) + w[1:]
		for _, q := range []string{"Which museums are in %s?", "Which museums are in Kent or %s?"} {
			q = fmt.Sprintf(q, word)
			asked++
			var got []string
			for _, p := range r.Route(q).Constraints.Places {
				if p.Name != "Kent" {
					got = append(got, p.Name)
				}
			}
			// with several, each of them; with one, no other place
			ok := len(got) > 1 || len(g.compassPlaces(w)) < 2
			for _, name := range got {
				ok = ok && strings.Contains(strings.ToLower(name), w)
			}
			if ok {
				right++
			} else if asked-right <= 5 {
				t.Logf("wrong: %s read %v", q, got)
			}
		}
	}
	t.Logf("%d of %d questions read a place without its point of the compass as the places that bear it", right, asked)
	require.Greater(t, asked, 20)
	require.Equal(t, asked, right)
	require.Equal(t, []string{"East Sussex", "West Sussex"}, placeNamesOf(r.Route("Which museums are in Sussex?").Constraints.Places))
	require.Equal(t, []string{"Kent", "East Sussex", "West Sussex"}, placeNamesOf(r.Route("Is Chartwell in Kent or Sussex?").Constraints.Places))
}
