package index_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/engines"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/index"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/retrievers"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// BenchmarkBuildHashing is a full build of the bundled data with the
// hashing embedder and no embedding cache (run with -benchtime=1x).
func BenchmarkBuildHashing(b *testing.B) {
	ds := testfixture.Dataset(b)
	e := embed.NewHashing(engines.HashingDim)
	dir := b.TempDir()
	for b.Loop() {
		_, err := index.Build(context.Background(), ds, e, filepath.Join(dir, "idx"), nil, index.WithoutCache())
		require.NoError(b, err)
	}
}

// BenchmarkOpenFirstQueryHashing is the start-up from a built directory:
// Open, then one vector and one BM25 query.
func BenchmarkOpenFirstQueryHashing(b *testing.B) {
	ds := testfixture.Dataset(b)
	e := embed.NewHashing(engines.HashingDim)
	dir := b.TempDir()
	_, err := index.Build(context.Background(), ds, e, dir, nil, index.WithoutCache())
	require.NoError(b, err)
	benchOpen(b, dir, ds, e)
}

func benchOpen(b *testing.B, dir string, ds *heritage.Dataset, e embed.Embedder) {
	ctx := context.Background()
	q := retrieval.Query{Text: "railway museums in Wales", K: 10}
	for b.Loop() {
		x, err := index.Open(ctx, dir, ds, e)
		require.NoError(b, err)
		hv, err := x.Vector.Retrieve(ctx, q)
		require.NoError(b, err)
		hb, err := x.BM25.Retrieve(ctx, q)
		require.NoError(b, err)
		require.NotEmpty(b, hv)
		require.NotEmpty(b, hb)
		require.NoError(b, x.Close())
	}
}

// BenchmarkSemanticText is the cost of the compact text of every record.
func BenchmarkSemanticText(b *testing.B) {
	ds := testfixture.Dataset(b)
	for b.Loop() {
		for i := range ds.Institutions {
			_ = retrievers.SemanticText(&ds.Institutions[i])
		}
	}
}
