package kg

import (
	"context"
	"fmt"
	"slices"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrievers"
)

// Source is the graph a Retriever asks. The in-memory Graph is one (see
// NewRetriever) and a graph held in a database can be another; each
// operation returns what the Graph method of the same name returns and
// fails only when the graph cannot answer (a dead backend, an ended ctx).
type Source interface {
	// Lookup returns the ids of the institutions carrying the identifier,
	// sorted (Graph.Lookup).
	Lookup(ctx context.Context, scheme, value string) ([]string, error)
	// ByName returns the ids of the institutions whose name or alternative
	// name equals name after NormalizeName, sorted (Graph.ByName).
	ByName(ctx context.Context, name string) ([]string, error)
	// Select returns the ids of the institutions meeting every constraint,
	// sorted, or nil for constraints that are not selective (Graph.Select).
	Select(ctx context.Context, c plan.Constraints, asOf int) ([]string, error)
}

// Records returns full institution records by id; *heritage.Dataset is
// one. The retriever builds hits and applies filters on them.
type Records interface {
	Get(id string) (*heritage.Institution, bool)
}

// Retriever answers from a graph using the router's constraints; it
// ignores the question text. Hits come in this order, each institution
// once: identifier matches (score 1), the exact selection of a selective
// plan or of each compared side, and of one named record with a relation
// (score 1), then the named institutions (score = the name match score,
// AnchorScore at most for the anchor of a relation question). A plan with
// none of these yields no hits. Hits carry the source plan.RetrieverKG.
type Retriever struct {
	src     Source
	records Records
}

var _ retrievers.Retriever = (*Retriever)(nil)

// NewRetriever returns a retriever over the in-memory graph g.
func NewRetriever(g *Graph) *Retriever { return NewRetrieverOver(graphSource{g}, g.ds) }

// NewRetrieverOver returns a retriever over any graph backend; records
// supplies the full records (the dataset the graph was built from).
func NewRetrieverOver(src Source, records Records) *Retriever {
	return &Retriever{src: src, records: records}
}

// AnchorScore is the highest score of the named record of a relation
// question: it is context for the answer, not the answer.
const AnchorScore = 0.5

// Retrieve returns at most q.K hits that pass q.Filters (every key of
// filter.Keys applies: the retriever holds full records), best first. An error of the graph ends the
// call.
func (r *Retriever) Retrieve(ctx context.Context, q retrievers.Query) ([]retrievers.Hit, error) {
	fail := func(err error) ([]retrievers.Hit, error) {
		return nil, fmt.Errorf("kg: retrieve: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return fail(err)
	}
	if q.K <= 0 || q.Plan == nil {
		return nil, nil
	}
	fs := q.Filters
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
			hits = append(hits, retrievers.NewHit(in, plan.RetrieverKG, score, len(hits)+1))
		}
		return len(hits) < q.K
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
	}{{SchemeISIL, c.ISILs}, {SchemeWikidata, c.QIDs}, {SchemeGHCID, c.GHCIDs}, {SchemeGND, c.GNDs}, {SchemeROR, c.RORs}} {
		for _, v := range s.values {
			ids, err := r.src.Lookup(ctx, s.scheme, v)
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
		sides = []plan.Constraints{c}
	}
	for _, side := range sides {
		ids, err := r.src.Select(ctx, side, 0)
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
			score = min(score, AnchorScore)
		}
		ids := n.IDs
		if len(ids) == 0 {
			var err error
			if ids, err = r.src.ByName(ctx, n.Name); err != nil {
				return fail(err)
			}
		}
		if !add(sortedByTier(r.records, ids), score) {
			break
		}
	}
	return done()
}

// sortedByTier orders ids by source tier, most authoritative first, keeping
// the given order within a tier; ids is not modified.
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

// graphSource is the in-memory graph as a Source: its operations fail only
// when ctx has ended.
type graphSource struct{ g *Graph }

var _ Source = graphSource{}

func (s graphSource) Lookup(ctx context.Context, scheme, value string) ([]string, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return s.g.Lookup(scheme, value), nil
}

func (s graphSource) ByName(ctx context.Context, name string) ([]string, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return s.g.ByName(name), nil
}

func (s graphSource) Select(ctx context.Context, c plan.Constraints, asOf int) ([]string, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return s.g.Select(c, asOf), nil
}
