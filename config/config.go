// Package config holds hybridrag's settings: defaults, then a JSON file,
// then HYBRIDRAG_* environment variables, then command-line flags,
// validated once and read-only afterwards.
package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is every setting. Empty backend settings mean "not configured":
// the embedded default is used.
type Config struct {
	// Data is an institutions JSON Lines file; empty = the bundled data.
	Data        string `json:"data,omitempty"`
	SkipInvalid bool   `json:"skip_invalid,omitempty"`

	// Embedder is "hashing" (default, no model), "minilm" or "minilm-q"
	// (ONNX: all-MiniLM-L6-v2 with float or 8-bit weights). ModelDir is
	// minilm's directory, ModelQDir minilm-q's.
	Embedder  string `json:"embedder,omitempty"`
	ModelDir  string `json:"model_dir,omitempty"`
	ModelQDir string `json:"model_q_dir,omitempty"`
	ORTLib    string `json:"ort_lib,omitempty"`

	// IndexDir is a directory of prebuilt indexes (hybridrag index build);
	// empty = build them in memory at start.
	IndexDir string `json:"index_dir,omitempty"`
	// CacheDir is where indexes built at the first start are kept for
	// the next (default: the user's cache directory + "/hybridrag");
	// "off" builds them in memory at every start. IndexDir wins.
	CacheDir string `json:"cache_dir,omitempty"`
	// Store is the directory of the sources users add (hybridrag ingest
	// --source; default: $XDG_DATA_HOME/hybridrag/sources or
	// ~/.local/share/hybridrag/sources); "off" answers from the base data
	// alone.
	Store string `json:"store,omitempty"`

	Neo4j  Neo4j  `json:"neo4j"`
	Qdrant Qdrant `json:"qdrant"`
	SPARQL SPARQL `json:"sparql"`
	Rerank Rerank `json:"rerank"`
	LLM    LLM    `json:"llm"`
	Serve  Serve  `json:"serve"`

	// RequestTimeout bounds a whole request; LegTimeout each retriever;
	// StartupTimeout connecting to every backend at start.
	RequestTimeout Duration `json:"request_timeout,omitempty"`
	LegTimeout     Duration `json:"leg_timeout,omitempty"`
	StartupTimeout Duration `json:"startup_timeout,omitempty"`
}

// Neo4j is the knowledge-graph server.
type Neo4j struct {
	URI      string `json:"uri,omitempty"`
	User     string `json:"user,omitempty"`
	Password string `json:"password,omitempty"`
}

// Qdrant is the vector store.
type Qdrant struct {
	URL string `json:"url,omitempty"`
	// URLs are the gRPC endpoints of more nodes of the same cluster: when
	// the node in use cannot be reached, calls go on to the next (URL
	// first, then these in order).
	URLs       []string `json:"urls,omitempty"`
	APIKey     string   `json:"api_key,omitempty"`
	Collection string   `json:"collection,omitempty"`
	// Shards, ReplicationFactor and WriteConsistency shape the collection
	// "hybridrag ingest --qdrant" creates (Qdrant's shard_number,
	// replication_factor and write_consistency_factor); 0 leaves each to
	// the server (one shard per node, one copy, one acknowledgement). An
	// existing collection keeps its own.
	Shards            int `json:"shards,omitempty"`
	ReplicationFactor int `json:"replication_factor,omitempty"`
	WriteConsistency  int `json:"write_consistency,omitempty"`
	// SearchEf 0 (the default) makes every search exact, with the embedded
	// vector index's results; a positive value searches Qdrant's HNSW graph
	// with that beam width (hnsw_ef): faster on large collections, and
	// approximate.
	SearchEf int `json:"search_ef,omitempty"`
}

// SPARQL is the Wikidata endpoint (Wikidata itself or a mirror).
type SPARQL struct {
	Endpoint string `json:"endpoint,omitempty"`
	CacheDir string `json:"cache_dir,omitempty"`
	// MaxAnswerBytes bounds one answer body; 0 means the client's default.
	MaxAnswerBytes int64 `json:"max_answer_bytes,omitempty"`
}

// Rerank is an optional reranking server (off when URL is empty).
type Rerank struct {
	URL        string `json:"url,omitempty"`
	Protocol   string `json:"protocol,omitempty"` // tei (default) or cohere
	Model      string `json:"model,omitempty"`
	APIKey     string `json:"api_key,omitempty"`
	Multiplier int    `json:"multiplier,omitempty"` // candidates = max(k × multiplier, 30)
}

// LLM is an optional OpenAI-compatible chat-completions server (Ollama,
// vLLM, llama.cpp server) that writes a short cited answer from the
// context; off when BaseURL is empty. The key comes from here or the
// environment, never from the command line.
type LLM struct {
	// BaseURL is the API root, e.g. http://127.0.0.1:11434/v1 (Ollama).
	BaseURL string `json:"base_url,omitempty"`
	Model   string `json:"model,omitempty"`
	APIKey  string `json:"api_key,omitempty"`
	// APIKeyFile is a file holding the key (surrounding space trimmed).
	APIKeyFile string `json:"api_key_file,omitempty"`
	// Timeout bounds one written answer (default 20 s); a slower model's
	// answer is dropped and the extractive answer stands.
	Timeout Duration `json:"timeout,omitempty"`
}

// Key returns the key: APIKeyFile's content when set, else APIKey.
func (l LLM) Key() (string, error) { return readKey("llm", l.APIKey, l.APIKeyFile) }

// Serve are the settings of the HTTP server ("hybridrag serve").
type Serve struct {
	// APIKey, when set, is required on /v1/* and /metrics. Prefer
	// APIKeyFile or HYBRIDRAG_API_KEY: a key given on the command line is
	// visible to every user of the machine (ps).
	APIKey string `json:"api_key,omitempty"`
	// APIKeyFile is a file holding the API key (surrounding space trimmed).
	APIKeyFile string `json:"api_key_file,omitempty"`
	// PublicURL is the public base URL of the service (for example
	// https://example.org behind a proxy); absolute URLs it gives out
	// (the reconciliation manifest) start with it.
	PublicURL string `json:"public_url,omitempty"`
	// TrustProxy lets X-Forwarded-Host and X-Forwarded-Proto choose those
	// URLs; set it only behind a proxy that sets or strips them.
	TrustProxy bool `json:"trust_proxy,omitempty"`
	// MaxBody is the largest request body in bytes; MaxInFlight the most
	// requests served at once; MaxQueueWait the longest an ask may expect
	// to wait for one of them before it is refused with 503; MaxConns the
	// most open connections. Zero means the server's default.
	MaxBody      int64    `json:"max_body,omitempty"`
	MaxInFlight  int      `json:"max_in_flight,omitempty"`
	MaxQueueWait Duration `json:"max_queue_wait,omitempty"`
	MaxConns     int      `json:"max_conns,omitempty"`
	// Reconcile bounds the reconciliation service's requests.
	Reconcile ReconcileLimits `json:"reconcile"`
}

// ReconcileLimits bound one /reconcile request; zero means the default
// (see docs/reliability.md).
type ReconcileLimits struct {
	MaxQueries     int `json:"max_queries,omitempty"`
	MaxQueryChars  int `json:"max_query_chars,omitempty"`
	MaxCandidates  int `json:"max_candidates,omitempty"`
	MaxExtendIDs   int `json:"max_extend_ids,omitempty"`
	MaxExtendCells int `json:"max_extend_cells,omitempty"`
}

// Key returns the API key: APIKeyFile's content when set, else APIKey.
func (s Serve) Key() (string, error) { return readKey("", s.APIKey, s.APIKeyFile) }

// readKey returns file's content when file is set, else key; what names
// the setting in errors.
func readKey(what, key, file string) (string, error) {
	if file == "" {
		return key, nil
	}
	what = strings.TrimSpace(what + " api key file")
	b, err := os.ReadFile(file)
	if err != nil {
		return "", fmt.Errorf("config: %s: %w", what, err)
	}
	k := strings.TrimSpace(string(b))
	if k == "" {
		return "", fmt.Errorf("config: %s %s: %w: the file is empty", what, file, ErrInvalid)
	}
	return k, nil
}

// Duration is a time.Duration written as "2s" in JSON.
type Duration time.Duration

// UnmarshalJSON reads "1.5s" or a number of seconds.
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		v, err := time.ParseDuration(s)
		if err != nil {
			return err
		}
		*d = Duration(v)
		return nil
	}
	var secs float64
	if err := json.Unmarshal(b, &secs); err != nil {
		return fmt.Errorf("want a duration such as \"2s\" or a number of seconds")
	}
	*d = Duration(secs * float64(time.Second))
	return nil
}

// MarshalJSON writes the duration as text.
func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(time.Duration(d).String()) }

// Std returns the standard library duration.
func (d Duration) Std() time.Duration { return time.Duration(d) }

// Default returns the embedded, server-free configuration.
func Default() Config {
	return Config{
		Embedder:       "hashing",
		Qdrant:         Qdrant{Collection: "hybridrag"},
		Neo4j:          Neo4j{User: "neo4j"},
		Rerank:         Rerank{Protocol: "tei", Multiplier: 3},
		LLM:            LLM{Timeout: Duration(20 * time.Second)},
		RequestTimeout: Duration(30 * time.Second),
		LegTimeout:     Duration(2 * time.Second),
		StartupTimeout: Duration(10 * time.Second),
	}
}

// Bounds of the Qdrant cluster settings.
const (
	MaxQdrantURLs     = 64
	MaxQdrantShards   = 1024
	MaxQdrantReplicas = 16
)

// ErrInvalid is wrapped by every validation error.
var ErrInvalid = errors.New("invalid configuration")

// LoadFile merges a JSON file into c. Unknown keys are an error.
func (c *Config) LoadFile(path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("config: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(c); err != nil {
		return fmt.Errorf("config: %s: %w: %v", path, ErrInvalid, err)
	}
	return nil
}

// Env lists the environment variables read by LoadEnv.
var Env = []string{
	"HYBRIDRAG_DATA", "HYBRIDRAG_EMBEDDER", "HYBRIDRAG_MODEL_DIR", "HYBRIDRAG_MODEL_Q_DIR", "HYBRIDRAG_ORT_LIB",
	"HYBRIDRAG_NEO4J_URI", "HYBRIDRAG_NEO4J_USER", "HYBRIDRAG_NEO4J_PASSWORD",
	"HYBRIDRAG_QDRANT_URL", "HYBRIDRAG_QDRANT_URLS", "HYBRIDRAG_QDRANT_API_KEY", "HYBRIDRAG_QDRANT_COLLECTION", "HYBRIDRAG_QDRANT_SEARCH_EF",
	"HYBRIDRAG_QDRANT_SHARDS", "HYBRIDRAG_QDRANT_REPLICATION_FACTOR", "HYBRIDRAG_QDRANT_WRITE_CONSISTENCY",
	"HYBRIDRAG_SPARQL_ENDPOINT", "HYBRIDRAG_SPARQL_CACHE_DIR", "HYBRIDRAG_INDEX_DIR", "HYBRIDRAG_CACHE_DIR", "HYBRIDRAG_STORE",
	"HYBRIDRAG_RERANK_URL", "HYBRIDRAG_RERANK_PROTOCOL", "HYBRIDRAG_RERANK_MODEL", "HYBRIDRAG_RERANK_API_KEY",
	"HYBRIDRAG_LLM_URL", "HYBRIDRAG_LLM_MODEL", "HYBRIDRAG_LLM_API_KEY", "HYBRIDRAG_LLM_API_KEY_FILE", "HYBRIDRAG_LLM_TIMEOUT",
	"HYBRIDRAG_REQUEST_TIMEOUT", "HYBRIDRAG_LEG_TIMEOUT", "HYBRIDRAG_STARTUP_TIMEOUT",
	"HYBRIDRAG_API_KEY", "HYBRIDRAG_API_KEY_FILE", "HYBRIDRAG_PUBLIC_URL",
}

// LoadEnv merges HYBRIDRAG_* variables into c, read with getenv.
func (c *Config) LoadEnv(getenv func(string) string) error {
	str := func(name string, dst *string) {
		if v := strings.TrimSpace(getenv(name)); v != "" {
			*dst = v
		}
	}
	str("HYBRIDRAG_DATA", &c.Data)
	str("HYBRIDRAG_EMBEDDER", &c.Embedder)
	str("HYBRIDRAG_MODEL_DIR", &c.ModelDir)
	str("HYBRIDRAG_MODEL_Q_DIR", &c.ModelQDir)
	str("HYBRIDRAG_ORT_LIB", &c.ORTLib)
	str("HYBRIDRAG_NEO4J_URI", &c.Neo4j.URI)
	str("HYBRIDRAG_NEO4J_USER", &c.Neo4j.User)
	str("HYBRIDRAG_NEO4J_PASSWORD", &c.Neo4j.Password)
	str("HYBRIDRAG_QDRANT_URL", &c.Qdrant.URL)
	str("HYBRIDRAG_QDRANT_API_KEY", &c.Qdrant.APIKey)
	str("HYBRIDRAG_QDRANT_COLLECTION", &c.Qdrant.Collection)
	str("HYBRIDRAG_SPARQL_ENDPOINT", &c.SPARQL.Endpoint)
	str("HYBRIDRAG_SPARQL_CACHE_DIR", &c.SPARQL.CacheDir)
	str("HYBRIDRAG_INDEX_DIR", &c.IndexDir)
	str("HYBRIDRAG_CACHE_DIR", &c.CacheDir)
	str("HYBRIDRAG_STORE", &c.Store)
	str("HYBRIDRAG_RERANK_URL", &c.Rerank.URL)
	str("HYBRIDRAG_RERANK_PROTOCOL", &c.Rerank.Protocol)
	str("HYBRIDRAG_RERANK_MODEL", &c.Rerank.Model)
	str("HYBRIDRAG_RERANK_API_KEY", &c.Rerank.APIKey)
	str("HYBRIDRAG_LLM_URL", &c.LLM.BaseURL)
	str("HYBRIDRAG_LLM_MODEL", &c.LLM.Model)
	str("HYBRIDRAG_LLM_API_KEY", &c.LLM.APIKey)
	str("HYBRIDRAG_LLM_API_KEY_FILE", &c.LLM.APIKeyFile)
	str("HYBRIDRAG_API_KEY", &c.Serve.APIKey)
	str("HYBRIDRAG_API_KEY_FILE", &c.Serve.APIKeyFile)
	str("HYBRIDRAG_PUBLIC_URL", &c.Serve.PublicURL)
	if v := strings.TrimSpace(getenv("HYBRIDRAG_QDRANT_URLS")); v != "" {
		c.Qdrant.URLs = nil
		for u := range strings.SplitSeq(v, ",") {
			if u = strings.TrimSpace(u); u != "" {
				c.Qdrant.URLs = append(c.Qdrant.URLs, u)
			}
		}
	}
	for _, n := range []struct {
		name string
		dst  *int
	}{
		{"HYBRIDRAG_QDRANT_SEARCH_EF", &c.Qdrant.SearchEf},
		{"HYBRIDRAG_QDRANT_SHARDS", &c.Qdrant.Shards},
		{"HYBRIDRAG_QDRANT_REPLICATION_FACTOR", &c.Qdrant.ReplicationFactor},
		{"HYBRIDRAG_QDRANT_WRITE_CONSISTENCY", &c.Qdrant.WriteConsistency},
	} {
		if v := strings.TrimSpace(getenv(n.name)); v != "" {
			i, err := strconv.Atoi(v)
			if err != nil {
				return fmt.Errorf("config: %s: %w: %q is not a whole number", n.name, ErrInvalid, v)
			}
			*n.dst = i
		}
	}
	for name, dst := range map[string]*Duration{
		"HYBRIDRAG_REQUEST_TIMEOUT": &c.RequestTimeout,
		"HYBRIDRAG_LEG_TIMEOUT":     &c.LegTimeout,
		"HYBRIDRAG_STARTUP_TIMEOUT": &c.StartupTimeout,
		"HYBRIDRAG_LLM_TIMEOUT":     &c.LLM.Timeout,
	} {
		if v := strings.TrimSpace(getenv(name)); v != "" {
			d, err := parseDuration(v)
			if err != nil {
				return fmt.Errorf("config: %s: %w: %v", name, ErrInvalid, err)
			}
			*dst = Duration(d)
		}
	}
	return nil
}

func parseDuration(s string) (time.Duration, error) {
	if d, err := time.ParseDuration(s); err == nil {
		return d, nil
	}
	secs, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a duration such as 2s", s)
	}
	return time.Duration(secs * float64(time.Second)), nil
}

// Validate checks every setting once; after it the config is read-only.
func (c Config) Validate() error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	switch c.Embedder {
	case "hashing", "minilm", "minilm-q":
	default:
		bad("embedder %q: want hashing, minilm or minilm-q", c.Embedder)
	}
	if c.Neo4j.URI != "" {
		if u, err := url.Parse(c.Neo4j.URI); err != nil || !strings.HasPrefix(u.Scheme, "bolt") && !strings.HasPrefix(u.Scheme, "neo4j") || u.Host == "" {
			bad("neo4j uri %q: want bolt://host:port or neo4j://host:port", c.Neo4j.URI)
		}
	}
	if c.Qdrant.URL == "" && len(c.Qdrant.URLs) > 0 {
		bad("qdrant urls without url: url names the first node, urls the others")
	}
	if c.Qdrant.URL != "" {
		if len(c.Qdrant.URLs) > MaxQdrantURLs {
			bad("qdrant urls: %d, want at most %d", len(c.Qdrant.URLs), MaxQdrantURLs)
		}
		for _, raw := range append([]string{c.Qdrant.URL}, c.Qdrant.URLs...) {
			if u, err := url.Parse(raw); err != nil || (u.Scheme != "http" && u.Scheme != "https" && u.Scheme != "grpc") || u.Host == "" {
				bad("qdrant url %q: want http(s)://host:port (the gRPC port, usually 6334)", raw)
			}
		}
		if n := c.Qdrant.Shards; n < 0 || n > MaxQdrantShards {
			bad("qdrant shards %d: want 0 (the server's default) to %d", n, MaxQdrantShards)
		}
		if n := c.Qdrant.ReplicationFactor; n < 0 || n > MaxQdrantReplicas {
			bad("qdrant replication_factor %d: want 0 (the server's default, 1) to %d", n, MaxQdrantReplicas)
		}
		if n, copies := c.Qdrant.WriteConsistency, max(c.Qdrant.ReplicationFactor, 1); n < 0 || n > copies {
			bad("qdrant write_consistency %d: want 0 (the server's default, 1) to the replication factor, %d", n, copies)
		}
		if c.Qdrant.Collection == "" {
			bad("qdrant collection is empty")
		}
		if c.Qdrant.SearchEf < 0 {
			bad("qdrant search_ef %d: want 0 (exact search) or a positive HNSW beam width", c.Qdrant.SearchEf)
		}
	}
	if c.SPARQL.Endpoint != "" {
		if u, err := url.Parse(c.SPARQL.Endpoint); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			bad("sparql endpoint %q: want an http(s) URL", c.SPARQL.Endpoint)
		}
	}
	if c.Rerank.URL != "" {
		if u, err := url.Parse(c.Rerank.URL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			bad("rerank url %q: want an http(s) URL", c.Rerank.URL)
		}
		switch c.Rerank.Protocol {
		case "tei":
		case "cohere":
			if c.Rerank.Model == "" {
				bad("rerank: the cohere protocol needs a model")
			}
		default:
			bad("rerank protocol %q: want tei or cohere", c.Rerank.Protocol)
		}
		if c.Rerank.Multiplier < 1 || c.Rerank.Multiplier > 20 {
			bad("rerank multiplier %d: want 1 to 20", c.Rerank.Multiplier)
		}
	}
	if c.LLM.BaseURL != "" {
		if u, err := url.Parse(c.LLM.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			bad("llm base_url %q: want an http(s) URL such as http://127.0.0.1:11434/v1", c.LLM.BaseURL)
		}
		if strings.TrimSpace(c.LLM.Model) == "" {
			bad("llm: a model is required (llm.model, HYBRIDRAG_LLM_MODEL or --llm-model)")
		}
	}
	if u := c.Serve.PublicURL; u != "" {
		if pu, err := url.Parse(u); err != nil || (pu.Scheme != "http" && pu.Scheme != "https") || pu.Host == "" {
			bad("serve public_url %q: want an http(s) URL", u)
		}
	}
	if r := c.Serve.Reconcile; c.Serve.MaxBody < 0 || c.Serve.MaxInFlight < 0 || c.Serve.MaxQueueWait < 0 || c.Serve.MaxConns < 0 ||
		r.MaxQueries < 0 || r.MaxQueryChars < 0 || r.MaxCandidates < 0 || r.MaxExtendIDs < 0 || r.MaxExtendCells < 0 || c.SPARQL.MaxAnswerBytes < 0 {
		bad("limits (serve max_body, max_in_flight, max_queue_wait, max_conns, reconcile.*; sparql max_answer_bytes) must be positive, or 0 for the default")
	}
	for _, t := range []struct {
		name string
		d    Duration
	}{{"request_timeout", c.RequestTimeout}, {"leg_timeout", c.LegTimeout}, {"startup_timeout", c.StartupTimeout}, {"llm timeout", c.LLM.Timeout}} {
		if t.d <= 0 || t.d.Std() > time.Hour {
			bad("%s %s: want a duration between 0 and 1h", t.name, t.d.Std())
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("config: %w: %w", ErrInvalid, errors.Join(errs...))
	}
	return nil
}
