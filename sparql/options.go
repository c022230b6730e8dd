package sparql

import (
	"fmt"
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"time"
)

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
	// one probe request may try again: an endpoint that comes back is used
	// again within it, and one that stays down costs one request a leg
	// deadline that often.
	DefaultBreakerCooldown = 2 * time.Second
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
