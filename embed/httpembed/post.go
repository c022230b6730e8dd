package httpembed

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/hybridrag/hybridrag/internal/httpx"
)

// Retry is the retry policy for one JSON call: a response of 429 or 5xx,
// a transport error or a per-request timeout is retried up to MaxRetries
// times. The wait before retry n (0-based) is a random duration in
// [d/2, d] with d = min(MaxBackoff, MinBackoff·2ⁿ), or the server's
// Retry-After (seconds or an HTTP date) when it sends one, capped at
// MaxRetryAfter. Zero values take the defaults.
type Retry struct {
	MaxRetries    int           // default 3; negative: no retries
	MinBackoff    time.Duration // default 200 ms
	MaxBackoff    time.Duration // default 5 s
	MaxRetryAfter time.Duration // default 30 s
}

func (r Retry) withDefaults() Retry {
	if r.MaxRetries == 0 {
		r.MaxRetries = 3
	}
	if r.MaxRetries < 0 {
		r.MaxRetries = 0
	}
	if r.MinBackoff <= 0 {
		r.MinBackoff = 200 * time.Millisecond
	}
	if r.MaxBackoff <= 0 {
		r.MaxBackoff = 5 * time.Second
	}
	r.MaxBackoff = max(r.MaxBackoff, r.MinBackoff)
	if r.MaxRetryAfter <= 0 {
		r.MaxRetryAfter = 30 * time.Second
	}
	return r
}

// StatusError is a response with a status other than 200.
type StatusError struct {
	URL        string
	StatusCode int
	// Body is the start of the response body (at most 512 bytes).
	Body string
}

func (e *StatusError) Error() string {
	msg := fmt.Sprintf("POST %s: %d %s", e.URL, e.StatusCode, http.StatusText(e.StatusCode))
	if e.Body != "" {
		msg += ": " + e.Body
	}
	return msg
}

// Temporary reports whether the status is worth retrying (429 or 5xx).
func (e *StatusError) Temporary() bool {
	return e.StatusCode == http.StatusTooManyRequests || e.StatusCode >= 500
}

// DefaultMaxAnswerBytes bounds an answer body unless Caller.MaxAnswer says
// otherwise.
const DefaultMaxAnswerBytes = 32 << 20

// ErrAnswerTooLarge is an answer body over Caller.MaxAnswer.
var ErrAnswerTooLarge = errors.New("answer too large")

// Caller posts JSON and decodes JSON answers, with a timeout per request
// and retries. The reranker package uses it too. The zero value uses
// http.DefaultClient, a 30 s timeout, the default Retry and answers of at
// most DefaultMaxAnswerBytes.
type Caller struct {
	Client  *http.Client
	Timeout time.Duration
	Retry   Retry
	// MaxAnswer is the largest answer body read, in bytes; a larger answer
	// fails without being read further and is not retried.
	MaxAnswer int64
	// Header is added to every request (for example Authorization).
	Header http.Header
	// sleep waits d or until ctx is done; tests replace it.
	sleep func(ctx context.Context, d time.Duration) error
}

// PostJSON posts in as JSON to url and decodes a 200 answer into out.
// Errors name the URL; a final non-200 answer is a *StatusError. A
// cancelled ctx stops at once with ctx's error.
func (c *Caller) PostJSON(ctx context.Context, url string, in, out any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return fmt.Errorf("encode request: %w", err)
	}
	client := c.Client
	if client == nil {
		client = http.DefaultClient
	}
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	sleep := c.sleep
	if sleep == nil {
		sleep = httpx.Sleep
	}
	retry := c.Retry.withDefaults()
	for attempt := 0; ; attempt++ {
		wait, err := c.once(ctx, client, timeout, url, body, out, retry)
		if err == nil {
			return nil
		}
		if ctxErr := ctx.Err(); ctxErr != nil {
			return ctxErr
		}
		if wait < 0 || attempt >= retry.MaxRetries {
			if attempt > 0 {
				return fmt.Errorf("%w (after %d attempts)", err, attempt+1)
			}
			return err
		}
		if wait == 0 {
			wait = httpx.Backoff(retry.MinBackoff, retry.MaxBackoff, attempt)
		}
		if err := sleep(ctx, wait); err != nil {
			return err
		}
	}
}

// once makes one request. wait < 0 means the error is final; wait == 0
// means retry after a backoff; wait > 0 is the server's Retry-After.
func (c *Caller) once(ctx context.Context, client *http.Client, timeout time.Duration, url string, body []byte, out any, retry Retry) (time.Duration, error) {
	rctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(rctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return -1, err
	}
	for k, vs := range c.Header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		if ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
			return 0, fmt.Errorf("POST %s: no answer within %v", url, timeout)
		}
		return 0, fmt.Errorf("POST %s: %w", url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		se := &StatusError{URL: url, StatusCode: resp.StatusCode, Body: strings.TrimSpace(string(b))}
		if !se.Temporary() {
			return -1, se
		}
		if d, ok := httpx.RetryAfter(resp.Header.Get("Retry-After"), time.Now()); ok {
			// "now" retries at once, not after a backoff
			return max(min(d, retry.MaxRetryAfter), time.Millisecond), se
		}
		return 0, se
	}
	limit := c.MaxAnswer
	if limit <= 0 {
		limit = DefaultMaxAnswerBytes
	}
	tooLarge := fmt.Errorf("POST %s: %w: the answer is larger than %d bytes", url, ErrAnswerTooLarge, limit)
	if resp.ContentLength > limit {
		return -1, tooLarge
	}
	lr := &io.LimitedReader{R: resp.Body, N: limit + 1}
	if err := json.NewDecoder(lr).Decode(out); err != nil {
		if lr.N <= 0 {
			return -1, tooLarge
		}
		if ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
			return 0, fmt.Errorf("POST %s: no answer within %v", url, timeout)
		}
		return -1, fmt.Errorf("POST %s: decode answer: %w", url, err)
	}
	return 0, nil
}
