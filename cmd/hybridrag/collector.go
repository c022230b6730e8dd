package main

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"sync"

	"github.com/hybridrag/hybridrag/config"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/index"
)

// A start that opens what the cache directory holds (the dataset
// snapshot, the derived files, the search indexes) allocates almost only
// what it keeps: the structures read, and the files they are views of.
// The garbage collector then finds next to nothing to free, yet, as the
// heap grows from nothing to its full size, it runs again and again and
// marks what is there each time: about a quarter of such a start's CPU.
// So it is paused while such a start opens the cache, and resumed before
// anything is derived or built (which makes garbage) and once the stack
// is open; the process's resident memory is the same either way.
//
// The collector's setting belongs to the process, not to one stack: the
// pauses of stacks opened at once (tests run commands in parallel) are
// counted, and the setting found by the first is restored by the last.
var collector struct {
	mu      sync.Mutex
	pauses  int
	percent int
}

// pauseCollector turns the garbage collector off until resume is called;
// calling resume again does nothing.
func pauseCollector() (resume func()) {
	collector.mu.Lock()
	if collector.pauses == 0 {
		collector.percent = debug.SetGCPercent(-1)
	}
	collector.pauses++
	collector.mu.Unlock()
	return sync.OnceFunc(func() {
		collector.mu.Lock()
		collector.pauses--
		if collector.pauses == 0 {
			debug.SetGCPercent(collector.percent)
		}
		collector.mu.Unlock()
	})
}

// setGCPercent sets the collector's percentage (debug.SetGCPercent);
// while the collector is paused, it is the percentage the last resume
// restores.
func setGCPercent(percent int) {
	collector.mu.Lock()
	defer collector.mu.Unlock()
	if collector.pauses > 0 {
		collector.percent = percent
		return
	}
	debug.SetGCPercent(percent)
}

// pauseToOpen pauses the collector when a start over cfg opens the cache
// (see opensCache) and returns what resumes it; otherwise it returns a
// function that does nothing.
func (e *env) pauseToOpen(cfg config.Config) (resume func()) {
	if !e.opensCache(cfg) {
		return func() {}
	}
	return pauseCollector()
}

// opensCache reports whether a start over cfg will find what it needs in
// the cache directory: the bundled data, or a --data file whose version
// the cache has noted for the file as it is (index.NotedVersion: the
// file is not read), alone (no sources in the store), its snapshot and
// the files derived from it. The search indexes are
// built, when they are not there, after a call to the start's building
// hook; so is anything whose file turns out not to be usable, except a
// damaged snapshot of the bundled data, which is read again from the
// bundled records with the collector paused (a bounded amount of garbage,
// once).
func (e *env) opensCache(cfg config.Config) bool {
	root := cacheRoot(cfg, nil)
	if root == "" {
		return false
	}
	if cfg.Neo4j.URI != "" && cfg.Store != "off" {
		return false // the sources are in Neo4j: not known without asking
	}
	if st := e.localStore(cfg); st != nil {
		if v, err := st.Version(); err != nil || v != "" {
			return false
		}
	}
	version := heritage.EmbeddedVersion()
	if cfg.Data != "" {
		if version = index.NotedVersion(root, cfg.Data); version == "" {
			return false
		}
	}
	if _, err := os.Stat(filepath.Join(root, version, index.DatasetFile)); err != nil {
		return false
	}
	return index.DerivedKept(root, version)
}
