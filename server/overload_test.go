package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/pipeline"
)

// pauseAsker answers after a pause, as an ask that waits on a backend.
type pauseAsker struct{ pause time.Duration }

func (a pauseAsker) Ask(ctx context.Context, req pipeline.Request) (*pipeline.Response, error) {
	select {
	case <-time.After(a.pause):
		return &pipeline.Response{Question: req.Question, Answer: pipeline.Answer{Kind: pipeline.KindNone, Text: "answer"}}, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// noRecords holds no institution.
type noRecords struct{}

func (noRecords) Get(string) (*heritage.Institution, bool) { return nil, false }

// overloadReport counts the replies of a closed-loop run.
type overloadReport struct {
	ok, refused, other, failed int
	noRetryAfter               int
	firstFailure               string
}

// closedLoop runs clients that each ask rounds times, as soon as the last
// answer came (after a 503, once its Retry-After, capped at maxSleep,
// has passed). Every client keeps its own keep-alive connection, as
// separate programs would.
func closedLoop(url string, clients, rounds int, maxSleep time.Duration) overloadReport {
	var (
		mu  sync.Mutex
		rep overloadReport
		wg  sync.WaitGroup
	)
	start := make(chan struct{})
	for range clients {
		wg.Go(func() {
			tr := &http.Transport{MaxIdleConnsPerHost: 1}
			defer tr.CloseIdleConnections()
			client := &http.Client{Transport: tr, Timeout: 30 * time.Second}
			<-start
			for range rounds {
				req, _ := http.NewRequest("POST", url+"/v1/ask", bytes.NewReader([]byte(`{"question": "museums in Rye", "no_cache": true}`)))
				req.Header.Set("Content-Type", "application/json")
				resp, err := client.Do(req)
				var sleep time.Duration
				mu.Lock()
				switch {
				case err != nil:
					rep.failed++
					if rep.firstFailure == "" {
						rep.firstFailure = err.Error()
					}
				case resp.StatusCode == http.StatusOK:
					rep.ok++
				case resp.StatusCode == http.StatusServiceUnavailable:
					rep.refused++
					secs, err := strconv.Atoi(resp.Header.Get("Retry-After"))
					if err != nil || secs < 1 {
						rep.noRetryAfter++
					}
					sleep = min(time.Duration(secs)*time.Second, maxSleep)
				default:
					rep.other++
					if rep.firstFailure == "" {
						rep.firstFailure = "status " + resp.Status
					}
				}
				mu.Unlock()
				if resp != nil {
					if _, err := io.Copy(io.Discard, resp.Body); err != nil {
						mu.Lock()
						rep.failed++
						mu.Unlock()
					}
					resp.Body.Close()
				}
				time.Sleep(sleep)
			}
		})
	}
	close(start)
	wg.Wait()
	return rep
}

// Overload is answered, never dropped: with far more clients than
// request slots and connections, every request gets a 200 or a 503 with
// Retry-After, and none fails at the connection level (a reset, an EOF,
// a timeout).
func TestOverloadAnswers503NotResets(t *testing.T) {
	s, err := New(Options{Asker: pauseAsker{5 * time.Millisecond}, Records: noRecords{}, MaxInFlight: 2})
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, stop := context.WithCancel(context.Background())
	runErr := make(chan error, 1)
	go func() { runErr <- Run(ctx, ln, s, RunOptions{MaxConns: 64}) }()
	defer func() {
		stop()
		if err := <-runErr; err != nil && !errors.Is(err, context.DeadlineExceeded) {
			t.Error(err)
		}
	}()

	const clients, rounds = 300, 10
	rep := closedLoop("http://"+ln.Addr().String(), clients, rounds, 0)
	t.Logf("%d clients × %d asks: %d answered, %d refused with 503, %d other, %d failed", clients, rounds, rep.ok, rep.refused, rep.other, rep.failed)
	require.Zero(t, rep.failed, "connection-level failures; first: %s", rep.firstFailure)
	require.Zero(t, rep.other, "first: %s", rep.firstFailure)
	require.Zero(t, rep.noRetryAfter, "every 503 says when to come back")
	require.Equal(t, clients*rounds, rep.ok+rep.refused)
	require.Positive(t, rep.ok)
	require.Positive(t, rep.refused, fmt.Sprintf("%d clients on 2 slots and 64 connections are refused", clients))
}
