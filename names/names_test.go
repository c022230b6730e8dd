package names

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

var sharedIndex = testfixture.Shared(func(ds *heritage.Dataset) (*Index, error) { return New(ds), nil })

// testIndex returns the name index of the bundled dataset, built once per
// test binary, and the dataset.
func testIndex(tb testing.TB) (*Index, *heritage.Dataset) {
	tb.Helper()
	return sharedIndex(tb), testfixture.Dataset(tb)
}

func TestKey(t *testing.T) {
	for _, c := range []struct{ a, b string }{
		{"St. Mary's Museum", "Saint Marys Museum"},
		{"Sankt Annen Museum", "St. Annen-Museum"},
		{"The Bagpipe Museum", "Bagpipe Museum"},
		{"Förderverein Heimatmuseum e.V.", "Forderverein Heimatmuseum"},
		{"Museum Trust Ltd", "Museum Trust"},
		{"Kunsthaus gGmbH", "Kunsthaus"},
		{"Heritage Centre", "heritage center"},
	} {
		require.Equal(t, Key(c.b), Key(c.a), c.a)
	}
	require.Equal(t, "the", Key("The"), "a lone article stays")
	require.Equal(t, []string{"museum", "abbey"}, Words("Museum of the Abbey"))
	require.ElementsMatch(t, Words("Abbey Museum"), Words("Museum of the Abbey"))
}

// A name is reordered when its words as written are the query's in
// another order, with repeats, legal forms or "&" for "and"; an article
// or a preposition that one of them lacks makes them differ.
func TestReordered(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"Museum Folkwang", "Folkwang Museum", true},
		{"Stadtarchiv Hennef", "Stadtarchiv Hennef, Hennef", true},
		{"Staatliche Museen zu Berlin", "Staatliche Museen zu Berlin e.V.", true},
		{"Museum für Bergedorf und die Vierlande", "Museum für Bergedorf & die Vierlande", true},
		{"The Guildhall", "Guildhall The", true},
		{"The Guildhall", "Guildhall", false},
		{"Museum Of Local History", "Local History Museum", false},
	} {
		a, b := allWords(heritage.NormalizeName(c.a)), allWords(heritage.NormalizeName(c.b))
		require.Equal(t, c.same, a == b, "%q %q", c.a, c.b)
	}
	ix, _ := testIndex(t)
	hits := ix.Search("Folkwang Museum", Options{Limit: 3})
	require.NotEmpty(t, hits)
	require.Equal(t, "museum folkwang", hits[0].Key)
	require.True(t, hits[0].Reordered)
	require.False(t, hits[0].Literal)
}

func TestLookup(t *testing.T) {
	ix, ds := testIndex(t)
	in := &ds.Institutions[0]
	docs := ix.Lookup(in.Name)
	require.Contains(t, docs, int32(0))
	require.Equal(t, docs, ix.Lookup("The "+in.Name+" Ltd"))
	require.Empty(t, ix.Lookup("no such institution anywhere"))
	require.Equal(t, Key(in.Name), ix.Forms(0)[0].Key)
	require.Equal(t, len(ds.Institutions), ix.Docs())
}

func TestSearch(t *testing.T) {
	ix, ds := testIndex(t)
	cases := []struct {
		name, query, city, want string
		queryCov                float64 // at least
	}{
		{"partial name with its city", "bagpipe museum", "Morpeth", "mm:domus.NE043", 1},
		{"former name", "North of England Bagpipe Museum", "", "mm:domus.NE043", 1},
		{"word order and articles", "Bagpipe Museum of the Morpeth Chantry", "", "mm:domus.NE043", 1},
		{"typo (transposition)", "Morpeth Chantry Bagpipe Musuem", "", "mm:domus.NE043", 0.95},
		{"first word of a compound name", "Hennebergmuseum", "", "wd:Q76628668", 1},
		{"compound split", "Stadt Archiv Weinheim", "", "wd:Q28720201", 1},
		{"compound joined", "Morpeth ChantryBagpipe Museum", "", "mm:domus.NE043", 1},
		{"generic name, town in the name", "Stadtarchiv", "Weinheim", "wd:Q28720201", 1},
		{"generic name, hyphenated town", "Heimatmuseum", "Bobenheim-Roxheim", "wd:Q21035599", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			hs := ix.Search(c.query, Options{City: c.city})
			require.NotEmpty(t, hs)
			require.Equal(t, c.want, ds.Institutions[hs[0].Doc].ID)
			require.GreaterOrEqual(t, hs[0].QueryCov, c.queryCov)
			for k := 1; k < len(hs); k++ {
				require.GreaterOrEqual(t, hs[k-1].Score, hs[k].Score)
			}
		})
	}
	hs := ix.Search("Stadtarchiv", Options{City: "Weinheim"})
	require.True(t, hs[0].CityMatch)
	require.True(t, hs[0].CityInName)
	require.Equal(t, 1.0, hs[0].NameCov, "the town's word is covered by the hint")
	require.Empty(t, ix.Search("qqqq zzzz", Options{}))
	require.Empty(t, ix.Search(" ,. ", Options{}))
	require.Len(t, ix.Search("museum", Options{Limit: 3}), 3)
}

func BenchmarkSearch(b *testing.B) {
	ix, ds := testIndex(b)
	var qs []string
	for i := 0; i < len(ds.Institutions); i += 37 {
		qs = append(qs, ds.Institutions[i].Name)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ix.Search(qs[i%len(qs)], Options{})
	}
}
