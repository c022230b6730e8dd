package qdrantstore

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/qdrant/go-client/qdrant"
	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/retrievers"
)

// Environment of the live test.
const (
	envQdrantURL     = "QDRANT_URL"               // gRPC endpoint, e.g. http://localhost:6334
	envQdrantAPIKey  = "QDRANT_API_KEY"           // optional
	envRequireQdrant = "HYBRIDRAG_REQUIRE_QDRANT" // "1": fail instead of skip without QDRANT_URL
)

// TestLive runs the contract flow against a real Qdrant server named by
// QDRANT_URL: it ingests a subset into a uniquely named collection, checks
// the point count, checks that every filter set of semanticSets selects in
// Qdrant exactly the records filter.Set.Match selects, searches with
// filters, and deletes the collection.
func TestLive(t *testing.T) {
	url := liveURL(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	s, err := Open(ctx, Config{
		URL:        url,
		APIKey:     os.Getenv(envQdrantAPIKey),
		Collection: fmt.Sprintf("hybridrag_test_%d", time.Now().UnixNano()),
		BatchSize:  100,
	})
	require.NoError(t, err)
	t.Cleanup(func() {
		require.NoError(t, s.DeleteCollection(context.Background()))
		require.NoError(t, s.Close())
	})
	t.Logf("qdrant %s, collection %s", s.ServerVersion(), s.Collection())

	ds := subset(t, 40)
	emb := embed.NewHashing(128)
	batches := 0
	require.NoError(t, s.Ingest(ctx, ds, emb, func(int, int) { batches++ }))
	require.Equal(t, (len(ds.Institutions)+99)/100, batches)
	require.NoError(t, s.Ingest(ctx, ds, emb, nil), "ingesting again is idempotent")
	n, err := s.Count(ctx)
	require.NoError(t, err)
	require.Equal(t, uint64(len(ds.Institutions)), n)

	requireFilterCounts(ctx, t, s, ds)

	r := s.Retriever(emb)
	for _, tc := range []struct {
		text, filters string
		k             int
	}{
		{"railway museum", ``, 10},
		{"museum of local history", `{"country":"GB","type":["MUSEUM","GALLERY"],"status":{"$ne":"closed"}}`, 8},
		{"war memorial", `{"subjects":{"$contains":"war"},"year_opened":{"$gte":1950}}`, 5},
	} {
		fs, err := filter.Parse([]byte(tc.filters))
		require.NoError(t, err)
		hits, err := r.Retrieve(ctx, retrieval.Query{Text: tc.text, K: tc.k, Filters: fs})
		require.NoError(t, err)
		want := bruteForce(t, ds, emb, tc.text, tc.k, fs)
		require.Len(t, hits, len(want), tc.text)
		for i, h := range hits {
			in, ok := ds.Get(h.ID)
			if !ok {
				in, ok = embedded(t).Get(h.ID)
			}
			require.True(t, ok)
			require.True(t, fs.Match(in), h.ID)
			require.Equal(t, i+1, h.Rank)
			require.Equal(t, retrieval.NewHit(in, Source, h.Score, i+1), h)
		}
		// Exact search on a small collection: the same best score.
		if len(want) > 0 {
			best, _ := embedded(t).Get(want[0])
			q := embedOne(t, emb, tc.text)
			require.InDelta(t, cosine(q, embedOne(t, emb, retrievers.DocText(best))), hits[0].Score, 1e-4, tc.text)
		}
	}
}

// requireFilterCounts checks that every filter set of semanticSets counts
// in the collection the records of ds that filter.Set.Match passes.
func requireFilterCounts(ctx context.Context, t *testing.T, s *Store, ds *heritage.Dataset) {
	t.Helper()
	for _, src := range semanticSets {
		fs, err := filter.Parse([]byte(src))
		require.NoError(t, err)
		want := 0
		for i := range ds.Institutions {
			if fs.Match(&ds.Institutions[i]) {
				want++
			}
		}
		qf, ok := Translate(fs)
		if !ok {
			require.Zero(t, want, src)
			continue
		}
		got, err := s.client().Count(ctx, &qdrant.CountPoints{CollectionName: s.Collection(), Filter: qf, Exact: qdrant.PtrOf(true)})
		require.NoError(t, err, src)
		require.Equal(t, uint64(want), got, src)
	}
}
