package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"sync"
	"time"

	"github.com/hybridrag/hybridrag/config"
	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/embed/diskcache"
	"github.com/hybridrag/hybridrag/engines"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/index"
	"github.com/hybridrag/hybridrag/internal/progress"
)

// openedIndexes are the on-disk indexes a command runs on, and where they
// came from.
type openedIndexes struct {
	*index.Indexes
	embedder embed.Embedder
	close    func()
	// dir holds them; state says how they were found (indexState*).
	dir, state string
}

// How a command found its indexes.
const (
	indexGiven  = "opened (--index)"
	indexOpened = "opened from the cache"
	indexBuilt  = "built into the cache"
)

// openIndexes opens the indexes the configuration names: --index DIR as
// it is, otherwise the build kept in the cache directory, built first when
// it is missing, stale or damaged. It returns nil when the indexes are to
// be built in memory: the cache is "off", Qdrant holds the vectors, or the
// cache cannot be used (a warning says why). building is called before
// a build into the cache.
func openIndexes(ctx context.Context, cfg config.Config, ds *heritage.Dataset, emb embed.Embedder, stderr io.Writer, log *slog.Logger, building func()) (*openedIndexes, error) {
	name := "hashing"
	if emb == nil {
		emb = embed.NewHashing(engines.HashingDim)
	} else {
		name = cfg.Embedder
	}
	if cfg.IndexDir != "" {
		return openGivenIndexes(ctx, cfg.IndexDir, ds, emb, log)
	}
	if cfg.Qdrant.URL != "" {
		return nil, nil
	}
	root := cacheRoot(cfg, log)
	if root == "" {
		return nil, nil
	}
	dir := index.CacheDir(root, ds.Version, name, emb)
	opts := index.EnsureOptions{}
	if name == "hashing" {
		// Hashing a text is cheaper than looking it up, and hashing the
		// full text is what the in-memory index does (and is measured in
		// docs/quality.md).
		opts.Build = append(opts.Build, index.WithoutCache(), index.WithDocText())
	}
	var (
		bar   *progress.Bar
		built bool
	)
	opts.Building = func(reason error) {
		building()
		built = true
		fmt.Fprintf(stderr, "hybridrag: building the search indexes of %d records with the %s embedder into %s (%s), %s; later runs open them\n",
			ds.Len(), name, dir, whyBuild(reason), buildEstimate(name, ds.Len()))
		bar = progress.New(stderr, progress.Options{Terminal: progress.IsTerminal(stderr), Unit: "records"})
	}
	opts.Waiting = func() {
		fmt.Fprintf(stderr, "hybridrag: another process is building the search indexes in %s; waiting for it\n", dir)
	}
	opts.Progress = func(stage string, done, total int) {
		if bar != nil {
			bar.Update(stage, done, total)
		}
	}
	x, err := index.Ensure(ctx, dir, ds, emb, opts)
	if bar != nil {
		bar.Finish()
	}
	if err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		log.Warn("index cache not usable; indexes are built in memory", "dir", dir, "err", err)
		return nil, nil
	}
	state := indexOpened
	if built {
		state = indexBuilt
	}
	return &openedIndexes{Indexes: x, embedder: emb, close: sync.OnceFunc(func() { _ = x.Close() }), dir: dir, state: state}, nil
}

// whyBuild says in a few words why Ensure builds.
func whyBuild(reason error) string {
	switch {
	case errors.Is(reason, index.ErrStale):
		return "the cached ones are for other data or another embedder"
	case errors.Is(reason, index.ErrCorrupt):
		return "the cached ones are damaged"
	}
	return "first run"
}

// cacheRoot is the cache directory the configuration names, or "" when
// it is "off" or there is none (log, when not nil, says why).
func cacheRoot(cfg config.Config, log *slog.Logger) string {
	switch cfg.CacheDir {
	case "off":
		return ""
	case "":
		root, err := index.DefaultRoot()
		if err != nil && log != nil {
			log.Warn("indexes are built in memory", "err", err)
		}
		return root
	}
	return cfg.CacheDir
}

// buildEstimate is how long building the indexes of n records takes,
// from the measurements in docs/benchmarks.md on a 2-core machine.
func buildEstimate(embedder string, n int) string {
	perRecord := 400 * time.Microsecond // hashing: BM25 and vectors
	switch embedder {
	case "minilm":
		// MiniLM on the CPU dominates: 103 s for the bundled records'
		// compact texts (docs/benchmarks.md).
		perRecord = 6500 * time.Microsecond
	case "minilm-q":
		// The quantized model: 57 s of CPU for the same build.
		perRecord = 3500 * time.Microsecond
	}
	d := time.Duration(n) * perRecord
	if d < time.Minute {
		return fmt.Sprintf("once, about %d s", max(1, int(d.Round(time.Second).Seconds())))
	}
	return fmt.Sprintf("once, about %d min", int(d.Round(time.Minute).Minutes()))
}

// openGivenIndexes opens the directory --index names. Queries share the
// build's embedding cache, so a repeated query text is not embedded again.
// The file has one owner at a time; a second process goes on without it.
func openGivenIndexes(ctx context.Context, dir string, ds *heritage.Dataset, emb embed.Embedder, log *slog.Logger) (*openedIndexes, error) {
	closeCache := func() {}
	if cached, err := diskcache.WrapWith(emb, filepath.Join(dir, index.CacheFile), diskcache.Options{LockTimeout: 200 * time.Millisecond}); err != nil {
		log.Warn("embedding cache not shared; queries embed without it", "err", err)
	} else {
		emb = cached
		closeCache = func() { _ = cached.Close() }
	}
	x, err := index.Open(ctx, dir, ds, emb)
	if err != nil {
		closeCache()
		if errors.Is(err, context.Canceled) {
			return nil, err
		}
		return nil, usagef("--index: %v", err)
	}
	return &openedIndexes{Indexes: x, embedder: emb, dir: dir, state: indexGiven,
		close: sync.OnceFunc(func() { _ = x.Close(); closeCache() })}, nil
}
