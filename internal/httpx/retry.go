// Package httpx holds the pieces of retrying an HTTP call that the
// project's clients (the SPARQL client, the embedding and rerank callers)
// share: reading Retry-After, a jittered exponential backoff, and a wait
// that ends with its context.
package httpx

import (
	"context"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// RetryAfter reads a Retry-After header value, a delay in seconds or an
// HTTP date, relative to now. ok is false when the value is absent or
// unreadable; a date in the past is a delay of 0.
func RetryAfter(v string, now time.Time) (d time.Duration, ok bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		if n < 0 {
			return 0, false
		}
		return time.Duration(min(n, 1<<31)) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

// Backoff is the wait before retry n (0-based): a random duration in
// [d/2, d] with d = min(limit, first·2ⁿ).
func Backoff(first, limit time.Duration, n int) time.Duration {
	d := first
	for i := 0; i < n && d < limit; i++ {
		d *= 2
	}
	d = min(d, limit)
	if d <= 0 {
		return 0
	}
	return d/2 + rand.N(d/2+1)
}

// Sleep waits d, or until ctx ends (then it returns ctx's error).
func Sleep(ctx context.Context, d time.Duration) error {
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
