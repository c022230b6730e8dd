package neo4jkg

import (
	"context"
	"fmt"
	"slices"

	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/retrievers"
	"github.com/hybridrag/hybridrag/router"
)

// Records returns full institution records by id; *heritage.Dataset is
// one. The retriever builds hits and applies filters on them.
type Records interface {
	Get(id string) (*heritage.Institution, bool)
}

// graph is what the retriever asks of the store.
type graph interface {
	Lookup(ctx context.Context, scheme, value string) ([]string, error)
	ByName(ctx context.Context, name string) ([]string, error)
	Select(ctx context.Context, c router.Constraints, asOf int) ([]string, error)
}

// Retriever answers from the Neo4j graph using the router's constraints,
// exactly as kg.Retriever does over the in-memory graph: identifier
// matches (score 1), the exact selection of a selective plan, of each
// compared side or of one named record with a relation (score 1), then the
// named institutions (their match score, at most 0.5 for the anchor of a
// relation question). Hits carry the source router.RetrieverKG.
type Retriever struct {
	g       graph
	records Records
}

var _ retrievers.Retriever = (*Retriever)(nil)

// NewRetriever returns a retriever over the store; records supplies the
// full records (the dataset the store was ingested from).
func NewRetriever(s *Store, records Records) *Retriever { return &Retriever{g: s, records: records} }

// FilterKeys lists the filter keys the retriever applies: all of
// filter.Keys, since it holds full records.
func (r *Retriever) FilterKeys() []string { return filter.Keys }

// FilterWarnings reports the filter keys Retrieve ignores.
func (r *Retriever) FilterWarnings(fs filter.Set) []string {
	_, w := fs.Restrict(router.RetrieverKG, filter.Keys)
	return w
}

// anchorScore is the score of the named record of a relation question.
const anchorScore = 0.5

// Retrieve returns at most q.K hits that pass q.Filters, best first.
func (r *Retriever) Retrieve(ctx context.Context, q retrievers.Query) ([]retrievers.Hit, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("neo4jkg: %w", err)
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
			in, ok := r.records.Get(id)
			if !ok || !fs.Match(in) {
				continue
			}
			hits = append(hits, retrievers.NewHit(in, router.RetrieverKG, score, len(hits)+1))
		}
		return len(hits) < q.K
	}
	fail := func(err error) ([]retrievers.Hit, error) {
		return nil, fmt.Errorf("neo4jkg: retrieve: %w", err)
	}
	done := func() ([]retrievers.Hit, error) {
		if err := ctx.Err(); err != nil {
			return fail(err)
		}
		return hits, nil
	}

	// 1. Identifiers.
	for _, s := range [...]struct {
		scheme string
		values []string
	}{{kg.SchemeISIL, c.ISILs}, {kg.SchemeWikidata, c.QIDs}, {kg.SchemeGHCID, c.GHCIDs}, {kg.SchemeGND, c.GNDs}} {
		for _, v := range s.values {
			ids, err := r.g.Lookup(ctx, s.scheme, v)
			if err != nil {
				return fail(err)
			}
			if !add(ids, 1) {
				return done()
			}
		}
	}

	// 2. Exact selections.
	relational := len(c.Names) == 1 && c.Relation != ""
	sides := q.Plan.Sides
	if len(sides) == 0 && (c.Selective() || relational) {
		sides = []router.Constraints{c}
	}
	for _, side := range sides {
		ids, err := r.g.Select(ctx, side, 0)
		if err != nil {
			return fail(err)
		}
		if !add(ids, 1) {
			return done()
		}
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
			var err error
			if ids, err = r.g.ByName(ctx, n.Name); err != nil {
				return fail(err)
			}
		}
		if !add(sortedByTier(r.records, ids), score) {
			break
		}
	}
	return done()
}

// sortedByTier orders ids by source tier, most authoritative first,
// keeping the given order within a tier; ids is not modified.
func sortedByTier(records Records, ids []string) []string {
	out := slices.Clone(ids)
	rank := func(id string) int {
		if in, ok := records.Get(id); ok {
			return in.Tier.Rank()
		}
		return 5
	}
	slices.SortStableFunc(out, func(a, b string) int { return rank(a) - rank(b) })
	return out
}

var _ graph = (*Store)(nil)
