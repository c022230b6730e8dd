package answer

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// A record outside the place a list asks for never ranks above one
// inside it: for every 50th town of the data, the town's records and
// others interleaved come out with the town's first, each part in its
// order.
func TestInPlaceFirstOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	ds := testfixture.Dataset(t)
	p := New(ds, nil, nil, 2026)
	byTown := map[string][]string{}
	var towns []string
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		if in.City == "" {
			continue
		}
		if _, seen := byTown[in.City]; !seen {
			towns = append(towns, in.City)
		}
		byTown[in.City] = append(byTown[in.City], in.ID)
	}
	checked, first := 0, 0
	for k := 0; k+1 < len(towns); k += 50 {
		inside, outside := byTown[towns[k]], byTown[towns[k+1]]
		var mixed []string
		for i := range max(len(inside), len(outside)) {
			if i < len(outside) {
				mixed = append(mixed, outside[i])
			}
			if i < len(inside) {
				mixed = append(mixed, inside[i])
			}
		}
		places := []plan.Place{{Text: towns[k], Name: towns[k], Level: "city"}}
		got := p.inPlaceFirst(mixed, places)
		require.Len(t, got, len(mixed))
		seenOutside := false
		if in, _ := ds.Get(got[0]); placeMatches(in, places) && len(outside) > 0 {
			first++ // an outside record came first in mixed
		}
		for _, id := range got {
			in, _ := ds.Get(id)
			if placeMatches(in, places) {
				require.False(t, seenOutside, "%s: %s ranks below a record outside the town", towns[k], id)
			} else {
				seenOutside = true
			}
		}
		checked++
	}
	require.Greater(t, checked, 50)
	require.Greater(t, first*10, checked*9, "the town's records come first")
	require.Equal(t, []string{"a", "b"}, p.inPlaceFirst([]string{"a", "b"}, nil), "without a place, the order is kept")
}
