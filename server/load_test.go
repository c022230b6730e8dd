package server

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/gold"
	"github.com/hybridrag/hybridrag/pipeline"
)

var (
	loadN       = flag.Int("load.n", 2000, "requests sent by TestLoad per phase")
	loadC       = flag.Int("load.c", 8, "concurrent clients in TestLoad")
	loadTimeout = flag.Duration("load.timeout", 5*time.Minute, "time bound of TestLoad")
)

// goldQuestions reads the public gold question texts.
func goldQuestions(tb testing.TB) []string {
	tb.Helper()
	gs, err := gold.Load("../testdata/questions.jsonl")
	require.NoError(tb, err)
	require.NotEmpty(tb, gs)
	qs := make([]string, len(gs))
	for i, q := range gs {
		qs[i] = q.Question
	}
	return qs
}

// loadReport summarises one load run.
type loadReport struct {
	n, errors     int
	firstErr      string
	elapsed       time.Duration
	p50, p95, p99 time.Duration
	max           time.Duration
}

func (r loadReport) String() string {
	return fmt.Sprintf("%d requests, %d errors, %.0f req/s; latency p50 %.2f ms, p95 %.2f ms, p99 %.2f ms, max %.2f ms",
		r.n, r.errors, float64(r.n)/r.elapsed.Seconds(), ms(r.p50), ms(r.p95), ms(r.p99), ms(r.max))
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// runLoad sends n asks over the questions with c concurrent clients and
// measures each request's latency end to end. A request counts as an
// error unless it gets a 200 with a decodable response for its question.
func runLoad(ctx context.Context, url string, questions []string, n, c int, noCache bool) loadReport {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: c}}
	defer client.CloseIdleConnections()
	lat := make([]time.Duration, n)
	var next atomic.Int64
	var errs atomic.Int64
	var firstErr sync.Once
	var first string
	fail := func(msg string) {
		errs.Add(1)
		firstErr.Do(func() { first = msg })
	}
	start := time.Now()
	var wg sync.WaitGroup
	for range c {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= n || ctx.Err() != nil {
					return
				}
				// a stride through the questions mixes the intents
				q := questions[(i*7)%len(questions)]
				body, _ := json.Marshal(map[string]any{"question": q, "no_cache": noCache})
				t := time.Now()
				req, _ := http.NewRequestWithContext(ctx, "POST", url+"/v1/ask", bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				resp, err := client.Do(req)
				if err != nil {
					fail(err.Error())
					lat[i] = time.Since(t)
					continue
				}
				b, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				lat[i] = time.Since(t)
				var pr pipeline.Response
				switch {
				case err != nil:
					fail(err.Error())
				case resp.StatusCode != http.StatusOK:
					fail(fmt.Sprintf("%d: %s", resp.StatusCode, b))
				case json.Unmarshal(b, &pr) != nil || pr.Question == "" || pr.Answer.Kind == "":
					fail("undecodable response: " + string(b[:min(len(b), 200)]))
				}
			}
		})
	}
	wg.Wait()
	r := loadReport{elapsed: time.Since(start), errors: int(errs.Load()), firstErr: first}
	done := min(int(next.Load()), n)
	lat = lat[:done]
	r.n = done
	slices.Sort(lat)
	if len(lat) > 0 {
		at := func(q float64) time.Duration { return lat[min(len(lat)-1, int(q*float64(len(lat))))] }
		r.p50, r.p95, r.p99, r.max = at(0.50), at(0.95), at(0.99), lat[len(lat)-1]
	}
	return r
}

// TestLoad sends -load.n asks (default 2000) with -load.c concurrent
// clients (default 8) over the gold questions to a loopback server, first
// bypassing the answer cache, then with a warm cache. Every request must
// succeed; the latency percentiles are logged (run with -v). With -short
// or the race detector (as in scripts/test.sh) it sends 200 over every
// fifth question unless -load.n is given; scripts/soak.sh runs it at full
// size.
func TestLoad(t *testing.T) {
	n := *loadN
	set, reduced := false, false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "load.n" })
	if !set && (testing.Short() || raceEnabled) {
		// the race detector slows the pipeline about tenfold: fewer
		// requests over every fifth question (still every intent)
		n = min(n, 200)
		reduced = true
	}
	ds, p, l := realPipeline(t)
	// A slot per client: this measures the pipeline under concurrency.
	// Admission (refusing what would wait too long, which a machine busy
	// with other tests can make of 8 clients on 2 slots) is tested on its
	// own.
	s, err := New(Options{Asker: p, Records: ds, Linker: l, Registry: prometheus.NewRegistry(), MaxInFlight: *loadC})
	require.NoError(t, err)
	ts := httptest.NewServer(s)
	defer ts.Close()
	questions := goldQuestions(t)
	if reduced {
		var every5 []string
		for i := 0; i < len(questions); i += 5 {
			every5 = append(every5, questions[i])
		}
		questions = every5
	}

	ctx, cancel := context.WithTimeout(context.Background(), *loadTimeout)
	defer cancel()
	for _, phase := range []struct {
		name    string
		noCache bool
	}{{"uncached", true}, {"cached", false}} {
		if !phase.noCache {
			// fill the answer cache: one round over every question
			w := runLoad(ctx, ts.URL, questions, len(questions), *loadC, false)
			require.Zero(t, w.errors, "warm-up, first error: %s", w.firstErr)
		}
		r := runLoad(ctx, ts.URL, questions, n, *loadC, phase.noCache)
		t.Logf("%s (concurrency %d, %d questions): %s", phase.name, *loadC, len(questions), r)
		require.NoError(t, ctx.Err(), "the load run did not finish within -load.timeout")
		require.Equal(t, n, r.n)
		require.Zero(t, r.errors, "first error: %s", r.firstErr)
	}
}

// BenchmarkServeAsk measures one ask through the HTTP stack (loopback
// TCP, routing, JSON both ways) over the gold questions with a warm answer
// cache, so this is mostly the transport's cost.
func BenchmarkServeAsk(b *testing.B) {
	ds, p, l := realPipeline(b)
	s, err := New(Options{Asker: p, Records: ds, Linker: l})
	require.NoError(b, err)
	ts := httptest.NewServer(s)
	defer ts.Close()
	questions := goldQuestions(b)
	bodies := make([][]byte, len(questions))
	for i, q := range questions {
		bodies[i], _ = json.Marshal(map[string]string{"question": q})
	}
	client := ts.Client()
	post := func(body []byte) int {
		resp, err := client.Post(ts.URL+"/v1/ask", "application/json", bytes.NewReader(body))
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode
	}
	for _, body := range bodies { // fill the answer cache
		if st := post(body); st != http.StatusOK {
			b.Fatalf("status %d", st)
		}
	}
	i := 0
	for b.Loop() {
		if st := post(bodies[i%len(bodies)]); st != http.StatusOK {
			b.Fatalf("status %d", st)
		}
		i++
	}
}
