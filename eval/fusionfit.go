package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/pipeline"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/router"
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
			smp.UnknownName = resp.Plan.UnknownName != ""
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

// FusionCandidate is a fusion with base leg weights (before
// router.LegWeight raises some of them, as the router does).
type FusionCandidate struct {
	Method  fusion.Method      `json:"method"`
	K       float64            `json:"k,omitempty"`
	Weights map[string]float64 `json:"weights"`
}

// Choice is the candidate as a fusion table entry.
func (c FusionCandidate) Choice() router.FusionChoice {
	return router.FusionChoice{Method: string(c.Method), K: c.K, Weights: maps.Clone(c.Weights)}
}

func candidateOf(c router.FusionChoice) FusionCandidate {
	return FusionCandidate{Method: fusion.Method(c.Method), K: c.K, Weights: maps.Clone(c.Weights)}
}

// Label names the fusion ("rrf k=60", "relative", "dbsf").
func (c FusionCandidate) Label() string {
	if c.Method == fusion.MethodRRF {
		return "rrf k=" + strconv.FormatFloat(c.K, 'f', -1, 64)
	}
	return string(c.Method)
}

// WeightsText lists the weights of the legs an intent runs, e.g.
// "kg 1, bm25 0.5, vector 0.5".
func (c FusionCandidate) WeightsText(legs []string) string {
	parts := make([]string, len(legs))
	for i, l := range legs {
		parts[i] = l + " " + strconv.FormatFloat(c.Weights[l], 'f', -1, 64)
	}
	return strings.Join(parts, ", ")
}

func (c FusionCandidate) params() fusion.Params {
	return fusion.Params{Method: c.Method, K: c.K, Sigmas: fusion.DefaultSigmas}
}

// FusionScores are the ranking metrics of one fusion on some questions.
type FusionScores struct {
	N            int     `json:"n"`
	RecallAt10   float64 `json:"recall_at_10"`
	AllFoundAt10 float64 `json:"all_found_at_10"`
	MRR          float64 `json:"mrr"`
}

// Objective is what the fit maximises: the mean of recall@10,
// all-found@10 and MRR.
func (s FusionScores) Objective() float64 { return (s.RecallAt10 + s.AllFoundAt10 + s.MRR) / 3 }

func (s FusionScores) text() string {
	return fmt.Sprintf("%.3f / %.3f / %.3f", s.RecallAt10, s.AllFoundAt10, s.MRR)
}

// rounded keeps four decimals, as the table records them.
func (s FusionScores) rounded() FusionScores {
	return FusionScores{N: s.N, RecallAt10: round4(s.RecallAt10), AllFoundAt10: round4(s.AllFoundAt10), MRR: round4(s.MRR)}
}

type sums struct {
	n         int
	r, a, mrr float64
}

func (s sums) scores() FusionScores {
	if s.n == 0 {
		return FusionScores{}
	}
	n := float64(s.n)
	return FusionScores{N: s.n, RecallAt10: s.r / n, AllFoundAt10: s.a / n, MRR: s.mrr / n}
}

// scoreHalves fuses every sample's legs with c and scores the fused
// ranking, per half.
func scoreHalves(samples []FusionSample, c FusionCandidate) [2]FusionScores {
	var acc [2]sums
	p := c.params()
	lists := make([]fusion.Ranked, 0, 4)
	for _, s := range samples {
		lists = lists[:0]
		for _, l := range s.Legs {
			w := router.LegWeight(c.Weights[l.Source], l.Source, l.Primary, s.Uncertain, s.UnknownName)
			lists = append(lists, fusion.Ranked{Source: l.Source, Weight: w, Hits: l.Hits})
		}
		var ids []string
		for _, f := range fusion.Fuse(lists, p) {
			ids = append(ids, f.ID)
		}
		ranked := Ranking(ids, s.Question.Acceptable)
		h := &acc[Half(s.Question.ID)]
		h.n++
		h.r += RecallAt(ranked, s.Question.Expected, 10)
		h.a += AllFoundAt(ranked, s.Question.Expected, 10)
		h.mrr += ReciprocalRank(ranked, s.Question.Expected)
	}
	return [2]FusionScores{acc[0].scores(), acc[1].scores()}
}

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

// HitsCheck compares the full pipeline's answer-first ranking with the
// baseline and with a fitted fusion, per half.
type HitsCheck struct {
	Fitted   FusionCandidate `json:"fitted"`
	Baseline [2]FusionScores `json:"baseline"`
	Chosen   [2]FusionScores `json:"chosen"`
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

func sameCandidate(a, b FusionCandidate) bool {
	return a.Method == b.Method && a.K == b.K && maps.Equal(a.Weights, b.Weights)
}

// oneQuestion is the most one of n questions moves the objective: 1/n
// (it moves each of the three metrics by at most 1/n).
func oneQuestion(n int) float64 {
	if n == 0 {
		return 1
	}
	return 1 / float64(n)
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

// FusionEvidence is what the table records of one intent's fit.
type FusionEvidence struct {
	Legs   []string `json:"legs"`
	Reason string   `json:"reason"`
	// Hits is the full pipeline's answer-first ranking with the baseline
	// and with the fitted fusion (CheckHits), fit half then held-out half.
	Hits     *HitsCheck    `json:"hits,omitempty"`
	Chosen   EvidenceRow   `json:"chosen"`
	Baseline EvidenceRow   `json:"baseline"`
	Others   []EvidenceRow `json:"others"`
}

// EvidenceRow is one fusion's figures; LostBy is how far its held-out
// objective falls short of the chosen fusion's (negative: it scored
// higher there, but did not win on the fit half).
type EvidenceRow struct {
	Name    string             `json:"name"`
	Method  fusion.Method      `json:"method"`
	K       float64            `json:"k,omitempty"`
	Weights map[string]float64 `json:"weights"`
	Fit     FusionScores       `json:"fit"`
	HeldOut FusionScores       `json:"held_out"`
	LostBy  float64            `json:"held_out_lost_by"`
}

func evidenceRow(r FusionRow, chosen FusionRow, legs []string) EvidenceRow {
	ws := make(map[string]float64, len(legs))
	for _, l := range legs {
		ws[l] = r.Candidate.Weights[l]
	}
	e := EvidenceRow{Name: r.Name, Method: r.Candidate.Method, K: r.Candidate.K, Weights: ws, Fit: r.Fit.rounded(), HeldOut: r.HeldOut.rounded()}
	e.LostBy = round4(chosen.HeldOut.Objective() - r.HeldOut.Objective())
	return e
}

func round4(x float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', 4, 64), 64)
	return v
}

// FusionTable is the table the fits choose: each fitted intent's chosen
// fusion and weights with its evidence; intents without questions keep
// their entry. command is recorded as the command that wrote it.
func FusionTable(fits []FusionFit, current router.FusionTable, command string) router.FusionTable {
	t := current
	t.Intents = maps.Clone(current.Intents)
	t.Command = command
	t.Objective = "mean of recall@10, all-found@10 and MRR of the fused ranking (the legs' own rankings fused, before the answer set is promoted), routed intent, questions that expect nothing left out"
	t.Split = "by the parity of the FNV-1a hash of the question id: even is fitted on, odd is held out; a fusion replaces the baseline only when it gains more than one question's worth of the objective (1/n of the half) on each half"
	for _, f := range fits {
		e := t.Intents[f.Intent]
		e.FusionChoice = f.Chosen.Candidate.Choice()
		ev := FusionEvidence{Legs: f.Legs, Reason: f.Reason, Hits: roundedHits(f.Hits),
			Chosen: evidenceRow(f.Chosen, f.Chosen, f.Legs), Baseline: evidenceRow(f.Baseline, f.Chosen, f.Legs)}
		ev.Chosen.LostBy = 0
		for _, r := range f.Rows {
			if r.Name == "checked-in table" {
				continue
			}
			ev.Others = append(ev.Others, evidenceRow(r, f.Chosen, f.Legs))
		}
		raw, _ := json.Marshal(ev) // plain data: cannot fail
		e.Evidence = raw
		t.Intents[f.Intent] = e
	}
	return t
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

// WriteFusionTable writes t as indented JSON.
func WriteFusionTable(w io.Writer, t router.FusionTable) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(t); err != nil {
		return fmt.Errorf("eval: write fusion table: %w", err)
	}
	return nil
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
