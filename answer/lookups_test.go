package answer

import (
	"math"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// scan lists the records that match, in data order: what the answers
// read every record for before the lookups.
func scan(ds *heritage.Dataset, match func(*heritage.Institution) bool) []int32 {
	var out []int32
	for i := range ds.Institutions {
		if match(&ds.Institutions[i]) {
			out = append(out, int32(i))
		}
	}
	return out
}

// exists reports whether a record matches, reading the records in data
// order up to the first that does.
func exists(ds *heritage.Dataset, match func(*heritage.Institution) bool) bool {
	for i := range ds.Institutions {
		if match(&ds.Institutions[i]) {
			return true
		}
	}
	return false
}

// Every record a distance search finds by reading every record lies in
// the cells the lookup reads: around a sample of the records, at radii
// from 1 km to half the earth, and around points near the poles and the
// date line, where the cells around a point wrap.
func TestAroundHoldsEveryRecordWithin(t *testing.T) {
	testfixture.SkipUnderRace(t)
	t.Parallel()
	ds := testfixture.Dataset(t)
	l := newRecordLookups(ds)
	type point struct{ lat, lon float64 }
	points := []point{{89.95, 0}, {-89.95, 120}, {0, 179.99}, {51.5, -179.95}, {60, 180}, {-33.9, 18.4}}
	for i := 0; i < len(ds.Institutions); i += 97 {
		if in := &ds.Institutions[i]; in.Lat != nil && in.Lon != nil {
			points = append(points, point{*in.Lat, *in.Lon})
		}
	}
	// The distance of every placed record from the point, measured once
	// for all the radii.
	dist := make([]float64, len(ds.Institutions))
	for _, at := range points {
		for i := range ds.Institutions {
			dist[i] = math.Inf(1)
			if in := &ds.Institutions[i]; in.Lat != nil && in.Lon != nil {
				dist[i] = heritage.DistanceKm(at.lat, at.lon, *in.Lat, *in.Lon)
			}
		}
		for _, km := range []float64{1, 8.05, 10, 15, 50, 400, 3000, 20000} {
			found := map[int32]bool{}
			for _, i := range l.around(at.lat, at.lon, km) {
				require.False(t, found[i], "record %d twice", i)
				found[i] = true
			}
			for i, d := range dist {
				if d <= km {
					require.True(t, found[int32(i)], "%s, %.1f km from (%v, %v), not found within %v km", ds.Institutions[i].ID, d, at.lat, at.lon, km)
				}
			}
		}
	}
}

// The words of the names: every word of every 29th name, and its
// first five letters, find the records a reading of every name finds,
// in data order.
func TestNameRecordsAreTheScans(t *testing.T) {
	testfixture.SkipUnderRace(t)
	t.Parallel()
	ds := testfixture.Dataset(t)
	l := newRecordLookups(ds)
	names := make([][]string, len(ds.Institutions))
	for i := range ds.Institutions {
		names[i] = strings.Fields(heritage.NormalizeName(ds.Institutions[i].Name))
	}
	words := map[string]bool{"x": true, "of": true, "amsterdam": true, "upon tyne": true}
	for i := 0; i < len(names); i += 29 {
		for _, w := range names[i] {
			words[w] = true
			if len(w) > 5 {
				words[w[:5]] = true
			}
		}
	}
	for w := range words {
		var want []int32
		ws, wes := w+"s", w+"es"
		for i, parts := range names {
			for _, part := range parts {
				if part == w || part == ws || part == wes || len(w) >= 5 && strings.Contains(part, w) {
					want = append(want, int32(i))
					break
				}
			}
		}
		require.Equal(t, want, l.nameRecords(w), w)
	}
}

// The towns, cities, places, postcodes, countries and kinds of a sample
// of the records find what a reading of every record finds.
func TestPlaceLookupsAreTheScans(t *testing.T) {
	testfixture.SkipUnderRace(t)
	t.Parallel()
	ds := testfixture.Dataset(t)
	l := newRecordLookups(ds)
	cities, towns := make([]string, len(ds.Institutions)), make([][]string, len(ds.Institutions))
	for i := range ds.Institutions {
		cities[i] = heritage.NormalizeName(ds.Institutions[i].City)
		for _, t := range ds.Towns(&ds.Institutions[i]) {
			towns[i] = append(towns[i], heritage.NormalizeName(t.Name))
		}
	}
	for i := 0; i < len(ds.Institutions); i += 97 {
		in := &ds.Institutions[i]
		var want []int32
		for j := range cities {
			if cities[j] == cities[i] {
				want = append(want, int32(j))
			}
		}
		require.Equal(t, want, l.cityRecords(cities[i]), in.City)
		for _, town := range towns[i] {
			keys := []string{town, "nowhere"}
			want = nil
			for j := range towns {
				if slices.ContainsFunc(towns[j], func(k string) bool { return slices.Contains(keys, k) }) {
					want = append(want, int32(j))
				}
			}
			require.Equal(t, want, l.townRecords(keys), town)
		}
		for _, v := range []string{in.City, in.County(), in.Region(), in.Country, in.Name, "Atlantis"} {
			if v == "" || i%3 != 0 {
				continue
			}
			pl := []plan.Place{{Name: v, Level: plan.LevelCity}}
			want := exists(ds, newPlaceMatcher(pl, false).match)
			require.Equal(t, want, l.statesPlace(heritage.NormalizeName(v)), v)
		}
		for _, u := range in.AdminAreas() {
			require.True(t, l.statesPlace(heritage.NormalizeName(u.Name)), u.Name)
		}
		if in.Postcode() != "" {
			full := strings.ToUpper(in.Postcode())
			outward, _, _ := strings.Cut(full, " ")
			area := postcodeAreaOf(strings.ReplaceAll(full, " ", ""))
			for _, want := range [][]string{{full}, {outward}, {full, outward, "ZZ9 9ZZ"}, {strings.ToLower(full)}, {area}, {area, "ZZ"}} {
				require.Equal(t, scan(ds, func(r *heritage.Institution) bool { return postcodeMatches(r.Postcode(), want) }),
					l.postcodeRecords(want), want)
			}
		}
		for _, code := range []string{in.TypeCode, "H"} {
			require.Equal(t, exists(ds, func(r *heritage.Institution) bool { return r.Country == in.Country && r.TypeCode == code }),
				l.hasKind(in.Country, code), in.Country+" "+code)
		}
		require.Len(t, scan(ds, func(r *heritage.Institution) bool { return r.Country == in.Country }), l.countryRecords(in.Country))
		for _, codes := range [][]string{nil, {in.TypeCode}, {"M", "L"}} {
			var got []int32
			for _, ids := range l.unmeasuredRecords(in.Country, codes) {
				got = append(got, ids...)
			}
			slices.Sort(got)
			require.Equal(t, scan(ds, func(r *heritage.Institution) bool {
				return r.Country == in.Country && (r.Lat == nil || r.Lon == nil) && (codes == nil || slices.Contains(codes, r.TypeCode))
			}), got, in.Country, codes)
		}
	}
	require.Zero(t, l.countryRecords("IS"))
}

// The first questions that need the lookups may come at once: each table
// is built once, and every caller reads it whole.
func TestLookupsBuiltOnceUnderConcurrentCallers(t *testing.T) {
	ds := testfixture.Sample(t, 20)
	l := newRecordLookups(ds)
	in := &ds.Institutions[0]
	var wg sync.WaitGroup
	counts := make([]int, 8)
	for g := range counts {
		wg.Go(func() {
			n := l.countryRecords(in.Country) + len(l.cityRecords(heritage.NormalizeName(in.City))) +
				len(l.nameRecords("museum")) + len(l.postcodeRecords([]string{"NE61"})) + len(l.around(52, 0, 100))
			for _, ids := range l.unmeasuredRecords("DE", nil) {
				n += len(ids)
			}
			counts[g] = n + len(l.townRecords([]string{heritage.NormalizeName(in.City)}))
		})
	}
	wg.Wait()
	for _, n := range counts {
		require.Equal(t, counts[0], n)
	}
	require.Positive(t, counts[0])
}
