package neo4jkg

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/sources"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// composedWith lays records lo..hi-1 of a generated source (revision rev,
// the ones in changed in revision rev+1, without the ones in drop) over
// the bundled data, as the store of users' sources does.
func composedWith(t *testing.T, base *heritage.Dataset, lo, hi int, changed, drop map[int]bool) *heritage.Dataset {
	t.Helper()
	meta := sources.Meta{Namespace: "myorg", License: "CC-BY-4.0", Tier: heritage.TierVerified}
	var recs []heritage.Institution
	for i := lo; i < hi; i++ {
		if drop[i] {
			continue
		}
		rev := 0
		if changed[i] {
			rev = 1
		}
		recs = append(recs, testfixture.OwnRecord("myorg", i, rev, "DE-MUS-165513"))
	}
	st := &sources.State{}
	for i := range recs {
		recs[i].Tier, recs[i].Source, recs[i].License = meta.Tier, "myorg", meta.License
	}
	_, err := st.Put(meta, recs, true)
	require.NoError(t, err)
	st.Version = fmt.Sprintf("test-%d-%d-%d", hi, len(changed), len(drop)) // the composed version derives from it
	d, err := sources.Overlay(base, st)
	require.NoError(t, err)
	return d.Dataset
}

// Apply writes only the difference, and leaves the store holding what a
// full ingest of the new data writes; applied back, the store holds the
// bundled data again, as the fixture's ingest left it.
func TestApplyWritesTheDifference(t *testing.T) {
	s, ds, g := testStore(t)
	ctx := context.Background()
	check := func(d *heritage.Dataset) {
		t.Helper()
		nodes, rels, err := s.Count(ctx)
		require.NoError(t, err)
		wantNodes, wantRels := storeSize(d, buildModel(d), kg.New(d))
		require.Equal(t, [2]int{wantNodes, wantRels}, [2]int{nodes, rels}, "nodes and relationships after apply")
		v, err := s.Version(ctx)
		require.NoError(t, err)
		require.Equal(t, d.Version, v)
	}
	isil := func(v string) []string {
		ids, err := s.Lookup(ctx, kg.SchemeISIL, v)
		require.NoError(t, err)
		return ids
	}
	opened := func(id string) int64 {
		recs, err := s.read(ctx, "opened", "MATCH (n:Institution {id: $id}) RETURN n.openedFrom AS y", map[string]any{"id": id})
		require.NoError(t, err)
		require.Len(t, recs, 1)
		y, _ := integer(recs[0], "y")
		return y
	}
	d1 := composedWith(t, ds, 0, 500, nil, nil)
	st, err := s.Apply(ctx, ds, d1)
	require.NoError(t, err)
	t.Logf("500 records added: %d rows in %v", st.Rows, st.Duration)
	check(d1)
	require.Equal(t, []string{"myorg:73"}, isil("XQ-MYORG-73"))
	require.EqualValues(t, 1905, opened("myorg:5"))

	changed, drop := map[int]bool{}, map[int]bool{}
	for i := range 20 {
		changed[i] = true
	}
	for i := 100; i < 105; i++ {
		drop[i] = true
	}
	d2 := composedWith(t, ds, 0, 510, changed, drop)
	st, err = s.Apply(ctx, d1, d2)
	require.NoError(t, err)
	t.Logf("20 changed, 10 added, 5 deleted: %d rows in %v", st.Rows, st.Duration)
	check(d2)
	require.Less(t, st.Rows, 2000, "rows written for a change of 35 records")
	require.Empty(t, isil("XQ-MYORG-100"))
	require.Equal(t, []string{"myorg:505"}, isil("XQ-MYORG-505"))
	require.EqualValues(t, 1906, opened("myorg:5"))

	again, err := s.Apply(ctx, d1, d2)
	require.NoError(t, err)
	require.Zero(t, again.Rows+again.NodesCreated+again.NodesDeleted+again.RelationshipsCreated+again.RelationshipsDeleted, "applied twice")

	_, err = s.Apply(ctx, d2, ds)
	require.NoError(t, err)
	ok, err := holds(ctx, s, ds, g)
	require.NoError(t, err)
	require.True(t, ok, "the store does not hold the bundled data again")
}
