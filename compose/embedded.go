// Package compose is the composition root: the one place that builds a
// pipeline's components (the embedded engines, the configured servers, the
// reranker, the language model) and injects them into the pipeline. The
// library facade (package hybridrag), the command (cmd/hybridrag) and the
// test fixtures build their stacks here, so that the three are wired the
// same way; the pipeline itself knows only contracts.
package compose

import (
	"context"

	"github.com/hybridrag/hybridrag/engines"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/pipeline"
)

// Components are the pipeline's components over the engines e: the
// embedded ones, before any server takes a place.
func Components(e *engines.Engines) pipeline.Components {
	c := pipeline.Components{Data: e.Data, Router: e.Router, Graph: kg.NewSource(e.KG), Retrievers: e.Retrievers,
		Context: e.Context, KG: e.KG, Embedder: e.Embedder}
	if e.Frames != nil {
		c.Frames = frameReader{e.Frames}
	}
	return c
}

// EmbeddedComponents builds the server-free engines over ds (see
// engines.Build) and returns them as the pipeline's components; callers
// may swap some for servers (a graph server, a vector store) before
// pipeline.New.
func EmbeddedComponents(ctx context.Context, ds *heritage.Dataset, cfg engines.Config) (pipeline.Components, error) {
	e, err := engines.Build(ctx, ds, cfg)
	if err != nil {
		return pipeline.Components{}, err
	}
	return Components(e), nil
}

// BuildEmbedded wires the default, server-free pipeline over ds: the rule
// router, the in-memory knowledge graph, a vector index with the hashing
// embedder, an in-memory BM25 index and the cl100k context builder. The
// indexes are built concurrently.
func BuildEmbedded(ctx context.Context, ds *heritage.Dataset, opts pipeline.Options) (*pipeline.Pipeline, error) {
	c, err := EmbeddedComponents(ctx, ds, engines.Config{})
	if err != nil {
		return nil, err
	}
	return pipeline.New(c, opts)
}
