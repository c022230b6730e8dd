package kg

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/router"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

var testRouter = testfixture.Shared(func(ds *heritage.Dataset) (*router.Router, error) { return router.New(ds), nil })

// TestPlaceQuestions routes place questions in English, Dutch and German
// (misspelt towns, "near" phrasings, trips, qualified regions) and checks
// the place read and the records selected at each PlaceMatch level.
func TestPlaceQuestions(t *testing.T) {
	g := testGraph(t)
	r := testRouter(t)
	city := func(n string) plan.Place { return plan.Place{Name: n, Level: plan.LevelCity} }
	admin := func(n, l string) plan.Place { return plan.Place{Name: n, Level: plan.LevelAdmin, AdminLevel: l} }
	tests := []struct {
		q    string
		want plan.Place
		near bool
		// some records the selection must hold, and must not
		has, hasNot []string
		// exact: the selection is the stated one (Select == Stated)
		exact bool
	}{
		// towns read from names of records without a city
		{q: "Welche Museen gibt es in Bayreuth?", want: city("Bayreuth"),
			has:    []string{"wd:Q1359068", "wd:Q76627195", "wd:Q812599", "wd:Q76627198"},
			hasNot: []string{"wd:Q76629820"}}, // "… bei Bayreuth"
		{q: "Which libraries can I use in Bayreuth?", want: city("Bayreuth"), has: []string{"wd:Q1367678"}},
		{q: "Welke archieven zijn er in Bayreuth?", want: city("Bayreuth"), has: []string{"wd:Q28720165", "wd:Q28734913"}},
		// other names of a town
		{q: "Which museums are there in Nuremberg?", want: city("Nuremberg"),
			has: []string{"wd:Q1792415", "wd:Q458915", "wd:Q1920112"}}, // city Nürnberg; in the name; "Nürnberger"
		// misspelt towns
		{q: "Which museums are in Edinbrugh?", want: city("Edinburgh"), has: []string{"mm:mm.domus.SC277"}, exact: true},
		{q: "Welke musea zijn er in Glasow?", want: city("Glasgow"), exact: true},
		{q: "Which galleries and museums are in Brigthon?", want: city("Brighton"), exact: true},
		{q: "Welche Museen gibt es in Regensbrug?", want: city("Regensburg"), has: []string{"wd:Q179573"}},
		{q: "Which museums are in Abrdeen?", want: city("Aberdeen"), exact: true},
		// near a town: Select keeps the stated town, Near adds the radius
		{q: "Which museums are close to Lincoln?", want: city("Lincoln"), near: true, exact: true},
		{q: "Museums in and around Ipswich, please", want: city("Ipswich"), near: true, exact: true},
		{q: "Welke musea liggen in de buurt van Whitby?", want: city("Whitby"), near: true, exact: true},
		{q: "Welche Museen gibt es in der Nähe von Bayreuth?", want: city("Bayreuth"), near: true, has: []string{"wd:Q76627195"}},
		{q: "Which museums are in the Lincoln area?", want: city("Lincoln"), near: true, exact: true},
		{q: "Which museums are in Whitby and the surrounding area?", want: city("Whitby"), near: true, exact: true},
		{q: "Landkreis Esslingen: welche Museen gibt es dort?", want: city("Esslingen"), near: true, has: []string{"wd:Q19963232"}},
		// trips
		{q: "A day out in Cornwall: which museums are open?", want: admin("Cornwall", "English UA"), exact: true},
		{q: "Visiting Whitby next week — what museums can I see?", want: city("Whitby"), exact: true},
		{q: "We zijn een weekend in Edinburgh, welke musea kunnen we bezoeken?", want: city("Edinburgh"), exact: true},
		// qualified regions
		{q: "Which museums are in the English region North East?", want: admin("North East", "English Region"), exact: true},
		{q: "Which museums are in council area Fife?", want: admin("Fife", "Scottish Council Area"), exact: true},
		{q: "Which museums are in the county of Kent?", want: admin("Kent", "English County"), exact: true},
		{q: "Which museums are in Kent county?", want: admin("Kent", "English County"), exact: true},
	}
	for _, tc := range tests {
		t.Run(tc.q, func(t *testing.T) {
			c := r.Route(tc.q).Constraints
			require.Equal(t, []plan.Place{tc.want}, placesRead(c), "near %v", c.NearPlace)
			require.Equal(t, tc.near, c.NearPlace)

			stated := g.SelectMatching(c, 0, Stated)
			sel := g.Select(c, 0)
			near := g.SelectMatching(c, 0, Near)
			require.NotEmpty(t, sel)
			require.Subset(t, sel, stated)
			require.Subset(t, near, sel)
			if tc.exact {
				require.Equal(t, stated, sel)
			}
			for _, id := range tc.has {
				require.Contains(t, sel, id)
			}
			for _, id := range tc.hasNot {
				require.NotContains(t, sel, id)
			}
			if !c.NearPlace {
				require.Equal(t, sel, near)
			}
			// every record Near adds lies within the radius of the town
			for _, id := range near {
				if slices.Contains(sel, id) {
					continue
				}
				in, ok := g.Dataset().Get(id)
				require.True(t, ok)
				require.Contains(t, g.Dataset().NearTowns(in), tc.want.Name, id)
			}
		})
	}
}

// TestSelectNear: "in or near" widens the selection by the radius only at
// the Near level.
func TestSelectNear(t *testing.T) {
	g := testGraph(t)
	newark := plan.Constraints{TypeCodes: []string{"M"}, Places: []plan.Place{{Name: "Newark", Level: plan.LevelCity}}, NearPlace: true}
	sel := g.Select(newark, 0)
	near := g.SelectMatching(newark, 0, Near)
	require.Contains(t, sel, "mm:mm.aim.1138") // postal town Newark, 17 km out
	require.NotContains(t, sel, "mm:mm.domus.EM097")
	require.Contains(t, near, "mm:mm.domus.EM097") // Flintham, 10 km from Newark
	require.Greater(t, len(near), len(sel))
	newark.NearPlace = false
	require.Equal(t, sel, g.SelectMatching(newark, 0, Near))
}

// placesRead returns the places of c without the text they were read from.
func placesRead(c plan.Constraints) []plan.Place {
	out := slices.Clone(c.Places)
	for i := range out {
		out[i].Text = ""
	}
	return out
}
