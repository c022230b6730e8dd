package server

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestAdmissionShedsExpensiveFirst: with every slot taken, an expensive
// request may fill only half the queue, a cheap one the whole queue; past
// that both are refused at once with 503 and Retry-After.
func TestAdmissionShedsExpensiveFirst(t *testing.T) {
	ds, _, l := realPipeline(t)
	slow := &slowAsker{started: make(chan struct{}, 1), release: make(chan struct{})}
	s, err := New(Options{Asker: slow, Records: ds, Linker: l, MaxInFlight: 1, MaxQueue: 2})
	require.NoError(t, err)
	ts := newHTTPTestServer(t, s)

	ask := func() chan result {
		ch := make(chan result, 1)
		go func() { ch <- doNoT(ts.URL+"/v1/ask", `{"question": "slow"}`) }()
		return ch
	}
	first := ask()
	<-slow.started // holds the only slot
	second := ask()
	require.Eventually(t, func() bool { return s.admit.waiting.Load() == 1 }, 10*time.Second, time.Millisecond)

	// The expensive half of the queue is full: another ask is refused.
	r := do(t, "POST", ts.URL+"/v1/ask", `{"question": "third"}`)
	require.Equal(t, http.StatusServiceUnavailable, r.status, string(r.body))
	require.Equal(t, CodeOverloaded, errCode(t, r))
	secs, err := strconv.Atoi(r.header.Get("Retry-After"))
	require.NoError(t, err)
	require.GreaterOrEqual(t, secs, 1)

	// A cheap look-up still queues, and is served once the slot frees.
	link := make(chan result, 1)
	go func() { link <- doNoT(ts.URL+"/v1/link?q=Q891746", "") }()
	require.Eventually(t, func() bool { return s.admit.waiting.Load() == 2 }, 10*time.Second, time.Millisecond)
	// Now the queue is full for everyone.
	r = do(t, "GET", ts.URL+"/v1/link?q=Q891746", "")
	require.Equal(t, http.StatusServiceUnavailable, r.status)

	close(slow.release)
	require.Equal(t, http.StatusOK, (<-first).status)
	require.Equal(t, http.StatusOK, (<-second).status)
	require.Equal(t, http.StatusOK, (<-link).status)
	// The probes are never shed.
	require.Equal(t, http.StatusOK, do(t, "GET", ts.URL+"/healthz", "").status)
}

// TestAdmissionRefusesWhatWouldMissTheDeadline: when the expected wait in
// the queue passes the request's deadline, the request is refused at once
// rather than queued.
func TestAdmissionRefusesWhatWouldMissTheDeadline(t *testing.T) {
	a := newAdmission(1, 100, time.Hour)
	release, no := a.admit(context.Background(), true)
	require.Nil(t, no)
	for range 20 {
		a.observe(2 * time.Second) // requests take about 2 s
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_, no = a.admit(ctx, true)
	require.NotNil(t, no)
	require.Contains(t, no.reason, "deadline")
	require.NoError(t, ctx.Err(), "refused at once, not after waiting")
	require.Greater(t, no.retryAfter, time.Second)
	release()
	// With the slot free it is admitted whatever the estimate.
	release, no = a.admit(ctx, true)
	require.Nil(t, no)
	release()
}

// TestAdmissionBoundsTheWait: a request whose expected wait for a slot
// is longer than the wait allowed is refused at once; an expensive one
// may wait half as long as a cheap look-up.
func TestAdmissionBoundsTheWait(t *testing.T) {
	a := newAdmission(1, 100, 500*time.Millisecond)
	release, no := a.admit(context.Background(), true)
	require.Nil(t, no)
	for range 20 {
		a.observe(700 * time.Millisecond) // requests take about 0.7 s
	}
	_, no = a.admit(context.Background(), true)
	require.NotNil(t, no)
	require.Contains(t, no.reason, "longer than a request may wait")

	// A cheap look-up may wait 1 s: it queues, and gets the slot when
	// it frees.
	go func() {
		for a.waiting.Load() != 1 {
			time.Sleep(time.Millisecond)
		}
		release()
	}()
	release, no = a.admit(context.Background(), false)
	require.Nil(t, no)
	release()
}

func newHTTPTestServer(t *testing.T, h http.Handler) *httptest.Server {
	t.Helper()
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	return ts
}

// doNoT sends a request from a goroutine other than the test's: a POST
// with body, or a GET without. Failures show as status 0.
func doNoT(u, body string) result {
	method, rd := "GET", io.Reader(nil)
	if body != "" {
		method, rd = "POST", strings.NewReader(body)
	}
	req, err := http.NewRequest(method, u, rd)
	if err != nil {
		return result{}
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return result{}
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return result{status: resp.StatusCode, header: resp.Header, body: b}
}
