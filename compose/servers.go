package compose

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"slices"

	"github.com/hybridrag/hybridrag/config"
	"github.com/hybridrag/hybridrag/kg/neo4jkg"
	"github.com/hybridrag/hybridrag/llm"
	"github.com/hybridrag/hybridrag/rerank"
	"github.com/hybridrag/hybridrag/retrievers/qdrantstore"
	"github.com/hybridrag/hybridrag/sources/neo4jstore"
	"github.com/hybridrag/hybridrag/sparql"
)

// OpenNeo4j opens the configured Neo4j server.
func OpenNeo4j(ctx context.Context, cfg config.Config) (*neo4jkg.Store, error) {
	return neo4jkg.Open(ctx, cfg.Neo4j.URI, cfg.Neo4j.User, cfg.Neo4j.Password, neo4jkg.WithConnectTimeout(cfg.StartupTimeout.Std()))
}

// OpenQdrant opens the configured Qdrant collection.
func OpenQdrant(ctx context.Context, cfg config.Config, log *slog.Logger) (*qdrantstore.Store, error) {
	return qdrantstore.Open(ctx, QdrantConfig(cfg), qdrantstore.WithLogger(log))
}

// QdrantConfig is the store configuration of cfg.
func QdrantConfig(cfg config.Config) qdrantstore.Config {
	return qdrantstore.Config{URL: cfg.Qdrant.URL, URLs: cfg.Qdrant.URLs, APIKey: cfg.Qdrant.APIKey, Collection: cfg.Qdrant.Collection,
		Timeout: cfg.StartupTimeout.Std(), Approximate: cfg.Qdrant.SearchEf > 0, SearchEf: cfg.Qdrant.SearchEf,
		Shards: cfg.Qdrant.Shards, ReplicationFactor: cfg.Qdrant.ReplicationFactor, WriteConsistency: cfg.Qdrant.WriteConsistency}
}

// OpenSPARQL opens the configured SPARQL endpoint and checks that it
// answers before ctx ends. The disk cache's directory is made when it is
// missing; a disk cache that cannot be opened is logged and the endpoint
// is used without it.
func OpenSPARQL(ctx context.Context, cfg config.Config, log *slog.Logger) (*sparql.Client, error) {
	opts := []sparql.Option{sparql.WithTimeout(cfg.LegTimeout.Std())}
	if n := cfg.SPARQL.MaxAnswerBytes; n > 0 {
		opts = append(opts, sparql.WithMaxAnswerBytes(n))
	}
	c, err := sparql.New(cfg.SPARQL.Endpoint, opts...)
	if err != nil {
		return nil, err
	}
	if dir := cfg.SPARQL.CacheDir; dir != "" {
		cached, err := sparqlWithDiskCache(cfg.SPARQL.Endpoint, dir, opts)
		if err != nil {
			log.Warn("SPARQL disk cache unavailable; asking the endpoint without it", "dir", dir, "err", err)
		} else {
			_ = c.Close()
			c = cached
		}
	}
	if err := c.Ping(ctx); err != nil {
		_ = c.Close()
		return nil, err
	}
	return c, nil
}

// OpenWikidata is a client of the SPARQL endpoint for enriching records
// (hybridrag enrich --wikidata); it is asked only when rows are enriched.
func OpenWikidata(endpoint string) (*sparql.Client, error) { return sparql.New(endpoint) }

// sparqlWithDiskCache is a client whose answers are also kept in dir,
// made when missing.
func sparqlWithDiskCache(endpoint, dir string, opts []sparql.Option) (*sparql.Client, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return sparql.New(endpoint, append(slices.Clip(opts), sparql.WithDiskCache(filepath.Join(dir, "sparql-cache.bbolt")))...)
}

// NewReranker is the configured reranking server (nil when none is).
func NewReranker(cfg config.Config) (rerank.Reranker, error) {
	if cfg.Rerank.URL == "" {
		return nil, nil
	}
	return rerank.NewHTTP(rerank.Options{Protocol: rerank.Protocol(cfg.Rerank.Protocol), BaseURL: cfg.Rerank.URL,
		Model: cfg.Rerank.Model, APIKey: cfg.Rerank.APIKey, Timeout: cfg.LegTimeout.Std()})
}

// NewWriter is the configured language model (nil when none is). It
// connects for each answer, so a model that is down at start writes
// answers once it is up.
func NewWriter(cfg config.Config) (*llm.Client, error) {
	c := cfg.LLM
	if c.BaseURL == "" {
		return nil, nil
	}
	key, err := c.Key()
	if err != nil {
		return nil, err
	}
	return llm.New(llm.Options{BaseURL: c.BaseURL, Model: c.Model, APIKey: key, Timeout: c.Timeout.Std()})
}

// neo4jCheck is st's readiness check: the server reads its data version.
func neo4jCheck(st *neo4jkg.Store) func(context.Context) error {
	return func(ctx context.Context) error {
		_, err := st.Version(ctx)
		return err
	}
}

// qdrantCheck is qd's readiness check: the server counts the collection.
func qdrantCheck(qd *qdrantstore.Store) func(context.Context) error {
	return func(ctx context.Context) error {
		_, err := qd.Count(ctx)
		return err
	}
}

// OpenSources is the store of users' sources kept in the configured Neo4j
// server, shared by every process that uses it (see sources/neo4jstore).
// It connects on first use: a server that is down now is used once it
// answers.
func OpenSources(cfg config.Config) (*neo4jstore.Store, error) {
	return neo4jstore.New(cfg.Neo4j.URI, cfg.Neo4j.User, cfg.Neo4j.Password, neo4jstore.WithTimeout(cfg.StartupTimeout.Std()))
}
