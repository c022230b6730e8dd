package server

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/hybridrag/hybridrag/pipeline"
)

// slowAsker answers when released, or fails when its context ends first.
type slowAsker struct {
	started chan struct{}
	release chan struct{}
}

func (a *slowAsker) Ask(ctx context.Context, req pipeline.Request) (*pipeline.Response, error) {
	select {
	case a.started <- struct{}{}:
	default:
	}
	select {
	case <-a.release:
		return &pipeline.Response{Question: req.Question, Answer: pipeline.Answer{Kind: pipeline.KindNone, Text: "slow answer"}}, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// noGoroutinesLeft fails t when goroutines other than those before
// remain once they have had up to 5 s to end: a client's connection
// goroutines end shortly after its last response, later on a loaded
// machine than goleak's own retries wait.
func noGoroutinesLeft(t *testing.T, before goleak.Option) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	err := goleak.Find(before)
	for err != nil && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
		err = goleak.Find(before)
	}
	require.NoError(t, err, "goroutines left")
}

// Shutdown waits for the request in flight, which completes with 200;
// new connections are refused once shutdown starts.
func TestRunGracefulShutdown(t *testing.T) {
	ds, _, _ := realPipeline(t) // its background goroutines predate the test
	defer noGoroutinesLeft(t, goleak.IgnoreCurrent())
	slow := &slowAsker{started: make(chan struct{}, 1), release: make(chan struct{})}
	s, err := New(Options{Asker: slow, Records: ds})
	require.NoError(t, err)

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := "http://" + ln.Addr().String()
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	runErr := make(chan error, 1)
	go func() { runErr <- Run(ctx, ln, s, RunOptions{}) }()

	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	defer client.CloseIdleConnections()
	type reply struct {
		status int
		body   string
		err    error
	}
	done := make(chan reply, 1)
	go func() {
		resp, err := client.Post(addr+"/v1/ask", "application/json", strings.NewReader(`{"question": "museums in Rye"}`))
		if err != nil {
			done <- reply{err: err}
			return
		}
		b, err := io.ReadAll(resp.Body)
		// closed before the reply is sent, so that the client's
		// connection is done with when the test checks for goroutines
		resp.Body.Close()
		done <- reply{status: resp.StatusCode, body: string(b), err: err}
	}()

	<-slow.started // the request is in flight
	stop()         // shutdown begins

	// Shutdown closes the listener: new requests fail, while the one in
	// flight is still waiting. A probe that connected just before the
	// listener closed gets no answer from a server shutting down: its
	// timeout ends it, and its connection's goroutines with it.
	probe := &http.Client{Timeout: time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	require.Eventually(t, func() bool {
		resp, err := probe.Get(addr + "/healthz")
		if err == nil {
			resp.Body.Close()
		}
		return err != nil
	}, DefaultDrain, 5e6)
	select {
	case r := <-done:
		t.Fatalf("the in-flight request ended before it was released: %+v", r)
	case err := <-runErr:
		t.Fatalf("Run returned while a request was in flight: %v", err)
	default:
	}

	close(slow.release)
	r := <-done
	require.NoError(t, r.err)
	require.Equal(t, http.StatusOK, r.status, r.body)
	var resp pipeline.Response
	require.NoError(t, json.Unmarshal([]byte(r.body), &resp))
	require.Equal(t, "slow answer", resp.Answer.Text)
	require.NoError(t, <-runErr)
}

// When the drain timeout passes first, Run reports it and closes the
// remaining connections.
func TestRunDrainTimeout(t *testing.T) {
	ds, _, _ := realPipeline(t)
	slow := &slowAsker{started: make(chan struct{}, 1), release: make(chan struct{})}
	defer close(slow.release)
	s, err := New(Options{Asker: slow, Records: ds})
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, stop := context.WithCancel(context.Background())
	runErr := make(chan error, 1)
	go func() { runErr <- Run(ctx, ln, s, RunOptions{Drain: 1e6}) }()

	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	done := make(chan error, 1)
	go func() {
		resp, err := client.Post("http://"+ln.Addr().String()+"/v1/ask", "application/json", strings.NewReader(`{"question": "x"}`))
		if err == nil {
			resp.Body.Close()
		}
		done <- err
	}()
	<-slow.started
	stop()
	err = <-runErr
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.Error(t, <-done, "the connection was closed under the request")
}

// Clients holding idle keep-alive connections do not lock others out:
// with every connection taken and idle, a new client takes the place of
// the connection idle longest once it has been idle for EvictIdleAfter,
// long before the idle timeout; before that, it is served on a connection
// past the limit, which is closed after the response.
func TestRunIdleConnectionsMakeRoom(t *testing.T) {
	for _, c := range []struct {
		name       string
		evictAfter time.Duration
		closed     bool // the late client's connection is closed after the response
	}{{"idle long enough", time.Nanosecond, false}, {"idle briefly", time.Hour, true}} {
		t.Run(c.name, func(t *testing.T) {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			require.NoError(t, err)
			ctx, stop := context.WithCancel(context.Background())
			runErr := make(chan error, 1)
			h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, "ok") })
			go func() {
				runErr <- Run(ctx, ln, h, RunOptions{MaxConns: 2, IdleTimeout: time.Hour, EvictIdleAfter: c.evictAfter})
			}()
			defer func() { stop(); require.NoError(t, <-runErr) }()

			get := func(cl *http.Client) (*http.Response, error) {
				resp, err := cl.Get("http://" + ln.Addr().String() + "/")
				if err != nil {
					return nil, err
				}
				defer resp.Body.Close()
				_, err = io.Copy(io.Discard, resp.Body)
				return resp, err
			}
			var holders []*http.Transport
			for range 2 { // each keeps its connection open and idle
				tr := &http.Transport{}
				holders = append(holders, tr)
				_, err := get(&http.Client{Transport: tr})
				require.NoError(t, err)
			}
			defer func() {
				for _, tr := range holders {
					tr.CloseIdleConnections()
				}
			}()
			late := &http.Client{Transport: &http.Transport{}, Timeout: 30 * time.Second}
			if !c.closed {
				// The server marks a connection idle just after its
				// response is written, which may be after the client has
				// read it; until then the late client is served past the
				// limit and its connection closed, so wait for one kept.
				for deadline := time.Now().Add(10 * time.Second); ; {
					resp, err := get(late)
					require.NoError(t, err, "a new client is served while the others' connections sit idle")
					if !resp.Close {
						break
					}
					require.True(t, time.Now().Before(deadline), "a connection idle long enough makes room")
					time.Sleep(time.Millisecond)
				}
			}
			for range 2 {
				resp, err := get(late)
				require.NoError(t, err, "a new client is served while the others' connections sit idle")
				require.Equal(t, c.closed, resp.Close, "Connection: close")
			}
		})
	}
}
