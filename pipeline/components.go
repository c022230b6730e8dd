package pipeline

import (
	"context"

	ragcontext "github.com/hybridrag/hybridrag/context"
	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/retrievers"
	"github.com/hybridrag/hybridrag/router"
	"github.com/hybridrag/hybridrag/sparql"
)

// Router plans a question.
type Router interface {
	Route(question string) router.Plan
}

// Graph selects exact answer sets and resolves identifiers: the embedded
// knowledge graph (see LocalGraph) or a graph server.
type Graph interface {
	Select(ctx context.Context, c router.Constraints, asOf int) ([]string, error)
	Lookup(ctx context.Context, scheme, value string) ([]string, error)
}

// LocalGraph adapts the in-memory knowledge graph to Graph.
type LocalGraph struct{ G *kg.Graph }

// Select selects the institutions the constraints describe.
func (l LocalGraph) Select(ctx context.Context, c router.Constraints, asOf int) ([]string, error) {
	return l.G.Select(c, asOf), ctx.Err()
}

// SelectMatching selects with places matched up to level m.
func (l LocalGraph) SelectMatching(ctx context.Context, c router.Constraints, asOf int, m kg.PlaceMatch) ([]string, error) {
	return l.G.SelectMatching(c, asOf, m), ctx.Err()
}

// statedSelector is an optional Graph capability: the selection that
// reads only the places records state (kg.Stated), not towns read from
// their names. A Graph without it has every set called exact.
type statedSelector interface {
	SelectMatching(ctx context.Context, c router.Constraints, asOf int, m kg.PlaceMatch) ([]string, error)
}

// Lookup resolves an identifier.
func (l LocalGraph) Lookup(ctx context.Context, scheme, value string) ([]string, error) {
	return l.G.Lookup(scheme, value), ctx.Err()
}

// ContextBuilder assembles the context handed to a reader.
type ContextBuilder interface {
	Build(in ragcontext.Input) ragcontext.Context
}

// Components are the parts a pipeline is built from.
type Components struct {
	Data       *heritage.Dataset
	Router     Router
	Graph      Graph
	Retrievers map[string]retrievers.Retriever
	Context    ContextBuilder
	// Enricher, when set, adds Wikidata facts about the answer's
	// institutions.
	Enricher Enricher

	// KG and Embedder are the embedded graph and the vector index's
	// embedder, for callers that swap in backends; New ignores them.
	KG       *kg.Graph
	Embedder embed.Embedder
}

// Enricher adds facts from an external source (Wikidata over SPARQL) to
// the records with the given ids. A partial failure returns what it found
// with the error.
type Enricher interface {
	Enrich(ctx context.Context, recordIDs []string) ([]sparql.Enrichment, error)
}
