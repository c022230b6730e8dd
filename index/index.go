// Package index builds and opens a data directory of prebuilt retrieval
// indexes, so that a process starts in well under a second instead of
// embedding and indexing the dataset at every start:
//
//	DIR/manifest.json     what was built: data version, embedder, counts, time
//	DIR/vectors.f32       the vector index: one row of Dim little-endian
//	                      float32 values per record, in dataset order
//	DIR/vectors.sparse    the same vectors, when mostly zeros (hashing),
//	                      as columns of non-zero components, which open
//	                      several times faster (see retrievers.WriteSparse)
//	DIR/vectors.compact   the same as codes, in an index large enough to
//	                      hold them (vector.HoldsCodes): the arrays the
//	                      index searches, mapped as they lie in the file
//	                      (see vector.WriteCompact)
//	DIR/vectors.json      the vector index's own manifest (embedder ID, dim,
//	                      record count, data version, digest of the ids)
//	DIR/bm25.idx          the BM25 index (see retrievers/bm25)
//	DIR/embed-cache.bolt  the embedding cache used by the build (diskcache)
//
// The vector index embeds retrievers.SemanticText, a compact text per
// record; BM25 indexes the full fields and description. manifest.json is
// written last: a directory without it is incomplete and Open refuses it.
// It records the size and CRC-32C of every other file of the build, which
// Open checks, so a truncated or damaged file is refused (ErrCorrupt)
// rather than used.
//
// Ensure keeps such a directory in a cache (see CacheDir): it opens the
// build there, or builds it first, once, under a lock.
package index

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/embed/diskcache"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/retrievers"
	"github.com/hybridrag/hybridrag/retrievers/bm25"
	"github.com/hybridrag/hybridrag/retrievers/vector"
)

// File names inside a data directory.
const (
	ManifestFile    = "manifest.json"
	VectorsFile     = "vectors.f32"
	SparseFile      = "vectors.sparse"
	CompactFile     = "vectors.compact"
	VectorsMetaFile = "vectors.json"
	BM25File        = "bm25.idx"
	CacheFile       = "embed-cache.bolt"
)

// oldBM25Dir is where format 1 kept its BM25 index (a bleve directory); a
// new build removes it.
const oldBM25Dir = "bm25"

// Format is the layout version of a data directory. 3: the sparse vector
// file keeps its columns in blocks of 256 records, each named by a byte.
const Format = 3

// Stages reported to a build's progress function.
const (
	StageBM25    = "bm25"
	StageEmbed   = "embed"
	StageVectors = "vectors"
)

var (
	// ErrNotBuilt is wrapped by Open when the directory holds no complete
	// build.
	ErrNotBuilt = errors.New("index: no built indexes (run: hybridrag index build --dir DIR)")
	// ErrStale is wrapped by Open when the indexes were built for other
	// data, another embedder or another layout.
	ErrStale = errors.New("index: built indexes do not match (rebuild with: hybridrag index build --dir DIR)")
	// ErrCorrupt is wrapped by Open when a file of the build is missing or
	// differs from the size and checksum in the manifest.
	ErrCorrupt = errors.New("index: built indexes are damaged (rebuild with: hybridrag index build --dir DIR)")
)

// Manifest describes a build.
type Manifest struct {
	Format       int       `json:"format"`
	DataVersion  string    `json:"data_version"`
	EmbedderID   string    `json:"embedder_id"`
	Dim          int       `json:"dim"`
	Records      int       `json:"records"`
	BM25Docs     int       `json:"bm25_docs"`
	SemanticText string    `json:"semantic_text"`
	BuiltAt      time.Time `json:"built_at"`
	// BuildSeconds is the wall time of the build.
	BuildSeconds float64 `json:"build_seconds"`
	// CacheHits and CacheMisses count the embedding cache's answers
	// during the build (both 0 without a cache).
	CacheHits   int64 `json:"cache_hits"`
	CacheMisses int64 `json:"cache_misses"`
	// Files are the build's other files (slash-separated paths relative to
	// the directory), each with its size and checksum.
	Files map[string]FileSum `json:"files"`
}

// FileSum is the size and CRC-32C (Castagnoli) of one file of a build.
type FileSum struct {
	Size   int64  `json:"size"`
	CRC32C uint32 `json:"crc32c"`
}

// VectorsMeta is the vector index's own manifest (vectors.json).
type VectorsMeta struct {
	EmbedderID   string `json:"embedder_id"`
	Dim          int    `json:"dim"`
	Records      int    `json:"records"`
	DataVersion  string `json:"data_version"`
	IDsSHA256    string `json:"ids_sha256"`
	SemanticText string `json:"semantic_text"`
	// Layout is always "row-major float32 little-endian".
	Layout string `json:"layout"`
}

const layout = "row-major float32 little-endian"

// BuildOption tunes Build.
type BuildOption func(*buildConfig)

type buildConfig struct {
	cachePath string
	noCache   bool
	batchSize int
	// text is what the vectors embed, textVersion its layout version.
	text        func(*heritage.Institution) string
	textVersion string
}

func newBuildConfig(opts []BuildOption) buildConfig {
	cfg := buildConfig{batchSize: 256, text: retrievers.SemanticText, textVersion: retrievers.SemanticTextVersion}
	for _, o := range opts {
		o(&cfg)
	}
	cfg.batchSize = max(cfg.batchSize, 1)
	return cfg
}

// WithDocText embeds each record's retrieval text
// (retrievers.DocText, what the in-memory index embeds) instead of the
// compact retrievers.SemanticText: better for the hashing embedder, too
// slow to embed for MiniLM.
func WithDocText() BuildOption {
	return func(c *buildConfig) { c.text, c.textVersion = retrievers.DocText, retrievers.DocTextVersion }
}

// WithCacheFile puts the embedding cache at path instead of
// DIR/embed-cache.bolt.
func WithCacheFile(path string) BuildOption {
	return func(c *buildConfig) { c.cachePath = path }
}

// WithoutCache embeds every text without a disk cache (an embedder that
// is already a *diskcache.Cached is never wrapped again).
func WithoutCache() BuildOption {
	return func(c *buildConfig) { c.noCache = true }
}

// WithBatchSize sets how many texts go to the embedder at once (default
// 256); progress is reported after each batch.
func WithBatchSize(n int) BuildOption {
	return func(c *buildConfig) { c.batchSize = n }
}

// Build writes the indexes of ds into dir (created if needed; an earlier
// build there is replaced, the embedding cache kept): the BM25 index, then
// the vectors of every record's retrievers.SemanticText embedded with e,
// then the manifests. progress, when not nil, is called with a stage name
// (StageBM25, StageEmbed, StageVectors) and the work done and total in that
// stage; it is called from Build's goroutine.
func Build(ctx context.Context, ds *heritage.Dataset, e embed.Embedder, dir string, progress func(stage string, done, total int), opts ...BuildOption) (Manifest, error) {
	start := time.Now()
	cfg := newBuildConfig(opts)
	if progress == nil {
		progress = func(string, int, int) {}
	}
	if ds == nil || e == nil || dir == "" {
		return Manifest{}, errors.New("index: build needs a dataset, an embedder and a directory")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Manifest{}, fmt.Errorf("index: %w", err)
	}
	// Invalidate the old build first: a build cut short must not leave a
	// manifest that describes other files.
	for _, name := range []string{ManifestFile, VectorsMetaFile, VectorsFile, SparseFile, CompactFile, BM25File, oldBM25Dir} {
		if err := os.RemoveAll(filepath.Join(dir, name)); err != nil {
			return Manifest{}, fmt.Errorf("index: remove old %s: %w", name, err)
		}
	}

	emb := e
	var cache *diskcache.Cached
	if c, ok := e.(*diskcache.Cached); ok {
		cache = c
	} else if !cfg.noCache {
		path := cfg.cachePath
		if path == "" {
			path = filepath.Join(dir, CacheFile)
		}
		c, err := diskcache.Wrap(e, path)
		if err != nil {
			return Manifest{}, fmt.Errorf("index: %w", err)
		}
		defer c.Close()
		cache, emb = c, c
	}
	var before diskcache.Stats
	if cache != nil {
		before = cache.Stats()
	}

	n := len(ds.Institutions)
	progress(StageBM25, 0, n)
	bm, err := bm25.New(ds)
	if err != nil {
		return Manifest{}, fmt.Errorf("index: %w", err)
	}
	if err := writeAtomic(filepath.Join(dir, BM25File), bm.WriteIndex); err != nil {
		return Manifest{}, err
	}
	progress(StageBM25, n, n)
	if err := ctx.Err(); err != nil {
		return Manifest{}, fmt.Errorf("index: %w", err)
	}

	vecs := make([][]float32, 0, n)
	texts := make([]string, 0, cfg.batchSize)
	progress(StageEmbed, 0, n)
	for lo := 0; lo < n; lo += cfg.batchSize {
		hi := min(lo+cfg.batchSize, n)
		texts = texts[:0]
		for i := lo; i < hi; i++ {
			texts = append(texts, cfg.text(&ds.Institutions[i]))
		}
		vs, err := emb.Embed(ctx, texts)
		if err != nil {
			return Manifest{}, fmt.Errorf("index: embed records %d-%d: %w", lo, hi-1, err)
		}
		if len(vs) != len(texts) {
			return Manifest{}, fmt.Errorf("index: embedder %s returned %d vectors for %d texts", e.ID(), len(vs), len(texts))
		}
		vecs = append(vecs, vs...)
		progress(StageEmbed, hi, n)
	}

	progress(StageVectors, 0, 1)
	vx, err := vector.FromVectors(ds, e, vecs)
	if err != nil {
		return Manifest{}, fmt.Errorf("index: %w", err)
	}
	if err := writeAtomic(filepath.Join(dir, VectorsFile), vx.WriteVectors); err != nil {
		return Manifest{}, err
	}
	if vx.Sparse() {
		if err := writeAtomic(filepath.Join(dir, SparseFile), vx.WriteSparse); err != nil {
			return Manifest{}, err
		}
		if vector.HoldsCodes(n) {
			if err := writeAtomic(filepath.Join(dir, CompactFile), vx.WriteCompact); err != nil {
				return Manifest{}, err
			}
		}
	}
	vm := VectorsMeta{
		EmbedderID: e.ID(), Dim: e.Dim(), Records: n, DataVersion: ds.Version,
		IDsSHA256: vector.IDsDigest(ds), SemanticText: cfg.textVersion, Layout: layout,
	}
	if err := writeJSON(filepath.Join(dir, VectorsMetaFile), vm); err != nil {
		return Manifest{}, err
	}
	progress(StageVectors, 1, 1)

	m := Manifest{
		Format: Format, DataVersion: ds.Version, EmbedderID: e.ID(), Dim: e.Dim(),
		Records: n, BM25Docs: n, SemanticText: cfg.textVersion,
		BuiltAt: time.Now().UTC().Truncate(time.Second),
	}
	if cache != nil {
		s := cache.Stats()
		m.CacheHits, m.CacheMisses = s.Hits-before.Hits, s.Misses-before.Misses
	}
	if m.Files, err = sumFiles(dir); err != nil {
		return Manifest{}, err
	}
	m.BuildSeconds = time.Since(start).Seconds()
	if err := writeJSON(filepath.Join(dir, ManifestFile), m); err != nil {
		return Manifest{}, err
	}
	return m, nil
}

// ReadManifest reads DIR/manifest.json; a missing file wraps ErrNotBuilt.
func ReadManifest(dir string) (Manifest, error) {
	var m Manifest
	if err := readJSON(filepath.Join(dir, ManifestFile), &m); err != nil {
		return Manifest{}, err
	}
	return m, nil
}
