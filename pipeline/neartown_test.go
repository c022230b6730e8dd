package pipeline

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// "Which museums are within 10 km of Rye?" answered the museums whose
// city field is Rye, called exact, whatever the distance asked for. For
// a sample of the British towns of the data, a list and a count within a
// distance in km and in miles are checked against the open museums whose
// coordinates lie within that distance of the town's centre, computed
// here (the median latitude and longitude of the town's records), nearest
// first, exact: every British record has coordinates.
func TestRadiusAroundTownsOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	type pt struct{ lat, lon []float64 }
	towns := map[string]*pt{}
	countries := map[string]map[string]bool{}
	spelling := map[string]string{}
	for i := range p.Data().Institutions {
		in := &p.Data().Institutions[i]
		if in.City == "" || in.Lat == nil || in.Lon == nil {
			continue
		}
		k := heritage.NormalizeName(in.City)
		if countries[k] == nil {
			countries[k] = map[string]bool{}
		}
		countries[k][in.Country] = true
		if in.Country != "GB" {
			continue
		}
		// one town however its records spell it ("Bo'ness", "Boness")
		if towns[k] == nil {
			towns[k] = &pt{}
			spelling[k] = in.City
		}
		towns[k].lat = append(towns[k].lat, *in.Lat)
		towns[k].lon = append(towns[k].lon, *in.Lon)
	}
	sample := everyNth(towns, 5, func(k string, c *pt) bool {
		return len(c.lat) >= 2 && len(countries[k]) == 1 && !strings.ContainsAny(spelling[k], "(),")
	})
	// want lists the open museums within km of the town's centre, nearest
	// first (ties by id)
	want := func(k string, km float64) []string {
		return openMuseumsWithin(p, testMedian(towns[k].lat), testMedian(towns[k].lon), km)
	}
	asked, right := 0, 0
	radii := []struct {
		phrase string
		km     float64
	}{{"10 km", 10}, {"5 miles", 5 * 1.609344}, {"20 km", 20}}
	for i, k := range sample {
		r, town := radii[i%len(radii)], spelling[k]
		w := want(k, r.km)
		for _, q := range []string{
			fmt.Sprintf("Which museums are within %s of %s?", r.phrase, town),
			fmt.Sprintf("How many museums are within %s of %s?", r.phrase, town),
		} {
			asked++
			got := ask(t, p, q)
			ids := got.Answer.IDs
			if ids == nil {
				ids = []string{}
			}
			if slices.Equal(w, ids) && got.Answer.Exact &&
				(!strings.HasPrefix(q, "How many") || got.Answer.Value == fmt.Sprint(len(w))) {
				right++
			} else if asked-right <= 10 {
				t.Logf("%s: %s (want %d: %v)", q, got.Answer.Text, len(w), w)
			}
		}
	}
	t.Logf("%d of %d questions within a distance of %d towns answered with the museums within it", right, asked, len(sample))
	require.Greater(t, asked, 200)
	require.GreaterOrEqual(t, right, asked*9/10)
}

func testMedian(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	if n := len(s); n%2 == 1 {
		return s[n/2]
	} else {
		return (s[n/2-1] + s[n/2]) / 2
	}
}

// A distance from a town the data has no coordinates for (most German
// towns) cannot be measured: the answer says so and gives the town's own
// museums, the list "Which museums are in X?" gives, not exact. For every
// twentieth such German town with museums.
func TestRadiusAroundUnplacedTownsOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	towns := townCounts(p, func(in *heritage.Institution) bool {
		return in.Country == "DE" && in.TypeCode == "M" && len(p.Data().TownCentres(in.City)) == 0
	})
	asked, right := 0, 0
	for _, town := range everyNth(towns, 20, func(town string, _ int) bool { return !strings.ContainsAny(town, "(),/") }) {
		in := ask(t, p, fmt.Sprintf("Which museums are in %s?", town))
		if in.Answer.Kind != KindSet || len(in.Plan.Constraints.Places) != 1 || in.Plan.Constraints.Places[0].Name != town {
			continue // read otherwise: not this test's
		}
		asked++
		q := fmt.Sprintf("Which museums are within 10 km of %s?", town)
		r := ask(t, p, q)
		want, got := slices.Sorted(slices.Values(in.Answer.IDs)), slices.Sorted(slices.Values(r.Answer.IDs))
		if !r.Answer.Exact && slices.Equal(want, got) && strings.Contains(r.Answer.Text, "no coordinates for "+town) {
			right++
		} else if asked-right <= 5 {
			t.Logf("%s: %s", q, r.Answer.Text)
		}
	}
	t.Logf("%d of %d German towns without coordinates answered with their own museums, not exact", right, asked)
	require.Greater(t, asked, 20)
	require.GreaterOrEqual(t, right, asked*9/10)
}
