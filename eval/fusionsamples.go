package eval

import (
	"context"
	"fmt"
	"hash/fnv"
	"slices"

	"github.com/hybridrag/hybridrag/pipeline"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrieval"
)

// The fusion sweep asks every question once of the routed pipeline and
// keeps each leg's own ranking (FusionSample). Every fusion, rank
// constant and weighting is then computed from those rankings, without
// asking again: the legs do not depend on how they are fused.

// FusionSample is one question with its legs as the routed pipeline ran
// them.
type FusionSample struct {
	Question Question
	// Intent is the routed intent: the fusion table is read by it.
	Intent plan.Intent
	// Uncertain (confidence below 0.5) and UnknownName are the plan facts
	// router.LegWeight reads.
	Uncertain, UnknownName bool
	Legs                   []SampleLeg
}

// SampleLeg is one leg's own ranking.
type SampleLeg struct {
	Source  string
	Primary bool
	Hits    []retrieval.Hit
}

// FusionSamples asks every question once of the full pipeline (the
// router's legs) and keeps the legs that answered. Questions that expect
// nothing are left out: the ranking metrics leave them out too.
func (s *Suite) FusionSamples(ctx context.Context, qs []Question, opt RunOptions) ([]FusionSample, error) {
	cfg, err := SelectConfigs([]string{ConfigRouter})
	if err != nil {
		return nil, err
	}
	p, err := s.Pipeline(cfg[0])
	if err != nil {
		return nil, err
	}
	out := make([]FusionSample, 0, len(qs))
	for i, q := range qs {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("eval: %w", err)
		}
		if NothingExpected(q) {
			continue
		}
		actx, cancel := ctx, context.CancelFunc(func() {})
		if opt.Timeout > 0 {
			actx, cancel = context.WithTimeout(ctx, opt.Timeout)
		}
		resp, err := p.Ask(actx, pipeline.Request{Question: q.Question, K: AskK, NoCache: true, Explain: true})
		cancel()
		smp := FusionSample{Question: q}
		if err == nil && resp.Explain != nil {
			smp.Intent = resp.Plan.Intent
			smp.Uncertain = resp.Plan.Confidence < 0.5
			smp.UnknownName = resp.Plan.UnusedPhrase(plan.UnusedName) != ""
			for _, l := range resp.Explain.Legs {
				if l.Error != "" {
					continue
				}
				primary := slices.ContainsFunc(resp.Plan.Legs, func(pl plan.Leg) bool { return pl.Retriever == l.Source && pl.Primary })
				smp.Legs = append(smp.Legs, SampleLeg{Source: l.Source, Primary: primary, Hits: l.Hits})
			}
		} else if cerr := ctx.Err(); cerr != nil {
			return nil, fmt.Errorf("eval: %w", cerr)
		}
		out = append(out, smp)
		if opt.Progress != nil {
			opt.Progress(Progress{Config: "fusion sweep", Done: i + 1, Total: len(qs)})
		}
	}
	return out, nil
}

// Half is the half of the questions an id falls in: 0 (the half the
// fusion is fitted on) or 1 (the held-out half), by the parity of the
// FNV-1a hash of the id.
func Half(id string) int {
	h := fnv.New32a()
	h.Write([]byte(id))
	return int(h.Sum32() % 2)
}
