package pipeline

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
)

// "Which museums in T are older than X?" over the data: for towns of the
// bundled records with several museums, X one of them that states an
// opening year and whose name is its own, the answer is that of "Which
// museums in T opened before <X's year>?" (after, for "newer than"), and
// X's year bounds every member.
func TestOlderThanOverTheData(t *testing.T) {
	p := testPipeline(t)
	byTown := map[string][]*heritage.Institution{}
	names := map[string]int{}
	for i := range p.Data().Institutions {
		in := &p.Data().Institutions[i]
		names[in.Name]++
		if in.TypeCode == "M" && in.Country == "GB" && in.City != "" {
			byTown[in.City] = append(byTown[in.City], in)
		}
	}
	towns := make([]string, 0, len(byTown))
	for town, ins := range byTown {
		if len(ins) >= 4 && len(ins) <= 12 {
			towns = append(towns, town)
		}
	}
	slices.Sort(towns)
	checked, sets := 0, 0
	for ti, town := range towns {
		if ti%7 != 0 {
			continue
		}
		var x *heritage.Institution
		for _, in := range byTown[town] {
			if _, _, ok := in.Opened(); ok && names[in.Name] == 1 {
				x = in
				break
			}
		}
		if x == nil {
			continue
		}
		from, to, _ := x.Opened()
		for i, older := range []bool{true, false, true, false} {
			q := fmt.Sprintf("Which museums in %s are newer than %s?", town, x.Name)
			same := fmt.Sprintf("Which museums in %s opened after %d?", town, to)
			if older {
				q = fmt.Sprintf("Which museums in %s are older than %s?", town, x.Name)
				same = fmt.Sprintf("Which museums in %s opened before %d?", town, from)
			}
			if i >= 2 {
				// the verb before the place, the cue after it
				cue := map[bool]string{true: "before", false: "after"}[older]
				q = fmt.Sprintf("Which museums opened in %s %s %s?", town, cue, x.Name)
			}
			a, b := ask(t, p, q).Answer, ask(t, p, same).Answer
			require.Equal(t, b.Kind, a.Kind, "%s: %s\n%s: %s", q, a.Text, same, b.Text)
			if a.Kind != KindSet {
				// no museum on that side: the closest matches may differ
				checked++
				continue
			}
			ga, gb := slices.Clone(a.IDs), slices.Clone(b.IDs)
			slices.Sort(ga)
			slices.Sort(gb)
			require.Equal(t, gb, ga, "%s: %s\n%s: %s", q, a.Text, same, b.Text)
			require.Equal(t, b.Exact, a.Exact, "%s: %s", q, a.Text)
			require.NotContains(t, a.IDs, x.ID, q)
			sets++
			checked++
		}
	}
	require.Greater(t, checked, 20)
	require.Greater(t, sets, 10)
	t.Logf("%d questions checked, %d answered with a set", checked, sets)
}
