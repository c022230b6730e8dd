package reconnect

import (
	"context"
	"sync/atomic"

	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/pipeline"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/wikidata"
)

// slot holds the component in use; a call reads it once.
type slot[T any] struct{ cur atomic.Pointer[T] }

func (s *slot[T]) load() T   { return *s.cur.Load() }
func (s *slot[T]) store(v T) { s.cur.Store(&v) }

// Retriever serves with its first retriever until Use swaps in another.
// A question under way finishes on the retriever it started with.
type Retriever struct{ s slot[retrieval.Retriever] }

var _ retrieval.Retriever = (*Retriever)(nil)

// NewRetriever returns a Retriever that serves with first (None when the
// backend has no embedded counterpart).
func NewRetriever(first retrieval.Retriever) *Retriever {
	r := &Retriever{}
	r.s.store(first)
	return r
}

// Use serves with next from now on.
func (r *Retriever) Use(next retrieval.Retriever) { r.s.store(next) }

// Retrieve asks the retriever in use.
func (r *Retriever) Retrieve(ctx context.Context, q retrieval.Query) ([]retrieval.Hit, error) {
	return r.s.load().Retrieve(ctx, q)
}

// None finds nothing: the place of a backend with no embedded
// counterpart (the Wikidata leg) while it is not connected. Its absence
// is reported once, by the Group, not by every leg.
var None retrieval.Retriever = retrieval.RetrieverFunc(func(ctx context.Context, _ retrieval.Query) ([]retrieval.Hit, error) {
	return nil, ctx.Err()
})

// Graph is the knowledge graph a question's selection reads: the first
// one (the embedded graph) until Use swaps in a graph server. It keeps
// the kg.StatedSource capability; a graph without it is asked Select,
// whose sets count as exact (see pipeline.Graph).
type Graph struct{ s slot[kg.Source] }

var (
	_ kg.Source       = (*Graph)(nil)
	_ kg.StatedSource = (*Graph)(nil)
)

// NewGraph returns a Graph that reads first.
func NewGraph(first kg.Source) *Graph {
	g := &Graph{}
	g.s.store(first)
	return g
}

// Use reads next from now on.
func (g *Graph) Use(next kg.Source) { g.s.store(next) }

// Lookup asks the graph in use.
func (g *Graph) Lookup(ctx context.Context, scheme, value string) ([]string, error) {
	return g.s.load().Lookup(ctx, scheme, value)
}

// ByName asks the graph in use.
func (g *Graph) ByName(ctx context.Context, name string) ([]string, error) {
	return g.s.load().ByName(ctx, name)
}

// Select asks the graph in use.
func (g *Graph) Select(ctx context.Context, c plan.Constraints, asOf int) ([]string, error) {
	return g.s.load().Select(ctx, c, asOf)
}

// SelectMatching asks the graph in use, or its Select when it tells no
// exact sets apart.
func (g *Graph) SelectMatching(ctx context.Context, c plan.Constraints, asOf int, m kg.PlaceMatch) ([]string, error) {
	cur := g.s.load()
	if s, ok := cur.(kg.StatedSource); ok {
		return s.SelectMatching(ctx, c, asOf, m)
	}
	return cur.Select(ctx, c, asOf)
}

// Enricher adds nothing until Use swaps in an enricher.
type Enricher struct{ s slot[pipeline.Enricher] }

var _ pipeline.Enricher = (*Enricher)(nil)

// NewEnricher returns an Enricher that adds nothing yet.
func NewEnricher() *Enricher {
	e := &Enricher{}
	e.s.store(noFacts{})
	return e
}

// Use enriches with next from now on.
func (e *Enricher) Use(next pipeline.Enricher) { e.s.store(next) }

// Enrich asks the enricher in use.
func (e *Enricher) Enrich(ctx context.Context, recordIDs []string) ([]wikidata.Enrichment, error) {
	return e.s.load().Enrich(ctx, recordIDs)
}

type noFacts struct{}

func (noFacts) Enrich(ctx context.Context, _ []string) ([]wikidata.Enrichment, error) {
	return nil, ctx.Err()
}
