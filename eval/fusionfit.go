package eval

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"text/tabwriter"

	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/router"
)

// FusionRow is one fusion measured on both halves and on all questions.
type FusionRow struct {
	// Name says what the row is: "rrf k=60 (baseline weights)", "dbsf
	// (fitted weights)", "checked-in table".
	Name      string          `json:"name"`
	Candidate FusionCandidate `json:"candidate"`
	Fit       FusionScores    `json:"fit"`
	HeldOut   FusionScores    `json:"held_out"`
	All       FusionScores    `json:"all"`
}

// FusionFit is the fit of one intent.
type FusionFit struct {
	Intent plan.Intent `json:"intent"`
	// Legs are the retrievers the intent's questions ran.
	Legs     []string    `json:"legs"`
	Baseline FusionRow   `json:"baseline"`
	Chosen   FusionRow   `json:"chosen"`
	Rows     []FusionRow `json:"rows"`
	Reason   string      `json:"reason"`
	// Hits, after CheckHits, are the answer-first rankings the user sees
	// (Response.Hits: the exact answer set, then the fused ranking) with
	// the baseline and with the fitted choice.
	Hits *HitsCheck `json:"hits,omitempty"`
}

// FitOptions tune FitFusion.
type FitOptions struct {
	// RRFKs are the rank constants tried (default 10, 30, 60, 100).
	RRFKs []float64
	// Weights are the base weights tried for each secondary leg; the
	// primary leg keeps weight 1 (scaling every weight alike changes no
	// order). Default 0.1, 0.2, 0.3, 0.5, 0.7, 1, 1.5, 2, 3, 5.
	Weights []float64
}

func (o FitOptions) withDefaults() FitOptions {
	if len(o.RRFKs) == 0 {
		o.RRFKs = []float64{10, 30, 60, 100}
	}
	if len(o.Weights) == 0 {
		o.Weights = []float64{0.1, 0.2, 0.3, 0.5, 0.7, 1, 1.5, 2, 3, 5}
	}
	return o
}

// FitFusion chooses, per routed intent, the fusion and the secondary
// legs' weights that score best on the fit half (Half 0), and keeps it
// only when it beats the table's baseline (RRF with the weights the
// router had before the table) on both halves by more than one question
// can move the objective (1/n of the half's n questions); else the
// baseline stays. Rows report, on both halves,
// every fusion with the baseline weights (RRF with each rank constant,
// relative, DBSF), each fusion with its best weights, and the table's
// current choice.
func FitFusion(samples []FusionSample, table router.FusionTable, opt FitOptions) []FusionFit {
	opt = opt.withDefaults()
	var out []FusionFit
	for _, intent := range router.Intents {
		var of []FusionSample
		for _, s := range samples {
			if s.Intent == intent {
				of = append(of, s)
			}
		}
		if len(of) == 0 {
			continue
		}
		out = append(out, fitIntent(intent, of, table.Intents[intent], opt))
	}
	return out
}

func fitIntent(intent plan.Intent, samples []FusionSample, entry router.IntentFusion, opt FitOptions) FusionFit {
	row := func(name string, c FusionCandidate) FusionRow {
		h := scoreHalves(samples, c)
		var all sums
		for _, x := range h {
			n := float64(x.N)
			all.n += x.N
			all.r += x.RecallAt10 * n
			all.a += x.AllFoundAt10 * n
			all.mrr += x.MRR * n
		}
		return FusionRow{Name: name, Candidate: c, Fit: h[0], HeldOut: h[1], All: all.scores()}
	}
	// The legs the questions ran, primary first.
	primary, secondary := "", []string{}
	for _, s := range samples {
		for _, l := range s.Legs {
			switch {
			case l.Primary && primary == "":
				primary = l.Source
			case !l.Primary && !slices.Contains(secondary, l.Source):
				secondary = append(secondary, l.Source)
			}
		}
	}
	slices.Sort(secondary)
	legs := append([]string{primary}, secondary...)

	base := candidateOf(entry.Baseline)
	fit := FusionFit{Intent: intent, Legs: legs, Baseline: row("baseline: "+base.Label(), base)}

	var tried []FusionCandidate
	for _, k := range opt.RRFKs {
		tried = append(tried, FusionCandidate{Method: fusion.MethodRRF, K: k})
	}
	tried = append(tried, FusionCandidate{Method: fusion.MethodRelative}, FusionCandidate{Method: fusion.MethodDBSF})

	for _, t := range tried {
		c := t
		c.Weights = maps.Clone(base.Weights)
		fit.Rows = append(fit.Rows, row(c.Label()+" (baseline weights)", c))
	}
	// Each fusion with its best weights on the fit half.
	var best FusionRow
	for _, m := range fusion.Methods() {
		var mbest FusionRow
		for _, t := range tried {
			if t.Method != m {
				continue
			}
			for _, ws := range weightGrid(base.Weights, primary, secondary, opt.Weights) {
				c := t
				c.Weights = ws
				r := row("", c)
				if mbest.Fit.N == 0 || r.Fit.Objective() > mbest.Fit.Objective()+1e-12 {
					mbest = r
				}
			}
		}
		mbest.Name = string(m) + " (fitted weights)"
		fit.Rows = append(fit.Rows, mbest)
		if best.Fit.N == 0 || mbest.Fit.Objective() > best.Fit.Objective()+1e-12 {
			best = mbest
		}
	}
	fit.Rows = append(fit.Rows, row("checked-in table", candidateOf(entry.FusionChoice)))

	fit.Chosen = fit.Baseline
	gainFit := best.Fit.Objective() - fit.Baseline.Fit.Objective()
	gainHeld := best.HeldOut.Objective() - fit.Baseline.HeldOut.Objective()
	name := best.Candidate.Label() + " (" + best.Candidate.WeightsText(legs) + ")"
	minFit, minHeld := oneQuestion(fit.Baseline.Fit.N), oneQuestion(fit.Baseline.HeldOut.N)
	switch {
	case gainFit <= minFit:
		fit.Reason = fmt.Sprintf("the best alternative, %s, gains %+.4f on the fit half, no more than one question's worth (%.4f): the baseline stays; on the held-out half it gains %+.4f", name, gainFit, minFit, gainHeld)
	case gainHeld <= minHeld:
		fit.Reason = fmt.Sprintf("%s gains %+.4f on the fit half but %+.4f on the held-out half, no more than one question's worth (%.4f): the baseline stays", name, gainFit, gainHeld, minHeld)
	default:
		fit.Chosen = best
		fit.Reason = fmt.Sprintf("%s gains %+.4f on the fit half and %+.4f on the held-out half over the baseline (one question is worth %.4f and %.4f)", name, gainFit, gainHeld, minFit, minHeld)
	}
	fit.Chosen.Name = "chosen: " + fit.Chosen.Candidate.Label()
	return fit
}

// weightGrid is every weighting of the secondary legs from values, the
// primary at 1, the other retrievers at their base weights.
func weightGrid(base map[string]float64, primary string, secondary []string, values []float64) []map[string]float64 {
	out := []map[string]float64{maps.Clone(base)}
	out[0][primary] = 1
	for _, leg := range secondary {
		next := make([]map[string]float64, 0, len(out)*len(values))
		for _, w := range out {
			for _, v := range values {
				m := maps.Clone(w)
				m[leg] = v
				next = append(next, m)
			}
		}
		out = next
	}
	return out
}

// WriteFusionFits prints the sweep: per intent, every row on the fit half,
// the held-out half and all questions (the baseline is the row of RRF with
// its k and the baseline weights), then the choice and why.
func WriteFusionFits(w io.Writer, fits []FusionFit) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "intent\tfusion\tweights\tn fit\tR@10\tall@10\tMRR\tn held-out\tR@10\tall@10\tMRR\tR@10 all\tall@10 all\tMRR all\t")
	for _, f := range fits {
		rows := append(slices.Clone(f.Rows), f.Chosen)
		for _, r := range rows {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%.3f\t%.3f\t%.3f\t%d\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t\n", f.Intent, r.Name, r.Candidate.WeightsText(f.Legs),
				r.Fit.N, r.Fit.RecallAt10, r.Fit.AllFoundAt10, r.Fit.MRR,
				r.HeldOut.N, r.HeldOut.RecallAt10, r.HeldOut.AllFoundAt10, r.HeldOut.MRR,
				r.All.RecallAt10, r.All.AllFoundAt10, r.All.MRR)
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	for _, f := range fits {
		fmt.Fprintf(w, "%-12s %s\n", f.Intent, f.Reason)
	}
	fmt.Fprintln(w, "\nThe answer-first ranking (Response.Hits) of the full pipeline, baseline against the fitted fusion, R@10 / all@10 / MRR:")
	for _, f := range fits {
		if h := f.Hits; h != nil {
			fmt.Fprintf(w, "%-12s fit half %s → %s; held-out half %s → %s\n", f.Intent,
				h.Baseline[0].text(), h.Chosen[0].text(), h.Baseline[1].text(), h.Chosen[1].text())
		}
	}
	return nil
}
