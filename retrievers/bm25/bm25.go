// Package bm25 is the sparse retriever: BM25 over a compact in-memory
// inverted index of every record's full text (retrievers.FullText), built
// from the dataset or loaded from a file.
//
// # Why not a search library
//
// The leg was on bleve (scorch) before. On the same text a plain BM25 (the
// Python bm25s library) ranked better and answered several times faster:
// bleve's per-field disjunction searchers, its segment and term-dictionary
// machinery and the per-hit document matches cost about a millisecond per
// question (20 ms at the 95th percentile), and to keep that down the leg
// dropped common query terms, which cost recall. The job here is narrow:
// one read-only index of 16k to a few hundred thousand short records,
// rebuilt whenever the data changes, no updates, no phrase queries. For
// that, postings in flat arrays walked record by record, skipping the
// records that cannot reach the best (see search.go), are exhaustive
// (every term of the question counts) and take about a tenth of a
// millisecond per question; the index holds 5 MB for the
// bundled data (bleve's 8 MB) and is saved to one 2 MB file.
// scripts/bm25-anchor.sh measures the leg against bm25s on the public and
// the generated questions.
package bm25

import (
	"context"
	"errors"
	"strings"
	"sync"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrieval"
)

var _ retrieval.Retriever = (*Retriever)(nil)

// Retriever is the sparse retriever. It scores every record holding a word
// of the question with BM25 (k1 1.2, b 0.75, Lucene's idf) over its full
// text, the words of its place counting three times (BM25F). Words are
// folded, stop-worded and stemmed as the analyzer in this package says, on
// both sides; a question word the index does not hold is read as a typo
// of the terms one edit away.
//
// Filters are applied exactly: the best-scoring records are tested against
// q.Filters as they are ranked, and up to q.K that pass come back.
//
// A Retriever is safe for concurrent use. Close releases nothing and
// exists for callers that held an on-disk engine.
type Retriever struct {
	ds  *heritage.Dataset
	idx *invIndex
	// seen recycles the scratch of typo look-ups ([]uint8, one count per
	// term, all zero between uses), one per query in flight.
	seen sync.Pool
}

// New indexes the dataset in memory.
func New(ds *heritage.Dataset) (*Retriever, error) {
	if ds == nil {
		return nil, errors.New("bm25: nil dataset")
	}
	return wrap(ds, buildIndex(ds)), nil
}

func wrap(ds *heritage.Dataset, idx *invIndex) *Retriever {
	r := &Retriever{ds: ds, idx: idx}
	r.seen.New = func() any {
		s := make([]uint8, idx.terms.len())
		return &s
	}
	return r
}

// Close does nothing; the index is plain memory.
func (r *Retriever) Close() error { return nil }

// Retrieve returns the q.K records that score best for the question and
// pass q.Filters, as thin hits from plan.RetrieverBM25, best first; equal
// scores keep the dataset's order. A question with no indexed words
// returns no hits.
func (r *Retriever) Retrieve(ctx context.Context, q retrieval.Query) ([]retrieval.Hit, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if q.K <= 0 {
		return nil, nil
	}
	var a analyzer
	words := a.appendTerms(nil, QueryText(q.Text))
	seen := r.seen.Get().(*[]uint8)
	terms := r.idx.lookup(words, *seen)
	r.seen.Put(seen)
	if len(terms) == 0 {
		return nil, nil
	}
	var keep func(uint32) bool
	if len(q.Filters) > 0 {
		keep = func(d uint32) bool { return q.Filters.Match(&r.ds.Institutions[d]) }
	}
	top := r.idx.search(terms, q.K, keep)
	if len(top) == 0 {
		return nil, nil
	}
	hits := make([]retrieval.Hit, len(top))
	for i, s := range top {
		hits[i] = retrieval.NewHit(&r.ds.Institutions[s.doc], plan.RetrieverBM25, float64(s.score), i+1)
	}
	return hits, nil
}

// questionWords are words of question phrasing that say nothing about the
// institutions sought; the analyzer's English stop list covers the rest
// ("in", "the").
var questionWords = map[string]bool{
	"compare": true, "list": true, "show": true, "tell": true, "name": true, "find": true,
	"located": true, "situated": true, "give": true, "please": true, "me": true,
	"called": true, "known": true, "institution": true, "institutions": true,
}

// QueryText drops question phrasing words from a question so that they do
// not score; it keeps everything else verbatim for the analyzer.
func QueryText(question string) string {
	words := strings.FieldsFunc(question, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == '?' || r == '!' || r == ','
	})
	out := words[:0]
	for _, w := range words {
		if questionWords[strings.ToLower(strings.Trim(w, `."'()`))] {
			continue
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}
