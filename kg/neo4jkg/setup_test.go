package neo4jkg

import (
	"context"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// Live tests need a Neo4j server: start one with `bash scripts/neo4j.sh
// start` and export the HYBRIDRAG_NEO4J_URI it prints. Without it they are
// skipped, unless HYBRIDRAG_REQUIRE_NEO4J=1 makes that a failure.

func neo4jURI(t testing.TB) string {
	t.Helper()
	uri := os.Getenv("HYBRIDRAG_NEO4J_URI")
	if uri == "" {
		msg := "HYBRIDRAG_NEO4J_URI is not set; start a server with `bash scripts/neo4j.sh start` and export the URI it prints"
		if os.Getenv("HYBRIDRAG_REQUIRE_NEO4J") == "1" {
			t.Fatal(msg + " (HYBRIDRAG_REQUIRE_NEO4J=1)")
		}
		t.Skip(msg)
	}
	return uri
}

var (
	fixtureOnce sync.Once
	fixture     struct {
		store *Store
		ds    *heritage.Dataset
		graph *kg.Graph
		stats Stats
		// loaded is true when the store held the dataset already and
		// the fixture did not ingest it.
		loaded bool
		err    error
	}
)

// testStore opens the store and, unless it already holds exactly the
// embedded dataset (scripts/test.sh loads it with hybridrag ingest before
// the tests), ingests it, once per test binary; it returns the store, the
// dataset and the in-memory graph. TestIngestIdempotent ingests again
// either way.
func testStore(t testing.TB) (*Store, *heritage.Dataset, *kg.Graph) {
	t.Helper()
	uri := neo4jURI(t)
	ds := testfixture.Dataset(t)
	fixtureOnce.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
		defer cancel()
		s, err := Open(ctx, uri, os.Getenv("HYBRIDRAG_NEO4J_USER"), os.Getenv("HYBRIDRAG_NEO4J_PASSWORD"))
		if err != nil {
			fixture.err = err
			return
		}
		fixture.store, fixture.ds, fixture.graph = s, ds, kg.New(ds)
		if fixture.loaded, fixture.err = holds(ctx, s, ds, fixture.graph); fixture.err != nil || fixture.loaded {
			return
		}
		fixture.stats, fixture.err = s.Ingest(ctx, ds, nil)
	})
	require.NoError(t, fixture.err)
	return fixture.store, fixture.ds, fixture.graph
}

// holds is Store.Holds.
func holds(ctx context.Context, s *Store, ds *heritage.Dataset, g *kg.Graph) (bool, error) {
	return s.Holds(ctx, ds, g)
}

func TestMain(m *testing.M) {
	code := m.Run()
	if fixture.store != nil {
		_ = fixture.store.Close(context.Background())
	}
	os.Exit(code)
}
