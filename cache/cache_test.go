package cache

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/retrievers"
	"github.com/hybridrag/hybridrag/router"
)

func TestLRUHitsAndMisses(t *testing.T) {
	c, err := NewLRU[int](2)
	require.NoError(t, err)

	_, ok := c.Get("a")
	require.False(t, ok)
	c.Add("a", 1)
	c.Add("b", 2)
	v, ok := c.Get("a")
	require.True(t, ok)
	require.Equal(t, 1, v)
	require.True(t, c.Add("c", 3)) // evicts b, the least recently used
	_, ok = c.Get("b")
	require.False(t, ok)
	require.Equal(t, Stats{Hits: 1, Misses: 2}, c.Stats())
	require.InDelta(t, 1.0/3, c.Stats().HitRatio(), 1e-12)
	require.Equal(t, 2, c.Len())

	_, err = NewLRU[int](0)
	require.Error(t, err)
}

func TestKey(t *testing.T) {
	require.Equal(t, Key("a", "b"), Key("a", "b"))
	require.NotEqual(t, Key("ab", "c"), Key("a", "bc"))
	require.NotEqual(t, Key("a"), Key("a", ""))
	require.NotEqual(t, Key(), Key(""))
	require.Len(t, Key("x"), 32)
}

func TestNormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Which museums are in Kent?", "which museums are in kent"},
		{"  which   MUSEUMS\tare in\nKent ?! ", "which museums are in kent"},
		{"What is the ISIL of Stadtbibliothek Köln...", "what is the isil of stadtbibliothek köln"},
		{"Museum (Kent)?", "museum (kent)"},
		{`Was "Dove Cottage"?`, `was "dove cottage"`},
		{"", ""},
		{"???", ""},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, Normalize(tt.in), tt.in)
	}
}

// countingRetriever returns a fresh slice of hits per call and counts calls.
type countingRetriever struct {
	calls atomic.Int64
	err   error
}

func (r *countingRetriever) Retrieve(_ context.Context, q retrievers.Query) ([]retrievers.Hit, error) {
	n := r.calls.Add(1)
	if r.err != nil {
		return nil, r.err
	}
	out := make([]retrievers.Hit, 0, q.K)
	for i := range q.K {
		out = append(out, retrievers.Hit{ID: fmt.Sprintf("mm:%d", i), Name: fmt.Sprintf("call %d", n), Rank: i + 1, Tier: heritage.TierVerified})
	}
	return out, nil
}

func newCached(t testing.TB, version string) (*countingRetriever, *LRU[[]retrievers.Hit], retrievers.Retriever) {
	t.Helper()
	lru, err := NewLRU[[]retrievers.Hit](64)
	require.NoError(t, err)
	next := &countingRetriever{}
	return next, lru, Retriever(next, lru, version)
}

func TestRetrieverHitAndKeySensitivity(t *testing.T) {
	ctx := context.Background()
	base := retrievers.Query{
		Text: "Which museums are in Kent?",
		K:    3,
		Filters: filter.Set{
			{Field: "country", Op: filter.Eq, Values: []string{"GB"}},
			{Field: "type", Op: filter.In, Values: []string{"MUSEUM", "ARCHIVE"}},
		},
		Plan: &router.Plan{Intent: router.Exploratory, Constraints: router.Constraints{
			Places: []router.Place{{Name: "Kent", Level: router.LevelCounty}}, List: true,
		}},
	}
	next, lru, r := newCached(t, "v1")
	_, err := r.Retrieve(ctx, base)
	require.NoError(t, err)
	require.EqualValues(t, 1, next.calls.Load())

	same := []struct {
		name string
		q    func(q retrievers.Query) retrievers.Query
	}{
		{"identical", func(q retrievers.Query) retrievers.Query { return q }},
		{"case, spacing and punctuation", func(q retrievers.Query) retrievers.Query {
			q.Text = "  which MUSEUMS are in   kent "
			return q
		}},
		{"filters reordered, $in operands reordered", func(q retrievers.Query) retrievers.Query {
			q.Filters = filter.Set{
				{Field: "type", Op: filter.In, Values: []string{"ARCHIVE", "MUSEUM"}},
				{Field: "country", Op: filter.Eq, Values: []string{"GB"}},
			}
			return q
		}},
		{"plan fields that do not change the answer", func(q retrievers.Query) retrievers.Query {
			p := *q.Plan
			p.Question = "something else"
			p.Confidence = 0.1
			p.Legs = []router.Leg{{Retriever: router.RetrieverBM25, Weight: 2, K: 50}}
			q.Plan = &p
			return q
		}},
	}
	for _, tt := range same {
		t.Run("hit/"+tt.name, func(t *testing.T) {
			before := next.calls.Load()
			_, err := r.Retrieve(ctx, tt.q(base))
			require.NoError(t, err)
			require.Equal(t, before, next.calls.Load(), "expected a cache hit")
		})
	}

	different := []struct {
		name string
		q    func(q retrievers.Query) retrievers.Query
	}{
		{"text", func(q retrievers.Query) retrievers.Query { q.Text = "Which museums are in Kentucky?"; return q }},
		{"K", func(q retrievers.Query) retrievers.Query { q.K = 4; return q }},
		{"no filters", func(q retrievers.Query) retrievers.Query { q.Filters = nil; return q }},
		{"filter value", func(q retrievers.Query) retrievers.Query {
			q.Filters = filter.Set{q.Filters[0], {Field: "type", Op: filter.In, Values: []string{"MUSEUM"}}}
			return q
		}},
		{"filter op", func(q retrievers.Query) retrievers.Query {
			q.Filters = filter.Set{{Field: "country", Op: filter.Ne, Values: []string{"GB"}}, q.Filters[1]}
			return q
		}},
		{"filter bound", func(q retrievers.Query) retrievers.Query {
			q.Filters = append(q.Filters[:2:2], filter.Filter{Field: "year_opened", Op: filter.Gte, Number: 1990})
			return q
		}},
		{"no plan", func(q retrievers.Query) retrievers.Query { q.Plan = nil; return q }},
		{"intent", func(q retrievers.Query) retrievers.Query {
			p := *q.Plan
			p.Intent = router.Collection
			q.Plan = &p
			return q
		}},
		{"constraints", func(q retrievers.Query) retrievers.Query {
			p := *q.Plan
			p.Constraints.Status = "open"
			q.Plan = &p
			return q
		}},
		{"sides", func(q retrievers.Query) retrievers.Query {
			p := *q.Plan
			p.Sides = []router.Constraints{{Topic: "railways"}}
			q.Plan = &p
			return q
		}},
	}
	for _, tt := range different {
		t.Run("miss/"+tt.name, func(t *testing.T) {
			before := next.calls.Load()
			_, err := r.Retrieve(ctx, tt.q(base))
			require.NoError(t, err)
			require.Equal(t, before+1, next.calls.Load(), "expected a cache miss")
		})
	}

	// Another data version shares the LRU but never its entries.
	r2 := Retriever(next, lru, "v2")
	before := next.calls.Load()
	_, err = r2.Retrieve(ctx, base)
	require.NoError(t, err)
	require.Equal(t, before+1, next.calls.Load())

	st := lru.Stats()
	require.EqualValues(t, len(same), st.Hits)
	require.EqualValues(t, 1+len(different)+1, st.Misses)
}

func TestRetrieverReturnsCopies(t *testing.T) {
	ctx := context.Background()
	q := retrievers.Query{Text: "q", K: 2}
	_, _, r := newCached(t, "v1")

	first, err := r.Retrieve(ctx, q)
	require.NoError(t, err)
	want := append([]retrievers.Hit(nil), first...)
	first[0].Name = "mutated by the first caller" // the miss path copies too

	second, err := r.Retrieve(ctx, q)
	require.NoError(t, err)
	require.Equal(t, want, second)
	second[1].ID = "mutated"
	second = append(second[:1], retrievers.Hit{ID: "appended"})
	_ = second

	third, err := r.Retrieve(ctx, q)
	require.NoError(t, err)
	require.Equal(t, want, third)
}

func TestRetrieverDoesNotCacheErrors(t *testing.T) {
	ctx := context.Background()
	boom := errors.New("backend down")
	next, _, r := newCached(t, "v1")
	next.err = boom
	q := retrievers.Query{Text: "q", K: 1}

	_, err := r.Retrieve(ctx, q)
	require.ErrorIs(t, err, boom)
	_, err = r.Retrieve(ctx, q)
	require.ErrorIs(t, err, boom)
	require.EqualValues(t, 2, next.calls.Load())

	next.err = nil
	hits, err := r.Retrieve(ctx, q)
	require.NoError(t, err)
	require.Len(t, hits, 1)
	_, err = r.Retrieve(ctx, q)
	require.NoError(t, err)
	require.EqualValues(t, 3, next.calls.Load())
}

func TestTTLGetAddExpiry(t *testing.T) {
	c := NewTTL[string](8, 50*time.Millisecond)
	_, ok := c.Get("wd:Q1")
	require.False(t, ok)
	c.Add("wd:Q1", "Stadtbibliothek")
	v, ok := c.Get("wd:Q1")
	require.True(t, ok)
	require.Equal(t, "Stadtbibliothek", v)
	require.Equal(t, Stats{Hits: 1, Misses: 1}, c.Stats())

	// The entry goes away eventually; how soon is not asserted.
	require.Eventually(t, func() bool {
		_, ok := c.Get("wd:Q1")
		return !ok
	}, 10*time.Second, 10*time.Millisecond)
}

func TestTTLGetOrLoad(t *testing.T) {
	c := NewTTL[int](8, time.Hour)
	var calls int
	load := func() (int, error) { calls++; return 42, nil }

	v, err := c.GetOrLoad("k", load)
	require.NoError(t, err)
	require.Equal(t, 42, v)
	v, err = c.GetOrLoad("k", load)
	require.NoError(t, err)
	require.Equal(t, 42, v)
	require.Equal(t, 1, calls)
	require.Equal(t, Stats{Hits: 1, Misses: 1}, c.Stats())

	boom := errors.New("not found")
	_, err = c.GetOrLoad("bad", func() (int, error) { calls++; return 0, boom })
	require.ErrorIs(t, err, boom)
	_, err = c.GetOrLoad("bad", func() (int, error) { calls++; return 7, nil })
	require.NoError(t, err, "errors are not cached")
	require.Equal(t, 3, calls)
}

func TestTTLGetOrLoadSingleFlight(t *testing.T) {
	c := NewTTL[string](8, time.Hour)
	const n = 32
	var calls atomic.Int64
	release := make(chan struct{})
	var started, done sync.WaitGroup
	results := make([]string, n)
	errs := make([]error, n)
	started.Add(n)
	done.Add(n)
	for i := range n {
		go func() {
			defer done.Done()
			started.Done()
			results[i], errs[i] = c.GetOrLoad("mm:1", func() (string, error) {
				calls.Add(1)
				<-release // hold the flight open while the others pile up
				return "loaded", nil
			})
		}()
	}
	started.Wait()
	// Give the goroutines time to reach the flight; the assertion below
	// holds however many made it.
	time.Sleep(20 * time.Millisecond)
	close(release)
	done.Wait()

	require.EqualValues(t, 1, calls.Load())
	for i := range n {
		require.NoError(t, errs[i])
		require.Equal(t, "loaded", results[i])
	}
}

func BenchmarkLRUGetHit(b *testing.B) {
	c, err := NewLRU[[]retrievers.Hit](1024)
	require.NoError(b, err)
	key := Key(Normalize("Which museums are in Kent?"), "10", "v1")
	c.Add(key, make([]retrievers.Hit, 10))
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := c.Get(key); !ok {
			b.Fatal("miss")
		}
	}
}

func BenchmarkRetrieverHit(b *testing.B) {
	_, _, r := newCached(b, "v1")
	ctx := context.Background()
	q := retrievers.Query{
		Text:    "Which accredited museums in Kent have collections about railways?",
		K:       10,
		Filters: filter.Set{{Field: "country", Op: filter.Eq, Values: []string{"GB"}}},
		Plan: &router.Plan{Intent: router.Collection, Constraints: router.Constraints{
			Places:   []router.Place{{Name: "Kent", Level: router.LevelCounty}},
			Subjects: []string{"Transport / Trains and railways"}, Accreditation: "Accredited", List: true,
		}},
	}
	_, err := r.Retrieve(ctx, q)
	require.NoError(b, err)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := r.Retrieve(ctx, q); err != nil {
			b.Fatal(err)
		}
	}
}
