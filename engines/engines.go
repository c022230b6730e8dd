// Package engines builds the server-free engines a pipeline answers with,
// over one dataset: the rule router, the in-memory knowledge graph, the
// vector index (with the hashing embedder unless another is given), the
// BM25 index and the cl100k context builder. It is the part of the
// composition root (package compose) that knows the embedded engines;
// the pipeline knows only their contracts.
package engines

import (
	"context"
	"fmt"

	"golang.org/x/sync/errgroup"

	ragcontext "github.com/hybridrag/hybridrag/context"
	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/retrievers/bm25"
	"github.com/hybridrag/hybridrag/retrievers/vector"
	"github.com/hybridrag/hybridrag/router"
	"github.com/hybridrag/hybridrag/router/frameclass"
)

// HashingDim is the dimension of the default hashing embedder.
const HashingDim = 1024

// Config tunes Build.
type Config struct {
	// Embedder for the vector index; nil means the hashing embedder.
	Embedder embed.Embedder
	// RouterOptions are passed to router.New.
	RouterOptions []router.Option
	// Vector and BM25, when set, are prebuilt indexes (see package index)
	// used instead of building them in memory.
	Vector *vector.Index
	BM25   *bm25.Retriever
	// Graph, when set, is how the knowledge graph is had instead of
	// kg.New, e.g. read from a cache (index.Graph); it must return the
	// graph kg.New builds for the dataset.
	Graph func(*heritage.Dataset) *kg.Graph
	// NoVector leaves the vector index out, for a caller that puts a
	// vector store in its place: Retrievers then has no
	// plan.RetrieverVector entry, and Embedder is the one the store needs
	// for queries.
	NoVector bool
}

// Engines are the server-free engines over one dataset.
type Engines struct {
	Data   *heritage.Dataset
	Router *router.Router
	KG     *kg.Graph
	// Retrievers are the legs by name (plan.RetrieverBM25, …).
	Retrievers map[string]retrieval.Retriever
	Vector     *vector.Index // nil with Config.NoVector
	BM25       *bm25.Retriever
	Context    *ragcontext.Builder
	Embedder   embed.Embedder
	// Frames is the frame classifier embedded in the binary, a second
	// reading of each question beside the router's rules.
	Frames *frameclass.Model
}

// Build builds the engines, concurrently.
func Build(ctx context.Context, ds *heritage.Dataset, cfg Config) (*Engines, error) {
	var (
		rt  *router.Router
		g   *kg.Graph
		vec *vector.Index
		bm  *bm25.Retriever
		tok *ragcontext.Tokenizer
		fc  *frameclass.Model
	)
	eg, ctx := errgroup.WithContext(ctx)
	eg.Go(func() error { rt = router.New(ds, cfg.RouterOptions...); return nil })
	eg.Go(func() (err error) { fc, err = frameclass.Default(); return err })
	newGraph := cfg.Graph
	if newGraph == nil {
		newGraph = kg.New
	}
	eg.Go(func() error { g = newGraph(ds); return nil })
	vec, bm = cfg.Vector, cfg.BM25
	emb := cfg.Embedder
	if vec != nil {
		emb = vec.Embedder()
	} else if emb == nil {
		emb = embed.NewHashing(HashingDim)
	}
	eg.Go(func() (err error) {
		if vec != nil || cfg.NoVector {
			return nil
		}
		vec, err = vector.New(ds, emb, vector.WithBuildContext(ctx))
		return err
	})
	eg.Go(func() (err error) {
		if bm == nil {
			bm, err = bm25.New(ds)
		}
		return err
	})
	eg.Go(func() (err error) { tok, err = ragcontext.NewTokenizer(); return err })
	if err := eg.Wait(); err != nil {
		return nil, fmt.Errorf("engines: build: %w", err)
	}
	rs := map[string]retrieval.Retriever{
		plan.RetrieverBM25: bm,
		plan.RetrieverKG:   kg.NewRetriever(g),
	}
	if vec != nil {
		rs[plan.RetrieverVector] = vec
	}
	// Context lines repeat across questions (field lines, relations): the
	// tokenizer remembers their counts.
	return &Engines{Data: ds, Router: rt, KG: g, Retrievers: rs, Vector: vec, BM25: bm,
		Context: ragcontext.NewBuilder(tok), Embedder: emb, Frames: fc}, nil
}
