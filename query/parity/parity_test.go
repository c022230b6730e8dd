package parity_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/gold"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/kg/neo4jkg"
	"github.com/hybridrag/hybridrag/query"
	"github.com/hybridrag/hybridrag/retrievers/qdrantstore"
	"github.com/hybridrag/hybridrag/router"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// The live backends are found as their own packages' live tests find
// them (scripts/test.sh sets these): without the URL a backend is left
// out of the comparison and said so, unless its HYBRIDRAG_REQUIRE_*
// variable is 1, which makes that a failure.
const (
	envNeo4jURI      = "HYBRIDRAG_NEO4J_URI"
	envNeo4jUser     = "HYBRIDRAG_NEO4J_USER"
	envNeo4jPassword = "HYBRIDRAG_NEO4J_PASSWORD"
	envRequireNeo4j  = "HYBRIDRAG_REQUIRE_NEO4J"
	envQdrantURL     = "QDRANT_URL"
	envQdrantAPIKey  = "QDRANT_API_KEY"
	envRequireQdrant = "HYBRIDRAG_REQUIRE_QDRANT"
)

// backend selects the records meeting an expression and says which
// parts it tested with Expr.Match.
type backend struct {
	name     string
	selectFn func(ctx context.Context, e query.Expr) ([]string, query.And, error)
}

// exprCase is one compiled expression and the plans it comes from.
type exprCase struct {
	e     query.Expr
	plans []int
}

// compiled routes every question of the public and the generated sets
// and compiles each constraint set of its plan (the plan's own and each
// compared side's) as the plan's selection reads it: places up to
// Derived, and for an "in or near" question up to Near, memberships
// judged now. Equal expressions are kept once, with every plan they
// come from; plans counts the constraint sets.
func compiled(t *testing.T, ds *heritage.Dataset) (cases []*exprCase, plans int) {
	t.Helper()
	r := router.New(ds)
	byKey := map[string]*exprCase{}
	for _, set := range []struct {
		path string
		n    int
	}{{"../../testdata/questions.jsonl", 240}, {"../../testdata/generated/questions.jsonl", 2622}} {
		qs, err := gold.Load(set.path)
		require.NoError(t, err)
		require.Len(t, qs, set.n, set.path)
		for _, q := range qs {
			for _, e := range testfixture.Selections(r.Route(q.Question)) {
				k := e.String()
				ec, ok := byKey[k]
				if !ok {
					ec = &exprCase{e: e}
					byKey[k] = ec
					cases = append(cases, ec)
				}
				ec.plans = append(ec.plans, plans)
				plans++
			}
		}
	}
	return cases, plans
}

// TestParityBackends is the parity suite of the query algebra: every
// plan of the public and generated question sets, compiled once per
// distinct expression, selects the same records with the reference
// evaluator, the in-memory graph, Neo4j and Qdrant (a collection of its
// own holding the whole dataset, read by payload filter alone). It logs
// how many plans each backend post-filtered each predicate kind for.
func TestParityBackends(t *testing.T) {
	testfixture.SkipUnderRace(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	ds := testfixture.Dataset(t)
	ev := query.NewContext(ds)
	g := kg.New(ds)

	// Qdrant ingests while Neo4j is checked and the plans compile.
	qd := openQdrant(ctx, t)
	ingested := make(chan error, 1)
	if qd != nil {
		go func() { ingested <- ingestQdrant(ctx, t, qd, ds) }()
	}
	backends := []backend{{name: "graph", selectFn: func(_ context.Context, e query.Expr) ([]string, query.And, error) {
		ids, post := g.SelectDeclared(e)
		return ids, post, nil
	}}}
	if s := openNeo4j(ctx, t, ds, g); s != nil {
		backends = append(backends, backend{name: "neo4j", selectFn: func(ctx context.Context, e query.Expr) ([]string, query.And, error) {
			return s.SelectDeclared(ctx, e, ev)
		}})
	}
	cases, plans := compiled(t, ds)
	t.Logf("%d plans, %d distinct expressions", plans, len(cases))
	if qd != nil {
		require.NoError(t, <-ingested)
		backends = append(backends, backend{name: "qdrant", selectFn: qd.Selector(ds).SelectDeclared})
	}

	// Every backend, and the reference, runs over every expression at
	// once: the servers' answers overlap the reference's scans.
	want := make([][]string, len(cases))
	got := make([][][]string, len(backends))
	post := make([][]query.And, len(backends))
	errs := make([]error, len(backends))
	var wg sync.WaitGroup
	for b := range backends {
		got[b], post[b] = make([][]string, len(cases)), make([]query.And, len(cases))
		wg.Go(func() {
			for i, c := range cases {
				ids, p, err := backends[b].selectFn(ctx, c.e)
				if err != nil {
					errs[b] = fmt.Errorf("%s: %s: %w", backends[b].name, c.e, err)
					cancel()
					return
				}
				got[b][i], post[b][i] = ids, p
			}
		})
	}
	start := time.Now()
	for i, c := range cases {
		want[i] = query.Select(c.e, ds.Institutions, ev)
	}
	t.Logf("reference evaluator: %s", time.Since(start).Round(time.Millisecond))
	wg.Wait()
	for _, err := range errs {
		require.NoError(t, err)
	}

	nonEmpty := 0
	for i := range cases {
		if len(want[i]) > 0 {
			nonEmpty++
		}
	}
	for b, be := range backends {
		var differ []string
		for i, c := range cases {
			if !slices.Equal(want[i], got[b][i]) {
				differ = append(differ, fmt.Sprintf("%s (%d plans): reference %d, %s %d", c.e, len(c.plans), len(want[i]), be.name, len(got[b][i])))
			}
		}
		t.Logf("%s: %d of %d expressions agree with the reference (%d select something)", be.name, len(cases)-len(differ), len(cases), nonEmpty)
		require.Empty(t, differ, "%s: %d differ:\n%s", be.name, len(differ), strings.Join(differ[:min(len(differ), 10)], "\n"))
	}
	require.Greater(t, nonEmpty, len(cases)/2, "the comparison means something only if the selections hold records")
	t.Log("post-filters: plans whose expression a backend tested with Match, by predicate kind\n" + postTable(backends, cases, post))
}

// postTable writes, for every predicate kind a backend declared, the
// number of plans whose expression it post-filtered, per backend.
func postTable(backends []backend, cases []*exprCase, post [][]query.And) string {
	counts := map[string][]map[int]bool{}
	var kinds []string
	for b := range backends {
		for i, c := range cases {
			for _, p := range post[b][i] {
				for _, k := range query.Leaves(p) {
					if counts[k] == nil {
						counts[k] = make([]map[int]bool, len(backends))
						kinds = append(kinds, k)
					}
					if counts[k][b] == nil {
						counts[k][b] = map[int]bool{}
					}
					for _, pl := range c.plans {
						counts[k][b][pl] = true
					}
				}
			}
		}
	}
	slices.Sort(kinds)
	var sb strings.Builder
	fmt.Fprintf(&sb, "%-16s", "kind")
	for _, be := range backends {
		fmt.Fprintf(&sb, " %8s", be.name)
	}
	for _, k := range kinds {
		fmt.Fprintf(&sb, "\n%-16s", k)
		for b := range backends {
			fmt.Fprintf(&sb, " %8d", len(counts[k][b]))
		}
	}
	return sb.String()
}

// required says whether a missing backend is a failure.
func required(env string) bool { return os.Getenv(env) == "1" }

// openNeo4j opens the Neo4j store at HYBRIDRAG_NEO4J_URI and ingests the
// dataset unless the store holds it already (scripts/test.sh loads it
// before the tests); nil without the URL.
func openNeo4j(ctx context.Context, t *testing.T, ds *heritage.Dataset, g *kg.Graph) *neo4jkg.Store {
	t.Helper()
	uri := os.Getenv(envNeo4jURI)
	if uri == "" {
		msg := envNeo4jURI + " is not set: Neo4j is left out (bash scripts/neo4j.sh start prints one)"
		if required(envRequireNeo4j) {
			t.Fatal(msg)
		}
		t.Log(msg)
		return nil
	}
	s, err := neo4jkg.Open(ctx, uri, os.Getenv(envNeo4jUser), os.Getenv(envNeo4jPassword))
	require.NoError(t, err)
	t.Cleanup(func() { _ = s.Close(context.Background()) })
	ok, err := s.Holds(ctx, ds, g)
	require.NoError(t, err)
	if !ok {
		start := time.Now()
		_, err := s.Ingest(ctx, ds, nil)
		require.NoError(t, err)
		t.Logf("neo4j: ingested in %s", time.Since(start).Round(time.Millisecond))
	}
	return s
}

// openQdrant opens a collection of its own at QDRANT_URL, deleted when
// the test ends; nil without the URL.
func openQdrant(ctx context.Context, t *testing.T) *qdrantstore.Store {
	t.Helper()
	url := os.Getenv(envQdrantURL)
	if url == "" {
		msg := envQdrantURL + " is not set: Qdrant is left out (bash scripts/qdrant.sh start prints one)"
		if required(envRequireQdrant) {
			t.Fatal(msg)
		}
		t.Log(msg)
		return nil
	}
	s, err := qdrantstore.Open(ctx, qdrantstore.Config{
		URL: url, APIKey: os.Getenv(envQdrantAPIKey),
		Collection: fmt.Sprintf("hybridrag_select_%d", time.Now().UnixNano()),
		BatchSize:  2048,
	})
	require.NoError(t, err)
	t.Cleanup(func() {
		require.NoError(t, s.DeleteCollection(context.Background()))
		require.NoError(t, s.Close())
	})
	return s
}

// ingestQdrant ingests the dataset with one-dimensional vectors (the
// selection reads the payload alone) and checks that every record is
// there.
func ingestQdrant(ctx context.Context, t *testing.T, s *qdrantstore.Store, ds *heritage.Dataset) error {
	start := time.Now()
	if err := s.Ingest(ctx, ds, unitVectors{}, nil); err != nil {
		return err
	}
	n, err := s.Count(ctx)
	if err != nil {
		return err
	}
	if n != uint64(ds.Len()) {
		return fmt.Errorf("qdrant: %d points for %d records", n, ds.Len())
	}
	t.Logf("qdrant %s: ingested %d records in %s", s.ServerVersion(), n, time.Since(start).Round(time.Millisecond))
	return nil
}

// unitVectors embeds every text as the same one-dimensional vector: the
// cheapest vectors a collection can hold, for a test that reads the
// payload alone.
type unitVectors struct{}

func (unitVectors) Embed(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i := range out {
		out[i] = []float32{1}
	}
	return out, nil
}

func (unitVectors) Dim() int   { return 1 }
func (unitVectors) ID() string { return "unit-1" }
