package pipeline

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// A point given by its coordinates: for every fiftieth British museum with
// coordinates, the museums within a distance of its point (in km and in
// miles, the coordinates written three ways) are the open museums whose
// coordinates lie within it, computed here, nearest first, exact (every
// British record has coordinates); and the count is their number.
func TestRadiusAroundPointsOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	radii := []struct {
		phrase string
		km     float64
	}{{"3 km", 3}, {"2 miles", 2 * 1.609344}, {"8 km", 8}}
	asked, right, n := 0, 0, 0
	for i := range p.Data().Institutions {
		in := &p.Data().Institutions[i]
		if in.Country != "GB" || in.TypeCode != "M" || in.Lat == nil || in.Lon == nil {
			continue
		}
		if n++; n%50 != 0 {
			continue
		}
		r := radii[n/50%len(radii)]
		lat, lon := *in.Lat, *in.Lon
		f := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
		hemi := func(v float64, pos, neg string) string {
			if v < 0 {
				return f(-v) + neg
			}
			return f(v) + pos
		}
		point := []string{f(lat) + ", " + f(lon), hemi(lat, "N", "S") + " " + hemi(lon, "E", "W"), f(lat) + "° " + f(lon) + "°"}[n/50%3]
		w := openMuseumsWithin(p, lat, lon, r.km)
		for _, q := range []string{
			fmt.Sprintf("Which museums are within %s of %s?", r.phrase, point),
			fmt.Sprintf("How many museums are within %s of %s?", r.phrase, point),
		} {
			asked++
			got := ask(t, p, q)
			ids := got.Answer.IDs
			if ids == nil {
				ids = []string{}
			}
			if slices.Equal(w, ids) && got.Answer.Exact && (q[0] != 'H' || got.Answer.Value == fmt.Sprint(len(w))) {
				right++
			} else if asked-right <= 10 {
				t.Logf("%s: %s (want %d: %v)", q, got.Answer.Text, len(w), w)
			}
		}
	}
	t.Logf("%d of %d questions within a distance of a point answered with the museums within it", right, asked)
	require.Greater(t, asked, 50)
	require.Equal(t, asked, right)
}

// Without a distance the radius is that of "near" a town, and the answer
// says so; far from every record with coordinates it is no exact "none";
// in Dutch and German too.
func TestPointWithoutDistance(t *testing.T) {
	p := testPipeline(t)
	got := ask(t, p, "Which museums are near 51.5074, -0.1278?")
	require.Len(t, got.Answer.IDs, len(openMuseumsWithin(p, 51.5074, -0.1278, heritage.NearRadiusKm)))
	require.Contains(t, got.Answer.Text, "within 15 km of 51.5074, -0.1278")
	require.Contains(t, got.Answer.Text, "The question gives no distance")
	far := ask(t, p, "museums near 10.0, 10.0")
	require.Empty(t, far.Answer.IDs)
	require.False(t, far.Answer.Exact)
	require.Contains(t, far.Answer.Text, "records without coordinates cannot be measured")
	for _, l := range []locale.Lang{locale.NL, locale.DE} {
		r, err := p.Ask(t.Context(), Request{Question: "museums near 10.0, 10.0", Lang: l})
		require.NoError(t, err)
		require.NotContains(t, r.Answer.Text, "cannot be measured", l)
	}
}

// openMuseumsWithin lists the open museums whose coordinates lie within
// km of (lat, lon), nearest first (ties by id).
func openMuseumsWithin(p *Pipeline, lat, lon, km float64) []string {
	type near struct {
		id string
		d  float64
	}
	var found []near
	for i := range p.Data().Institutions {
		in := &p.Data().Institutions[i]
		if in.TypeCode != "M" || !in.IsOpen() || in.Lat == nil || in.Lon == nil {
			continue
		}
		if d := heritage.DistanceKm(lat, lon, *in.Lat, *in.Lon); d <= km {
			found = append(found, near{in.ID, d})
		}
	}
	slices.SortFunc(found, func(a, b near) int { return cmp.Or(cmp.Compare(a.d, b.d), cmp.Compare(a.id, b.id)) })
	ids := []string{}
	for _, f := range found {
		ids = append(ids, f.id)
	}
	return ids
}
