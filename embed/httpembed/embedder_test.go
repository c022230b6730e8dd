package httpembed

import (
	"context"
	"encoding/json"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hybridrag/hybridrag/testtools/testfixture"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}

// fakeVec is the unnormalised vector a fake server returns for a text:
// (len, 1, 2) scaled by the text's length, so each text's answer differs.
func fakeVec(text string) []float32 {
	n := float32(len(text) + 1)
	return []float32{n, 1, 2}
}

func unit(v []float32) []float32 {
	var ss float64
	for _, c := range v {
		ss += float64(c) * float64(c)
	}
	out := make([]float32, len(v))
	for i, c := range v {
		out[i] = float32(float64(c) / math.Sqrt(ss))
	}
	return out
}

// request is what a fake server saw.
type request struct {
	path   string
	header http.Header
	body   map[string]any
}

type recorder struct {
	mu   sync.Mutex
	reqs []request
}

func (r *recorder) add(t *testing.T, req *http.Request) map[string]any {
	b, err := io.ReadAll(req.Body)
	require.NoError(t, err)
	var body map[string]any
	require.NoError(t, json.Unmarshal(b, &body))
	r.mu.Lock()
	defer r.mu.Unlock()
	r.reqs = append(r.reqs, request{req.URL.Path, req.Header.Clone(), body})
	return body
}

func strs(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

// servers implement each documented shape.
func openAIServer(t *testing.T, rec *recorder) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body := rec.add(t, r)
		if r.Method != http.MethodPost || r.URL.Path != "/v1/embeddings" {
			http.NotFound(w, r)
			return
		}
		type item struct {
			Object    string    `json:"object"`
			Embedding []float32 `json:"embedding"`
			Index     int       `json:"index"`
		}
		in := strs(body["input"])
		data := make([]item, len(in))
		// Answer in reverse order: the client must place by index.
		for i, s := range in {
			data[len(in)-1-i] = item{"embedding", fakeVec(s), i}
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"object": "list", "data": data, "model": body["model"]})
	}))
}

func ollamaServer(t *testing.T, rec *recorder) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body := rec.add(t, r)
		if r.URL.Path != "/api/embed" {
			http.NotFound(w, r)
			return
		}
		var out [][]float32
		for _, s := range strs(body["input"]) {
			out = append(out, fakeVec(s))
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"model": body["model"], "embeddings": out})
	}))
}

func teiServer(t *testing.T, rec *recorder) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body := rec.add(t, r)
		if r.URL.Path != "/embed" {
			http.NotFound(w, r)
			return
		}
		var out [][]float32
		for _, s := range strs(body["inputs"]) {
			out = append(out, fakeVec(s))
		}
		_ = json.NewEncoder(w).Encode(out)
	}))
}

func TestProtocols(t *testing.T) {
	texts := []string{"a", "bb", "ccc", "dddd", "eeeee"}
	tests := []struct {
		proto  Protocol
		server func(*testing.T, *recorder) *httptest.Server
		model  string
		key    string
		check  func(t *testing.T, r request)
	}{
		{OpenAI, openAIServer, "text-embedding-3-small", "sk-test", func(t *testing.T, r request) {
			require.Equal(t, "/v1/embeddings", r.path)
			require.Equal(t, "Bearer sk-test", r.header.Get("Authorization"))
			require.Equal(t, "text-embedding-3-small", r.body["model"])
			require.Len(t, r.body, 2)
		}},
		{Ollama, ollamaServer, "nomic-embed-text", "", func(t *testing.T, r request) {
			require.Equal(t, "/api/embed", r.path)
			require.Empty(t, r.header.Get("Authorization"))
			require.Equal(t, "nomic-embed-text", r.body["model"])
			require.Len(t, r.body, 2)
		}},
		{TEI, teiServer, "", "", func(t *testing.T, r request) {
			require.Equal(t, "/embed", r.path)
			require.Equal(t, true, r.body["normalize"])
			require.Len(t, r.body, 2)
		}},
	}
	for _, tc := range tests {
		t.Run(string(tc.proto), func(t *testing.T) {
			rec := &recorder{}
			srv := tc.server(t, rec)
			defer srv.Close()
			e, err := New(Options{Protocol: tc.proto, BaseURL: srv.URL + "/", Model: tc.model, APIKey: tc.key, BatchSize: 2})
			require.NoError(t, err)
			require.Zero(t, e.Dim())
			require.Contains(t, e.ID(), string(tc.proto))

			got, err := e.Embed(context.Background(), texts)
			require.NoError(t, err)
			require.Equal(t, 3, e.Dim())
			require.Len(t, got, len(texts))
			for i, s := range texts {
				require.InDeltaSlice(t, unit(fakeVec(s)), got[i], 1e-6, s)
			}
			// Batches of two: 2 + 2 + 1, in order.
			require.Len(t, rec.reqs, 3)
			var sent []string
			for _, r := range rec.reqs {
				require.Equal(t, "application/json", r.header.Get("Content-Type"))
				tc.check(t, r)
				key := "input"
				if tc.proto == TEI {
					key = "inputs"
				}
				sent = append(sent, strs(r.body[key])...)
			}
			require.Equal(t, texts, sent)
		})
	}
}

func TestNewValidates(t *testing.T) {
	for _, o := range []Options{
		{Protocol: OpenAI, BaseURL: "127.0.0.1:8080", Model: "m"},
		{Protocol: "grpc", BaseURL: "http://127.0.0.1", Model: "m"},
		{Protocol: Ollama, BaseURL: "http://127.0.0.1"},
		{Protocol: TEI, BaseURL: "http://127.0.0.1", Dim: -1},
	} {
		_, err := New(o)
		require.Error(t, err, "%+v", o)
	}
	e, err := New(Options{Protocol: TEI, BaseURL: "http://127.0.0.1:8080"})
	require.NoError(t, err)
	require.Equal(t, "http-tei:127.0.0.1:8080:l2", e.ID())
}

func TestDimensionMismatch(t *testing.T) {
	srv := teiServer(t, &recorder{})
	defer srv.Close()
	e, err := New(Options{Protocol: TEI, BaseURL: srv.URL, Dim: 384})
	require.NoError(t, err)
	_, err = e.Embed(context.Background(), []string{"x"})
	require.ErrorContains(t, err, "3-dimensional embedding, want 384")
}

// waits records the waits instead of sleeping.
type waits struct {
	mu sync.Mutex
	d  []time.Duration
}

func (w *waits) sleep(ctx context.Context, d time.Duration) error {
	w.mu.Lock()
	w.d = append(w.d, d)
	w.mu.Unlock()
	return ctx.Err()
}

func flaky(t *testing.T, fails int, status int, retryAfter string) (*httptest.Server, *atomic.Int32) {
	var calls atomic.Int32
	tei := teiServer(t, &recorder{})
	t.Cleanup(tei.Close)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if int(calls.Add(1)) <= fails {
			if retryAfter != "" {
				w.Header().Set("Retry-After", retryAfter)
			}
			http.Error(w, `{"error":"busy"}`, status)
			return
		}
		tei.Config.Handler.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, &calls
}

func TestRetries(t *testing.T) {
	date := time.Now().Add(3 * time.Second).UTC().Format(http.TimeFormat)
	tests := []struct {
		name       string
		fails      int
		status     int
		retryAfter string
		maxRetries int
		wantErr    string
		wantCalls  int32
		checkWaits func(t *testing.T, d []time.Duration)
	}{
		{"429 with Retry-After seconds", 2, 429, "7", 0, "", 3, func(t *testing.T, d []time.Duration) {
			require.Equal(t, []time.Duration{7 * time.Second, 7 * time.Second}, d)
		}},
		{"429 with Retry-After capped", 1, 429, "3600", 0, "", 2, func(t *testing.T, d []time.Duration) {
			require.Equal(t, []time.Duration{30 * time.Second}, d)
		}},
		{"503 with Retry-After date", 1, 503, date, 0, "", 2, func(t *testing.T, d []time.Duration) {
			require.Len(t, d, 1)
			require.Greater(t, d[0], time.Second)
			require.LessOrEqual(t, d[0], 3*time.Second)
		}},
		{"503 backoff grows", 3, 503, "", 0, "", 4, func(t *testing.T, d []time.Duration) {
			require.Len(t, d, 3)
			for i, w := range d {
				full := 200 * time.Millisecond << i
				require.GreaterOrEqual(t, w, full/2, i)
				require.LessOrEqual(t, w, full, i)
			}
		}},
		{"503 gives up", 10, 503, "", 2, "503 Service Unavailable", 3, nil},
		{"400 is final", 10, 400, "", 0, "400 Bad Request", 1, func(t *testing.T, d []time.Duration) {
			require.Empty(t, d)
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv, calls := flaky(t, tc.fails, tc.status, tc.retryAfter)
			e, err := New(Options{Protocol: TEI, BaseURL: srv.URL, Retry: Retry{MaxRetries: tc.maxRetries}})
			require.NoError(t, err)
			w := &waits{}
			e.caller.sleep = w.sleep
			got, err := e.Embed(context.Background(), []string{"x"})
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				require.ErrorContains(t, err, e.ID())
				var se *StatusError
				require.ErrorAs(t, err, &se)
			} else {
				require.NoError(t, err)
				require.Len(t, got, 1)
			}
			require.Equal(t, tc.wantCalls, calls.Load())
			if tc.checkWaits != nil {
				tc.checkWaits(t, w.d)
			}
		})
	}
}

func TestTimeoutRetriedThenFails(t *testing.T) {
	var calls atomic.Int32
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		_, _ = io.Copy(io.Discard, r.Body)
		select { // never answers in time
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer srv.Close()
	defer close(release)
	hc, sent := testfixture.CountingClient()
	e, err := New(Options{Protocol: TEI, BaseURL: srv.URL, Client: hc, Timeout: 50 * time.Millisecond, Retry: Retry{MaxRetries: 1}})
	require.NoError(t, err)
	e.caller.sleep = (&waits{}).sleep
	_, err = e.Embed(context.Background(), []string{"x"})
	require.ErrorContains(t, err, "no answer within 50ms")
	require.ErrorContains(t, err, "after 2 attempts")
	require.EqualValues(t, 2, sent.Load())
	require.LessOrEqual(t, calls.Load(), int32(2), "the server saw no request the client did not send")
}

func TestCancelStopsRetries(t *testing.T) {
	srv, calls := flaky(t, 100, 503, "")
	e, err := New(Options{Protocol: TEI, BaseURL: srv.URL, Retry: Retry{MaxRetries: 100, MinBackoff: time.Hour}})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for calls.Load() == 0 {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	_, err = e.Embed(ctx, []string{"x"})
	require.ErrorIs(t, err, context.Canceled)
	require.Equal(t, int32(1), calls.Load())
}

func TestNormalize(t *testing.T) {
	v := []float32{3, 4}
	require.NoError(t, normalize(v))
	require.InDeltaSlice(t, []float32{0.6, 0.8}, v, 1e-7)
	z := []float32{0, 0}
	require.NoError(t, normalize(z))
	require.Equal(t, []float32{0, 0}, z)
	require.ErrorIs(t, normalize([]float32{float32(math.NaN())}), errNotFinite)
}

func TestAnswerSizeLimit(t *testing.T) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path == "/streamed" {
			w.Write([]byte(`[[`))
			for range 100 {
				w.Write([]byte(`0.5,0.5,0.5,0.5,`))
				w.(http.Flusher).Flush()
			}
			w.Write([]byte(`0.5]]`))
			return
		}
		w.Write([]byte(`{"pad":"` + string(make([]byte, 2000)) + `"}`))
	}))
	defer srv.Close()
	c := &Caller{MaxAnswer: 1024, Retry: Retry{MaxRetries: 2}}
	for _, path := range []string{"/declared", "/streamed"} {
		var out any
		err := c.PostJSON(context.Background(), srv.URL+path, map[string]string{}, &out)
		require.ErrorIs(t, err, ErrAnswerTooLarge, path)
		require.ErrorContains(t, err, "1024 bytes")
	}
	require.EqualValues(t, 2, calls.Load(), "an oversized answer is not retried")
}
