package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/router"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

func TestHalf(t *testing.T) {
	n := [2]int{}
	for i := range 1000 {
		id := fmt.Sprintf("gen-%04d", i)
		require.Equal(t, Half(id), Half(id))
		n[Half(id)]++
	}
	require.InDelta(t, 500, n[0], 60, "the halves are about even")
}

func TestWeightGrid(t *testing.T) {
	base := map[string]float64{"kg": 1, "bm25": 0.5, "vector": 0.5, "wikidata": 0.5}
	grid := weightGrid(base, "kg", []string{"bm25", "vector"}, []float64{0.1, 1, 2})
	require.Len(t, grid, 9)
	seen := map[[2]float64]bool{}
	for _, w := range grid {
		require.Equal(t, 1.0, w["kg"])
		require.Equal(t, 0.5, w["wikidata"], "a leg the intent did not run keeps its weight")
		seen[[2]float64{w["bm25"], w["vector"]}] = true
	}
	require.Len(t, seen, 9)
	require.Equal(t, 0.5, base["bm25"], "the base is not modified")
}

// synthetic makes n questions of one intent whose expected id is at
// position kgPos of the kg leg (the primary; -1: not in it) and position
// bm25Pos of the bm25 leg; the other positions hold fillers.
func synthetic(intent plan.Intent, n, kgPos, bm25Pos int) []FusionSample {
	leg := func(source string, pos, i int) SampleLeg {
		l := SampleLeg{Source: source, Primary: source == plan.RetrieverKG}
		for j := range 10 {
			id := fmt.Sprintf("%s-filler-%d-%d", source, i, j)
			if j == pos {
				id = fmt.Sprintf("want-%d", i)
			}
			l.Hits = append(l.Hits, retrieval.Hit{ID: id, Score: float64(10 - j)})
		}
		return l
	}
	out := make([]FusionSample, n)
	for i := range out {
		out[i] = FusionSample{
			Question: Question{ID: fmt.Sprintf("%s-%d", intent, i), Expected: []string{fmt.Sprintf("want-%d", i)}},
			Intent:   intent,
			Legs:     []SampleLeg{leg(plan.RetrieverKG, kgPos, i), leg(plan.RetrieverBM25, bm25Pos, i)},
		}
	}
	return out
}

func TestFitFusionChoosesByEvidence(t *testing.T) {
	// Factual: BM25 always has the answer first, the graph not at all;
	// the baseline (kg 1, bm25 0.5) ranks the graph's ten fillers first,
	// a weighting that trusts BM25 more ranks the answer first.
	// Temporal: both legs have it first; nothing can gain.
	samples := append(synthetic(plan.Factual, 40, -1, 0), synthetic(plan.Temporal, 40, 0, 0)...)
	table := router.DefaultFusionTable()
	for _, i := range router.Intents {
		e := table.Intents[i]
		e.FusionChoice = e.Baseline
		table.Intents[i] = e
	}
	fits := FitFusion(samples, table, FitOptions{})
	require.Len(t, fits, 2)

	factual, temporal := fits[0], fits[1]
	require.Equal(t, plan.Factual, factual.Intent)
	require.Equal(t, []string{plan.RetrieverKG, plan.RetrieverBM25}, factual.Legs)
	require.Less(t, factual.Baseline.HeldOut.MRR, 1.0)
	require.Equal(t, 1.0, factual.Chosen.Fit.MRR)
	require.Equal(t, 1.0, factual.Chosen.HeldOut.MRR)
	require.Greater(t, factual.Chosen.Candidate.Weights[plan.RetrieverBM25], 0.5)
	require.Contains(t, factual.Reason, "over the baseline")
	// Every fusion with the baseline weights, then each with its best.
	var names []string
	for _, r := range factual.Rows {
		names = append(names, r.Name)
	}
	require.Equal(t, []string{
		"rrf k=10 (baseline weights)", "rrf k=30 (baseline weights)", "rrf k=60 (baseline weights)", "rrf k=100 (baseline weights)",
		"relative (baseline weights)", "dbsf (baseline weights)",
		"rrf (fitted weights)", "relative (fitted weights)", "dbsf (fitted weights)", "checked-in table",
	}, names)

	require.Equal(t, plan.Temporal, temporal.Intent)
	require.Equal(t, temporal.Baseline.Candidate, temporal.Chosen.Candidate, "nothing gains: the baseline stays")
	require.Contains(t, temporal.Reason, "the baseline stays")

	// The table holds the choice and its evidence, and reads back.
	out := FusionTable(fits, table, "hybridrag eval --fit-fusion")
	b, err := json.Marshal(out)
	require.NoError(t, err)
	back, err := router.ParseFusionTable(b)
	require.NoError(t, err)
	require.Equal(t, factual.Chosen.Candidate.Choice(), back.Intents[plan.Factual].FusionChoice)
	kept, was := back.Intents[plan.Collection], table.Intents[plan.Collection]
	require.Equal(t, was.FusionChoice, kept.FusionChoice, "an intent without questions keeps its entry")
	require.Equal(t, was.Baseline, kept.Baseline)
	if len(was.Evidence) > 0 {
		require.JSONEq(t, string(was.Evidence), string(kept.Evidence))
	}
	var ev FusionEvidence
	require.NoError(t, json.Unmarshal(back.Intents[plan.Factual].Evidence, &ev))
	require.Len(t, ev.Others, 9)
	require.InDelta(t, factual.Chosen.HeldOut.MRR, ev.Chosen.HeldOut.MRR, 1e-4)
}

// TestCheckedInFusionTableEvidence holds the table to the rule it was
// chosen by: a fusion other than the baseline beats the baseline on the
// held-out half; where the baseline stays, the table says by how much
// every other fusion lost.
func TestCheckedInFusionTableEvidence(t *testing.T) {
	table := router.DefaultFusionTable()
	for _, intent := range router.Intents {
		e := table.Intents[intent]
		require.NotEmpty(t, e.Evidence, "%s: the table records its evidence", intent)
		var ev FusionEvidence
		require.NoError(t, json.Unmarshal(e.Evidence, &ev), intent)
		require.Equal(t, fusion.Method(e.Method), ev.Chosen.Method, intent)
		require.Equal(t, e.K, ev.Chosen.K, intent)
		for _, l := range ev.Legs {
			require.Equal(t, e.Weights[l], ev.Chosen.Weights[l], "%s %s", intent, l)
		}
		chosen, base := ev.Chosen.HeldOut, ev.Baseline.HeldOut
		if isBaseline(e) {
			require.NotEmpty(t, ev.Others, intent)
			continue
		}
		require.Greater(t, chosen.Objective(), base.Objective(), "%s: the choice beats the baseline on the held-out half", intent)
		require.NotNil(t, ev.Hits, "%s: the answer-first ranking was checked", intent)
		require.GreaterOrEqual(t, ev.Hits.Chosen[1].Objective(), ev.Hits.Baseline[1].Objective(), "%s: users' ranking does not lose on the held-out half", intent)
	}
}

func isBaseline(e router.IntentFusion) bool {
	return e.Method == e.Baseline.Method && e.K == e.Baseline.K && maps.Equal(e.Weights, e.Baseline.Weights)
}

func TestFusionSamples(t *testing.T) {
	ds := testfixture.Dataset(t)
	s := sharedSuite(t)
	qs := subset(t, ds, 2)
	qs = append(qs, Question{ID: "probe", Question: "What is the ISIL of the Museum of Lost Umbrellas?", Intent: "factual"})
	samples, err := s.FusionSamples(context.Background(), qs, RunOptions{})
	require.NoError(t, err)
	require.Len(t, samples, len(qs)-1, "a question that expects nothing is left out")
	for _, smp := range samples {
		require.True(t, smp.Intent.Valid(), smp.Question.ID)
		require.NotEmpty(t, smp.Legs, smp.Question.ID)
		primaries := 0
		for _, l := range smp.Legs {
			if l.Primary {
				primaries++
			}
		}
		require.Equal(t, 1, primaries, smp.Question.ID)
	}
	// The sweep over real legs: the baseline row is the RRF the pipeline
	// runs, and the table's rows are all there.
	table := router.DefaultFusionTable()
	fits := FitFusion(samples, table, FitOptions{Weights: []float64{0.5, 1}})
	require.NotEmpty(t, fits)
	for _, f := range fits {
		require.Len(t, f.Rows, 10)
		require.Equal(t, f.Baseline.All.N, f.Rows[2].All.N)
		require.Equal(t, f.Baseline.All, f.Rows[2].All, "rrf k=60 with the baseline weights is the baseline")
	}

	// The full pipeline with the baselines and with the fitted choices.
	checked, err := s.CheckHits(context.Background(), qs, fits, table, RunOptions{})
	require.NoError(t, err)
	require.Len(t, checked, len(fits))
	for i, f := range checked {
		require.NotNil(t, f.Hits, f.Intent)
		require.Equal(t, fits[i].Chosen.Candidate, f.Hits.Fitted)
		n := f.Hits.Baseline[0].N + f.Hits.Baseline[1].N
		require.Equal(t, f.Baseline.All.N, n, "%s: the same questions", f.Intent)
		if !sameCandidate(f.Chosen.Candidate, f.Baseline.Candidate) {
			require.GreaterOrEqual(t, f.Hits.Chosen[1].Objective(), f.Hits.Baseline[1].Objective(), f.Intent)
		}
	}
}

func TestTableRouter(t *testing.T) {
	s := sharedSuite(t)
	table := router.DefaultFusionTable()
	e := table.Intents[plan.Factual]
	e.Method, e.K = "relative", 0
	e.Weights = map[string]float64{plan.RetrieverKG: 2, plan.RetrieverBM25: 0.25, plan.RetrieverVector: 0.75, plan.RetrieverWikidata: 1}
	table.Intents = maps.Clone(table.Intents)
	table.Intents[plan.Factual] = e
	q := "What is the ISIL code of Heimatstube im Elbtor?"
	plain := s.router.Route(q)
	p := TableRouter(s.router, table).Route(q)
	require.Equal(t, plan.Factual, p.Intent)
	require.Equal(t, plan.Fusion{Method: "relative"}, p.Fusion)
	require.Len(t, p.Legs, len(plain.Legs))
	for i, l := range p.Legs {
		require.Equal(t, plain.Legs[i].Retriever, l.Retriever)
		require.Equal(t, router.LegWeight(e.Weights[l.Retriever], l.Retriever, l.Primary, p.Confidence < 0.5, p.UnusedPhrase(plan.UnusedName) != ""), l.Weight)
	}
	require.Equal(t, plain.Legs, s.router.Route(q).Legs, "the router's own plans are untouched")
}
