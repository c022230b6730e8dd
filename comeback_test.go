package hybridrag_test

import (
	"cmp"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/pipeline"
)

// errorOf is the error resp names source with ("" for none).
func errorOf(resp *pipeline.Response, source string) string {
	for _, e := range resp.Errors {
		if e.Source == source {
			return e.Error
		}
	}
	return ""
}

// A SPARQL endpoint that answers an HTML page when the client is made
// joins once it answers SPARQL JSON (a contract test: the live endpoint's
// join is TestSPARQLBadAtStartJoinsLater in cmd/hybridrag).
func TestSPARQLBadAtStartJoinsTheClientLater(t *testing.T) {
	var healed atomic.Bool
	var queries atomic.Int64
	endpoint := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		if !healed.Load() {
			w.Header().Set("Content-Type", "text/html")
			_, _ = io.WriteString(w, "<html><h1>maintenance</h1></html>")
			return
		}
		queries.Add(1)
		w.Header().Set("Content-Type", "application/sparql-results+json")
		_, _ = io.WriteString(w, `{"head":{"vars":["s"]},"results":{"bindings":[]}}`)
	}))
	defer endpoint.Close()
	ctx := context.Background()
	c, err := hybridrag.New(ctx, hybridrag.WithData(sample(t)), hybridrag.WithSPARQL(endpoint.URL+"/query"))
	require.NoError(t, err)
	defer c.Close()

	question := "Which museum is Wikidata item Q891746?"
	resp, err := c.Ask(ctx, question, hybridrag.WithoutCache())
	require.NoError(t, err)
	require.Contains(t, errorOf(resp, "wikidata"), "unavailable: retrying since ")
	require.Contains(t, errorOf(resp, "wikidata"), "invalid character '<'", "the last attempt's error")

	healed.Store(true)
	require.Eventually(t, func() bool {
		resp, err = c.Ask(ctx, question, hybridrag.WithoutCache())
		require.NoError(t, err)
		return errorOf(resp, "wikidata") == ""
	}, 20*time.Second, 100*time.Millisecond)
	require.Empty(t, resp.Errors)
	require.Positive(t, queries.Load(), "the endpoint is asked")
}

// A Neo4j server that is down when the client is made joins once it is
// back: the graph is read from it from then on.
func TestNeo4jDownAtStartJoinsTheClientLater(t *testing.T) {
	uri := os.Getenv("HYBRIDRAG_NEO4J_URI")
	if uri == "" {
		msg := "set HYBRIDRAG_NEO4J_URI (bash scripts/test.sh starts Neo4j and loads it)"
		if os.Getenv("HYBRIDRAG_REQUIRE_NEO4J") == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	p := newProxy(t, strings.TrimPrefix(strings.TrimPrefix(uri, "bolt://"), "neo4j://"))
	p.kill() // connections refused
	ctx := context.Background()
	user := cmp.Or(os.Getenv("HYBRIDRAG_NEO4J_USER"), "neo4j")
	c, err := hybridrag.New(ctx, hybridrag.WithData(sample(t)),
		hybridrag.WithNeo4j("bolt://"+p.addr, user, os.Getenv("HYBRIDRAG_NEO4J_PASSWORD")),
		hybridrag.WithStartupTimeout(5*time.Second), hybridrag.WithLegTimeout(20*time.Second))
	require.NoError(t, err)
	defer c.Close()

	question := "Which archives are in Germany?"
	resp, err := c.Ask(ctx, question, hybridrag.WithoutCache())
	require.NoError(t, err)
	require.Contains(t, errorOf(resp, "neo4j"), "unavailable: retrying since ")
	require.NotEmpty(t, resp.Hits, "the in-memory graph answers meanwhile")

	p.restart(t)
	require.Eventually(t, func() bool {
		resp, err = c.Ask(ctx, question, hybridrag.WithoutCache())
		require.NoError(t, err)
		return errorOf(resp, "neo4j") == ""
	}, 20*time.Second, 100*time.Millisecond)
	require.Empty(t, resp.Errors)
	p.mu.Lock()
	conns := len(p.conns)
	p.mu.Unlock()
	require.Positive(t, conns, "the graph is read through the proxy")
}
