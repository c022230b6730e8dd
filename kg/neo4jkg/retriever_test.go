package neo4jkg

import (
	"context"
	"fmt"
	"testing"

	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/router"
	"github.com/stretchr/testify/require"
)

// The retriever's rules are kg.Retriever's and are tested there;
// TestParityRetriever checks the store gives the same hits as the
// in-memory graph for every gold question. The tests here cover what the
// router does not produce: filters and failures of the store.

func TestRetrieverFiltered(t *testing.T) {
	s, ds, g := testStore(t)
	ctx := context.Background()
	r := router.New(ds)
	mem, n4j := kg.NewRetriever(g), NewRetriever(s, ds)
	fs := filter.Set{{Field: "country", Op: filter.Eq, Values: []string{"GB"}}}
	nonEmpty := 0
	for _, q := range loadQuestions(t) {
		plan := r.Route(q.Question)
		query := retrieval.Query{Text: q.Question, K: 10, Filters: fs, Plan: &plan}
		want, err := mem.Retrieve(ctx, query)
		require.NoError(t, err)
		got, err := n4j.Retrieve(ctx, query)
		require.NoError(t, err)
		require.Equal(t, want, got, fmt.Sprintf("%s: %q", q.ID, q.Question))
		for _, h := range got {
			in, ok := ds.Get(h.ID)
			require.True(t, ok)
			require.Equal(t, "GB", in.Country)
		}
		if len(got) > 0 {
			nonEmpty++
		}
	}
	t.Logf("%d questions with GB hits", nonEmpty)
	require.Greater(t, nonEmpty, 150)

	// a key no record has matches nothing, on both graphs alike
	plan := r.Route("Which museums are in Kent?")
	unknown := retrieval.Query{Text: plan.Question, K: 10, Plan: &plan,
		Filters: append(fs, filter.Filter{Field: "colour", Op: filter.Eq, Values: []string{"red"}})}
	want, err := mem.Retrieve(ctx, unknown)
	require.NoError(t, err)
	got, err := n4j.Retrieve(ctx, unknown)
	require.NoError(t, err)
	require.Empty(t, want)
	require.Empty(t, got)
}

func TestRetrieverStoreFails(t *testing.T) {
	s, ds, _ := testStore(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	hs, err := NewRetriever(s, ds).Retrieve(ctx, retrieval.Query{K: 5, Plan: &plan.Plan{Constraints: plan.Constraints{ISILs: []string{"DE-MUS-165513"}}}})
	require.ErrorIs(t, err, context.Canceled)
	require.Nil(t, hs)
}
