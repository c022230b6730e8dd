package pipeline

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
	"github.com/stretchr/testify/require"
)

// A list whose conditions select nothing is answered with its conditions
// dropped one at a time, the subject first and the place never, and says
// which were dropped: every institution it names lies in the place asked
// (a ranking that ignored the place had put museums of other towns
// before the town's own). Over every 6th town of the data with two or
// more museums, asked for museums of a subject no record of the town
// states, in English and Dutch.
func TestEmptyListRelaxesWithinThePlaceOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	topics := []struct{ subject, english, dutch string }{
		{"Transport / Trains and railways", "railway museums", "spoorwegmusea"},
		{"Natural world", "natural history museums", "natuurhistorische musea"},
	}
	type town struct {
		name     string
		museums  int
		subjects []string
	}
	byTown := map[string]*town{}
	var order []string
	for i := range p.Data().Institutions {
		in := &p.Data().Institutions[i]
		if in.City == "" || strings.ContainsAny(in.City, "(),'\"/?") {
			continue
		}
		tw := byTown[in.City]
		if tw == nil {
			tw = &town{name: in.City}
			byTown[in.City] = tw
			order = append(order, in.City)
		}
		if in.TypeCode == "M" {
			tw.museums++
		}
		tw.subjects = append(tw.subjects, in.Subjects...)
	}
	// in the town, or in the area of its name when the place is read as
	// both ("Exeter is read as the town and the area of that name")
	inPlace := func(in *heritage.Institution, pl plan.Place) bool {
		for _, tw := range p.Data().Towns(in) {
			if heritage.NormalizeName(tw.Name) == heritage.NormalizeName(pl.Name) {
				return true
			}
		}
		for _, u := range in.AdminAreas() {
			if pl.Area != "" && u.Level == pl.Area && heritage.NormalizeName(u.Name) == heritage.NormalizeName(pl.Name) {
				return true
			}
		}
		return false
	}
	var tl tally
	relaxed, k := 0, 0
	for _, name := range order {
		tw := byTown[name]
		if tw.museums < 2 {
			continue
		}
		if k++; k%6 != 0 {
			continue
		}
		for _, tp := range topics {
			if slices.ContainsFunc(tw.subjects, func(s string) bool { return strings.HasPrefix(s, tp.subject) }) {
				continue // the town has a record of the subject
			}
			q := fmt.Sprintf("Which %s are in %s?", tp.english, name)
			if tl.asked%2 == 1 {
				q = fmt.Sprintf("Welke %s zijn er in %s?", tp.dutch, name)
			}
			r := ask(t, p, q)
			c := r.Plan.Constraints
			if len(c.Subjects) == 0 || len(c.Places) != 1 || c.Places[0].Level != "city" || r.Answer.Exact {
				continue // read otherwise, or answered exactly (a record of the town may hold the subject under a name)
			}
			ok := true
			if strings.Contains(r.Answer.Text, " relaxed, ") {
				relaxed++
				ok = strings.Contains(r.Answer.Text, "with the condition on the subject relaxed") ||
					strings.Contains(r.Answer.Text, "with the conditions on the subject and the ")
				for _, id := range r.Answer.IDs {
					in, found := p.Data().Get(id)
					ok = ok && found && inPlace(in, c.Places[0])
					if !ok {
						t.Logf("%s: %s %+v %+v", q, in.Name, in.AdminAreas(), c.Places[0])
					}
				}
			}
			tl.add(ok, fmt.Sprintf("%s → %.200s", q, r.Answer.Text))
			break
		}
	}
	t.Logf("%d answered with a condition relaxed", relaxed)
	require.Greater(t, relaxed, 50)
	tl.require(t, "empty lists relaxed within the place", 100, 100)
}
