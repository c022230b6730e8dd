package llm

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/hybridrag/hybridrag/embed/httpembed"
	"github.com/hybridrag/hybridrag/internal/httpx"
)

// maxEventBytes bounds one Server-Sent Events line.
const maxEventBytes = 256 << 10

// stream posts req with "stream": true and reads the Server-Sent Events
// answer. A failure before the first token is retried like a JSON call; a
// stream that breaks off later is not, since its tokens were handed out.
func (c *Client) stream(ctx context.Context, req chatRequest, onToken func(string)) (string, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return "", fmt.Errorf("llm: encode request: %w", err)
	}
	retry := retryPolicy(c.opts.Retry)
	for attempt := 0; ; attempt++ {
		text, wait, err := c.streamOnce(ctx, body, onToken)
		if err == nil {
			return text, nil
		}
		if ctxErr := ctx.Err(); ctxErr != nil {
			return "", fmt.Errorf("llm: POST %s: %w", c.url, ctxErr)
		}
		if wait < 0 || attempt >= retry.MaxRetries {
			return "", fmt.Errorf("llm: %w", err)
		}
		if wait == 0 {
			wait = httpx.Backoff(retry.MinBackoff, retry.MaxBackoff, attempt)
		}
		if err := httpx.Sleep(ctx, wait); err != nil {
			return "", fmt.Errorf("llm: POST %s: %w", c.url, err)
		}
	}
}

// retryPolicy fills in httpembed.Retry's defaults for the streamed call.
func retryPolicy(r httpembed.Retry) httpembed.Retry {
	if r.MaxRetries == 0 {
		r.MaxRetries = 2
	}
	r.MaxRetries = max(r.MaxRetries, 0)
	if r.MinBackoff <= 0 {
		r.MinBackoff = 200 * time.Millisecond
	}
	r.MaxBackoff = max(r.MaxBackoff, r.MinBackoff, 2*time.Second)
	if r.MaxRetryAfter <= 0 {
		r.MaxRetryAfter = 5 * time.Second
	}
	return r
}

// streamOnce makes one streamed request. wait < 0 means the error is
// final; wait == 0 means retry after a backoff; wait > 0 is the server's
// Retry-After.
func (c *Client) streamOnce(ctx context.Context, body []byte, onToken func(string)) (string, time.Duration, error) {
	rctx, cancel := context.WithTimeout(ctx, c.opts.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(rctx, http.MethodPost, c.url, bytes.NewReader(body))
	if err != nil {
		return "", -1, err
	}
	for k, vs := range c.header() {
		req.Header[k] = vs
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "text/event-stream")
	resp, err := c.opts.HTTPClient.Do(req)
	if err != nil {
		return "", 0, c.late(ctx, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		se := &httpembed.StatusError{URL: c.url, StatusCode: resp.StatusCode, Body: strings.TrimSpace(string(b))}
		if !se.Temporary() {
			return "", -1, se
		}
		if d, ok := httpx.RetryAfter(resp.Header.Get("Retry-After"), time.Now()); ok {
			return "", max(min(d, retryPolicy(c.opts.Retry).MaxRetryAfter), time.Millisecond), se
		}
		return "", 0, se
	}
	text, started, err := readEvents(resp.Body, c.opts.MaxAnswerBytes, onToken)
	if err != nil {
		err = c.late(ctx, err)
		if started || errors.Is(err, ErrBadAnswer) {
			return "", -1, err
		}
		return "", 0, err
	}
	return text, 0, nil
}

// late names a request that ran out of its own timeout (not ctx's).
func (c *Client) late(ctx context.Context, err error) error {
	if ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("POST %s: no answer within %v", c.url, c.opts.Timeout)
	}
	return fmt.Errorf("POST %s: %w", c.url, err)
}

// readEvents reads a chat-completions event stream ("data: {chunk}" lines
// ending with "data: [DONE]") and returns the text. started reports
// whether a token was handed to onToken. The stream must end with [DONE]
// or a finish reason; the whole stream is bounded by limit bytes.
func readEvents(r io.Reader, limit int64, onToken func(string)) (text string, started bool, err error) {
	lr := &io.LimitedReader{R: r, N: limit + 1}
	sc := bufio.NewScanner(lr)
	sc.Buffer(make([]byte, 0, 4096), maxEventBytes)
	var b strings.Builder
	finished := false
	tooLarge := fmt.Errorf("%w: the stream is larger than %d bytes", ErrBadAnswer, limit)
	for sc.Scan() {
		line := sc.Text()
		data, ok := strings.CutPrefix(line, "data:")
		if !ok {
			continue // blank separators, comments, event: and id: fields
		}
		data = strings.TrimSpace(data)
		if data == "[DONE]" {
			return b.String(), started, nil
		}
		var chunk chatResponse
		if err := json.Unmarshal([]byte(data), &chunk); err != nil {
			if lr.N <= 0 {
				return "", started, tooLarge
			}
			return "", started, fmt.Errorf("%w: event %q is not a JSON chunk: %v", ErrBadAnswer, clip(data, 80), err)
		}
		if chunk.Error != nil {
			return "", started, fmt.Errorf("%w: the server reported %q", ErrBadAnswer, chunk.Error.Message)
		}
		for _, ch := range chunk.Choices {
			if t := ch.Delta.Content; t != "" {
				b.WriteString(t)
				started = true
				onToken(t)
			}
			if ch.FinishReason != nil && *ch.FinishReason != "" {
				finished = true
			}
		}
	}
	if lr.N <= 0 {
		return "", started, tooLarge
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return "", started, fmt.Errorf("%w: an event is longer than %d bytes", ErrBadAnswer, maxEventBytes)
		}
		return "", started, err
	}
	if !finished {
		return "", started, fmt.Errorf("%w: the stream ended before [DONE]", ErrBadAnswer)
	}
	return b.String(), started, nil
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
