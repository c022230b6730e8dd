package qdrantstore

// This file holds the contract test's stand-in for a Qdrant server: an
// in-process gRPC server built on the go-client's generated service
// interfaces (Qdrant, Collections, Points), on a loopback bufconn
// listener. It records every request for the tests to assert, and answers
// like Qdrant does for the calls the store makes: it keeps collections and
// points, and evaluates query filters over payloads with Qdrant's
// documented semantics (evalFilter). No Qdrant server can run on the test
// machines; live_test.go runs the same flow against a real one.

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"net"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/qdrant/go-client/qdrant"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"
	"google.golang.org/protobuf/proto"
)

type fakePoint struct {
	id      string
	vector  []float32
	payload map[string]*qdrant.Value
}

type fakeCollection struct {
	params *qdrant.VectorParams
	points map[string]*fakePoint
}

// fakeState is the server's state and the requests it received.
type fakeState struct {
	mu          sync.Mutex
	version     string
	healthErr   error
	blockQuery  bool  // Query waits until the caller gives up
	queryErr    error // Query fails with it
	queryFails  int   // when positive, only this many more queries fail with queryErr
	collections map[string]*fakeCollection

	health  int
	apiKeys []string // the api-key header of each health check
	exists  []*qdrant.CollectionExistsRequest
	gets    []*qdrant.GetCollectionInfoRequest
	creates []*qdrant.CreateCollection
	indexes []*qdrant.CreateFieldIndexCollection
	upserts []*qdrant.UpsertPoints
	queries []*qdrant.QueryPoints
}

type fakeQdrant struct {
	qdrant.UnimplementedQdrantServer
	s *fakeState
}

type fakeCollections struct {
	qdrant.UnimplementedCollectionsServer
	s *fakeState
}

type fakePoints struct {
	qdrant.UnimplementedPointsServer
	s *fakeState
}

func (f fakeQdrant) HealthCheck(ctx context.Context, _ *qdrant.HealthCheckRequest) (*qdrant.HealthCheckReply, error) {
	f.s.mu.Lock()
	defer f.s.mu.Unlock()
	f.s.health++
	md, _ := metadata.FromIncomingContext(ctx)
	f.s.apiKeys = append(f.s.apiKeys, md.Get("api-key")...)
	if f.s.healthErr != nil {
		return nil, f.s.healthErr
	}
	return &qdrant.HealthCheckReply{Title: "qdrant - vector search engine", Version: f.s.version}, nil
}

func (f fakeCollections) CollectionExists(_ context.Context, req *qdrant.CollectionExistsRequest) (*qdrant.CollectionExistsResponse, error) {
	f.s.mu.Lock()
	defer f.s.mu.Unlock()
	f.s.exists = append(f.s.exists, req)
	_, ok := f.s.collections[req.GetCollectionName()]
	return &qdrant.CollectionExistsResponse{Result: &qdrant.CollectionExists{Exists: ok}}, nil
}

func (f fakeCollections) Get(_ context.Context, req *qdrant.GetCollectionInfoRequest) (*qdrant.GetCollectionInfoResponse, error) {
	f.s.mu.Lock()
	defer f.s.mu.Unlock()
	f.s.gets = append(f.s.gets, req)
	c, ok := f.s.collections[req.GetCollectionName()]
	if !ok {
		return nil, status.Errorf(codes.NotFound, "Not found: Collection `%s` doesn't exist!", req.GetCollectionName())
	}
	return &qdrant.GetCollectionInfoResponse{Result: &qdrant.CollectionInfo{
		Status:      qdrant.CollectionStatus_Green,
		PointsCount: qdrant.PtrOf(uint64(len(c.points))),
		Config: &qdrant.CollectionConfig{Params: &qdrant.CollectionParams{
			VectorsConfig: qdrant.NewVectorsConfig(c.params),
		}},
	}}, nil
}

func (f fakeCollections) Create(_ context.Context, req *qdrant.CreateCollection) (*qdrant.CollectionOperationResponse, error) {
	f.s.mu.Lock()
	defer f.s.mu.Unlock()
	f.s.creates = append(f.s.creates, req)
	name := req.GetCollectionName()
	if _, ok := f.s.collections[name]; ok {
		return nil, status.Errorf(codes.AlreadyExists, "Wrong input: Collection `%s` already exists!", name)
	}
	p := req.GetVectorsConfig().GetParams()
	if p == nil || p.GetSize() == 0 {
		return nil, status.Error(codes.InvalidArgument, "vectors config needs a size")
	}
	f.s.collections[name] = &fakeCollection{params: p, points: make(map[string]*fakePoint)}
	return &qdrant.CollectionOperationResponse{Result: true}, nil
}

func (f fakeCollections) Delete(_ context.Context, req *qdrant.DeleteCollection) (*qdrant.CollectionOperationResponse, error) {
	f.s.mu.Lock()
	defer f.s.mu.Unlock()
	_, ok := f.s.collections[req.GetCollectionName()]
	delete(f.s.collections, req.GetCollectionName())
	return &qdrant.CollectionOperationResponse{Result: ok}, nil
}

func completed() *qdrant.PointsOperationResponse {
	return &qdrant.PointsOperationResponse{Result: &qdrant.UpdateResult{Status: qdrant.UpdateStatus_Completed}}
}

func (f fakePoints) CreateFieldIndex(_ context.Context, req *qdrant.CreateFieldIndexCollection) (*qdrant.PointsOperationResponse, error) {
	f.s.mu.Lock()
	defer f.s.mu.Unlock()
	f.s.indexes = append(f.s.indexes, req)
	if _, ok := f.s.collections[req.GetCollectionName()]; !ok {
		return nil, status.Errorf(codes.NotFound, "Not found: Collection `%s` doesn't exist!", req.GetCollectionName())
	}
	return completed(), nil
}

func (f fakePoints) Upsert(_ context.Context, req *qdrant.UpsertPoints) (*qdrant.PointsOperationResponse, error) {
	f.s.mu.Lock()
	defer f.s.mu.Unlock()
	f.s.upserts = append(f.s.upserts, req)
	c, ok := f.s.collections[req.GetCollectionName()]
	if !ok {
		return nil, status.Errorf(codes.NotFound, "Not found: Collection `%s` doesn't exist!", req.GetCollectionName())
	}
	for _, p := range req.GetPoints() {
		id := p.GetId().GetUuid()
		vec := p.GetVectors().GetVector().GetDense().GetData()
		if id == "" || uint64(len(vec)) != c.params.GetSize() {
			return nil, status.Errorf(codes.InvalidArgument, "Wrong input: point %v: vector of %d dimensions, want %d", p.GetId(), len(vec), c.params.GetSize())
		}
		c.points[id] = &fakePoint{id: id, vector: vec, payload: p.GetPayload()}
	}
	return completed(), nil
}

func (f fakePoints) Count(_ context.Context, req *qdrant.CountPoints) (*qdrant.CountResponse, error) {
	f.s.mu.Lock()
	defer f.s.mu.Unlock()
	c, ok := f.s.collections[req.GetCollectionName()]
	if !ok {
		return nil, status.Errorf(codes.NotFound, "Not found: Collection `%s` doesn't exist!", req.GetCollectionName())
	}
	return &qdrant.CountResponse{Result: &qdrant.CountResult{Count: uint64(len(c.points))}}, nil
}

func (f fakePoints) Query(ctx context.Context, req *qdrant.QueryPoints) (*qdrant.QueryResponse, error) {
	f.s.mu.Lock()
	f.s.queries = append(f.s.queries, req)
	block, qerr := f.s.blockQuery, f.s.queryErr
	if qerr != nil && f.s.queryFails > 0 {
		f.s.queryFails--
		if f.s.queryFails == 0 {
			f.s.queryErr = nil
		}
	}
	f.s.mu.Unlock()
	if qerr != nil {
		return nil, qerr
	}
	if block {
		<-ctx.Done()
		return nil, status.FromContextError(ctx.Err()).Err()
	}
	f.s.mu.Lock()
	defer f.s.mu.Unlock()
	c, ok := f.s.collections[req.GetCollectionName()]
	if !ok {
		return nil, status.Errorf(codes.NotFound, "Not found: Collection `%s` doesn't exist!", req.GetCollectionName())
	}
	q := req.GetQuery().GetNearest().GetDense().GetData()
	if uint64(len(q)) != c.params.GetSize() {
		return nil, status.Errorf(codes.InvalidArgument, "Wrong input: query vector of %d dimensions, want %d", len(q), c.params.GetSize())
	}
	var res []*qdrant.ScoredPoint
	for _, p := range c.points {
		pass, err := evalFilter(req.GetFilter(), p.payload)
		if err != nil {
			return nil, status.Error(codes.InvalidArgument, err.Error())
		}
		if !pass {
			continue
		}
		res = append(res, &qdrant.ScoredPoint{
			Id:      qdrant.NewIDUUID(p.id),
			Score:   cosine(q, p.vector),
			Payload: selectPayload(p.payload, req.GetWithPayload()),
			Version: 1,
		})
	}
	slices.SortFunc(res, func(a, b *qdrant.ScoredPoint) int {
		if c := cmp.Compare(b.GetScore(), a.GetScore()); c != 0 {
			return c
		}
		return strings.Compare(a.GetId().GetUuid(), b.GetId().GetUuid())
	})
	if n := int(req.GetLimit()); len(res) > n {
		res = res[:n]
	}
	return &qdrant.QueryResponse{Result: res, Time: 0.001}, nil
}

func cosine(a, b []float32) float32 {
	var dot, na, nb float64
	for i := range a {
		dot += float64(a[i]) * float64(b[i])
		na += float64(a[i]) * float64(a[i])
		nb += float64(b[i]) * float64(b[i])
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return float32(dot / math.Sqrt(na*nb))
}

func selectPayload(p map[string]*qdrant.Value, sel *qdrant.WithPayloadSelector) map[string]*qdrant.Value {
	if sel == nil || !sel.GetEnable() && sel.GetInclude() == nil {
		return nil
	}
	if sel.GetInclude() == nil {
		return p
	}
	out := make(map[string]*qdrant.Value)
	for _, k := range sel.GetInclude().GetFields() {
		if v, ok := p[k]; ok {
			out[k] = v
		}
	}
	return out
}

// evalFilter applies a Qdrant filter to a payload as Qdrant documents it:
// every must condition holds, no must_not condition holds, and when there
// are should conditions at least one holds. A field condition holds when
// any value at its dotted key (list items count one by one) matches:
// keyword and integer matches compare exactly, match any takes any listed
// value, match text on a field without a full-text index is a substring
// test, and a range bounds a number; is_empty holds for a field without
// values, has_id for a point whose id is PointID of its id payload, and
// a nested filter for one object of the list at its key.
// Conditions the store never sends are errors.
func evalFilter(f *qdrant.Filter, p map[string]*qdrant.Value) (bool, error) {
	if f == nil {
		return true, nil
	}
	if f.MinShould != nil {
		return false, fmt.Errorf("min_should is not supported")
	}
	for _, c := range f.GetMust() {
		ok, err := evalCondition(c, p)
		if err != nil || !ok {
			return false, err
		}
	}
	for _, c := range f.GetMustNot() {
		ok, err := evalCondition(c, p)
		if err != nil || ok {
			return false, err
		}
	}
	if len(f.GetShould()) == 0 {
		return true, nil
	}
	for _, c := range f.GetShould() {
		ok, err := evalCondition(c, p)
		if err != nil || ok {
			return ok, err
		}
	}
	return false, nil
}

func evalCondition(c *qdrant.Condition, p map[string]*qdrant.Value) (bool, error) {
	switch c := c.GetConditionOneOf().(type) {
	case *qdrant.Condition_Filter:
		return evalFilter(c.Filter, p)
	case *qdrant.Condition_Nested:
		// the filter holds for one object of the list, its keys relative
		for _, v := range lookupPath(p, c.Nested.GetKey()) {
			ok, err := evalFilter(c.Nested.GetFilter(), v.GetStructValue().GetFields())
			if err != nil || ok {
				return ok, err
			}
		}
		return false, nil
	case *qdrant.Condition_IsEmpty:
		return len(lookupPath(p, c.IsEmpty.GetKey())) == 0, nil
	case *qdrant.Condition_HasId:
		// the point's id is PointID of its id payload
		id := PointID(p[fieldID].GetStringValue()).String()
		return slices.ContainsFunc(c.HasId.GetHasId(), func(x *qdrant.PointId) bool { return x.GetUuid() == id }), nil
	case *qdrant.Condition_Field:
		fc := c.Field
		values := lookupPath(p, fc.GetKey())
		switch {
		case fc.GetMatch() != nil:
			return anyValue(values, func(v *qdrant.Value) (bool, error) { return matchValue(fc.GetMatch(), v) })
		case fc.GetRange() != nil:
			r := fc.GetRange()
			return anyValue(values, func(v *qdrant.Value) (bool, error) {
				var n float64
				switch k := v.GetKind().(type) {
				case *qdrant.Value_IntegerValue:
					n = float64(k.IntegerValue)
				case *qdrant.Value_DoubleValue:
					n = k.DoubleValue
				default:
					return false, nil
				}
				return (r.Gte == nil || n >= *r.Gte) && (r.Lte == nil || n <= *r.Lte) &&
					(r.Gt == nil || n > *r.Gt) && (r.Lt == nil || n < *r.Lt), nil
			})
		}
		return false, fmt.Errorf("field condition on %q: only match and range are supported", fc.GetKey())
	}
	return false, fmt.Errorf("condition %T is not supported", c.GetConditionOneOf())
}

func matchValue(m *qdrant.Match, v *qdrant.Value) (bool, error) {
	switch m := m.GetMatchValue().(type) {
	case *qdrant.Match_Keyword:
		return v.GetStringValue() == m.Keyword && isString(v), nil
	case *qdrant.Match_Keywords:
		return isString(v) && slices.Contains(m.Keywords.GetStrings(), v.GetStringValue()), nil
	case *qdrant.Match_Integer:
		return isInt(v) && v.GetIntegerValue() == m.Integer, nil
	case *qdrant.Match_Integers:
		return isInt(v) && slices.Contains(m.Integers.GetIntegers(), v.GetIntegerValue()), nil
	case *qdrant.Match_Text:
		return isString(v) && strings.Contains(v.GetStringValue(), m.Text), nil
	case *qdrant.Match_Boolean:
		b, ok := v.GetKind().(*qdrant.Value_BoolValue)
		return ok && b.BoolValue == m.Boolean, nil
	}
	return false, fmt.Errorf("match %T is not supported", m.GetMatchValue())
}

func isString(v *qdrant.Value) bool { _, ok := v.GetKind().(*qdrant.Value_StringValue); return ok }
func isInt(v *qdrant.Value) bool    { _, ok := v.GetKind().(*qdrant.Value_IntegerValue); return ok }

func anyValue(vs []*qdrant.Value, f func(*qdrant.Value) (bool, error)) (bool, error) {
	for _, v := range vs {
		ok, err := f(v)
		if err != nil || ok {
			return ok, err
		}
	}
	return false, nil
}

// lookupPath returns the values at a dotted key, with lists flattened.
func lookupPath(p map[string]*qdrant.Value, key string) []*qdrant.Value {
	head, rest, nested := strings.Cut(key, ".")
	v, ok := p[head]
	if !ok {
		return nil
	}
	if nested {
		return lookupPath(v.GetStructValue().GetFields(), rest)
	}
	if l := v.GetListValue(); l != nil {
		return l.GetValues()
	}
	return []*qdrant.Value{v}
}

// fakeServer is a running contract server.
type fakeServer struct {
	*fakeState
	lis *bufconn.Listener
	srv *grpc.Server
}

// startFake serves a fake Qdrant on a bufconn listener until the test ends.
func startFake(t testing.TB) *fakeServer {
	t.Helper()
	st := &fakeState{version: "1.17.0", collections: make(map[string]*fakeCollection)}
	lis := bufconn.Listen(1 << 20)
	srv := grpc.NewServer()
	qdrant.RegisterQdrantServer(srv, fakeQdrant{s: st})
	qdrant.RegisterCollectionsServer(srv, fakeCollections{s: st})
	qdrant.RegisterPointsServer(srv, fakePoints{s: st})
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = srv.Serve(lis)
	}()
	t.Cleanup(func() {
		srv.Stop()
		<-done
	})
	return &fakeServer{fakeState: st, lis: lis, srv: srv}
}

// fakeHealthTimeout bounds the health check of a store opened on the fake.
const fakeHealthTimeout = time.Minute

// stop ends the server and its connections, as a killed node would.
func (f *fakeServer) stop() { f.srv.Stop() }

// open opens a store on the fake server.
func (f *fakeServer) open(t testing.TB, cfg Config) *Store {
	t.Helper()
	if cfg.Timeout == 0 {
		// the fake answers in-process; on a machine busy with the whole
		// suite its goroutines may not run within the 5 s a real server
		// is given, and no test here measures the deadline
		cfg.Timeout = fakeHealthTimeout
	}
	s, err := Open(context.Background(), cfg, f.dialer())
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, s.Close()) })
	return s
}

func (f *fakeServer) dialer() Option {
	return WithDialOptions(
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return f.lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()),
	)
}

// snapshot copies the recorded requests under the lock.
func (f *fakeServer) snapshot() fakeState {
	f.mu.Lock()
	defer f.mu.Unlock()
	return fakeState{
		health: f.health, apiKeys: slices.Clone(f.apiKeys), exists: slices.Clone(f.exists), gets: slices.Clone(f.gets),
		creates: slices.Clone(f.creates), indexes: slices.Clone(f.indexes),
		upserts: slices.Clone(f.upserts), queries: slices.Clone(f.queries),
	}
}

// requireProto fails unless want and got are equal protobuf messages.
func requireProto(t testing.TB, want, got proto.Message, msgAndArgs ...any) {
	t.Helper()
	if !proto.Equal(want, got) {
		require.Fail(t, fmt.Sprintf("protobuf messages differ\nwant: %v\n got: %v", want, got), msgAndArgs...)
	}
}
