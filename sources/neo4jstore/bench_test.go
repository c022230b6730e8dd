package neo4jstore_test

import (
	"context"
	"os"
	"testing"

	"github.com/hybridrag/hybridrag/sources"
	"github.com/hybridrag/hybridrag/sources/neo4jstore"
)

// benchStore is a store on the server HYBRIDRAG_NEO4J_URI names holding
// n records (emptied at the end); the benchmark skips without a server.
func benchStore(b *testing.B, n int) *neo4jstore.Store {
	b.Helper()
	uri := os.Getenv("HYBRIDRAG_NEO4J_URI")
	if uri == "" {
		b.Skip("HYBRIDRAG_NEO4J_URI is not set")
	}
	st, err := neo4jstore.New(uri, os.Getenv("HYBRIDRAG_NEO4J_USER"), os.Getenv("HYBRIDRAG_NEO4J_PASSWORD"))
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	recs := records(b, "myorg", 0, n, 0)
	m := meta
	if _, _, err := st.Update(ctx, func(s *sources.State) error {
		s.Sources, s.Hidden = nil, nil
		_, err := s.Put(m, recs, true)
		return err
	}); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		_, _, _ = st.Update(ctx, func(s *sources.State) error { s.Sources, s.Hidden = nil, nil; return nil })
		_ = st.Close(ctx)
	})
	return st
}

// BenchmarkHead is what a serve replica's poll of the store costs.
func BenchmarkHead(b *testing.B) {
	st := benchStore(b, 10)
	for b.Loop() {
		if _, err := st.Head(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRead1000 reads a store of 1,000 records, as a replica does
// when the head moved on.
func BenchmarkRead1000(b *testing.B) {
	st := benchStore(b, 1000)
	for b.Loop() {
		if _, err := st.Read(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}
