package qdrantstore

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"time"
)

// Defaults of Config.
const (
	DefaultCollection = "hybridrag"
	DefaultPort       = 6334 // Qdrant's gRPC port; 6333 is REST
	DefaultTimeout    = 5 * time.Second
	DefaultBatchSize  = 256
	DefaultSearchEf   = 256
)

// ErrSchema is wrapped when an existing collection does not fit the
// embedder (vector size or distance).
var ErrSchema = errors.New("qdrant collection does not fit the embedder")

// Config says where the Qdrant server is. Zero fields take the defaults.
type Config struct {
	// URL of the gRPC endpoint: "http://localhost:6334" or
	// "https://xyz.cloud.qdrant.io:6334" (https turns TLS on; a URL
	// without a port uses 6334). When set it replaces Host, Port and
	// UseTLS.
	URL string
	// URLs are more gRPC endpoints of the same cluster (other nodes),
	// written like URL. Calls go to one endpoint at a time, URL first;
	// when the endpoint in use cannot be reached (gRPC Unavailable: the
	// node is down or restarting), the call is tried on the next, which
	// then stays in use. Every endpoint shares APIKey.
	URLs []string
	// Host and Port of the gRPC endpoint (default localhost:6334).
	Host string
	Port int
	// APIKey is sent with every call; use it with TLS.
	APIKey string
	// UseTLS turns on TLS (system roots, TLS 1.3).
	UseTLS bool
	// Collection is the collection name (default "hybridrag").
	Collection string
	// Timeout bounds the health check at Open (default 5s).
	Timeout time.Duration
	// BatchSize is the number of points per upsert (default 256).
	BatchSize int
	// Approximate searches Qdrant's HNSW graph (where it has built one)
	// instead of every point that passes the filters. It is faster on
	// large collections but misses some of the nearest points: on the
	// bundled dataset with the hashing embedder it finds 85% of the exact
	// top 10 at the default SearchEf (docs/benchmarks.md). By default every
	// search is exact and returns what the embedded vector index returns.
	Approximate bool
	// Shards, ReplicationFactor and WriteConsistency shape a collection
	// Ingest creates (Qdrant's shard_number, replication_factor and
	// write_consistency_factor); 0 takes the server's default (one shard
	// per node of the cluster, 1 replica, 1 acknowledgement). They do not
	// change an existing collection.
	Shards            int
	ReplicationFactor int
	WriteConsistency  int
	// SearchEf is the HNSW beam width of an approximate search (hnsw_ef;
	// default DefaultSearchEf). Larger finds more of the nearest points and
	// costs more time.
	SearchEf int
}

// endpoint is one gRPC endpoint the store dials.
type endpoint struct {
	host   string
	port   int
	useTLS bool
}

// addr is the endpoint's host:port.
func (e endpoint) addr() string { return net.JoinHostPort(e.host, strconv.Itoa(e.port)) }

// parseEndpoint reads a URL of Config.URL's form.
func parseEndpoint(raw string) (endpoint, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return endpoint{}, fmt.Errorf("qdrant: config URL %q: %w", raw, err)
	}
	var e endpoint
	switch u.Scheme {
	case "http", "grpc":
	case "https", "grpcs":
		e.useTLS = true
	default:
		return e, fmt.Errorf("qdrant: config URL %q: scheme must be http or https", raw)
	}
	e.host = u.Hostname()
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil {
			return e, fmt.Errorf("qdrant: config URL %q: port: %w", raw, err)
		}
		e.port = n
	}
	return e, nil
}

// withDefaults resolves the URL and fills in the defaults.
func (c Config) withDefaults() (Config, error) {
	if c.URL != "" {
		e, err := parseEndpoint(c.URL)
		if err != nil {
			return c, err
		}
		c.Host, c.Port, c.UseTLS = e.host, e.port, e.useTLS
	}
	if c.Host == "" {
		c.Host = "localhost"
	}
	if c.Port == 0 {
		c.Port = DefaultPort
	}
	if c.Port < 0 || c.Port > 65535 {
		return c, fmt.Errorf("qdrant: config port %d out of range", c.Port)
	}
	if c.Collection == "" {
		c.Collection = DefaultCollection
	}
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.BatchSize <= 0 {
		c.BatchSize = DefaultBatchSize
	}
	if c.SearchEf <= 0 {
		c.SearchEf = DefaultSearchEf
	}
	if c.Shards < 0 || c.ReplicationFactor < 0 || c.WriteConsistency < 0 {
		return c, fmt.Errorf("qdrant: config shards %d, replication factor %d, write consistency %d: none may be negative",
			c.Shards, c.ReplicationFactor, c.WriteConsistency)
	}
	return c, nil
}

// endpoints lists the endpoints to dial: the resolved URL (or Host and
// Port) first, then URLs in order, each with the default port when it
// names none.
func (c Config) endpoints() ([]endpoint, error) {
	out := []endpoint{{host: c.Host, port: c.Port, useTLS: c.UseTLS}}
	for _, raw := range c.URLs {
		e, err := parseEndpoint(raw)
		if err != nil {
			return nil, err
		}
		if e.host == "" {
			return nil, fmt.Errorf("qdrant: config URL %q: no host", raw)
		}
		if e.port == 0 {
			e.port = DefaultPort
		}
		if e.port < 0 || e.port > 65535 {
			return nil, fmt.Errorf("qdrant: config URL %q: port out of range", raw)
		}
		out = append(out, e)
	}
	return out, nil
}
