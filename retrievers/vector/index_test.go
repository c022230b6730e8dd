package vector_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/retrievers"
	"github.com/hybridrag/hybridrag/retrievers/bm25"
	"github.com/hybridrag/hybridrag/retrievers/vector"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

var _ embed.Embedder = (*embed.Hashing)(nil)

func both(t *testing.T) map[string]retrieval.Retriever {
	f := getFixture(t)
	return map[string]retrieval.Retriever{plan.RetrieverVector: f.vector, plan.RetrieverBM25: f.bm25}
}

func mustParse(t *testing.T, js string) filter.Set {
	t.Helper()
	s, err := filter.Parse([]byte(js))
	require.NoError(t, err)
	return s
}

func ids(hits []retrieval.Hit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.ID
	}
	return out
}

func TestFindsByName(t *testing.T) {
	ds := getFixture(t).ds
	tests := []struct {
		question, wantName string
		within             int
	}{
		{"bagpipe museum in Morpeth", "Morpeth Chantry Bagpipe Museum", 1},
		{"What is the ISIL code of Stadtbibliothek Münchberg?", "Stadtbibliothek Münchberg", 1},
		{"stadtbibliothek munchberg", "Stadtbibliothek Münchberg", 1},
		{"What was the North of England Bagpipe Museum renamed to?", "Morpeth Chantry Bagpipe Museum", 3},
	}
	for name, r := range both(t) {
		for _, tt := range tests {
			t.Run(name+"/"+tt.question, func(t *testing.T) {
				hits, err := r.Retrieve(context.Background(), retrieval.Query{Text: tt.question, K: 10})
				require.NoError(t, err)
				require.NotEmpty(t, hits)
				pos := -1
				for i, h := range hits {
					if h.Name == tt.wantName {
						pos = i
						break
					}
				}
				require.GreaterOrEqual(t, pos, 0, "%q not in %v", tt.wantName, ids(hits))
				require.Less(t, pos, tt.within, "%q at rank %d", tt.wantName, pos+1)

				h := hits[pos]
				in, ok := ds.Get(h.ID)
				require.True(t, ok)
				require.Equal(t, retrieval.NewHit(in, name, h.Score, pos+1), h)
			})
		}
	}
}

func TestHitsAreRankedThinAndBounded(t *testing.T) {
	for name, r := range both(t) {
		for _, k := range []int{1, 5, 37} {
			hits, err := r.Retrieve(context.Background(), retrieval.Query{Text: "railway museums in Yorkshire", K: k})
			require.NoError(t, err)
			require.Len(t, hits, k, name)
			seen := map[string]bool{}
			for i, h := range hits {
				require.Equal(t, i+1, h.Rank)
				require.Equal(t, name, h.Source)
				require.False(t, seen[h.ID], "duplicate %s", h.ID)
				seen[h.ID] = true
				require.LessOrEqual(t, len([]rune(h.Snippet)), retrieval.SnippetMax)
				if i > 0 {
					require.LessOrEqual(t, h.Score, hits[i-1].Score, "%s: not best first", name)
				}
			}
		}
		hits, err := r.Retrieve(context.Background(), retrieval.Query{Text: "railway museums", K: 0})
		require.NoError(t, err)
		require.Empty(t, hits, name)
	}
}

func TestDeterministic(t *testing.T) {
	for name, r := range both(t) {
		q := retrieval.Query{Text: "Which museums in Kent are operated by the National Trust?", K: 25}
		a, err := r.Retrieve(context.Background(), q)
		require.NoError(t, err)
		b, err := r.Retrieve(context.Background(), q)
		require.NoError(t, err)
		require.Equal(t, a, b, name)
	}
}

// Two BM25 indexes built from the same data rank alike: ties are broken by
// the dataset's order, not by map iteration while building.
func TestBM25RepeatsAcrossBuilds(t *testing.T) {
	testfixture.SkipUnderRace(t)
	f := getFixture(t)
	other, err := bm25.New(f.ds)
	require.NoError(t, err)
	t.Cleanup(func() { _ = other.Close() })
	for _, text := range []string{"Heimatmuseum", "museum", "Stadtbibliothek", "railway museums in Suffolk", "National Trust houses"} {
		q := retrieval.Query{Text: text, K: 50}
		a, err := f.bm25.Retrieve(context.Background(), q)
		require.NoError(t, err)
		b, err := other.Retrieve(context.Background(), q)
		require.NoError(t, err)
		require.Equal(t, a, b, text)
	}
}

func TestNoContentWords(t *testing.T) {
	for name, r := range both(t) {
		for _, text := range []string{"", "  ", "which are the?"} {
			hits, err := r.Retrieve(context.Background(), retrieval.Query{Text: text, K: 5})
			require.NoError(t, err, name)
			require.Empty(t, hits, "%s %q", name, text)
		}
	}
}

func TestFiltersRestrict(t *testing.T) {
	ds := getFixture(t).ds
	tests := []struct {
		name, question, filters string
		k, wantAtLeast          int
	}{
		{"country DE", "museum library archive", `{"country":"DE"}`, 50, 50},
		{"country list", "museum", `{"country":["JE","GG"]}`, 100, 20},
		{"selective place and subject", "museums", `{"county":"Hampshire","subjects":"Transport"}`, 50, 1},
		{"year range", "museum", `{"year_opened":{"$gte":1990,"$lte":1995},"country":"GB"}`, 40, 40},
		{"broad negative filter", "Stadtbibliothek", `{"country":{"$ne":"GB"}}`, 30, 30},
		{"text and filter disagree", "bagpipe museum in Morpeth", `{"country":"DE"}`, 10, 1},
		{"member", "historic house", `{"member_of":"National Trust","status":"open"}`, 20, 20},
		{"no record passes", "museum", `{"city":"Atlantis"}`, 10, 0},
	}
	for name, r := range both(t) {
		for _, tt := range tests {
			t.Run(name+"/"+tt.name, func(t *testing.T) {
				fs := mustParse(t, tt.filters)
				hits, err := r.Retrieve(context.Background(), retrieval.Query{Text: tt.question, K: tt.k, Filters: fs})
				require.NoError(t, err)
				require.LessOrEqual(t, len(hits), tt.k)
				require.GreaterOrEqual(t, len(hits), tt.wantAtLeast)
				for _, h := range hits {
					in, ok := ds.Get(h.ID)
					require.True(t, ok)
					require.True(t, fs.Match(in), "%s does not pass %s", h.ID, fs)
				}
			})
		}
	}
}

// TestFilteredEqualsPostFiltered checks that filtering returns exactly the
// best passing records: the unfiltered ranking with failing records removed.
// Only the exact vector search promises this for every K: BM25 ranks by
// the rare-term query when it yields K hits and by the full query otherwise.
// The vector index remembers the records that pass a filter set; each set
// is asked twice, the second time in another spelling of the same set.
func TestFilteredEqualsPostFiltered(t *testing.T) {
	f := getFixture(t)
	for name, r := range map[string]retrieval.Retriever{plan.RetrieverVector: f.vector} {
		for _, tt := range []struct{ js, again string }{
			{`{"country":"GB","size":"large"}`, `{"size":"large","country":"GB"}`},
			{`{"country":{"$ne":"DE"}}`, `{"country":{"$ne":"DE"}}`},
			{`{"type_code":["M","G"],"admin_area":{"$contains":"Hampshire (English County)"}}`,
				`{"admin_area":{"$contains":"Hampshire (English County)"},"type_code":["G","M"]}`},
			{`{"city":"Morpeth"}`, `{"city":"morpeth"}`},
			{`{"city":"Atlantis"}`, `{"city":"Atlantis"}`},
		} {
			const k = 15
			all, err := r.Retrieve(context.Background(), retrieval.Query{Text: "railway museum", K: f.ds.Len()})
			require.NoError(t, err)
			for _, js := range []string{tt.js, tt.again} {
				fs := mustParse(t, js)
				filtered, err := r.Retrieve(context.Background(), retrieval.Query{Text: "railway museum", K: k, Filters: fs})
				require.NoError(t, err)
				want := []string{}
				for _, h := range all {
					in, _ := f.ds.Get(h.ID)
					if fs.Match(in) && len(want) < k {
						want = append(want, h.ID)
					}
				}
				require.Equal(t, want, ids(filtered), "%s %s", name, js)
			}
		}
	}
}

// TestUnknownFilterKeyMatchesNothing pins the contract: filters name keys
// of filter.Keys (the pipeline rejects others before any retriever runs),
// and a filter on any other key lets no record through.
func TestUnknownFilterKeyMatchesNothing(t *testing.T) {
	fs := mustParse(t, `{"colour":"red","country":"GB"}`)
	for name, r := range both(t) {
		hits, err := r.Retrieve(context.Background(), retrieval.Query{Text: "railway museum", K: 10, Filters: fs})
		require.NoError(t, err)
		require.Empty(t, hits, name)
		known, err := r.Retrieve(context.Background(), retrieval.Query{Text: "railway museum", K: 10, Filters: mustParse(t, `{"country":"GB"}`)})
		require.NoError(t, err)
		require.Len(t, known, 10, name)
	}
}

func TestCancelledContext(t *testing.T) {
	for name, r := range both(t) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		hits, err := r.Retrieve(ctx, retrieval.Query{Text: "railway museum", K: 10})
		require.ErrorIs(t, err, context.Canceled, name)
		require.Nil(t, hits)

		ctx, cancel = context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
		defer cancel()
		_, err = r.Retrieve(ctx, retrieval.Query{Text: "railway museum", K: 10, Filters: mustParse(t, `{"country":"GB"}`)})
		require.ErrorIs(t, err, context.DeadlineExceeded, name)
	}
}

func TestVectorIndexBuild(t *testing.T) {
	f := getFixture(t)
	require.Equal(t, f.ds.Len(), f.vector.Len())
	require.Equal(t, embed.DefaultDim, f.vector.Dim())
	// Stored vectors are the embedder's vectors of DocText.
	for _, i := range []int{0, 1234, f.ds.Len() - 1} {
		want := f.vector.Embedder().(*embed.Hashing).EmbedOne(retrievers.DocText(&f.ds.Institutions[i]))
		require.Equal(t, want, f.vector.Vector(i))
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := vector.New(f.ds, embed.NewHashing(64), vector.WithBuildContext(ctx))
	require.ErrorIs(t, err, context.Canceled)

	_, err = vector.New(f.ds, badEmbedder{})
	require.ErrorContains(t, err, "dimensions")
}

// badEmbedder returns vectors of the wrong size.
type badEmbedder struct{}

func (badEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i := range out {
		out[i] = make([]float32, 3)
	}
	return out, nil
}
func (badEmbedder) Dim() int   { return 4 }
func (badEmbedder) ID() string { return "bad" }

func TestVectorSearchWorkersAgree(t *testing.T) {
	f := getFixture(t)
	e := embed.NewHashing(256)
	one, err := vector.New(f.ds, e, vector.WithWorkers(1), vector.WithBatchSize(1000))
	require.NoError(t, err)
	two, err := vector.New(f.ds, e, vector.WithWorkers(2), vector.WithBatchSize(7))
	require.NoError(t, err)
	// A long query has enough non-zero components to score on two cores.
	q := e.EmbedOne("Which accredited local authority museums in North Yorkshire have collections about railways, mining, farming and the sea?")
	a, err := one.Search(context.Background(), q, 20, nil)
	require.NoError(t, err)
	b, err := two.Search(context.Background(), q, 20, nil)
	require.NoError(t, err)
	require.Equal(t, a, b)
	_, err = one.Search(context.Background(), q[:10], 5, nil)
	require.ErrorContains(t, err, "dimensions")
}

func TestDocText(t *testing.T) {
	in := new(heritage.Record{
		Name: "Morpeth Chantry Bagpipe Museum", Type: "MUSEUM", Country: "GB", City: "Morpeth",
		District: "Northumberland", County: "North East", Subregion: "North East", Region: "England",
		AltNames:    []heritage.AltName{{Name: "North of England Bagpipe Museum", Kind: heritage.KindFormerName}},
		Subjects:    []string{"Arts / Music"},
		MemberOf:    []heritage.Membership{{Name: "Woodhorn Charitable Trust"}},
		Description: "A museum.",
	}.Institution())
	require.Equal(t, strings.Join([]string{
		"Morpeth Chantry Bagpipe Museum",
		"North of England Bagpipe Museum",
		"museum",
		"Morpeth, Northumberland, North East, England, United Kingdom",
		"Arts / Music",
		"Woodhorn Charitable Trust",
		"A museum.",
	}, "\n"), retrievers.DocText(in))
	require.Equal(t, "Berlin, Germany", retrievers.DocText(&heritage.Institution{City: "Berlin", Country: "DE", Type: "UNKNOWN"}))
}

func TestSparseVectorsScoreAsDense(t *testing.T) {
	testfixture.SkipUnderRace(t)
	// A quarter of the records, to keep the test quick under the race
	// detector.
	k := 0
	ds, err := getFixture(t).ds.Subset(func(*heritage.Institution) bool { k++; return k%4 == 0 })
	require.NoError(t, err)
	// The hashing vectors of the compact semantic texts are kept sparse; a
	// dense copy must rank and score every query to the bit alike.
	e := embed.NewHashing(0)
	rows := make([][]float32, ds.Len())
	for i := range rows {
		rows[i] = e.EmbedOne(retrievers.SemanticText(&ds.Institutions[i]))
	}
	sparse, err := vector.FromVectors(ds, e, rows)
	require.NoError(t, err)
	require.True(t, sparse.Sparse())
	two, err := vector.FromVectors(ds, e, rows, vector.WithWorkers(2))
	require.NoError(t, err)
	dense := vector.DenseIndexForTest(ds, e, rows)
	require.False(t, dense.Sparse())
	for _, q := range []string{
		"Which museums are part of National Museums Scotland?",
		"railway museum in Wales",
		"Stadtbibliothek Göttingen",
		"Which accredited local authority museums in North Yorkshire have collections about railways, mining, farming and the sea?",
	} {
		v := e.EmbedOne(q)
		a, err := sparse.Search(context.Background(), v, 50, nil)
		require.NoError(t, err)
		b, err := dense.Search(context.Background(), v, 50, nil)
		require.NoError(t, err)
		require.Equal(t, b, a, q)
		c, err := two.Search(context.Background(), v, 50, nil)
		require.NoError(t, err)
		require.Equal(t, b, c, q)
	}

	// Written and read back, they are the same vectors.
	var buf bytes.Buffer
	require.NoError(t, sparse.WriteVectors(&buf))
	require.Equal(t, 4*sparse.Len()*sparse.Dim(), buf.Len())
	back, err := vector.Load(&buf, ds, e)
	require.NoError(t, err)
	require.True(t, back.Sparse())
	for _, i := range []int{0, 777, sparse.Len() - 1} {
		require.Equal(t, rows[i], back.Vector(i))
	}

	// The sparse file reads back the same index; a damaged one is refused.
	buf.Reset()
	require.NoError(t, sparse.WriteSparse(&buf))
	fromSparse, err := vector.LoadSparse(buf.Bytes(), ds, e)
	require.NoError(t, err)
	v := e.EmbedOne("railway museum in Wales")
	a, err := sparse.Search(context.Background(), v, 50, nil)
	require.NoError(t, err)
	b, err := fromSparse.Search(context.Background(), v, 50, nil)
	require.NoError(t, err)
	require.Equal(t, a, b)
	raw := buf.Bytes()
	for name, bad := range map[string][]byte{
		"truncated": raw[:len(raw)-4],
		"other dim": append(append([]byte{}, raw[:8]...), append([]byte{1, 2, 0, 0}, raw[12:]...)...),
		"row past the end": func() []byte {
			c := bytes.Clone(raw)
			// the last record of the last column: its byte is the file's
			// last, and 255 in the last block is past the records
			c[len(c)-1] = 0xff
			return c
		}(),
	} {
		_, err := vector.LoadSparse(bad, ds, e)
		require.Error(t, err, name)
	}
	require.Error(t, vector.DenseIndexForTest(ds, e, rows).WriteSparse(&buf))

	// Dense vectors (MiniLM's) stay dense, whatever the first rows were.
	mixed := make([][]float32, len(rows))
	for i := range mixed {
		mixed[i] = rows[i]
		if i > 100 {
			mixed[i] = make([]float32, e.Dim())
			for j := range mixed[i] {
				mixed[i][j] = float32(i%7+j%5) + 1
			}
		}
	}
	d, err := vector.FromVectors(ds, e, mixed)
	require.NoError(t, err)
	require.False(t, d.Sparse())
	for _, i := range []int{0, 100, 101, len(mixed) - 1} {
		require.Equal(t, mixed[i], d.Vector(i))
	}
}
