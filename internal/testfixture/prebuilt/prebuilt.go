// Package prebuilt gives tests the parts of the embedded pipeline over
// the bundled dataset — the vector index with the default hashing
// embedder, the BM25 index, the knowledge graph, the router's tables and
// the name index — read from files that the test binaries of one run
// share, as a start with the index cache reads them (package index),
// instead of built in every binary: building them takes tens of seconds
// of CPU under the race detector, reading them a small part of that.
//
// The files live in the directory testfixture.EnvDir names; the first
// binary to ask builds them there (one at a time: index.Ensure locks,
// and the derived files are replaced atomically). Without that
// directory, Embedded returns nil and the tests build in memory.
package prebuilt

import (
	"context"
	"errors"
	"os"
	"sync"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/index"
	"github.com/hybridrag/hybridrag/internal/names"
	"github.com/hybridrag/hybridrag/internal/testfixture"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/retrievers"
	"github.com/hybridrag/hybridrag/retrievers/bm25"
	"github.com/hybridrag/hybridrag/router"
)

// HashingDim is the dimension of the embedded pipeline's default hashing
// embedder (pipeline.HashingDim; the pipeline's own tests use this
// package, so it cannot import the pipeline).
const HashingDim = 1024

// Parts are what pipeline.EmbeddedComponents builds from the dataset
// alone, each equal to what it builds: the indexes as index.Open reads
// them (the vectors of every record's retrievers.DocText, as
// retrievers.NewVectorIndex embeds), and the derived structures as
// index.Graph, index.RouterTables and index.Names read them.
type Parts struct {
	Vector *retrievers.VectorIndex
	BM25   *bm25.Retriever
	Graph  *kg.Graph
	Tables *router.Tables
	root   string
}

// RouterOptions have router.New use the tables read from the files, and
// read the name index from them when the router first needs it.
func (p *Parts) RouterOptions() []router.Option {
	return []router.Option{
		router.WithTables(func(*heritage.Dataset) *router.Tables { return p.Tables }),
		router.WithNameIndex(func(ds *heritage.Dataset) *names.Index { return index.Names(p.root, ds, nil) }),
	}
}

// GraphOf returns the knowledge graph read from the files, for
// pipeline.EmbeddedConfig.Graph.
func (p *Parts) GraphOf(*heritage.Dataset) *kg.Graph { return p.Graph }

var kept struct {
	sync.Once
	ds    *heritage.Dataset
	parts *Parts
	err   error
}

// Embedded returns the parts over ds, the bundled dataset as
// testfixture.Dataset loads it, read once per test binary from the
// directory testfixture.EnvDir names; nil when it names none. Call it
// from the build of a testfixture.Shared value.
func Embedded(ds *heritage.Dataset) (*Parts, error) {
	kept.Do(func() {
		kept.ds = ds
		if root := os.Getenv(testfixture.EnvDir); root != "" {
			kept.parts, kept.err = Read(context.Background(), root, ds)
		}
	})
	if ds != kept.ds {
		return nil, errors.New("prebuilt: the parts are those of the bundled dataset, as testfixture.Dataset loads it")
	}
	return kept.parts, kept.err
}

// Read returns the parts of ds kept under root, building the missing ones
// there first.
func Read(ctx context.Context, root string, ds *heritage.Dataset) (*Parts, error) {
	x, err := indexes(ctx, root, ds)
	if err != nil {
		return nil, err
	}
	return &Parts{
		Vector: x.Vector,
		BM25:   x.BM25,
		Graph:  index.Graph(root, ds, nil),
		Tables: index.RouterTables(root, ds, nil),
		root:   root,
	}, nil
}

// indexes opens the vector and BM25 indexes of ds kept under root,
// building them there first when missing, as hybridrag's index cache
// keeps those of the hashing embedder: the full retrieval text embedded,
// without an embedding cache.
func indexes(ctx context.Context, root string, ds *heritage.Dataset) (*index.Indexes, error) {
	e := embed.NewHashing(HashingDim)
	return index.Ensure(ctx, index.CacheDir(root, ds.Version, "hashing", e), ds, e, index.EnsureOptions{
		Build: []index.BuildOption{index.WithoutCache(), index.WithDocText()},
	})
}

// Graph returns the knowledge graph of ds, the bundled dataset: the one
// in the parts Embedded returns, or kg.New's when there are none.
func Graph(ds *heritage.Dataset) (*kg.Graph, error) {
	parts, err := Embedded(ds)
	if err != nil || parts == nil {
		return kg.New(ds), err
	}
	return parts.Graph, nil
}
