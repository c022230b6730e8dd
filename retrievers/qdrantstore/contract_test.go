package qdrantstore

// Contract tests: the store runs end to end against the in-process gRPC
// server of fake_server_test.go, which stands in for Qdrant (none can be
// installed on the test machines). They pin the exact requests the store
// sends — collection parameters, payload index requests, upsert batches
// with their point ids, vectors and payloads, and query requests with the
// translated filter — and check the hits against a brute-force search of
// the same records with filter.Set.Match. live_test.go repeats the flow on
// a real server when QDRANT_URL is set.

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/qdrant/go-client/qdrant"
	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/retrievers"
)

// subset takes every stride-th record of the embedded dataset, so that
// every source is represented.
func subset(t testing.TB, stride int) *heritage.Dataset {
	t.Helper()
	ds := embedded(t)
	var out []heritage.Institution
	for i := 0; i < len(ds.Institutions); i += stride {
		out = append(out, ds.Institutions[i])
	}
	return &heritage.Dataset{Institutions: out, Version: ds.Version}
}

// wantIndexes is the payload index request for every filter key, written
// out independently of indexRequests.
func wantIndexes(collection string) []*qdrant.CreateFieldIndexCollection {
	var out []*qdrant.CreateFieldIndexCollection
	for _, k := range filter.Keys {
		req := &qdrant.CreateFieldIndexCollection{CollectionName: collection, Wait: qdrant.PtrOf(true)}
		if k == "year_opened" || k == "year_closed" {
			req.FieldName = k
			req.FieldType = qdrant.FieldType_FieldTypeInteger.Enum()
			req.FieldIndexParams = &qdrant.PayloadIndexParams{IndexParams: &qdrant.PayloadIndexParams_IntegerIndexParams{
				IntegerIndexParams: &qdrant.IntegerIndexParams{Lookup: qdrant.PtrOf(true), Range: qdrant.PtrOf(true)},
			}}
		} else {
			req.FieldName = "fold." + k
			req.FieldType = qdrant.FieldType_FieldTypeKeyword.Enum()
		}
		out = append(out, req)
	}
	// the selection payload's fields (selPayload)
	for _, f := range []struct {
		name string
		kind qdrant.FieldType
	}{
		{"sel.place_keys", qdrant.FieldType_FieldTypeKeyword},
		{"sel.subjects", qdrant.FieldType_FieldTypeKeyword},
		{"sel.subjects_exact", qdrant.FieldType_FieldTypeKeyword},
		{"sel.opened_to", qdrant.FieldType_FieldTypeInteger},
		{"sel.closed_to", qdrant.FieldType_FieldTypeInteger},
		{"sel.closed", qdrant.FieldType_FieldTypeBool},
		{"sel.huge", qdrant.FieldType_FieldTypeBool},
		{"sel.members[].key", qdrant.FieldType_FieldTypeKeyword},
		{"sel.located_in", qdrant.FieldType_FieldTypeKeyword},
	} {
		req := &qdrant.CreateFieldIndexCollection{CollectionName: collection, Wait: qdrant.PtrOf(true), FieldName: f.name, FieldType: f.kind.Enum()}
		if f.kind == qdrant.FieldType_FieldTypeInteger {
			req.FieldIndexParams = &qdrant.PayloadIndexParams{IndexParams: &qdrant.PayloadIndexParams_IntegerIndexParams{
				IntegerIndexParams: &qdrant.IntegerIndexParams{Lookup: qdrant.PtrOf(false), Range: qdrant.PtrOf(true)},
			}}
		}
		out = append(out, req)
	}
	return out
}

func embedOne(t testing.TB, e embed.Embedder, text string) []float32 {
	t.Helper()
	v, err := e.Embed(context.Background(), []string{text})
	require.NoError(t, err)
	return v[0]
}

func TestContractIngest(t *testing.T) {
	fake := startFake(t)
	ds := subset(t, 27)
	n := len(ds.Institutions)
	require.Greater(t, n, 512)
	emb := embed.NewHashing(64)
	s := fake.open(t, Config{Collection: "heritage_test", BatchSize: 256})

	var progress [][2]int
	require.NoError(t, s.Ingest(context.Background(), ds, emb, func(done, total int) { progress = append(progress, [2]int{done, total}) }))

	got := fake.snapshot()
	require.Equal(t, 1, got.health, "one health check at Open")
	require.Len(t, got.exists, 1)
	require.Equal(t, "heritage_test", got.exists[0].GetCollectionName())
	require.Len(t, got.creates, 1)
	requireProto(t, &qdrant.CreateCollection{
		CollectionName: "heritage_test",
		VectorsConfig: &qdrant.VectorsConfig{Config: &qdrant.VectorsConfig_Params{
			Params: &qdrant.VectorParams{Size: 64, Distance: qdrant.Distance_Cosine},
		}},
	}, got.creates[0])
	require.Empty(t, got.gets)

	want := wantIndexes("heritage_test")
	require.Len(t, got.indexes, len(filter.Keys)+9)
	for i := range want {
		requireProto(t, want[i], got.indexes[i], "index %d", i)
	}

	require.Equal(t, [][2]int{{256, n}, {512, n}, {n, n}}, progress)
	require.Len(t, got.upserts, 3)
	for b, up := range got.upserts {
		require.Equal(t, "heritage_test", up.GetCollectionName())
		require.True(t, up.GetWait(), "each batch waits until applied")
		lo, hi := b*256, min((b+1)*256, n)
		require.Len(t, up.GetPoints(), hi-lo)
		for j, p := range up.GetPoints() {
			in := &ds.Institutions[lo+j]
			require.Equal(t, uuidV5(PointNamespace, in.ID), p.GetId().GetUuid(), in.ID)
			require.Equal(t, embedOne(t, emb, retrievers.DocText(in)), p.GetVectors().GetVector().GetDense().GetData(), in.ID)
			if j%97 == 0 {
				requireProto(t, qdrant.NewValueFromFields(pointPayload(ds, in)), qdrant.NewValueFromFields(p.GetPayload()), in.ID)
				require.Equal(t, in.ID, p.GetPayload()["id"].GetStringValue())
			}
		}
	}
	count, err := s.Count(context.Background())
	require.NoError(t, err)
	require.Equal(t, uint64(n), count)

	// Ingesting again checks the existing collection instead of creating
	// it and overwrites the same points.
	require.NoError(t, s.Ingest(context.Background(), ds, emb, nil))
	again := fake.snapshot()
	require.Len(t, again.creates, 1)
	require.Len(t, again.gets, 1)
	require.Len(t, again.upserts, 6)
	for b := range 3 {
		for j, p := range again.upserts[3+b].GetPoints() {
			require.Equal(t, got.upserts[b].GetPoints()[j].GetId().GetUuid(), p.GetId().GetUuid())
		}
	}
	count, err = s.Count(context.Background())
	require.NoError(t, err)
	require.Equal(t, uint64(n), count, "idempotent")

	// An embedder of another dimension does not fit the collection.
	err = s.Ingest(context.Background(), ds, embed.NewHashing(32), nil)
	require.ErrorIs(t, err, ErrSchema)
	require.Contains(t, err.Error(), "64-dimensional Cosine vectors, want 32")
}

func TestContractIngestBatching(t *testing.T) {
	ds := subset(t, 3001)
	require.Len(t, ds.Institutions, 6)
	tests := []struct {
		batch    int
		sizes    []int
		progress [][2]int
	}{
		{2, []int{2, 2, 2}, [][2]int{{2, 6}, {4, 6}, {6, 6}}},
		{4, []int{4, 2}, [][2]int{{4, 6}, {6, 6}}},
		{6, []int{6}, [][2]int{{6, 6}}},
		{0, []int{6}, [][2]int{{6, 6}}}, // default 256
	}
	for _, tt := range tests {
		fake := startFake(t)
		s := fake.open(t, Config{BatchSize: tt.batch})
		var progress [][2]int
		require.NoError(t, s.Ingest(context.Background(), ds, embed.NewHashing(16), func(d, n int) { progress = append(progress, [2]int{d, n}) }))
		var sizes []int
		var ids []string
		for _, up := range fake.snapshot().upserts {
			require.Equal(t, DefaultCollection, up.GetCollectionName())
			sizes = append(sizes, len(up.GetPoints()))
			for _, p := range up.GetPoints() {
				ids = append(ids, p.GetId().GetUuid())
			}
		}
		require.Equal(t, tt.sizes, sizes, "batch %d", tt.batch)
		require.Equal(t, tt.progress, progress, "batch %d", tt.batch)
		var want []string
		for _, in := range ds.Institutions {
			want = append(want, PointID(in.ID).String())
		}
		require.Equal(t, want, ids, "every record once, in order")
	}
}

// bruteForce returns the ids of the k records most similar to the query
// that pass fs, ordered as the server orders them (score, then point id).
func bruteForce(t testing.TB, ds *heritage.Dataset, e embed.Embedder, text string, k int, fs filter.Set) []string {
	t.Helper()
	q := embedOne(t, e, text)
	type scored struct {
		id, point string
		score     float32
	}
	var all []scored
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		if !fs.Match(in) {
			continue
		}
		all = append(all, scored{in.ID, PointID(in.ID).String(), cosine(q, embedOne(t, e, retrievers.DocText(in)))})
	}
	slices.SortFunc(all, func(a, b scored) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		return strings.Compare(a.point, b.point)
	})
	var out []string
	for _, s := range all[:min(k, len(all))] {
		out = append(out, s.id)
	}
	return out
}

func TestContractRetrieve(t *testing.T) {
	fake := startFake(t)
	ds := subset(t, 11)
	emb := embed.NewHashing(128)
	s := fake.open(t, Config{Collection: "heritage_test"})
	require.NoError(t, s.Ingest(context.Background(), ds, emb, nil))
	r := s.Retriever(emb)

	tests := []struct {
		name    string
		text    string
		k       int
		filters string
		want    *qdrant.Filter // the filter sent; nil for none
	}{
		{name: "no filter", text: "railway museum", k: 10},
		{name: "country and type", text: "museum of local history", k: 8, filters: `{"country":"GB","type":["MUSEUM","GALLERY"]}`,
			want: &qdrant.Filter{Must: []*qdrant.Condition{
				qdrant.NewMatchKeyword("fold.country", "gb"),
				qdrant.NewMatchKeywords("fold.type", "museum", "gallery"),
			}}},
		{name: "open, opened in the 1990s", text: "transport collection", k: 5, filters: `{"status":{"$ne":"closed"},"year_opened":{"$gte":1990,"$lte":1999}}`,
			want: &qdrant.Filter{
				Must:    []*qdrant.Condition{qdrant.NewRange("year_opened", rng(f64(1990), f64(1999)))},
				MustNot: []*qdrant.Condition{qdrant.NewMatchKeyword("fold.status", "closed")},
			}},
		{name: "subject level and admin unit", text: "war memorial museum", k: 6, filters: `{"subjects":"War and conflict","admin_area":"England"}`,
			want: &qdrant.Filter{Must: []*qdrant.Condition{
				qdrant.NewMatchKeyword("fold.admin_area", "england"),
				qdrant.NewMatchKeyword("fold.subjects", "war and conflict"),
			}}},
		{name: "substring", text: "steam trains", k: 7, filters: `{"subjects":{"$contains":"RAILWAY"}}`,
			want: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewMatchText("fold.subjects", "railway")}}},
		{name: "k larger than the matches", text: "library", k: 50, filters: `{"region":"Wales","type":"MUSEUM","size":"large"}`,
			want: &qdrant.Filter{Must: []*qdrant.Condition{
				qdrant.NewMatchKeyword("fold.region", "wales"),
				qdrant.NewMatchKeyword("fold.size", "large"),
				qdrant.NewMatchKeyword("fold.type", "museum"),
			}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs, err := filter.Parse([]byte(tt.filters))
			require.NoError(t, err)
			before := len(fake.snapshot().queries)
			hits, err := r.Retrieve(context.Background(), retrieval.Query{Text: tt.text, K: tt.k, Filters: fs})
			require.NoError(t, err)

			queries := fake.snapshot().queries
			require.Len(t, queries, before+1)
			requireProto(t, &qdrant.QueryPoints{
				CollectionName: "heritage_test",
				Query:          qdrant.NewQueryDense(embedOne(t, emb, tt.text)),
				Filter:         tt.want,
				Limit:          qdrant.PtrOf(uint64(tt.k)),
				Params:         &qdrant.SearchParams{Exact: qdrant.PtrOf(true)},
				WithPayload:    qdrant.NewWithPayloadInclude("id", "name", "isil", "wikidata", "ghcid", "tier", "snippet"),
				WithVectors:    qdrant.NewWithVectors(false),
			}, queries[before])

			kept := fs
			wantIDs := bruteForce(t, ds, emb, tt.text, tt.k, kept)
			require.NotEmpty(t, wantIDs)
			var ids []string
			for i, h := range hits {
				ids = append(ids, h.ID)
				in, ok := embedded(t).Get(h.ID)
				require.True(t, ok)
				require.True(t, kept.Match(in), "%s passes the filters", h.ID)
				require.Equal(t, retrieval.NewHit(in, plan.RetrieverVector, h.Score, i+1), h)
				if i > 0 {
					require.LessOrEqual(t, h.Score, hits[i-1].Score)
				}
			}
			require.Equal(t, wantIDs, ids)
			require.LessOrEqual(t, len(hits), tt.k)
		})
	}

	t.Run("filters that match nothing send no query", func(t *testing.T) {
		before := len(fake.snapshot().queries)
		hits, err := r.Retrieve(context.Background(), retrieval.Query{Text: "museum", K: 5, Filters: filter.Set{{Field: "year_opened", Op: filter.Eq, Values: []string{"1960.5"}}}})
		require.NoError(t, err)
		require.Empty(t, hits)
		hits, err = r.Retrieve(context.Background(), retrieval.Query{Text: "museum", K: 0})
		require.NoError(t, err)
		require.Empty(t, hits)
		hits, err = r.Retrieve(context.Background(), retrieval.Query{Text: "", K: 5})
		require.NoError(t, err)
		require.Empty(t, hits, "an empty embedding")
		require.Len(t, fake.snapshot().queries, before)
	})

	t.Run("source option", func(t *testing.T) {
		hits, err := s.Retriever(emb, WithSource(SourceQdrant)).Retrieve(context.Background(), retrieval.Query{Text: "museum", K: 3})
		require.NoError(t, err)
		require.Len(t, hits, 3)
		for _, h := range hits {
			require.Equal(t, "qdrant", h.Source)
		}
	})
}

// Exact search is the default; Approximate asks for the HNSW graph with
// the configured beam width, never narrower than k.
func TestContractSearchParams(t *testing.T) {
	fake := startFake(t)
	ds := subset(t, 41)
	emb := embed.NewHashing(128)
	for _, tt := range []struct {
		name string
		cfg  Config
		k    int
		want *qdrant.SearchParams
	}{
		{"exact by default", Config{}, 10, &qdrant.SearchParams{Exact: qdrant.PtrOf(true)}},
		{"approximate, default beam", Config{Approximate: true}, 10, &qdrant.SearchParams{HnswEf: qdrant.PtrOf(uint64(DefaultSearchEf))}},
		{"approximate, beam at least k", Config{Approximate: true, SearchEf: 16}, 40, &qdrant.SearchParams{HnswEf: qdrant.PtrOf(uint64(40))}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tt.cfg.Collection = "params_test"
			s := fake.open(t, tt.cfg)
			require.NoError(t, s.Ingest(context.Background(), ds, emb, nil))
			_, err := s.Retriever(emb).Retrieve(context.Background(), retrieval.Query{Text: "museum", K: tt.k})
			require.NoError(t, err)
			queries := fake.snapshot().queries
			requireProto(t, tt.want, queries[len(queries)-1].GetParams())
		})
	}
}

func TestContractCancel(t *testing.T) {
	fake := startFake(t)
	ds := subset(t, 2000)
	emb := embed.NewHashing(16)
	s := fake.open(t, Config{BatchSize: 3})

	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	err := s.Ingest(cancelled, ds, emb, nil)
	require.ErrorIs(t, err, context.Canceled)
	require.Empty(t, fake.snapshot().exists, "no request after cancel")

	// Cancelled between batches: the batch in flight completes, no other
	// starts.
	ctx, cancel := context.WithCancel(context.Background())
	err = s.Ingest(ctx, ds, emb, func(done, total int) { cancel() })
	require.ErrorIs(t, err, context.Canceled)
	require.Len(t, fake.snapshot().upserts, 1)

	r := s.Retriever(emb)
	_, err = r.Retrieve(cancelled, retrieval.Query{Text: "museum", K: 3})
	require.ErrorIs(t, err, context.Canceled)
	require.Empty(t, fake.snapshot().queries)

	// A server that does not answer: the caller's deadline ends the call.
	// A loaded machine can spend a short deadline before the request
	// reaches the server, so the deadline grows until one does.
	fake.mu.Lock()
	fake.blockQuery = true
	fake.mu.Unlock()
	for _, d := range []time.Duration{50 * time.Millisecond, 500 * time.Millisecond, 5 * time.Second} {
		ctx, cancel := context.WithTimeout(context.Background(), d)
		done := make(chan error, 1)
		go func() {
			_, err := r.Retrieve(ctx, retrieval.Query{Text: "museum", K: 3})
			done <- err
		}()
		select {
		case err = <-done:
		case <-time.After(30 * time.Second):
			t.Fatal("Retrieve did not return after its deadline")
		}
		cancel()
		require.ErrorIs(t, err, context.DeadlineExceeded)
		if len(fake.snapshot().queries) > 0 {
			break
		}
	}
	require.Len(t, fake.snapshot().queries, 1)
}

func TestContractAPIKey(t *testing.T) {
	fake := startFake(t)
	fake.open(t, Config{APIKey: "secret-key"})
	require.Equal(t, []string{"secret-key"}, fake.snapshot().apiKeys)
}

func TestContractNilInputs(t *testing.T) {
	fake := startFake(t)
	s := fake.open(t, Config{})
	require.Error(t, s.Ingest(context.Background(), nil, embed.NewHashing(8), nil))
	require.Error(t, s.Ingest(context.Background(), subset(t, 5000), nil, nil))
	require.Empty(t, fake.snapshot().exists)
	require.NoError(t, s.Ingest(context.Background(), subset(t, 5000), embed.NewHashing(8), nil))
	require.Equal(t, "1.17.0", s.ServerVersion())
	require.Equal(t, DefaultCollection, s.Collection())

	// A point written by someone else, without an id payload, is skipped.
	_, err := s.client().Upsert(context.Background(), &qdrant.UpsertPoints{
		CollectionName: DefaultCollection,
		Points: []*qdrant.PointStruct{{
			Id:      qdrant.NewIDUUID("00000000-0000-5000-8000-000000000001"),
			Vectors: qdrant.NewVectorsDense([]float32{1, 1, 1, 1, 1, 1, 1, 1}),
		}},
	})
	require.NoError(t, err)
	hits, err := s.Retriever(embed.NewHashing(8)).Retrieve(context.Background(), retrieval.Query{Text: "museum archive library", K: 10})
	require.NoError(t, err)
	require.Len(t, hits, 4, "the four ingested records, not the foreign point")
	for i, h := range hits {
		require.NotEmpty(t, h.ID)
		require.Equal(t, i+1, h.Rank)
	}

	require.NoError(t, s.DeleteCollection(context.Background()))
	fake.mu.Lock()
	require.Empty(t, fake.collections)
	fake.mu.Unlock()
}

// flakyEmbedder fails, or returns bad vectors, from its failAt-th call on.
type flakyEmbedder struct {
	inner  embed.Embedder
	calls  int
	failAt int
	bad    string // "error", "count" or "dim"
}

func (f *flakyEmbedder) Dim() int   { return f.inner.Dim() }
func (f *flakyEmbedder) ID() string { return "flaky" }
func (f *flakyEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	f.calls++
	vecs, err := f.inner.Embed(ctx, texts)
	if f.calls < f.failAt || err != nil {
		return vecs, err
	}
	switch f.bad {
	case "count":
		return vecs[1:], nil
	case "dim":
		vecs[0] = vecs[0][1:]
		return vecs, nil
	}
	return nil, errors.New("model crashed")
}

func TestContractEmbedderErrors(t *testing.T) {
	ds := subset(t, 1000)
	for _, tt := range []struct{ bad, msg string }{
		{"error", "embed records 6-9: model crashed"},
		{"count", "returned 2 vectors for 3 texts"},
		{"dim", "vector of 7 dimensions, want 8"},
	} {
		t.Run(tt.bad, func(t *testing.T) {
			fake := startFake(t)
			s := fake.open(t, Config{BatchSize: 3})
			err := s.Ingest(context.Background(), ds, &flakyEmbedder{inner: embed.NewHashing(8), failAt: 3, bad: tt.bad}, nil)
			require.ErrorContains(t, err, tt.msg)
			require.Len(t, fake.snapshot().upserts, 2, "the batches before the failure are written")
		})
	}
}

// TestContractCreateSharded checks that a new collection carries the
// configured shards, replicas and write acknowledgements, and that zero
// leaves them to the server.
func TestContractCreateSharded(t *testing.T) {
	ds, emb := subset(t, 400), embed.NewHashing(16)
	for _, tc := range []struct {
		cfg       Config
		shards    *uint32
		replicas  *uint32
		writeAcks *uint32
	}{
		{cfg: Config{}},
		{cfg: Config{Shards: 2, ReplicationFactor: 2, WriteConsistency: 1}, shards: qdrant.PtrOf(uint32(2)), replicas: qdrant.PtrOf(uint32(2)), writeAcks: qdrant.PtrOf(uint32(1))},
		{cfg: Config{Shards: 6}, shards: qdrant.PtrOf(uint32(6))},
	} {
		fake := startFake(t)
		s := fake.open(t, tc.cfg)
		require.NoError(t, s.Ingest(context.Background(), ds, emb, nil))
		creates := fake.snapshot().creates
		require.Len(t, creates, 1)
		requireProto(t, &qdrant.CreateCollection{
			CollectionName:         DefaultCollection,
			VectorsConfig:          qdrant.NewVectorsConfig(&qdrant.VectorParams{Size: 16, Distance: qdrant.Distance_Cosine}),
			ShardNumber:            tc.shards,
			ReplicationFactor:      tc.replicas,
			WriteConsistencyFactor: tc.writeAcks,
		}, creates[0])
	}
	_, err := Config{Shards: -1}.withDefaults()
	require.ErrorContains(t, err, "negative")
}
