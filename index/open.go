package index

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

	"golang.org/x/sync/errgroup"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/fileutil"
	"github.com/hybridrag/hybridrag/retrievers"
	"github.com/hybridrag/hybridrag/retrievers/bm25"
	"github.com/hybridrag/hybridrag/retrievers/vector"
)

// Indexes are the retrievers opened from a data directory.
type Indexes struct {
	Manifest Manifest
	Vector   *vector.Index
	BM25     *bm25.Retriever
}

// Close releases the BM25 index.
func (x *Indexes) Close() error { return x.BM25.Close() }

// Open loads the indexes in dir for ds, with e embedding the queries. It
// refuses (ErrStale) indexes built for another data version, another
// embedder ID or dimension, or another layout, and (ErrNotBuilt) a
// directory without a complete build. Several processes may open the same
// directory at once.
func Open(ctx context.Context, dir string, ds *heritage.Dataset, e embed.Embedder) (*Indexes, error) {
	if ds == nil || e == nil {
		return nil, errors.New("index: open needs a dataset and an embedder")
	}
	m, err := ReadManifest(dir)
	if err != nil {
		return nil, err
	}
	var vm VectorsMeta
	if err := readJSON(filepath.Join(dir, VectorsMetaFile), &vm); err != nil {
		return nil, err
	}
	ids := vector.IDsDigest(ds)
	switch {
	case m.Format != Format:
		return nil, fmt.Errorf("%w: %s has format %d, this program reads %d", ErrStale, dir, m.Format, Format)
	case m.DataVersion != ds.Version || vm.DataVersion != ds.Version:
		return nil, fmt.Errorf("%w: %s was built for data version %s, the data is %s", ErrStale, dir, m.DataVersion, ds.Version)
	case m.EmbedderID != e.ID() || vm.EmbedderID != e.ID():
		return nil, fmt.Errorf("%w: %s was built with embedder %s, queries use %s", ErrStale, dir, m.EmbedderID, e.ID())
	case vm.Dim != e.Dim():
		return nil, fmt.Errorf("%w: %s holds %d-dimensional vectors, the embedder makes %d", ErrStale, dir, vm.Dim, e.Dim())
	case vm.Records != len(ds.Institutions) || vm.IDsSHA256 != ids:
		return nil, fmt.Errorf("%w: %s holds %d records of other ids than the data's %d", ErrStale, dir, vm.Records, len(ds.Institutions))
	case vm.SemanticText != m.SemanticText || vm.Layout != layout ||
		vm.SemanticText != retrievers.SemanticTextVersion && vm.SemanticText != retrievers.DocTextVersion:
		return nil, fmt.Errorf("%w: %s uses text %q, layout %q", ErrStale, dir, vm.SemanticText, vm.Layout)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := verifyFiles(dir, m.Files, VectorsFile, SparseFile, CompactFile); err != nil {
		return nil, err
	}
	// The two indexes open side by side: on two cores BM25's reading
	// takes as long as the vectors' checks.
	var (
		vx *vector.Index
		bm *bm25.Retriever
	)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) {
		if sum, ok := m.Files[CompactFile]; ok {
			vx, err = loadCompact(dir, sum, ds, e)
		} else if sum, ok := m.Files[SparseFile]; ok {
			vx, err = loadSparse(dir, sum, ds, e)
		} else {
			vx, err = loadVectors(dir, m.Files[VectorsFile], ds, e)
		}
		return err
	})
	g.Go(func() (err error) {
		if err := gctx.Err(); err != nil {
			return err
		}
		if bm, err = bm25.Open(filepath.Join(dir, BM25File), ds); err != nil {
			return fmt.Errorf("index: %w", err)
		}
		return nil
	})
	if err := g.Wait(); err != nil {
		if bm != nil {
			_ = bm.Close()
		}
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		_ = bm.Close()
		return nil, err
	}
	return &Indexes{Manifest: m, Vector: vx, BM25: bm}, nil
}

// loadVectors reads DIR/vectors.f32, checking its size and checksum
// against want on the way.
func loadVectors(dir string, want FileSum, ds *heritage.Dataset, e embed.Embedder) (*vector.Index, error) {
	path := filepath.Join(dir, VectorsFile)
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s is missing", ErrCorrupt, path)
	}
	if err != nil {
		return nil, fmt.Errorf("index: %w", err)
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || st.Size() != want.Size {
		return nil, fmt.Errorf("%w: %s has the wrong size", ErrCorrupt, path)
	}
	h := crc32.New(castagnoli)
	vx, err := vector.Load(io.TeeReader(f, h), ds, e)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrCorrupt, path, err)
	}
	if h.Sum32() != want.CRC32C {
		return nil, fmt.Errorf("%w: %s fails its checksum", ErrCorrupt, path)
	}
	return vx, nil
}

// loadSparse reads DIR/vectors.sparse, checking its size and checksum
// against want first.
func loadSparse(dir string, want FileSum, ds *heritage.Dataset, e embed.Embedder) (*vector.Index, error) {
	path := filepath.Join(dir, SparseFile)
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s is missing", ErrCorrupt, path)
	}
	if err != nil {
		return nil, fmt.Errorf("index: %w", err)
	}
	if int64(len(b)) != want.Size || crc32.Checksum(b, castagnoli) != want.CRC32C {
		return nil, fmt.Errorf("%w: %s fails its size or checksum", ErrCorrupt, path)
	}
	vx, err := vector.LoadSparse(b, ds, e)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrCorrupt, path, err)
	}
	return vx, nil
}

// loadCompact maps DIR/vectors.compact, checking its size and checksum
// against want first; the index searches the mapping, which is released
// once the index is unreachable.
func loadCompact(dir string, want FileSum, ds *heritage.Dataset, e embed.Embedder) (*vector.Index, error) {
	path := filepath.Join(dir, CompactFile)
	b, unmap, err := fileutil.Map(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s is missing", ErrCorrupt, path)
	}
	if err != nil {
		return nil, fmt.Errorf("index: %w", err)
	}
	if int64(len(b)) != want.Size || crc32.Checksum(b, castagnoli) != want.CRC32C {
		_ = unmap()
		return nil, fmt.Errorf("%w: %s fails its size or checksum", ErrCorrupt, path)
	}
	vx, err := vector.LoadCompact(b, ds, e)
	if err != nil {
		_ = unmap()
		return nil, fmt.Errorf("%w: %s: %v", ErrCorrupt, path, err)
	}
	runtime.AddCleanup(vx, func(unmap func() error) { _ = unmap() }, unmap)
	return vx, nil
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)
