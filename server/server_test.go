package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/compose"
	"github.com/hybridrag/hybridrag/engines"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/ident"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/linking"
	"github.com/hybridrag/hybridrag/pipeline"
	"github.com/hybridrag/hybridrag/router"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
	"github.com/hybridrag/hybridrag/testtools/testfixture/prebuilt"
)

// The embedded pipeline takes seconds to build: one per test binary,
// BuildEmbedded's, from the parts the test binaries share when there are
// (see testtools/testfixture/prebuilt); the linker shares them too.
var (
	sharedPipe = testfixture.Shared(func(ds *heritage.Dataset) (*pipeline.Pipeline, error) {
		opts := pipeline.DefaultOptions()
		opts.Logger = slog.New(slog.DiscardHandler)
		opts.LegTimeout = time.Minute // answers under test, not deadlines, on a loaded machine
		parts, err := prebuilt.Embedded(ds)
		if err != nil {
			return nil, err
		}
		if parts == nil {
			return compose.BuildEmbedded(context.Background(), ds, opts)
		}
		c, err := compose.EmbeddedComponents(context.Background(), ds, engines.Config{
			Vector: parts.Vector, BM25: parts.BM25, Graph: parts.GraphOf, RouterOptions: parts.RouterOptions(),
		})
		if err != nil {
			return nil, err
		}
		return pipeline.New(c, opts)
	})
	sharedLink = testfixture.Shared(func(ds *heritage.Dataset) (*graphLinker, error) {
		parts, err := prebuilt.Embedded(ds)
		if err != nil {
			return nil, err
		}
		if parts == nil {
			return &graphLinker{ds: ds, g: kg.New(ds), r: router.New(ds)}, nil
		}
		return &graphLinker{ds: ds, g: parts.Graph, r: router.New(ds, parts.RouterOptions()...)}, nil
	})
)

func realPipeline(tb testing.TB) (*heritage.Dataset, *pipeline.Pipeline, *graphLinker) {
	tb.Helper()
	return testfixture.Dataset(tb), sharedPipe(tb), sharedLink(tb)
}

// graphLinker is a small real linker for the transport tests: exact
// identifier look-up in the knowledge graph, else name matching.
type graphLinker struct {
	ds *heritage.Dataset
	g  *kg.Graph
	r  *router.Router
}

func (l *graphLinker) Link(ctx context.Context, q linking.Query, limit int) ([]linking.Candidate, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	id, isID, err := ident.Parse(q.Text)
	if err != nil {
		return nil, err
	}
	var out []linking.Candidate
	if isID {
		for _, x := range l.g.Lookup(string(id.Scheme), id.Value) {
			if in, ok := l.ds.Get(x); ok {
				out = append(out, linking.Candidate{ID: in.ID, Name: in.Name, Score: 1, Match: true, Via: string(id.Scheme)})
			}
		}
		return out, nil
	}
	for _, m := range l.r.MatchNames(q.Text, limit) {
		for _, x := range m.IDs {
			in, ok := l.ds.Get(x)
			if !ok || len(out) >= limit || (q.Country != "" && !strings.EqualFold(in.Country, q.Country)) {
				continue
			}
			out = append(out, linking.Candidate{ID: in.ID, Name: in.Name, Score: m.Score, Match: m.Score >= 0.99 && len(m.IDs) == 1, Via: "name"})
		}
	}
	return out, nil
}

// newTestServer serves the real pipeline; edit adjusts the options.
func newTestServer(t *testing.T, edit func(*Options)) (*httptest.Server, *prometheus.Registry) {
	t.Helper()
	ds, p, l := realPipeline(t)
	reg := prometheus.NewRegistry()
	opts := Options{Asker: p, Records: ds, Linker: l, Registry: reg}
	if edit != nil {
		edit(&opts)
	}
	s, err := New(opts)
	require.NoError(t, err)
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	return ts, reg
}

type result struct {
	status int
	header http.Header
	body   []byte
}

func do(t *testing.T, method, u string, body string, hdr ...string) result {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, u, rd)
	require.NoError(t, err)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return result{status: resp.StatusCode, header: resp.Header, body: b}
}

// errCode checks a JSON error body and returns its code.
func errCode(t *testing.T, r result) string {
	t.Helper()
	require.Contains(t, r.header.Get("Content-Type"), "application/json")
	var eb ErrorBody
	require.NoError(t, json.Unmarshal(r.body, &eb), string(r.body))
	require.NotEmpty(t, eb.Error.Code)
	require.NotEmpty(t, eb.Error.Message)
	return eb.Error.Code
}

func TestAskHappyPath(t *testing.T) {
	ts, _ := newTestServer(t, nil)
	r := do(t, "POST", ts.URL+"/v1/ask", `{"question": "What is the ISIL code of Heimatstube im Elbtor?", "k": 5}`)
	require.Equal(t, http.StatusOK, r.status, string(r.body))
	require.Contains(t, r.header.Get("Content-Type"), "application/json")
	var resp pipeline.Response
	require.NoError(t, json.Unmarshal(r.body, &resp))
	require.Equal(t, pipeline.KindField, resp.Answer.Kind)
	require.Equal(t, "DE-MUS-811216", resp.Answer.Value)
	require.Equal(t, []string{"wd:Q76638581"}, resp.Answer.IDs)
	require.LessOrEqual(t, len(resp.Hits), 5)
	require.NotEmpty(t, resp.Citations)
	require.Nil(t, resp.Explain)
}

// The body is the same JSON as "hybridrag ask --json": the pipeline's
// Response, field for field.
func TestAskMatchesPipelineJSON(t *testing.T) {
	ts, _ := newTestServer(t, nil)
	_, p, _ := realPipeline(t)
	q := "Which museums are part of National Museums Scotland?"
	want, err := p.Ask(context.Background(), pipeline.Request{Question: q})
	require.NoError(t, err)
	r := do(t, "POST", ts.URL+"/v1/ask", `{"question": "`+q+`"}`)
	require.Equal(t, http.StatusOK, r.status, string(r.body))
	var got pipeline.Response
	require.NoError(t, json.Unmarshal(r.body, &got))
	require.Equal(t, want.Answer, got.Answer)
	require.Equal(t, want.Hits, got.Hits)
	require.Equal(t, want.Citations, got.Citations)
	require.Equal(t, want.DataVersion, got.DataVersion)
	require.Equal(t, pipeline.KindSet, got.Answer.Kind)
	require.True(t, got.Answer.Exact)
}

func TestAskFiltersAndExplain(t *testing.T) {
	ts, _ := newTestServer(t, nil)
	r := do(t, "POST", ts.URL+"/v1/ask", `{"question": "Porzellan museum", "filters": {"country": "DE", "type": ["MUSEUM"]}, "explain": true, "no_cache": true, "k": 8}`)
	require.Equal(t, http.StatusOK, r.status, string(r.body))
	var resp pipeline.Response
	require.NoError(t, json.Unmarshal(r.body, &resp))
	require.NotNil(t, resp.Explain)
	require.NotEmpty(t, resp.Explain.Legs)
	require.False(t, resp.Cached)
	ds, _, _ := realPipeline(t)
	require.NotEmpty(t, resp.Hits)
	for _, h := range resp.Hits {
		in, ok := ds.Get(h.ID)
		require.True(t, ok)
		require.Equal(t, "DE", in.Country, h.ID)
		require.Equal(t, "MUSEUM", in.Type, h.ID)
	}
}

func TestAskBadRequests(t *testing.T) {
	ts, _ := newTestServer(t, nil)
	tests := []struct {
		name, body, code string
		status           int
	}{
		{"empty body", "", CodeInvalidJSON, 400},
		{"not JSON", `{"question": `, CodeInvalidJSON, 400},
		{"array", `["q"]`, CodeInvalidJSON, 400},
		{"unknown field", `{"question": "x", "top_k": 3}`, CodeUnknownField, 400},
		{"wrong type", `{"question": "x", "k": "ten"}`, CodeInvalidJSON, 400},
		{"trailing data", `{"question": "x"} {"question": "y"}`, CodeInvalidJSON, 400},
		{"empty question", `{"question": "   "}`, CodeEmptyQuestion, 400},
		{"no question", `{"k": 3}`, CodeEmptyQuestion, 400},
		{"question too long", `{"question": "` + strings.Repeat("a", pipeline.MaxQuestionBytes+1) + `"}`, CodeTooLong, 400},
		{"k out of range", `{"question": "museums in Rye", "k": 1000}`, CodeBadOption, 400},
		{"negative budget", `{"question": "museums in Rye", "budget": -1}`, CodeBadOption, 400},
		{"unknown filter key", `{"question": "museums in Rye", "filters": {"colour": "red"}}`, CodeBadOption, 400},
		{"unknown fusion", `{"question": "museums in Rye", "fusion": "borda"}`, CodeBadOption, 400},
		{"fusion not a string", `{"question": "museums in Rye", "fusion": 3}`, CodeInvalidJSON, 400},
		{"bad filter operator", `{"question": "museums in Rye", "filters": {"country": {"$regex": "G."}}}`, CodeBadFilter, 400},
		{"filters not an object", `{"question": "museums in Rye", "filters": ["GB"]}`, CodeBadFilter, 400},
		{"too many distinct words", `{"question": "` + manyWords(pipeline.MaxQuestionTerms+1) + `"}`, CodeTooLong, 400},
		{"filters too large", `{"question": "museums in Rye", "filters": {"city": "` + strings.Repeat("a", MaxFilterBytes) + `"}}`, CodeBadFilter, 400},
		{"too many filter values", `{"question": "museums in Rye", "filters": {"city": [` + strings.TrimSuffix(strings.Repeat(`"a",`, MaxFilterValues+1), ",") + `]}}`, CodeBadFilter, 400},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := http.NewRequest("POST", ts.URL+"/v1/ask", strings.NewReader(tt.body))
			require.NoError(t, err)
			resp, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			r := result{status: resp.StatusCode, header: resp.Header, body: b}
			require.Equal(t, tt.status, r.status, string(r.body))
			require.Equal(t, tt.code, errCode(t, r), string(r.body))
		})
	}
}

// manyWords is a question of n distinct words.
func manyWords(n int) string {
	ws := make([]string, n)
	for i := range ws {
		ws[i] = "w" + strconv.Itoa(i)
	}
	return strings.Join(ws, " ")
}

func TestAskFusion(t *testing.T) {
	ts, _ := newTestServer(t, nil)
	r := do(t, "POST", ts.URL+"/v1/ask", `{"question": "museums about porcelain", "fusion": "DBSF", "explain": true}`)
	require.Equal(t, http.StatusOK, r.status, string(r.body))
	var resp pipeline.Response
	require.NoError(t, json.Unmarshal(r.body, &resp))
	require.Equal(t, pipeline.FusionReport{Method: "dbsf", Sigmas: 3, ChosenBy: pipeline.FusionByRequest}, resp.Explain.Fusion)
	require.NotEmpty(t, resp.Hits)

	r = do(t, "POST", ts.URL+"/v1/ask", `{"question": "museums about porcelain", "fusion": "borda"}`)
	require.Equal(t, http.StatusBadRequest, r.status)
	require.Contains(t, string(r.body), "fusion must be one of rrf, relative, dbsf")
}

func TestAskUnsupportedMediaType(t *testing.T) {
	ts, _ := newTestServer(t, nil)
	r := do(t, "POST", ts.URL+"/v1/ask", `{"question": "x"}`, "Content-Type", "application/xml")
	require.Equal(t, http.StatusUnsupportedMediaType, r.status)
	require.Equal(t, CodeUnsupportedMedia, errCode(t, r))
	require.Contains(t, string(r.body), "Content-Type: application/json", "the message names the header to send")
}

// TestAskAsCurlSendsIt: curl -d labels a JSON body
// application/x-www-form-urlencoded; it is read as JSON, and when it is
// not JSON the error names the header to send.
func TestAskAsCurlSendsIt(t *testing.T) {
	ts, _ := newTestServer(t, nil)
	for _, ct := range []string{"application/x-www-form-urlencoded", "text/plain; charset=utf-8"} {
		r := do(t, "POST", ts.URL+"/v1/ask", `{"question": "Which museums are in Rye?"}`, "Content-Type", ct)
		require.Equal(t, http.StatusOK, r.status, string(r.body))
	}
	r := do(t, "POST", ts.URL+"/v1/ask", `question=Which+museums`, "Content-Type", "application/x-www-form-urlencoded")
	require.Equal(t, http.StatusBadRequest, r.status)
	require.Equal(t, CodeInvalidJSON, errCode(t, r))
	require.Contains(t, string(r.body), "Content-Type: application/json")
}

func TestBodyTooLarge(t *testing.T) {
	ts, _ := newTestServer(t, func(o *Options) { o.MaxBody = 256 })
	big := `{"question": "` + strings.Repeat("a", 300) + `"}`
	// With a Content-Length the server refuses before reading.
	r := do(t, "POST", ts.URL+"/v1/ask", big)
	require.Equal(t, http.StatusRequestEntityTooLarge, r.status, string(r.body))
	require.Equal(t, CodeBodyTooLarge, errCode(t, r))

	// Chunked, without a Content-Length: the reader stops at the limit.
	req, err := http.NewRequest("POST", ts.URL+"/v1/ask", io.MultiReader(strings.NewReader(big)))
	require.NoError(t, err)
	req.ContentLength = -1
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	require.Equal(t, http.StatusRequestEntityTooLarge, resp.StatusCode, string(b))
	require.Equal(t, CodeBodyTooLarge, errCode(t, result{status: resp.StatusCode, header: resp.Header, body: b}))

	// Under the limit passes.
	r = do(t, "POST", ts.URL+"/v1/ask", `{"question": "museums in Rye"}`)
	require.Equal(t, http.StatusOK, r.status, string(r.body))
}

func TestLink(t *testing.T) {
	ts, _ := newTestServer(t, nil)
	tests := []struct {
		name   string
		query  url.Values
		wantID string
		via    string
	}{
		{"ISIL", url.Values{"q": {"DE-MUS-811216"}}, "wd:Q76638581", "isil"},
		{"QID", url.Values{"q": {"Q76638581"}}, "wd:Q76638581", "wikidata"},
		{"name", url.Values{"q": {"Heimatstube im Elbtor"}, "country": {"DE"}, "limit": {"3"}}, "wd:Q76638581", "name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := do(t, "GET", ts.URL+"/v1/link?"+tt.query.Encode(), "")
			require.Equal(t, http.StatusOK, r.status, string(r.body))
			var lr LinkResponse
			require.NoError(t, json.Unmarshal(r.body, &lr))
			require.NotEmpty(t, lr.Candidates)
			require.Equal(t, tt.wantID, lr.Candidates[0].ID)
			require.Equal(t, tt.via, lr.Candidates[0].Via)
			require.Equal(t, tt.query.Get("q"), lr.Query.Text)
			require.Equal(t, tt.query.Get("country"), lr.Query.Country)
			require.LessOrEqual(t, len(lr.Candidates), lr.Limit)
		})
	}
}

func TestLinkBadRequests(t *testing.T) {
	ts, _ := newTestServer(t, nil)
	tests := []struct{ name, query, code string }{
		{"no query", "", CodeBadParameter},
		{"blank query", "q=%20%20", CodeBadParameter},
		{"limit zero", "q=Museum&limit=0", CodeBadParameter},
		{"limit too big", "q=Museum&limit=101", CodeBadParameter},
		{"limit not a number", "q=Museum&limit=ten", CodeBadParameter},
		{"too long", "q=" + strings.Repeat("a", 600), CodeBadParameter},
		{"malformed QID", "q=Q12x", CodeMalformedID},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := do(t, "GET", ts.URL+"/v1/link?"+tt.query, "")
			require.Equal(t, http.StatusBadRequest, r.status, string(r.body))
			require.Equal(t, tt.code, errCode(t, r))
		})
	}
}

func TestLinkWithoutLinker(t *testing.T) {
	ts, _ := newTestServer(t, func(o *Options) { o.Linker = nil })
	r := do(t, "GET", ts.URL+"/v1/link?q=Museum", "")
	require.Equal(t, http.StatusNotImplemented, r.status)
	require.Equal(t, CodeNotImplemented, errCode(t, r))
}

func TestEntity(t *testing.T) {
	ts, _ := newTestServer(t, nil)
	ds, _, _ := realPipeline(t)
	// One id of each source prefix in the data, looked up by its raw and
	// its percent-encoded form.
	seen := map[string]bool{}
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		prefix, _, _ := strings.Cut(in.ID, ":")
		if seen[prefix] {
			continue
		}
		seen[prefix] = true
		for _, path := range []string{in.ID, url.PathEscape(in.ID)} {
			r := do(t, "GET", ts.URL+"/v1/entities/"+path, "")
			require.Equal(t, http.StatusOK, r.status, "%s: %s", path, r.body)
			var got heritage.Institution
			require.NoError(t, json.Unmarshal(r.body, &got))
			require.Equal(t, *in, got)
		}
	}
	require.GreaterOrEqual(t, len(seen), 3, "ids of several sources were tried")

	r := do(t, "GET", ts.URL+"/v1/entities/wd:Q0000000000", "")
	require.Equal(t, http.StatusNotFound, r.status)
	require.Equal(t, CodeNotFound, errCode(t, r))
}

func TestHealthAndReady(t *testing.T) {
	ts, _ := newTestServer(t, func(o *Options) {
		o.Ready = []Check{{Name: "pipeline", Check: func(context.Context) error { return nil }}}
		o.Embedder = &EmbedderInfo{Name: "minilm-q", ID: "onnx:all-MiniLM-L6-v2-q:mean:l2:seq256"}
	})
	r := do(t, "GET", ts.URL+"/healthz", "")
	require.Equal(t, http.StatusOK, r.status)
	require.JSONEq(t, `{"status":"ok"}`, string(r.body))

	r = do(t, "GET", ts.URL+"/readyz", "")
	require.Equal(t, http.StatusOK, r.status, string(r.body))
	var rr ReadyResponse
	require.NoError(t, json.Unmarshal(r.body, &rr))
	require.Equal(t, ReadyResponse{Status: "ok", Checks: []CheckStatus{{Name: "pipeline", Status: "ok"}},
		Embedder: &EmbedderInfo{Name: "minilm-q", ID: "onnx:all-MiniLM-L6-v2-q:mean:l2:seq256"}}, rr)
	require.Contains(t, string(r.body), `"embedder":{"name":"minilm-q","id":"onnx:all-MiniLM-L6-v2-q:mean:l2:seq256"}`)
}

func TestReadyFailing(t *testing.T) {
	ts, _ := newTestServer(t, func(o *Options) {
		o.Ready = []Check{
			{Name: "pipeline", Check: func(context.Context) error { return nil }},
			{Name: "neo4j", Check: func(context.Context) error { return errors.New("connection refused") }},
			{Name: "slow", Check: func(ctx context.Context) error { <-ctx.Done(); return ctx.Err() }},
		}
	})
	r := do(t, "GET", ts.URL+"/readyz", "")
	require.Equal(t, http.StatusServiceUnavailable, r.status, string(r.body))
	var rr ReadyResponse
	require.NoError(t, json.Unmarshal(r.body, &rr))
	require.Equal(t, "unavailable", rr.Status)
	require.Equal(t, []CheckStatus{
		{Name: "pipeline", Status: "ok"},
		{Name: "neo4j", Status: "fail", Error: "connection refused"},
		{Name: "slow", Status: "fail", Error: context.DeadlineExceeded.Error()},
	}, rr.Checks)
}

func TestMethodNotAllowed(t *testing.T) {
	ts, _ := newTestServer(t, nil)
	tests := []struct{ method, path, allow string }{
		{"GET", "/v1/ask", "POST"},
		{"PUT", "/v1/ask", "POST"},
		{"POST", "/v1/link", "GET, HEAD"},
		{"DELETE", "/v1/entities/wd:Q891746", "GET, HEAD"},
		{"POST", "/healthz", "GET, HEAD"},
		{"POST", "/metrics", "GET, HEAD"},
		{"POST", "/openapi.json", "GET, HEAD"},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			r := do(t, tt.method, ts.URL+tt.path, "")
			require.Equal(t, http.StatusMethodNotAllowed, r.status, string(r.body))
			require.Equal(t, tt.allow, r.header.Get("Allow"))
			require.Equal(t, CodeMethodNotAllowed, errCode(t, r))
		})
	}
}

func TestNotFound(t *testing.T) {
	ts, _ := newTestServer(t, nil)
	for _, p := range []string{"/v1", "/v1/asks", "/v2/ask", "/reconcile", "/v1/entities/"} {
		r := do(t, "GET", ts.URL+p, "")
		require.Equal(t, http.StatusNotFound, r.status, p)
		require.Equal(t, CodeNotFound, errCode(t, r), p)
	}
	// A path not in its clean form gets JSON, not the mux's empty
	// redirect (found by FuzzServer).
	for _, p := range []string{"/v1/.", "/v1//ask", "/v1/./ask", "/v1/entities/../path"} {
		for _, m := range []string{"GET", "POST"} {
			r := do(t, m, ts.URL+p, "")
			require.Equal(t, http.StatusNotFound, r.status, "%s %s", m, p)
			require.Equal(t, CodeNotFound, errCode(t, r), "%s %s", m, p)
		}
	}
}

func TestAPIKey(t *testing.T) {
	const key = "s3cret-key"
	ts, _ := newTestServer(t, func(o *Options) { o.APIKey = key })
	ask := `{"question": "museums in Rye"}`
	tests := []struct {
		name     string
		method   string
		path     string
		body     string
		hdr      []string
		status   int
		wantCode string
	}{
		{"ask without key", "POST", "/v1/ask", ask, nil, 401, CodeUnauthorized},
		{"ask wrong bearer", "POST", "/v1/ask", ask, []string{"Authorization", "Bearer nope"}, 401, CodeUnauthorized},
		{"ask wrong X-API-Key", "POST", "/v1/ask", ask, []string{"X-API-Key", key + "x"}, 401, CodeUnauthorized},
		{"ask basic auth scheme", "POST", "/v1/ask", ask, []string{"Authorization", "Basic " + key}, 401, CodeUnauthorized},
		{"ask bearer", "POST", "/v1/ask", ask, []string{"Authorization", "Bearer " + key}, 200, ""},
		{"ask X-API-Key", "POST", "/v1/ask", ask, []string{"X-API-Key", key}, 200, ""},
		{"link without key", "GET", "/v1/link?q=Q891746", "", nil, 401, CodeUnauthorized},
		{"entity without key", "GET", "/v1/entities/wd:Q891746", "", nil, 401, CodeUnauthorized},
		{"metrics without key", "GET", "/metrics", "", nil, 401, CodeUnauthorized},
		{"metrics with key", "GET", "/metrics", "", []string{"X-API-Key", key}, 200, ""},
		{"healthz open", "GET", "/healthz", "", nil, 200, ""},
		{"readyz open", "GET", "/readyz", "", nil, 200, ""},
		{"openapi open", "GET", "/openapi.json", "", nil, 200, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := do(t, tt.method, ts.URL+tt.path, tt.body, tt.hdr...)
			require.Equal(t, tt.status, r.status, string(r.body))
			if tt.wantCode != "" {
				require.Equal(t, tt.wantCode, errCode(t, r))
				require.Contains(t, r.header.Get("WWW-Authenticate"), "Bearer")
			}
		})
	}
}

func TestMetrics(t *testing.T) {
	ts, _ := newTestServer(t, nil)
	r := do(t, "POST", ts.URL+"/v1/ask", `{"question": "Which accredited museums are in Rye?", "no_cache": true}`)
	require.Equal(t, http.StatusOK, r.status, string(r.body))
	var resp pipeline.Response
	require.NoError(t, json.Unmarshal(r.body, &resp))
	require.NotEmpty(t, resp.Timings.Legs)
	r = do(t, "POST", ts.URL+"/v1/ask", `{"question": ""}`)
	require.Equal(t, http.StatusBadRequest, r.status)
	r = do(t, "BREW", ts.URL+"/v1/ask", "")
	require.Equal(t, http.StatusMethodNotAllowed, r.status)

	r = do(t, "GET", ts.URL+"/metrics", "")
	require.Equal(t, http.StatusOK, r.status)
	text := string(r.body)
	require.Contains(t, r.header.Get("Content-Type"), "text/plain")
	for leg := range resp.Timings.Legs {
		require.Contains(t, text, MetricRetrieverLatency+`_bucket{retriever="`+leg+`"`)
	}
	for _, want := range []string{
		MetricRequestDuration + `_bucket{method="POST",route="/v1/ask",status="200"`,
		MetricRequests + `{method="POST",route="/v1/ask",status="200"}`,
		MetricRequests + `{method="POST",route="/v1/ask",status="400"}`,
		MetricAskFailures + `{code="empty_question"} 1`,
		MetricRequests + `{method="OTHER",route="/v1/ask",status="405"} 1`,
		MetricCacheHitRatio + `{cache="answers"}`,
		MetricCacheHits + `{cache="entities"}`,
		MetricCacheMisses + `{cache="answers"}`,
		MetricAnswers + `{cached="false",kind="` + resp.Answer.Kind + `"} 1`,
	} {
		require.Contains(t, text, want)
	}
}

func TestPanicRecovery(t *testing.T) {
	var logs bytes.Buffer
	ts, _ := newTestServer(t, func(o *Options) {
		o.Asker = panicAsker{}
		o.Logger = slog.New(slog.NewJSONHandler(&logs, nil))
	})
	r := do(t, "POST", ts.URL+"/v1/ask", `{"question": "museums in Rye"}`)
	require.Equal(t, http.StatusInternalServerError, r.status)
	require.Equal(t, CodeInternal, errCode(t, r))
	require.Contains(t, logs.String(), "panic serving request")
	// the server still serves
	r = do(t, "GET", ts.URL+"/healthz", "")
	require.Equal(t, http.StatusOK, r.status)
}

type panicAsker struct{}

func (panicAsker) Ask(context.Context, pipeline.Request) (*pipeline.Response, error) {
	panic("boom")
}

// errAsker fails every question with err.
type errAsker struct{ err error }

func (a errAsker) Ask(context.Context, pipeline.Request) (*pipeline.Response, error) {
	return nil, a.err
}

func TestAskErrorStatus(t *testing.T) {
	tests := []struct {
		name   string
		err    error
		status int
		code   string
	}{
		{"every retriever failed", errors.Join(errors.New("pipeline"), pipeline.ErrNoResults), 502, CodeNoResults},
		{"deadline", context.DeadlineExceeded, 504, CodeTimeout},
		{"other", errors.New("disk on fire"), 500, CodeInternal},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts, _ := newTestServer(t, func(o *Options) { o.Asker = errAsker{tt.err} })
			r := do(t, "POST", ts.URL+"/v1/ask", `{"question": "museums in Rye"}`)
			require.Equal(t, tt.status, r.status)
			require.Equal(t, tt.code, errCode(t, r))
			if tt.status == 500 {
				require.NotContains(t, string(r.body), "disk on fire", "internal errors are not shown")
			}
		})
	}
}

// The request deadline reaches the pipeline: a slow pipeline gets a 504.
func TestAskDeadline(t *testing.T) {
	slow := &slowAsker{started: make(chan struct{}, 1), release: make(chan struct{})}
	ts, _ := newTestServer(t, func(o *Options) { o.Asker = slow; o.Timeout = 50e6 })
	r := do(t, "POST", ts.URL+"/v1/ask", `{"question": "museums in Rye"}`)
	require.Equal(t, http.StatusGatewayTimeout, r.status, string(r.body))
	require.Equal(t, CodeTimeout, errCode(t, r))
}

func TestAccessLog(t *testing.T) {
	var logs bytes.Buffer
	ts, _ := newTestServer(t, func(o *Options) { o.Logger = slog.New(slog.NewJSONHandler(&logs, nil)) })
	r := do(t, "GET", ts.URL+"/v1/entities/wd:Q891746", "")
	require.Equal(t, http.StatusOK, r.status)
	var line map[string]any
	sc := bufio.NewScanner(&logs)
	for sc.Scan() {
		var m map[string]any
		require.NoError(t, json.Unmarshal(sc.Bytes(), &m))
		if m["msg"] == "http request" {
			line = m
		}
	}
	require.NotNil(t, line)
	require.Equal(t, "GET", line["method"])
	require.Equal(t, "/v1/entities/wd:Q891746", line["path"])
	require.Equal(t, "/v1/entities/{id}", line["route"])
	require.EqualValues(t, 200, line["status"])
	require.EqualValues(t, len(r.body), line["bytes"])
	require.Contains(t, line, "duration_ms")
	require.Contains(t, line["remote"], "127.0.0.1")
}

func TestReconcileMount(t *testing.T) {
	var seen []string
	var mu sync.Mutex
	rec := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Method+" "+r.URL.Path)
		mu.Unlock()
		writeJSON(w, http.StatusOK, map[string]string{"path": r.URL.Path})
	})
	ts, _ := newTestServer(t, func(o *Options) { o.Reconcile = rec; o.APIKey = "k" })
	for _, p := range []string{"/reconcile", "/reconcile/", "/reconcile/preview"} {
		r := do(t, "GET", ts.URL+p, "")
		require.Equal(t, http.StatusOK, r.status, p)
	}
	r := do(t, "POST", ts.URL+"/reconcile", `{"q0":{"query":"x"}}`)
	require.Equal(t, http.StatusOK, r.status)
	require.Equal(t, []string{"GET /", "GET /", "GET /preview", "POST /"}, seen)
}

func TestOpenAPI(t *testing.T) {
	ts, _ := newTestServer(t, func(o *Options) { o.Reconcile = http.NotFoundHandler() })
	r := do(t, "GET", ts.URL+"/openapi.json", "")
	require.Equal(t, http.StatusOK, r.status)
	require.Contains(t, r.header.Get("Content-Type"), "application/json")

	var doc struct {
		OpenAPI string                               `json:"openapi"`
		Paths   map[string]map[string]map[string]any `json:"paths"`
	}
	require.NoError(t, json.Unmarshal(r.body, &doc))
	require.Equal(t, "3.1.0", doc.OpenAPI)

	disk, err := os.ReadFile("openapi.json")
	require.NoError(t, err)
	require.Equal(t, disk, r.body, "the served document is the checked-in file")

	ds, p, l := realPipeline(t)
	s, err := New(Options{Asker: p, Records: ds, Linker: l, Reconcile: http.NotFoundHandler()})
	require.NoError(t, err)
	for _, rt := range s.Routes() {
		path := strings.ReplaceAll(rt.Path, "...}", "}")
		ops, ok := doc.Paths[path]
		require.True(t, ok, "route %s is documented", path)
		if rt.Method != "" {
			op, ok := ops[strings.ToLower(rt.Method)]
			require.True(t, ok, "%s %s is documented", rt.Method, path)
			if !rt.Open {
				require.Contains(t, op["responses"], "401", "%s %s documents the API key", rt.Method, path)
			}
		}
	}
	require.Len(t, doc.Paths, len(s.Routes()), "every documented path is a route")
}

func TestNewValidates(t *testing.T) {
	ds, p, _ := realPipeline(t)
	_, err := New(Options{Records: ds})
	require.Error(t, err)
	_, err = New(Options{Asker: p})
	require.Error(t, err)
	_, err = New(Options{Asker: p, Records: ds, Ready: []Check{{Name: "x"}}})
	require.Error(t, err)
	// the same registry cannot take the metrics twice
	reg := prometheus.NewRegistry()
	_, err = New(Options{Asker: p, Records: ds, Registry: reg})
	require.NoError(t, err)
	_, err = New(Options{Asker: p, Records: ds, Registry: reg})
	require.Error(t, err)
}
