package pipeline

import (
	"context"
	"fmt"

	"golang.org/x/sync/errgroup"

	ragcontext "github.com/hybridrag/hybridrag/context"
	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/retrievers"
	"github.com/hybridrag/hybridrag/retrievers/bm25"
	"github.com/hybridrag/hybridrag/retrievers/vector"
	"github.com/hybridrag/hybridrag/router"
)

// HashingDim is the dimension of the default hashing embedder.
const HashingDim = 1024

// BuildEmbedded wires the default, server-free pipeline over ds: the rule
// router, the in-memory knowledge graph, a vector index with the hashing
// embedder, an in-memory BM25 index and the cl100k context builder. The
// indexes are built concurrently.
func BuildEmbedded(ctx context.Context, ds *heritage.Dataset, opts Options) (*Pipeline, error) {
	c, err := EmbeddedComponents(ctx, ds, EmbeddedConfig{})
	if err != nil {
		return nil, err
	}
	return New(c, opts)
}

// EmbeddedConfig tunes EmbeddedComponents.
type EmbeddedConfig struct {
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
	// router.RetrieverVector entry, and Embedder is the one the store
	// needs for queries.
	NoVector bool
}

// EmbeddedComponents builds the server-free components; callers may swap
// some for backends (a graph server, a vector store) before calling New.
// The knowledge graph is returned too, for look-ups that need it.
func EmbeddedComponents(ctx context.Context, ds *heritage.Dataset, cfg EmbeddedConfig) (Components, error) {
	var (
		rt  *router.Router
		g   *kg.Graph
		vec *vector.Index
		bm  *bm25.Retriever
		tok *ragcontext.Tokenizer
	)
	eg, ctx := errgroup.WithContext(ctx)
	eg.Go(func() error { rt = router.New(ds, cfg.RouterOptions...); return nil })
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
		return Components{}, fmt.Errorf("pipeline: build: %w", err)
	}
	rs := map[string]retrievers.Retriever{
		router.RetrieverBM25: bm,
		router.RetrieverKG:   kg.NewRetriever(g),
	}
	if vec != nil {
		rs[router.RetrieverVector] = vec
	}
	// Context lines repeat across questions (field lines, relations): the
	// tokenizer remembers their counts.
	return Components{
		Data:       ds,
		Router:     rt,
		Graph:      kg.NewSource(g),
		Retrievers: rs,
		Context:    ragcontext.NewBuilder(tok),
		KG:         g,
		Embedder:   emb,
	}, nil
}
