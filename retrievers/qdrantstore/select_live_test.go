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
	"github.com/hybridrag/hybridrag/query"
	"github.com/hybridrag/hybridrag/retrieval"
)

// liveStore opens a collection of its own at QDRANT_URL, deleted when
// the test ends.
func liveStore(ctx context.Context, t *testing.T, name string) *Store {
	t.Helper()
	s, err := Open(ctx, Config{
		URL: liveURL(t), APIKey: os.Getenv(envQdrantAPIKey),
		Collection: fmt.Sprintf("hybridrag_%s_%d", name, time.Now().UnixNano()),
	})
	require.NoError(t, err)
	t.Cleanup(func() {
		require.NoError(t, s.DeleteCollection(context.Background()))
		require.NoError(t, s.Close())
	})
	return s
}

// TestLiveSelectExpr checks Store.SelectExpr, which reads the id payload
// of each point, and Selector, which reads point ids alone, against the
// reference evaluator on a subset of the dataset, for expressions over
// every predicate (post-filters included).
func TestLiveSelectExpr(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	s := liveStore(ctx, t, "select")
	ds, err := heritage.FromRecords(subset(t, 20).Institutions, "subset")
	require.NoError(t, err)
	require.NoError(t, s.Ingest(ctx, ds, embed.NewHashing(8), nil))
	ev := query.NewContext(ds)
	sel := s.Selector(ds)
	cases := append(exprCases(t),
		query.MemberOf{Body: "National Trust"},
		query.And{query.Type{Codes: []string{"M"}}, query.Or{query.MemberOf{Body: "Tate"}, query.Place{Level: query.LevelCountry, Name: "GB"}}},
		query.Radius{Lat: 51.5, Lon: -0.12, Km: 30},
	)
	nonEmpty := 0
	for _, e := range cases {
		want := query.Select(e, ds.Institutions, ev)
		got, err := s.SelectExpr(ctx, e, ev)
		require.NoError(t, err, "%s", e)
		require.Equal(t, want, got, "%s", e)
		got, post, err := sel.SelectDeclared(ctx, e)
		require.NoError(t, err, "%s", e)
		require.Equal(t, want, got, "%s", e)
		require.Equal(t, TranslateIn(e, ev).Post, post)
		if len(want) > 0 {
			nonEmpty++
		}
	}
	require.Greater(t, nonEmpty, len(cases)/2)
	_, err = s.SelectExpr(ctx, query.MemberOf{Body: "Tate"}, query.EvalContext{})
	require.ErrorIs(t, err, ErrNoRecords)
}

// TestLiveSelectOutdated checks a collection written before the
// selection payload existed: the filter dict still applies to it, and a
// selection says that it must be ingested again.
func TestLiveSelectOutdated(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	s := liveStore(ctx, t, "outdated")
	ds := subset(t, 200)
	emb := embed.NewHashing(8)
	// what Ingest wrote before: the filter keys' indexes and payload
	_, err := s.ensureCollection(ctx, uint64(emb.Dim()))
	require.NoError(t, err)
	for _, req := range indexRequests(s.Collection())[:len(filter.Keys)] {
		_, err := s.client().CreateFieldIndex(ctx, req)
		require.NoError(t, err)
	}
	points := make([]*qdrant.PointStruct, len(ds.Institutions))
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		points[i] = &qdrant.PointStruct{Id: qdrant.NewIDUUID(PointID(in.ID).String()),
			Vectors: qdrant.NewVectorsDense(embedOne(t, emb, in.Name)), Payload: payload(in)}
	}
	_, err = s.client().Upsert(ctx, &qdrant.UpsertPoints{CollectionName: s.Collection(), Wait: qdrant.PtrOf(true), Points: points})
	require.NoError(t, err)

	fs, err := filter.Parse([]byte(`{"country":"GB"}`))
	require.NoError(t, err)
	hits, err := s.Retriever(emb).Retrieve(ctx, retrieval.Query{Text: "museum", K: 5, Filters: fs})
	require.NoError(t, err)
	require.NotEmpty(t, hits, "the filter dict applies to the old payload")

	_, err = s.SelectExpr(ctx, query.Type{Codes: []string{"M"}}, query.NewContext(ds))
	require.ErrorIs(t, err, ErrOutdated)

	require.NoError(t, s.Ingest(ctx, ds, emb, nil), "ingesting again adds the selection payload")
	_, err = s.SelectExpr(ctx, query.Type{Codes: []string{"M"}}, query.NewContext(ds))
	require.NoError(t, err)
}
