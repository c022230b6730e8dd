// Package retrieval is the contract every retriever meets: Retriever, its
// Query and the thin Hit it returns. It holds nothing else, so that what
// consumes hits (fusion, the context builder, the pipeline) depends on no
// engine; the engines are in retrievers/ (vector, bm25, qdrantstore), kg/
// and sparql/.
package retrieval

import (
	"context"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/textfold"
	"github.com/hybridrag/hybridrag/plan"
)

// Retriever returns institutions relevant to a query, best first. Hits are
// thin: full records are fetched separately by id. A retriever never
// returns more than q.K hits.
type Retriever interface {
	Retrieve(ctx context.Context, q Query) ([]Hit, error)
}

// RetrieverFunc adapts a function to Retriever.
type RetrieverFunc func(ctx context.Context, q Query) ([]Hit, error)

// Retrieve calls f.
func (f RetrieverFunc) Retrieve(ctx context.Context, q Query) ([]Hit, error) { return f(ctx, q) }

// Query is what a retriever is asked.
type Query struct {
	// Text is the user's question.
	Text string
	// K is the number of hits wanted.
	K int
	// Filters restrict the candidates. They name keys of filter.Keys (the
	// pipeline rejects others); a filter on an unknown key matches nothing.
	Filters filter.Set
	// Plan is the router's plan; structured retrievers (the knowledge
	// graph) read its constraints. It may be nil.
	Plan *plan.Plan
}

// Hit is one retrieved institution.
type Hit struct {
	ID          string         `json:"id"`
	Name        string         `json:"name"`
	Score       float64        `json:"score"`
	Rank        int            `json:"rank"` // 1-based
	Identifiers HitIdentifiers `json:"identifiers"`
	Snippet     string         `json:"snippet"` // at most SnippetMax characters
	Source      string         `json:"source"`  // the retriever that produced the hit
	Tier        heritage.Tier  `json:"tier"`
}

// HitIdentifiers are the identifiers carried on a thin hit.
type HitIdentifiers struct {
	ISIL     string `json:"isil,omitempty"`
	Wikidata string `json:"wikidata,omitempty"`
	GHCID    string `json:"ghcid,omitempty"`
}

// SnippetMax is the longest snippet a hit carries, in characters (runes).
const SnippetMax = 320

// NewHit builds a thin hit for an institution with the given score and rank;
// the snippet is the start of the description cut at SnippetMax runes on a
// word boundary.
func NewHit(in *heritage.Institution, source string, score float64, rank int) Hit {
	return Hit{
		ID:    in.ID,
		Name:  in.Name,
		Score: score,
		Rank:  rank,
		Identifiers: HitIdentifiers{
			ISIL:     in.ISIL,
			Wikidata: in.Wikidata,
			GHCID:    in.GHCID,
		},
		Snippet: Snippet(in.Description, SnippetMax),
		Source:  source,
		Tier:    in.Tier,
	}
}

// Snippet cuts s to at most max runes, on a word boundary when one is near,
// marking the cut with "…".
func Snippet(s string, max int) string {
	if len(s) <= max {
		return s // no more runes than bytes
	}
	if max > 0 && textfold.IsASCII(s[:max+1]) {
		// Runes are bytes: look for the space from the cut backwards.
		cut := max - 1
		for i := cut; i > max/2; i-- {
			if s[i] == ' ' {
				cut = i
				break
			}
		}
		return s[:cut] + "…"
	}
	// One pass over the runes that may be kept (descriptions run longer),
	// noting where the cut goes: before rune max-1, or at the last space
	// among runes max/2+1 to max-1. Every hit of every leg carries a
	// snippet, so this slices the text rather than converting it to runes
	// and back.
	end, n, cut, space, valid := 0, 0, 0, -1, true
	for end < len(s) && n <= max {
		r, size := utf8.DecodeRuneInString(s[end:])
		if r == utf8.RuneError && size == 1 {
			valid = false
		}
		if n > max/2 && n < max && r == ' ' {
			space = end
		}
		if n == max-1 {
			cut = end
		}
		end += size
		n++
	}
	if n <= max {
		return s
	}
	if !valid {
		// As the conversion to runes would, each invalid byte becomes U+FFFD.
		return Snippet(string([]rune(s[:end])), max)
	}
	if space >= 0 {
		cut = space
	}
	return s[:cut] + "…"
}
