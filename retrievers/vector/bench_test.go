package vector_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/retrievers"
	"github.com/hybridrag/hybridrag/retrievers/bm25"
	"github.com/hybridrag/hybridrag/retrievers/vector"
)

var benchQueries = []struct {
	name, text, filters string
}{
	{"short", "bagpipe museum in Morpeth", ``},
	{"question", "Which museums in Hampshire have collections about railways and trains?", ``},
	{"filter-broad", "Which museums in Hampshire have collections about railways and trains?", `{"country":"GB","status":"open"}`},
	{"filter-selective", "Which museums in Hampshire have collections about railways and trains?", `{"county":"Hampshire","subjects":"Transport"}`},
	// The filters the pipeline gives the vector leg of a place question.
	{"filter-place", "Which museums in Hampshire have collections about railways and trains?", `{"type_code":["M"],"admin_area":{"$contains":"Hampshire (English County)"}}`},
}

func benchRetrieve(b *testing.B, r retrieval.Retriever) {
	for _, bq := range benchQueries {
		fs, err := filter.Parse([]byte(bq.filters))
		require.NoError(b, err)
		q := retrieval.Query{Text: bq.text, K: 20, Filters: fs}
		b.Run(bq.name, func(b *testing.B) {
			ctx := context.Background()
			for b.Loop() {
				hits, err := r.Retrieve(ctx, q)
				if err != nil || len(hits) == 0 {
					b.Fatal(err, len(hits))
				}
			}
		})
	}
}

// BenchmarkVectorRetrieve embeds the question and searches all 16,286
// records (hashing embedder, default dimension).
func BenchmarkVectorRetrieve(b *testing.B) { benchRetrieve(b, getFixture(b).vector) }

// BenchmarkVectorRetrieveOneCore is BenchmarkVectorRetrieve scoring on one
// goroutine.
func BenchmarkVectorRetrieveOneCore(b *testing.B) {
	f := getFixture(b)
	vx, err := vector.New(f.ds, embed.NewHashing(0), vector.WithWorkers(1))
	require.NoError(b, err)
	benchRetrieve(b, vx)
}

// BenchmarkVectorRetrieveDense is BenchmarkVectorRetrieve with the same
// vectors kept in dense columns (the index keeps them sparse): the A/B of
// the two layouts in one run.
func BenchmarkVectorRetrieveDense(b *testing.B) {
	f := getFixture(b)
	require.True(b, f.vector.Sparse())
	rows := make([][]float32, f.vector.Len())
	for i := range rows {
		rows[i] = f.vector.Vector(i)
	}
	benchRetrieve(b, vector.DenseIndexForTest(f.ds, f.vector.Embedder(), rows))
}

func BenchmarkBM25Retrieve(b *testing.B) { benchRetrieve(b, getFixture(b).bm25) }

func BenchmarkVectorIndexBuild(b *testing.B) {
	ds := getFixture(b).ds
	for _, dim := range []int{512, 768} {
		b.Run(embed.NewHashing(dim).ID(), func(b *testing.B) {
			for b.Loop() {
				_, err := vector.New(ds, embed.NewHashing(dim))
				require.NoError(b, err)
			}
		})
	}
}

func BenchmarkBM25Build(b *testing.B) {
	ds := getFixture(b).ds
	for b.Loop() {
		x, err := bm25.New(ds)
		require.NoError(b, err)
		require.NoError(b, x.Close())
	}
}

func BenchmarkDocText(b *testing.B) {
	ds := getFixture(b).ds
	for b.Loop() {
		for i := range ds.Institutions {
			_ = retrievers.DocText(&ds.Institutions[i])
		}
	}
}
