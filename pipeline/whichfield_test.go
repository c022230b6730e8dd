package pipeline

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/internal/testfixture"
	"github.com/stretchr/testify/require"
)

// "Which town is Beamish in?" asks what "What town is Beamish in?" asks:
// one field of one institution, not a list of the institutions in a town
// called Beamish. Over every record with a name of its own that is the
// name of a town of the data and every 32nd other record, the two questions get the same answer, for the town,
// county, region and country in turn.
func TestWhichFieldIsOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	names := nameCounts(p)
	shapes := []string{"%s %s is %s in?", "%s %s is %s located in?", "%s %s was %s in?", "%s %s is %s in?"}
	fields := []string{"town", "county", "region", "country"}
	towns := map[string]bool{}
	for i := range p.Data().Institutions {
		towns[p.Data().Institutions[i].City] = true
	}
	asked, same := 0, 0
	var differ []string
	for i := range p.Data().Institutions {
		in := &p.Data().Institutions[i]
		if names[in.Name] != 1 || strings.ContainsAny(in.Name, "(),'\"/") || !towns[in.Name] && i%32 != 0 {
			continue
		}
		shape, f := shapes[asked%len(shapes)], fields[(asked/len(shapes))%len(fields)]
		want := ask(t, p, fmt.Sprintf(shape, "What", f, in.Name))
		if len(want.Answer.IDs) == 0 || want.Answer.IDs[0] != in.ID {
			continue // a name the router reads otherwise is not this test's
		}
		asked++
		q := fmt.Sprintf(shape, "Which", f, in.Name)
		if got := ask(t, p, q); got.Answer.Text == want.Answer.Text {
			same++
		} else if len(differ) < 5 {
			differ = append(differ, fmt.Sprintf("%s → %.100s (what: %.100s)", q, got.Answer.Text, want.Answer.Text))
		}
	}
	t.Logf("%d of %d 'Which <field> is X in?' answer as 'What <field> is X in?'; differ e.g. %q", same, asked, differ)
	require.Greater(t, asked, 400)
	require.Equal(t, asked, same)
}
