package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/config"
	"github.com/hybridrag/hybridrag/llm/llmtest"
	"github.com/hybridrag/hybridrag/pipeline"
	"github.com/hybridrag/hybridrag/server"
)

// joinDeadline bounds the wait for a backend that became healthy to
// join: the retries start 1 s apart and double, so it joins within a few
// seconds; the margin is for a loaded machine.
const joinDeadline = 20 * time.Second

// garbage is what a misbehaving server answers: an HTML error page.
const garbage = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 31\r\nConnection: close\r\n\r\n<html><h1>maintenance</h1></html>"

// flipProxy is a TCP port that answers every connection with garbage
// until it is healed, and then forwards connections to target, counting
// the bytes sent there.
type flipProxy struct {
	ln     net.Listener
	target string
	healed atomic.Bool
	sent   atomic.Int64

	mu    sync.Mutex
	conns []net.Conn
	wg    sync.WaitGroup
}

func newFlipProxy(t *testing.T, target string) *flipProxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	p := &flipProxy{ln: ln, target: target}
	p.wg.Go(func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			p.wg.Go(func() { p.serve(c) })
		}
	})
	t.Cleanup(func() {
		_ = ln.Close()
		p.mu.Lock()
		for _, c := range p.conns {
			_ = c.Close()
		}
		p.mu.Unlock()
		p.wg.Wait()
	})
	return p
}

func (p *flipProxy) addr() string { return p.ln.Addr().String() }

func (p *flipProxy) serve(c net.Conn) {
	if !p.healed.Load() {
		_, _ = io.WriteString(c, garbage)
		_ = c.Close()
		return
	}
	up, err := net.Dial("tcp", p.target)
	if err != nil {
		_ = c.Close()
		return
	}
	p.mu.Lock()
	p.conns = append(p.conns, c, up)
	p.mu.Unlock()
	p.wg.Go(func() {
		_, _ = io.Copy(counting{up, &p.sent}, c)
		_ = up.Close()
	})
	_, _ = io.Copy(c, up)
	_ = c.Close()
}

// counting counts the bytes written through it as they go: before they
// are written, so that an answer to them never comes back before they
// are counted (what was not written is taken off again).
type counting struct {
	w io.Writer
	n *atomic.Int64
}

func (c counting) Write(b []byte) (int, error) {
	c.n.Add(int64(len(b)))
	n, err := c.w.Write(b)
	c.n.Add(int64(n - len(b)))
	return n, err
}

// comeback is a serve stack, behind its HTTP API, whose backend was bad
// at start.
type comeback struct {
	st  *stack
	api *httptest.Server
	// started is what the stack logged at start.
	started string
}

func startComeback(t *testing.T, cfg config.Config) *comeback {
	t.Helper()
	// Read only before the backend heals: until then nothing else is
	// logged (failed attempts log at debug level).
	var logs bytes.Buffer
	st, err := testEnv(t, io.Discard, &logs).buildStack(context.Background(), cfg)
	require.NoError(t, err)
	t.Cleanup(st.Close)
	sc, err := serveSettings(cfg.Serve, serveFlags{}, newLogger(io.Discard))
	require.NoError(t, err)
	h, err := newAPI(st, cfg, sc, "", newLogger(io.Discard))
	require.NoError(t, err)
	api := httptest.NewServer(h)
	t.Cleanup(api.Close)
	return &comeback{st: st, api: api, started: logs.String()}
}

// ask posts question to /v1/ask afresh.
func (c *comeback) ask(t *testing.T, question string, llm bool) pipeline.Response {
	t.Helper()
	body, err := json.Marshal(map[string]any{"question": question, "no_cache": true, "llm": llm})
	require.NoError(t, err)
	resp, err := http.Post(c.api.URL+"/v1/ask", "application/json", bytes.NewReader(body))
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var out pipeline.Response
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
	return out
}

// ready is /readyz's status and the named check's error ("" when ok).
func (c *comeback) ready(t *testing.T, check string) (int, string) {
	t.Helper()
	resp, err := http.Get(c.api.URL + "/readyz")
	require.NoError(t, err)
	defer resp.Body.Close()
	var out server.ReadyResponse
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
	for _, s := range out.Checks {
		if s.Name == check {
			return resp.StatusCode, s.Error
		}
	}
	t.Fatalf("/readyz has no check %q: %+v", check, out.Checks)
	return 0, ""
}

func sourceError(resp pipeline.Response, source string) string {
	for _, e := range resp.Errors {
		if e.Source == source {
			return e.Error
		}
	}
	return ""
}

// badThenHealed checks a backend bad at start: answers name source in
// their errors and /readyz fails check, both saying it is retried; once
// heal is called, it joins within joinDeadline: answers carry no error
// and /readyz is 200. It returns the first answer without the error.
func (c *comeback) badThenHealed(t *testing.T, question, source, check string, heal func()) pipeline.Response {
	t.Helper()
	resp := c.ask(t, question, false)
	require.Contains(t, sourceError(resp, source), "unavailable: retrying since ", "errors: %+v", resp.Errors)
	require.NotEmpty(t, resp.Answer.Text, "the embedded components answer meanwhile")
	code, why := c.ready(t, check)
	require.Equal(t, http.StatusServiceUnavailable, code)
	require.Contains(t, why, "unavailable: retrying since ")

	heal()
	var joined pipeline.Response
	require.Eventually(t, func() bool {
		joined = c.ask(t, question, false)
		return sourceError(joined, source) == ""
	}, joinDeadline, 100*time.Millisecond, "%s joins once healthy", source)
	require.Empty(t, joined.Errors)
	require.Eventually(t, func() bool {
		code, why = c.ready(t, check)
		return code == http.StatusOK
	}, joinDeadline, 100*time.Millisecond, "/readyz: %s", why)
	return joined
}

// sparqlJSON answers every SPARQL query with a valid, empty result.
const sparqlJSON = `{"head":{"vars":["s"]},"results":{"bindings":[]}}`

// A SPARQL endpoint that answers garbage when serve starts, and whose
// cache directory does not exist, joins once it answers: with the real
// endpoint behind a proxy when HYBRIDRAG_SPARQL_ENDPOINT is set, else
// (a contract test) with an endpoint answering valid SPARQL JSON.
func TestSPARQLBadAtStartJoinsLater(t *testing.T) {
	var healed atomic.Bool
	var queries atomic.Int64
	var healthy http.Handler = http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/sparql-results+json")
		_, _ = io.WriteString(w, sparqlJSON)
	})
	real := os.Getenv("HYBRIDRAG_SPARQL_ENDPOINT")
	if real != "" {
		u, err := url.Parse(real)
		require.NoError(t, err)
		rp := httputil.NewSingleHostReverseProxy(&url.URL{Scheme: u.Scheme, Host: u.Host})
		healthy = rp
	}
	endpoint := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !healed.Load() {
			w.Header().Set("Content-Type", "text/html")
			_, _ = io.WriteString(w, "<html><h1>maintenance</h1></html>")
			return
		}
		queries.Add(1)
		healthy.ServeHTTP(w, r)
	}))
	t.Cleanup(endpoint.Close)
	path := "/query"
	if real != "" {
		u, _ := url.Parse(real)
		path = u.Path
	}

	cfg, err := dataFlags{sparql: endpoint.URL + path}.resolve(func(string) string { return "" })
	require.NoError(t, err)
	cacheDir := filepath.Join(t.TempDir(), "not", "made", "yet")
	cfg.SPARQL.CacheDir = cacheDir
	c := startComeback(t, cfg)
	require.Contains(t, c.started, "retrying in the background")
	require.NotContains(t, c.started, "disk cache unavailable")

	const question = "What is the ISIL code of Heimatstube im Elbtor?"
	c.badThenHealed(t, question, "wikidata", "sparql", func() { healed.Store(true) })
	require.DirExists(t, cacheDir, "the missing cache directory was made")
	// Another question: the client's cache holds the first one's queries.
	before := queries.Load()
	other := c.ask(t, "Which museum is Wikidata item Q891746?", false)
	require.Greater(t, queries.Load(), before, "answers ask the endpoint")
	require.Empty(t, other.Errors)
	if real != "" {
		resp := c.ask(t, question, false)
		require.NotEmpty(t, resp.Wikidata, "the Wikidata facts of the answer")
		require.Equal(t, "Q76638581", resp.Wikidata[0].Entity.QID)
	}
}

// The language model is asked afresh for each answer, so one that answers
// garbage at start writes answers once it is up; /readyz pings it.
func TestLanguageModelBadAtStartJoinsLater(t *testing.T) {
	good := llmtest.New(t, llmtest.Good)
	target, err := url.Parse(good.URL)
	require.NoError(t, err)
	forward := httputil.NewSingleHostReverseProxy(target)
	var healed atomic.Bool
	model := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !healed.Load() {
			w.Header().Set("Content-Type", "text/html")
			_, _ = io.WriteString(w, "<html><h1>502 Bad Gateway</h1></html>")
			return
		}
		forward.ServeHTTP(w, r)
	}))
	t.Cleanup(model.Close)

	cfg, err := dataFlags{llm: model.URL + "/v1", llmModel: "llama3.2"}.resolve(func(string) string { return "" })
	require.NoError(t, err)
	c := startComeback(t, cfg)

	resp := c.ask(t, solothurn, true)
	require.Nil(t, resp.Generated)
	require.NotEmpty(t, sourceError(resp, pipeline.SourceLLM), "errors: %+v", resp.Errors)
	require.Equal(t, "1825", resp.Answer.Value, "the extractive answer stands")
	code, why := c.ready(t, "llm")
	require.Equal(t, http.StatusServiceUnavailable, code)
	require.Contains(t, why, "/v1/models")

	healed.Store(true)
	require.Eventually(t, func() bool {
		resp = c.ask(t, solothurn, true)
		return resp.Generated != nil
	}, joinDeadline, 100*time.Millisecond, "the model writes answers once up: %+v", resp.Errors)
	require.Empty(t, resp.Errors)
	require.True(t, strings.HasPrefix(resp.Generated.Text, "Naturmuseum Solothurn was founded in 1825 [1]."), resp.Generated.Text)
	code, why = c.ready(t, "llm")
	require.Equal(t, http.StatusOK, code, why)
}

// hostPort is the host:port of a bolt://, neo4j:// or http:// URL.
func hostPort(t *testing.T, raw string) string {
	u, err := url.Parse(raw)
	require.NoError(t, err)
	return u.Host
}

// A Neo4j server that answers garbage when serve starts joins once it
// answers: the graph is read from it from then on.
func TestNeo4jBadAtStartJoinsLater(t *testing.T) {
	uri := liveServer(t, "HYBRIDRAG_NEO4J_URI", "HYBRIDRAG_REQUIRE_NEO4J", "neo4j")
	p := newFlipProxy(t, hostPort(t, uri))
	// A generous leg deadline: the first Cypher queries warm the server up.
	cfg, err := dataFlags{neo4j: "bolt://" + p.addr(), legTimeout: 20 * time.Second}.resolve(func(string) string { return "" })
	require.NoError(t, err)
	c := startComeback(t, cfg)
	require.Contains(t, c.started, "retrying in the background")

	c.badThenHealed(t, "Which archives are in Germany?", "neo4j", "neo4j", func() { p.healed.Store(true) })
	before := p.sent.Load()
	resp := c.ask(t, "Which museums are in Ramsgate?", false)
	require.Empty(t, resp.Errors)
	require.NotEmpty(t, resp.Answer.IDs)
	require.Greater(t, p.sent.Load(), before, "the graph is read from Neo4j")
}

// A Qdrant server that answers garbage when serve starts joins once it
// answers: the vector leg asks it from then on.
func TestQdrantBadAtStartJoinsLater(t *testing.T) {
	target := liveServer(t, "QDRANT_URL", "HYBRIDRAG_REQUIRE_QDRANT", "qdrant")
	p := newFlipProxy(t, hostPort(t, target))
	cfg, err := dataFlags{qdrant: "http://" + p.addr(), legTimeout: 20 * time.Second}.resolve(func(string) string { return "" })
	require.NoError(t, err)
	if c := os.Getenv("HYBRIDRAG_QDRANT_TEST_COLLECTION"); c != "" {
		cfg.Qdrant.Collection = c
	}
	c := startComeback(t, cfg)
	require.Contains(t, c.started, "retrying in the background")

	const question = "Which museums in Kent are operated by the National Trust?"
	joined := c.badThenHealed(t, question, "qdrant", "qdrant", func() { p.healed.Store(true) })
	require.Positive(t, joined.BySource["vector"], "the vector leg answers from Qdrant: %+v", joined.BySource)
	before := p.sent.Load()
	resp := c.ask(t, "Which railway museums are in Lincolnshire?", false)
	require.Empty(t, resp.Errors)
	require.Greater(t, p.sent.Load(), before, "the vector leg asks Qdrant")
}
