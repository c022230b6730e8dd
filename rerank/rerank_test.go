package rerank_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/embed/httpembed"
	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/rerank"
)

// score is the fake cross-encoder: the number of query words in the text.
func score(query, text string) float64 {
	n := 0.0
	for _, w := range strings.Fields(strings.ToLower(query)) {
		if strings.Contains(strings.ToLower(text), w) {
			n++
		}
	}
	return n
}

type seen struct {
	path string
	auth string
	body map[string]any
}

func teiServer(t *testing.T, got *seen) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got.path, got.auth = r.URL.Path, r.Header.Get("Authorization")
		require.NoError(t, json.NewDecoder(r.Body).Decode(&got.body))
		if r.URL.Path != "/rerank" {
			http.NotFound(w, r)
			return
		}
		q := got.body["query"].(string)
		type item struct {
			Index int     `json:"index"`
			Score float64 `json:"score"`
		}
		var out []item
		for i, x := range got.body["texts"].([]any) {
			out = append(out, item{i, score(q, x.(string))})
		}
		// TEI answers sorted by score.
		sort.SliceStable(out, func(a, b int) bool { return out[a].Score > out[b].Score })
		_ = json.NewEncoder(w).Encode(out)
	}))
}

func cohereServer(t *testing.T, got *seen) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got.path, got.auth = r.URL.Path, r.Header.Get("Authorization")
		require.NoError(t, json.NewDecoder(r.Body).Decode(&got.body))
		if r.URL.Path != "/v1/rerank" {
			http.NotFound(w, r)
			return
		}
		q := got.body["query"].(string)
		type item struct {
			Index          int     `json:"index"`
			RelevanceScore float64 `json:"relevance_score"`
		}
		var out []item
		for i, x := range got.body["documents"].([]any) {
			out = append(out, item{i, score(q, x.(string))})
		}
		sort.SliceStable(out, func(a, b int) bool { return out[a].RelevanceScore > out[b].RelevanceScore })
		out = out[:int(got.body["top_n"].(float64))]
		_ = json.NewEncoder(w).Encode(map[string]any{"id": "x", "results": out})
	}))
}

func TestHTTPShapes(t *testing.T) {
	docs := []string{"Railway museum in Wales", "", "Museum of Wales railway heritage", "Library"}
	tests := []struct {
		proto  rerank.Protocol
		server func(*testing.T, *seen) *httptest.Server
		model  string
		check  func(t *testing.T, s *seen)
	}{
		{rerank.TEI, teiServer, "", func(t *testing.T, s *seen) {
			require.Equal(t, "/rerank", s.path)
			require.Len(t, s.body, 2)
			require.Equal(t, []any{docs[0], " ", docs[2], docs[3]}, s.body["texts"])
		}},
		{rerank.Cohere, cohereServer, "rerank-v3.5", func(t *testing.T, s *seen) {
			require.Equal(t, "/v1/rerank", s.path)
			require.Equal(t, "rerank-v3.5", s.body["model"])
			require.Equal(t, float64(len(docs)), s.body["top_n"])
			require.Equal(t, []any{docs[0], " ", docs[2], docs[3]}, s.body["documents"])
		}},
	}
	for _, tc := range tests {
		t.Run(string(tc.proto), func(t *testing.T) {
			s := &seen{}
			srv := tc.server(t, s)
			defer srv.Close()
			r, err := rerank.NewHTTP(rerank.Options{Protocol: tc.proto, BaseURL: srv.URL, Model: tc.model, APIKey: "k1"})
			require.NoError(t, err)
			got, err := r.Rerank(context.Background(), "railway Wales", docs)
			require.NoError(t, err)
			require.Equal(t, []float64{2, 0, 2, 0}, got)
			require.Equal(t, "Bearer k1", s.auth)
			require.Equal(t, "railway Wales", s.body["query"])
			tc.check(t, s)
		})
	}
}

func TestHTTPRetriesAndErrors(t *testing.T) {
	var calls atomic.Int32
	s := &seen{}
	tei := teiServer(t, s)
	defer tei.Close()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch calls.Add(1) {
		case 1:
			w.Header().Set("Retry-After", "1")
			http.Error(w, "slow down", http.StatusTooManyRequests)
		case 2:
			http.Error(w, "warming up", http.StatusServiceUnavailable)
		default:
			tei.Config.Handler.ServeHTTP(w, r)
		}
	}))
	defer srv.Close()
	retry := httpembed.Retry{MinBackoff: time.Millisecond, MaxBackoff: 2 * time.Millisecond, MaxRetryAfter: 5 * time.Millisecond}
	r, err := rerank.NewHTTP(rerank.Options{Protocol: rerank.TEI, BaseURL: srv.URL, Retry: retry})
	require.NoError(t, err)
	got, err := r.Rerank(context.Background(), "a", []string{"a", "b"})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 0}, got)
	require.Equal(t, int32(3), calls.Load())

	bad := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = fmt.Fprint(w, `[{"index":0,"score":1},{"index":0,"score":2}]`)
	}))
	defer bad.Close()
	r, err = rerank.NewHTTP(rerank.Options{Protocol: rerank.TEI, BaseURL: bad.URL})
	require.NoError(t, err)
	_, err = r.Rerank(context.Background(), "a", []string{"a", "b"})
	require.ErrorContains(t, err, "repeated index 0")

	_, err = rerank.NewHTTP(rerank.Options{Protocol: rerank.Cohere, BaseURL: srv.URL})
	require.ErrorContains(t, err, "model")
	_, err = rerank.NewHTTP(rerank.Options{Protocol: "x", BaseURL: srv.URL})
	require.Error(t, err)
}

func TestHTTPTimeout(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = json.NewDecoder(r.Body).Decode(&map[string]any{})
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer srv.Close()
	defer close(release)
	r, err := rerank.NewHTTP(rerank.Options{Protocol: rerank.TEI, BaseURL: srv.URL, Timeout: 20 * time.Millisecond, Retry: httpembed.Retry{MaxRetries: -1}})
	require.NoError(t, err)
	_, err = r.Rerank(context.Background(), "a", []string{"a"})
	require.ErrorContains(t, err, "no answer within 20ms")
}

func fused(n int) []fusion.Fused {
	out := make([]fusion.Fused, n)
	for i := range out {
		out[i] = fusion.Fused{
			ID: fmt.Sprintf("id%02d", i), Rank: i + 1, Score: 1 / float64(i+1),
			Sources: []fusion.Contribution{{Source: "bm25", Rank: i + 1, RawScore: float64(n - i)}},
		}
	}
	return out
}

func TestApply(t *testing.T) {
	// The reranker prefers higher ids: it reverses the fused order.
	var asked []string
	r := rerank.Func(func(ctx context.Context, q string, docs []string) ([]float64, error) {
		asked = docs
		out := make([]float64, len(docs))
		for i, d := range docs {
			var n int
			_, _ = fmt.Sscanf(d, "text id%d", &n)
			out[i] = float64(n)
		}
		return out, nil
	})
	text := func(id string) string { return "text " + id }
	tests := []struct {
		name           string
		hits, topK, mu int
		wantAsked      int
		wantIDs        []string
	}{
		{"at least 30 candidates", 50, 3, 2, 30, []string{"id29", "id28", "id27"}},
		{"topK times multiplier", 50, 10, 4, 40, []string{"id39", "id38", "id37", "id36", "id35", "id34", "id33", "id32", "id31", "id30"}},
		{"fewer hits than candidates", 5, 3, 5, 5, []string{"id04", "id03", "id02"}},
		{"topK 0 keeps all", 4, 0, 1, 4, []string{"id03", "id02", "id01", "id00"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := fused(tc.hits)
			before := fused(tc.hits)
			got, err := rerank.Apply(context.Background(), r, "q", in, text, tc.topK, tc.mu)
			require.NoError(t, err)
			require.Len(t, asked, tc.wantAsked)
			require.Equal(t, "text id00", asked[0])
			var ids []string
			for i, f := range got {
				ids = append(ids, f.ID)
				require.Equal(t, i+1, f.Rank)
				require.Len(t, f.Sources, 2)
				require.Equal(t, fusion.Contribution{Source: rerank.Source, Rank: i + 1, RawScore: f.Sources[1].RawScore}, f.Sources[1])
				require.Equal(t, "bm25", f.Sources[0].Source)
			}
			require.Equal(t, tc.wantIDs, ids)
			require.Equal(t, before, in, "inputs untouched")
		})
	}
}

func TestApplyTiesKeepFusedOrderAndErrors(t *testing.T) {
	flat := rerank.Func(func(ctx context.Context, q string, docs []string) ([]float64, error) {
		return make([]float64, len(docs)), nil
	})
	got, err := rerank.Apply(context.Background(), flat, "q", fused(3), func(string) string { return "" }, 2, 1)
	require.NoError(t, err)
	require.Equal(t, "id00", got[0].ID)
	require.Equal(t, "id01", got[1].ID)

	failing := rerank.Func(func(ctx context.Context, q string, docs []string) ([]float64, error) {
		return nil, fmt.Errorf("server down")
	})
	_, err = rerank.Apply(context.Background(), failing, "q", fused(3), func(string) string { return "" }, 2, 1)
	require.ErrorContains(t, err, "server down")

	short := rerank.Func(func(ctx context.Context, q string, docs []string) ([]float64, error) {
		return []float64{1}, nil
	})
	_, err = rerank.Apply(context.Background(), short, "q", fused(3), func(string) string { return "" }, 2, 1)
	require.ErrorContains(t, err, "1 scores for 3 documents")
}
