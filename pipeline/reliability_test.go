package pipeline

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrieval"
)

// switchable is a retriever that fails while down, and otherwise answers
// with the embedded retriever it wraps.
type switchable struct {
	next retrieval.Retriever
	down atomic.Bool
	err  error
}

func (s *switchable) Retrieve(ctx context.Context, q retrieval.Query) ([]retrieval.Hit, error) {
	if s.down.Load() {
		return nil, s.err
	}
	return s.next.Retrieve(ctx, q)
}

// cachedPipeline is the embedded pipeline with its BM25 leg replaced and
// the answer cache on.
func cachedPipeline(t *testing.T, bm25 retrieval.Retriever) *Pipeline {
	t.Helper()
	base := testPipeline(t)
	rs := make(map[string]retrieval.Retriever, len(base.retrievers))
	for k, v := range base.retrievers {
		rs[k] = v
	}
	rs[plan.RetrieverBM25] = bm25
	opts := base.opts
	opts.CacheSize = 16
	p, err := New(Components{Data: base.data, Router: base.router, Graph: base.graph, Retrievers: rs, Context: base.builder}, opts)
	require.NoError(t, err)
	return p
}

func TestDegradedAnswerNeverServedAfterBackendHealthy(t *testing.T) {
	leg := &switchable{next: testPipeline(t).retrievers[plan.RetrieverBM25], err: errBackendDown}
	p := cachedPipeline(t, leg)
	req := Request{Question: "Which museums are in Ramsgate?"}

	leg.down.Store(true)
	for range 2 {
		resp, err := p.Ask(context.Background(), req)
		require.NoError(t, err)
		require.False(t, resp.Cached, "a degraded answer is not cached")
		require.NotEmpty(t, resp.Errors)
	}

	leg.down.Store(false)
	resp, err := p.Ask(context.Background(), req)
	require.NoError(t, err)
	require.False(t, resp.Cached)
	require.Empty(t, resp.Errors, "the backend is back: the answer is whole")
	resp, err = p.Ask(context.Background(), req)
	require.NoError(t, err)
	require.True(t, resp.Cached, "a whole answer is cached")
	require.Empty(t, resp.Errors)
}

func TestGarbageBackendAnswerNotServedAfterRecovery(t *testing.T) {
	leg := &switchable{next: testPipeline(t).retrievers[plan.RetrieverBM25],
		err: errors.New("bm25: reading results: invalid character '<' looking for beginning of value")}
	p := cachedPipeline(t, leg)
	req := Request{Question: "Which accredited museums are in Rye?"}
	leg.down.Store(true)
	bad, err := p.Ask(context.Background(), req)
	require.NoError(t, err)
	require.NotEmpty(t, bad.Errors)
	require.Zero(t, bad.BySource[plan.RetrieverBM25])

	leg.down.Store(false)
	good, err := p.Ask(context.Background(), req)
	require.NoError(t, err)
	require.False(t, good.Cached)
	require.Empty(t, good.Errors)
	require.NotZero(t, good.BySource[plan.RetrieverBM25], "the recovered leg's hits are used")
}

// counting counts calls and answers with the embedded retriever; with
// empty set it answers with no hits.
type counting struct {
	next  retrieval.Retriever
	calls atomic.Int32
	empty atomic.Bool
}

func (c *counting) Retrieve(ctx context.Context, q retrieval.Query) ([]retrieval.Hit, error) {
	c.calls.Add(1)
	if c.empty.Load() {
		return nil, nil
	}
	return c.next.Retrieve(ctx, q)
}

func TestNoCacheRefreshesTheCachedAnswer(t *testing.T) {
	leg := &counting{next: testPipeline(t).retrievers[plan.RetrieverBM25]}
	p := cachedPipeline(t, leg)
	req := Request{Question: "Which accredited museums are in Rye?"}
	first, err := p.Ask(context.Background(), req)
	require.NoError(t, err)
	require.NotZero(t, first.BySource[plan.RetrieverBM25])
	second, err := p.Ask(context.Background(), req)
	require.NoError(t, err)
	require.True(t, second.Cached)
	require.Equal(t, int32(1), leg.calls.Load())

	leg.empty.Store(true) // the data behind the leg changed
	fresh, err := p.Ask(context.Background(), Request{Question: req.Question, NoCache: true})
	require.NoError(t, err)
	require.False(t, fresh.Cached)
	require.Zero(t, fresh.BySource[plan.RetrieverBM25])
	again, err := p.Ask(context.Background(), req)
	require.NoError(t, err)
	require.True(t, again.Cached, "the fresh answer replaced the cached one")
	require.Zero(t, again.BySource[plan.RetrieverBM25])
	require.Equal(t, int32(2), leg.calls.Load())
}

func TestAnswerCacheEntriesExpire(t *testing.T) {
	base := testPipeline(t)
	opts := base.opts
	opts.CacheSize, opts.CacheTTL = 4, time.Millisecond
	p, err := New(Components{Data: base.data, Router: base.router, Graph: base.graph, Retrievers: base.retrievers, Context: base.builder}, opts)
	require.NoError(t, err)
	req := Request{Question: "Which accredited museums are in Rye?"}
	_, err = p.Ask(context.Background(), req)
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		resp, err := p.Ask(context.Background(), req)
		return err == nil && !resp.Cached
	}, 5*time.Second, 5*time.Millisecond, "an expired answer is answered afresh")
}

// deadlineGraph records the deadline of each call and answers nothing.
type deadlineGraph struct {
	Graph
	deadlines chan time.Time
}

func (g deadlineGraph) Select(ctx context.Context, c plan.Constraints, asOf int) ([]string, error) {
	if dl, ok := ctx.Deadline(); ok {
		select {
		case g.deadlines <- dl:
		default:
		}
	}
	return g.Graph.Select(ctx, c, asOf)
}

// TestAnswerStageGraphCallHasLegDeadline: the answer stage's graph query
// runs under the leg deadline, not only the request's, so a dead graph
// costs a leg.
func TestAnswerStageGraphCallHasLegDeadline(t *testing.T) {
	base := testPipeline(t)
	g := deadlineGraph{Graph: base.graph, deadlines: make(chan time.Time, 64)}
	opts := base.opts
	opts.CacheSize = 0
	opts.LegTimeout = 2 * time.Second
	p, err := New(Components{Data: base.data, Router: base.router, Graph: g, Retrievers: base.retrievers, Context: base.builder}, opts)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	start := time.Now()
	_, err = p.Ask(ctx, Request{Question: "Which museums are in Ramsgate?"})
	require.NoError(t, err)
	close(g.deadlines)
	n := 0
	for dl := range g.deadlines {
		n++
		require.True(t, dl.Before(start.Add(time.Hour/2)), "the graph call has the leg deadline, not the request's hour")
	}
	require.NotZero(t, n, "the answer stage queried the graph")
}

// TestNoAnswerAfterTheDeadline: an answer finished after the request's
// deadline is reported as the deadline, not returned.
func TestNoAnswerAfterTheDeadline(t *testing.T) {
	base := testPipeline(t)
	ctx, cancel := context.WithCancel(context.Background())
	slowThenDone := retrieval.RetrieverFunc(func(rctx context.Context, q retrieval.Query) ([]retrieval.Hit, error) {
		cancel() // the request ends while the legs run
		return base.retrievers[plan.RetrieverBM25].Retrieve(context.WithoutCancel(rctx), q)
	})
	p := withRetrievers(t, map[string]retrieval.Retriever{plan.RetrieverBM25: slowThenDone})
	_, err := p.Ask(ctx, Request{Question: "Which museums are in Ramsgate?"})
	require.ErrorIs(t, err, context.Canceled)
}

// A backend being retried is named in every answer; an answer made
// without it is cached, but not served once the backend has joined.
func TestAnswerWithoutAJoiningBackendNotServedAfterItJoins(t *testing.T) {
	var missing atomic.Pointer[[]SourceError]
	missing.Store(&[]SourceError{{Source: "neo4j", Error: "unavailable: retrying since 2026-12-01T10:00:00Z: connection refused"}})
	leg := &switchable{next: testPipeline(t).retrievers[plan.RetrieverBM25], err: errBackendDown}
	base := testPipeline(t)
	rs := map[string]retrieval.Retriever{}
	for k, v := range base.retrievers {
		rs[k] = v
	}
	rs[plan.RetrieverBM25] = leg
	opts := base.opts
	opts.CacheSize = 16
	opts.Unavailable = func() []SourceError { return *missing.Load() }
	p, err := New(Components{Data: base.data, Router: base.router, Graph: base.graph, Retrievers: rs, Context: base.builder}, opts)
	require.NoError(t, err)
	req := Request{Question: "Which museums are in Ramsgate?"}

	for i := range 2 {
		resp, err := p.Ask(context.Background(), req)
		require.NoError(t, err)
		require.Equal(t, i == 1, resp.Cached, "an answer with only the missing backend's error is cached")
		require.Equal(t, *missing.Load(), resp.Errors)
		require.NotEmpty(t, resp.Answer.IDs)
	}
	// Another failure on top: not cached.
	leg.down.Store(true)
	resp, err := p.Ask(context.Background(), Request{Question: req.Question, NoCache: true})
	require.NoError(t, err)
	require.Len(t, resp.Errors, 2)
	leg.down.Store(false)
	resp, err = p.Ask(context.Background(), req)
	require.NoError(t, err)
	require.True(t, resp.Cached, "the degraded answer did not replace the cached one")
	require.Equal(t, *missing.Load(), resp.Errors)

	missing.Store(&[]SourceError{})
	resp, err = p.Ask(context.Background(), req)
	require.NoError(t, err)
	require.False(t, resp.Cached, "the backend joined: the answer is made afresh")
	require.Empty(t, resp.Errors)
	resp, err = p.Ask(context.Background(), req)
	require.NoError(t, err)
	require.True(t, resp.Cached)
	require.Empty(t, resp.Errors)
}
