package heritage

import (
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// embedded is the bundled dataset, loaded once for the tests that read it
// (TestEmbedded checks the load; the other packages' tests use
// testtools/testfixture, which this package's tests cannot import).
var embedded = func() func(t *testing.T) *Dataset {
	load := sync.OnceValues(Embedded)
	return func(t *testing.T) *Dataset {
		t.Helper()
		ds, err := load()
		require.NoError(t, err)
		return ds
	}
}()

func TestTowns(t *testing.T) {
	skipUnderRace(t)
	ds := embedded(t)
	tests := []struct {
		id, name string
		want     []Town
	}{
		{"wd:Q1359068", "Kunstmuseum Bayreuth", []Town{{"Bayreuth", TownFromCity}}},
		{"wd:Q76627195", "Historisches Museum Bayreuth", []Town{{"Bayreuth", TownFromName}}},
		{"wd:Q812599", "Bayreuther Feuerwehr-Museum", []Town{{"Bayreuth", TownFromName}}},
		{"wd:Q1367678", "Universitätsbibliothek Bayreuth", []Town{{"Bayreuth", TownFromName}}},
		// "bei Bayreuth" is near the town, not in it
		{"wd:Q76629820", "Felsengarten Sanspareil und Burg Zwernitz bei Bayreuth", nil},
		// a word after "und" is a noun or a person, not the town ("Münster"
		// is the minster of Salem)
		{"wd:Q76631916", "Schloss und Münster Salem", nil},
		{"wd:Q76633353", "Bettina und Achim von Arnim-Museum", nil},
		// a multi-word town
		{"wd:Q1248357", "Industriemuseum Brandenburg an der Havel", []Town{{"Brandenburg an der Havel", TownFromName}}},
		// the address names the island besides the city
		{"mm:mm.domus.SC191", "Skerryvore Museum", []Town{{"Hynish, Isle of Tiree", TownFromCity}, {"Isle of Tiree", TownFromAddress}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in, ok := ds.Get(tc.id)
			require.True(t, ok)
			require.Equal(t, tc.name, in.Name)
			require.Equal(t, tc.want, ds.Towns(in))
			for _, town := range ds.Towns(in) {
				require.Equal(t, town.Source != TownFromName, town.Stated())
			}
		})
	}
}

// TestTownsCommonWords: a word that names a town in the data but is
// something else in names is not read as the town.
func TestTownsCommonWords(t *testing.T) {
	skipUnderRace(t)
	ds := embedded(t)
	fromName := map[string]int{}
	for i := range ds.Institutions {
		for _, town := range ds.Towns(&ds.Institutions[i]) {
			if town.Source == TownFromName {
				fromName[town.Name]++
			}
		}
	}
	require.Greater(t, len(fromName), 300)
	// towns that are other words in names: rivers ("Lauingen (Donau)"
	// gives the city "Donau"; "Dillingen/Donau" is one word; words in
	// parentheses qualify a town: "Forst (Lausitz)"), an
	// adjective after an article ("im Alten Rathaus"), acronyms
	for _, w := range []string{"Donau", "Saale", "Lausitz", "Mosel", "Alten", "CODA", "AGoFF"} {
		require.Zero(t, fromName[w], w)
	}
	// the towns themselves are read ("Haus der Essener Geschichte")
	for _, w := range []string{"Essen", "Bayreuth", "Hof", "Köln"} {
		require.Positive(t, fromName[w], w)
	}
}

func TestTownsByHand(t *testing.T) {
	ds := &Dataset{}
	in := &Institution{City: "York"}
	require.Equal(t, []Town{{"York", TownFromCity}}, ds.Towns(in))
	require.Nil(t, ds.Towns(&Institution{Name: "York Museum"}))
	require.Nil(t, ds.NearTowns(in))
}

func TestNearTowns(t *testing.T) {
	ds := embedded(t)
	// Flintham lies about 10 km south-west of Newark's centre, Laxton
	// (the National Holocaust Centre, postal town Newark) about 17 km
	// north-west
	flintham, ok := ds.Get("mm:mm.domus.EM097")
	require.True(t, ok)
	require.Contains(t, ds.NearTowns(flintham), "Newark")
	require.Contains(t, ds.NearTowns(flintham), "Flintham")
	laxton, ok := ds.Get("mm:mm.aim.1138")
	require.True(t, ok)
	require.NotContains(t, ds.NearTowns(laxton), "Newark")
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		if in.Lat == nil {
			require.Nil(t, ds.NearTowns(in), in.ID)
		}
	}
}

func TestDistanceKm(t *testing.T) {
	// Edinburgh–Glasgow, about 67 km
	require.InDelta(t, 67, DistanceKm(55.9533, -3.1883, 55.8642, -4.2518), 2)
	require.Zero(t, DistanceKm(51, 0, 51, 0))
}

// A dataset composed from records derives their towns as a loaded one
// does: read from addresses, admin areas and names, not only the city.
func TestFromRecordsDerivesTowns(t *testing.T) {
	ds := embedded(t)
	composed, err := FromRecords(slices.Clone(ds.Institutions), "composed")
	require.NoError(t, err)
	for i := 0; i < len(ds.Institutions); i += 97 {
		in := &ds.Institutions[i]
		require.Equal(t, ds.Towns(in), composed.Towns(&composed.Institutions[i]), in.ID)
		require.Equal(t, ds.NearTowns(in), composed.NearTowns(&composed.Institutions[i]), in.ID)
	}
	in, ok := composed.Get("wd:Q76627195")
	require.True(t, ok)
	require.Equal(t, []Town{{"Bayreuth", TownFromName}}, composed.Towns(in), "a town read from the name")
}

// A town's centre is the median of the coordinates of the records whose
// city names it, found by any of its names, one per country.
func TestTownCentres(t *testing.T) {
	ds := embedded(t)
	var lat, lon []float64
	for i := range ds.Institutions {
		if in := &ds.Institutions[i]; in.City == "Rye" && in.Country == "GB" && in.Lat != nil {
			lat, lon = append(lat, *in.Lat), append(lon, *in.Lon)
		}
	}
	require.NotEmpty(t, lat)
	got := ds.TownCentres("rye")
	require.Len(t, got, 1)
	require.Equal(t, TownCentre{Country: "GB", Name: "Rye", Lat: median(lat), Lon: median(lon), Records: len(lat)}, got[0])
	require.Equal(t, ds.TownCentres("Nürnberg"), ds.TownCentres("Nuremberg"))
	require.Empty(t, ds.TownCentres("Atlantis"))
	require.Empty(t, (&Dataset{}).TownCentres("Rye"))
}

// Each record's towns are those the town index reads from it, and its near
// towns the towns of its country whose centre lies within NearRadiusKm,
// sorted, however many records share the lists.
func TestLocationsPerRecord(t *testing.T) {
	ds := embedded(t)
	ti := buildTownIndex(ds.Institutions)
	centres := townCentres(ds.Institutions)
	shared := 0
	seen := map[*Town]bool{}
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		got, want := ds.Towns(in), ti.towns(in)
		require.Equal(t, len(want), len(got), in.ID)
		if len(want) > 0 {
			require.Equal(t, want, got, in.ID)
			if seen[&got[0]] {
				shared++
			}
			seen[&got[0]] = true
		}
		if i%13 != 0 || in.Lat == nil || in.Lon == nil {
			continue
		}
		var near []string
		for _, c := range centres {
			if c.Country == in.Country && DistanceKm(*in.Lat, *in.Lon, c.Lat, c.Lon) <= NearRadiusKm {
				near = append(near, c.Name)
			}
		}
		slices.Sort(near)
		require.Equal(t, near, ds.NearTowns(in), in.ID)
	}
	require.Greater(t, shared, len(ds.Institutions)/10)
}

// A record whose city is spelt "Kingston-upon-Hull" lies in Hull, as
// the records whose city is "Hull" lie in Kingston upon Hull.
func TestHullIsKingstonUponHull(t *testing.T) {
	ds := embedded(t)
	n := 0
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		if in.City != "Kingston-upon-Hull" {
			continue
		}
		n++
		names := []string{}
		for _, tw := range ds.Towns(in) {
			names = append(names, NormalizeName(tw.Name))
		}
		require.Contains(t, names, "hull", in.ID)
	}
	require.Positive(t, n)
}
