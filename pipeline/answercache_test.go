package pipeline

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/clone"
)

// TestResponseCloneCopiesEveryField checks that Clone copies every field
// of a response, however deep, including fields added after it was
// written.
func TestResponseCloneCopiesEveryField(t *testing.T) { clone.Check(t, (*Response).Clone) }

// TestCachedAnswerIsTheCallers checks that a response from the answer
// cache shares nothing with it: editing one does not change the next.
func TestCachedAnswerIsTheCallers(t *testing.T) {
	base := testPipeline(t)
	opts := base.opts
	opts.CacheSize = 8
	p, err := New(Components{Data: base.data, Router: base.router, Graph: base.graph, Retrievers: base.retrievers, Context: base.builder}, opts)
	require.NoError(t, err)
	ctx := context.Background()
	q := Request{Question: "Which museums are part of National Museums Scotland?"}

	first, err := p.Ask(ctx, q)
	require.NoError(t, err)
	require.False(t, first.Cached)
	want := first.Clone()
	edit := func(r *Response) {
		r.Answer.IDs[0] = "edited"
		r.Hits[0].ID = "edited"
		r.Hits[0].Sources[0].Rank = -1
		r.Plan.Constraints.Bodies[0].Name = "edited"
		r.Citations[0].Name = "edited"
		r.BySource["edited"] = 1
	}
	edit(first)
	for range 2 {
		got, err := p.Ask(ctx, q)
		require.NoError(t, err)
		require.True(t, got.Cached)
		require.Equal(t, want.Answer, got.Answer)
		require.Equal(t, want.Hits, got.Hits)
		require.Equal(t, want.Plan, got.Plan)
		require.Equal(t, want.Citations, got.Citations)
		require.Equal(t, want.BySource, got.BySource)
		edit(got)
	}
}
