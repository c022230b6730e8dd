package pipeline

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/hybridrag/hybridrag/engines"
	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/rerank"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/router"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
	"github.com/hybridrag/hybridrag/testtools/testfixture/prebuilt"
)

// testPipeline is the embedded pipeline, built once for the package's
// tests: buildEmbedded's, from the parts the test binaries share when
// there are (see testtools/testfixture/prebuilt). Its legs have a minute
// each: these tests judge answers, and a loaded two-core machine running
// other test binaries can hold a leg past the default two seconds, which
// would turn a right answer into "closest matches". The deadline tests
// build their own pipelines (withRetrievers).
var testPipeline = testfixture.Shared(func(ds *heritage.Dataset) (*Pipeline, error) {
	opts := DefaultOptions()
	opts.AsOf = 2026
	opts.LegTimeout = time.Minute
	parts, err := prebuilt.Embedded(ds)
	if err != nil {
		return nil, err
	}
	if parts == nil {
		return buildEmbedded(context.Background(), ds, opts)
	}
	if d := parts.Vector.Dim(); d != engines.HashingDim {
		return nil, fmt.Errorf("prebuilt vectors of %d dimensions, the default embedder makes %d", d, engines.HashingDim)
	}
	c, err := embedded(context.Background(), ds, engines.Config{
		Vector: parts.Vector, BM25: parts.BM25, Graph: parts.GraphOf, RouterOptions: parts.RouterOptions(),
	})
	if err != nil {
		return nil, err
	}
	return New(c, opts)
})

// withRetrievers returns a copy of the embedded pipeline whose named
// retrievers are replaced. Its legs have half a second each: long enough
// for a healthy leg on a loaded machine, short enough for a stalled one.
func withRetrievers(t *testing.T, replace map[string]retrieval.Retriever) *Pipeline {
	base := testPipeline(t)
	rs := make(map[string]retrieval.Retriever, len(base.retrievers))
	for k, v := range base.retrievers {
		rs[k] = v
	}
	for k, v := range replace {
		rs[k] = v
	}
	opts := base.opts
	opts.LegTimeout = 500 * time.Millisecond
	opts.CacheSize = 0
	p, err := New(Components{Data: base.data, Router: base.router, Graph: base.graph, Retrievers: rs, Context: base.builder}, opts)
	require.NoError(t, err)
	return p
}

var errBackendDown = errors.New("backend down")

func failing() retrieval.Retriever {
	return retrieval.RetrieverFunc(func(ctx context.Context, q retrieval.Query) ([]retrieval.Hit, error) {
		return nil, errBackendDown
	})
}

// stalled blocks until its deadline, like a backend that never answers.
func stalled() retrieval.Retriever {
	return retrieval.RetrieverFunc(func(ctx context.Context, q retrieval.Query) ([]retrieval.Hit, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	})
}

func TestAskAnswersFromTheEmbeddedData(t *testing.T) {
	p := testPipeline(t)
	tests := []struct {
		question string
		kind     string
		value    string
		ids      []string
	}{
		{"What is the ISIL code of Heimatstube im Elbtor?", KindField, "DE-MUS-811216", nil},
		{"What is the postcode of Ilkley Toy Museum?", KindField, "LS29 9HR", nil},
		{"In which year did Titanic Belfast open?", KindField, "2012", nil},
		{"Which museums are part of National Museums Scotland?", KindSet, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.question, func(t *testing.T) {
			resp, err := p.Ask(context.Background(), Request{Question: tt.question, NoCache: true})
			require.NoError(t, err)
			require.Equal(t, tt.kind, resp.Answer.Kind, resp.Answer.Text)
			if tt.value != "" {
				require.Equal(t, tt.value, resp.Answer.Value)
				require.Contains(t, resp.Answer.Text, tt.value)
			}
			require.NotEmpty(t, resp.Answer.Citations, "the answer cites its sources")
			for _, n := range resp.Answer.Citations {
				require.GreaterOrEqual(t, n, 1)
				require.LessOrEqual(t, n, len(resp.Citations))
			}
			require.Empty(t, resp.Errors)
			require.NotEmpty(t, resp.Hits)
			require.LessOrEqual(t, resp.Context.Tokens, resp.Context.Budget)
		})
	}
}

func TestAskExactSetIsTheGraphSelection(t *testing.T) {
	p := testPipeline(t)
	resp, err := p.Ask(context.Background(), Request{Question: "Which museums are part of National Museums Scotland?"})
	require.NoError(t, err)
	require.True(t, resp.Answer.Exact)
	require.Equal(t, len(resp.Answer.IDs), resp.Answer.Count)
	for _, id := range resp.Answer.IDs {
		in, ok := p.data.Get(id)
		require.True(t, ok)
		found := false
		for _, m := range in.MemberOf() {
			found = found || m.Name == "National Museums Scotland"
		}
		require.True(t, found, "%s is not recorded as part of National Museums Scotland", in.Name)
	}
	// Every member is listed first among the hits and cited.
	for i, id := range resp.Answer.IDs {
		require.Equal(t, id, resp.Hits[i].ID)
	}
	require.Len(t, resp.Answer.Citations, len(resp.Answer.IDs))
}

func TestAskPartialFailureStillFuses(t *testing.T) {
	p := withRetrievers(t, map[string]retrieval.Retriever{
		plan.RetrieverBM25:   failing(),
		plan.RetrieverVector: stalled(),
	})
	resp, err := p.Ask(context.Background(), Request{Question: "What is the ISIL code of Heimatstube im Elbtor?"})
	require.NoError(t, err)
	require.Equal(t, "DE-MUS-811216", resp.Answer.Value)

	bySource := map[string]string{}
	for _, e := range resp.Errors {
		bySource[e.Source] = e.Error
	}
	require.Contains(t, bySource[plan.RetrieverBM25], "backend down")
	require.Contains(t, bySource[plan.RetrieverVector], "timed out")
	require.NotEmpty(t, resp.Hits, "the knowledge graph's hits are still fused")
	for _, h := range resp.Hits {
		for _, s := range h.Sources {
			require.Equal(t, plan.RetrieverKG, s.Source)
		}
	}
}

func TestAskFailsOnlyWhenNothingIsLeft(t *testing.T) {
	p := withRetrievers(t, map[string]retrieval.Retriever{
		plan.RetrieverBM25:   failing(),
		plan.RetrieverVector: failing(),
		plan.RetrieverKG:     failing(),
	})
	_, err := p.Ask(context.Background(), Request{Question: "Which museums are in Ramsgate?"})
	require.ErrorIs(t, err, ErrNoResults)
}

func TestFanOutLeavesNoGoroutines(t *testing.T) {
	p := withRetrievers(t, map[string]retrieval.Retriever{
		plan.RetrieverBM25:   failing(),
		plan.RetrieverVector: stalled(),
	})
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	for _, q := range []string{"Which museums are part of National Museums Liverpool?", "What is the GND identifier of Stadtarchiv Bruchsal?"} {
		_, err := p.Ask(context.Background(), Request{Question: q})
		require.NoError(t, err)
	}
	// A request cancelled by its caller returns and leaves nothing running.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _ = p.Ask(ctx, Request{Question: "Which museums are in Rye?"})
}

func TestAskCachesAnswers(t *testing.T) {
	ds := testPipeline(t)
	p, err := New(Components{Data: ds.data, Router: ds.router, Graph: ds.graph, Retrievers: ds.retrievers, Context: ds.builder}, ds.opts)
	require.NoError(t, err)
	req := Request{Question: "Which accredited museums are in Rye?", Explain: true}
	first, err := p.Ask(context.Background(), req)
	require.NoError(t, err)
	require.False(t, first.Cached)
	second, err := p.Ask(context.Background(), Request{Question: "  which ACCREDITED museums are in Rye ", Explain: true})
	require.NoError(t, err)
	require.True(t, second.Cached, "a normalised repeat is a cache hit")
	require.Equal(t, first.Answer, second.Answer)
	require.Equal(t, uint64(1), second.Explain.Cache.QueryHits)
	third, err := p.Ask(context.Background(), Request{Question: "Which accredited museums are in Rye?", K: 3})
	require.NoError(t, err)
	require.False(t, third.Cached, "other options miss the cache")
	// The fusion changes the answer's order: each one is its own entry.
	for _, m := range fusion.Methods() {
		r := req
		r.Fusion = m
		got, err := p.Ask(context.Background(), r)
		require.NoError(t, err)
		require.False(t, got.Cached, m)
		require.Equal(t, m, got.Explain.Fusion.Method)
		again, err := p.Ask(context.Background(), r)
		require.NoError(t, err)
		require.True(t, again.Cached, m)
		require.Equal(t, m, again.Explain.Fusion.Method)
	}
}

func TestAskFusionChoice(t *testing.T) {
	p := testPipeline(t)
	q := "Which museums are about porcelain?"
	plain, err := p.Ask(context.Background(), Request{Question: q, NoCache: true, Explain: true})
	require.NoError(t, err)
	table := router.DefaultFusionTable().Intents[plain.Plan.Intent]
	require.Equal(t, FusionReport{Method: fusion.Method(table.Method), K: table.K, ChosenBy: FusionByPlan}, withoutSigmas(plain.Explain.Fusion))

	for _, m := range fusion.Methods() {
		resp, err := p.Ask(context.Background(), Request{Question: q, NoCache: true, Explain: true, Fusion: m})
		require.NoError(t, err)
		require.Equal(t, m, resp.Explain.Fusion.Method)
		require.Equal(t, FusionByRequest, resp.Explain.Fusion.ChosenBy)
		// Every fused hit explains its score, leg by leg, in the chosen
		// fusion's terms.
		n := 0
		for _, h := range resp.Hits {
			sum := 0.0
			for _, c := range h.Sources {
				require.InDelta(t, c.Weight*c.Normalized, c.Weighted, 1e-12, "%s %s %s", m, h.ID, c.Source)
				if m != fusion.MethodRRF {
					require.LessOrEqual(t, c.Normalized, 1.0)
				}
				sum += c.Weighted
			}
			if len(h.Sources) > 0 {
				require.InDelta(t, sum, h.Score, 1e-12)
				n++
			}
		}
		require.NotZero(t, n, m)
	}
}

func withoutSigmas(f FusionReport) FusionReport {
	f.Sigmas = 0
	return f
}

// manyWords is a question of n distinct words.
func manyWords(n int) string {
	ws := make([]string, n)
	for i := range ws {
		ws[i] = "w" + strconv.Itoa(i)
	}
	return strings.Join(ws, " ")
}

func TestRequestValidation(t *testing.T) {
	tests := []struct {
		name string
		req  Request
		want error
	}{
		{"empty", Request{Question: "   "}, ErrEmptyQuestion},
		{"huge", Request{Question: strings.Repeat("museum ", 100_000/7)}, ErrTooLong},
		{"too many distinct words", Request{Question: manyWords(MaxQuestionTerms + 1)}, ErrTooLong},
		{"as many distinct words as allowed", Request{Question: manyWords(MaxQuestionTerms)}, nil},
		{"repeated words count once", Request{Question: strings.Repeat("Museum museum ", 200)}, nil},
		{"k too large", Request{Question: "x", K: MaxK + 1}, ErrBadOption},
		{"unknown fusion", Request{Question: "x", Fusion: "borda"}, ErrBadOption},
		{"fusion in capitals", Request{Question: "x", Fusion: "RRF"}, ErrBadOption},
		{"relative fusion", Request{Question: "x", Fusion: fusion.MethodRelative}, nil},
		{"negative k", Request{Question: "x", K: -1}, ErrBadOption},
		{"tiny budget", Request{Question: "x", Budget: 10}, ErrBadOption},
		{"unknown filter key", Request{Question: "x", Filters: filter.Set{{Field: "colour", Op: filter.Eq, Values: []string{"red"}}}}, ErrBadOption},
		{"invalid utf-8", Request{Question: "caf\xe9"}, ErrBadOption},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := tt.req
			require.ErrorIs(t, req.Validate(), tt.want)
		})
	}
	p := testPipeline(t)
	_, err := p.Ask(context.Background(), Request{Question: ""})
	require.ErrorIs(t, err, ErrEmptyQuestion)
}

func TestFiltersRestrictAndWarn(t *testing.T) {
	p := testPipeline(t)
	fs, err := filter.Parse([]byte(`{"country": "DE"}`))
	require.NoError(t, err)
	resp, err := p.Ask(context.Background(), Request{Question: "Porzellan Museum", Filters: fs, NoCache: true})
	require.NoError(t, err)
	require.NotEmpty(t, resp.Hits)
	for _, h := range resp.Hits {
		in, _ := p.data.Get(h.ID)
		require.Equal(t, "DE", in.Country, h.Name)
	}
}

func TestRerankerReordersAndItsFailureIsReported(t *testing.T) {
	base := testPipeline(t)
	build := func(r rerank.Reranker) *Pipeline {
		opts := base.opts
		opts.CacheSize = 0
		opts.Reranker, opts.RerankMultiplier = r, 3
		p, err := New(Components{Data: base.data, Router: base.router, Graph: base.graph, Retrievers: base.retrievers, Context: base.builder}, opts)
		require.NoError(t, err)
		return p
	}
	// a ranking question every word of which is read: the answer cites
	// the ranking's first, whatever the reranker makes of it
	q := Request{Question: "music Northumberland", K: 5}
	plain, err := base.Ask(context.Background(), Request{Question: q.Question, K: 5, NoCache: true})
	require.NoError(t, err)

	// A reranker that scores the bagpipe museum lowest moves the fused
	// winner down.
	var seen int
	prefersOthers := rerank.Func(func(_ context.Context, query string, docs []string) ([]float64, error) {
		seen = len(docs)
		scores := make([]float64, len(docs))
		for i, d := range docs {
			scores[i] = float64(i)
			if strings.Contains(d, "Bagpipe") {
				scores[i] = -1
			}
		}
		return scores, nil
	})
	resp, err := build(prefersOthers).Ask(context.Background(), q)
	require.NoError(t, err)
	require.GreaterOrEqual(t, seen, min(30, len(plain.Hits)), "the candidate set is widened")
	require.NotEqual(t, plain.Hits[0].ID, resp.Hits[0].ID)
	found := false
	for _, s := range resp.Hits[0].Sources {
		found = found || s.Source == rerank.Source
	}
	require.True(t, found, "the rerank score is part of the provenance")

	down := rerank.Func(func(context.Context, string, []string) ([]float64, error) { return nil, errBackendDown })
	resp, err = build(down).Ask(context.Background(), q)
	require.NoError(t, err)
	require.Equal(t, plain.Hits[0].ID, resp.Hits[0].ID, "the fused order stands")
	require.Contains(t, resp.Errors[len(resp.Errors)-1].Error, "backend down")
}
