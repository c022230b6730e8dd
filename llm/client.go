// Package llm asks an OpenAI-compatible chat-completions server (Ollama,
// vLLM, llama.cpp server, …) to write a short answer from a built context,
// and checks that the answer is grounded in the records it cites.
//
// The service never depends on a model: a caller that has no model, or
// whose model fails, slows or writes something the records do not say,
// keeps its extractive answer.
package llm

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/hybridrag/hybridrag/embed/httpembed"
)

// Defaults.
const (
	// DefaultTimeout bounds one whole answer, streamed or not.
	DefaultTimeout = 20 * time.Second
	// DefaultMaxAnswerBytes bounds a response body, and the streamed text.
	DefaultMaxAnswerBytes = 1 << 20
	// DefaultMaxTokens is the answer length asked of the model.
	DefaultMaxTokens = 400
)

// Message is one chat message.
type Message struct {
	Role    string `json:"role"` // system, user or assistant
	Content string `json:"content"`
}

// Options configure a Client. BaseURL and Model are required.
type Options struct {
	// BaseURL is the API root that /chat/completions is under, for
	// example http://127.0.0.1:11434/v1 (Ollama).
	BaseURL string
	Model   string
	// APIKey, when set, is sent as "Authorization: Bearer <key>".
	APIKey string
	// Timeout bounds one request, streamed text included (default 20 s).
	Timeout time.Duration
	// MaxAnswerBytes bounds a response body and the streamed text
	// (default 1 MiB).
	MaxAnswerBytes int64
	// MaxTokens is the answer length asked of the model (default 400).
	MaxTokens int
	// HTTPClient is the client used (default http.DefaultClient).
	HTTPClient *http.Client
	// Retry is the policy for failures before the answer starts: 429, 5xx
	// and transport errors are retried; a stream that broke off is not.
	Retry httpembed.Retry
}

// Client writes answers with one model. It is safe for concurrent use.
type Client struct {
	url    string
	opts   Options
	caller *httpembed.Caller
}

// ErrBadAnswer is wrapped when the server's answer cannot be read: no
// choice, a malformed stream, or one that ended before it was done.
var ErrBadAnswer = errors.New("unreadable answer")

// New returns a client for opts.
func New(opts Options) (*Client, error) {
	u, err := url.Parse(opts.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("llm: base url %q: want an http(s) URL such as http://127.0.0.1:11434/v1", opts.BaseURL)
	}
	if strings.TrimSpace(opts.Model) == "" {
		return nil, errors.New("llm: a model name is required")
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.MaxAnswerBytes <= 0 {
		opts.MaxAnswerBytes = DefaultMaxAnswerBytes
	}
	if opts.MaxTokens <= 0 {
		opts.MaxTokens = DefaultMaxTokens
	}
	if opts.HTTPClient == nil {
		opts.HTTPClient = http.DefaultClient
	}
	c := &Client{url: strings.TrimRight(opts.BaseURL, "/") + "/chat/completions", opts: opts}
	c.caller = &httpembed.Caller{Client: opts.HTTPClient, Timeout: opts.Timeout, Retry: opts.Retry,
		MaxAnswer: opts.MaxAnswerBytes, Header: c.header()}
	return c, nil
}

// Model is the model's name as configured.
func (c *Client) Model() string { return c.opts.Model }

// Timeout is the configured deadline of one answer.
func (c *Client) Timeout() time.Duration { return c.opts.Timeout }

func (c *Client) header() http.Header {
	h := http.Header{}
	if c.opts.APIKey != "" {
		h.Set("Authorization", "Bearer "+c.opts.APIKey)
	}
	return h
}

// chatRequest is the body of POST /chat/completions.
type chatRequest struct {
	Model       string    `json:"model"`
	Messages    []Message `json:"messages"`
	Stream      bool      `json:"stream"`
	Temperature float64   `json:"temperature"`
	MaxTokens   int       `json:"max_tokens,omitempty"`
}

// chatResponse is a whole answer, or one chunk of a streamed one (whose
// choices carry a delta instead of a message).
type chatResponse struct {
	Model   string `json:"model"`
	Choices []struct {
		Message      Message `json:"message"`
		Delta        Message `json:"delta"`
		FinishReason *string `json:"finish_reason"`
	} `json:"choices"`
	Error *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// Chat sends messages and returns the model's reply. With onToken set the
// reply is streamed (Server-Sent Events) and onToken receives each piece
// as it arrives, on the calling goroutine; without, one JSON answer is
// read. Errors name the URL; a cancelled ctx stops at once.
func (c *Client) Chat(ctx context.Context, msgs []Message, onToken func(string)) (string, error) {
	req := chatRequest{Model: c.opts.Model, Messages: msgs, Stream: onToken != nil, MaxTokens: c.opts.MaxTokens}
	if onToken != nil {
		return c.stream(ctx, req, onToken)
	}
	var resp chatResponse
	if err := c.caller.PostJSON(ctx, c.url, req, &resp); err != nil {
		return "", fmt.Errorf("llm: %w", err)
	}
	if resp.Error != nil {
		return "", fmt.Errorf("llm: POST %s: %w: %s", c.url, ErrBadAnswer, resp.Error.Message)
	}
	if len(resp.Choices) == 0 {
		return "", fmt.Errorf("llm: POST %s: %w: no choices", c.url, ErrBadAnswer)
	}
	return resp.Choices[0].Message.Content, nil
}
