// Package retrievers holds the text a record is indexed by, and the
// embedded semantic (vector) retriever. The retrieval contract (Retriever,
// Query, Hit) is in package retrieval; the sparse (BM25) retriever is in
// retrievers/bm25.
package retrievers

import (
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/retrieval"
)

// The retrieval contract, declared in package retrieval.
type (
	Retriever      = retrieval.Retriever
	RetrieverFunc  = retrieval.RetrieverFunc
	Query          = retrieval.Query
	Hit            = retrieval.Hit
	HitIdentifiers = retrieval.HitIdentifiers
)

// SnippetMax is retrieval.SnippetMax.
const SnippetMax = retrieval.SnippetMax

// NewHit is retrieval.NewHit.
func NewHit(in *heritage.Institution, source string, score float64, rank int) Hit {
	return retrieval.NewHit(in, source, score, rank)
}

// Snippet is retrieval.Snippet.
func Snippet(s string, max int) string { return retrieval.Snippet(s, max) }
