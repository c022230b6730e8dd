// Command load measures a running `hybridrag serve` under load, for
// scripts/load.sh. It asks the public gold questions over POST /v1/ask.
//
//	load -url http://127.0.0.1:8080 -pid 1234 find      # open loop: the highest rate with 0 errors and p99 ≤ -p99
//	load -url … -pid … -cached find                     # the same with a warm answer cache
//	load -url … -pid … -clients 200 -n 10000 clients    # closed loop: c clients, n asks in all
//
// find runs the open-loop attacks of the vegeta library at fixed rates
// (each -step long): it doubles the rate until a step fails, then halves
// the interval between the last passing and the first failing rate. A
// step passes with no error (every status 200) and p99 ≤ -p99. Each step
// reports the server's CPU time per request, read from /proc/PID/stat.
//
// clients runs c concurrent clients, each asking as soon as its last
// answer came (after a refusal, once the Retry-After it was given has
// passed, unless -retry-at-once), until n asks are made; it reports
// accepted answers (200), fast refusals (503 with Retry-After), other
// failures, latency of the accepted ones, and the server's peak resident
// memory.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	vegeta "github.com/tsenart/vegeta/v12/lib"
)

func main() {
	var o options
	flag.StringVar(&o.url, "url", "http://127.0.0.1:8080", "the server's base URL")
	flag.IntVar(&o.pid, "pid", 0, "the server's process id, for CPU time and memory (0: not reported)")
	flag.StringVar(&o.questions, "questions", "testdata/questions.jsonl", "JSONL file with a \"question\" per line")
	flag.BoolVar(&o.cached, "cached", false, "let the answer cache answer (warmed first); default: every ask is computed (no_cache)")
	flag.DurationVar(&o.step, "step", 5*time.Second, "find: length of one attack at one rate")
	flag.IntVar(&o.start, "rate", 25, "find: the first rate, requests per second")
	flag.IntVar(&o.max, "max-rate", 20000, "find: the highest rate tried")
	flag.DurationVar(&o.p99, "p99", 50*time.Millisecond, "find: the p99 latency a passing step keeps to")
	flag.IntVar(&o.clients, "clients", 200, "clients: concurrent clients")
	flag.IntVar(&o.n, "n", 10000, "clients: asks in all")
	flag.BoolVar(&o.retryAtOnce, "retry-at-once", false, "clients: ask again at once after a 503 instead of waiting its Retry-After")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "Usage: load [flags] find|clients\n\nMeasures a running hybridrag serve; see the package documentation.\n\nFlags:")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 || (flag.Arg(0) != "find" && flag.Arg(0) != "clients") {
		flag.Usage()
		os.Exit(2)
	}
	if o.step <= 0 || o.start <= 0 || o.max < o.start || o.clients <= 0 || o.n <= 0 || o.p99 <= 0 {
		fmt.Fprintln(os.Stderr, "load: -step, -rate, -clients, -n and -p99 must be positive, and -max-rate at least -rate")
		os.Exit(2)
	}
	qs, err := readQuestions(o.questions)
	if err != nil {
		fmt.Fprintln(os.Stderr, "load:", err)
		os.Exit(1)
	}
	o.bodies = bodies(qs, !o.cached)
	// Every question once first: lazily built parts of the server (and,
	// with -cached, the answer cache) are warm before anything is timed.
	if err := warm(o); err != nil {
		fmt.Fprintln(os.Stderr, "load: warming up:", err)
		os.Exit(1)
	}
	if flag.Arg(0) == "find" {
		err = find(o)
	} else {
		err = closedLoop(o)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "load:", err)
		os.Exit(1)
	}
}

type options struct {
	url, questions         string
	pid                    int
	cached, retryAtOnce    bool
	step, p99              time.Duration
	start, max, clients, n int
	bodies                 [][]byte
}

func readQuestions(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var qs []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var q struct {
			Question string `json:"question"`
		}
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil || q.Question == "" {
			return nil, fmt.Errorf("%s:%d: not a JSON object with a question", path, line)
		}
		qs = append(qs, q.Question)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(qs) == 0 {
		return nil, fmt.Errorf("%s: no questions", path)
	}
	return qs, nil
}

func bodies(qs []string, noCache bool) [][]byte {
	out := make([][]byte, len(qs))
	for i, q := range qs {
		out[i], _ = json.Marshal(map[string]any{"question": q, "no_cache": noCache})
	}
	return out
}

// warm asks every question once.
func warm(o options) error {
	for _, b := range o.bodies {
		resp, err := http.Post(o.url+"/v1/ask", "application/json", bytes.NewReader(b))
		if err != nil {
			return err
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("status %d", resp.StatusCode)
		}
	}
	return nil
}

// step is one attack at one rate.
type step struct {
	rate          int
	requests      int
	success       float64
	codes         map[string]int
	p50, p99, max time.Duration
	cpuPerReq     time.Duration
	firstError    string
}

func (s step) pass(p99 time.Duration) bool { return s.success == 1 && s.p99 <= p99 }

func (s step) String() string {
	cpu := "–"
	if s.cpuPerReq > 0 {
		cpu = fmt.Sprintf("%.2f ms", ms(s.cpuPerReq))
	}
	line := fmt.Sprintf("%6d req/s  %6d asks  ok %5.1f%%  p50 %7.2f ms  p99 %8.2f ms  max %8.2f ms  CPU/ask %s",
		s.rate, s.requests, 100*s.success, ms(s.p50), ms(s.p99), ms(s.max), cpu)
	if s.firstError != "" {
		line += "  (" + s.firstError + ")"
	}
	return line
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func attack(o options, rate int) step {
	var next atomic.Uint64
	targeter := func(t *vegeta.Target) error {
		i := next.Add(1) - 1
		t.Method = http.MethodPost
		t.URL = o.url + "/v1/ask"
		t.Body = o.bodies[i%uint64(len(o.bodies))]
		t.Header = http.Header{"Content-Type": {"application/json"}}
		return nil
	}
	attacker := vegeta.NewAttacker(vegeta.Timeout(10*time.Second), vegeta.KeepAlive(true),
		vegeta.MaxWorkers(4096), vegeta.Connections(1024))
	cpu0 := cpuTime(o.pid)
	var m vegeta.Metrics
	for res := range attacker.Attack(targeter, vegeta.Rate{Freq: rate, Per: time.Second}, o.step, "load") {
		m.Add(res)
	}
	m.Close()
	s := step{rate: rate, requests: int(m.Requests), success: m.Success, codes: m.StatusCodes,
		p50: m.Latencies.P50, p99: m.Latencies.P99, max: m.Latencies.Max}
	if cpu1 := cpuTime(o.pid); cpu1 > 0 && m.Requests > 0 {
		s.cpuPerReq = (cpu1 - cpu0) / time.Duration(m.Requests)
	}
	if len(m.Errors) > 0 {
		s.firstError = m.Errors[0]
	}
	return s
}

func find(o options) error {
	kind := "uncached (no_cache)"
	if o.cached {
		kind = "cached (warm answer cache)"
	}
	fmt.Printf("open loop, %s, %s per step, pass: every answer 200 and p99 ≤ %s\n", kind, o.step, o.p99)
	best, fail := 0, 0
	// try attacks at rate after the queue of the last step drained, and
	// moves best or fail to it
	try := func(rate int) step {
		time.Sleep(time.Second)
		s := attack(o, rate)
		fmt.Println(s)
		if s.pass(o.p99) {
			best = max(best, rate)
		} else if fail == 0 || rate < fail {
			fail = rate
		}
		return s
	}
	for rate := o.start; rate <= o.max && fail == 0; rate *= 2 {
		try(rate)
	}
	for rate := o.start / 2; best == 0 && rate >= 1; rate /= 2 {
		try(rate) // the first rate failed: halve it until a step passes
	}
	if best == 0 {
		fmt.Println("result: no rate down to 1 req/s passed")
		return nil
	}
	for fail > best && fail-best > max(best/10, 1) {
		try((best + fail) / 2)
	}
	s := try(best) // confirm the result once more
	if !s.pass(o.p99) {
		fmt.Printf("result: %d req/s passed once and failed on the check; the highest steady rate is below it\n", best)
		return nil
	}
	fmt.Printf("result: %d req/s with 0 errors and p99 %.2f ms (CPU per ask %.2f ms)\n", best, ms(s.p99), ms(s.cpuPerReq))
	return nil
}

func closedLoop(o options) error {
	client := &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{
		MaxIdleConns: o.clients, MaxIdleConnsPerHost: o.clients, MaxConnsPerHost: o.clients}}
	var (
		next                   atomic.Int64
		mu                     sync.Mutex
		accepted               []time.Duration
		refused, failed, other int
		refusedMax             time.Duration
		firstFailure           string
	)
	cpu0 := cpuTime(o.pid)
	start := time.Now()
	var wg sync.WaitGroup
	for range o.clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := next.Add(1) - 1
				if i >= int64(o.n) {
					return
				}
				t := time.Now()
				code, retryAfter, err := ask(client, o.url, o.bodies[i%int64(len(o.bodies))])
				d := time.Since(t)
				mu.Lock()
				switch {
				case err != nil:
					failed++
					if firstFailure == "" {
						firstFailure = err.Error()
					}
				case code == http.StatusOK:
					accepted = append(accepted, d)
				case code == http.StatusServiceUnavailable && retryAfter > 0:
					refused++
					refusedMax = max(refusedMax, d)
				default:
					other++
					if firstFailure == "" {
						firstFailure = "status " + strconv.Itoa(code)
					}
				}
				mu.Unlock()
				if code == http.StatusServiceUnavailable && !o.retryAtOnce {
					time.Sleep(retryAfter)
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	slices.Sort(accepted)
	q := func(p float64) time.Duration {
		if len(accepted) == 0 {
			return 0
		}
		return accepted[min(len(accepted)-1, int(p*float64(len(accepted))))]
	}
	fmt.Printf("closed loop, %d clients, %d asks, %s: %d accepted (%.0f/s), %d refused with 503 (slowest %.1f ms), %d other statuses, %d failed\n",
		o.clients, o.n, map[bool]string{true: "cached", false: "uncached"}[o.cached], len(accepted),
		float64(len(accepted))/elapsed.Seconds(), refused, ms(refusedMax), other, failed)
	fmt.Printf("accepted latency: p50 %.1f ms, p99 %.1f ms, max %.1f ms\n", ms(q(0.5)), ms(q(0.99)), ms(q(1)))
	if cpu1 := cpuTime(o.pid); cpu1 > 0 {
		fmt.Printf("server: CPU per ask %.2f ms, peak resident memory %d MB\n",
			ms((cpu1-cpu0)/time.Duration(o.n)), peakRSS(o.pid)>>20)
	}
	if firstFailure != "" {
		fmt.Println("first failure:", firstFailure)
	}
	return nil
}

// ask posts one question; retryAfter is the wait a 503 asked for (0 when
// none).
func ask(client *http.Client, url string, body []byte) (code int, retryAfter time.Duration, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url+"/v1/ask", bytes.NewReader(body))
	if err != nil {
		return 0, 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return 0, 0, err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	if secs, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && secs > 0 {
		retryAfter = time.Duration(secs) * time.Second
	}
	return resp.StatusCode, retryAfter, nil
}

// cpuTime is the process's user + system CPU time, or 0 when pid is 0 or
// unreadable.
func cpuTime(pid int) time.Duration {
	if pid == 0 {
		return 0
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// the command name may hold spaces: fields count from the last ')'
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if errors.Join(err1, err2) != nil {
		return 0
	}
	const ticks = 100 // USER_HZ on Linux
	return time.Duration(utime+stime) * time.Second / ticks
}

// peakRSS is the process's peak resident memory in bytes (VmHWM).
func peakRSS(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}
