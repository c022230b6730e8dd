// Package neo4jkg is a Neo4j twin of the in-memory knowledge graph of
// package kg: Ingest writes the same nodes and edges (plus the folded keys
// the in-memory graph compares on) and the Store answers every graph
// operation of kg.Graph in parameterised Cypher, with identical results.
//
// Graph model (labels and relationship types are fixed strings):
//
//	(:GraphNode:Institution {key, id, name, …})   kg institution nodes
//	(:GraphNode:Body {key, name, nameKey})        groups of member_of
//	(:GraphNode:Place {key, label})               countries, admin units, regions, cities
//	(:GraphNode:Identifier {key, scheme, value})  identifier leaves
//	MEMBER_OF, RELATED, IN_PLACE, WITHIN, HAS_IDENTIFIER
//	                                             kg edges, each with relation, kind,
//	                                             source, until, ord (kg edge order), cost
//	(:Institution)-[:HAS_NAME]->(:Name {key})     NormalizeName of names and alt names
//	(:Institution)-[:MATCHES_PLACE]->(:PlaceKey {key})
//	                                             the place keys Select matches on
//	(:Institution)-[:HAS_EVENT]->(:Event {…})     record events, in record order
//	(:Dataset {name, version})                    the ingested dataset version
//
// No query text is ever built from input: every value travels as a
// parameter, and the few query variants are chosen among constant strings.
package neo4jkg

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j/config"
)

// Store is a knowledge graph held in Neo4j. It is safe for concurrent use.
type Store struct {
	driver neo4j.DriverWithContext
	opts   options
}

type options struct {
	database       string
	connectTimeout time.Duration
	batchSize      int
	maxConns       int
}

// Option configures Open.
type Option func(*options)

// WithDatabase selects the Neo4j database ("" is the server's default).
func WithDatabase(name string) Option { return func(o *options) { o.database = name } }

// WithConnectTimeout bounds connecting (socket connect, connection
// acquisition and the connectivity check of Open). Default 5 s.
func WithConnectTimeout(d time.Duration) Option {
	return func(o *options) {
		if d > 0 {
			o.connectTimeout = d
		}
	}
}

// WithBatchSize sets the number of rows Ingest writes per transaction.
// Default 1000.
func WithBatchSize(n int) Option {
	return func(o *options) {
		if n > 0 {
			o.batchSize = n
		}
	}
}

// WithMaxConnections caps the driver's connection pool. Default 16.
func WithMaxConnections(n int) Option {
	return func(o *options) {
		if n > 0 {
			o.maxConns = n
		}
	}
}

// ErrUnavailable is wrapped by Open when the server cannot be reached.
var ErrUnavailable = errors.New("neo4j unavailable")

// Open connects to the Neo4j server at uri (bolt:// or neo4j://) and checks
// that it answers within the connect timeout. An empty user disables
// authentication.
func Open(ctx context.Context, uri, user, password string, opts ...Option) (*Store, error) {
	o := options{connectTimeout: 5 * time.Second, batchSize: 1000, maxConns: 16}
	for _, f := range opts {
		f(&o)
	}
	auth := neo4j.NoAuth()
	if user != "" {
		auth = neo4j.BasicAuth(user, password, "")
	}
	d, err := neo4j.NewDriverWithContext(uri, auth, func(c *config.Config) {
		c.SocketConnectTimeout = o.connectTimeout
		c.ConnectionAcquisitionTimeout = o.connectTimeout
		c.MaxConnectionPoolSize = o.maxConns
	})
	if err != nil {
		return nil, fmt.Errorf("neo4jkg: open %s: %w", uri, err)
	}
	vctx, cancel := context.WithTimeout(ctx, o.connectTimeout)
	defer cancel()
	if err := d.VerifyConnectivity(vctx); err != nil {
		_ = d.Close(context.WithoutCancel(ctx))
		return nil, fmt.Errorf("neo4jkg: open %s: %w: %w", uri, ErrUnavailable, err)
	}
	return &Store{driver: d, opts: o}, nil
}

// Close releases the driver's connections.
func (s *Store) Close(ctx context.Context) error {
	if err := s.driver.Close(ctx); err != nil {
		return fmt.Errorf("neo4jkg: close: %w", err)
	}
	return nil
}

// read runs a read query and returns its records.
func (s *Store) read(ctx context.Context, op, query string, params map[string]any) ([]*neo4j.Record, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("neo4jkg: %s: %w", op, err)
	}
	res, err := neo4j.ExecuteQuery(ctx, s.driver, query, params, neo4j.EagerResultTransformer,
		neo4j.ExecuteQueryWithDatabase(s.opts.database), neo4j.ExecuteQueryWithReadersRouting())
	if err != nil {
		return nil, opError(ctx, op, err)
	}
	return res.Records, nil
}

// write runs a write query and returns its summary counters.
func (s *Store) write(ctx context.Context, op, query string, params map[string]any) (neo4j.Counters, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("neo4jkg: %s: %w", op, err)
	}
	res, err := neo4j.ExecuteQuery(ctx, s.driver, query, params, neo4j.EagerResultTransformer,
		neo4j.ExecuteQueryWithDatabase(s.opts.database), neo4j.ExecuteQueryWithWritersRouting())
	if err != nil {
		return nil, opError(ctx, op, err)
	}
	return res.Summary.Counters(), nil
}

// opError wraps a driver error; when the context ended, its error is
// wrapped too (the driver reports it as a connectivity error).
func opError(ctx context.Context, op string, err error) error {
	if cerr := ctx.Err(); cerr != nil && !errors.Is(err, cerr) {
		return fmt.Errorf("neo4jkg: %s: %w: %w", op, cerr, err)
	}
	return fmt.Errorf("neo4jkg: %s: %w", op, err)
}

// Record value helpers: Neo4j returns strings, int64, bool, []any or nil.

func str(r *neo4j.Record, key string) string {
	v, _ := r.Get(key)
	s, _ := v.(string)
	return s
}

func integer(r *neo4j.Record, key string) (int64, bool) {
	v, _ := r.Get(key)
	n, ok := v.(int64)
	return n, ok
}
