package eval

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/pipeline"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrieval"
)

func tinyData(t *testing.T) *heritage.Dataset {
	t.Helper()
	ds, err := heritage.LoadBytes([]byte(`{"id":"mm:a","name":"Museum A","type":"MUSEUM","tier":"TIER_2_VERIFIED"}
{"id":"mm:b","name":"Museum B","type":"MUSEUM","tier":"TIER_2_VERIFIED"}
{"id":"mm:c","name":"Museum C","type":"MUSEUM","tier":"TIER_2_VERIFIED"}
{"id":"mm:x","name":"Museum X","type":"MUSEUM","tier":"TIER_2_VERIFIED"}
`), heritage.LoadOptions{})
	require.NoError(t, err)
	return ds
}

func hits(ids ...string) []retrieval.Hit {
	out := make([]retrieval.Hit, len(ids))
	for i, id := range ids {
		out[i] = retrieval.Hit{ID: id, Rank: i + 1}
	}
	return out
}

func fused(ids ...string) []fusion.Fused {
	out := make([]fusion.Fused, len(ids))
	for i, id := range ids {
		out[i] = fusion.Fused{ID: id, Rank: i + 1}
	}
	return out
}

// response is a pipeline response whose hits, legs and answer disagree,
// so that each configuration visibly scores its own list.
func response() *pipeline.Response {
	return &pipeline.Response{
		Plan: plan.Plan{Intent: plan.Relationship},
		// The answer set leads the hits.
		Hits:   fused("mm:a", "mm:b", "mm:x"),
		Answer: pipeline.Answer{Kind: pipeline.KindSet, IDs: []string{"mm:a", "mm:b"}, Exact: true},
		Explain: &pipeline.Explain{Legs: []pipeline.LegReport{
			{Source: plan.RetrieverVector, Weight: 1, Hits: hits("mm:x", "mm:b")},
			{Source: plan.RetrieverBM25, Weight: 1, Hits: hits("mm:c", "mm:x")},
			{Source: plan.RetrieverKG, Weight: 1, Hits: hits("mm:a"), Error: ""},
		}},
	}
}

func config(t *testing.T, name string) Config {
	t.Helper()
	cs, err := SelectConfigs([]string{name})
	require.NoError(t, err)
	return cs[0]
}

func TestScoredIDsPicksEachConfigurationsList(t *testing.T) {
	resp := response()
	require.Equal(t, []string{"mm:a", "mm:b", "mm:x"}, ScoredIDs(config(t, ConfigRouter), resp, 60))
	require.Equal(t, []string{"mm:x", "mm:b"}, ScoredIDs(config(t, ConfigVector), resp, 60))
	require.Equal(t, []string{"mm:c", "mm:x"}, ScoredIDs(config(t, ConfigBM25), resp, 60))
	require.Equal(t, []string{"mm:a"}, ScoredIDs(config(t, ConfigKG), resp, 60))
	// RRF, k = 60: x = 1/61 + 1/62 leads; a, c (rank 1 once) tie and
	// break by id; b (rank 2 once) is last.
	require.Equal(t, []string{"mm:x", "mm:a", "mm:c", "mm:b"}, ScoredIDs(config(t, ConfigUniform), resp, 60))

	failedLeg := response()
	failedLeg.Explain.Legs[1].Error = "bm25: boom"
	require.Equal(t, []string{"mm:a", "mm:x", "mm:b"}, ScoredIDs(config(t, ConfigUniform), failedLeg, 60),
		"a failed leg does not take part in fusion")

	noExplain := response()
	noExplain.Explain = nil
	require.Empty(t, ScoredIDs(config(t, ConfigVector), noExplain, 60))
}

func TestScore(t *testing.T) {
	ds := tinyData(t)
	q := Question{ID: "q1", Intent: plan.Relationship, Expected: []string{"mm:a", "mm:b"}, Acceptable: []string{"mm:x"}, Answer: "2 museums: A; B"}

	res := Score(q, config(t, ConfigRouter), response(), ds, 60, 1500*time.Microsecond)
	require.Equal(t, "q1", res.ID)
	require.Equal(t, ConfigRouter, res.Config)
	require.Equal(t, plan.Relationship, res.PredictedIntent)
	require.Equal(t, []string{"mm:a", "mm:b", "mm:x"}, res.TopIDs, "top ids are the list as returned")
	m := res.Metrics
	require.InDelta(t, 0.5, m.RecallAt1, 1e-12)
	require.InDelta(t, 1, m.RecallAt5, 1e-12)
	require.InDelta(t, 1, m.AllFoundAt10, 1e-12)
	require.InDelta(t, 1, m.MRR, 1e-12)
	require.InDelta(t, 1, m.NDCGAt10, 1e-12)
	require.InDelta(t, 1.5, m.LatencyMS, 1e-9)
	require.Nil(t, m.ExactMatch, "a counted list answer is not a short answer")
	require.NotNil(t, m.AnswerPrecision)
	require.InDelta(t, 1, *m.AnswerPrecision, 1e-12)
	require.InDelta(t, 1, *m.AnswerF1, 1e-12)

	// The vector leg ranks x (acceptable, dropped) then b.
	res = Score(q, config(t, ConfigVector), response(), ds, 60, time.Millisecond)
	m = res.Metrics
	require.InDelta(t, 0.5, m.RecallAt1, 1e-12, "b moves to rank 1 once x is dropped")
	require.InDelta(t, 1, m.MRR, 1e-12)
	require.InDelta(t, 0, m.AllFoundAt10, 1e-12)
	require.Nil(t, m.AnswerPrecision, "single-retriever configurations do not score answers")
	require.Nil(t, m.ExactMatch)
}

func TestScoreShortAnswers(t *testing.T) {
	ds := tinyData(t)
	cfg := config(t, ConfigRouter)
	q := Question{ID: "q", Intent: plan.Factual, Expected: []string{"mm:a"}, Answer: "DE-MUS-1"}

	field := &pipeline.Response{
		Hits:   fused("mm:a"),
		Answer: pipeline.Answer{Kind: pipeline.KindField, Field: "isil", Value: "de-mus-1", IDs: []string{"mm:a"}, Exact: true},
	}
	res := Score(q, cfg, field, ds, 60, 0)
	require.NotNil(t, res.Metrics.ExactMatch)
	require.InDelta(t, 1, *res.Metrics.ExactMatch, 1e-12)
	require.Equal(t, "de-mus-1", res.Answer)

	field.Answer.Value = "DE-MUS-2"
	res = Score(q, cfg, field, ds, 60, 0)
	require.InDelta(t, 0, *res.Metrics.ExactMatch, 1e-12)

	// "Which museum is housed in X?": a one-institution exact set answers
	// with that institution's name.
	housed := Question{ID: "h", Intent: plan.Relationship, Expected: []string{"mm:b"}, Answer: "Museum B (closed 2015)"}
	set := &pipeline.Response{Hits: fused("mm:b"), Answer: pipeline.Answer{Kind: pipeline.KindSet, IDs: []string{"mm:b"}, Exact: true}}
	res = Score(housed, cfg, set, ds, 60, 0)
	require.Equal(t, "Museum B", res.Answer)
	require.InDelta(t, 1, *res.Metrics.ExactMatch, 1e-12)

	// A ranking is not an answer.
	ranked := &pipeline.Response{Hits: fused("mm:b"), Answer: pipeline.Answer{Kind: pipeline.KindRanked, IDs: []string{"mm:b"}}}
	res = Score(housed, cfg, ranked, ds, 60, 0)
	require.Empty(t, res.Answer)
	require.InDelta(t, 0, *res.Metrics.ExactMatch, 1e-12)
	require.Nil(t, res.Metrics.AnswerPrecision, "no exact set, no set scores")
}

func TestFixedLegs(t *testing.T) {
	inner := routerFunc(func(q string) plan.Plan {
		return plan.Plan{Question: q, Intent: plan.Temporal,
			Constraints: plan.Constraints{List: true},
			Legs:        []plan.Leg{{Retriever: plan.RetrieverKG, Weight: 1, K: 20, Primary: true}}}
	})
	legs := []plan.Leg{{Retriever: plan.RetrieverBM25, Weight: 1, K: 10}}
	r := FixedLegs(inner, legs)
	legs[0].Weight = 7 // the adapter keeps its own copy
	p := r.Route("Which museums closed before 1990?")
	require.Equal(t, plan.Temporal, p.Intent, "the router's intent stays")
	require.True(t, p.Constraints.List, "the router's constraints stay")
	require.Equal(t, []plan.Leg{{Retriever: plan.RetrieverBM25, Weight: 1, K: 10}}, p.Legs)
}

type routerFunc func(string) plan.Plan

func (f routerFunc) Route(q string) plan.Plan { return f(q) }

func TestSelectConfigs(t *testing.T) {
	all, err := SelectConfigs(nil)
	require.NoError(t, err)
	require.Equal(t, []string{"vector", "bm25", "kg", "hybrid-uniform", "hybrid-router"}, ConfigNames())
	require.Len(t, all, 5)

	got, err := SelectConfigs([]string{"kg", " hybrid-router", "kg"})
	require.NoError(t, err)
	require.Len(t, got, 2)
	require.Equal(t, ConfigKG, got[0].Name)
	require.Equal(t, ConfigRouter, got[1].Name)

	_, err = SelectConfigs([]string{"dense"})
	require.ErrorContains(t, err, `unknown configuration "dense"`)
	require.ErrorContains(t, err, "hybrid-uniform")

	for _, c := range all {
		switch c.Name {
		case ConfigRouter:
			require.Nil(t, c.Legs, "the full pipeline keeps the router's legs")
			require.True(t, c.Answers)
		case ConfigUniform:
			require.Len(t, c.Legs, 3)
			for _, l := range c.Legs {
				require.Equal(t, 1.0, l.Weight)
				require.Equal(t, LegK, l.K)
			}
		default:
			require.Equal(t, []string{c.Name}, c.Retrievers)
			require.Equal(t, ScoreLeg, c.Scored)
		}
	}
}
