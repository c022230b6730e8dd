package eval

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/engines"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/pipeline"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/router"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// sharedSuite builds the embedded indexes once for every test.
// Its legs have a minute each: the metrics under test must not depend on
// how loaded the machine is.
var sharedSuite = testfixture.Shared(func(ds *heritage.Dataset) (*Suite, error) {
	opts := pipeline.DefaultOptions()
	opts.LegTimeout = time.Minute
	return NewSuite(context.Background(), ds, engines.Config{}, opts)
})

// subset takes the first n public questions of each intent, in file order.
func subset(t *testing.T, ds *heritage.Dataset, n int) []Question {
	t.Helper()
	f, err := os.Open("../testdata/questions.jsonl")
	require.NoError(t, err)
	defer f.Close()
	qs, bad, err := ReadQuestions(f, func(id string) bool { _, ok := ds.Get(id); return ok })
	require.NoError(t, err)
	require.Empty(t, bad)
	per := map[plan.Intent]int{}
	var out []Question
	for _, q := range qs {
		if per[q.Intent] < n {
			per[q.Intent]++
			out = append(out, q)
		}
	}
	return out
}

// TestRunEndToEnd runs every configuration over 12 public questions (2 per
// intent) and checks that the numbers are sane, not what they are.
func TestRunEndToEnd(t *testing.T) {
	s := sharedSuite(t)
	qs := subset(t, s.Data(), 2)
	require.Len(t, qs, 12)

	var progress []Progress
	rep, err := s.Run(context.Background(), qs, Configs(), RunOptions{Progress: func(p Progress) { progress = append(progress, p) }})
	require.NoError(t, err)

	require.Len(t, progress, 12*5)
	require.Equal(t, Progress{Config: ConfigRouter, Done: 12, Total: 12}, progress[len(progress)-1])
	require.Len(t, rep.Questions, 12*5)
	require.Equal(t, ConfigNames(), rep.Order)
	require.Equal(t, router.Intents, rep.Intents)
	require.Equal(t, 12, rep.Router.Total)
	require.GreaterOrEqual(t, rep.Router.Accuracy(), 0.5, "the router gets most intents of its own public set right")

	unit := func(name string, v float64) {
		t.Helper()
		require.GreaterOrEqual(t, v, 0.0, name)
		require.LessOrEqual(t, v, 1.0, name)
	}
	for _, name := range rep.Order {
		c := rep.Configs[name]
		require.Len(t, c.ByIntent, 6, name)
		for _, s := range append([]Summary{c.Overall}, c.ByIntent[plan.Factual], c.ByIntent[plan.Comparative]) {
			unit(name+" recall@1", s.RecallAt1)
			unit(name+" recall@10", s.RecallAt10)
			unit(name+" mrr", s.MRR)
			unit(name+" ndcg@10", s.NDCGAt10)
			require.LessOrEqual(t, s.RecallAt1, s.RecallAt5, name)
			require.LessOrEqual(t, s.RecallAt5, s.RecallAt10, name)
			require.LessOrEqual(t, s.AllFoundAt10, s.RecallAt10, name)
			require.Greater(t, s.P50MS, 0.0, name)
			require.LessOrEqual(t, s.P50MS, s.P95MS, name)
			require.LessOrEqual(t, s.P95MS, s.P99MS, name)
			require.Zero(t, s.Errors, name)
		}
		if name == ConfigRouter {
			require.NotNil(t, c.Overall.ExactMatch)
			unit("exact match", *c.Overall.ExactMatch)
			short := 0
			for _, q := range qs {
				if ShortAnswer(q) {
					short++
				}
			}
			require.Equal(t, short, c.Overall.ShortAnswers)
		} else {
			require.Nil(t, c.Overall.ExactMatch, name)
			require.Nil(t, c.Overall.AnswerF1, name)
		}
	}
	// Every configuration finds something; the fused ones find most.
	for _, name := range rep.Order {
		require.Greater(t, rep.Configs[name].Overall.RecallAt10, 0.2, name)
	}
	require.Greater(t, rep.Configs[ConfigRouter].Overall.RecallAt10, 0.6)
	require.Greater(t, rep.Configs[ConfigUniform].Overall.RecallAt10, 0.5)

	for _, res := range rep.Questions {
		require.LessOrEqual(t, len(res.TopIDs), TopIDs)
		require.True(t, res.PredictedIntent.Valid(), res.ID)
		require.Empty(t, res.Error, res.ID)
	}
}

func TestRunStopsWhenCancelled(t *testing.T) {
	s := sharedSuite(t)
	qs := subset(t, s.Data(), 1)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := s.Run(ctx, qs, Configs(), RunOptions{})
	require.ErrorIs(t, err, context.Canceled)
}

func TestSuiteRejectsIncompleteParts(t *testing.T) {
	_, err := NewSuiteFrom(pipeline.Components{}, pipeline.DefaultOptions())
	require.ErrorIs(t, err, pipeline.ErrBadOption)

	s := sharedSuite(t)
	_, err = s.Pipeline(Config{Name: "dense", Retrievers: []string{"dense"}})
	require.ErrorIs(t, err, pipeline.ErrBadOption)
	require.ErrorContains(t, err, `no retriever "dense"`)
}
