package compose

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/hybridrag/hybridrag/compose/reconnect"
	"github.com/hybridrag/hybridrag/config"
	"github.com/hybridrag/hybridrag/engines"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg/neo4jkg"
	"github.com/hybridrag/hybridrag/pipeline"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrievers/qdrantstore"
	"github.com/hybridrag/hybridrag/router"
	"github.com/hybridrag/hybridrag/sparql"
)

// ErrConfig is wrapped by Build's errors that come from the configuration
// (not from a server or the data): the command reports them as usage
// errors.
var ErrConfig = errors.New("configuration")

// Settings are what Build builds a stack from.
type Settings struct {
	// Config names the servers (Neo4j, Qdrant, SPARQL), the reranker and
	// the timeouts.
	Config config.Config
	// Data is the dataset the stack answers from.
	Data *heritage.Dataset
	// Engines tunes the embedded engines: prebuilt indexes, the embedder.
	Engines engines.Config
	// Writer, when set, writes answers (see pipeline.Options.Writer).
	Writer        pipeline.Writer
	WriterTimeout time.Duration
	// Logger hears of servers that fail (nil: nothing is logged).
	Logger *slog.Logger
}

// Backend is a configured server and how to check that it answers.
type Backend struct {
	Name  string
	Check func(context.Context) error
}

// Stack is a pipeline and what it is built from.
type Stack struct {
	Engines  *engines.Engines
	Pipeline *pipeline.Pipeline
	// Components are what the pipeline was given: the engines, with the
	// configured servers in their places.
	Components pipeline.Components
	// Backends are the configured servers, each with its readiness
	// check; the check of one still being retried fails.
	Backends []Backend
	retrying reconnect.Group
	closers  []func()
}

// Build builds the embedded engines over the data and the pipeline over
// them, with each configured server in its engine's place. Qdrant answers
// first: when it does, the vector index it replaces is not built (at
// scale it is most of the memory). A server that does not answer within
// the start-up timeout is logged once, named in every answer's errors,
// and opened again in the background until it answers (see reconnect);
// meanwhile the embedded engine keeps its place.
func Build(ctx context.Context, set Settings) (*Stack, error) {
	cfg, log := set.Config, set.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	ecfg := set.Engines
	if cfg.SPARQL.Endpoint != "" {
		ecfg.RouterOptions = append(slices.Clip(ecfg.RouterOptions), router.WithWikidata(true))
	}
	var (
		qd    *qdrantstore.Store
		qdErr error
	)
	if cfg.Qdrant.URL != "" {
		qctx, cancel := context.WithTimeout(ctx, cfg.StartupTimeout.Std())
		qd, qdErr = OpenQdrant(qctx, cfg, log)
		cancel()
		ecfg.NoVector = qd != nil && ecfg.Vector == nil
	}
	e, err := engines.Build(ctx, set.Data, ecfg)
	if err != nil {
		if qd != nil {
			_ = qd.Close()
		}
		return nil, err
	}
	s := &Stack{Engines: e}
	comps := Components(e)
	s.useQdrant(cfg, log, &comps, qd, qdErr)
	s.connect(ctx, cfg, log, &comps)

	opts := pipeline.DefaultOptions()
	if d := cfg.LegTimeout.Std(); d > 0 {
		opts.LegTimeout = d
	}
	opts.Logger = log
	opts.Unavailable = s.retrying.Unavailable
	rr, err := NewReranker(cfg)
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("%w: rerank: %w", ErrConfig, err)
	}
	if rr != nil {
		opts.Reranker, opts.RerankMultiplier = rr, cfg.Rerank.Multiplier
	}
	opts.Writer, opts.WriterTimeout = set.Writer, set.WriterTimeout
	if s.Pipeline, err = pipeline.New(comps, opts); err != nil {
		s.Close()
		return nil, err
	}
	s.Components = comps
	return s, nil
}

// Close stops the retries and releases the servers' connections.
func (s *Stack) Close() {
	s.retrying.Close()
	for _, c := range s.closers {
		c()
	}
	s.closers = nil
}

// Unavailable are the configured servers being retried, as answers name
// them in their errors.
func (s *Stack) Unavailable() []pipeline.SourceError { return s.retrying.Unavailable() }

// Parts names the implementation of each of the pipeline's components,
// by role ("router", "graph", "context", "enricher", "retriever/<leg>"):
// for diagnostics, and for tests that compare stacks.
func (s *Stack) Parts() map[string]string {
	name := func(v any) string {
		if v == nil {
			return ""
		}
		return fmt.Sprintf("%T", v)
	}
	c := s.Components
	out := map[string]string{"router": name(c.Router), "graph": name(c.Graph), "context": name(c.Context)}
	if c.Enricher != nil {
		out["enricher"] = name(c.Enricher)
	}
	for leg, r := range c.Retrievers {
		out["retriever/"+leg] = name(r)
	}
	for _, b := range s.Backends {
		out["backend/"+b.Name] = "configured"
	}
	return out
}

// useQdrant puts the Qdrant store in the vector leg's place, or has it
// opened again in the background when it did not answer.
func (s *Stack) useQdrant(cfg config.Config, log *slog.Logger, comps *pipeline.Components, qd *qdrantstore.Store, qdErr error) {
	switch {
	case qd != nil:
		comps.Retrievers[plan.RetrieverVector] = qd.Retriever(comps.Embedder, qdrantstore.WithRecords(comps.Data))
		s.Backends = append(s.Backends, Backend{"qdrant", qdrantCheck(qd)})
		s.closers = append(s.closers, func() { _ = qd.Close() })
	case qdErr != nil:
		r := reconnect.NewRetriever(comps.Retrievers[plan.RetrieverVector])
		comps.Retrievers[plan.RetrieverVector] = r
		emb, ds := comps.Embedder, comps.Data
		retry(s, log, cfg, "qdrant", reconnect.Spec[*qdrantstore.Store]{Source: "qdrant", Failed: qdErr,
			Open:  func(ctx context.Context) (*qdrantstore.Store, error) { return OpenQdrant(ctx, cfg, log) },
			Join:  func(qd *qdrantstore.Store) { r.Use(qd.Retriever(emb, qdrantstore.WithRecords(ds))) },
			Close: func(qd *qdrantstore.Store) { _ = qd.Close() },
		}, qdrantCheck)
	}
}

// connect opens Neo4j and the SPARQL endpoint at once, each into its own
// typed result, and assigns the components after both answered (or the
// start-up timeout passed), in a fixed order.
func (s *Stack) connect(ctx context.Context, cfg config.Config, log *slog.Logger, comps *pipeline.Components) {
	var (
		neo           *neo4jkg.Store
		wd            *sparql.Client
		neoErr, wdErr error
		g             errgroup.Group
	)
	sctx, cancel := context.WithTimeout(ctx, cfg.StartupTimeout.Std())
	defer cancel()
	if cfg.Neo4j.URI != "" {
		g.Go(func() error { neo, neoErr = OpenNeo4j(sctx, cfg); return nil })
	}
	if cfg.SPARQL.Endpoint != "" {
		g.Go(func() error { wd, wdErr = OpenSPARQL(sctx, cfg, log); return nil })
	}
	_ = g.Wait() // failures are in neoErr and wdErr
	ds := comps.Data

	switch {
	case neo != nil:
		comps.Retrievers[plan.RetrieverKG] = neo4jkg.NewRetriever(neo, ds)
		comps.Graph = neo
		s.Backends = append(s.Backends, Backend{"neo4j", neo4jCheck(neo)})
		s.closers = append(s.closers, func() { _ = neo.Close(context.Background()) })
	case neoErr != nil:
		// The knowledge-graph leg reads the pipeline's graph (the
		// retriever stays the embedded one): swapping the graph is enough.
		g := reconnect.NewGraph(comps.Graph)
		comps.Graph = g
		retry(s, log, cfg, "neo4j", reconnect.Spec[*neo4jkg.Store]{Source: "neo4j", Failed: neoErr,
			Open:  func(ctx context.Context) (*neo4jkg.Store, error) { return OpenNeo4j(ctx, cfg) },
			Join:  func(st *neo4jkg.Store) { g.Use(st) },
			Close: func(st *neo4jkg.Store) { _ = st.Close(context.Background()) },
		}, neo4jCheck)
	}
	switch {
	case wd != nil:
		r := sparql.NewRetriever(wd, ds)
		comps.Retrievers[plan.RetrieverWikidata] = r
		comps.Enricher = r
		s.Backends = append(s.Backends, Backend{"sparql", wd.Ping})
		s.closers = append(s.closers, func() { _ = wd.Close() })
	case wdErr != nil:
		r, en := reconnect.NewRetriever(reconnect.None), reconnect.NewEnricher()
		comps.Retrievers[plan.RetrieverWikidata] = r
		comps.Enricher = en
		retry(s, log, cfg, "sparql", reconnect.Spec[*sparql.Client]{Source: "wikidata", Failed: wdErr,
			Open: func(ctx context.Context) (*sparql.Client, error) { return OpenSPARQL(ctx, cfg, log) },
			Join: func(c *sparql.Client) {
				sr := sparql.NewRetriever(c, ds)
				r.Use(sr)
				en.Use(sr)
			},
			Close: func(c *sparql.Client) { _ = c.Close() },
		}, func(c *sparql.Client) func(context.Context) error { return c.Ping })
	}
}

// retry opens a server that failed at start again in the background
// (spec), names it in answers' errors meanwhile, and checks it as check
// for readiness.
func retry[T any](s *Stack, log *slog.Logger, cfg config.Config, check string, spec reconnect.Spec[T], ping func(T) func(context.Context) error) {
	log.Error("backend unavailable; continuing without it and retrying in the background", "backend", spec.Source, "err", spec.Failed)
	spec.Timeout, spec.Logger = cfg.StartupTimeout.Std(), log
	b := reconnect.Start(spec)
	s.retrying.Add(b)
	s.Backends = append(s.Backends, Backend{check, reconnect.Check(b, ping)})
}
