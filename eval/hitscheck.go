package eval

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/router"
)

// HitsCheck compares the full pipeline's answer-first ranking with the
// baseline and with a fitted fusion, per half.
type HitsCheck struct {
	Fitted   FusionCandidate `json:"fitted"`
	Baseline [2]FusionScores `json:"baseline"`
	Chosen   [2]FusionScores `json:"chosen"`
}

// CheckHits runs the full pipeline twice over qs in one suite (the
// router's plans with the baselines, and with the fitted choices of
// fits) and scores Response.Hits, the answer-first ranking users see,
// per routed intent and half. A fitted choice whose answer-first
// objective falls on the held-out half gives way to the baseline: the
// fused ranking is what the fit measures, but not all that users see.
func (s *Suite) CheckHits(ctx context.Context, qs []Question, fits []FusionFit, current router.FusionTable, opt RunOptions) ([]FusionFit, error) {
	base, fitted := current, current
	base.Intents, fitted.Intents = maps.Clone(current.Intents), maps.Clone(current.Intents)
	for _, i := range router.Intents {
		e := base.Intents[i]
		e.FusionChoice = e.Baseline
		base.Intents[i] = e
	}
	for _, f := range fits {
		e := fitted.Intents[f.Intent]
		e.FusionChoice = f.Chosen.Candidate.Choice()
		fitted.Intents[f.Intent] = e
	}
	routed, err := SelectConfigs([]string{ConfigRouter})
	if err != nil {
		return nil, err
	}
	withBase, withFit := routed[0], routed[0]
	withBase.Name, withBase.Table = "baseline table", &base
	withFit.Name, withFit.Table = "fitted table", &fitted
	rep, err := s.Run(ctx, qs, []Config{withBase, withFit}, opt)
	if err != nil {
		return nil, err
	}
	acc := map[string]map[plan.Intent]*[2]sums{withBase.Name: {}, withFit.Name: {}}
	for _, r := range rep.Questions {
		if r.NothingExpected {
			continue
		}
		m := acc[r.Config]
		if m[r.PredictedIntent] == nil {
			m[r.PredictedIntent] = &[2]sums{}
		}
		h := &m[r.PredictedIntent][Half(r.ID)]
		h.n++
		h.r += r.Metrics.RecallAt10
		h.a += r.Metrics.AllFoundAt10
		h.mrr += r.Metrics.MRR
	}
	scores := func(c string, i plan.Intent) [2]FusionScores {
		x := acc[c][i]
		if x == nil {
			return [2]FusionScores{}
		}
		return [2]FusionScores{x[0].scores(), x[1].scores()}
	}
	out := slices.Clone(fits)
	for k := range out {
		f := &out[k]
		f.Hits = &HitsCheck{Fitted: f.Chosen.Candidate, Baseline: scores(withBase.Name, f.Intent), Chosen: scores(withFit.Name, f.Intent)}
		if sameCandidate(f.Chosen.Candidate, f.Baseline.Candidate) {
			continue
		}
		gain := f.Hits.Chosen[1].Objective() - f.Hits.Baseline[1].Objective()
		if gain < 0 {
			f.Reason += fmt.Sprintf("; but the answer-first ranking (Response.Hits) loses %.4f on the held-out half with it: the baseline stays", -gain)
			f.Chosen = f.Baseline
			f.Chosen.Name = "chosen: " + f.Chosen.Candidate.Label()
		} else {
			f.Reason += fmt.Sprintf("; the answer-first ranking (Response.Hits) gains %+.4f on the held-out half", gain)
		}
	}
	return out, nil
}

func roundedHits(h *HitsCheck) *HitsCheck {
	if h == nil {
		return nil
	}
	out := *h
	for i := range 2 {
		out.Baseline[i], out.Chosen[i] = h.Baseline[i].rounded(), h.Chosen[i].rounded()
	}
	return &out
}
