package pipeline

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/gold"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// countingGraph counts each graph operation by its arguments.
type countingGraph struct {
	next  Graph
	mu    sync.Mutex
	calls map[string]int
}

func (c *countingGraph) count(op string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls[op+fmt.Sprint(args...)]++
}

func (c *countingGraph) Lookup(ctx context.Context, scheme, value string) ([]string, error) {
	c.count("lookup", scheme, value)
	return c.next.Lookup(ctx, scheme, value)
}

func (c *countingGraph) ByName(ctx context.Context, name string) ([]string, error) {
	c.count("byname", name)
	return c.next.ByName(ctx, name)
}

func (c *countingGraph) Select(ctx context.Context, cs plan.Constraints, asOf int) ([]string, error) {
	c.count("select", fmt.Sprintf("%+v", cs), asOf)
	return c.next.Select(ctx, cs, asOf)
}

func (c *countingGraph) SelectMatching(ctx context.Context, cs plan.Constraints, asOf int, m kg.PlaceMatch) ([]string, error) {
	c.count("selectmatching", fmt.Sprintf("%+v", cs), asOf, m)
	return c.next.(kg.StatedSource).SelectMatching(ctx, cs, asOf, m)
}

// TestQuestionReachesGraphOnce asks every public gold question, with the
// knowledge-graph leg and without it, and checks that no graph operation
// runs twice for one question: the retriever's hits and the answer read
// one selection.
func TestQuestionReachesGraphOnce(t *testing.T) {
	testfixture.SkipUnderRace(t)
	base := testPipeline(t)
	qs, err := gold.Load("../testdata/questions.jsonl")
	require.NoError(t, err)
	for _, withKG := range []bool{true, false} {
		g := &countingGraph{next: base.graph}
		rs := map[string]retrieval.Retriever{}
		for name, r := range base.retrievers {
			if _, isKG := r.(*kg.Retriever); isKG {
				if !withKG {
					continue
				}
				// the knowledge-graph leg's retriever asks the same graph
				r = kg.NewRetrieverOver(g, base.data)
			}
			rs[name] = r
		}
		opts := base.opts
		opts.CacheSize = 0
		p, err := New(Components{Data: base.data, Router: base.router, Graph: g, Retrievers: rs, Context: base.builder}, opts)
		require.NoError(t, err)
		reached := 0
		for _, q := range qs {
			g.calls = map[string]int{}
			_, err := p.Ask(context.Background(), Request{Question: q.Question, NoCache: true})
			require.NoError(t, err)
			for call, n := range g.calls {
				require.Equal(t, 1, n, "%s (kg leg %v): %s", q.Question, withKG, call)
			}
			if len(g.calls) > 0 {
				reached++
			}
		}
		// the count is a check that the questions do reach the graph
		require.Greater(t, reached, len(qs)/2, "kg leg %v", withKG)
	}
}
