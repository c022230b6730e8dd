package router

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/gold"
	"github.com/hybridrag/hybridrag/names"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// newTestRouter is the router of the bundled dataset, built once per test
// binary.
var newTestRouter = testfixture.Shared(func(ds *heritage.Dataset) (*Router, error) { return New(ds), nil })

func loadGold(t testing.TB) []gold.Question {
	t.Helper()
	out, err := gold.Load("../testdata/questions.jsonl")
	require.NoError(t, err)
	require.Len(t, out, 240)
	return out
}

func TestIntentAccuracyGold(t *testing.T) {
	r := newTestRouter(t)
	gold := loadGold(t)
	confusion := map[string]map[Intent]int{}
	correct := 0
	for _, q := range gold {
		p := r.Route(q.Question)
		if confusion[q.Intent] == nil {
			confusion[q.Intent] = map[Intent]int{}
		}
		confusion[q.Intent][p.Intent]++
		if string(p.Intent) == q.Intent {
			correct++
		} else {
			t.Logf("miss %s: %q → %s (%.2f)", q.Intent, q.Question, p.Intent, p.Confidence)
		}
	}
	acc := float64(correct) / float64(len(gold))
	t.Logf("intent accuracy %.3f (%d/%d)", acc, correct, len(gold))
	for _, in := range Intents {
		t.Logf("  %-12s → %v", in, confusion[string(in)])
	}
	require.GreaterOrEqual(t, acc, 0.98)
}

var (
	reAdminNote = regexp.MustCompile(`admin_area contains '([^']+) \(([^)]+)\)'`)
	reCityNote  = regexp.MustCompile(`city == '([^']+)'|city in \{([^}]+)\}`)
	reBodyNote  = regexp.MustCompile(`member_of contains \{name: '([^']+)'`)
	reSubjNote  = regexp.MustCompile(`subjects in \{([^}]+)\}`)
)

// TestExtractionGold checks places, bodies and subjects against the exact
// rules written in the gold notes.
func TestExtractionGold(t *testing.T) {
	r := newTestRouter(t)
	qs := loadGold(t)
	var checks, ok int
	check := func(q gold.Question, what string, good bool, got any) {
		checks++
		if good {
			ok++
			return
		}
		t.Logf("%s wrong for %q: got %+v", what, q.Question, got)
	}
	for _, q := range qs {
		p := r.Route(q.Question)
		c := p.Constraints
		for _, m := range reAdminNote.FindAllStringSubmatch(q.Notes, -1) {
			found := false
			for _, pl := range c.Places {
				found = found || (pl.Level == LevelAdmin && pl.Name == m[1] && pl.AdminLevel == m[2])
			}
			check(q, "admin place "+m[1], found, c.Places)
		}
		if m := reCityNote.FindStringSubmatch(q.Notes); m != nil {
			names := []string{m[1]}
			if m[1] == "" {
				names = strings.Split(strings.NewReplacer(`"`, "", "'", "").Replace(m[2]), ", ")
			}
			found := false
			for _, pl := range c.Places {
				for _, n := range names {
					found = found || (pl.Level == LevelCity && normalize(pl.Name) == normalize(n))
				}
			}
			check(q, "city", found, c.Places)
		}
		if m := reBodyNote.FindStringSubmatch(q.Notes); m != nil {
			found := false
			for _, b := range c.Bodies {
				found = found || b.Name == m[1]
			}
			check(q, "body", found, c.Bodies)
		}
		if m := reSubjNote.FindStringSubmatch(q.Notes); m != nil {
			want := expandSubjects(t, strings.Split(m[1], ", "))
			got := append([]string(nil), c.Subjects...)
			sort.Strings(got)
			check(q, "subjects", strings.Join(want, "|") == strings.Join(got, "|"), got)
		}
	}
	acc := float64(ok) / float64(checks)
	t.Logf("constraint extraction %.3f (%d/%d checks)", acc, ok, checks)
	require.Greater(t, checks, 150)
	require.GreaterOrEqual(t, acc, 0.98)
}

func expandSubjects(t testing.TB, in []string) []string {
	t.Helper()
	ds := testfixture.Dataset(t)
	all := map[string]bool{}
	for i := range ds.Institutions {
		for _, s := range ds.Institutions[i].Subjects {
			all[s] = true
		}
	}
	var out []string
	for _, s := range in {
		s = strings.TrimSpace(s)
		if cat, ok := strings.CutSuffix(s, "/*"); ok {
			for x := range all {
				if x == cat || strings.HasPrefix(x, cat+" / ") {
					out = append(out, x)
				}
			}
			continue
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func TestIdentifiers(t *testing.T) {
	r := newTestRouter(t)
	cases := []struct {
		q                         string
		isils, qids, ghcids, gnds []string
		intent                    Intent
	}{
		{q: "Which institution has ISIL DE-2291?", isils: []string{"DE-2291"}, intent: Factual},
		{q: "Which institution has the ISIL code NL-0873010000?", isils: []string{"NL-0873010000"}, intent: Factual},
		{q: "Who holds ISIL DE-Gad1?", isils: []string{"DE-Gad1"}, intent: Factual},
		{q: "What is Q891746?", qids: []string{"Q891746"}, intent: Factual},
		{q: "What is wd:Q891746?", qids: []string{"Q891746"}, intent: Factual},
		{q: "Tell me about https://www.wikidata.org/wiki/Q891746", qids: []string{"Q891746"}, intent: Factual},
		{q: "Tell me about http://www.wikidata.org/entity/Q891746", qids: []string{"Q891746"}, intent: Factual},
		{q: "Which record has GND 10010812-X?", gnds: []string{"10010812-X"}, intent: Factual},
		{q: "Welche Einrichtung hat die GND 4734382-5?", gnds: []string{"4734382-5"}, intent: Factual},
		{q: "What is GB-ENG-CHE-M-CM-chelmsford_museum?", ghcids: []string{"GB-ENG-CHE-M-CM-chelmsford_museum"}, intent: Factual},
		{q: "Welche Einrichtung hat die ISIL DE MUS 117113?", isils: []string{"DE-MUS-117113"}, intent: Factual},
		{q: "Which institution has ISIL de-mus-117113?", isils: []string{"DE-MUS-117113"}, intent: Factual},
		{q: "What is the record with GND (DE-588)2016830-5?", gnds: []string{"2016830-5"}, intent: Factual},
		{q: "Tell me about https://d-nb.info/gnd/2016830-5", gnds: []string{"2016830-5"}, intent: Factual},
		{q: "wat is Q190804", qids: []string{"Q190804"}, intent: Factual},
	}
	for _, tc := range cases {
		t.Run(tc.q, func(t *testing.T) {
			p := r.Route(tc.q)
			require.Equal(t, tc.isils, p.Constraints.ISILs)
			require.Equal(t, tc.qids, p.Constraints.QIDs)
			require.Equal(t, tc.ghcids, p.Constraints.GHCIDs)
			require.Equal(t, tc.gnds, p.Constraints.GNDs)
			require.Equal(t, tc.intent, p.Intent)
			require.False(t, p.Constraints.List)
		})
	}
	// hyphenated place names are not identifiers
	p := r.Route("Which museums in Henley-on-Thames opened between 1990 and 1999?")
	require.Empty(t, p.Constraints.ISILs)
}

func TestNames(t *testing.T) {
	r := newTestRouter(t)
	cases := []struct {
		q, name string
		id      string
		field   string
		exact   bool
	}{
		{q: "What is the postcode of ilkley toy museum?", name: "Ilkley Toy Museum", id: "mm:mm.aim.0466", field: "postcode", exact: true},
		{q: "What is the postcode of Ilkly Toy Musem?", name: "Ilkley Toy Museum", id: "mm:mm.aim.0466", field: "postcode"},
		{q: "What is the ISIL code of Stadtbibliothek Munchberg?", name: "Stadtbibliothek Münchberg", field: "isil", exact: true},
		{q: "What is the ISIL code of Stadtbibliothek Muenchberg?", name: "Stadtbibliothek Münchberg", field: "isil", exact: true},
		{q: "What is the Wikidata ID of Schloss Unteraufsess?", name: "Schloß Unteraufseß", field: "wikidata", exact: true},
		{q: "What is the website of Brooklyn Children's Museum?", name: "Brooklyn Children’s Museum", field: "website", exact: true},
		{q: "Wie lautet die Postleitzahl von Keswick Mining Museum?", name: "Keswick Mining Museum", field: "postcode", exact: true},
		{q: "Wat is de website van Hungarian National Museum?", name: "Hungarian National Museum", field: "website", exact: true},
		{q: "What is the governance type of Rhayader Museum and Galllery (CARAD)?", name: "Rhayader Museum & Galllery (CARAD)", field: "governance", exact: true},
		{q: "What is the Wikidata ID of the Bomann-Museum (the museum itself, not its library)?", name: "Bomann-Museum", id: "wd:Q891746", field: "wikidata", exact: true},
		{q: "What is the postcode of the Tolbooth Museum in Stonehaven?", name: "Tolbooth Museum", field: "postcode", exact: true},
		{q: "In welchem Jahr wurde Titanic Belfast eröffnet?", name: "Titanic Belfast", field: "opened", exact: true},
		{q: "When did Croft Castle open?", name: "Croft Castle", field: "opened", exact: true},
		{q: "What was Solent Sky Museum previously called?", name: "Solent Sky Museum", field: "former_name", exact: true},
		// the area at a level of the hierarchy ("county" is not "country")
		{q: "Which county is Chartwell in?", name: "Chartwell", field: "county", exact: true},
		{q: "What region is Chartwell in?", name: "Chartwell", field: "region", exact: true},
		{q: "In welchem Landkreis liegt Chartwell?", name: "Chartwell", field: "county", exact: true},
		{q: "Which district is Chartwell in?", name: "Chartwell", field: "district", exact: true},
		{q: "waar hoort national roman legion museum bij?", name: "National Roman Legion Museum", field: "member_of", exact: true},
		{q: "Where exactly is Chartwell?", name: "Chartwell", field: "city", exact: true},
		{q: "Where's Chartwell?", name: "Chartwell", field: "city", exact: true},
	}
	for _, tc := range cases {
		t.Run(tc.q, func(t *testing.T) {
			p := r.Route(tc.q)
			require.NotEmpty(t, p.Constraints.Names, "%+v", p.Constraints)
			n := p.Constraints.Names[0]
			require.Equal(t, tc.name, n.Name)
			if tc.id != "" {
				require.Equal(t, []string{tc.id}, n.IDs)
			}
			if tc.exact {
				require.Equal(t, 1.0, n.Score)
			} else {
				require.Less(t, n.Score, 1.0)
				require.Greater(t, n.Score, 0.5)
			}
			require.Equal(t, tc.field, p.Constraints.Field)
		})
	}
	// The disambiguator narrows a shared name to the record in the place.
	p := r.Route("What is the postcode of the Tolbooth Museum in Stonehaven?")
	require.Len(t, p.Constraints.Names[0].IDs, 1)
	in, ok := testfixture.Dataset(t).Get(p.Constraints.Names[0].IDs[0])
	require.True(t, ok)
	require.Equal(t, "Stonehaven", in.City)

	// Generic words are not institution names.
	for _, q := range []string{
		"Which museums are in Kent?",
		"Compare the natural history museums in Kent and Devon.",
		"Which museums dig into local history?",
	} {
		require.Empty(t, r.Route(q).Constraints.Names, q)
	}
}

func TestPlaces(t *testing.T) {
	r := newTestRouter(t)
	cases := []struct {
		q    string
		want []Place
		near bool
	}{
		{q: "Which museums are in Hampshire?", want: []Place{{Name: "Hampshire", Level: LevelAdmin, AdminLevel: "English County"}}},
		{q: "Which museums are in the Powys principal area?", want: []Place{{Name: "Powys", Level: LevelAdmin, AdminLevel: "Welsh UA"}}},
		{q: "Which museums are in the Falkirk council area?", want: []Place{{Name: "Falkirk", Level: LevelAdmin, AdminLevel: "Scottish Council Area"}}},
		{q: "Which museums are in the Belfast local government district?", want: []Place{{Name: "Belfast", Level: LevelAdmin, AdminLevel: "NI Loc Gov District"}}},
		{q: "Which museums are in the London Borough of Bexley?", want: []Place{{Name: "Bexley", Level: LevelAdmin, AdminLevel: "London Borough"}}},
		{q: "Which museums are in the York unitary authority area?", want: []Place{{Name: "York", Level: LevelAdmin, AdminLevel: "English UA"}}},
		{q: "Which museums are in the South West region of England?", want: []Place{{Name: "South West", Level: LevelAdmin, AdminLevel: "English Region"}}},
		{q: "Which museums are in Ramsgate?", want: []Place{{Name: "Ramsgate", Level: LevelCity}}},
		{q: "Which museums are in Prague?", want: []Place{{Name: "Prague", Level: LevelCity}}},
		{q: "Which small museums are in or near Framlingham?", want: []Place{{Name: "Framlingham", Level: LevelCity}}, near: true},
		{q: "Welche kleinen Museen gibt es in oder bei Framlingham?", want: []Place{{Name: "Framlingham", Level: LevelCity}}, near: true},
		{q: "Which museums are in Scotland?", want: []Place{{Name: "Scotland", Level: LevelRegion}}},
		{q: "Welke musea zijn er in Schotland?", want: []Place{{Name: "Scotland", Level: LevelRegion}}},
		{q: "Welche Museen gibt es in Deutschland?", want: []Place{{Name: "DE", Level: LevelCountry}}},
		{q: "Which museums on the Isle of Man have collections about cars?", want: []Place{{Name: "Isle of Man", Level: LevelRegion}}},
	}
	for _, tc := range cases {
		t.Run(tc.q, func(t *testing.T) {
			p := r.Route(tc.q)
			got := make([]Place, len(p.Constraints.Places))
			for i, pl := range p.Constraints.Places {
				pl.Text = ""
				got[i] = pl
			}
			require.Equal(t, tc.want, got)
			require.Equal(t, tc.near, p.Constraints.NearPlace)
		})
	}
	// A place word inside a recognised institution name is not a place.
	p := r.Route("Which museum is housed in Derby Museum And Art Gallery?")
	require.Empty(t, p.Constraints.Places)
	require.Equal(t, "houses", p.Constraints.Relation)
	require.Equal(t, Relationship, p.Intent)
}

func TestYears(t *testing.T) {
	r := newTestRouter(t)
	cases := []struct {
		q    string
		want *YearRange
	}{
		{"Which museums in Kent closed before 2015?", &YearRange{Field: "closed", To: 2014}},
		{"Which museums in Kent opened after 1990?", &YearRange{Field: "opened", From: 1991}},
		{"Which museums in Kent have opened since 1990?", &YearRange{Field: "opened", From: 1990}},
		{"Which museums in Kent opened between 1900 and 1959?", &YearRange{Field: "opened", From: 1900, To: 1959}},
		{"Which museums in Kent opened between 1959 and 1900?", &YearRange{Field: "opened", From: 1900, To: 1959}},
		{"Which museums in Kent opened in 1987?", &YearRange{Field: "opened", From: 1987, To: 1987}},
		{"Which museums in Kent opened in the 1980s?", &YearRange{Field: "opened", From: 1980, To: 1989}},
		{"Welke musea in Kent zijn gesloten voor 2010?", &YearRange{Field: "closed", To: 2009}},
		{"Welche Museen in Kent wurden zwischen 1990 und 1999 eröffnet?", &YearRange{Field: "opened", From: 1990, To: 1999}},
		{"Which museums in Kent were founded before 1900?", &YearRange{Field: "opened", To: 1899}},
	}
	for _, tc := range cases {
		t.Run(tc.q, func(t *testing.T) {
			p := r.Route(tc.q)
			require.Equal(t, tc.want, p.Constraints.Years)
			require.Equal(t, Temporal, p.Intent)
			require.Empty(t, p.Constraints.Status, "a year constraint implies no status filter")
		})
	}
}

func TestSubjects(t *testing.T) {
	r := newTestRouter(t)
	cases := []struct {
		q    string
		want []string
	}{
		{"Which museums in Kent have collections about railways?", []string{"Transport / Trains and railways"}},
		{"Which railway museums are in Kent?", []string{"Transport / Trains and railways"}},
		{"Welke musea in Kent hebben collecties over spoorwegen?", []string{"Transport / Trains and railways"}},
		{"Welche Museen in Kent haben Sammlungen zur Eisenbahn?", []string{"Transport / Trains and railways"}},
		{"Which museums in Kent have collections about aviation?", []string{"Transport / Aviation", "War and conflict / Airforce"}},
		{"Which museums in Kent have collections about pottery?", []string{"Arts / Ceramics", "Industry and manufacture / Potteries"}},
		{"Which museums in Kent have collections about bunkers and wartime sites?", []string{"War and conflict / Bunker", "War and conflict / Event or site"}},
		{"Which museums in Kent have collections about windmills?", []string{"Rural Industry / Windmills"}},
		{"Which museums in Kent have collections about football?", []string{"Leisure and sport / Rugby and football"}},
		{"Which museums in Kent have collections about castles?", []string{"War and conflict / Castles and forts"}},
	}
	for _, tc := range cases {
		t.Run(tc.q, func(t *testing.T) {
			p := r.Route(tc.q)
			require.Equal(t, tc.want, p.Constraints.Subjects)
			require.NotEmpty(t, p.Constraints.Topic)
			require.Equal(t, Collection, p.Intent)
			require.Equal(t, []Place{{Text: "Kent", Name: "Kent", Level: LevelAdmin, AdminLevel: "English County"}}, p.Constraints.Places)
		})
	}
}

func TestQualifiersAndStatus(t *testing.T) {
	r := newTestRouter(t)
	cases := []struct {
		q      string
		gov    []string
		acc    string
		sizes  []string
		types  []string
		status string
	}{
		{q: "Which independent not-for-profit museums are in Ramsgate?", gov: []string{"Independent-Not_for_profit"}, types: []string{"M"}, status: "open"},
		{q: "Which local-authority museums are in Brighton?", gov: []string{"Government-Local_Authority"}, types: []string{"M"}, status: "open"},
		{q: "Which council-run museums are in Brighton?", gov: []string{"Government-Local_Authority"}, types: []string{"M"}, status: "open"},
		{q: "Which university museums are in Cheshire East?", gov: []string{"University"}, types: []string{"M"}, status: "open"},
		{q: "Which accredited museums are in Rye?", acc: "Accredited", types: []string{"M"}, status: "open"},
		{q: "Which unaccredited museums are in Rye?", acc: "Unaccredited", types: []string{"M"}, status: "open"},
		{q: "Which large museums are in Hull?", sizes: []string{"large", "huge"}, types: []string{"M"}, status: "open"},
		{q: "Welke kleine musea zijn er in Harwich?", sizes: []string{"small"}, types: []string{"M"}, status: "open"},
		{q: "Welche großen Museen gibt es in Hull?", sizes: []string{"large", "huge"}, types: []string{"M"}, status: "open"},
		{q: "Which libraries are in Kyiv?", types: []string{"L"}, status: "open"},
		{q: "Welche Bibliotheken gibt es in Kyiv?", types: []string{"L"}, status: "open"},
		{q: "Which archives are in Prague?", types: []string{"A"}, status: "open"},
		{q: "Which institutions are in Prague?", status: "open"},
		{q: "Which museums in Kent have closed?", types: []string{"M"}, status: "closed"},
	}
	for _, tc := range cases {
		t.Run(tc.q, func(t *testing.T) {
			c := r.Route(tc.q).Constraints
			require.Equal(t, tc.gov, c.GovernanceCodes)
			require.Equal(t, tc.acc, c.Accreditation)
			require.Equal(t, tc.sizes, c.Sizes)
			require.Equal(t, tc.types, c.TypeCodes)
			require.Equal(t, tc.status, c.Status)
			require.True(t, c.List)
		})
	}
}

func TestParaphrasedIntents(t *testing.T) {
	r := newTestRouter(t)
	cases := []struct {
		q      string
		intent Intent
	}{
		{"Welche Museen in Hampshire gehören zu Hampshire Cultural Trust?", Relationship},
		{"Welke musea in Kent worden beheerd door de National Trust?", Relationship},
		{"Which museums does the York Museums Trust run?", Relationship},
		{"Who operates Yorkshire Museum?", Relationship},
		{"Which museums belong to National Museums Scotland?", Relationship},
		{"Which museums are run by Glasgow Life?", Relationship},
		{"Welke musea zijn er in Rye?", Exploratory},
		{"Welche Museen gibt es in Prag?", Exploratory},
		{"List the accredited museums in Rutland.", Exploratory},
		{"Which museums in Kent closed before 2000?", Temporal},
		{"When did Titanic Belfast open?", Temporal},
		{"Wie hieß Solent Sky Museum früher?", Temporal},
		{"Vergleiche die Eisenbahnmuseen in Kent und Devon.", Comparative},
		{"Railway museums in Kent versus Devon?", Comparative},
		{"What is the difference between the aviation museums in Essex and Kent?", Comparative},
		{"Vergelijk de spoorwegmusea in Kent en Devon.", Comparative},
		{"Which museums in Devon have collections on sport?", Collection},
		{"Welke musea in Devon hebben collecties over sport?", Collection},
		{"What is the ISIL of Stadtarchiv Stendal?", Factual},
		{"Wat is de ISIL-code van Stadtarchiv Stendal?", Factual},
		{"Wie lautet der ISIL von Stadtarchiv Stendal?", Factual},
		{"What's the web site of Royal Library of Belgium?", Factual},
	}
	for _, tc := range cases {
		t.Run(tc.q, func(t *testing.T) {
			p := r.Route(tc.q)
			require.Equal(t, tc.intent, p.Intent, "%+v", p.Constraints)
		})
	}
	// Bodies in other languages and with typos.
	p := r.Route("Welche Museen in Hampshire gehören zu Hampshire Cultural Trust?")
	require.Equal(t, "Hampshire Cultural Trust", p.Constraints.Bodies[0].Name)
	require.Equal(t, "part_of", p.Constraints.Relation)
	p = r.Route("Which museums are operated by the Birmingam Museums Trust?")
	require.Equal(t, "Birmingham Museums Trust", p.Constraints.Bodies[0].Name)
	require.Equal(t, "operated_by", p.Constraints.Bodies[0].Relation)
	// A ROR parent carries its own record id.
	p = r.Route("Which institutions are part of Museum Nord?")
	require.Equal(t, []string{"ror:05x9p3f75"}, p.Constraints.Bodies[0].IDs)
}

func TestComparativeSides(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Compare the railway museums in Gwynedd and the Powys principal area.")
	require.Equal(t, Comparative, p.Intent)
	require.Len(t, p.Sides, 2)
	require.Equal(t, "Gwynedd", p.Sides[0].Places[0].Name)
	require.Equal(t, "Powys", p.Sides[1].Places[0].Name)
	for _, s := range p.Sides {
		require.Equal(t, []string{"Transport / Trains and railways"}, s.Subjects)
		require.Equal(t, []string{"M"}, s.TypeCodes)
	}
	require.Len(t, p.Constraints.Places, 2)
}

func TestAmbiguousLowersConfidence(t *testing.T) {
	r := newTestRouter(t)
	clear := r.Route("Which museums in Kent are operated by the National Trust?")
	vague := r.Route("National Trust Kent history")
	require.Less(t, vague.Confidence, clear.Confidence)
	require.True(t, vague.Intent.Valid())
	require.NotEmpty(t, vague.Legs)
	maxK := func(p Plan) int {
		k := 0
		for _, l := range p.Legs {
			if l.K > k {
				k = l.K
			}
		}
		return k
	}
	require.Greater(t, maxK(vague), maxK(r.Route("What is the ISIL code of Stadtarchiv Stendal?")))
}

func TestEmptyAndGarbage(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"", "   ", "???", "asdf qwer zxcv", "\x00\xff\xfe", strings.Repeat("museum ", 500), "Q", "DE-"} {
		p := r.Route(q)
		require.True(t, p.Intent.Valid(), q)
		require.LessOrEqual(t, p.Confidence, 0.5, q)
		require.GreaterOrEqual(t, p.Confidence, 0.0)
		require.Len(t, p.Scores, len(Intents))
		require.NotEmpty(t, p.Legs)
	}
}

func TestLegsFollowMatrix(t *testing.T) {
	r := newTestRouter(t)
	primary := func(p Plan) string {
		for _, l := range p.Legs {
			if l.Primary {
				return l.Retriever
			}
		}
		return ""
	}
	hasBM25 := func(p Plan) bool {
		for _, l := range p.Legs {
			if l.Retriever == RetrieverBM25 {
				return true
			}
		}
		return false
	}
	for _, q := range loadGold(t) {
		p := r.Route(q.Question)
		want := RetrieverKG
		if p.Intent == Exploratory || p.Intent == Collection {
			want = RetrieverVector
		}
		require.Equal(t, want, primary(p), q.Question)
		require.True(t, hasBM25(p))
		for _, l := range p.Legs {
			require.NotEqual(t, RetrieverWikidata, l.Retriever)
			require.Positive(t, l.K)
		}
		for i := 1; i < len(p.Scores); i++ {
			require.GreaterOrEqual(t, p.Scores[i-1].Score, p.Scores[i].Score)
		}
	}
	rw := New(testfixture.Dataset(t), WithWikidata(true))
	p := rw.Route("What is the ISIL code of Stadtarchiv Stendal?")
	var names []string
	for _, l := range p.Legs {
		names = append(names, l.Retriever)
	}
	require.Contains(t, names, RetrieverWikidata)
}

func TestMatchNames(t *testing.T) {
	r := newTestRouter(t)
	m := r.MatchNames("Ilkley Toy Museum", 5)
	require.NotEmpty(t, m)
	require.Equal(t, "Ilkley Toy Museum", m[0].Name)
	require.Equal(t, 1.0, m[0].Score)

	m = r.MatchNames("ilkly toy musem", 5)
	require.NotEmpty(t, m)
	require.Equal(t, "Ilkley Toy Museum", m[0].Name)
	require.Less(t, m[0].Score, 1.0)

	m = r.MatchNames("Tolbooth Museum", 5)
	require.Equal(t, "Tolbooth Museum", m[0].Name)
	var others []string
	for _, x := range m[1:] {
		others = append(others, x.Name)
	}
	require.Contains(t, others, "Tolbooth Museum (Aberdeen)")

	m = r.MatchNames("Blakes Lock Museum", 3)
	require.NotEmpty(t, m)
	require.True(t, m[0].Former)

	for _, x := range m {
		require.GreaterOrEqual(t, x.Score, 0.0)
		require.LessOrEqual(t, x.Score, 1.0)
	}
	require.Empty(t, r.MatchNames("", 5))
	require.LessOrEqual(t, len(r.MatchNames("Museum", 3)), 3)
}

func BenchmarkRoute(b *testing.B) {
	gold := loadGold(b)
	qs := make([]string, len(gold))
	for i, q := range gold {
		qs[i] = q.Question
	}
	benchRoute(b, qs)
}

// benchRoute routes the questions in turn and adds the process's CPU time
// per question (the garbage collector's too) to the benchmark.
func benchRoute(b *testing.B, qs []string) {
	r := newTestRouter(b)
	// the name index is built once, on the first misspelt name, not per
	// question
	r.NameIndex()
	b.ResetTimer()
	cpu0 := testfixture.CPUTime()
	for i := 0; b.Loop(); i++ {
		r.Route(qs[i%len(qs)])
	}
	b.ReportMetric(float64((testfixture.CPUTime()-cpu0).Nanoseconds())/1e3/float64(b.N), "cpu-µs/op")
}

func BenchmarkNew(b *testing.B) {
	ds := testfixture.Dataset(b)
	for b.Loop() {
		New(ds)
	}
}

// TestNameIndex: the router hands out the one name index it searches, the
// one WithNameIndex gives or else one it builds once.
func TestNameIndex(t *testing.T) {
	ds := testfixture.Sample(t, 50)
	ix := names.New(ds)
	r := New(ds, WithNameIndex(func(*heritage.Dataset) *names.Index { return ix }))
	require.Same(t, ix, r.NameIndex())
	require.Same(t, ix, r.NameIndex())
	own := New(ds)
	require.Same(t, own.NameIndex(), own.NameIndex())
	require.NotSame(t, ix, own.NameIndex(), "without the option the router builds its own")
}

// Governance said in the plural or after a copula is read.
func TestGovernancePluralAndPredicate(t *testing.T) {
	r := newTestRouter(t)
	for q, want := range map[string]string{
		"Which museums do local authorities run in Kent?":  "Government-Local_Authority",
		"Which museums in Kent are run by local councils?": "Government-Local_Authority",
		"Which museums in York are private?":               "Independent-Private",
	} {
		require.Contains(t, r.Route(q).Constraints.GovernanceCodes, want, q)
	}
}

// Questions for the first members of an order read the order, its count
// and the type, in every phrasing, and ask for a set; "first" with no
// verb of opening and no type noun after it is no order.
func TestOrderReadings(t *testing.T) {
	r := newTestRouter(t)
	for q, want := range map[string]Order{
		"What is the oldest museum in Edinburgh?":           {Attribute: "opened", N: 1},
		"Which museum in Glasgow opened first?":             {Attribute: "opened", N: 1},
		"What was the first museum in Wales?":               {Attribute: "opened", N: 1},
		"Which is the newest library in Leiden?":            {Attribute: "opened", Highest: true, N: 1},
		"Which is the most recently opened museum in Kent?": {Attribute: "opened", Highest: true, N: 1},
		"Which museum in Wales closed last?":                {Attribute: "closed", Highest: true, N: 1},
		"What are the three oldest museums in York?":        {Attribute: "opened", N: 3},
		"Which three museums in Lichfield opened first?":    {Attribute: "opened", N: 3},
		"top 5 newest archives in Germany":                  {Attribute: "opened", Highest: true, N: 5},
		"What are the oldest museums in Devon?":             {Attribute: "opened", N: 10},
		"Which is the largest museum in Leeds?":             {Attribute: "size", Highest: true, N: 1},
		"Welches ist das älteste Museum in Kent?":           {Attribute: "opened", N: 1},
		"Welk museum in Devon is het oudst?":                {Attribute: "opened", N: 1},
		"Which museum in Bath is the oldst?":                {Attribute: "opened", N: 1},
	} {
		p := r.Route(q)
		require.NotNil(t, p.Constraints.Order, q)
		require.Equal(t, want, *p.Constraints.Order, q)
		require.True(t, p.Constraints.List, q)
		require.Empty(t, p.Constraints.Names, q)
		require.Empty(t, p.Unused(UnusedUnread), q)
	}
	for _, q := range []string{
		"Which museums are about the First World War?",
		"When did the Rijksmuseum open?",
		"Which opened first, the Ashmolean Museum or the British Museum?",
	} {
		require.Nil(t, r.Route(q).Constraints.Order, q)
	}
}

// A list of the institutions that have, or lack, a field reads the field
// as a condition of the list, not as a field of one institution.
func TestHasAndLacks(t *testing.T) {
	r := newTestRouter(t)
	for q, want := range map[string][2][]string{
		"Which museums in Bath have a website?":            {{"website"}, nil},
		"Which German archives have an ISIL code?":         {{"isil"}, nil},
		"museums in York with a postcode":                  {{"postcode"}, nil},
		"Welche Museen in Kent haben eine Website?":        {{"website"}, nil},
		"Which museums in Bath have no website?":           {nil, {"website"}},
		"Which libraries in Leeds are without a postcode?": {nil, {"postcode"}},
	} {
		c := r.Route(q).Constraints
		require.Equal(t, want[0], c.Has, q)
		require.Equal(t, want[1], c.Lacks, q)
		require.True(t, c.List, q)
		require.Empty(t, c.Field, q)
	}
	// one institution's field is still a field
	require.Equal(t, "website", r.Route("Does the Holburne Museum have a website?").Constraints.Field)
}

// A nation's adjective before a type noun is the place; before anything
// else it is a condition no rule reads, except before a kind of place.
func TestDemonyms(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Which German archives have an ISIL code?")
	require.Equal(t, []Place{{Text: "German", Name: "DE", Level: LevelCountry}}, p.Constraints.Places)
	p = r.Route("Which Scottish art galleries are open?")
	require.Equal(t, "Scotland", p.Constraints.Places[0].Name)
	require.Equal(t, []string{"German art"}, r.Route("Which museums hold German art?").Unused(UnusedUnread))
	require.Empty(t, r.Route("List the museums in the English county Staffordshire.").Unused(UnusedUnread))
}

// Questions for the places that hold the most (or the fewest) of a set
// read the kind of place and how many are asked, not a field.
func TestGroupReadings(t *testing.T) {
	r := newTestRouter(t)
	for q, want := range map[string]Group{
		"Which city has the most museums?":                             {Level: "city", N: 1},
		"Welche Stadt hat die meisten Museen?":                         {Level: "city", N: 1},
		"Welke stad heeft de meeste bibliotheken?":                     {Level: "city", N: 1},
		"Which county has the most accredited museums?":                {Level: "county", N: 1},
		"Which English county has the fewest museums?":                 {Level: "county", Fewest: true, N: 1},
		"What are the five counties with the most museums in England?": {Level: "county", N: 5},
		"Which regions of England have the most railway museums?":      {Level: "subregion", N: 10},
	} {
		p := r.Route(q)
		require.NotNil(t, p.Constraints.Group, q)
		require.Equal(t, want, *p.Constraints.Group, q)
		require.True(t, p.Constraints.List, q)
		require.Empty(t, p.Constraints.Field, q)
	}
	require.Equal(t, "England", r.Route("Which English county has the fewest museums?").Constraints.Places[0].Name)
	require.Nil(t, r.Route("Which is the most recent museum in Kent?").Constraints.Group)
	require.Nil(t, r.Route("Which museums in the county of Kent are accredited?").Constraints.Group)
}

// A partial or inflected name is read beside a place: the place after a
// locative is no part of it, and a German adjective's ending or a
// genitive "-s" is the name's own form.
func TestNamesBesidePlacesAndInflected(t *testing.T) {
	r := newTestRouter(t)
	for q, want := range map[string]string{
		"Is the Horniman Museum in Manchester?":      "Horniman Museum & Gardens",
		"Wann wurde das Deutsche Museum gegründet?":  "Deutsches Museum",
		"Ist das Deutsche Museum in München?":        "Deutsches Museum",
		"Was ist die Website des Deutschen Museums?": "Deutsches Museum",
	} {
		p := r.Route(q)
		require.Len(t, p.Constraints.Names, 1, q)
		require.Equal(t, want, p.Constraints.Names[0].Name, q)
	}
}

// Places after an except cue are left out, not added; a count with no
// condition is of every institution of the type; a field the data does
// not record is a field of one institution, and an unread condition of a
// list.
func TestExceptAllAndUnrecorded(t *testing.T) {
	r := newTestRouter(t)
	c := r.Route("List all museums in Wales except those in Cardiff").Constraints
	require.Equal(t, "Wales", c.Places[0].Name)
	require.Equal(t, "Cardiff", c.Except[0].Name)
	c = r.Route("Which museums are not in London?").Constraints
	require.Empty(t, c.Places)
	require.Equal(t, "London", c.Except[0].Name)
	require.True(t, r.Route("How many museums are there altogether?").Constraints.All)
	require.False(t, r.Route("How many museums are there in Kent?").Constraints.All)
	require.Equal(t, "phone", r.Route("What's the phone number of the British Museum?").Constraints.Field)
	require.Equal(t, "founder", r.Route("Who founded the Ashmolean Museum?").Constraints.Field)
	p := r.Route("Which museums in York were founded by the council?")
	require.Empty(t, p.Constraints.Field)
	require.Contains(t, p.Unused(UnusedUnread), "founded by")
}

// Words a list's names must hold are read as such, not as a subject.
func TestNameWords(t *testing.T) {
	r := newTestRouter(t)
	for q, want := range map[string][]string{
		"Which museums have war in their name?":            {"war"},
		"Which museums in Kent have castle in their name?": {"castle"},
		"Welche Museen haben Burg im Namen?":               {"burg"},
		"museums whose name contains railway":              {"railway"},
	} {
		c := r.Route(q).Constraints
		require.Equal(t, want, c.NameHas, q)
		require.Empty(t, c.Subjects, q)
		require.True(t, c.List, q)
	}
}

// An existence question with a type noun asks for a set; an ordinal
// before an order word asks for the first that many; a region's common
// name is the region.
func TestExistenceOrdinalsAndRegionNames(t *testing.T) {
	r := newTestRouter(t)
	c := r.Route("Is there a toy museum in Brighton?").Constraints
	require.True(t, c.List)
	require.Empty(t, c.Names)
	require.NotEmpty(t, c.Subjects)
	require.Equal(t, 2, r.Route("What is the second oldest museum in York?").Constraints.Order.N)
	require.Equal(t, 2, r.Route("Welches ist das zweitälteste Museum in Kent?").Constraints.Order.N)
	require.Equal(t, 2, r.Route("Wat is het op een na oudste museum in York?").Constraints.Order.N)
	require.Equal(t, 1, r.Route("Which of the museums in Bath is the biggest?").Constraints.Order.N)
	c = r.Route("Which museums in Yorkshire are accredited?").Constraints
	require.Equal(t, "Yorkshire and The Humber", c.Places[0].Name)
}

// Times are no orders ("closed last year"), a field of the first of an
// order is kept ("the address of the oldest museum"), "the council" runs
// museums as a local authority, and a plural list asking for a field its
// members have names no institution.
func TestTimesFieldsOfOrdersAndCouncils(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Which Scottish museums closed last year?")
	require.Nil(t, p.Constraints.Order)
	require.Equal(t, []string{"last year"}, p.Unused(UnusedUnread))
	require.Nil(t, r.Route("Which museums opened in the last ten years in Wales?").Constraints.Order)
	o := r.Route("What is the address of the oldest museum in Bristol?").Constraints.Order
	require.NotNil(t, o)
	require.Equal(t, "address", o.Field)
	require.Equal(t, []string{"Government-Local_Authority"}, r.Route("Are any museums in Kent run by the council?").Constraints.GovernanceCodes)
	c := r.Route("Which museums in Edinburgh have been renamed?").Constraints
	require.Empty(t, c.Names)
	require.Equal(t, []string{"former_name"}, c.Has)
}

// A capitalised order word inside the question starts a name.
func TestOrderWordsInNames(t *testing.T) {
	r := newTestRouter(t)
	for q, want := range map[string]string{
		"When did the Last Invasion Gallery open?":         "Last Invasion Gallery",
		"When did First Garden City Heritage Museum open?": "First Garden City Heritage Museum",
	} {
		p := r.Route(q)
		require.Nil(t, p.Constraints.Order, q)
		require.Equal(t, want, p.Constraints.Names[0].Name, q)
	}
}

// In a lower-case question a misspelt order word is still an order, and
// a phrase after "a" still describes.
func TestLowerCaseOrderAndExistence(t *testing.T) {
	r := newTestRouter(t)
	require.NotNil(t, r.Route("whats the oldst museum in bristol").Constraints.Order)
	c := r.Route("is there a toy museum in brighton").Constraints
	require.Empty(t, c.Names)
	require.True(t, c.List)
}

// A misspelt except cue is still read ("excet", "outsise", "behzlve").
func TestMisspeltExceptCues(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Which museums are in council area Argyll and Bute excet those in Isle of Mull?",
		"Which museums in Mid Ulster are outsise Bellaghy?",
		"Welke musea zijn er in Orkney Islands behzlve in Kirkwall?",
	} {
		c := r.Route(q).Constraints
		require.Len(t, c.Except, 1, q)
		require.Len(t, c.Places, 1, q)
	}
}

// A negated relation leaves the body's members out (Constraints.Not); a
// second span of years is a condition no rule reads: it leaves the list,
// which is then not exact, and is named; a span of years takes the verb
// nearest before it.
func TestNegatedRelationAndSecondYears(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Which museums in Devon are accredited but not run by the National Trust?")
	require.Empty(t, p.Constraints.Bodies)
	require.Equal(t, "Accredited", p.Constraints.Accreditation)
	require.Equal(t, "National Trust", p.Constraints.Not.Bodies[0].Name)
	require.Empty(t, p.Unused(UnusedUnread))
	p = r.Route("Which museums in Kent opened in the 1970s and closed in the 1990s?")
	require.Equal(t, &YearRange{Field: "opened", From: 1970, To: 1979}, p.Constraints.Years)
	require.Equal(t, []string{"closed in the 1990s"}, p.Unused(UnusedUnread))
	require.Equal(t, "opened", r.Route("Which museums founded in 1990 are closed?").Constraints.Years.Field)
}

// Contracted negations turn what follows them: "aren't accredited"
// leaves the accredited out, "don't have a website" lacks it, and "not
// run by the council" leaves out that kind of governance.
func TestContractedAndGovernanceNegations(t *testing.T) {
	r := newTestRouter(t)
	c := r.Route("Which museums in Kent aren't accredited?").Constraints
	require.Empty(t, c.Accreditation)
	require.Equal(t, "Accredited", c.Not.Accreditation)
	require.Equal(t, []string{"website"}, r.Route("Which libraries in Germany don't have a website?").Constraints.Lacks)
	p := r.Route("Which museums in Kent are accredited and not run by the council?")
	require.Empty(t, p.Constraints.GovernanceCodes)
	require.NotEmpty(t, p.Constraints.Not.GovernanceCodes)
	require.Equal(t, "Accredited", p.Constraints.Accreditation)
	require.Empty(t, p.Unused(UnusedUnread))
}

// "opened after 1990" compares with a year, not two institutions, so a
// plural list names none; a negated "open" asks for closed ones.
func TestYearsAreNoPairsAndNegatedOpen(t *testing.T) {
	r := newTestRouter(t)
	c := r.Route("Which accredited museums in Somerset opened after 1990 but aren't open anymore?").Constraints
	require.Empty(t, c.Names)
	require.Equal(t, "Somerset", c.Places[0].Name)
	require.Equal(t, "closed", c.Status)
	for _, q := range []string{"Which museums in Kent are no longer open?", "Welche Museen in Kent sind nicht mehr geöffnet?", "Welke musea in Kent zijn niet meer open?"} {
		p := r.Route(q)
		require.Equal(t, "closed", p.Constraints.Status, q)
		require.Empty(t, p.Unused(UnusedUnread), q)
	}
}

// "before"/"after" an institution with the verb of opening elsewhere in
// the question: before the place, or last in German and Dutch.
func TestOpenedBeforeAnInstitutionAnyOrder(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Which museums opened in Norwich after the John Jarrold Printing Museum?",
		"Welche Museen in Norwich wurden nach dem John Jarrold Printing Museum eröffnet?",
		"Welke musea in Norwich zijn na het John Jarrold Printing Museum geopend?",
	} {
		c := r.Route(q).Constraints
		require.NotNil(t, c.Years, q)
		require.Equal(t, 1983, c.Years.From, q)
		require.Empty(t, c.Names, q)
	}
	// a town after "nach" is no institution
	require.Nil(t, r.Route("Welche Museen gibt es nach Bremen?").Constraints.Years)
}

// A count right before a plural kind, after a word asking for a list, is
// how many members to show; counts of an order stay the order's.
func TestCountOfKind(t *testing.T) {
	r := newTestRouter(t)
	for q, want := range map[string]int{
		"Name three museums in York":                 3,
		"List 5 museums in Leeds":                    5,
		"Nenne mir drei Museen in Bremen":            3,
		"Which museums are in York?":                 0,
		"What are the three oldest museums in York?": 0,
	} {
		require.Equal(t, want, r.Route(q).Constraints.Limit, q)
	}
}

// The word naming an identifier's scheme ("with ISIL DE-478") is not the
// field asked when the question asks for another one.
func TestFieldBesideAnIdentifier(t *testing.T) {
	r := newTestRouter(t)
	for q, want := range map[string]string{
		"What's the website of the institution with ISIL DE-478?":          "website",
		"What is the postcode of the museum with GHCID GB-ENG-MOR-M-MCBM?": "postcode",
		"Which institution has ISIL DE-478?":                               "",
		"What is the ISIL of the institution with Wikidata ID Q125634?":    "isil",
	} {
		require.Equal(t, want, r.Route(q).Constraints.Field, q)
	}
}
