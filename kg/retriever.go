package kg

import (
	"context"
	"slices"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrieval"
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

var _ retrieval.Retriever = (*Retriever)(nil)

// NewRetriever returns a retriever over the in-memory graph g.
func NewRetriever(g *Graph) *Retriever { return NewRetrieverOver(NewSource(g), g.ds) }

// NewRetrieverOver returns a retriever over any graph backend; records
// supplies the full records (the dataset the graph was built from).
func NewRetrieverOver(src Source, records Records) *Retriever {
	return &Retriever{src: src, records: records}
}

// AnchorScore is the highest score of the named record of a relation
// question: it is context for the answer, not the answer.
const AnchorScore = 0.5

// Retrieve returns at most q.K hits that pass q.Filters (every key of
// filter.Keys applies: the retriever holds full records), best first: it
// is Select then Hits, judging memberships whatever their end year. An
// error of the graph ends the call.
func (r *Retriever) Retrieve(ctx context.Context, q retrieval.Query) ([]retrieval.Hit, error) {
	if err := ctx.Err(); err != nil {
		return nil, selectErr(err)
	}
	if q.K <= 0 || q.Plan == nil {
		return nil, nil
	}
	sel, err := Select(ctx, r.src, q.Plan, 0)
	if err != nil {
		return nil, selectErr(err)
	}
	return Hits(sel, r.records, q), nil
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

// NewSource returns the in-memory graph g as a Source (and a
// StatedSource): its operations fail only when ctx has ended.
func NewSource(g *Graph) Source { return graphSource{g} }

type graphSource struct{ g *Graph }

var (
	_ Source       = graphSource{}
	_ StatedSource = graphSource{}
)

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

func (s graphSource) SelectMatching(ctx context.Context, c plan.Constraints, asOf int, m PlaceMatch) ([]string, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return s.g.SelectMatching(c, asOf, m), nil
}
