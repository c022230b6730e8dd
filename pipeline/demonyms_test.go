package pipeline

import (
	"fmt"
	"testing"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// "How many Swiss museums are there?" and "Which Cornish museums …" name
// the place by its adjective: they had given best matches, or read
// "Cornish" as a word no record holds. Every adjective of a country the
// data holds records of (and of Cornwall and Bavaria), before each kind,
// selects what the place's name selects; with another place ("Italian
// museums in London") a foreign country's adjective is no place.
func TestDemonymsOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	places := map[string]string{"Cornish": "Cornwall", "Bavarian": "Bavaria"}
	for word, code := range map[string]string{"American": "US", "Portuguese": "PT", "Czech": "CZ", "French": "FR",
		"Austrian": "AT", "Belgian": "BE", "Australian": "AU", "Swiss": "CH", "Italian": "IT", "Japanese": "JP",
		"Swedish": "SE", "Polish": "PL", "Norwegian": "NO", "Spanish": "ES"} {
		places[word] = heritage.CountryName(code)
	}
	var tl, elsewhere tally
	for k, word := range everyNth(places, 1, func(string, string) bool { return true }) {
		for j, kind := range []string{"museums", "archives", "libraries"} {
			shape := (k + j) % 3
			q := fmt.Sprintf([]string{"How many %s %s are there?", "Which %s %s are there?", "List %s %s"}[shape], word, kind)
			alike := fmt.Sprintf([]string{"How many %s are there in %s?", "Which %s are there in %s?", "List %s in %s"}[shape], kind, places[word])
			got, want := ask(t, p, q), ask(t, p, alike)
			tl.add(sameMembers(got.Answer.IDs, want.Answer.IDs) && len(want.Answer.IDs) > 0 || len(want.Answer.IDs) == 0 && len(got.Answer.IDs) == 0,
				fmt.Sprintf("%s → %.100s (alike: %.100s)", q, got.Answer.Text, want.Answer.Text))
		}
		if word != "Cornish" && word != "Bavarian" {
			q := fmt.Sprintf("%s museums in London", word)
			r := ask(t, p, q)
			read := false
			for _, pl := range r.Plan.Constraints.Places {
				read = read || pl.Level == "country" && pl.Name != "GB"
			}
			elsewhere.add(!read, fmt.Sprintf("%s → %.100s", q, r.Answer.Text))
		}
	}
	tl.require(t, "lists by a place's adjective select what its name selects", 40, 100)
	elsewhere.require(t, "a foreign country's adjective with another place is no place", 10, 100)
}
