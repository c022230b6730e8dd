package bm25

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/blevesearch/bleve/v2"

	"github.com/hybridrag/hybridrag/heritage"
)

// Build indexes the dataset into a new on-disk bleve index (scorch)
// at path, with the same mapping, analyzer and field boosts as New,
// and returns the retriever over it. path must not exist. Close flushes
// and releases the index.
func Build(path string, ds *heritage.Dataset) (*Retriever, error) {
	if path == "" {
		return nil, errors.New("bm25: empty index path")
	}
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("bm25: %s already exists", path)
	}
	return newAt(path, ds)
}

// Open opens an index written by Build, read-only, for the same
// dataset (the caller checks the data version; the document count is
// checked here). Several processes may open one index read-only at once.
func Open(path string, ds *heritage.Dataset) (*Retriever, error) {
	if ds == nil {
		return nil, errors.New("bm25: nil dataset")
	}
	idx, err := bleve.OpenUsing(path, map[string]any{"read_only": true})
	if err != nil {
		return nil, fmt.Errorf("bm25: open %s: %w", path, err)
	}
	n, err := idx.DocCount()
	if err != nil {
		_ = idx.Close()
		return nil, fmt.Errorf("bm25: open %s: %w", path, err)
	}
	if n != uint64(len(ds.Institutions)) {
		_ = idx.Close()
		return nil, fmt.Errorf("bm25: %s holds %d documents, the dataset %d: rebuild the index", path, n, len(ds.Institutions))
	}
	// The stored mapping is ignored: the analyzer must be this package's,
	// which the query side uses too.
	m, err := newMapping()
	if err != nil {
		_ = idx.Close()
		return nil, fmt.Errorf("bm25: mapping: %w", err)
	}
	return wrap(ds, idx, m)
}
