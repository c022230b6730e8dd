package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/hybridrag/hybridrag/compose"
	"github.com/hybridrag/hybridrag/config"
	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/engines"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/index"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/llm"
	"github.com/hybridrag/hybridrag/pipeline"
	"github.com/hybridrag/hybridrag/retrievers/bm25"
	"github.com/hybridrag/hybridrag/retrievers/vector"
	"github.com/hybridrag/hybridrag/router"
	"github.com/hybridrag/hybridrag/server"
	"github.com/hybridrag/hybridrag/sources"
)

// dataFlags are the flags that choose the data, the backends and the
// timeouts. Settings come from defaults, then --config-file, then HYBRIDRAG_*
// variables, then these flags.
type dataFlags struct {
	config      string
	data        string
	skipInvalid bool
	embedder    string
	neo4j       string
	qdrant      string
	sparql      string
	index       string
	cacheDir    string
	store       string
	rerank      string
	llm         string
	llmModel    string
	timeout     time.Duration
	legTimeout  time.Duration
}

func (d *dataFlags) register(fs *flagSet) {
	fs.StringVar(&d.config, "config-file", "", "JSON configuration file (default $HYBRIDRAG_CONFIG; see README: Configuration)")
	fs.StringVar(&d.data, "data", "", "institutions JSON Lines file (.jsonl or .jsonl.gz) instead of the bundled dataset")
	fs.BoolVar(&d.skipInvalid, "skip-invalid", false, "with --data: skip and count invalid lines instead of failing")
	fs.StringVar(&d.embedder, "embedder", "", "hashing (default, no model), minilm or minilm-q (the same model quantized: run scripts/install-model.sh first)")
	fs.StringVar(&d.neo4j, "neo4j", "", "Neo4j knowledge graph, e.g. bolt://127.0.0.1:7687 (env HYBRIDRAG_NEO4J_URI)")
	fs.StringVar(&d.qdrant, "qdrant", "", "Qdrant vectors (gRPC), e.g. http://127.0.0.1:6334 (env HYBRIDRAG_QDRANT_URL)")
	fs.StringVar(&d.sparql, "sparql", "", "Wikidata SPARQL endpoint, e.g. https://query.wikidata.org/sparql (env HYBRIDRAG_SPARQL_ENDPOINT)")
	fs.StringVar(&d.index, "index", "", "directory of prebuilt indexes from \"hybridrag index build\" (env HYBRIDRAG_INDEX_DIR); starts in well under a second")
	fs.StringVar(&d.cacheDir, "cache-dir", "", "where the indexes built at the first start are kept (env HYBRIDRAG_CACHE_DIR; default: the user cache directory + /hybridrag; \"off\": build in memory every time)")
	fs.StringVar(&d.store, "store", "", "directory of the sources added with \"ingest --source\" (env HYBRIDRAG_STORE; default ~/.local/share/hybridrag/sources; \"off\": the base data alone); with Neo4j configured the sources are kept in Neo4j, shared by every process, and this directory is only offered for upload (ingest --sync)")
	fs.StringVar(&d.rerank, "rerank", "", "reranking server (TEI /rerank; env HYBRIDRAG_RERANK_URL), off by default")
	fs.DurationVar(&d.timeout, "timeout", 0, "deadline for a whole request (default 30s)")
	fs.DurationVar(&d.legTimeout, "leg-timeout", 0, "deadline for each retriever (default 2s)")
}

// registerLLM adds the language-model flags (ask and serve). The model's
// key is read from the configuration or the environment only.
func (d *dataFlags) registerLLM(fs *flagSet) {
	fs.StringVar(&d.llm, "llm", "", "OpenAI-compatible chat-completions server that writes a cited answer, e.g. http://127.0.0.1:11434/v1 (Ollama; env HYBRIDRAG_LLM_URL), off by default")
	fs.StringVar(&d.llmModel, "llm-model", "", "model name for --llm, e.g. llama3.2 (env HYBRIDRAG_LLM_MODEL; key: HYBRIDRAG_LLM_API_KEY or config llm.api_key_file)")
}

// resolve layers the settings and validates them once.
func (d dataFlags) resolve(getenv func(string) string) (config.Config, error) {
	return d.resolveFrom(config.Default(), getenv)
}

// resolveFrom layers the settings over the given defaults and validates
// them once.
func (d dataFlags) resolveFrom(cfg config.Config, getenv func(string) string) (config.Config, error) {
	file := d.config
	if file == "" {
		file = getenv("HYBRIDRAG_CONFIG")
	}
	if file != "" {
		if err := cfg.LoadFile(file); err != nil {
			return cfg, usagef("configuration file: %v", err)
		}
	}
	if err := cfg.LoadEnv(getenv); err != nil {
		return cfg, usagef("%v", err)
	}
	set := func(dst *string, v string) {
		if v != "" {
			*dst = v
		}
	}
	set(&cfg.Data, d.data)
	set(&cfg.Embedder, d.embedder)
	set(&cfg.Neo4j.URI, d.neo4j)
	set(&cfg.Qdrant.URL, d.qdrant)
	set(&cfg.SPARQL.Endpoint, d.sparql)
	set(&cfg.IndexDir, d.index)
	set(&cfg.CacheDir, d.cacheDir)
	set(&cfg.Store, d.store)
	set(&cfg.Rerank.URL, d.rerank)
	set(&cfg.LLM.BaseURL, d.llm)
	set(&cfg.LLM.Model, d.llmModel)
	cfg.SkipInvalid = cfg.SkipInvalid || d.skipInvalid
	if d.timeout != 0 {
		cfg.RequestTimeout = config.Duration(d.timeout)
	}
	if d.legTimeout != 0 {
		cfg.LegTimeout = config.Duration(d.legTimeout)
	}
	if err := cfg.Validate(); err != nil {
		return cfg, usagef("%v", err)
	}
	return cfg, nil
}

// loadData loads the dataset the configuration chooses: the base data
// with the store's sources over it (see loadComposed).
func (e *env) loadData(cfg config.Config) (*heritage.Dataset, error) {
	d, err := e.loadComposed(cfg)
	if err != nil {
		return nil, err
	}
	return d.Dataset, nil
}

// loadBase loads the bundled dataset, or the configured file, from its
// snapshot in the cache directory when there is one.
func (e *env) loadBase(cfg config.Config) (*heritage.Dataset, error) {
	stderr := e.stderr
	root := cacheRoot(cfg, nil)
	if cfg.Data == "" {
		if root == "" {
			return e.bundled()
		}
		return index.LoadDataset(root, heritage.EmbeddedVersion(), e.bundled)
	}
	// From the cache, the version of an unchanged file is known without
	// reading it, and a file with a snapshot is never read.
	var (
		b       []byte
		version string
		err     error
	)
	if root == "" {
		b, err = os.ReadFile(cfg.Data)
	} else {
		version, b, err = index.DataVersion(root, cfg.Data)
	}
	if err != nil {
		return nil, usagef("--data: %v", err)
	}
	load := func() (*heritage.Dataset, error) {
		if b == nil {
			var err error
			if b, err = os.ReadFile(cfg.Data); err != nil {
				return nil, usagef("--data: %v", err)
			}
		}
		ds, err := heritage.LoadBytes(b, heritage.LoadOptions{SkipInvalid: cfg.SkipInvalid})
		if err != nil {
			return nil, usagef("--data: %v", err)
		}
		return ds, nil
	}
	var ds *heritage.Dataset
	if root == "" {
		ds, err = load()
	} else {
		ds, err = index.LoadDataset(root, version, func() (*heritage.Dataset, error) {
			// A first start parses the file: at a million records a minute.
			fmt.Fprintf(stderr, "hybridrag: reading the records of %s (later starts read its snapshot in the cache)\n", cfg.Data)
			return load()
		})
	}
	if err != nil {
		return nil, err
	}
	if n := len(ds.Skipped); n > 0 {
		fmt.Fprintf(stderr, "hybridrag: skipped %d invalid lines of %s (first: %v)\n", n, cfg.Data, &ds.Skipped[0])
	}
	return ds, nil
}

// stack is everything a command may need, built once.
type stack struct {
	cfg  config.Config
	data *heritage.Dataset
	// composed is data with what it is made of: the base and the store's
	// sources over it.
	composed *sources.Data
	// vector is the embedded vector index (nil when Qdrant holds the
	// vectors), over text.
	vector     *vector.Index
	vectorText func(*heritage.Institution) string
	bm25       *bm25.Retriever
	pipeline   *pipeline.Pipeline
	kg         *kg.Graph
	router     *router.Router
	embedder   embed.Embedder
	// embedderName is the embedder in use: "hashing" when the configured
	// one is not available.
	embedderName string
	// indexes are the on-disk indexes in use (nil: built in memory).
	indexes *openedIndexes
	// built is the pipeline with its servers, from the composition root.
	built *compose.Stack
	// indexClosers release the on-disk indexes; a stack made from this
	// one (buildStackOver) takes them over.
	indexClosers []func()
}

// checks are the readiness checks of the configured servers.
func (s *stack) checks() []server.Check {
	out := make([]server.Check, 0, len(s.built.Backends))
	for _, b := range s.built.Backends {
		out = append(out, server.Check{Name: b.Name, Check: b.Check})
	}
	return out
}

// Close stops the retries and releases the servers' connections and the
// on-disk indexes.
func (s *stack) Close() {
	if s.built != nil {
		s.built.Close()
	}
	for _, c := range s.indexClosers {
		c()
	}
}

// newLogger logs warnings and errors to stderr.
func newLogger(stderr io.Writer) *slog.Logger {
	return slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
}

// buildStack wires the pipeline: the embedded components, with each
// configured backend swapped in when it answers within the start-up
// timeout. A backend that does not answer is logged once and reported in
// every response's errors; the embedded component keeps its place.
func (e *env) buildStack(ctx context.Context, cfg config.Config) (*stack, error) {
	defer preloadTokenizer()()
	resume := e.pauseToOpen(cfg)
	defer resume()
	data, err := e.loadComposed(cfg)
	if err != nil {
		return nil, err
	}
	return e.buildStackOver(ctx, cfg, data, nil, resume)
}

// buildStackOver is buildStack over the data given. When prev is not nil
// (the stack over an earlier version of the data), the vectors of the
// records that did not change are taken from it. building is called
// before anything is derived or built (rather than read from the cache).
func (e *env) buildStackOver(ctx context.Context, cfg config.Config, data *sources.Data, prev *stack, building func()) (*stack, error) {
	log := newLogger(e.stderr)
	ds := data.Dataset
	emb, err := compose.Embedder(cfg, e.getenv, log)
	if err != nil {
		return nil, err
	}
	ecfg := engines.Config{Embedder: emb}
	var closers []func()
	// What is derived from the data alone is kept beside its snapshot: it
	// is read while the indexes open, or derived once they are open (a
	// first start builds both, and not at once, to bound its memory). A
	// stack rebuilt over changed data derives it in memory.
	root := ""
	if prev == nil {
		root = cacheRoot(cfg, nil)
	}
	if root != "" && index.DerivedKept(root, ds.Version) {
		closers = append(closers, useDerived(root, ds, &ecfg, building))
		root = ""
	} else {
		building()
	}
	ic, err := e.embeddedIndexes(ctx, cfg, data, prev, log, &ecfg, building)
	if err != nil {
		for _, c := range closers {
			c()
		}
		return nil, err
	}
	if root != "" {
		deriving := sync.OnceFunc(func() {
			fmt.Fprintf(e.stderr, "hybridrag: deriving the knowledge graph, the name index and the router's tables of %d records (later starts read them from the cache)\n", ds.Len())
		})
		closers = append(closers, useDerived(root, ds, &ecfg, deriving))
	}
	closers = append(closers, ic.closers...)
	built, err := compose.Build(ctx, compose.Settings{Config: cfg, Data: ds, Engines: e.indexes(ds, ecfg), Logger: log})
	if err != nil {
		for _, c := range closers {
			c()
		}
		if errors.Is(err, compose.ErrConfig) {
			return nil, usagef("%v", err)
		}
		return nil, err
	}
	eng := built.Engines
	s := &stack{cfg: cfg, data: ds, composed: data, kg: eng.KG, embedder: eng.Embedder, embedderName: "hashing",
		indexClosers: closers, built: built, pipeline: built.Pipeline, router: eng.Router, bm25: eng.BM25, vector: eng.Vector}
	if prev != nil {
		// The vectors' embedder may be the on-disk indexes' (a shared
		// embedding cache): this stack releases them now.
		s.indexClosers, prev.indexClosers = append(s.indexClosers, prev.indexClosers...), nil
	}
	s.indexes, s.vectorText = ic.opened, ic.text
	if emb != nil {
		s.embedderName = cfg.Embedder
	}
	return s, nil
}

// answerer is the pipeline that answers the commands' questions: the
// stack's, with the configured language model as its writer when there
// is one.
func (s *stack) answerer() (*pipeline.Pipeline, error) {
	w, err := s.writer()
	if w == nil || err != nil {
		return s.pipeline, err
	}
	return s.pipeline.WithWriter(w, s.cfg.LLM.Timeout.Std()), nil
}

// writer is the configured language model; nil when there is none. It
// connects for each answer, so a model that is down at start writes
// answers once it is up.
func (s *stack) writer() (*llm.Client, error) {
	w, err := compose.NewWriter(s.cfg)
	if err != nil {
		return nil, usagef("%v", err)
	}
	return w, nil
}

func noticeText() string {
	return heritage.Notice()
}
