package router

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
)

// TestPlacePhrasing reads the place, its level and "in or near" from
// phrasings in English, Dutch and German.
func TestPlacePhrasing(t *testing.T) {
	r := newTestRouter(t)
	city := func(n string) Place { return Place{Name: n, Level: LevelCity} }
	admin := func(n, l string) Place { return Place{Name: n, Level: LevelAdmin, AdminLevel: l} }
	// a town that also names a district means both
	townAndDistrict := func(n string) Place {
		return Place{Name: n, Level: LevelCity, Area: "English District or Borough"}
	}
	// status: every list asks for the open ones unless its words ask
	// otherwise (past tense, "closed", years)
	tests := []struct {
		q      string
		want   Place
		near   bool
		status string
	}{
		{"Which museums are close to Lincoln?", city("Lincoln"), true, "open"},
		{"museums close by Whitby", city("Whitby"), true, "open"},
		{"Which museums in Lincoln are close to the station?", townAndDistrict("Lincoln"), false, "open"},
		{"When did the museum in Whitby close to the public?", city("Whitby"), false, ""},
		{"Which museums in Whitby closed before 2000?", city("Whitby"), false, ""},
		{"Which museums are there in the vicinity of Ipswich?", city("Ipswich"), true, "open"},
		{"Which museums are in Ipswich and the surrounding area?", city("Ipswich"), true, "open"},
		{"Which castle museums are in the Bath area?", city("Bath"), true, "open"},
		{"Which museums are in the Fife council area?", admin("Fife", "Scottish Council Area"), false, "open"},
		{"Which museums are in the county of Durham?", admin("County Durham", "English District or Borough"), false, "open"},
		{"Welke musea zijn er in het graafschap Kent?", admin("Kent", "English County"), false, "open"},
		{"Welche Museen gibt es rund um Lincoln?", city("Lincoln"), true, "open"},
		{"Welche Museen gibt es in der Umgebung von Whitby?", city("Whitby"), true, "open"},
		{"Welche Museen liegen im Landkreis Esslingen?", city("Esslingen"), true, "open"},
		{"Welke musea zijn er in en rond Ipswich?", city("Ipswich"), true, "open"},
		{"Welke musea liggen in de omgeving van Whitby?", city("Whitby"), true, "open"},
		{"Which museums lie within 10 miles of Lincoln?", city("Lincoln"), true, "open"},
		{"Welke musea liggen binnen 5 km van Whitby?", city("Whitby"), true, "open"},
		{"Which museums are a few miles from Ipswich?", city("Ipswich"), true, "open"},
		{"I'm spending a weekend in Bath, which museums should I visit?", city("Bath"), false, "open"},
		{"Ich besuche Regensburg: welche Museen gibt es dort?", city("Regensburg"), false, "open"},
		// misspelt, including transposed letters
		{"Which museums are in Brigthon?", city("Brighton"), false, "open"},
		{"Welche Museen gibt es in Regensbrug?", city("Regensburg"), false, "open"},
		{"Welke musea zijn er in Manchestr?", townAndDistrict("Manchester"), false, "open"},
		// a town's other name reads as the name the data gives it, the
		// one with more records (the data has Cologne and Köln; kg
		// selects both for either)
		{"Welke musea zijn er in Keulen?", city("Cologne"), false, "open"},
		{"Which museums are there in Neurenberg?", city("Nürnberg"), false, "open"},
	}
	for _, tc := range tests {
		t.Run(tc.q, func(t *testing.T) {
			c := r.Route(tc.q).Constraints
			require.Len(t, c.Places, 1)
			got := c.Places[0]
			got.Text = ""
			require.Equal(t, tc.want, got)
			require.Equal(t, tc.near, c.NearPlace)
			require.Equal(t, tc.status, c.Status)
		})
	}
}

func TestTypoEdits(t *testing.T) {
	for n, want := range map[int]int{0: 0, 4: 0, 5: 1, 8: 1, 9: 2, 20: 2} {
		require.Equal(t, want, typoEdits(n), n)
	}
}

// A country, region or county named beside a narrower place, and not
// joined to it as a list or a choice, is where the narrower place lies
// (Constraints.Within); places of a list, a choice or a comparison stay
// places of their own.
func TestNestedPlaces(t *testing.T) {
	r := newTestRouter(t)
	tests := []struct {
		q              string
		places, within []string
	}{
		{"Which libraries in the Netherlands are in Aalst?", []string{"Aalst"}, []string{"NL"}},
		{"libraries in Aalst in the Netherlands", []string{"Aalst"}, []string{"NL"}},
		{"museums in York, England", []string{"York"}, []string{"England"}},
		{"Which museums are in South East England?", []string{"South East"}, []string{"England"}},
		{"How many museums are in the North East of England?", []string{"North East"}, []string{"England"}},
		{"museums in whitby, north yorkshire", []string{"Whitby"}, []string{"North Yorkshire"}},
		{"Which museums in Scotland are in Leeds?", []string{"Leeds"}, []string{"Scotland"}},
		{"Welche Bibliotheken in Deutschland gibt es in Bremen?", []string{"Bremen"}, []string{"DE"}},
		{"Which German libraries are in Bremen?", []string{"Bremen"}, []string{"DE"}},
		{"Which museums are in Isle of Lewis, Scotland?", []string{"Isle of Lewis"}, []string{"Scotland"}},
		{"Are any of the libraries in Delft, the Netherlands, listed?", []string{"Delft"}, []string{"NL"}},
		// lists, choices and comparisons
		{"museums in Leeds, York and Hull", []string{"Leeds", "York", "Hull"}, nil},
		{"museums in Leeds or Scotland", []string{"Leeds", "Scotland"}, nil},
		{"Compare the museums in Leeds and Scotland", []string{"Leeds", "Scotland"}, nil},
		{"Which museums are in the English region North East?", []string{"North East"}, nil},
		// a district beside a town is not read as where it lies
		{"museums in Leeds, York", []string{"Leeds", "York"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.q, func(t *testing.T) {
			c := r.Route(tc.q).Constraints
			require.Equal(t, tc.places, placeNamesOf(c.Places))
			require.Equal(t, tc.within, placeNamesOf(c.Within))
		})
	}
}

// The place after "Does/Has/Hat/Heeft" that opens a question asking
// whether it has institutions of a kind is the place, not an
// institution's name or the start of one, and a town that is also a
// common word is the town, in any case; an institution's name there
// ("Does Reading Museum have a website?") stays a name.
func TestHavePlace(t *testing.T) {
	r := newTestRouter(t)
	tests := []struct {
		q, place string
		list     bool
	}{
		{"Does Reading have any museums?", "Reading", true},
		{"does bath have a fashion museum?", "Bath", true},
		{"Has Bath got a toy museum?", "Bath", true},
		{"Does Sandringham have any museums?", "Sandringham", true},
		{"Does Sudbury have a museum?", "Sudbury", true},
		{"Does Wellington have any museums?", "Wellington", true},
		{"Has Bishop Auckland got a museum?", "Bishop Auckland", true},
		{"Hat Essen ein Museum?", "Essen", true},
		{"Heeft Delft een bibliotheek?", "Delft", true},
		{"Does Reading Museum have a website?", "", false},
		{"Does Beamish have a website?", "", false},
	}
	for _, tc := range tests {
		p := r.Route(tc.q)
		places := placeNamesOf(p.Constraints.Places)
		if tc.place == "" {
			require.Empty(t, places, tc.q)
			require.NotEmpty(t, p.Constraints.Names, tc.q)
			continue
		}
		require.Equal(t, []string{tc.place}, places, tc.q)
		require.Empty(t, p.Constraints.Names, tc.q)
		require.Equal(t, tc.list, p.Constraints.List, tc.q)
	}
}

// A region the data names in English is read from its German or Dutch
// name ("Bayern", "Beieren", "Noord-Holland"), as the data's region; a
// name of an institution holding the word stays a name.
func TestRegionExonyms(t *testing.T) {
	r := newTestRouter(t)
	requireOnePlace(t, r, map[string]string{
		"Welche Museen gibt es in Bayern?":             "Bavaria",
		"Welke musea zijn er in Beieren?":              "Bavaria",
		"Welke bibliotheken zijn er in Noord-Holland?": "North Holland",
		"Welche Bibliotheken gibt es in Hessen?":       "Hesse",
		"Welche Museen gibt es in Thüringen?":          "Thuringia",
		"Welche Museen gibt es in Tirol?":              "Tyrol",
	})
	c := r.Route("Where is the Feuerwehrmuseum Bayern?").Constraints
	require.Empty(t, c.Places)
	require.Len(t, c.Names, 1)
}

// A possessive is not a plural kind ("the Rijksmuseum's ISIL"), and a
// verb of opening or closing after a name is not a misspelt word of a
// longer name ("Deutsches Museum open" is not "Deutsches Museum Bonn").
func TestPossessiveAndVerbAfterAName(t *testing.T) {
	r := newTestRouter(t)
	for q, want := range map[string]string{
		"What is the Rijksmuseum's ISIL?":     "Rijksmuseum",
		"When did the Deutsches Museum open?": "Deutsches Museum",
		"What is Chartwell's website?":        "Chartwell",
	} {
		c := r.Route(q).Constraints
		require.Len(t, c.Names, 1, q)
		require.Equal(t, want, c.Names[0].Name, q)
		require.Empty(t, c.TypeCodes, q)
	}
}

// A country the data holds no record of is read as itself, never
// corrected to a country of the data one letter away ("Iceland" was read
// as Ireland), and a misspelling of it is corrected to it.
func TestCountriesWithoutRecords(t *testing.T) {
	r := newTestRouter(t)
	tests := []struct{ q, want string }{
		{"Are there any museums in Iceland?", "IS"},
		{"Welke musea zijn er in IJsland?", "IS"},
		{"Which archives are in Latvia?", "LV"},
		{"Welche Bibliotheken gibt es in Litauen?", "LT"},
		{"archives in Icelnd", "IS"},
		{"Which museums are in Ireland?", "IE"},
	}
	for _, tc := range tests {
		t.Run(tc.q, func(t *testing.T) {
			c := r.Route(tc.q).Constraints
			require.Len(t, c.Places, 1)
			require.Equal(t, Place{Text: c.Places[0].Text, Name: tc.want, Level: LevelCountry}, c.Places[0])
		})
	}
}

// The first word of a town of several words that names no place itself
// is read as the short form of the town, never corrected to another town
// ("Stratford" was read as Stafford, "Burton" as Buxton); the answer
// offers the longer towns.
func TestShortFormsOfTowns(t *testing.T) {
	r := newTestRouter(t)
	for _, tc := range []struct{ q, want string }{
		{"Which museums are in Stratford?", "Stratford"},
		{"How many museums are in stratford?", "Stratford"},
		{"Which museums are in Newcastle?", "Newcastle"},
		{"Which museums are in Burton?", "Burton"},
	} {
		c := r.Route(tc.q).Constraints
		require.Len(t, c.Places, 1, tc.q)
		require.Equal(t, tc.want, c.Places[0].Name, tc.q)
		require.Equal(t, LevelCity, c.Places[0].Level, tc.q)
	}
	// a town of the data keeps its own name, and a misspelt one is still
	// corrected
	requireOnePlace(t, r, map[string]string{
		"Which museums are in Stafford?":            "Stafford",
		"Which museums are in Brigthon?":            "Brighton",
		"Which museums are in Newcastle upon Tyne?": "Newcastle upon Tyne",
	})
}

// A region no record names is not corrected to a place of the data one
// letter away: "Zeeland", the Dutch province, was read as Zealand in
// Denmark. Named in English, Zealand stays Zealand.
func TestUnheldRegionsAreNotCorrected(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Welke archieven zijn er in Zeeland?",
		"Welke musea zijn er in Gelderland?",
		"Welche Museen gibt es im Saarland?",
	} {
		for _, pl := range r.Route(q).Constraints.Places {
			require.Equal(t, heritage.NormalizeName(pl.Text), heritage.NormalizeName(pl.Name), "%s: read as %s", q, pl.Name)
		}
	}
	c := r.Route("Which archives are in Zealand?").Constraints
	require.Len(t, c.Places, 1)
	require.Equal(t, "Zealand", c.Places[0].Name)
}

// A short town typed with a letter too many after "in" is corrected
// ("musuems in yorkk" found nothing, though "cambrige" was corrected);
// words of the data stay words.
func TestShortTownWithALetterTooMany(t *testing.T) {
	r := newTestRouter(t)
	requireOnePlace(t, r, map[string]string{
		"musuems in yorkk": "York",
		"museums in bathh": "Bath",
		"museums in rhyll": "Rhyl",
	})
	for _, q := range []string{"museums in towns", "museums in mills", "museums in barns"} {
		require.Empty(t, r.Route(q).Constraints.Places, q)
	}
}

// Two towns whose names differ only in accents are two towns: "Munster"
// is read as Munster (Lower Saxony), not as Münster, which the data
// holds more records of.
func TestTownsSpelledApartByAccents(t *testing.T) {
	r := newTestRouter(t)
	requireOnePlace(t, r, map[string]string{
		"Which museums are in Munster?":  "Munster",
		"Which museums are in Münster?":  "Münster",
		"Which museums are in Nurnberg?": "Nürnberg",
	})
}

// A misspelt four-letter place after "or" or "and" that follows a place
// is read as the second place ("Kent or Devn"), as it is after "in".
func TestMisspeltSecondPlace(t *testing.T) {
	r := newTestRouter(t)
	for q, want := range map[string][]string{
		"Is Chartwell in Kent or Devn?":      {"Kent", "Devon"},
		"Which museums are in Kent or Devn?": {"Kent", "Devon"},
		"museums in Leeds or Yrok":           {"Leeds", "York"},
	} {
		require.Equal(t, want, placeNamesOf(r.Route(q).Constraints.Places), q)
	}
}

// requireOnePlace requires each question to read one place, the one its
// entry names.
func requireOnePlace(t *testing.T, r *Router, cases map[string]string) {
	t.Helper()
	for q, want := range cases {
		c := r.Route(q).Constraints
		require.Len(t, c.Places, 1, q)
		require.Equal(t, want, c.Places[0].Name, q)
	}
}

// placeNamesOf are the names of the places, in order.
func placeNamesOf(ps []Place) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Name)
	}
	return out
}

// A word typed next to other capitalised words no rule read is part of a
// longer name the data does not know, no misspelt place.
func TestNoTypoPlaceInsideLongerName(t *testing.T) {
	r := newTestRouter(t)
	require.Empty(t, r.Route("Which libraries are in Port Eldrich?").Constraints.Places)
	c := r.Route("Which museums are in Brigton?").Constraints
	require.Len(t, c.Places, 1)
	require.Equal(t, "Brighton", c.Places[0].Name)
}
