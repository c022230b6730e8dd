package kg

import (
	"context"
	"fmt"
	"slices"

	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/retrievers"
	"github.com/hybridrag/hybridrag/router"
)

// Retriever answers from the graph using the router's constraints; it
// ignores the question text. Hits come in this order, each institution
// once: identifier matches (score 1), the exact selection of a selective
// plan or of each compared side, and of one named record with a relation
// (score 1), then the named institutions (score = the name match score, 0.5
// for the anchor of a relation question). A plan with none of these yields
// no hits.
type Retriever struct {
	g *Graph
}

var _ retrievers.Retriever = (*Retriever)(nil)

// NewRetriever returns a retriever over g.
func NewRetriever(g *Graph) *Retriever { return &Retriever{g: g} }

// FilterKeys lists the filter keys the retriever applies: all of
// filter.Keys, since it holds full records.
func (r *Retriever) FilterKeys() []string { return filter.Keys }

// FilterWarnings reports the filter keys Retrieve ignores.
func (r *Retriever) FilterWarnings(fs filter.Set) []string {
	_, w := fs.Restrict(router.RetrieverKG, filter.Keys)
	return w
}

// anchorScore is the score of the named record of a relation question: it
// is context for the answer, not the answer.
const anchorScore = 0.5

// Retrieve returns at most q.K hits that pass q.Filters (keys outside
// FilterKeys are dropped), best first.
func (r *Retriever) Retrieve(ctx context.Context, q retrievers.Query) ([]retrievers.Hit, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("kg: %w", err)
	}
	if q.K <= 0 || q.Plan == nil {
		return nil, nil
	}
	fs, _ := q.Filters.Restrict(router.RetrieverKG, filter.Keys)
	c := q.Plan.Constraints

	hits := make([]retrievers.Hit, 0, q.K)
	seen := map[string]bool{}
	add := func(ids []string, score float64) bool {
		for _, id := range ids {
			if len(hits) == q.K {
				return false
			}
			if seen[id] {
				continue
			}
			seen[id] = true
			in, ok := r.g.ds.Get(id)
			if !ok || !fs.Match(in) {
				continue
			}
			hits = append(hits, retrievers.NewHit(in, router.RetrieverKG, score, len(hits)+1))
		}
		return len(hits) < q.K
	}
	done := func() ([]retrievers.Hit, error) {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("kg: %w", err)
		}
		return hits, nil
	}

	// 1. Identifiers.
	for _, s := range [...]struct {
		scheme string
		values []string
	}{{SchemeISIL, c.ISILs}, {SchemeWikidata, c.QIDs}, {SchemeGHCID, c.GHCIDs}, {SchemeGND, c.GNDs}} {
		for _, v := range s.values {
			if !add(r.g.Lookup(s.scheme, v), 1) {
				return done()
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("kg: %w", err)
	}

	// 2. Exact selections.
	relational := len(c.Names) == 1 && c.Relation != ""
	if len(q.Plan.Sides) > 0 {
		for _, side := range q.Plan.Sides {
			if !add(r.g.Select(side, 0), 1) {
				return done()
			}
		}
	} else if c.Selective() || relational {
		if !add(r.g.Select(c, 0), 1) {
			return done()
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("kg: %w", err)
	}

	// 3. Named institutions.
	for _, n := range c.Names {
		score := n.Score
		if score <= 0 {
			score = 1
		}
		if relational {
			score = min(score, anchorScore)
		}
		ids := n.IDs
		if len(ids) == 0 {
			ids = r.g.ByName(n.Name)
		}
		if !add(sortedByTier(r.g.ds, ids), score) {
			break
		}
	}
	return done()
}

// sortedByTier orders ids by source tier, most authoritative first, keeping
// the given order within a tier; ids is not modified.
func sortedByTier(ds *heritage.Dataset, ids []string) []string {
	out := slices.Clone(ids)
	rank := func(id string) int {
		if in, ok := ds.Get(id); ok {
			return in.Tier.Rank()
		}
		return 5
	}
	slices.SortStableFunc(out, func(a, b string) int {
		if ra, rb := rank(a), rank(b); ra != rb {
			return ra - rb
		}
		return 0
	})
	return out
}
