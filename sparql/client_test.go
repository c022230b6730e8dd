package sparql

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hybridrag/hybridrag/testtools/testfixture"
	"github.com/stretchr/testify/require"
)

// okBody is a minimal application/sparql-results+json answer.
const okBody = `{"head":{"vars":["x"]},"results":{"bindings":[{"x":{"type":"literal","value":"1"}}]}}`

// fakeEndpoint is an httptest SPARQL endpoint whose answers the test
// scripts. It counts requests and the most requests in flight at once.
type fakeEndpoint struct {
	*httptest.Server
	requests atomic.Int64
	inFlight atomic.Int64
	maxIn    atomic.Int64

	mu      sync.Mutex
	queries []string
	agents  []string
	handle  func(w http.ResponseWriter, r *http.Request, n int64)
}

func newFake(t *testing.T, handle func(w http.ResponseWriter, r *http.Request, n int64)) *fakeEndpoint {
	t.Helper()
	f := &fakeEndpoint{handle: handle}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := f.requests.Add(1)
		in := f.inFlight.Add(1)
		defer f.inFlight.Add(-1)
		for {
			m := f.maxIn.Load()
			if in <= m || f.maxIn.CompareAndSwap(m, in) {
				break
			}
		}
		require.NoError(t, r.ParseForm())
		f.mu.Lock()
		f.queries = append(f.queries, r.PostForm.Get("query"))
		f.agents = append(f.agents, r.UserAgent())
		f.mu.Unlock()
		f.handle(w, r, n)
	}))
	t.Cleanup(f.Close)
	return f
}

func ok(w http.ResponseWriter, _ *http.Request, _ int64) {
	w.Header().Set("Content-Type", "application/sparql-results+json")
	io.WriteString(w, okBody)
}

// testClient builds a client without caching whose retry waits are
// recorded instead of slept.
func testClient(t *testing.T, endpoint string, opts ...Option) (*Client, *[]time.Duration) {
	t.Helper()
	c, err := New(endpoint, append([]Option{WithCache(0, 0)}, opts...)...)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, c.Close()) })
	var mu sync.Mutex
	waits := &[]time.Duration{}
	c.sleep = func(ctx context.Context, d time.Duration) error {
		mu.Lock()
		*waits = append(*waits, d)
		mu.Unlock()
		return ctx.Err()
	}
	return c, waits
}

func TestRequestShape(t *testing.T) {
	var got *http.Request
	var form url.Values
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int64) {
		got, form = r.Clone(context.Background()), r.PostForm
		ok(w, r, n)
	})
	c, _ := testClient(t, f.URL, WithVersion("1.2.3"))
	res, err := c.Select(context.Background(), "SELECT ?x WHERE { ?x ?p ?o } # ü & = +")
	require.NoError(t, err)
	require.Len(t, res.Solutions(), 1)

	require.Equal(t, http.MethodPost, got.Method)
	require.Equal(t, "application/x-www-form-urlencoded", got.Header.Get("Content-Type"))
	require.Equal(t, "application/sparql-results+json", got.Header.Get("Accept"))
	require.Equal(t, "hybridrag/1.2.3 (+https://github.com/hybridrag/hybridrag)", got.Header.Get("User-Agent"))
	require.Equal(t, "SELECT ?x WHERE { ?x ?p ?o } # ü & = +", form.Get("query"))
	require.Equal(t, []string{"query"}, keys(form))
}

func keys(v url.Values) []string {
	var out []string
	for k := range v {
		out = append(out, k)
	}
	return out
}

func TestNewRejectsBadOptions(t *testing.T) {
	for name, tc := range map[string]struct {
		endpoint string
		opts     []Option
	}{
		"not a URL":         {"query.wikidata.org/sparql", nil},
		"ftp":               {"ftp://example.org/sparql", nil},
		"concurrency 6":     {"http://127.0.0.1/q", []Option{WithMaxConcurrent(6)}},
		"concurrency 0":     {"http://127.0.0.1/q", []Option{WithMaxConcurrent(0)}},
		"batch 0":           {"http://127.0.0.1/q", []Option{WithBatchSize(0)}},
		"zero timeout":      {"http://127.0.0.1/q", []Option{WithTimeout(0)}},
		"breaker 0":         {"http://127.0.0.1/q", []Option{WithBreaker(0, time.Second)}},
		"language tag":      {"http://127.0.0.1/q", []Option{WithLanguages("en", `de") || true || ("`)}},
		"user agent CRLF":   {"http://127.0.0.1/q", []Option{WithUserAgent("x\r\nX-Evil: 1")}},
		"retry wait < base": {"http://127.0.0.1/q", []Option{WithRetry(1, time.Second, time.Millisecond)}},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := New(tc.endpoint, tc.opts...)
			require.ErrorIs(t, err, ErrInvalid)
		})
	}
}

func TestRetryAfterHonoured(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for name, tc := range map[string]struct {
		header string
		want   time.Duration
		code   int
	}{
		"503 seconds":      {"1", time.Second, http.StatusServiceUnavailable},
		"seconds":          {"2", 2 * time.Second, 0},
		"zero":             {"0", 0, 0},
		"HTTP date":        {now.Add(3 * time.Second).Format(http.TimeFormat), 3 * time.Second, 0},
		"past HTTP date":   {now.Add(-time.Minute).Format(http.TimeFormat), 0, 0},
		"capped seconds":   {"3600", 4 * time.Second, 0},
		"capped HTTP date": {now.Add(time.Hour).Format(http.TimeFormat), 4 * time.Second, 0},
	} {
		t.Run(name, func(t *testing.T) {
			f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int64) {
				if n == 1 {
					w.Header().Set("Retry-After", tc.header)
					w.WriteHeader(cmp.Or(tc.code, http.StatusTooManyRequests))
					return
				}
				ok(w, r, n)
			})
			c, waits := testClient(t, f.URL, WithRetry(3, 100*time.Millisecond, 4*time.Second))
			c.now = func() time.Time { return now }
			_, err := c.Select(context.Background(), "ASK {}")
			require.NoError(t, err)
			require.EqualValues(t, 2, f.requests.Load())
			require.Equal(t, []time.Duration{tc.want}, *waits)
			require.Equal(t, "closed", c.Stats().Breaker)
		})
	}
}

func TestServerErrorsRetried(t *testing.T) {
	codes := []int{http.StatusServiceUnavailable, http.StatusInternalServerError, http.StatusBadGateway}
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int64) {
		if int(n) <= len(codes) {
			http.Error(w, "busy", codes[n-1])
			return
		}
		ok(w, r, n)
	})
	// The breaker threshold is above the three failures.
	c, waits := testClient(t, f.URL, WithRetry(3, 100*time.Millisecond, time.Second), WithBreaker(5, time.Minute))
	_, err := c.Select(context.Background(), "ASK {}")
	require.NoError(t, err)
	require.EqualValues(t, 4, f.requests.Load())
	require.Len(t, *waits, 3)
	// Exponential backoff with jitter: the k-th wait is in [d/2, d] with
	// d = 100ms·2^k.
	for k, w := range *waits {
		d := 100 * time.Millisecond << k
		require.GreaterOrEqual(t, w, d/2, "wait %d", k)
		require.LessOrEqual(t, w, d, "wait %d", k)
	}
	require.EqualValues(t, 3, c.Stats().Retries)
}

func TestRetriesExhausted(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, _ *http.Request, _ int64) {
		http.Error(w, "overloaded", http.StatusServiceUnavailable)
	})
	c, _ := testClient(t, f.URL, WithRetry(2, time.Millisecond, time.Millisecond), WithBreaker(10, time.Minute))
	_, err := c.Select(context.Background(), "ASK {}")
	var se *StatusError
	require.ErrorAs(t, err, &se)
	require.Equal(t, http.StatusServiceUnavailable, se.Code)
	require.Contains(t, se.Error(), "overloaded")
	require.EqualValues(t, 3, f.requests.Load())
}

func TestClientErrorNotRetried(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, _ *http.Request, _ int64) {
		http.Error(w, "Parse error", http.StatusBadRequest)
	})
	c, waits := testClient(t, f.URL)
	_, err := c.Select(context.Background(), "SELEKT")
	var se *StatusError
	require.ErrorAs(t, err, &se)
	require.Equal(t, http.StatusBadRequest, se.Code)
	require.EqualValues(t, 1, f.requests.Load())
	require.Empty(t, *waits)
	require.Equal(t, "closed", c.Stats().Breaker)
}

func TestRetryNotPastDeadline(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, _ *http.Request, _ int64) {
		w.Header().Set("Retry-After", "60")
		w.WriteHeader(http.StatusTooManyRequests)
	})
	c, waits := testClient(t, f.URL, WithRetry(3, time.Second, 2*time.Minute))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, err := c.Select(ctx, "ASK {}")
	require.ErrorContains(t, err, "would pass the deadline")
	require.EqualValues(t, 1, f.requests.Load())
	require.Empty(t, *waits)
}

// blockUntilDone holds a request until the client gives up on it.
func blockUntilDone(release <-chan struct{}) func(http.ResponseWriter, *http.Request, int64) {
	return func(w http.ResponseWriter, r *http.Request, n int64) {
		select {
		case <-r.Context().Done():
		case <-release:
			ok(w, r, n)
		}
	}
}

func TestSlowServerTimesOutAndOpensCircuit(t *testing.T) {
	release := make(chan struct{})
	f := newFake(t, blockUntilDone(release))
	defer close(release)
	hc, sent := testfixture.CountingClient()
	c, waits := testClient(t, f.URL, WithHTTPClient(hc), WithTimeout(50*time.Millisecond), WithBreaker(3, time.Minute))

	_, err := c.Select(context.Background(), "ASK {}")
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.ErrorContains(t, err, "no answer within 50ms")
	require.EqualValues(t, 1, sent.Load(), "a timed-out request is not retried")
	require.Empty(t, *waits)

	// The timeout opened the circuit: the next call costs no request.
	_, err = c.Select(context.Background(), "ASK { ?s ?p ?o }")
	require.ErrorIs(t, err, ErrCircuitOpen)
	require.EqualValues(t, 1, sent.Load())
	require.Equal(t, "open", c.Stats().Breaker)
}

func TestDeadEndpointOpensCircuit(t *testing.T) {
	// A port nothing listens on: connections are refused.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	require.NoError(t, l.Close())

	hc, sent := testfixture.CountingClient()
	c, waits := testClient(t, "http://"+addr+"/query",
		WithHTTPClient(hc), WithRetry(5, time.Millisecond, time.Millisecond), WithBreaker(3, time.Minute))

	_, err = c.Select(context.Background(), "ASK {}")
	require.ErrorIs(t, err, ErrCircuitOpen, "three refused connections open the circuit")
	require.ErrorContains(t, err, "refused")
	require.EqualValues(t, 3, sent.Load())
	require.Len(t, *waits, 3)

	for i := range 5 {
		_, err = c.Enrich(context.Background(), []string{fmt.Sprintf("Q%d", i+1)})
		require.ErrorIs(t, err, ErrCircuitOpen)
	}
	require.EqualValues(t, 3, sent.Load(), "an open circuit makes no network attempt")
}

func TestCircuitHalfOpenProbe(t *testing.T) {
	var healthy atomic.Bool
	release := make(chan struct{})
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int64) {
		if !healthy.Load() {
			http.Error(w, "down", http.StatusBadGateway)
			return
		}
		blockUntilDone(release)(w, r, n)
	})
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var clock sync.Mutex
	c, _ := testClient(t, f.URL, WithRetry(0, 0, 0), WithBreaker(2, 10*time.Second))
	c.now = func() time.Time { clock.Lock(); defer clock.Unlock(); return now }
	advance := func(d time.Duration) { clock.Lock(); now = now.Add(d); clock.Unlock() }
	ctx := context.Background()

	for range 2 {
		_, err := c.Select(ctx, "ASK {}")
		var se *StatusError
		require.ErrorAs(t, err, &se)
	}
	_, err := c.Select(ctx, "ASK {}")
	require.ErrorIs(t, err, ErrCircuitOpen)
	require.EqualValues(t, 2, f.requests.Load())

	// Cool-down passed, still down: the one probe fails and reopens.
	advance(10 * time.Second)
	require.Equal(t, "half-open", c.Stats().Breaker)
	_, err = c.Select(ctx, "ASK {}")
	require.NotErrorIs(t, err, ErrCircuitOpen)
	require.EqualValues(t, 3, f.requests.Load())
	_, err = c.Select(ctx, "ASK {}")
	require.ErrorIs(t, err, ErrCircuitOpen)
	require.EqualValues(t, 3, f.requests.Load())

	// Next cool-down, endpoint back: while the probe is in flight other
	// calls fail fast; its success closes the circuit.
	healthy.Store(true)
	advance(10 * time.Second)
	probeDone := make(chan error, 1)
	go func() {
		_, err := c.Select(ctx, "ASK { ?s ?p ?o }")
		probeDone <- err
	}()
	require.Eventually(t, func() bool { return f.inFlight.Load() == 1 }, 5*time.Second, time.Millisecond)
	_, err = c.Select(ctx, "ASK {}")
	require.ErrorIs(t, err, ErrCircuitOpen)
	close(release)
	require.NoError(t, <-probeDone)
	require.Equal(t, "closed", c.Stats().Breaker)
	_, err = c.Select(ctx, "ASK {}")
	require.NoError(t, err)
	require.EqualValues(t, 5, f.requests.Load())
}

func TestCallerCancelIsNotAFailure(t *testing.T) {
	release := make(chan struct{})
	f := newFake(t, blockUntilDone(release))
	defer close(release)
	c, _ := testClient(t, f.URL, WithBreaker(1, time.Minute))
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for f.inFlight.Load() == 0 {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	_, err := c.Select(ctx, "ASK {}")
	require.ErrorIs(t, err, context.Canceled)
	require.Equal(t, "closed", c.Stats().Breaker)
}

func TestConcurrencyLimit(t *testing.T) {
	t.Run("default transport", func(t *testing.T) { testConcurrencyLimit(t) })
	// A caller's HTTP client has no connection limit: the client's own
	// limit still holds.
	t.Run("unlimited HTTP client", func(t *testing.T) {
		hc := &http.Client{Transport: &http.Transport{}}
		t.Cleanup(hc.CloseIdleConnections)
		testConcurrencyLimit(t, WithHTTPClient(hc))
	})
}

func testConcurrencyLimit(t *testing.T, opts ...Option) {
	release := make(chan struct{})
	f := newFake(t, blockUntilDone(release))
	c, _ := testClient(t, f.URL, opts...)

	const calls = 20
	var wg sync.WaitGroup
	errs := make(chan error, calls)
	for i := range calls {
		wg.Go(func() {
			_, err := c.Select(context.Background(), fmt.Sprintf("ASK { wd:Q%d ?p ?o }", i+1))
			errs <- err
		})
	}
	require.Eventually(t, func() bool { return f.inFlight.Load() == MaxConcurrent }, 5*time.Second, time.Millisecond)
	// Give requests beyond the limit, if the limit leaked, time to arrive.
	time.Sleep(100 * time.Millisecond)
	require.EqualValues(t, MaxConcurrent, f.inFlight.Load())
	close(release)
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	require.EqualValues(t, calls, f.requests.Load())
	require.EqualValues(t, MaxConcurrent, f.maxIn.Load())
}

func TestConcurrencyOption(t *testing.T) {
	release := make(chan struct{})
	f := newFake(t, blockUntilDone(release))
	c, _ := testClient(t, f.URL, WithMaxConcurrent(2))
	var wg sync.WaitGroup
	for i := range 6 {
		wg.Go(func() {
			_, err := c.Select(context.Background(), fmt.Sprintf("ASK { wd:Q%d ?p ?o }", i+1))
			require.NoError(t, err)
		})
	}
	require.Eventually(t, func() bool { return f.inFlight.Load() == 2 }, 5*time.Second, time.Millisecond)
	time.Sleep(50 * time.Millisecond)
	close(release)
	wg.Wait()
	require.EqualValues(t, 2, f.maxIn.Load())
}

func TestMemoryAndDiskCache(t *testing.T) {
	f := newFake(t, ok)
	path := filepath.Join(t.TempDir(), "sparql.db")
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	open := func() *Client {
		c, err := New(f.URL, WithCache(10, time.Hour), WithDiskCache(path))
		require.NoError(t, err)
		c.now = func() time.Time { return now }
		return c
	}
	ctx := context.Background()

	c := open()
	for range 3 {
		res, err := c.Select(ctx, "ASK {}")
		require.NoError(t, err)
		require.Len(t, res.Solutions(), 1)
	}
	require.EqualValues(t, 1, f.requests.Load(), "memory cache")
	require.EqualValues(t, 2, c.Stats().CacheHits.Hits)
	_, err := c.Select(ctx, "ASK { }")
	require.NoError(t, err)
	require.EqualValues(t, 2, f.requests.Load(), "another query text is another key")
	require.NoError(t, c.Close())

	// A new client (a restart) answers from disk.
	c = open()
	_, err = c.Select(ctx, "ASK {}")
	require.NoError(t, err)
	require.EqualValues(t, 2, f.requests.Load(), "disk cache")
	require.NoError(t, c.Close())

	// Past the TTL the disk entry is ignored and replaced.
	now = now.Add(2 * time.Hour)
	c = open()
	_, err = c.Select(ctx, "ASK {}")
	require.NoError(t, err)
	require.EqualValues(t, 3, f.requests.Load(), "expired disk entry")
	require.NoError(t, c.Close())
}

func TestErrorsAreNotCached(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int64) {
		if n == 1 {
			http.Error(w, "bad", http.StatusBadRequest)
			return
		}
		ok(w, r, n)
	})
	c, err := New(f.URL)
	require.NoError(t, err)
	defer c.Close()
	_, err = c.Select(context.Background(), "ASK {}")
	require.Error(t, err)
	_, err = c.Select(context.Background(), "ASK {}")
	require.NoError(t, err)
	require.EqualValues(t, 2, f.requests.Load())
}

func TestBadJSONIsAnError(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, _ *http.Request, _ int64) { io.WriteString(w, "<html>") })
	c, _ := testClient(t, f.URL)
	_, err := c.Select(context.Background(), "ASK {}")
	require.ErrorContains(t, err, "reading results")
}

func TestInvalidInputMakesNoRequest(t *testing.T) {
	f := newFake(t, ok)
	c, _ := testClient(t, f.URL)
	ctx := context.Background()
	for _, bad := range [][]string{
		{"Q1 } DROP ALL ; SELECT * WHERE {"},
		{"Q42", "Q1>"},
		{"wd:Q1 wd:Q2"},
		{"Q0"},
		{"P31"},
		{"Q12345678901234"},
		{`Q1" . ?s ?p ?o . FILTER("`},
	} {
		_, err := c.Enrich(ctx, bad)
		require.ErrorIs(t, err, ErrInvalid, "%q", bad)
		_, err = c.Labels(ctx, bad)
		require.ErrorIs(t, err, ErrInvalid, "%q", bad)
		_, err = c.Similar(ctx, bad[len(bad)-1], 5)
		require.ErrorIs(t, err, ErrInvalid, "%q", bad)
	}
	for _, bad := range []string{`DE-1" } ; DROP ALL ; #`, "DE-1\n}", "DE 1 museum", "", "TOOLONG-1234567890123"} {
		_, err := c.LookupISIL(ctx, []string{"DE-MUS-031618", bad})
		require.ErrorIs(t, err, ErrInvalid, "%q", bad)
	}
	for _, bad := range []string{"", "   ", "\xff\xfe", string(make([]rune, MaxSearchRunes+1))} {
		_, err := c.SearchLabel(ctx, bad, 5)
		require.ErrorIs(t, err, ErrInvalid, "%q", bad)
	}
	_, err := c.SearchLabel(ctx, "museum", 0)
	require.ErrorIs(t, err, ErrInvalid)
	_, err = c.Similar(ctx, "Q1", MaxLimit+1)
	require.ErrorIs(t, err, ErrInvalid)
	require.EqualValues(t, 0, f.requests.Load())
}

func TestEnrichPartialFailure(t *testing.T) {
	// The batch holding Q3 fails; the other batch's entity is returned.
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int64) {
		q := r.PostForm.Get("query")
		if containsItem(q, "Q3") {
			http.Error(w, "boom", http.StatusBadRequest)
			return
		}
		io.WriteString(w, `{"head":{"vars":["item","p","v","vl"]},"results":{"bindings":[
		 {"item":{"type":"uri","value":"http://www.wikidata.org/entity/Q1"},
		  "p":{"type":"uri","value":"http://www.w3.org/2000/01/rdf-schema#label"},
		  "v":{"type":"literal","value":"One","xml:lang":"en"}},
		 {"item":{"type":"uri","value":"http://www.wikidata.org/entity/Q1"},
		  "p":{"type":"uri","value":"http://schema.org/description"},
		  "v":{"type":"literal","value":"first","xml:lang":"en"}},
		 {"item":{"type":"uri","value":"http://www.wikidata.org/entity/Q1"},
		  "p":{"type":"uri","value":"http://www.wikidata.org/prop/direct/P625"},
		  "v":{"type":"literal","value":"Point(9.85 52.62)","datatype":"http://www.opengis.net/ont/geosparql#wktLiteral"}}
		]}}`)
	})
	c, _ := testClient(t, f.URL, WithBatchSize(1))
	got, err := c.Enrich(context.Background(), []string{"Q3", "Q1"})
	require.Error(t, err)
	require.ErrorContains(t, err, "1 of 2 batches failed")
	require.Equal(t, map[string]Entity{"Q1": {
		QID: "Q1", Label: "One", LabelLang: "en", Description: "first",
		Coordinates: []Coordinates{{Lat: 52.62, Lon: 9.85}},
	}}, got)
}

func containsItem(q, qid string) bool {
	return strings.Contains(q, "wd:"+qid+" ") || strings.Contains(q, "wd:"+qid+"\n")
}

func TestBreakerStates(t *testing.T) {
	b := &breaker{threshold: 2, cooldown: time.Minute}
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	_, okay := b.allow(t0)
	require.True(t, okay)
	b.record(failed, false, t0)
	b.record(okAnswer, false, t0)
	b.record(failed, false, t0)
	require.Equal(t, "closed", b.state(t0), "failures must be consecutive")
	b.record(failed, false, t0)
	require.Equal(t, "open", b.state(t0))
	_, okay = b.allow(t0.Add(59 * time.Second))
	require.False(t, okay)
	probe, okay := b.allow(t0.Add(time.Minute))
	require.True(t, probe)
	require.True(t, okay)
	_, okay = b.allow(t0.Add(time.Minute))
	require.False(t, okay, "one probe at a time")
	b.record(gaveUp, true, t0.Add(time.Minute))
	probe, okay = b.allow(t0.Add(time.Minute))
	require.True(t, probe && okay, "a probe that gave up lets the next request probe")
	b.record(alive, true, t0.Add(time.Minute))
	require.Equal(t, "closed", b.state(t0.Add(time.Minute)))
	b.record(timedOut, false, t0)
	require.Equal(t, "open", b.state(t0), "a timeout opens the circuit at once")
}

// TestGarbageAnswerNotCached: a 200 whose body does not parse (an HTML
// error page, truncated JSON) is an error and is not cached, in memory or
// on disk; once the endpoint answers properly again, so does the client.
func TestGarbageAnswerNotCached(t *testing.T) {
	for name, garbage := range map[string]string{"html": "<html><body>502 Bad Gateway</body></html>", "truncated": okBody[:len(okBody)/2]} {
		t.Run(name, func(t *testing.T) {
			f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int64) {
				if n <= 2 {
					io.WriteString(w, garbage)
					return
				}
				ok(w, r, n)
			})
			c, err := New(f.URL, WithCache(10, time.Hour), WithDiskCache(filepath.Join(t.TempDir(), "sparql.db")))
			require.NoError(t, err)
			defer c.Close()
			for range 2 {
				_, err = c.Select(context.Background(), "ASK {}")
				require.ErrorContains(t, err, "reading results")
			}
			res, err := c.Select(context.Background(), "ASK {}")
			require.NoError(t, err, "the recovered endpoint's answer, not the cached garbage")
			require.Len(t, res.Solutions(), 1)
			_, err = c.Select(context.Background(), "ASK {}")
			require.NoError(t, err)
			require.EqualValues(t, 3, f.requests.Load(), "the good answer is cached")
		})
	}
}

func TestAnswerSizeLimit(t *testing.T) {
	huge := strings.Repeat(" ", 4096) + okBody
	for name, h := range map[string]func(http.ResponseWriter, *http.Request, int64){
		"declared": func(w http.ResponseWriter, _ *http.Request, _ int64) { io.WriteString(w, huge) },
		"streamed": func(w http.ResponseWriter, _ *http.Request, _ int64) {
			for range 64 {
				io.WriteString(w, strings.Repeat(" ", 128))
				w.(http.Flusher).Flush()
			}
		},
	} {
		t.Run(name, func(t *testing.T) {
			f := newFake(t, h)
			c, _ := testClient(t, f.URL, WithMaxAnswerBytes(1024))
			_, err := c.Select(context.Background(), "ASK {}")
			require.ErrorIs(t, err, ErrAnswerTooLarge)
			require.ErrorContains(t, err, "1024 bytes")
			require.EqualValues(t, 1, f.requests.Load(), "an oversized answer is not retried")
		})
	}
	_, err := New("http://127.0.0.1:1/sparql", WithMaxAnswerBytes(0))
	require.ErrorIs(t, err, ErrInvalid)
}

// TestPingBypassesTheCache: readiness asks the endpoint, not the cache.
func TestPingBypassesTheCache(t *testing.T) {
	f := newFake(t, func(w http.ResponseWriter, r *http.Request, n int64) {
		if n > 1 {
			io.WriteString(w, "<html>down</html>")
			return
		}
		ok(w, r, n)
	})
	c, err := New(f.URL, WithCache(10, time.Hour), WithRetry(0, time.Millisecond, time.Millisecond))
	require.NoError(t, err)
	defer c.Close()
	require.NoError(t, c.Ping(context.Background()))
	require.Error(t, c.Ping(context.Background()), "the endpoint now answers garbage")
	require.EqualValues(t, 2, f.requests.Load())
}
