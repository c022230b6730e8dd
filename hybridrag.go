// Package hybridrag answers questions about heritage institutions —
// museums, archives, libraries — by hybrid retrieval, and links references
// (identifiers in any form, or names with place hints) to them.
//
// New builds a Client on the dataset bundled in the module (16,286
// institutions), with an in-memory knowledge graph, BM25 and a vector index
// whose default embedder needs no model weights: no server, no download.
// Options swap in a Neo4j graph, a custom embedder or a Wikidata SPARQL
// endpoint:
//
//	c, err := hybridrag.New(ctx)
//	if err != nil { … }
//	defer c.Close()
//	resp, err := c.Ask(ctx, "Which museums are part of National Museums Scotland?")
//	fmt.Println(resp.Answer.Text)
//
// The packages under this module are the parts New wires together: router,
// retrievers, fusion, context (package ragcontext), pipeline, linking;
// docs/architecture.md maps them.
package hybridrag

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/hybridrag/hybridrag/compose"
	"github.com/hybridrag/hybridrag/config"
	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/engines"
	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/linking"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/pipeline"
)

// Response is the answer to a question with its evidence: the router's
// plan, the fused hits with per-retriever provenance, the cited context,
// and the sources that failed (see pipeline.Response).
type Response = pipeline.Response

// LinkQuery is a reference to resolve: an identifier or a name, with
// optional hints (see linking.Query).
type LinkQuery = linking.Query

// Candidate is one institution a reference may denote (see
// linking.Candidate).
type Candidate = linking.Candidate

// Embedder turns texts into L2-normalised vectors (see
// embed.Embedder).
type Embedder = embed.Embedder

// DefaultStartupTimeout bounds connecting to each configured server in New.
const DefaultStartupTimeout = 10 * time.Second

// settings are what the options set.
type settings struct {
	data           *heritage.Dataset
	neo4jURI       string
	neo4jUser      string
	neo4jPassword  string
	embedder       Embedder
	sparqlEndpoint string
	logger         *slog.Logger
	legTimeout     time.Duration
	startupTimeout time.Duration
	writer         Writer
	writerTimeout  time.Duration
}

// Option configures New.
type Option func(*settings)

// WithData answers from ds instead of the bundled dataset (see
// heritage.LoadFile for reading one from JSON Lines).
func WithData(ds *heritage.Dataset) Option { return func(s *settings) { s.data = ds } }

// WithNeo4j uses the knowledge graph in the Neo4j server at uri (bolt:// or
// neo4j://) instead of the in-memory one. The server must hold the same
// data (hybridrag ingest loads it). A server that does not answer at start
// is reported in every Response's Errors while the in-memory graph
// answers, and is tried again in the background (after 1 s, doubling up
// to 30 s) until it answers; from then on it is used.
func WithNeo4j(uri, user, password string) Option {
	return func(s *settings) { s.neo4jURI, s.neo4jUser, s.neo4jPassword = uri, user, password }
}

// WithEmbedder embeds records and questions with e instead of the
// built-in hashing embedder; the vector index is built with it in New.
func WithEmbedder(e Embedder) Option { return func(s *settings) { s.embedder = e } }

// WithSPARQL adds a Wikidata SPARQL endpoint: a retriever for questions
// the dataset alone cannot answer, and Wikidata facts about the answer's
// institutions. An endpoint that does not answer at start is reported in
// every Response's Errors, and is tried again in the background until it
// answers, as WithNeo4j's server is.
func WithSPARQL(endpoint string) Option { return func(s *settings) { s.sparqlEndpoint = endpoint } }

// WithLogger logs backend failures to l (default: nothing is logged).
func WithLogger(l *slog.Logger) Option { return func(s *settings) { s.logger = l } }

// WithLegTimeout bounds each retriever of a question (default
// pipeline.DefaultOptions().LegTimeout).
func WithLegTimeout(d time.Duration) Option { return func(s *settings) { s.legTimeout = d } }

// WithStartupTimeout bounds connecting to each configured server in New
// (default DefaultStartupTimeout).
func WithStartupTimeout(d time.Duration) Option { return func(s *settings) { s.startupTimeout = d } }

// Writer is a language model that writes answers; *llm.Client (for any
// OpenAI-compatible chat-completions server: Ollama, vLLM, llama.cpp) is
// one.
type Writer = pipeline.Writer

// WithLLM lets w write a short answer from each question's context, next
// to the extractive one (Response.Generated). The written answer is kept
// only when every sentence cites a given source that holds the years,
// numbers, identifiers and institution names it states; a sentence that
// looks unsafe or says what its sources do not is removed with a warning
// (llm.Checker.Check). Otherwise, or when w fails or takes longer than
// timeout (0: llm.DefaultTimeout), the extractive answer stands with a
// warning.
func WithLLM(w Writer, timeout time.Duration) Option {
	return func(s *settings) { s.writer, s.writerTimeout = w, timeout }
}

// Client answers questions and links references. Build it with New and
// Close it when done; it is safe for concurrent use.
type Client struct {
	data     *heritage.Dataset
	stack    *compose.Stack
	pipeline *pipeline.Pipeline
	linker   *linking.Linker
	writes   bool // a language model writes answers (WithLLM)
}

// New builds a client: it loads the data, builds the in-memory indexes
// (a few seconds for the bundled dataset) and connects to the configured
// servers.
func New(ctx context.Context, opts ...Option) (*Client, error) {
	s := settings{startupTimeout: DefaultStartupTimeout, legTimeout: pipeline.DefaultOptions().LegTimeout}
	for _, o := range opts {
		o(&s)
	}
	if s.logger == nil {
		s.logger = slog.New(slog.DiscardHandler)
	}
	if s.data == nil {
		ds, err := heritage.Embedded()
		if err != nil {
			return nil, fmt.Errorf("hybridrag: %w", err)
		}
		s.data = ds
	}
	cfg := config.Default()
	cfg.Neo4j.URI, cfg.Neo4j.User, cfg.Neo4j.Password = s.neo4jURI, s.neo4jUser, s.neo4jPassword
	cfg.SPARQL.Endpoint, cfg.SPARQL.CacheDir = s.sparqlEndpoint, ""
	cfg.LegTimeout, cfg.StartupTimeout = config.Duration(s.legTimeout), config.Duration(s.startupTimeout)
	st, err := compose.Build(ctx, compose.Settings{Config: cfg, Data: s.data, Engines: engines.Config{Embedder: s.embedder},
		Writer: s.writer, WriterTimeout: s.writerTimeout, Logger: s.logger})
	if err != nil {
		return nil, fmt.Errorf("hybridrag: %w", err)
	}
	return &Client{data: s.data, stack: st, pipeline: st.Pipeline, writes: s.writer != nil,
		linker: linking.New(s.data, st.Engines.KG, linking.WithNameIndex(st.Engines.Router.NameIndex()))}, nil
}

// Parts names the implementation of each of the client's components, by
// role (see compose.Stack.Parts).
func (c *Client) Parts() map[string]string { return c.stack.Parts() }

// AskOption tunes one question.
type AskOption func(*pipeline.Request)

// WithK returns at most k fused hits (default pipeline.DefaultK).
func WithK(k int) AskOption { return func(r *pipeline.Request) { r.K = k } }

// WithBudget sets the context budget in tokens (default
// pipeline.DefaultBudget).
func WithBudget(tokens int) AskOption { return func(r *pipeline.Request) { r.Budget = tokens } }

// WithFilters restricts every retriever (see filter.Parse for the operator
// dict that builds a Set).
func WithFilters(fs filter.Set) AskOption { return func(r *pipeline.Request) { r.Filters = fs } }

// WithExplain adds each retriever's own ranking to the response.
func WithExplain() AskOption { return func(r *pipeline.Request) { r.Explain = true } }

// WithFusion merges the retrievers' rankings with m (fusion.MethodRRF,
// MethodRelative or MethodDBSF) instead of the fusion the router's table
// chose for the intent; an unknown method is a pipeline.ErrBadOption.
func WithFusion(m fusion.Method) AskOption { return func(r *pipeline.Request) { r.Fusion = m } }

// WithLang answers in l (locale.EN, NL, DE) instead of the question's
// language.
func WithLang(l locale.Lang) AskOption { return func(r *pipeline.Request) { r.Lang = l } }

// WithoutCache answers afresh instead of from the answer cache; the fresh
// answer replaces the cached one.
func WithoutCache() AskOption { return func(r *pipeline.Request) { r.NoCache = true } }

// WithTokens hands the language model's answer (WithLLM) to f as the
// model writes it, a checked sentence at a time: a sentence the check
// removes is never handed on (see pipeline.Progress).
func WithTokens(f func(text string)) AskOption {
	return func(r *pipeline.Request) { r.Progress = &pipeline.Progress{Token: f} }
}

// Ask answers one question. A failing retriever is reported in the
// response's Errors; an error means no answer could be made (a bad
// question or option, wrapping pipeline.ErrEmptyQuestion,
// pipeline.ErrTooLong or pipeline.ErrBadOption, or ctx ending).
func (c *Client) Ask(ctx context.Context, question string, opts ...AskOption) (*Response, error) {
	req := pipeline.Request{Question: question, LLM: c.writes}
	for _, o := range opts {
		o(&req)
	}
	return c.pipeline.Ask(ctx, req)
}

// Link resolves a reference to at most limit candidate institutions (5
// when limit ≤ 0), best first; a candidate with Match set is the referent
// with high confidence.
func (c *Client) Link(ctx context.Context, q LinkQuery, limit int) ([]Candidate, error) {
	return c.linker.Link(ctx, q, limit)
}

// Data is the dataset the client answers from.
func (c *Client) Data() *heritage.Dataset { return c.data }

// Close stops the retries and releases the connections to the
// configured servers.
func (c *Client) Close() error {
	c.stack.Close()
	return nil
}
