// Package qdrantstore keeps the heritage institutions in a Qdrant
// collection and searches it: Open connects (gRPC) and checks the server,
// Ingest creates the collection, its payload indexes and the points, and
// Retriever is a retrievers.Retriever over it that applies the shared
// filter model (filter.Set) inside Qdrant. TranslateExpr translates the
// query algebra (query.Expr) into a payload filter, declaring what it
// cannot express, and Store.SelectExpr selects with it, no vector
// involved.
//
// Points have stable ids (PointID, a UUIDv5 of the institution id), so
// ingesting again overwrites instead of duplicating. Payloads are thin:
// enough to filter and to build a retrievers.Hit; full records are fetched
// from the dataset by id.
package qdrantstore

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/qdrant/go-client/qdrant"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/retrievers"
)

// Option tunes Open.
type Option func(*options)

type options struct {
	log  *slog.Logger
	dial []grpc.DialOption
}

// WithLogger sets the logger for notices (a version mismatch, points
// without an id). The default discards them.
func WithLogger(l *slog.Logger) Option { return func(o *options) { o.log = l } }

// WithDialOptions adds gRPC dial options, for example a custom dialer.
func WithDialOptions(opts ...grpc.DialOption) Option {
	return func(o *options) { o.dial = append(o.dial, opts...) }
}

// addr is the host:port of the first endpoint.
func (c Config) addr() string { return net.JoinHostPort(c.Host, strconv.Itoa(c.Port)) }

// Store is a Qdrant collection of heritage institutions. It is safe for
// concurrent use; Close releases the connections.
type Store struct {
	nodes   *nodes
	cfg     Config
	log     *slog.Logger
	version string
	// selection is set once CheckSelection found the selection payload.
	selection atomic.Bool
}

// Open connects to Qdrant and checks its health within cfg.Timeout; a
// server that does not answer in time, or answers with an error, makes
// Open fail. With more endpoints (Config.URLs), the first that answers
// the health check is used; Open fails only when none does.
func Open(ctx context.Context, cfg Config, opts ...Option) (*Store, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	eps, err := cfg.endpoints()
	if err != nil {
		return nil, err
	}
	o := options{log: slog.New(slog.DiscardHandler)}
	for _, opt := range opts {
		opt(&o)
	}
	ns, err := dial(eps, cfg.APIKey, o.dial, o.log)
	if err != nil {
		return nil, err
	}
	s := &Store{nodes: ns, cfg: cfg, log: o.log}
	hctx, cancel := context.WithTimeout(ctx, cfg.Timeout)
	defer cancel()
	var reply *qdrant.HealthCheckReply
	if err := s.nodes.call(hctx, func(c *qdrant.Client) (err error) {
		reply, err = c.HealthCheck(hctx)
		return err
	}); err != nil {
		_ = ns.close()
		return nil, fmt.Errorf("qdrant %s: health check (is this the gRPC port?): %w", ns.addrs(), ctxErr(hctx, err))
	}
	s.version = reply.GetVersion()
	if major, _, _ := strings.Cut(s.version, "."); major != "1" {
		s.log.Warn("qdrant server version differs from the client's major version 1", "version", s.version)
	}
	return s, nil
}

// ctxErr wraps err with ctx's error when ctx is done, so that callers can
// test for context.Canceled and context.DeadlineExceeded; gRPC status
// errors do not wrap them. A DeadlineExceeded status under a ctx with a
// deadline counts as ctx's deadline even when the server noticed it first.
func ctxErr(ctx context.Context, err error) error {
	cerr := ctx.Err()
	if _, ok := ctx.Deadline(); cerr == nil && ok && status.Code(err) == codes.DeadlineExceeded {
		cerr = context.DeadlineExceeded
	}
	if cerr != nil && !errors.Is(err, cerr) {
		return fmt.Errorf("%w: %w", cerr, err)
	}
	return err
}

// Close closes the connection.
func (s *Store) Close() error { return s.nodes.close() }

// Collection is the collection name.
func (s *Store) Collection() string { return s.cfg.Collection }

// ServerVersion is the version the server reported at Open.
func (s *Store) ServerVersion() string { return s.version }

// DeleteCollection drops the collection and its points.
func (s *Store) DeleteCollection(ctx context.Context) error {
	if err := s.nodes.call(ctx, func(c *qdrant.Client) error { return c.DeleteCollection(ctx, s.cfg.Collection) }); err != nil {
		return fmt.Errorf("qdrant %s: %w", s.cfg.Collection, ctxErr(ctx, err))
	}
	return nil
}

// Count returns the number of points in the collection (exact).
func (s *Store) Count(ctx context.Context) (uint64, error) {
	req := &qdrant.CountPoints{CollectionName: s.cfg.Collection, Exact: qdrant.PtrOf(true)}
	n, err := do(ctx, s.nodes, func(c *qdrant.Client) (uint64, error) { return c.Count(ctx, req) })
	if err != nil {
		return 0, fmt.Errorf("qdrant %s: %w", s.cfg.Collection, ctxErr(ctx, err))
	}
	return n, nil
}

// Ingest writes every institution of ds into the collection: it creates
// the collection when missing (vectors of e.Dim() dimensions, cosine
// distance), makes sure every filter key has its payload index (keyword on
// "fold.<key>", integer on year_opened and year_closed), then embeds
// DocText and upserts the points in batches of Config.BatchSize, waiting
// for each batch to be applied while the next one is embedded. progress,
// when not nil, is called after each batch with the number of records
// written so far. Ingesting again overwrites the same points (records gone
// from ds are not deleted). An existing collection whose vectors do not
// fit e is an error wrapping ErrSchema.
func (s *Store) Ingest(ctx context.Context, ds *heritage.Dataset, e embed.Embedder, progress func(done, total int)) error {
	if ds == nil || e == nil {
		return errors.New("qdrant: ingest: nil dataset or embedder")
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("qdrant %s: ingest: %w", s.cfg.Collection, err)
	}
	dim := e.Dim()
	if dim <= 0 {
		return fmt.Errorf("qdrant %s: embedder %s: dimension %d", s.cfg.Collection, e.ID(), dim)
	}
	indexed, err := s.ensureCollection(ctx, uint64(dim))
	if err != nil {
		return err
	}
	if err := s.ensureIndexes(ctx, indexed); err != nil {
		return err
	}
	total := len(ds.Institutions)
	// One goroutine embeds the next batch while this one upserts the
	// previous: the embedder's CPU time overlaps the server's work.
	bctx, cancel := context.WithCancel(ctx)
	batches := make(chan pointBatch, 1)
	done := make(chan struct{})
	defer func() {
		cancel()
		<-done
	}()
	go func() {
		defer close(done)
		defer close(batches)
		for lo := 0; lo < total; lo += s.cfg.BatchSize {
			b := s.embedBatch(bctx, ds, ds.Institutions[lo:min(lo+s.cfg.BatchSize, total)], e, lo)
			select {
			case batches <- b:
			case <-bctx.Done():
				return
			}
			if b.err != nil {
				return
			}
		}
	}()
	written := 0
	for b := range batches {
		if b.err != nil {
			return b.err
		}
		if err := ctx.Err(); err != nil {
			break
		}
		req := &qdrant.UpsertPoints{
			CollectionName: s.cfg.Collection,
			Wait:           qdrant.PtrOf(true),
			Points:         b.points,
		}
		if _, err := do(ctx, s.nodes, func(c *qdrant.Client) (*qdrant.UpdateResult, error) { return c.Upsert(ctx, req) }); err != nil {
			return fmt.Errorf("qdrant %s: upsert records %d-%d: %w", s.cfg.Collection, b.lo, b.lo+len(b.points), ctxErr(ctx, err))
		}
		written += len(b.points)
		if progress != nil {
			progress(written, total)
		}
	}
	if written < total {
		return fmt.Errorf("qdrant %s: ingest stopped after %d of %d records: %w", s.cfg.Collection, written, total, context.Cause(ctx))
	}
	return nil
}

// pointBatch is one upsert's worth of points, starting at record lo.
type pointBatch struct {
	lo     int
	points []*qdrant.PointStruct
	err    error
}

// embedBatch embeds the DocText of each record of ds and builds its point.
func (s *Store) embedBatch(ctx context.Context, ds *heritage.Dataset, recs []heritage.Institution, e embed.Embedder, lo int) pointBatch {
	b := pointBatch{lo: lo}
	texts := make([]string, len(recs))
	for i := range recs {
		texts[i] = retrievers.DocText(&recs[i])
	}
	vecs, err := e.Embed(ctx, texts)
	if err != nil {
		b.err = fmt.Errorf("qdrant %s: embed records %d-%d: %w", s.cfg.Collection, lo, lo+len(recs), err)
		return b
	}
	if len(vecs) != len(texts) {
		b.err = fmt.Errorf("qdrant %s: embedder %s returned %d vectors for %d texts", s.cfg.Collection, e.ID(), len(vecs), len(texts))
		return b
	}
	dim := e.Dim()
	b.points = make([]*qdrant.PointStruct, len(recs))
	for i := range recs {
		if len(vecs[i]) != dim {
			b.err = fmt.Errorf("qdrant %s: embedder %s returned a vector of %d dimensions, want %d", s.cfg.Collection, e.ID(), len(vecs[i]), dim)
			return b
		}
		b.points[i] = &qdrant.PointStruct{
			Id:      qdrant.NewIDUUID(PointID(recs[i].ID).String()),
			Vectors: qdrant.NewVectorsDense(vecs[i]),
			Payload: pointPayload(ds, &recs[i]),
		}
	}
	return b
}

// ensureCollection creates the collection, or checks that the existing
// one has dim-dimensional cosine vectors.
// It returns the payload fields the collection has an index of (none
// when it was just created).
func (s *Store) ensureCollection(ctx context.Context, dim uint64) (map[string]*qdrant.PayloadSchemaInfo, error) {
	name := s.cfg.Collection
	exists, err := do(ctx, s.nodes, func(c *qdrant.Client) (bool, error) { return c.CollectionExists(ctx, name) })
	if err != nil {
		return nil, fmt.Errorf("qdrant %s: %w", name, ctxErr(ctx, err))
	}
	if !exists {
		req := s.createRequest(dim)
		err := s.nodes.call(ctx, func(c *qdrant.Client) error { return c.CreateCollection(ctx, req) })
		if err != nil {
			return nil, fmt.Errorf("qdrant %s: create collection: %w", name, ctxErr(ctx, err))
		}
		return nil, nil
	}
	info, err := do(ctx, s.nodes, func(c *qdrant.Client) (*qdrant.CollectionInfo, error) { return c.GetCollectionInfo(ctx, name) })
	if err != nil {
		return nil, fmt.Errorf("qdrant %s: %w", name, ctxErr(ctx, err))
	}
	p := info.GetConfig().GetParams().GetVectorsConfig().GetParams()
	if p == nil {
		return nil, fmt.Errorf("qdrant %s: %w: it has no single unnamed vector", name, ErrSchema)
	}
	if p.GetSize() != dim || p.GetDistance() != qdrant.Distance_Cosine {
		return nil, fmt.Errorf("qdrant %s: %w: it has %d-dimensional %s vectors, want %d-dimensional Cosine",
			name, ErrSchema, p.GetSize(), p.GetDistance(), dim)
	}
	return info.GetPayloadSchema(), nil
}

// createRequest is the request that creates the collection: dim-dimensional
// cosine vectors, and the configured shards, replicas and write
// acknowledgements (the server's defaults where they are 0).
func (s *Store) createRequest(dim uint64) *qdrant.CreateCollection {
	req := &qdrant.CreateCollection{
		CollectionName: s.cfg.Collection,
		VectorsConfig: qdrant.NewVectorsConfig(&qdrant.VectorParams{
			Size:     dim,
			Distance: qdrant.Distance_Cosine,
		}),
	}
	if n := s.cfg.Shards; n > 0 {
		req.ShardNumber = qdrant.PtrOf(uint32(n))
	}
	if n := s.cfg.ReplicationFactor; n > 0 {
		req.ReplicationFactor = qdrant.PtrOf(uint32(n))
	}
	if n := s.cfg.WriteConsistency; n > 0 {
		req.WriteConsistencyFactor = qdrant.PtrOf(uint32(n))
	}
	return req
}

// indexRequests lists the payload index requests Ingest makes: one per
// filter key, in the order of filter.Keys, then one per field of the
// selection payload (selIndexes).
func indexRequests(collection string) []*qdrant.CreateFieldIndexCollection {
	out := make([]*qdrant.CreateFieldIndexCollection, 0, len(filter.Keys)+len(selIndexes))
	for _, key := range filter.Keys {
		field, numeric, _ := payloadField(key)
		req := &qdrant.CreateFieldIndexCollection{
			CollectionName: collection,
			Wait:           qdrant.PtrOf(true),
			FieldName:      field,
		}
		if numeric {
			req.FieldType = qdrant.FieldType_FieldTypeInteger.Enum()
			req.FieldIndexParams = qdrant.NewPayloadIndexParamsInt(&qdrant.IntegerIndexParams{
				Lookup: qdrant.PtrOf(true),
				Range:  qdrant.PtrOf(true),
			})
		} else {
			req.FieldType = qdrant.FieldType_FieldTypeKeyword.Enum()
		}
		out = append(out, req)
	}
	for _, x := range selIndexes {
		req := &qdrant.CreateFieldIndexCollection{
			CollectionName: collection,
			Wait:           qdrant.PtrOf(true),
			FieldName:      x.field,
			FieldType:      x.kind.Enum(),
		}
		if x.kind == qdrant.FieldType_FieldTypeInteger {
			req.FieldIndexParams = qdrant.NewPayloadIndexParamsInt(&qdrant.IntegerIndexParams{
				Lookup: qdrant.PtrOf(false),
				Range:  qdrant.PtrOf(true),
			})
		}
		out = append(out, req)
	}
	return out
}

// ensureIndexes creates the payload indexes the collection lacks (have
// are those it has). Qdrant
// accepts a request for an index that already exists with the same
// schema, but in a cluster each request is a round of consensus (about a
// second on a busy machine): an update of a few records (ingest --source,
// delete) would wait for all of them.
func (s *Store) ensureIndexes(ctx context.Context, have map[string]*qdrant.PayloadSchemaInfo) error {
	for _, req := range indexRequests(s.cfg.Collection) {
		if _, ok := have[req.GetFieldName()]; ok {
			continue
		}
		if _, err := do(ctx, s.nodes, func(c *qdrant.Client) (*qdrant.UpdateResult, error) { return c.CreateFieldIndex(ctx, req) }); err != nil {
			return fmt.Errorf("qdrant %s: payload index %s: %w", s.cfg.Collection, req.GetFieldName(), ctxErr(ctx, err))
		}
	}
	return nil
}
