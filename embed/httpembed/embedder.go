// Package httpembed embeds texts with an embedding server over HTTP. It
// speaks three request shapes:
//
//   - OpenAI-compatible: POST {base}/v1/embeddings {"model","input":[…]}
//     → {"data":[{"embedding":[…],"index":i}]}, with an Authorization
//     bearer token when an API key is set (OpenAI, vLLM, LocalAI, …);
//   - Ollama: POST {base}/api/embed {"model","input":[…]}
//     → {"embeddings":[[…]]};
//   - Hugging Face text-embeddings-inference (TEI): POST {base}/embed
//     {"inputs":[…],"normalize":true} → [[…]].
//
// Texts go in batches; each request has its own timeout and is retried on
// 429 and 5xx with exponential backoff and jitter, honouring Retry-After.
// Vectors are L2-normalised whatever the server does, and the dimension is
// configured or learnt from the first answer.
//
// None of these servers can run on the machines this project is built
// and tested on (no model weights can be fetched there), so the tests are
// contract tests against httptest servers that implement each documented
// request and answer shape.
package httpembed

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"github.com/hybridrag/hybridrag/embed"
)

var _ embed.Embedder = (*Embedder)(nil)

// Protocol is a server's request shape.
type Protocol string

// The supported protocols.
const (
	OpenAI Protocol = "openai"
	Ollama Protocol = "ollama"
	TEI    Protocol = "tei"
)

// Options configure New.
type Options struct {
	Protocol Protocol
	// BaseURL is the server's address without the endpoint path, e.g.
	// http://127.0.0.1:11434 (Ollama) or https://api.openai.com.
	BaseURL string
	// Model is sent with OpenAI and Ollama requests (required there); for
	// TEI, which serves one model, it only names the model in ID (default:
	// the server's host).
	Model string
	// APIKey is sent as "Authorization: Bearer …" (OpenAI; also sent to
	// the others when set, for servers behind an authenticating proxy).
	APIKey string
	// Dim is the vector dimension; 0 learns it from the first answer (call
	// Probe before building an index that asks Dim first).
	Dim int
	// BatchSize is the number of texts per request (default 64).
	BatchSize int
	// Timeout bounds each request (default 30 s).
	Timeout time.Duration
	// Retry is the retry policy.
	Retry Retry
	// Client is the HTTP client (default http.DefaultClient).
	Client *http.Client
}

// Embedder is a embed.Embedder backed by an embedding server. It is
// safe for concurrent use.
type Embedder struct {
	opts   Options
	url    string
	id     string
	dim    atomic.Int64
	caller *Caller
}

// New checks the options and returns the embedder; it does not contact
// the server.
func New(o Options) (*Embedder, error) {
	u, err := url.Parse(o.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("httpembed: base URL %q: want http(s)://host[:port]", o.BaseURL)
	}
	base := strings.TrimRight(o.BaseURL, "/")
	var path string
	switch o.Protocol {
	case OpenAI:
		path = "/v1/embeddings"
	case Ollama:
		path = "/api/embed"
	case TEI:
		path = "/embed"
	default:
		return nil, fmt.Errorf("httpembed: protocol %q: want openai, ollama or tei", o.Protocol)
	}
	name := o.Model
	if name == "" {
		if o.Protocol != TEI {
			return nil, fmt.Errorf("httpembed: %s needs a model name", o.Protocol)
		}
		name = u.Host
	}
	if o.Dim < 0 {
		return nil, fmt.Errorf("httpembed: dimension %d", o.Dim)
	}
	if o.BatchSize <= 0 {
		o.BatchSize = 64
	}
	h := http.Header{}
	if o.APIKey != "" {
		h.Set("Authorization", "Bearer "+o.APIKey)
	}
	e := &Embedder{
		opts:   o,
		url:    base + path,
		id:     fmt.Sprintf("http-%s:%s:l2", o.Protocol, name),
		caller: &Caller{Client: o.Client, Timeout: o.Timeout, Retry: o.Retry, Header: h},
	}
	e.dim.Store(int64(o.Dim))
	return e, nil
}

// ID names the protocol and the model: "http-ollama:nomic-embed-text:l2".
// Two servers of one protocol serving the same model share an ID, and so
// the vectors cached for it.
func (e *Embedder) ID() string { return e.id }

// Dim is the configured dimension, or the one learnt from the first
// answer; 0 before that.
func (e *Embedder) Dim() int { return int(e.dim.Load()) }

// Probe embeds one short text to learn the dimension and check that the
// server answers; it returns the dimension.
func (e *Embedder) Probe(ctx context.Context) (int, error) {
	if _, err := e.Embed(ctx, []string{"dimension probe"}); err != nil {
		return 0, err
	}
	return e.Dim(), nil
}

// Embed returns one L2-normalised vector per text, in order, in requests
// of at most BatchSize texts. A zero vector stays zero.
func (e *Embedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := make([][]float32, 0, len(texts))
	for lo := 0; lo < len(texts); lo += e.opts.BatchSize {
		batch := texts[lo:min(lo+e.opts.BatchSize, len(texts))]
		vecs, err := e.embedBatch(ctx, batch)
		if err != nil {
			if ctx.Err() != nil {
				return nil, err
			}
			return nil, fmt.Errorf("httpembed %s: %w", e.id, err)
		}
		out = append(out, vecs...)
	}
	return out, nil
}

func (e *Embedder) embedBatch(ctx context.Context, texts []string) ([][]float32, error) {
	var vecs [][]float32
	switch e.opts.Protocol {
	case OpenAI:
		var resp struct {
			Data []struct {
				Embedding []float32 `json:"embedding"`
				Index     int       `json:"index"`
			} `json:"data"`
		}
		if err := e.caller.PostJSON(ctx, e.url, map[string]any{"model": e.opts.Model, "input": texts}, &resp); err != nil {
			return nil, err
		}
		if len(resp.Data) != len(texts) {
			return nil, fmt.Errorf("answer has %d embeddings for %d texts", len(resp.Data), len(texts))
		}
		vecs = make([][]float32, len(texts))
		for _, d := range resp.Data {
			if d.Index < 0 || d.Index >= len(texts) || vecs[d.Index] != nil {
				return nil, fmt.Errorf("answer has a bad or repeated index %d", d.Index)
			}
			vecs[d.Index] = d.Embedding
		}
	case Ollama:
		var resp struct {
			Embeddings [][]float32 `json:"embeddings"`
		}
		if err := e.caller.PostJSON(ctx, e.url, map[string]any{"model": e.opts.Model, "input": texts}, &resp); err != nil {
			return nil, err
		}
		vecs = resp.Embeddings
	case TEI:
		if err := e.caller.PostJSON(ctx, e.url, map[string]any{"inputs": texts, "normalize": true}, &vecs); err != nil {
			return nil, err
		}
	}
	if len(vecs) != len(texts) {
		return nil, fmt.Errorf("answer has %d embeddings for %d texts", len(vecs), len(texts))
	}
	for i, v := range vecs {
		if len(v) == 0 {
			return nil, fmt.Errorf("answer has an empty embedding for text %d", i)
		}
		want := e.dim.Load()
		if want == 0 && e.dim.CompareAndSwap(0, int64(len(v))) {
			want = int64(len(v))
		} else if want == 0 {
			want = e.dim.Load()
		}
		if int64(len(v)) != want {
			return nil, fmt.Errorf("answer has a %d-dimensional embedding, want %d", len(v), want)
		}
		if err := normalize(v); err != nil {
			return nil, fmt.Errorf("embedding %d: %w", i, err)
		}
	}
	return vecs, nil
}

var errNotFinite = errors.New("embedding has a NaN or infinite component")

// normalize scales v to unit length in place.
func normalize(v []float32) error {
	var ss float64
	for _, c := range v {
		ss += float64(c) * float64(c)
	}
	if math.IsNaN(ss) || math.IsInf(ss, 0) {
		return errNotFinite
	}
	if ss == 0 {
		return nil
	}
	inv := 1 / math.Sqrt(ss)
	for i, c := range v {
		v[i] = float32(float64(c) * inv)
	}
	return nil
}
