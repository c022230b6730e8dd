package pipeline

import (
	"context"

	"github.com/hybridrag/hybridrag/answer"
	ragcontext "github.com/hybridrag/hybridrag/context"
	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/wikidata"
)

// Router plans a question.
type Router interface {
	Route(question string) plan.Plan
}

// WordsLanguage tells the language of a routed question from the words
// the router knows (router.Router is one): asked when the question's
// function words show none.
type WordsLanguage interface {
	WordsLanguage(plan.Plan) locale.Lang
}

// Lexicon answers what the answers ask of the words the router knows. A
// Router that is also a Lexicon (router.Router is one) is asked; without
// one, no war is left unnamed, every field is recorded, and no subject
// has umbrella words.
type Lexicon = answer.Lexicon

// Graph is the knowledge graph a question's selection reads (see
// kg.Select): the embedded graph (kg.NewSource) or a graph server such as
// the Neo4j store. A Graph that is also a kg.StatedSource tells exact sets
// from sets widened by towns read from records' names; without it every
// set is called exact.
type Graph = kg.Source

// ContextBuilder assembles the context handed to a reader.
type ContextBuilder interface {
	Build(in ragcontext.Input) ragcontext.Context
}

// Components are the parts a pipeline is built from.
type Components struct {
	Data       *heritage.Dataset
	Router     Router
	Graph      Graph
	Retrievers map[string]retrieval.Retriever
	Context    ContextBuilder
	// Enricher, when set, adds Wikidata facts about the answer's
	// institutions.
	Enricher Enricher
	// Frames, when set, reads each question's frame a second way, for
	// the explanation (see FrameClassifier).
	Frames FrameClassifier

	// KG and Embedder are the embedded graph and the vector index's
	// embedder, for callers that swap in backends; New ignores them.
	KG       *kg.Graph
	Embedder embed.Embedder
}

// Enricher adds facts from an external source (Wikidata over SPARQL) to
// the records with the given ids. A partial failure returns what it found
// with the error.
type Enricher interface {
	Enrich(ctx context.Context, recordIDs []string) ([]wikidata.Enrichment, error)
}
