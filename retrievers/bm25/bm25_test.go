package bm25_test

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/retrievers/bm25"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

func TestQueryText(t *testing.T) {
	require.Equal(t, "Which museums in Kent are operated by the National Trust",
		bm25.QueryText("Which museums in Kent are operated by the National Trust?"))
	require.Equal(t, "the railway museums in A and B.", bm25.QueryText("Compare the railway museums in A and B."))
	require.Equal(t, "", bm25.QueryText("list institutions"))
}

// fixture is the embedded dataset and its index, shared by the tests and
// benchmarks of this package.
type fixture struct {
	ds *heritage.Dataset
	r  *bm25.Retriever
}

// getFixture is the BM25 index of the bundled dataset, built once.
var getFixture = testfixture.Shared(func(ds *heritage.Dataset) (*fixture, error) {
	r, err := bm25.New(ds)
	if err != nil {
		return nil, err
	}
	return &fixture{ds, r}, nil
})

func retrieve(t *testing.T, r retrieval.Retriever, text string, k int) []retrieval.Hit {
	t.Helper()
	hits, err := r.Retrieve(context.Background(), retrieval.Query{Text: text, K: k})
	require.NoError(t, err)
	return hits
}

func ids(hits []retrieval.Hit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.ID
	}
	return out
}

// record returns the first record that satisfies ok.
func record(t *testing.T, ds *heritage.Dataset, ok func(*heritage.Institution) bool) *heritage.Institution {
	t.Helper()
	for i := range ds.Institutions {
		if ok(&ds.Institutions[i]) {
			return &ds.Institutions[i]
		}
	}
	t.Fatal("no record fits")
	return nil
}

// Identifiers, addresses and collections are in the full text: a question
// that gives one finds its record first.
func TestFindsByFullText(t *testing.T) {
	testfixture.SkipUnderRace(t)
	f := getFixture(t)
	withISIL := record(t, f.ds, func(in *heritage.Institution) bool {
		return strings.HasPrefix(in.ISIL, "DE-MUS-") && in.Wikidata != ""
	})
	withPostcode := record(t, f.ds, func(in *heritage.Institution) bool { return in.Postcode() != "" && in.Address() != "" })
	for _, c := range []struct{ question, want string }{
		{"Which museum has the ISIL " + withISIL.ISIL + "?", withISIL.ID},
		{"Which institution is " + withISIL.Wikidata + "?", withISIL.ID},
		{"Which museum is at " + withPostcode.Address() + "?", withPostcode.ID},
	} {
		hits := retrieve(t, f.r, c.question, 10)
		require.NotEmpty(t, hits, c.question)
		require.Equal(t, c.want, hits[0].ID, c.question)
	}
}

// A misspelt word (one letter changed, dropped, added or two swapped)
// finds what the right spelling finds.
func TestReadsTypos(t *testing.T) {
	f := getFixture(t)
	for _, c := range []struct{ right, typo string }{
		{"Crewkerne museum", "Creqkerne museum"},
		{"Crewkerne museum", "Crewkrne museum"},
		{"Fitzwilliam", "Fitzwilliiam"},
		{"Fitzwilliam", "Fitzwilliam"},
		{"Fitzwilliam", "Fiztwilliam"},
	} {
		want := retrieve(t, f.r, c.right, 5)
		require.NotEmpty(t, want, c.right)
		got := retrieve(t, f.r, c.typo, 5)
		require.NotEmpty(t, got, c.typo)
		require.Equal(t, want[0].ID, got[0].ID, c.typo)
	}
	// A short unknown word is not read as a typo.
	require.Empty(t, retrieve(t, f.r, "zqxv", 5))
}

func TestFiltersKeepOnlyMatches(t *testing.T) {
	f := getFixture(t)
	fs, err := filter.Parse([]byte(`{"county":"Hampshire"}`))
	require.NoError(t, err)
	q := retrieval.Query{Text: "railway museum", K: 10, Filters: fs}
	hits, err := f.r.Retrieve(context.Background(), q)
	require.NoError(t, err)
	require.NotEmpty(t, hits)
	all := retrieve(t, f.r, "railway museum", len(f.ds.Institutions))
	var want []string
	for _, h := range all {
		in, _ := f.ds.Get(h.ID)
		if fs.Match(in) && len(want) < 10 {
			want = append(want, h.ID)
		}
	}
	require.Equal(t, want, ids(hits))
	for i, h := range hits {
		require.Equal(t, i+1, h.Rank)
	}
}

// writeIndex writes the fixture's index to a file and returns its path.
func writeIndex(t testing.TB, r *bm25.Retriever) string {
	path := filepath.Join(t.TempDir(), "bm25.idx")
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, r.WriteIndex(f))
	require.NoError(t, f.Close())
	return path
}

func TestWriteOpenRoundTrip(t *testing.T) {
	f := getFixture(t)
	opened, err := bm25.Open(writeIndex(t, f.r), f.ds)
	require.NoError(t, err)
	for _, text := range []string{"railway museums in Suffolk", "Heimatmuseum Crewkrne", "DE-MUS-165711", "museum"} {
		require.Equal(t, retrieve(t, f.r, text, 20), retrieve(t, opened, text, 20), text)
	}
}

func TestOpenRefusesOtherDataAndDamage(t *testing.T) {
	f := getFixture(t)
	path := writeIndex(t, f.r)

	fewer, err := f.ds.Subset(func(in *heritage.Institution) bool { return in.Country != "DE" })
	require.NoError(t, err)
	_, err = bm25.Open(path, fewer)
	require.ErrorContains(t, err, "rebuild")

	b, err := os.ReadFile(path)
	require.NoError(t, err)
	damaged := filepath.Join(t.TempDir(), "damaged.idx")
	for _, at := range []int{len(b) / 2, len(b) - 1, 3} {
		c := append([]byte(nil), b...)
		c[at] ^= 0x40
		require.NoError(t, os.WriteFile(damaged, c, 0o644))
		_, err = bm25.Open(damaged, f.ds)
		require.Error(t, err, "byte %d", at)
	}
	require.NoError(t, os.WriteFile(damaged, b[:len(b)/3], 0o644))
	_, err = bm25.Open(damaged, f.ds)
	require.Error(t, err)
	_, err = bm25.Open(filepath.Join(t.TempDir(), "missing.idx"), f.ds)
	require.Error(t, err)
}

// Queries in flight at once get the answers they get alone.
func TestConcurrentRetrieve(t *testing.T) {
	f := getFixture(t)
	texts := []string{"railway museums in Suffolk", "Stadtbibliothek", "Creqkerne", "National Trust houses in Kent"}
	want := make([][]retrieval.Hit, len(texts))
	for i, text := range texts {
		want[i] = retrieve(t, f.r, text, 10)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for n := range 50 {
				i := (g + n) % len(texts)
				hits, err := f.r.Retrieve(context.Background(), retrieval.Query{Text: texts[i], K: 10})
				if err != nil || len(hits) != len(want[i]) || hits[0] != want[i][0] {
					t.Errorf("%q: got %v, %v", texts[i], ids(hits), err)
					return
				}
			}
		})
	}
	wg.Wait()
}

// A huge K returns every matching record and allocates for those only.
func TestHugeK(t *testing.T) {
	f := getFixture(t)
	hits := retrieve(t, f.r, "Crewkerne", math.MaxInt32)
	require.NotEmpty(t, hits)
	require.Less(t, len(hits), 100)
}
