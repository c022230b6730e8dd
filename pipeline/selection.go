package pipeline

import (
	"context"
	"strings"

	"github.com/hybridrag/hybridrag/cache"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrieval"
)

// graphSource is the leg name of a graph selection made only for the
// answer (the plan has no knowledge-graph leg to fuse).
const graphSource = "graph"

// withGraphLeg makes the question read its graph selection once, inside
// the fan-out under the leg deadline: the knowledge-graph leg, when the
// plan has one served by a *kg.Retriever, makes its hits from the
// selection; otherwise a leg that is not fused makes the selection for
// the answer alone. The selection is stored in *sel when the leg succeeds.
func (p *Pipeline) withGraphLeg(legs []leg, pl plan.Plan, sel **kg.Selection) []leg {
	selecting := retrieval.RetrieverFunc(func(ctx context.Context, q retrieval.Query) ([]retrieval.Hit, error) {
		s, err := kg.Select(ctx, p.graph, q.Plan, p.opts.AsOf)
		if err != nil {
			return nil, err
		}
		if err := p.base.Select(ctx, s, q.Plan); err != nil {
			return nil, err
		}
		*sel = s
		return kg.Hits(s, p.data, q), nil
	})
	for i, l := range legs {
		if _, ok := l.Retriever.(*kg.Retriever); ok && l.Source == plan.RetrieverKG {
			legs[i].Retriever = selecting
			return legs
		}
	}
	return append(legs, leg{Source: graphSource, Retriever: selecting, Query: retrieval.Query{Plan: &pl},
		Timeout: p.opts.LegTimeout, answerOnly: true})
}

// cachedLookups is a graph whose identifier look-ups go through the
// entity cache, so that a graph server is asked once per identifier.
type cachedLookups struct {
	kg.Source
	entities *cache.TTL[[]string]
}

func (c cachedLookups) Lookup(ctx context.Context, scheme, value string) ([]string, error) {
	return c.entities.GetOrLoad(scheme+"\x00"+strings.ToLower(value), func() ([]string, error) {
		return c.Source.Lookup(ctx, scheme, value)
	})
}

// cachedStatedLookups keeps the graph's kg.StatedSource capability.
type cachedStatedLookups struct {
	cachedLookups
	kg.StatedSource
}

// withEntityCache wraps g's look-ups in the entity cache, keeping its
// capabilities.
func withEntityCache(g Graph, entities *cache.TTL[[]string]) Graph {
	c := cachedLookups{Source: g, entities: entities}
	if s, ok := g.(kg.StatedSource); ok {
		return cachedStatedLookups{c, s}
	}
	return c
}
