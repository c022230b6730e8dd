package sparql

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	ksparql "github.com/knakk/sparql"

	"github.com/hybridrag/hybridrag/internal/httpx"
)

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
			wait = httpx.Backoff(c.backoff, c.maxWait, attempt)
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
		if d, ok := httpx.RetryAfter(resp.Header.Get("Retry-After"), c.now()); ok {
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
