// Package pipeline answers heritage questions: it routes the question, fans
// out to the planned retrievers (each with its own deadline), fuses their
// rankings (Reciprocal Rank Fusion, or the score fusion the router's
// table chose for the intent, or the request asked for), extracts an answer (a field, an
// exact set, or a ranking), and assembles a token-budgeted, cited context.
package pipeline

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/hybridrag/hybridrag/answer"
	"github.com/hybridrag/hybridrag/cache"
	ragcontext "github.com/hybridrag/hybridrag/context"
	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/rerank"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/retrievers"
)

// DefaultCacheTTL is how long a cached answer is served.
const DefaultCacheTTL = 10 * time.Minute

// Pipeline answers questions. Build it with New; it is safe for concurrent
// use.
type Pipeline struct {
	data       *heritage.Dataset
	router     Router
	graph      Graph
	retrievers map[string]retrieval.Retriever
	builder    ContextBuilder
	enricher   Enricher
	frames     FrameClassifier
	answers    *cache.Asker[Request, *Response]
	entities   *cache.TTL[[]string]
	opts       Options
	log        *slog.Logger
	// base is what the answerers read; answerers answer by the plan's
	// frame
	base      *answer.Base
	answerers *answer.Registry
}

// Options tune a Pipeline.
type Options struct {
	// LegTimeout is each retriever's own deadline.
	LegTimeout time.Duration
	// RRFK is the Reciprocal Rank Fusion rank constant.
	RRFK float64
	// AsOf is the year that decides whether a membership still holds
	// ("until" in the past); 0 means the current year.
	AsOf int
	// CacheSize is the number of answers kept; 0 disables the answer cache.
	// Only answers without errors beyond StartupErrors are kept: a
	// degraded answer is never served from the cache.
	CacheSize int
	// CacheTTL is how long a cached answer is served (default 10 min).
	CacheTTL time.Duration
	// Logger receives warnings; nil discards them.
	Logger *slog.Logger
	// StartupErrors are backends that could not be reached at start; every
	// response reports them, so a degraded service says so.
	StartupErrors []SourceError
	// Unavailable, when set, reports the configured backends that are not
	// connected at the moment (being retried in the background): every
	// response names them in Errors after StartupErrors. An answer is
	// cached under the backends missing when it was asked, so that one
	// made without a backend is not served once the backend has joined.
	Unavailable func() []SourceError
	// MaxEnrich is the most answer institutions sent to the enricher.
	MaxEnrich int
	// Reranker, when set, reorders the fused hits (off by default): it
	// scores max(k × RerankMultiplier, 30) candidates against the question.
	Reranker         rerank.Reranker
	RerankMultiplier int
	// Writer, when set, writes an answer from the context for requests
	// that ask for one (Request.LLM); WriterTimeout bounds it (default
	// DefaultWriterTimeout), within the request's deadline.
	Writer        Writer
	WriterTimeout time.Duration
}

// DefaultOptions are sensible defaults for one process.
func DefaultOptions() Options {
	return Options{LegTimeout: 2 * time.Second, RRFK: 60, CacheSize: 1024, CacheTTL: DefaultCacheTTL}
}

// New builds a pipeline from its parts.
func New(c Components, opts Options) (*Pipeline, error) {
	if c.Data == nil || c.Router == nil || c.Graph == nil || c.Context == nil {
		return nil, fmt.Errorf("pipeline: %w: data, router, graph and context builder are required", ErrBadOption)
	}
	if len(c.Retrievers) == 0 {
		return nil, fmt.Errorf("pipeline: %w: no retrievers", ErrBadOption)
	}
	if opts.LegTimeout <= 0 {
		opts.LegTimeout = DefaultOptions().LegTimeout
	}
	if opts.RRFK <= 0 {
		opts.RRFK = 60
	}
	if opts.MaxEnrich <= 0 {
		opts.MaxEnrich = 20
	}
	if opts.WriterTimeout <= 0 {
		opts.WriterTimeout = DefaultWriterTimeout
	}
	if opts.AsOf == 0 {
		opts.AsOf = time.Now().Year()
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	p := &Pipeline{
		data:       c.Data,
		router:     c.Router,
		graph:      c.Graph,
		retrievers: c.Retrievers,
		builder:    c.Context,
		enricher:   c.Enricher,
		frames:     c.Frames,
		opts:       opts,
		log:        log,
	}
	if opts.CacheSize > 0 {
		if p.opts.CacheTTL <= 0 {
			p.opts.CacheTTL = DefaultCacheTTL
		}
		p.answers = p.answerCache(opts.CacheSize, p.opts.CacheTTL)
	}
	p.entities = cache.NewTTL[[]string](4096, 10*time.Minute)
	p.graph = withEntityCache(c.Graph, p.entities)
	p.base = answer.New(c.Data, p.graph, lexiconOf(c.Router), p.opts.AsOf)
	p.answerers = p.base.Registry()
	return p, nil
}

// StartupErrors are the backends that did not answer at start.
func (p *Pipeline) StartupErrors() []SourceError { return slices.Clone(p.opts.StartupErrors) }

// Data is the dataset the pipeline answers from.
func (p *Pipeline) Data() *heritage.Dataset { return p.data }

// Ask answers one question, from the answer cache when it holds the
// answer (see Options.CacheSize). The response is the caller's: it shares
// nothing with the cache.
func (p *Pipeline) Ask(ctx context.Context, req Request) (*Response, error) {
	start := time.Now()
	if err := req.Validate(); err != nil {
		return nil, err
	}
	var asker cache.Answerer[Request, *Response] = uncached{p}
	if p.answers != nil {
		asker = p.answers
	}
	resp, err := asker.Ask(ctx, req)
	if err != nil {
		return nil, err
	}
	if resp.Cached {
		resp.Timings = Timings{}
	}
	resp.Timings.TotalMS = ms(time.Since(start))
	if req.Explain {
		if resp.Explain == nil {
			resp.Explain = &Explain{}
		}
		resp.Explain.Cache = p.CacheStats()
	} else {
		resp.Explain = nil
	}
	return resp, nil
}

// uncached is the pipeline without its answer cache.
type uncached struct{ p *Pipeline }

func (u uncached) Ask(ctx context.Context, req Request) (*Response, error) {
	resp, err := u.p.answer(ctx, req)
	if err == nil {
		// An answer finished after the request's deadline is not an answer
		// to that request.
		err = ctx.Err()
	}
	if err != nil {
		return nil, err
	}
	return resp, nil
}

// answerCache puts the answer cache in front of the pipeline: keyed on
// the normalised request and the data version, refreshed by NoCache,
// never keeping a degraded answer, handing out deep copies.
func (p *Pipeline) answerCache(size int, ttl time.Duration) *cache.Asker[Request, *Response] {
	return cache.NewAsker[Request, *Response](uncached{p}, cache.NewTTL[*Response](size, ttl), cache.AskPolicy[Request, *Response]{
		Key: func(req Request) (string, bool) {
			return req.cacheKey(p.data.Version+missingKey(p.unavailable()), p.writerModel(req)), req.NoCache
		},
		Keep: func(resp *Response) bool { return !p.degraded(resp) },
		Copy: (*Response).Clone,
		Serve: func(req Request, cached *Response) *Response {
			r := *cached
			if !req.Explain {
				r.Explain = nil // not copied only to be dropped
			}
			out := r.Clone()
			out.Cached = true
			return out
		},
	})
}

// writerModel is the model that writes req's answer; "" when none does.
func (p *Pipeline) writerModel(req Request) string {
	if !req.LLM || p.opts.Writer == nil {
		return ""
	}
	return p.opts.Writer.Model()
}

// degraded reports whether a backend failed while answering: the response
// has errors beyond those every response carried when it was asked (the
// backends unavailable since start or not connected yet). Such an answer
// is not cached, so it is not served once the backend is back.
func (p *Pipeline) degraded(resp *Response) bool {
	return len(resp.Errors) > resp.expectedErrors
}

// unavailable are the backends not connected at the moment.
func (p *Pipeline) unavailable() []SourceError {
	if p.opts.Unavailable == nil {
		return nil
	}
	return p.opts.Unavailable()
}

// missingKey is the part of the answer cache's key that names the
// backends missing: empty when none is.
func missingKey(missing []SourceError) string {
	var b strings.Builder
	for _, e := range missing {
		b.WriteString("\x1fwithout ")
		b.WriteString(e.Source)
	}
	return b.String()
}

// CacheStats reports the caches' counters.
func (p *Pipeline) CacheStats() CacheStats {
	var s CacheStats
	if p.answers != nil {
		q := p.answers.Stats()
		s.QueryHits, s.QueryMisses = q.Hits, q.Misses
	}
	e := p.entities.Stats()
	s.EntityHits, s.EntityMisses = e.Hits, e.Misses
	return s
}

func (p *Pipeline) answer(ctx context.Context, req Request) (*Response, error) {
	resp := &Response{
		Question:    req.Question,
		Lang:        req.Lang,
		DataVersion: p.data.Version,
		BySource:    map[string]int{},
		Warnings:    []string{},
		Errors:      slices.Concat(p.opts.StartupErrors, p.unavailable()),
		Explain:     &Explain{},
		Timings:     Timings{Legs: map[string]float64{}},
	}
	if resp.Errors == nil {
		resp.Errors = []SourceError{}
	}
	resp.expectedErrors = len(resp.Errors)

	t := time.Now()
	pln := p.router.Route(req.Question).Without(req.Without)
	if req.langUnshown {
		// no function word showed the language: the lexicon's rows the
		// words stand in may, or the endings of its compounds besides
		// the names read
		if l, ok := p.wordsLanguage(pln); ok {
			req.Lang, resp.Lang = l, l
		}
	}
	pln.Lang = req.Lang // the answer code writes in it (locale.For)
	resp.Plan = pln
	resp.Explain.Frames = p.readFrames(req.Question, pln)
	resp.Timings.RouteMS = ms(time.Since(t))

	t = time.Now()
	var sel *kg.Selection
	legs := p.withGraphLeg(p.legs(pln, req), pln, &sel)
	results := fanOut(ctx, legs)
	resp.Timings.RetrieveMS = ms(time.Since(t))

	var lists []fusion.Ranked
	for i, r := range results {
		resp.Timings.Legs[r.Source] = ms(r.Duration)
		if legs[i].answerOnly {
			if r.Err != nil {
				resp.Errors = append(resp.Errors, SourceError{Source: plan.RetrieverKG, Error: "answer selection: " + r.Err.Error()})
				p.log.Warn("graph selection failed", "err", r.Err)
			}
			continue
		}
		report := LegReport{Source: r.Source, Weight: legWeight(pln, r.Source), K: legs[i].Query.K,
			Filters: len(legs[i].Query.Filters), Hits: r.Hits, DurationMS: ms(r.Duration)}
		if r.Err != nil {
			report.Error = r.Err.Error()
			resp.Errors = append(resp.Errors, SourceError{Source: r.Source, Error: r.Err.Error()})
			p.log.Warn("retriever failed", "source", r.Source, "err", r.Err)
		}
		resp.Explain.Legs = append(resp.Explain.Legs, report)
		resp.BySource[r.Source] = len(r.Hits)
		if r.Err == nil {
			lists = append(lists, fusion.Ranked{Source: r.Source, Weight: report.Weight, Hits: r.Hits})
		}
	}
	if len(lists) == 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("pipeline: %w: %s", ErrNoResults, joinErrors(resp.Errors))
	}

	t = time.Now()
	params, chosen := p.fusionParams(pln, req)
	if err := fusion.Validate(lists, params); err != nil {
		return nil, fmt.Errorf("pipeline: %w", err)
	}
	fused := fusion.Fuse(lists, params)
	resp.Timings.FuseMS = ms(time.Since(t))
	resp.Explain.Fusion = FusionReport{Method: params.Method, ChosenBy: chosen}
	switch params.Method {
	case fusion.MethodRRF:
		resp.Explain.Fusion.K = params.K
	case fusion.MethodDBSF:
		resp.Explain.Fusion.Sigmas = params.Sigmas
	}
	if p.opts.Reranker != nil {
		t = time.Now()
		fused = p.rerank(ctx, req, fused, resp)
		resp.Timings.RerankMS = ms(time.Since(t))
	}

	t = time.Now()
	ans := p.answerers.Answer(answer.Input{Selection: sel, Plan: pln, Fused: fused})
	resp.Timings.AnswerMS = ms(time.Since(t))

	// The answer's institutions lead the hits, so that the context and the
	// citations cover them first.
	recs := newRecords(p.data, len(ans.IDs)+len(fused))
	resp.Hits = promote(fused, ans.IDs, recs, req.K)

	t = time.Now()
	built := p.builder.Build(ragcontext.Input{
		Hits:   resp.Hits,
		Record: recs.get,
		Pinned: ans.IDs,
		Budget: ragcontext.Tokens(req.Budget),
	})
	resp.Timings.ContextMS = ms(time.Since(t))
	resp.Context = ContextView{Text: built.Text, Tokens: int(built.Tokens), Budget: int(built.Budget), Truncated: built.Truncated}
	resp.Citations = built.Citations
	resp.Answer = p.cite(ans, resp, recs)
	if p.enricher != nil && len(resp.Answer.IDs) > 0 {
		t = time.Now()
		p.enrich(ctx, resp)
		resp.Timings.EnrichMS = ms(time.Since(t))
	}
	if req.Progress != nil && req.Progress.Retrieved != nil {
		req.Progress.Retrieved(resp.Plan, resp.Hits)
	}
	if req.LLM {
		p.generate(ctx, req, resp)
	}
	return resp, nil
}

// fusionParams are the fusion of one answer: the request's method when it
// names one, else the plan's (the router's table for the intent), else
// RRF; the plan's rank constant, else Options.RRFK. chosenBy says which.
func (p *Pipeline) fusionParams(pln plan.Plan, req Request) (fusion.Params, string) {
	params := fusion.Params{Method: fusion.MethodRRF, K: p.opts.RRFK, Sigmas: fusion.DefaultSigmas}
	if pln.Fusion.K > 0 {
		params.K = pln.Fusion.K
	}
	switch {
	case req.Fusion != "":
		params.Method = req.Fusion
		return params, FusionByRequest
	case pln.Fusion.Method != "":
		params.Method = fusion.Method(pln.Fusion.Method)
		return params, FusionByPlan
	}
	return params, FusionByDefault
}

// rerank reorders the fused hits with the reranker under the leg
// deadline; on failure the fused order stands and the error is reported.
func (p *Pipeline) rerank(ctx context.Context, req Request, fused []fusion.Fused, resp *Response) []fusion.Fused {
	ctx, cancel := context.WithTimeout(ctx, p.opts.LegTimeout)
	defer cancel()
	text := func(id string) string {
		if in, ok := p.data.Get(id); ok {
			return retrievers.DocText(in)
		}
		return ""
	}
	out, err := rerank.Apply(ctx, p.opts.Reranker, req.Question, fused, text, req.K, max(p.opts.RerankMultiplier, 1))
	if err != nil {
		resp.Errors = append(resp.Errors, SourceError{Source: rerank.Source, Error: err.Error()})
		return fused
	}
	return out
}

// enrich adds the Wikidata facts found for the answer's institutions, each
// with its own citation. It runs under the leg deadline; a failure is
// reported and the answer stands.
func (p *Pipeline) enrich(ctx context.Context, resp *Response) {
	ctx, cancel := context.WithTimeout(ctx, p.opts.LegTimeout)
	defer cancel()
	ids := resp.Answer.IDs[:min(len(resp.Answer.IDs), p.opts.MaxEnrich)]
	found, err := p.enricher.Enrich(ctx, ids)
	if err != nil {
		resp.Errors = append(resp.Errors, SourceError{Source: plan.RetrieverWikidata, Error: "enrichment: " + err.Error()})
	}
	for _, e := range found {
		n := len(resp.Citations) + 1
		resp.Citations = append(resp.Citations, ragcontext.Citation{
			N: n, ID: "wikidata:" + e.Entity.QID, Name: cmp.Or(e.Entity.Label, e.Entity.QID),
			Source: "wikidata (SPARQL)", License: "CC0-1.0", Attribution: e.Entity.URL(),
		})
		resp.Wikidata = append(resp.Wikidata, WikidataFacts{ID: e.ID, Entity: e.Entity, Citation: n})
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func joinErrors(errs []SourceError) string {
	var b strings.Builder
	for i, e := range errs {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(e.Error)
	}
	return b.String()
}

// lexiconOf is r's Lexicon, or none.
func lexiconOf(r Router) answer.Lexicon {
	if l, ok := r.(Lexicon); ok {
		return l
	}
	return nil
}

// wordsLanguage is the language a question shows, read after routing:
// the language of the lexicon's rows its words stand in, else the
// endings of its compounds outside the names and places read.
func (p *Pipeline) wordsLanguage(pln plan.Plan) (locale.Lang, bool) {
	if wl, ok := p.router.(WordsLanguage); ok {
		if l := wl.WordsLanguage(pln); l != "" {
			return l, true
		}
	}
	var names []string
	for _, n := range pln.Constraints.Names {
		names = append(names, n.Text)
	}
	for _, pl := range pln.Constraints.Places {
		names = append(names, pl.Text)
	}
	return locale.DefaultWords().DetectBesides(pln.Question, names...)
}
