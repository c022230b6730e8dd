package kg

import (
	"slices"
	"testing"

	"github.com/hybridrag/hybridrag/plan"
	"github.com/stretchr/testify/require"
)

func TestPlaces(t *testing.T) {
	g := testGraph(t)
	in, ok := g.Dataset().Get("ror:00mjny636") // no admin_area: the region field is a place
	require.True(t, ok)
	places, keys := Places(g.Dataset(), in)
	require.Equal(t, []Place{
		{Key: "place:country:NO", Label: "NO", Source: "country", Index: []string{"country\x00no"}},
		{Key: "place:region:NO/Nordland", Label: "Nordland", Parent: "place:country:NO", ParentLabel: "NO", Source: "region"},
		{Key: "place:city:NO/Bøstad", Label: "Bøstad", Parent: "place:region:NO/Nordland", ParentLabel: "Nordland", Source: "city",
			Index: []string{"city\x00bostad"}},
	}, places)
	// Bøstad's records have coordinates: the record lies near its own town
	require.Equal(t, []string{"region\x00nordland", "near\x00bostad"}, keys)

	// Every place is a node of the graph, linked to the record and to its
	// parent.
	for _, id := range []string{"ror:00mjny636", "mm:mm.domus.SC277", "mm:mm.New.1"} {
		in, ok := g.Dataset().Get(id)
		require.True(t, ok)
		places, _ := Places(g.Dataset(), in)
		require.NotEmpty(t, places)
		for _, p := range places {
			n, ok := g.Node(p.Key)
			require.True(t, ok, p.Key)
			require.Equal(t, Node{ID: p.Key, Kind: KindPlace, Label: p.Label}, n)
			require.Contains(t, g.Neighbourhood(id, 1, []string{RelInPlace}),
				Edge{From: id, To: p.Key, Relation: RelInPlace, Kind: EdgePlace, Source: p.Source})
			if p.Parent != "" {
				require.Contains(t, g.Neighbourhood(p.Key, 1, []string{RelWithin}),
					Edge{From: p.Key, To: p.Parent, Relation: RelWithin, Kind: EdgeWithin, Source: p.Source})
			}
		}
	}
}

func TestPlaceKeys(t *testing.T) {
	g := testGraph(t)
	in, ok := g.Dataset().Get("mm:mm.domus.SC277") // Edinburgh, admin_area Scotland / City of Edinburgh
	require.True(t, ok)
	places, keys := Places(g.Dataset(), in)
	for _, p := range places {
		keys = append(keys, p.Index...)
	}
	tests := []struct {
		place plan.Place
		match bool
	}{
		{plan.Place{Name: "EDINBURGH", Level: plan.LevelCity}, true},
		{plan.Place{Name: "gb", Level: plan.LevelCountry}, true},
		{plan.Place{Name: "Scotland", Level: plan.LevelRegion}, true},
		{plan.Place{Name: "City of Edinburgh", Level: plan.LevelCounty}, true},
		{plan.Place{Name: "City of Edinburgh", Level: plan.LevelAdmin}, true},
		{plan.Place{Name: "City of Edinburgh", Level: plan.LevelAdmin, AdminLevel: "Scottish Council Area"}, true},
		{plan.Place{Name: "City of Edinburgh", Level: plan.LevelAdmin, AdminLevel: "County"}, false},
		{plan.Place{Name: "Edinburgh", Level: plan.LevelCounty}, false},
		{plan.Place{Name: "Glasgow", Level: plan.LevelCity}, false},
		{plan.Place{Name: "Edinburgh", Level: "planet"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.place.Level+" "+tc.place.Name+" "+tc.place.AdminLevel, func(t *testing.T) {
			stated, _, _ := PlaceKeys(tc.place)
			require.Equal(t, tc.match, slices.ContainsFunc(stated, func(k string) bool { return slices.Contains(keys, k) }))
			ids := g.Select(plan.Constraints{Places: []plan.Place{tc.place}}, 0)
			require.Equal(t, tc.match, slices.Contains(ids, in.ID))
		})
	}
}
