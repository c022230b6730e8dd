// Package neo4jstore keeps the store of users' sources (package sources)
// in Neo4j, so that every process that uses the server shares one system
// of record: an update through one process (hybridrag ingest --source,
// delete, --override) is read by every other, which polls the head.
//
// Model (labels are fixed strings, apart from the knowledge graph's):
//
//	(:SourceStore {key: "sources", seq, version, hidden, updated})
//	        the head: seq grows by one with every update that changes
//	        the content, version is the content's hash (sources.State
//	        Version), hidden the ids of deleted bundled records
//	(:SourceMeta {namespace, meta})            a source: its sources.Meta as JSON
//	(:SourceRecord {key, namespace, id, record})
//	        a record of a source in canonical form (its JSON), as the
//	        directory store keeps it on a line; key is "namespace id"
//
// An update is one write transaction: it locks the head, reads the state,
// writes the records that differ and moves the head on, so that a reader
// sees the state before or after it and two updates never interleave.
// A read checks that the content it read hashes to the version the head
// names. No query text is built from input: every value travels as a
// parameter, and what is read is bounded (heritage.MaxRecordBytes a
// record, MaxMetaBytes a source's meta, MaxHidden hidden ids).
package neo4jstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j/config"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/sources"
)

// Bounds on what a read takes from the server.
const (
	// MaxMetaBytes bounds a source's meta (a namespace, a licence, an
	// attribution).
	MaxMetaBytes = 64 << 10
	// MaxHidden bounds the deleted bundled records' ids.
	MaxHidden = heritage.MaxRecords
	// MaxSources bounds the sources.
	MaxSources = 10_000
)

// headKey is the key of the store's head node.
const headKey = "sources"

// Store is the store of sources held in a Neo4j server. It is safe for
// concurrent use.
type Store struct {
	driver   neo4j.DriverWithContext
	name     string
	database string
	timeout  time.Duration
	batch    int

	mu     sync.Mutex
	schema bool // the constraints exist
}

var (
	_ sources.Backend  = (*Store)(nil)
	_ sources.Repairer = (*Store)(nil)
)

// Option configures New.
type Option func(*Store)

// WithDatabase selects the Neo4j database ("" is the server's default).
func WithDatabase(name string) Option { return func(s *Store) { s.database = name } }

// WithTimeout bounds connecting, and each Head and Read (default 5 s):
// a server that hangs costs a start or a poll no more (a store of 1,000
// records reads in about 60 ms). Update is bounded by its context alone.
func WithTimeout(d time.Duration) Option {
	return func(s *Store) {
		if d > 0 {
			s.timeout = d
		}
	}
}

// WithBatch sets the most records one statement of an update writes
// (default 500).
func WithBatch(n int) Option {
	return func(s *Store) {
		if n > 0 {
			s.batch = n
		}
	}
}

// New is the store on the Neo4j server at uri (bolt:// or neo4j://). It
// connects on first use, so a server that is down now is used once it
// answers; an empty user disables authentication.
func New(uri, user, password string, opts ...Option) (*Store, error) {
	s := &Store{name: "neo4j " + redact(uri), timeout: 5 * time.Second, batch: 500}
	for _, o := range opts {
		o(s)
	}
	auth := neo4j.NoAuth()
	if user != "" {
		auth = neo4j.BasicAuth(user, password, "")
	}
	d, err := neo4j.NewDriverWithContext(uri, auth, func(c *config.Config) {
		c.SocketConnectTimeout = s.timeout
		c.ConnectionAcquisitionTimeout = s.timeout
		c.MaxConnectionPoolSize = 4
	})
	if err != nil {
		return nil, fmt.Errorf("neo4jstore: %s: %w", s.name, err)
	}
	s.driver = d
	return s, nil
}

// redact drops a password from uri.
func redact(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.User == nil {
		return uri
	}
	u.User = url.User(u.User.Username())
	return u.String()
}

// Close releases the driver's connections.
func (s *Store) Close(ctx context.Context) error {
	if err := s.driver.Close(ctx); err != nil {
		return fmt.Errorf("neo4jstore: close: %w", err)
	}
	return nil
}

// String names the store in messages: "neo4j bolt://host:port".
func (s *Store) String() string { return s.name }

const qHead = `MATCH (h:SourceStore {key: $key}) RETURN h.seq AS seq, h.version AS version`

// Head is the head's sequence number and version, "SEQ:VERSION" ("" for
// a store never written): one look-up by a unique key.
func (s *Store) Head(ctx context.Context) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	sess := s.session(ctx, neo4j.AccessModeRead)
	defer func() { _ = sess.Close(context.WithoutCancel(ctx)) }()
	h, err := neo4j.ExecuteRead(ctx, sess, func(tx neo4j.ManagedTransaction) (head, error) { return readHead(ctx, tx) })
	if err != nil {
		return "", s.fail(ctx, "head", err)
	}
	return h.token(), nil
}

// head is what the head node says.
type head struct {
	seq     int64
	version string
	hidden  []string
	found   bool
}

func (h head) token() string {
	if !h.found {
		return ""
	}
	return strconv.FormatInt(h.seq, 10) + ":" + h.version
}

func readHead(ctx context.Context, tx neo4j.ManagedTransaction) (head, error) {
	res, err := tx.Run(ctx, qHead, map[string]any{"key": headKey})
	if err != nil {
		return head{}, err
	}
	var h head
	for res.Next(ctx) {
		r := res.Record()
		h.found = true
		h.seq, _ = get[int64](r, "seq")
		h.version, _ = get[string](r, "version")
	}
	return h, res.Err()
}

func get[T any](r *neo4j.Record, key string) (T, bool) {
	v, _ := r.Get(key)
	t, ok := v.(T)
	return t, ok
}

// Read returns the state in use. When the content read does not hash to
// the version the head names (the nodes were changed by hand), the
// content is read as it is and State.Recovered says so; the next update
// writes its version.
func (s *Store) Read(ctx context.Context) (*sources.State, error) {
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	sess := s.session(ctx, neo4j.AccessModeRead)
	defer func() { _ = sess.Close(context.WithoutCancel(ctx)) }()
	// A read transaction reads what is committed when each statement
	// runs: an update committed between the statements is read again.
	for range 3 {
		r, err := neo4j.ExecuteRead(ctx, sess, func(tx neo4j.ManagedTransaction) (read, error) {
			st, err := readState(ctx, tx)
			if err != nil {
				return read{}, err
			}
			h, err := readHead(ctx, tx)
			return read{st, h.token() != st.Head}, err
		})
		if err != nil {
			return nil, s.fail(ctx, "read", err)
		}
		if !r.again {
			return r.state, nil
		}
	}
	return nil, fmt.Errorf("neo4jstore: read %s: the store changed during three reads in a row", s.name)
}

// read is a state read, and whether the head moved on while it was read.
type read struct {
	state *sources.State
	again bool
}

const (
	qMetas = `MATCH (m:SourceMeta)
RETURN m.namespace AS namespace, CASE WHEN size(m.meta) <= $max THEN m.meta END AS meta, size(m.meta) AS size
LIMIT $limit`
	qRecords = `MATCH (r:SourceRecord)
RETURN r.namespace AS namespace, CASE WHEN size(r.record) <= $max THEN r.record END AS record, size(r.record) AS size`
	qHidden = `MATCH (h:SourceStore {key: $key})
RETURN CASE WHEN size(h.hidden) <= $max THEN h.hidden END AS hidden, size(h.hidden) AS size`
)

// readState reads the head, the sources and their records in tx.
func readState(ctx context.Context, tx neo4j.ManagedTransaction) (*sources.State, error) {
	h, err := readHead(ctx, tx)
	if err != nil || !h.found {
		return &sources.State{}, err
	}
	res, err := tx.Run(ctx, qHidden, map[string]any{"key": headKey, "max": MaxHidden})
	if err != nil {
		return nil, err
	}
	for res.Next(ctx) {
		r := res.Record()
		v, ok := get[[]any](r, "hidden")
		if n, _ := get[int64](r, "size"); !ok && n > 0 {
			return nil, damaged("%d hidden ids, over the limit of %d", n, MaxHidden)
		}
		for _, id := range v {
			if s, ok := id.(string); ok {
				h.hidden = append(h.hidden, s)
			}
		}
	}
	if err := res.Err(); err != nil {
		return nil, err
	}
	res, err = tx.Run(ctx, qMetas, map[string]any{"max": MaxMetaBytes, "limit": MaxSources + 1})
	if err != nil {
		return nil, err
	}
	srcs := map[string]*sources.Source{}
	for res.Next(ctx) {
		r := res.Record()
		ns, _ := get[string](r, "namespace")
		b, ok := get[string](r, "meta")
		if !ok {
			n, _ := get[int64](r, "size")
			return nil, damaged("source %q: meta of %s, over the limit of %s", ns, heritage.Size(int(n)), heritage.Size(MaxMetaBytes))
		}
		var m sources.Meta
		if err := json.Unmarshal([]byte(b), &m); err != nil {
			return nil, damaged("source %q: meta: %w", ns, err)
		}
		if m.Namespace != ns || !sources.ValidNamespace(ns) {
			return nil, damaged("source %q: meta names %q", ns, m.Namespace)
		}
		if len(srcs) == MaxSources {
			return nil, damaged("more than %d sources", MaxSources)
		}
		srcs[ns] = &sources.Source{Meta: m}
	}
	if err := res.Err(); err != nil {
		return nil, err
	}
	res, err = tx.Run(ctx, qRecords, map[string]any{"max": heritage.MaxRecordBytes})
	if err != nil {
		return nil, err
	}
	for res.Next(ctx) {
		r := res.Record()
		ns, _ := get[string](r, "namespace")
		src, ok := srcs[ns]
		if !ok {
			return nil, damaged("a record of source %q, which the store does not hold", ns)
		}
		b, ok := get[string](r, "record")
		if !ok {
			n, _ := get[int64](r, "size")
			return nil, damaged("source %q: a record of %s, over the limit of %s", ns, heritage.Size(int(n)), heritage.Size(heritage.MaxRecordBytes))
		}
		in, err := sources.DecodeRecord(src.Meta, []byte(b))
		if err != nil {
			return nil, damaged("source %q: %w", ns, err)
		}
		src.Records = append(src.Records, in)
	}
	if err := res.Err(); err != nil {
		return nil, err
	}
	list := make([]sources.Source, 0, len(srcs))
	for _, src := range srcs {
		list = append(list, *src)
	}
	st, err := sources.NewState(list, h.hidden)
	if err != nil {
		return nil, &contentError{err}
	}
	st.Head = h.token()
	if st.Version != h.version {
		st.Recovered = fmt.Sprintf("the store's content in Neo4j (version %s) is not the version its head names (%s): it was changed outside hybridrag; it is read as it is, and the next update writes its version", orEmpty(st.Version), orEmpty(h.version))
	}
	return st, nil
}

func orEmpty(v string) string {
	if v == "" {
		return "(empty)"
	}
	return v
}

// session opens a session of the configured database.
func (s *Store) session(ctx context.Context, mode neo4j.AccessMode) neo4j.SessionWithContext {
	return s.driver.NewSession(ctx, neo4j.SessionConfig{DatabaseName: s.database, AccessMode: mode})
}

// contentError is a store whose content a read refuses.
type contentError struct{ err error }

func (e *contentError) Error() string {
	return e.err.Error() + `; "hybridrag doctor --repair" removes what cannot be read`
}
func (e *contentError) Unwrap() error { return e.err }

func damaged(format string, args ...any) error {
	return &contentError{fmt.Errorf(format, args...)}
}

// fail wraps an error of op. One that is not about the store's content
// nor a query the server refused (the server cannot be reached, answers
// garbage or too late, refuses the credentials, is not ready) wraps
// sources.ErrUnavailable: the state is unknown.
func (s *Store) fail(ctx context.Context, op string, err error) error {
	var (
		content *contentError
		server  *neo4j.Neo4jError
	)
	switch {
	case errors.As(err, &content):
	case errors.As(err, &server) && server.Classification() == "ClientError" && !strings.HasPrefix(server.Code, "Neo.ClientError.Security."):
	case ctx.Err() != nil && !errors.Is(err, ctx.Err()):
		return fmt.Errorf("neo4jstore: %s %s: %w: %w: %w", op, s.name, sources.ErrUnavailable, ctx.Err(), err)
	default:
		return fmt.Errorf("neo4jstore: %s %s: %w: %w", op, s.name, sources.ErrUnavailable, err)
	}
	return fmt.Errorf("neo4jstore: %s %s: %w", op, s.name, err)
}
