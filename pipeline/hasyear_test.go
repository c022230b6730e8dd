package pipeline

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/answer"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// A yes/no question whether an institution has an opening year, with no
// years to test, answers yes with the year the data records, and says
// the data records none only when it records none.
func TestHasOpeningYearOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	seen, names := map[bool]int{}, map[string]int{}
	for i := range p.Data().Institutions {
		names[p.Data().Institutions[i].Name]++
	}
	for i := 0; i < len(p.Data().Institutions); i += 97 {
		in := &p.Data().Institutions[i]
		if names[in.Name] != 1 {
			continue
		}
		q := fmt.Sprintf("Does %s have a founding year?", in.Name)
		r := ask(t, p, q)
		if r.Answer.Kind != answer.KindYesNo || len(r.Answer.IDs) != 1 || r.Answer.IDs[0] != in.ID {
			continue // a name read otherwise is not this test's
		}
		from, to, ok := in.Opened()
		if ok {
			require.Equal(t, "yes", r.Answer.Value, "%s: %s", q, r.Answer.Text)
			require.Contains(t, r.Answer.Text, heritage.YearsText(from, to, true), q)
		} else {
			require.Contains(t, r.Answer.Text, "does not record", "%s: %s", q, r.Answer.Text)
		}
		seen[ok]++
	}
	require.Greater(t, seen[true], 20, "%v", seen)
	require.Greater(t, seen[false], 5)
}
