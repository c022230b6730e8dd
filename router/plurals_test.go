package router

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The plural of a word many of the data's names hold ("parks", "halls",
// "mills") after "in" is that word, not a misspelt place: "in parks" had
// been read as Paris, "in halls" as Halle. Every such word of four letters
// or more that is no place nor part of a place's name, alone and
// before a county.
func TestPluralsOfNameWordsAreNoPlaces(t *testing.T) {
	r := newTestRouter(t)
	requireOnePlace(t, r, map[string]string{
		"Which museums are in halls in Kent?": "Kent",
		"Which museums in Kent are in parks?": "Kent",
		"museums in mills in Devon":           "Devon",
	})
	for _, q := range []string{"Which museums are in halls?", "Which museums are in parks?"} {
		require.Empty(t, r.Route(q).Constraints.Places, q)
	}
	words := pluralsOfNameWords(r)
	asked, wrong := 0, 0
	for _, pl := range words {
		for _, q := range []string{"Which museums are in %s?", "Which museums are in %s in Kent?"} {
			q = fmt.Sprintf(q, pl)
			asked++
			for _, p := range r.Route(q).Constraints.Places {
				if p.Name != "Kent" {
					wrong++
					if wrong <= 5 {
						t.Logf("wrong: %s read %s", q, p.Name)
					}
					break
				}
			}
		}
	}
	t.Logf("%d of %d questions read a plural of a word of the data's names as a place", wrong, asked)
	require.Greater(t, asked, 300)
	require.Zero(t, wrong)
}

// pluralsOfNameWords are the plurals of the words of four letters or more
// that at least namedWordNames of the data's names hold and that are no
// place nor part of a place's name ("halls", "parks", "mills"), sorted.
func pluralsOfNameWords(r *Router) []string {
	g := r.g
	var words []string
	for w, n := range g.df {
		if n < namedWordNames || len(w) < 4 || !isWord(w) || strings.HasSuffix(w, "s") || DefaultLexicon().typeWords[w] != "" {
			continue
		}
		if _, ok := g.places[w]; ok || g.townPrefixes[w] || g.placeWords[w] > 0 ||
			len(r.Route("Which museums are in "+w+"?").Constraints.Places) > 0 {
			continue // a place's name or part of one ("baden", "markt", "american")
		}
		if _, _, _, ok := DefaultLexicon().splitCompound(w); ok {
			continue // a kind of institution ("stadtmuseum")
		}
		pl := w + "s"
		if _, ok := g.places[pl]; ok || g.townPrefixes[pl] {
			continue
		}
		words = append(words, pl)
	}
	slices.Sort(words)
	return words
}

// A list whose place is followed by what its institutions stand in ("Which
// museums in Kent are in parks?") reads that as a condition (castles,
// mills: a subject) or says it did not read it: "in parks", "in gardens"
// and "in houses" had been dropped without a word and the list of every
// museum in Kent called exact. Every plural of pluralsOfNameWords.
func TestWhatInstitutionsStandInIsReadOrUnread(t *testing.T) {
	r := newTestRouter(t)
	base, err := json.Marshal(r.Route("Which museums in Kent are there?").Constraints)
	require.NoError(t, err)
	asked, silent := 0, 0
	for _, pl := range pluralsOfNameWords(r) {
		q := fmt.Sprintf("Which museums in Kent are in %s?", pl)
		p := r.Route(q)
		got, err := json.Marshal(p.Constraints)
		require.NoError(t, err)
		asked++
		if len(p.Unused(UnusedUnread)) == 0 && len(p.Unused(UnusedDropped)) == 0 && string(got) == string(base) {
			silent++
			if silent <= 5 {
				t.Logf("dropped without a word: %s", q)
			}
		}
	}
	t.Logf("%d of %d questions dropped what the museums stand in without a word", silent, asked)
	require.Greater(t, asked, 300)
	require.Zero(t, silent)
}
