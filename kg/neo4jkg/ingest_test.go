package neo4jkg

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
)

// It runs beside the parity tests: a second ingest of the same data
// creates and deletes nothing, so what they read does not change.
func TestIngestIdempotent(t *testing.T) {
	t.Parallel()
	s, ds, g := testStore(t)
	ctx := context.Background()
	if fixture.loaded {
		t.Log("the store held the dataset already")
	} else {
		t.Logf("first ingest: %+v", fixture.stats)
	}

	nodes, rels := g.Len()
	m := buildModel(ds)
	require.Equal(t, nodes, len(m.nodes))
	require.Equal(t, rels, len(m.edges))

	before, beforeRels, err := s.Count(ctx)
	require.NoError(t, err)
	second, err := s.Ingest(ctx, ds, nil)
	require.NoError(t, err)
	t.Logf("second ingest: %+v", second)
	require.Zero(t, second.NodesCreated)
	require.Zero(t, second.RelationshipsCreated)
	require.Zero(t, second.NodesDeleted)
	require.Zero(t, second.RelationshipsDeleted)
	require.Equal(t, before, second.Nodes)
	require.Equal(t, beforeRels, second.Relationships)

	wantNodes, wantRels := storeSize(ds, m, g)
	require.Equal(t, wantNodes, second.Nodes)
	require.Equal(t, wantRels, second.Relationships)

	v, err := s.Version(ctx)
	require.NoError(t, err)
	require.Equal(t, ds.Version, v)
}

// TestStamp: the version stamped on what an ingest writes changes with the
// derived place keys, not only with the data, so that a re-ingest after
// the derivation changed prunes the keys it no longer gives.
func TestStamp(t *testing.T) {
	ds := &heritage.Dataset{Version: "v1"}
	m := &model{placeKeys: []placeKeyRow{{inst: "a", key: "city\x00york"}}}
	first := stamp(ds, m)
	require.Equal(t, first, stamp(ds, m))
	require.True(t, strings.HasPrefix(first, "v1."))
	m.placeKeys = append(m.placeKeys, placeKeyRow{inst: "a", key: "near\x00york"})
	require.NotEqual(t, first, stamp(ds, m))
	// the rows are separated: moving text between fields changes it
	require.NotEqual(t, stamp(ds, &model{placeKeys: []placeKeyRow{{inst: "ab", key: "c"}}}),
		stamp(ds, &model{placeKeys: []placeKeyRow{{inst: "a", key: "bc"}}}))
}
