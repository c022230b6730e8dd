package qdrantstore

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/retrieval"
)

// Delete removes exactly the points of the ids given, and again nothing.
func TestLiveDelete(t *testing.T) {
	url := liveURL(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	s, err := Open(ctx, Config{URL: url, APIKey: os.Getenv(envQdrantAPIKey),
		Collection: fmt.Sprintf("hybridrag_test_delete_%d", time.Now().UnixNano()), BatchSize: 2})
	require.NoError(t, err)
	t.Cleanup(func() {
		require.NoError(t, s.DeleteCollection(context.Background()))
		require.NoError(t, s.Close())
	})
	ds := subset(t, 400)
	emb := embed.NewHashing(64)
	require.NoError(t, s.Ingest(ctx, ds, emb, nil))
	gone := []string{ds.Institutions[0].ID, ds.Institutions[3].ID, ds.Institutions[7].ID, "nope:1"}
	for range 2 {
		require.NoError(t, s.Delete(ctx, gone))
		n, err := s.Count(ctx)
		require.NoError(t, err)
		require.Equal(t, uint64(len(ds.Institutions)-3), n)
	}
	hits, err := s.Retriever(emb).Retrieve(ctx, retrieval.Query{Text: ds.Institutions[3].Name, K: 5})
	require.NoError(t, err)
	for _, h := range hits {
		require.NotContains(t, gone, h.ID)
	}
}
