// Package rerank re-scores retrieved institutions with a cross-encoder
// reranking server and reorders fused hits by that score.
//
// The HTTP reranker speaks two request shapes:
//
//   - Hugging Face text-embeddings-inference (TEI): POST {base}/rerank
//     {"query","texts":[…]} → [{"index","score"}];
//   - Cohere-style (Cohere, Jina, vLLM, LocalAI): POST {base}/v1/rerank
//     {"model","query","documents":[…],"top_n"} →
//     {"results":[{"index","relevance_score"}]}.
//
// No reranking server can run on the machines this project is built and
// tested on (no model weights can be fetched there), so the tests are
// contract tests against httptest servers that implement both shapes.
package rerank

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/hybridrag/hybridrag/embed/httpembed"
	"github.com/hybridrag/hybridrag/fusion"
)

// Reranker scores each document's relevance to the query: one score per
// document, in the documents' order; higher is more relevant. Scores are
// comparable within one call only.
type Reranker interface {
	Rerank(ctx context.Context, query string, docs []string) ([]float64, error)
}

// Func adapts a function to Reranker.
type Func func(ctx context.Context, query string, docs []string) ([]float64, error)

// Rerank calls f.
func (f Func) Rerank(ctx context.Context, query string, docs []string) ([]float64, error) {
	return f(ctx, query, docs)
}

// Protocol is a reranking server's request shape.
type Protocol string

// The supported protocols.
const (
	TEI    Protocol = "tei"
	Cohere Protocol = "cohere"
)

// Options configure NewHTTP.
type Options struct {
	Protocol Protocol
	// BaseURL is the server's address without the endpoint path.
	BaseURL string
	// Model is sent with Cohere-style requests (required there).
	Model string
	// APIKey is sent as "Authorization: Bearer …" when set.
	APIKey string
	// Timeout bounds each request (default 30 s).
	Timeout time.Duration
	// Retry is the retry policy (429 and 5xx, Retry-After honoured).
	Retry httpembed.Retry
	// Client is the HTTP client (default http.DefaultClient).
	Client *http.Client
}

// HTTP is a Reranker backed by a reranking server. It is safe for
// concurrent use.
type HTTP struct {
	opts   Options
	url    string
	caller *httpembed.Caller
}

var _ Reranker = (*HTTP)(nil)

// NewHTTP checks the options; it does not contact the server.
func NewHTTP(o Options) (*HTTP, error) {
	u, err := url.Parse(o.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("rerank: base URL %q: want http(s)://host[:port]", o.BaseURL)
	}
	var path string
	switch o.Protocol {
	case TEI:
		path = "/rerank"
	case Cohere:
		if o.Model == "" {
			return nil, errors.New("rerank: the cohere protocol needs a model name")
		}
		path = "/v1/rerank"
	default:
		return nil, fmt.Errorf("rerank: protocol %q: want tei or cohere", o.Protocol)
	}
	h := http.Header{}
	if o.APIKey != "" {
		h.Set("Authorization", "Bearer "+o.APIKey)
	}
	return &HTTP{
		opts:   o,
		url:    strings.TrimRight(o.BaseURL, "/") + path,
		caller: &httpembed.Caller{Client: o.Client, Timeout: o.Timeout, Retry: o.Retry, Header: h},
	}, nil
}

// Rerank sends all documents in one request; an empty document is sent as
// a single space (servers reject empty texts). Every document must come
// back scored exactly once.
func (h *HTTP) Rerank(ctx context.Context, query string, docs []string) ([]float64, error) {
	if len(docs) == 0 {
		return nil, ctx.Err()
	}
	texts := make([]string, len(docs))
	for i, d := range docs {
		if strings.TrimSpace(d) == "" {
			d = " "
		}
		texts[i] = d
	}
	type scored struct {
		index int
		score float64
	}
	var got []scored
	switch h.opts.Protocol {
	case TEI:
		var resp []struct {
			Index int     `json:"index"`
			Score float64 `json:"score"`
		}
		if err := h.caller.PostJSON(ctx, h.url, map[string]any{"query": query, "texts": texts}, &resp); err != nil {
			return nil, h.wrap(ctx, err)
		}
		for _, r := range resp {
			got = append(got, scored{r.Index, r.Score})
		}
	case Cohere:
		var resp struct {
			Results []struct {
				Index          int     `json:"index"`
				RelevanceScore float64 `json:"relevance_score"`
			} `json:"results"`
		}
		req := map[string]any{"model": h.opts.Model, "query": query, "documents": texts, "top_n": len(texts)}
		if err := h.caller.PostJSON(ctx, h.url, req, &resp); err != nil {
			return nil, h.wrap(ctx, err)
		}
		for _, r := range resp.Results {
			got = append(got, scored{r.Index, r.RelevanceScore})
		}
	}
	if len(got) != len(docs) {
		return nil, fmt.Errorf("rerank %s: answer scores %d documents of %d", h.opts.Protocol, len(got), len(docs))
	}
	out := make([]float64, len(docs))
	seen := make([]bool, len(docs))
	for _, s := range got {
		if s.index < 0 || s.index >= len(docs) || seen[s.index] {
			return nil, fmt.Errorf("rerank %s: answer has a bad or repeated index %d", h.opts.Protocol, s.index)
		}
		seen[s.index] = true
		out[s.index] = s.score
	}
	return out, nil
}

func (h *HTTP) wrap(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return err
	}
	return fmt.Errorf("rerank %s: %w", h.opts.Protocol, err)
}

// Source is the provenance name of a rerank contribution.
const Source = "rerank"

// MinCandidates is the fewest fused hits Apply reranks.
const MinCandidates = 30

// Apply reranks the best max(topK×multiplier, MinCandidates) fused hits
// (all when fewer) by r's score of text(id) against the query and returns
// the topK best of them in a new slice, best first, with Rank renumbered
// from 1. Each returned hit keeps its fused Score and gains a Contribution
// {Source: "rerank", RawScore: the rerank score, Rank: its rerank position}
// after its other sources. Equal rerank scores keep the fused order. hits
// and its Sources slices are not modified. topK ≤ 0 keeps every candidate.
func Apply(ctx context.Context, r Reranker, query string, hits []fusion.Fused, text func(id string) string, topK, multiplier int) ([]fusion.Fused, error) {
	if r == nil || text == nil {
		return nil, errors.New("rerank: nil reranker or text function")
	}
	if len(hits) == 0 {
		return nil, ctx.Err()
	}
	n := max(topK*max(multiplier, 1), MinCandidates)
	cands := hits[:min(n, len(hits))]
	docs := make([]string, len(cands))
	for i, h := range cands {
		docs[i] = text(h.ID)
	}
	scores, err := r.Rerank(ctx, query, docs)
	if err != nil {
		return nil, err
	}
	if len(scores) != len(cands) {
		return nil, fmt.Errorf("rerank: %d scores for %d documents", len(scores), len(cands))
	}
	order := make([]int, len(cands))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(scores[b], scores[a]) })
	if topK > 0 && len(order) > topK {
		order = order[:topK]
	}
	out := make([]fusion.Fused, len(order))
	for rank, i := range order {
		f := cands[i]
		f.Sources = append(slices.Clip(slices.Clone(f.Sources)), fusion.Contribution{
			Source: Source, Rank: rank + 1, RawScore: scores[i],
		})
		f.Rank = rank + 1
		out[rank] = f
	}
	return out, nil
}
