package pipeline

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A list of the museums of a town whose museums have all closed says
// that none is open according to the data and names those that closed,
// with their years, for every such town of the data; a count says 0.
// Before, it gave the closest matches by text ("No institution matches
// every condition of the question exactly").
func TestAllClosedTownsOverTheData(t *testing.T) {
	p := testPipeline(t)
	open, closed := map[string]int{}, map[string][]string{}
	for i := range p.Data().Institutions {
		in := &p.Data().Institutions[i]
		if in.Country != "GB" || in.TypeCode != "M" || in.City == "" {
			continue
		}
		if in.Status == "closed" {
			closed[in.City] = append(closed[in.City], in.Name)
		} else {
			open[in.City]++
		}
	}
	var towns []string
	for town := range closed {
		if open[town] == 0 && !strings.ContainsAny(town, "(),") {
			towns = append(towns, town)
		}
	}
	slices.Sort(towns)
	checked := 0
	for i, town := range towns {
		if i%4 != 0 {
			continue
		}
		q := fmt.Sprintf("Which museums are in %s?", town)
		r := ask(t, p, q)
		if r.Plan.Constraints.Places == nil || r.Plan.Constraints.Places[0].Name != town || len(r.Answer.IDs) > 0 {
			// a town whose name is also read otherwise, or also names an
			// area with open museums, is not this test's
			continue
		}
		require.Equal(t, KindSet, r.Answer.Kind, "%s: %s", q, r.Answer.Text)
		require.Empty(t, r.Answer.IDs, "%s: %s", q, r.Answer.Text)
		require.True(t, strings.HasPrefix(r.Answer.Text, "No museum in "+town+" is open according to the data"), "%s: %s", q, r.Answer.Text)
		for _, name := range closed[town] {
			require.Contains(t, r.Answer.Text, name, q)
		}
		c := ask(t, p, fmt.Sprintf("How many museums are in %s?", town))
		require.Equal(t, "0", c.Answer.Value, "%s: %s", town, c.Answer.Text)
		require.Contains(t, c.Answer.Text, "closed", town)
		checked++
	}
	require.Greater(t, checked, 20)
	t.Logf("%d of %d towns whose museums have all closed checked", checked, len(towns))
}

// "When did X close?" of a museum the data has open says it has not
// closed, exactly; of one that closed, its closing year. Every tenth
// British museum with a name of its own.
func TestClosingYearOverTheData(t *testing.T) {
	p := testPipeline(t)
	names := map[string]int{}
	for i := range p.Data().Institutions {
		names[p.Data().Institutions[i].Name]++
	}
	openSeen, closedSeen := 0, 0
	for i := range p.Data().Institutions {
		in := &p.Data().Institutions[i]
		if i%10 != 0 || in.Country != "GB" || names[in.Name] != 1 || strings.ContainsAny(in.Name, "()?") {
			continue
		}
		q := fmt.Sprintf("When did %s close?", in.Name)
		r := ask(t, p, q)
		if !slices.Contains(r.Answer.IDs, in.ID) || r.Answer.Kind != KindField {
			continue // the name read otherwise: not this test's
		}
		switch {
		case in.Status == "open":
			require.Contains(t, r.Answer.Text, "has not closed", q)
			// exact unless the name was taken as the best match
			require.Equal(t, !strings.Contains(r.Answer.Text, "best match"), r.Answer.Exact, "%s: %s", q, r.Answer.Text)
			openSeen++
		case in.Status == "closed":
			if _, _, ok := in.Closed(); ok {
				require.NotEmpty(t, r.Answer.Value, "%s: %s", q, r.Answer.Text)
				require.NotContains(t, r.Answer.Text, "has not closed", q)
				closedSeen++
			}
		}
	}
	require.Greater(t, openSeen, 100)
	require.Greater(t, closedSeen, 20)
	t.Logf("%d open and %d closed museums asked when they closed", openSeen, closedSeen)
}
