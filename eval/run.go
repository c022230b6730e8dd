// Package eval measures retrieval quality on gold questions: for several
// pipeline configurations in one run (each retriever alone, the three fused
// with uniform weights, the full routed pipeline) it computes recall@1/5/10,
// all-found@10, MRR and nDCG@10 against the expected ids, exact match of
// the extractive answer, precision and recall of an exact answer set, the
// router's intent accuracy and latency percentiles, per intent and overall.
//
// Acceptable ids follow the dataset's scoring rule: they are neither
// required nor counted as wrong, and are dropped from every ranking before
// the rank-based metrics are computed.
//
// Generated questions (package eval/gen) state a language and a frame: the
// report then breaks the figures down by both. A question that expects no
// institution is a probe: it is left out of the rank-based averages and
// scored by honesty (answered with kind "none" or not).
//
// ScoreLinks measures entity linking on references (Reference): precision
// of the candidates marked as a match, recall, the false-match rate on
// references that want no match, and top-1 accuracy, by kind.
package eval

import (
	"context"
	"fmt"
	"maps"
	"time"

	"github.com/hybridrag/hybridrag/compose"
	ragcontext "github.com/hybridrag/hybridrag/context"
	"github.com/hybridrag/hybridrag/engines"
	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/pipeline"
	"github.com/hybridrag/hybridrag/retrieval"
)

// Cutoffs of the rank-based metrics.
const (
	// AskK is the number of hits asked of the pipeline.
	AskK = 10
	// TopIDs is the number of ids each per-question result lists.
	TopIDs = 10
)

// Suite holds the components every configuration's pipeline is built
// from. The indexes are built once and shared, read-only, by all
// configurations.
type Suite struct {
	data       *heritage.Dataset
	router     pipeline.Router
	graph      pipeline.Graph
	retrievers map[string]retrieval.Retriever
	newContext func() (pipeline.ContextBuilder, error)
	opts       pipeline.Options
}

// NewSuite builds the embedded components over ds once
// (compose.EmbeddedComponents with ecfg: the rule router, the knowledge
// graph, the vector index — ecfg.Embedder, nil meaning the hashing
// embedder, or prebuilt indexes — the BM25 index and the cl100k
// tokenizer). The answer cache is off in every pipeline the suite builds.
func NewSuite(ctx context.Context, ds *heritage.Dataset, ecfg engines.Config, opts pipeline.Options) (*Suite, error) {
	c, err := compose.EmbeddedComponents(ctx, ds, ecfg)
	if err != nil {
		return nil, fmt.Errorf("eval: build: %w", err)
	}
	s, err := NewSuiteFrom(c, opts)
	if err != nil {
		return nil, err
	}
	// Each configuration gets its own tokenizer, whose remembered counts
	// no other configuration warmed.
	s.newContext = func() (pipeline.ContextBuilder, error) {
		tok, err := ragcontext.NewTokenizer()
		if err != nil {
			return nil, fmt.Errorf("eval: build: %w", err)
		}
		return ragcontext.NewBuilder(tok), nil
	}
	return s, nil
}

// NewSuiteFrom uses the given components; every configuration shares
// c.Context. c.Router must not be nil; c.Retrievers must hold every
// retriever the configurations name.
func NewSuiteFrom(c pipeline.Components, opts pipeline.Options) (*Suite, error) {
	if c.Data == nil || c.Router == nil || c.Graph == nil || c.Context == nil || len(c.Retrievers) == 0 {
		return nil, fmt.Errorf("eval: %w: data, router, graph, context builder and retrievers are required", pipeline.ErrBadOption)
	}
	opts.CacheSize = 0
	ctxb := c.Context
	return &Suite{
		data:       c.Data,
		router:     c.Router,
		graph:      c.Graph,
		retrievers: maps.Clone(c.Retrievers),
		newContext: func() (pipeline.ContextBuilder, error) { return ctxb, nil },
		opts:       opts,
	}, nil
}

// Data is the dataset the suite answers from.
func (s *Suite) Data() *heritage.Dataset { return s.data }

// Pipeline builds the pipeline of one configuration from the shared
// components.
func (s *Suite) Pipeline(cfg Config) (*pipeline.Pipeline, error) {
	rs := make(map[string]retrieval.Retriever, len(cfg.Retrievers))
	for _, name := range cfg.Retrievers {
		r, ok := s.retrievers[name]
		if !ok {
			return nil, fmt.Errorf("eval: %s: %w: no retriever %q", cfg.Name, pipeline.ErrBadOption, name)
		}
		rs[name] = r
	}
	rt := s.router
	if cfg.Table != nil {
		rt = TableRouter(rt, *cfg.Table)
	}
	if cfg.Legs != nil {
		rt = FixedLegs(rt, cfg.Legs)
	}
	cb, err := s.newContext()
	if err != nil {
		return nil, fmt.Errorf("eval: %s: %w", cfg.Name, err)
	}
	p, err := pipeline.New(pipeline.Components{Data: s.data, Router: rt, Graph: s.graph, Retrievers: rs, Context: cb}, s.opts)
	if err != nil {
		return nil, fmt.Errorf("eval: %s: %w", cfg.Name, err)
	}
	return p, nil
}

// Progress is reported after each question.
type Progress struct {
	Config      string
	Done, Total int
}

// RunOptions tune a run.
type RunOptions struct {
	// Timeout is each question's deadline; 0 means none.
	Timeout time.Duration
	// Progress, when set, is called after each question.
	Progress func(Progress)
}

// Run asks every question of every configuration, one at a time (so that
// latencies are not disturbed by each other), configuration by
// configuration. A question the pipeline fails on is scored as a miss and
// its error recorded; Run fails only when ctx ends or a pipeline cannot be
// built.
func (s *Suite) Run(ctx context.Context, qs []Question, cfgs []Config, opt RunOptions) (*Report, error) {
	results := make([]QuestionResult, 0, len(qs)*len(cfgs))
	for _, cfg := range cfgs {
		p, err := s.Pipeline(cfg)
		if err != nil {
			return nil, err
		}
		for i, q := range qs {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("eval: %w", err)
			}
			res, err := s.ask(ctx, p, cfg, q, opt.Timeout)
			if err != nil {
				return nil, err
			}
			results = append(results, res)
			if opt.Progress != nil {
				opt.Progress(Progress{Config: cfg.Name, Done: i + 1, Total: len(qs)})
			}
		}
	}
	return NewReport(qs, cfgs, results), nil
}

func (s *Suite) ask(ctx context.Context, p *pipeline.Pipeline, cfg Config, q Question, timeout time.Duration) (QuestionResult, error) {
	actx, cancel := ctx, context.CancelFunc(func() {})
	if timeout > 0 {
		actx, cancel = context.WithTimeout(ctx, timeout)
	}
	defer cancel()
	start := time.Now()
	resp, err := p.Ask(actx, pipeline.Request{Question: q.Question, K: AskK, NoCache: true, Explain: true})
	latency := time.Since(start)
	if err != nil {
		if cerr := ctx.Err(); cerr != nil {
			return QuestionResult{}, fmt.Errorf("eval: %w", cerr)
		}
		return failed(q, cfg, latency, err), nil
	}
	return Score(q, cfg, resp, s.data, s.rrfK(), latency), nil
}

func (s *Suite) rrfK() float64 {
	if s.opts.RRFK > 0 {
		return s.opts.RRFK
	}
	return fusion.DefaultK
}

// ScoredIDs returns the ranked ids a configuration is judged on (see
// Scored). rrfK is the fusion rank constant for ScoreFused.
func ScoredIDs(cfg Config, resp *pipeline.Response, rrfK float64) []string {
	var ids []string
	switch cfg.Scored {
	case ScoreHits:
		for _, h := range resp.Hits {
			ids = append(ids, h.ID)
		}
	case ScoreLeg:
		if resp.Explain == nil {
			return nil
		}
		for _, l := range resp.Explain.Legs {
			if len(cfg.Retrievers) > 0 && l.Source != cfg.Retrievers[0] {
				continue
			}
			for _, h := range l.Hits {
				ids = append(ids, h.ID)
			}
			break
		}
	case ScoreFused:
		if resp.Explain == nil {
			return nil
		}
		var lists []fusion.Ranked
		for _, l := range resp.Explain.Legs {
			if l.Error == "" {
				lists = append(lists, fusion.Ranked{Source: l.Source, Weight: l.Weight, Hits: l.Hits})
			}
		}
		params := fusion.Params{K: rrfK}
		if fusion.Validate(lists, params) != nil {
			return nil
		}
		for _, f := range fusion.RRF(lists, params) {
			ids = append(ids, f.ID)
		}
	}
	return ids
}

// PredictedAnswer is the pipeline's short answer: the extracted field
// value (for a reverse look-up, the institution's name), or the name of
// the one institution of an exact single-item answer set ("Which museum is
// housed in X?"); "" when there is none.
func PredictedAnswer(resp *pipeline.Response, data *heritage.Dataset) string {
	a := resp.Answer
	if a.Value != "" {
		return a.Value
	}
	if a.Exact && len(a.IDs) == 1 {
		if in, ok := data.Get(a.IDs[0]); ok {
			return in.Name
		}
	}
	return ""
}

// Score computes one question's metrics for one configuration's response.
func Score(q Question, cfg Config, resp *pipeline.Response, data *heritage.Dataset, rrfK float64, latency time.Duration) QuestionResult {
	ids := ScoredIDs(cfg, resp, rrfK)
	ranked := Ranking(ids, q.Acceptable)
	res := QuestionResult{
		ID:              q.ID,
		Intent:          q.Intent,
		Config:          cfg.Name,
		PredictedIntent: resp.Plan.Intent,
		TopIDs:          append([]string{}, ids[:min(len(ids), TopIDs)]...),
		Metrics:         rankMetrics(ranked, q.Expected, latency),
		Lang:            q.Lang,
		Frame:           q.Frame,
		NothingExpected: NothingExpected(q),
	}
	if !cfg.Answers {
		return res
	}
	if NothingExpected(q) {
		res.Metrics.Honest = ptr(b2f(resp.Answer.Kind == pipeline.KindNone))
		return res
	}
	if ShortAnswer(q) {
		res.Answer = PredictedAnswer(resp, data)
		res.Metrics.ExactMatch = ptr(b2f(ExactMatch(res.Answer, q.Answer)))
	}
	if resp.Answer.Exact && len(resp.Answer.IDs) > 0 {
		p, r, f := SetPRF(resp.Answer.IDs, q.Expected, q.Acceptable)
		res.Metrics.AnswerPrecision, res.Metrics.AnswerRecall, res.Metrics.AnswerF1 = ptr(p), ptr(r), ptr(f)
	}
	return res
}

// rankMetrics scores a ranking (acceptable ids already dropped).
func rankMetrics(ranked, expected []string, latency time.Duration) QuestionMetrics {
	return QuestionMetrics{
		RecallAt1:    RecallAt(ranked, expected, 1),
		RecallAt5:    RecallAt(ranked, expected, 5),
		RecallAt10:   RecallAt(ranked, expected, 10),
		AllFoundAt10: AllFoundAt(ranked, expected, 10),
		MRR:          ReciprocalRank(ranked, expected),
		NDCGAt10:     NDCGAt(ranked, expected, 10),
		LatencyMS:    ms(latency),
	}
}

// failed scores a question the pipeline could not answer: every metric is
// 0 (a short-answer question counts as a wrong answer, a question that
// expects nothing as not answered "none").
func failed(q Question, cfg Config, latency time.Duration, err error) QuestionResult {
	res := QuestionResult{
		ID: q.ID, Intent: q.Intent, Config: cfg.Name, TopIDs: []string{},
		Metrics: QuestionMetrics{LatencyMS: ms(latency)},
		Error:   err.Error(),
		Lang:    q.Lang, Frame: q.Frame, NothingExpected: NothingExpected(q),
	}
	switch {
	case cfg.Answers && NothingExpected(q):
		res.Metrics.Honest = ptr(0.0)
	case cfg.Answers && ShortAnswer(q):
		res.Metrics.ExactMatch = ptr(0.0)
	}
	return res
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func ptr(v float64) *float64 { return &v }

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
