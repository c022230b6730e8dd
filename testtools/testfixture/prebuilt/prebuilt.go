// Package prebuilt gives tests the parts of the embedded pipeline over
// the bundled dataset — the vector index with the default hashing
// embedder, the BM25 index, the knowledge graph, the router's tables and
// the name index — read from files that the test binaries of one run
// share, as a start with the index cache reads them (package index),
// instead of built in every binary: building them takes tens of seconds
// of CPU under the race detector, reading them a small part of that.
//
// The files live in the directory testfixture.EnvDir names, which must
// be new to the test run (scripts/test.sh makes one in its work
// directory): what is kept there is checked against the data, not
// against the code that built it. The first binary to ask builds them
// there (one at a time: index.Ensure locks, and the other files are
// replaced atomically). Without that directory, Embedded returns nil and
// the tests build in memory.
package prebuilt

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/index"
	"github.com/hybridrag/hybridrag/internal/fileutil"
	"github.com/hybridrag/hybridrag/internal/packed"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/names"
	"github.com/hybridrag/hybridrag/retrievers/bm25"
	"github.com/hybridrag/hybridrag/retrievers/vector"
	"github.com/hybridrag/hybridrag/router"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// HashingDim is the dimension of the embedded pipeline's default hashing
// embedder (pipeline.HashingDim; the pipeline's own tests use this
// package, so it cannot import the pipeline).
const HashingDim = 1024

// Parts are what pipeline.EmbeddedComponents builds from the dataset
// alone, each equal to what it builds: the indexes as index.Open reads
// them (the vectors of every record's retrievers.DocText, as
// vector.New embeds), and the derived structures as their
// packages decode them (kg.Decode, router.DecodeTables, names.Decode).
type Parts struct {
	Vector *vector.Index
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
		router.WithNameIndex(func(ds *heritage.Dataset) *names.Index {
			return kept(p.root, "names", ds, (*names.Index).Encode, names.Decode, names.New)
		}),
	}
}

// GraphOf returns the knowledge graph read from the files, for
// pipeline.EmbeddedConfig.Graph.
func (p *Parts) GraphOf(*heritage.Dataset) *kg.Graph { return p.Graph }

// bundledOnce is a value of the bundled dataset, made once per test
// binary.
type bundledOnce[T any] struct {
	once sync.Once
	ds   *heritage.Dataset
	v    T
	err  error
}

// get returns the value of ds, made by build (given the directory
// testfixture.EnvDir names) on the first call.
func (o *bundledOnce[T]) get(ds *heritage.Dataset, build func(root string) (T, error)) (T, error) {
	o.once.Do(func() {
		o.ds = ds
		o.v, o.err = build(os.Getenv(testfixture.EnvDir))
	})
	if ds != o.ds {
		var zero T
		return zero, errors.New("prebuilt: the parts are those of the bundled dataset, as testfixture.Dataset loads it")
	}
	return o.v, o.err
}

var (
	parts bundledOnce[*Parts]
	graph bundledOnce[*kg.Graph]
)

// Embedded returns the parts over ds, the bundled dataset as
// testfixture.Dataset loads it, read once per test binary from the
// directory testfixture.EnvDir names (and built there first when
// missing); nil when it names none. Call it from the build of a
// testfixture.Shared value.
func Embedded(ds *heritage.Dataset) (*Parts, error) {
	return parts.get(ds, func(root string) (*Parts, error) {
		if root == "" {
			return nil, nil
		}
		x, err := indexes(context.Background(), root, ds)
		if err != nil {
			return nil, err
		}
		g, err := Graph(ds)
		if err != nil {
			return nil, err
		}
		tables := kept(root, "router", ds, (*router.Tables).Encode, router.DecodeTables, router.NewTables)
		return &Parts{Vector: x.Vector, BM25: x.BM25, Graph: g, Tables: tables, root: root}, nil
	})
}

// Graph returns the knowledge graph of ds, the bundled dataset, once per
// test binary: read from the directory testfixture.EnvDir names (and
// derived there first when missing), or kg.New's when it names none.
func Graph(ds *heritage.Dataset) (*kg.Graph, error) {
	return graph.get(ds, func(root string) (*kg.Graph, error) {
		if root == "" {
			return kg.New(ds), nil
		}
		return kept(root, "graph", ds, (*kg.Graph).Encode, kg.Decode, kg.New), nil
	})
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

// keptMagic begins a file kept by kept.
const keptMagic = "hybridrag-test-parts\n"

// kept returns the structure named name of ds kept under root, or builds
// it and keeps it there for the other binaries. Unlike the index cache's
// derived files (index.Graph), which a build of another program derives
// again, these are read by every test binary: the binaries of one run are
// built from the same code, and the directory is the run's own.
func kept[T any](root, name string, ds *heritage.Dataset, encode func(T, *packed.Writer), decode func(*packed.Reader, *heritage.Dataset) (T, error), build func(*heritage.Dataset) T) T {
	path := filepath.Join(root, ds.Version, "test-"+name)
	if b, err := os.ReadFile(path); err == nil {
		if r, err := packed.Unseal(keptMagic, b); err == nil {
			if x, err := decode(r, ds); err == nil && r.Done() {
				return x
			}
		}
	}
	x := build(ds)
	var w packed.Writer
	encode(x, &w)
	b := packed.Seal(keptMagic, &w)
	// A file that cannot be written costs the other binaries only time.
	_ = fileutil.WriteAtomic(path, func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	})
	return x
}
