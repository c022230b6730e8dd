package sparql

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"runtime/debug"
	"sync/atomic"
	"time"

	ksparql "github.com/knakk/sparql"

	"github.com/hybridrag/hybridrag/cache"
	"github.com/hybridrag/hybridrag/internal/httpx"
)

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
		sleep:    httpx.Sleep,
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
