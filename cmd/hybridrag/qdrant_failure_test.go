package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/engines"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/gold"
	"github.com/hybridrag/hybridrag/pipeline"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrievers/qdrantstore"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// qdrantProcess is a Qdrant server the test started from the binary named
// by HYBRIDRAG_QDRANT_BIN, with its storage in a temporary folder.
type qdrantProcess struct {
	bin, dir   string
	grpc, http int
	cmd        *exec.Cmd
}

// qdrantBinary returns HYBRIDRAG_QDRANT_BIN, or skips (fails under
// HYBRIDRAG_REQUIRE_QDRANT=1) when it is not set.
func qdrantBinary(t *testing.T) string {
	bin := os.Getenv("HYBRIDRAG_QDRANT_BIN")
	if bin == "" {
		msg := "HYBRIDRAG_QDRANT_BIN is not set; this test starts, stops and kills its own Qdrant server from that binary (bash scripts/test.sh sets it when the bundled binary is present)"
		if os.Getenv("HYBRIDRAG_REQUIRE_QDRANT") == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return bin
}

// freePort returns a loopback port nothing listens on at the moment.
func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func startQdrant(t *testing.T) *qdrantProcess {
	q := &qdrantProcess{bin: qdrantBinary(t), dir: t.TempDir(), grpc: freePort(t), http: freePort(t)}
	q.start(t)
	t.Cleanup(func() {
		if q.cmd != nil {
			_ = q.cmd.Process.Signal(syscall.SIGCONT)
			_ = q.cmd.Process.Kill()
			_ = q.cmd.Wait()
		}
	})
	return q
}

// start runs the server on the process's ports and storage and waits for
// /readyz and for the gRPC port to accept connections (/readyz can answer
// before the gRPC listener is up).
func (q *qdrantProcess) start(t *testing.T) {
	log, err := os.OpenFile(filepath.Join(q.dir, "qdrant.log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	require.NoError(t, err)
	defer log.Close()
	cmd := exec.Command(q.bin, "--disable-telemetry")
	cmd.Dir = q.dir
	cmd.Env = append(os.Environ(),
		"QDRANT__STORAGE__STORAGE_PATH="+filepath.Join(q.dir, "storage"),
		"QDRANT__STORAGE__SNAPSHOTS_PATH="+filepath.Join(q.dir, "snapshots"),
		"QDRANT__SERVICE__HOST=127.0.0.1",
		"QDRANT__SERVICE__GRPC_PORT="+strconv.Itoa(q.grpc),
		"QDRANT__SERVICE__HTTP_PORT="+strconv.Itoa(q.http),
		"QDRANT__TELEMETRY_DISABLED=true",
		"QDRANT__LOG_LEVEL=WARN",
	)
	cmd.Stdout, cmd.Stderr = log, log
	require.NoError(t, cmd.Start())
	q.cmd = cmd
	ready := fmt.Sprintf("http://127.0.0.1:%d/readyz", q.http)
	client := &http.Client{Timeout: time.Second}
	require.Eventually(t, func() bool {
		resp, err := client.Get(ready)
		if err != nil {
			return false
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return false
		}
		conn, err := net.DialTimeout("tcp", fmt.Sprintf("127.0.0.1:%d", q.grpc), time.Second)
		if err != nil {
			return false
		}
		conn.Close()
		return true
	}, time.Minute, 100*time.Millisecond, "qdrant ready; log in %s", q.dir)
}

// kill ends the server at once.
func (q *qdrantProcess) kill(t *testing.T) {
	require.NoError(t, q.cmd.Process.Kill())
	_ = q.cmd.Wait()
	q.cmd = nil
}

func (q *qdrantProcess) signal(t *testing.T, sig syscall.Signal) {
	require.NoError(t, q.cmd.Process.Signal(sig))
	if sig == syscall.SIGSTOP {
		// kill(2) returns before every thread has stopped: a thread
		// running on another core could still answer the next ask
		require.Eventually(t, func() bool { return q.stopped() }, 10*time.Second, 5*time.Millisecond,
			"every thread of qdrant stopped")
	}
}

// stopped reports whether every thread of the server is stopped (state T
// in /proc), or true where /proc cannot tell.
func (q *qdrantProcess) stopped() bool {
	tasks, err := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/stat", q.cmd.Process.Pid))
	if err != nil || len(tasks) == 0 {
		return true
	}
	for _, f := range tasks {
		b, err := os.ReadFile(f)
		if err != nil {
			continue // the thread ended
		}
		// the state follows the command name, which is in parentheses
		at := bytes.LastIndexByte(b, ')')
		if at < 0 || at+2 >= len(b) {
			return true
		}
		if st := b[at+2]; st != 'T' && st != 't' {
			return false
		}
	}
	return true
}

func (q *qdrantProcess) url() string { return fmt.Sprintf("http://127.0.0.1:%d", q.grpc) }

// With the vector leg in Qdrant, a hung server (SIGSTOP) or a dead one
// (SIGKILL) costs each ask no more than the leg deadline: every answer
// still comes, from the other retrievers, with an error naming the vector
// leg. The leg recovers when the server continues (SIGCONT) or restarts on
// its storage. Three clients ask the HTTP API throughout: every one of
// their asks is answered 200, none waits beyond the leg deadline (and
// the slack), and those asked while Qdrant was down name it in errors.
func TestQdrantHungOrKilled(t *testing.T) {
	q := startQdrant(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()

	// Every tenth record is enough to answer from; ids outside the
	// collection are simply not found by the vector leg.
	all := testfixture.Dataset(t)
	sub := &heritage.Dataset{Version: all.Version}
	for i := 0; i < len(all.Institutions); i += 10 {
		sub.Institutions = append(sub.Institutions, all.Institutions[i])
	}
	st, err := qdrantstore.Open(ctx, qdrantstore.Config{URL: q.url()})
	require.NoError(t, err)
	require.NoError(t, st.Ingest(ctx, sub, embed.NewHashing(engines.HashingDim), nil))
	require.NoError(t, st.Close())

	const leg = 500 * time.Millisecond
	// Slack for routing, the other legs, fusion and context on a loaded
	// machine under the race detector; a hung leg without a deadline would
	// take the whole request timeout (30 s).
	const slack = 4 * time.Second
	cfg, err := dataFlags{qdrant: q.url(), legTimeout: leg}.resolve(func(string) string { return "" })
	require.NoError(t, err)
	s, err := testEnv(t, io.Discard, io.Discard).buildStack(ctx, cfg)
	require.NoError(t, err)
	t.Cleanup(s.Close)
	// Clients ask the HTTP API throughout, as they would a loaded server.
	log := slog.New(slog.DiscardHandler)
	sc, err := serveSettings(cfg.Serve, serveFlags{}, log)
	require.NoError(t, err)
	api, err := newAPI(s, cfg, sc, "", log)
	require.NoError(t, err)
	ts := httptest.NewServer(api)
	defer ts.Close()

	qs, err := gold.Load(filepath.Join("..", "..", "testdata", "questions.jsonl"))
	require.NoError(t, err)
	next := 0
	ask := func(t *testing.T) (*pipeline.Response, time.Duration) {
		t.Helper()
		question := qs[next%len(qs)].Question
		next++
		start := time.Now()
		resp, err := s.pipeline.Ask(ctx, pipeline.Request{Question: question, NoCache: true})
		took := time.Since(start)
		require.NoError(t, err, question)
		return resp, took
	}
	vectorErr := func(resp *pipeline.Response) string {
		for _, e := range resp.Errors {
			if e.Source == plan.RetrieverVector {
				return e.Error
			}
		}
		return ""
	}
	healthy := func(t *testing.T, what string) {
		t.Helper()
		answered := 0
		for range 5 {
			resp, _ := ask(t)
			require.Empty(t, vectorErr(resp), what)
			answered += resp.BySource[plan.RetrieverVector]
		}
		require.Positive(t, answered, "%s: the Qdrant leg found hits", what)
	}
	degraded := func(t *testing.T, what string) {
		t.Helper()
		for range 5 {
			resp, took := ask(t)
			require.NotEmpty(t, vectorErr(resp), "%s: %q names the vector leg in errors: %+v", what, resp.Question, resp.Errors)
			require.Zero(t, resp.BySource[plan.RetrieverVector])
			require.NotEmpty(t, resp.Hits, "%s: %q is answered by the other legs", what, resp.Question)
			require.Less(t, took, leg+slack, "%s: %q", what, resp.Question)
			t.Logf("%s: %q in %v: %s", what, resp.Question, took.Round(time.Millisecond), vectorErr(resp))
		}
	}
	// recovered waits for the vector leg to answer again (gRPC reconnects
	// with backoff), then checks that it keeps answering.
	recovered := func(t *testing.T, what string) {
		t.Helper()
		require.Eventually(t, func() bool {
			resp, _ := ask(t)
			return vectorErr(resp) == ""
		}, time.Minute, 200*time.Millisecond, what)
		healthy(t, what)
	}

	load := startAskers(ctx, ts.URL, qs, 3)
	healthy(t, "before")
	q.signal(t, syscall.SIGSTOP)
	degraded(t, "hung (SIGSTOP)")
	q.signal(t, syscall.SIGCONT)
	recovered(t, "after SIGCONT")
	q.kill(t)
	degraded(t, "killed")
	q.start(t)
	recovered(t, "after restart")
	got := load.stop()
	t.Logf("under load: %d asks over HTTP, %d naming the vector leg in errors, slowest %v", got.asks, got.degraded, got.slowest.Round(time.Millisecond))
	require.Empty(t, got.failures, "every ask over HTTP is answered 200")
	require.Positive(t, got.degraded, "asks over HTTP while Qdrant was down name it in errors")
	require.Less(t, got.slowest, leg+slack, "no ask over HTTP waits for Qdrant beyond the leg deadline")
}

// askers post questions to a server's /v1/ask from several goroutines
// until stopped, and count what came back.
type askers struct {
	stopc chan struct{}
	wg    sync.WaitGroup

	mu       sync.Mutex
	asks     int
	degraded int           // answers with an error from the vector leg
	failures []string      // anything but a 200 with a JSON answer
	slowest  time.Duration // of all asks
}

func startAskers(ctx context.Context, url string, qs []gold.Question, n int) *askers {
	a := &askers{stopc: make(chan struct{})}
	for w := range n {
		a.wg.Add(1)
		go func() {
			defer a.wg.Done()
			for i := w; ; i += n {
				select {
				case <-a.stopc:
					return
				default:
				}
				a.ask(ctx, url, qs[i%len(qs)].Question)
			}
		}()
	}
	return a
}

func (a *askers) ask(ctx context.Context, url, question string) {
	body, _ := json.Marshal(map[string]any{"question": question, "no_cache": true})
	start := time.Now()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url+"/v1/ask", bytes.NewReader(body))
	var resp *http.Response
	if err == nil {
		req.Header.Set("Content-Type", "application/json")
		resp, err = http.DefaultClient.Do(req)
	}
	var got pipeline.Response
	if err == nil {
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			err = fmt.Errorf("status %d", resp.StatusCode)
		} else {
			err = json.NewDecoder(resp.Body).Decode(&got)
		}
	}
	took := time.Since(start)
	a.mu.Lock()
	defer a.mu.Unlock()
	a.asks++
	a.slowest = max(a.slowest, took)
	if err != nil {
		a.failures = append(a.failures, fmt.Sprintf("%q: %v", question, err))
		return
	}
	for _, e := range got.Errors {
		if e.Source == plan.RetrieverVector {
			a.degraded++
			break
		}
	}
}

func (a *askers) stop() *askers {
	close(a.stopc)
	a.wg.Wait()
	return a
}
