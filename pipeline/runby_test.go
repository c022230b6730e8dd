package pipeline

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/answer"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// Whether a council runs an institution is tested on both what the
// council is and where: an institution of a local authority elsewhere is
// not run by this town's council, and a yes names both facts. A council
// the data does not know as a place is no place test.
func TestRunByTownCouncilOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	ins := p.Data().Institutions
	names := map[string]int{}
	for i := range ins {
		names[ins[i].Name]++
	}
	seen := map[string]int{}
	for i := 0; i < len(ins); i += 13 {
		in := &ins[i]
		if names[in.Name] != 1 || in.GovernanceCode() != "Government-Local_Authority" || in.City == "" || in.Country != "GB" {
			continue
		}
		other := ins[(i+len(ins)/2)%len(ins)].City
		for town, want := range map[string]string{in.City: "yes", other: "no"} {
			if town == "" || town == in.City && want == "no" {
				continue
			}
			q := fmt.Sprintf("Is %s run by %s City Council?", in.Name, town)
			r := ask(t, p, q)
			if r.Answer.Kind != answer.KindYesNo || len(r.Answer.IDs) != 1 || r.Answer.IDs[0] != in.ID {
				continue // a name read otherwise is not this test's
			}
			if want == "no" {
				require.NotEqual(t, "yes", r.Answer.Value, "%s: %s", q, r.Answer.Text)
			} else if r.Answer.Value == "yes" {
				require.Contains(t, r.Answer.Text, "local authority", q)
			}
			seen[want+":"+r.Answer.Value]++
		}
	}
	t.Logf("verdicts by the town asked (own or another): %v", seen)
	require.Greater(t, seen["yes:yes"], 5, "%v", seen)
	require.Greater(t, seen["no:no"], 5, "%v", seen)
}
