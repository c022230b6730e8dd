package pipeline

import (
	"fmt"
	"testing"

	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// "Where can I find a museum in Kent?" and "Where can I see windmills in
// Kent?" ask for the places to go: the list "Which museums are in
// Kent?" and "Which institutions in Kent are about windmills?" give.
// "Where can I find a toy museum in Brighton?" had answered that the data
// records no town for the record "Toy-Museum", and "Where can I see
// dinosaurs in London?" gave best matches. For every second British
// county with five museums or more, a kind and four subjects each.
func TestWhereCanIOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	counties := britishCounties(p)
	var tl tally
	check := func(q, want string) {
		w := ask(t, p, want)
		if w.Answer.Kind != KindSet {
			return // a list the router reads otherwise is not this test's
		}
		r := ask(t, p, q)
		// the same members (in the order of each question's ranking)
		tl.add(sameMembers(r.Answer.IDs, w.Answer.IDs) && r.Answer.Exact == w.Answer.Exact, fmt.Sprintf("%s → %.120s (want %.120s)", q, r.Answer.Text, w.Answer.Text))
	}
	for _, county := range everyNth(counties, 2, func(_ string, n int) bool { return n >= 5 }) {
		check(fmt.Sprintf("Where can I find a museum in %s?", county), fmt.Sprintf("Which museums are in %s?", county))
		for _, word := range []string{"windmills", "fossils", "railways", "ships"} {
			check(fmt.Sprintf("Where can I see %s in %s?", word, county), fmt.Sprintf("Which institutions in %s are about %s?", county, word))
		}
		// a kind written with capitals after "a" is a kind, not the
		// institution called so ("Toy-Museum")
		check(fmt.Sprintf("Where can I see a Toy Museum in %s?", county), fmt.Sprintf("Which toy museums are in %s?", county))
	}
	tl.require(t, "'Where can I …' questions answer as the list", 150, 100)
}
