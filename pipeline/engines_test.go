package pipeline

import (
	"context"

	"github.com/hybridrag/hybridrag/engines"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
)

// embedded is the pipeline's components over the server-free engines, as
// the composition root (package compose, which imports this package and
// so cannot be imported by its tests) makes them.
func embedded(ctx context.Context, ds *heritage.Dataset, cfg engines.Config) (Components, error) {
	e, err := engines.Build(ctx, ds, cfg)
	if err != nil {
		return Components{}, err
	}
	return Components{Data: e.Data, Router: e.Router, Graph: kg.NewSource(e.KG), Retrievers: e.Retrievers,
		Context: e.Context, KG: e.KG, Embedder: e.Embedder}, nil
}

// buildEmbedded is the default, server-free pipeline over ds.
func buildEmbedded(ctx context.Context, ds *heritage.Dataset, opts Options) (*Pipeline, error) {
	c, err := embedded(ctx, ds, engines.Config{})
	if err != nil {
		return nil, err
	}
	return New(c, opts)
}
