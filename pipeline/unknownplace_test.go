package pipeline

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// unknownPlaceShapes are lists and counts by a place, one per shape.
var unknownPlaceShapes = []string{"Which museums are in %s?", "List archives in %s", "How many libraries are in %s?",
	"Are there any museums in %s?", "Show me the galleries in %s", "What museums are there near %s?"}

// A list or count by a place the data does not know ("Which archives are
// in Friesland?", "List museums in Mordor") says the data places nothing
// there, not exact; it had said "No institution called “museums in
// Mordor” is in the data", or "… called “Friesland”". Made-up place names
// (two syllables of British and German town names, none a place of the
// data) and real places the data does not hold, in six shapes (a name
// near a place of the data is read as that place, and the answer says
// so); and, so
// that no known town is taken for an unknown one, every fifteenth town of
// the data in the same shapes.
func TestUnknownPlacesOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	firsts := []string{"Brindle", "Ashen", "Quarn", "Holl", "Wester", "Thorn", "Oster", "Kalten", "Marrow", "Fenn"}
	lasts := []string{"moor", "bury", "stead", "wick", "hausen", "dorf", "thorpe", "ington", "burgh", "heim"}
	var unknown []string
	for i, f := range firsts {
		for j, l := range lasts {
			name := f + l
			if (i+j)%3 == 0 && !p.base.KnowsPlace(name) {
				unknown = append(unknown, name)
			}
		}
	}
	unknown = append(unknown, "Friesland", "Drenthe", "Flevoland", "Zeeland", "Utrecht", "Mordor", "Narnia", "Ouagadougou")
	var tl tally
	for k, place := range unknown {
		q := fmt.Sprintf(unknownPlaceShapes[k%len(unknownPlaceShapes)], place)
		r := ask(t, p, q)
		// a name one letter or two from a place of the data is read as
		// that place, and the answer says so
		misspelt := strings.Contains(r.Answer.Text, "“"+place+"” is read as ")
		tl.add(strings.HasPrefix(r.Answer.Text, "“"+place+"” is no place the data knows") && !r.Answer.Exact || misspelt,
			fmt.Sprintf("%s → %.140s", q, r.Answer.Text))
	}
	tl.require(t, "lists by an unknown place say the data places nothing there, or how they read it", 30, 100)

	var known tally
	towns := townCounts(p, func(in *heritage.Institution) bool { return in.City != "" && !strings.ContainsAny(in.City, "(),'") })
	for k, town := range everyNth(towns, 15, func(string, int) bool { return true }) {
		q := fmt.Sprintf(unknownPlaceShapes[k%len(unknownPlaceShapes)], town)
		r := ask(t, p, q)
		known.add(!strings.Contains(r.Answer.Text, "is no place the data knows"), fmt.Sprintf("%s → %.140s", q, r.Answer.Text))
	}
	known.require(t, "lists by a town of the data are not said to be by an unknown place", 200, 100)
}
