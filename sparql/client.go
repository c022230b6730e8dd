package sparql

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	ksparql "github.com/knakk/sparql"

	"github.com/hybridrag/hybridrag/cache"
)

// Errors. Transport errors wrap the cause (context.DeadlineExceeded for
// timeouts); an answer with an unexpected status is a *StatusError.
var (
	// ErrInvalid is wrapped by every input that is rejected before a query
	// is built (malformed identifiers, empty or too long search text, bad
	// limits, bad options).
	ErrInvalid = errors.New("invalid input")
	// ErrCircuitOpen is returned without contacting the endpoint while the
	// circuit breaker is open.
	ErrCircuitOpen = errors.New("sparql endpoint circuit open")
	// ErrAnswerTooLarge is an answer over the WithMaxAnswerBytes limit.
	ErrAnswerTooLarge = errors.New("answer too large")
)

// StatusError is an answer from the endpoint with a status other than 200.
type StatusError struct {
	Endpoint string
	Code     int
	Body     string // the start of the answer body
}

func (e *StatusError) Error() string {
	msg := fmt.Sprintf("sparql: %s answered %d %s", e.Endpoint, e.Code, http.StatusText(e.Code))
	if e.Body != "" {
		msg += ": " + e.Body
	}
	return msg
}

// Limits and defaults.
const (
	// MaxConcurrent is the most requests a Client has in flight at once.
	MaxConcurrent = 5
	// DefaultBatchSize is the number of items per enrichment query.
	DefaultBatchSize = 200
	// MaxBatchSize bounds WithBatchSize.
	MaxBatchSize = 1000
	// DefaultTimeout bounds one HTTP request.
	DefaultTimeout = 15 * time.Second
	// DefaultRetries is the number of retries after a 429, 5xx or
	// connection failure.
	DefaultRetries = 3
	// DefaultBreakerThreshold is the number of consecutive failures that
	// opens the circuit.
	DefaultBreakerThreshold = 3
	// DefaultBreakerCooldown is how long an open circuit stays open before
	// one probe request may try again.
	DefaultBreakerCooldown = 30 * time.Second
	// DefaultCacheTTL is how long answers are cached.
	DefaultCacheTTL = time.Hour
	// DefaultCacheSize is the number of answers the memory cache holds.
	DefaultCacheSize = 1024
	// defaultScanRows is how many matching labels a label search ranks
	// itself before it lets the server rank.
	defaultScanRows = 2000
	// DefaultMaxAnswerBytes bounds an answer body; a larger answer is an
	// error, read no further.
	DefaultMaxAnswerBytes = 8 << 20
	// projectURL is named in the User-Agent.
	projectURL = "https://github.com/hybridrag/hybridrag"
)

// DefaultLanguages is the label language preference: English, German,
// Dutch, then any language.
var DefaultLanguages = []string{"en", "de", "nl"}

// Client queries one SPARQL endpoint. Build it with New; it is safe for
// concurrent use. Close it to release the disk cache.
type Client struct {
	endpoint string
	hc       *http.Client
	ua       string
	sem      chan struct{}
	timeout  time.Duration
	retries  int
	backoff  time.Duration // first backoff; doubles per retry
	maxWait  time.Duration // cap on one backoff or Retry-After wait
	br       *breaker
	mem      *cache.TTL[*ksparql.Results]
	disk     *diskCache
	maxBody  int64
	ttl      time.Duration
	batch    int
	langs    []string
	log      *slog.Logger
	scanRows int // label search: most matching labels ranked client-side

	// Hooks for tests: the clock and the wait between retries.
	now   func() time.Time
	sleep func(ctx context.Context, d time.Duration) error

	requests atomic.Int64
	retried  atomic.Int64
}

// Stats counts a client's work so far.
type Stats struct {
	Requests  int64       // HTTP requests sent
	Retries   int64       // of which retries
	CacheHits cache.Stats // memory cache hits and misses
	Breaker   string      // closed, open or half-open
}

type config struct {
	hc        *http.Client
	version   string
	ua        string
	conc      int
	timeout   time.Duration
	retries   int
	backoff   time.Duration
	maxWait   time.Duration
	threshold int
	cooldown  time.Duration
	ttl       time.Duration
	size      int
	diskPath  string
	maxBody   int64
	batch     int
	langs     []string
	log       *slog.Logger
}

// Option configures a Client.
type Option func(*config) error

// WithHTTPClient sets the HTTP client (its Timeout should be zero: the
// per-request timeout is WithTimeout).
func WithHTTPClient(hc *http.Client) Option {
	return func(c *config) error {
		if hc == nil {
			return fmt.Errorf("%w: nil HTTP client", ErrInvalid)
		}
		c.hc = hc
		return nil
	}
}

// WithVersion sets the version named in the User-Agent
// ("hybridrag/<version> (+https://github.com/hybridrag/hybridrag)").
func WithVersion(v string) Option {
	return func(c *config) error {
		if strings.TrimSpace(v) == "" || strings.ContainsAny(v, " \r\n\t") {
			return fmt.Errorf("%w: version %q", ErrInvalid, v)
		}
		c.version = v
		return nil
	}
}

// WithUserAgent replaces the whole User-Agent header. Wikidata asks for
// one that names the tool and a contact.
func WithUserAgent(ua string) Option {
	return func(c *config) error {
		if strings.TrimSpace(ua) == "" || strings.ContainsAny(ua, "\r\n") {
			return fmt.Errorf("%w: user agent %q", ErrInvalid, ua)
		}
		c.ua = ua
		return nil
	}
}

// WithMaxConcurrent sets how many requests may be in flight at once, from
// 1 to MaxConcurrent (the default).
func WithMaxConcurrent(n int) Option {
	return func(c *config) error {
		if n < 1 || n > MaxConcurrent {
			return fmt.Errorf("%w: concurrency must be between 1 and %d, got %d", ErrInvalid, MaxConcurrent, n)
		}
		c.conc = n
		return nil
	}
}

// WithTimeout bounds each HTTP request (default DefaultTimeout). A request
// that runs out of it is not retried and opens the circuit at once: a slow
// endpoint stays slow, and callers should not each pay the timeout.
func WithTimeout(d time.Duration) Option {
	return func(c *config) error {
		if d <= 0 {
			return fmt.Errorf("%w: timeout must be positive, got %s", ErrInvalid, d)
		}
		c.timeout = d
		return nil
	}
}

// WithRetry sets the number of retries after a 429, a 5xx or a failed
// connection, the first backoff (doubled for each further retry, with
// jitter) and the cap on any one wait, which also bounds a Retry-After
// the endpoint asks for.
func WithRetry(retries int, backoff, maxWait time.Duration) Option {
	return func(c *config) error {
		if retries < 0 || backoff < 0 || maxWait < backoff {
			return fmt.Errorf("%w: retry settings (%d, %s, %s)", ErrInvalid, retries, backoff, maxWait)
		}
		c.retries, c.backoff, c.maxWait = retries, backoff, maxWait
		return nil
	}
}

// WithBreaker sets the circuit breaker: after threshold consecutive
// failures the circuit opens for cooldown; then one probe request may
// try, and its outcome closes or reopens the circuit.
func WithBreaker(threshold int, cooldown time.Duration) Option {
	return func(c *config) error {
		if threshold < 1 || cooldown <= 0 {
			return fmt.Errorf("%w: breaker settings (%d, %s)", ErrInvalid, threshold, cooldown)
		}
		c.threshold, c.cooldown = threshold, cooldown
		return nil
	}
}

// WithCache sets the memory cache size (answers) and the time to live of
// cached answers, in memory and on disk. A ttl of 0 disables caching.
func WithCache(size int, ttl time.Duration) Option {
	return func(c *config) error {
		if size < 0 || ttl < 0 {
			return fmt.Errorf("%w: cache settings (%d, %s)", ErrInvalid, size, ttl)
		}
		c.size, c.ttl = size, ttl
		return nil
	}
}

// WithMaxAnswerBytes sets the largest answer body read (default 8 MiB);
// a larger answer fails without being read further.
func WithMaxAnswerBytes(n int64) Option {
	return func(c *config) error {
		if n <= 0 {
			return fmt.Errorf("%w: answer size limit %d", ErrInvalid, n)
		}
		c.maxBody = n
		return nil
	}
}

// WithDiskCache keeps answers in a bbolt file at path too, so they survive
// restarts. Entries carry their expiry; expired ones are ignored and
// replaced.
func WithDiskCache(path string) Option {
	return func(c *config) error {
		if strings.TrimSpace(path) == "" {
			return fmt.Errorf("%w: empty disk cache path", ErrInvalid)
		}
		c.diskPath = path
		return nil
	}
}

// WithBatchSize sets how many items one enrichment or ISIL query asks
// for (default DefaultBatchSize, at most MaxBatchSize).
func WithBatchSize(n int) Option {
	return func(c *config) error {
		if n < 1 || n > MaxBatchSize {
			return fmt.Errorf("%w: batch size must be between 1 and %d, got %d", ErrInvalid, MaxBatchSize, n)
		}
		c.batch = n
		return nil
	}
}

var langRe = regexp.MustCompile(`^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$`)

// WithLanguages sets the label language preference (BCP 47 tags, best
// first); a label in any other language is used only when none of these
// exists.
func WithLanguages(langs ...string) Option {
	return func(c *config) error {
		if len(langs) == 0 {
			return fmt.Errorf("%w: no languages", ErrInvalid)
		}
		out := make([]string, len(langs))
		for i, l := range langs {
			if !langRe.MatchString(l) {
				return fmt.Errorf("%w: language tag %q", ErrInvalid, l)
			}
			out[i] = strings.ToLower(l)
		}
		c.langs = out
		return nil
	}
}

// WithLogger sets the logger (default: discard).
func WithLogger(l *slog.Logger) Option {
	return func(c *config) error {
		if l == nil {
			return fmt.Errorf("%w: nil logger", ErrInvalid)
		}
		c.log = l
		return nil
	}
}

// New returns a client for the SPARQL endpoint URL (for Wikidata,
// https://query.wikidata.org/sparql).
func New(endpoint string, opts ...Option) (*Client, error) {
	u, err := url.Parse(endpoint)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("sparql: %w: endpoint %q is not an http(s) URL", ErrInvalid, endpoint)
	}
	cfg := config{
		version:   buildVersion(),
		conc:      MaxConcurrent,
		timeout:   DefaultTimeout,
		retries:   DefaultRetries,
		backoff:   250 * time.Millisecond,
		maxWait:   10 * time.Second,
		threshold: DefaultBreakerThreshold,
		cooldown:  DefaultBreakerCooldown,
		ttl:       DefaultCacheTTL,
		size:      DefaultCacheSize,
		maxBody:   DefaultMaxAnswerBytes,
		batch:     DefaultBatchSize,
		langs:     DefaultLanguages,
		log:       slog.New(slog.DiscardHandler),
	}
	for _, o := range opts {
		if err := o(&cfg); err != nil {
			return nil, fmt.Errorf("sparql: %w", err)
		}
	}
	if cfg.hc == nil {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.MaxIdleConnsPerHost = cfg.conc
		tr.MaxConnsPerHost = cfg.conc
		cfg.hc = &http.Client{Transport: tr}
	}
	if cfg.ua == "" {
		cfg.ua = "hybridrag/" + cfg.version + " (+" + projectURL + ")"
	}
	c := &Client{
		endpoint: endpoint,
		hc:       cfg.hc,
		ua:       cfg.ua,
		sem:      make(chan struct{}, cfg.conc),
		timeout:  cfg.timeout,
		retries:  cfg.retries,
		backoff:  cfg.backoff,
		maxWait:  cfg.maxWait,
		br:       &breaker{threshold: cfg.threshold, cooldown: cfg.cooldown},
		ttl:      cfg.ttl,
		maxBody:  cfg.maxBody,
		batch:    cfg.batch,
		langs:    cfg.langs,
		log:      cfg.log,
		now:      time.Now,
		sleep:    sleepCtx,
		scanRows: defaultScanRows,
	}
	if cfg.ttl > 0 && cfg.size > 0 {
		c.mem = cache.NewTTL[*ksparql.Results](cfg.size, cfg.ttl)
	}
	if cfg.ttl > 0 && cfg.diskPath != "" {
		d, err := openDiskCache(cfg.diskPath)
		if err != nil {
			return nil, fmt.Errorf("sparql: %w", err)
		}
		c.disk = d
	}
	return c, nil
}

// buildVersion is the module version the binary was built from, or "dev".
func buildVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		if v := bi.Main.Version; v != "" && v != "(devel)" {
			return v
		}
	}
	return "dev"
}

// Close releases the disk cache and idle connections. The client must not
// be used afterwards.
func (c *Client) Close() error {
	c.hc.CloseIdleConnections()
	if c.disk != nil {
		return c.disk.close()
	}
	return nil
}

// Endpoint is the endpoint URL.
func (c *Client) Endpoint() string { return c.endpoint }

// UserAgent is the User-Agent header the client sends.
func (c *Client) UserAgent() string { return c.ua }

// Stats returns the client's counters.
func (c *Client) Stats() Stats {
	s := Stats{Requests: c.requests.Load(), Retries: c.retried.Load(), Breaker: c.br.state(c.now())}
	if c.mem != nil {
		s.CacheHits = c.mem.Stats()
	}
	return s
}

// Select runs a SELECT (or ASK) query and returns the parsed results. The
// query text is sent as is: build it from validated values only. Only
// answers that parse are cached; the results are shared and must not be
// modified.
func (c *Client) Select(ctx context.Context, query string) (*ksparql.Results, error) {
	if c.mem == nil && c.disk == nil {
		_, res, err := c.fetchResults(ctx, query)
		return res, err
	}
	key := cacheKey(c.endpoint, query)
	load := func() (*ksparql.Results, error) {
		if c.disk != nil {
			if b, ok := c.disk.get(key, c.now()); ok {
				if res, err := parseResults(b); err == nil {
					return res, nil
				}
				// A stored answer that does not parse is asked again.
			}
		}
		b, res, err := c.fetchResults(ctx, query)
		if err != nil {
			return nil, err
		}
		if c.disk != nil {
			if err := c.disk.put(key, b, c.now().Add(c.ttl)); err != nil {
				c.log.Warn("sparql disk cache write failed", "err", err)
			}
		}
		return res, nil
	}
	if c.mem == nil {
		return load()
	}
	res, err := c.mem.GetOrLoad(key, load)
	if err != nil && ctx.Err() == nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
		// We joined another caller's load, and that caller gave up: try
		// on our own context.
		return load()
	}
	return res, err
}

// Ping asks the endpoint a trivial query, past every cache: nil when the
// endpoint answers with results that parse now.
func (c *Client) Ping(ctx context.Context) error {
	_, _, err := c.fetchResults(ctx, "SELECT ?s WHERE { ?s ?p ?o } LIMIT 1")
	return err
}

// fetchResults asks the endpoint and parses the answer; an answer that
// does not parse (an HTML error page, truncated JSON) is an error.
func (c *Client) fetchResults(ctx context.Context, query string) ([]byte, *ksparql.Results, error) {
	body, err := c.fetch(ctx, query)
	if err != nil {
		return nil, nil, err
	}
	res, err := parseResults(body)
	if err != nil {
		return nil, nil, fmt.Errorf("sparql: %s: reading results: %w (answer begins %q)", c.endpoint, err, bodyStart(body))
	}
	return body, res, nil
}

func parseResults(body []byte) (*ksparql.Results, error) {
	return ksparql.ParseJSON(bytes.NewReader(body))
}

// cacheKey hashes everything that changes an answer: endpoint and query.
func cacheKey(endpoint, query string) string {
	h := sha256.New()
	io.WriteString(h, endpoint)
	h.Write([]byte{0})
	io.WriteString(h, query)
	return hex.EncodeToString(h.Sum(nil))
}

// outcome classifies one HTTP attempt for retries and the breaker.
type outcome int

const (
	okAnswer  outcome = iota // 200
	alive                    // the endpoint answered, e.g. 4xx: not its failure
	throttled                // 429: retry, endpoint alive
	failed                   // 5xx or connection failure: retry, counts once
	timedOut                 // our per-request timeout: no retry, opens the circuit
	gaveUp                   // the caller's context ended
)

// fetch sends the query, retrying throttled and failed attempts.
func (c *Client) fetch(ctx context.Context, query string) ([]byte, error) {
	var last error
	for attempt := 0; ; attempt++ {
		if err := ctx.Err(); err != nil {
			return nil, c.errorf(last, err)
		}
		probe, ok := c.br.allow(c.now())
		if !ok {
			if last != nil {
				return nil, fmt.Errorf("sparql: %s: %w (last error: %v)", c.endpoint, ErrCircuitOpen, last)
			}
			return nil, fmt.Errorf("sparql: %s: %w", c.endpoint, ErrCircuitOpen)
		}
		start := time.Now()
		body, wait, oc, err := c.attempt(ctx, query)
		c.br.record(oc, probe, c.now())
		c.log.Debug("sparql request", "endpoint", c.endpoint, "attempt", attempt+1,
			"duration", time.Since(start), "query_bytes", len(query), "answer_bytes", len(body), "err", err)
		switch oc {
		case okAnswer:
			return body, nil
		case alive, timedOut, gaveUp:
			return nil, err
		}
		last = err
		if attempt >= c.retries {
			return nil, err
		}
		if wait < 0 { // no Retry-After: exponential backoff with jitter
			d := min(c.backoff<<attempt, c.maxWait)
			wait = d/2 + rand.N(d/2+1)
		}
		wait = min(wait, c.maxWait)
		if dl, ok := ctx.Deadline(); ok && c.now().Add(wait).After(dl) {
			return nil, fmt.Errorf("%w (not retried: a %s wait would pass the deadline)", err, wait)
		}
		if err := c.sleep(ctx, wait); err != nil {
			return nil, c.errorf(last, err)
		}
		c.retried.Add(1)
	}
}

func (c *Client) tooLarge() error {
	return fmt.Errorf("sparql: %s: %w: the answer is larger than %d bytes", c.endpoint, ErrAnswerTooLarge, c.maxBody)
}

func (c *Client) errorf(last, err error) error {
	if last != nil {
		return fmt.Errorf("sparql: %s: %w (last error: %v)", c.endpoint, err, last)
	}
	return fmt.Errorf("sparql: %s: %w", c.endpoint, err)
}

// attempt sends one request. wait is the Retry-After delay, or -1.
func (c *Client) attempt(ctx context.Context, query string) (body []byte, wait time.Duration, oc outcome, err error) {
	wait = -1
	select {
	case c.sem <- struct{}{}:
	case <-ctx.Done():
		return nil, wait, gaveUp, c.errorf(nil, ctx.Err())
	}
	defer func() { <-c.sem }()

	actx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	form := url.Values{"query": {query}}.Encode()
	req, err := http.NewRequestWithContext(actx, http.MethodPost, c.endpoint, strings.NewReader(form))
	if err != nil {
		return nil, wait, alive, fmt.Errorf("sparql: %w", err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/sparql-results+json")
	req.Header.Set("User-Agent", c.ua)
	c.requests.Add(1)

	resp, err := c.hc.Do(req)
	if err == nil {
		defer resp.Body.Close()
		if resp.ContentLength > c.maxBody {
			return nil, wait, alive, c.tooLarge()
		}
		body, err = io.ReadAll(io.LimitReader(resp.Body, c.maxBody+1))
	}
	if err != nil {
		return nil, wait, c.classify(ctx, actx, err), c.transportError(ctx, actx, err)
	}
	if int64(len(body)) > c.maxBody {
		return nil, wait, alive, c.tooLarge()
	}
	switch code := resp.StatusCode; {
	case code == http.StatusOK:
		return body, wait, okAnswer, nil
	case code == http.StatusTooManyRequests || code >= 500:
		if d, ok := retryAfter(resp.Header.Get("Retry-After"), c.now()); ok {
			wait = d
		}
		oc = failed
		if code == http.StatusTooManyRequests {
			oc = throttled
		}
		return nil, wait, oc, &StatusError{Endpoint: c.endpoint, Code: code, Body: bodyStart(body)}
	default:
		return nil, wait, alive, &StatusError{Endpoint: c.endpoint, Code: code, Body: bodyStart(body)}
	}
}

func (c *Client) classify(ctx, actx context.Context, err error) outcome {
	switch {
	case errors.Is(ctx.Err(), context.Canceled):
		return gaveUp
	case ctx.Err() != nil:
		// The caller's deadline passed while the endpoint had not
		// answered: weaker evidence than our own timeout, counts once.
		return failed
	case actx.Err() != nil:
		return timedOut
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return timedOut
	}
	return failed
}

func (c *Client) transportError(ctx, actx context.Context, err error) error {
	if ctx.Err() == nil && actx.Err() != nil {
		return fmt.Errorf("sparql: %s: no answer within %s: %w", c.endpoint, c.timeout, context.DeadlineExceeded)
	}
	if ctx.Err() != nil {
		return fmt.Errorf("sparql: %s: %w", c.endpoint, ctx.Err())
	}
	return fmt.Errorf("sparql: %s: %w", c.endpoint, err)
}

// bodyStart is the first line-ish of an error body, for messages.
func bodyStart(b []byte) string {
	s := strings.TrimSpace(string(b))
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return strings.ToValidUTF8(s, "?")
}

// retryAfter reads a Retry-After header: delay-seconds or an HTTP date.
func retryAfter(h string, now time.Time) (time.Duration, bool) {
	h = strings.TrimSpace(h)
	if h == "" {
		return 0, false
	}
	if n, err := strconv.ParseInt(h, 10, 64); err == nil {
		if n < 0 {
			return 0, false
		}
		if n > 1<<31 {
			n = 1 << 31
		}
		return time.Duration(n) * time.Second, true
	}
	if t, err := http.ParseTime(h); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
