package pipeline

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/answer"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// For every town of the data whose name another town's differs from only
// in accents (Münster, Munster), each kind asked for in each spelling
// lists no record whose city or name spells the other town. Before,
// "Which museums are in Münster?" listed the Deutsches Panzermuseum
// Munster.
func TestTownsSpelledApartOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	spellings := map[string]map[string]bool{} // key → city spellings
	for i := range p.Data().Institutions {
		in := &p.Data().Institutions[i]
		if in.City == "" {
			continue
		}
		k := heritage.NormalizeName(in.City)
		if spellings[k] == nil {
			spellings[k] = map[string]bool{}
		}
		spellings[k][in.City] = true
	}
	asked, right := 0, 0
	for _, k := range everyNth(spellings, 1, func(_ string, s map[string]bool) bool { return len(s) > 1 }) {
		var twins []string
		for a := range spellings[k] {
			for b := range spellings[k] {
				if a != b && answer.AccentTwins(a, b) {
					twins = append(twins, a)
				}
			}
		}
		for _, town := range twins {
			for _, kind := range []string{"museums", "libraries", "archives"} {
				q := fmt.Sprintf("Which %s are in %s?", kind, town)
				r := ask(t, p, q)
				asked++
				ok := true
				for _, id := range r.Answer.IDs {
					in, _ := p.Data().Get(id)
					if s, found := answer.TownSpelling(in, town); found && !strings.EqualFold(s, town) {
						ok = false
					}
				}
				if ok {
					right++
				} else {
					t.Logf("%s: %s", q, r.Answer.Text)
				}
			}
		}
	}
	t.Logf("%d of %d questions about a town spelled like another but for accents list none of the other's records", right, asked)
	require.Greater(t, asked, 5)
	require.Equal(t, asked, right)
}
