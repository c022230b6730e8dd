package qdrantstore

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/retrieval"
)

// BenchmarkTranslate measures the filter translation of a typical set
// (place, type, status, year range and a subject substring).
func BenchmarkTranslate(b *testing.B) {
	fs, err := filter.Parse([]byte(`{"country":"GB","type":["MUSEUM","GALLERY"],"status":{"$ne":"closed"},` +
		`"year_opened":{"$gte":1950,"$lte":1999},"subjects":{"$contains":"Railway"},"admin_area":"Kent (English County)"}`))
	require.NoError(b, err)
	b.ReportAllocs()
	for b.Loop() {
		if f, ok := Translate(fs); !ok || f == nil {
			b.Fatal("no filter")
		}
	}
}

// BenchmarkPayload measures building the payload of one record.
func BenchmarkPayload(b *testing.B) {
	ds := embedded(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		_ = payload(&ds.Institutions[i%len(ds.Institutions)])
		i++
	}
}

// BenchmarkIngestContract ingests 1,629 records (every 10th) in batches of
// 256 into the contract server, over gRPC on bufconn: payloads, hashing
// embeddings and protobuf encoding, without Qdrant's own work.
func BenchmarkIngestContract(b *testing.B) {
	fake := startFake(b)
	ds := subset(b, 10)
	emb := embed.NewHashing(256)
	s := fake.open(b, Config{})
	b.ReportAllocs()
	for b.Loop() {
		require.NoError(b, s.Ingest(context.Background(), ds, emb, nil))
	}
	b.ReportMetric(float64(len(ds.Institutions)), "records/op")
}

// BenchmarkRetrieveContract measures one filtered retrieval against the
// contract server holding 1,629 records.
func BenchmarkRetrieveContract(b *testing.B) {
	fake := startFake(b)
	ds := subset(b, 10)
	emb := embed.NewHashing(256)
	s := fake.open(b, Config{})
	require.NoError(b, s.Ingest(context.Background(), ds, emb, nil))
	r := s.Retriever(emb)
	fs, err := filter.Parse([]byte(`{"country":"GB","status":{"$ne":"closed"}}`))
	require.NoError(b, err)
	q := retrieval.Query{Text: "railway museum with steam locomotives", K: 10, Filters: fs}
	b.ReportAllocs()
	for b.Loop() {
		hits, err := r.Retrieve(context.Background(), q)
		if err != nil || len(hits) != 10 {
			b.Fatal(err, len(hits))
		}
	}
}
