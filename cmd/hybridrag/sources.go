package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/hybridrag/hybridrag/config"
	"github.com/hybridrag/hybridrag/embed/diskcache"
	"github.com/hybridrag/hybridrag/embed/onnx"
	"github.com/hybridrag/hybridrag/engines"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/index"
	"github.com/hybridrag/hybridrag/retrievers"
	"github.com/hybridrag/hybridrag/sources"
)

// openStore is the store of users' sources the configuration names, or
// nil when it is "off" or there is no home directory to keep it in.
func (e *env) openStore(cfg config.Config) *sources.Store {
	dir := cfg.Store
	switch dir {
	case "off":
		return nil
	case "":
		if dir = sources.DefaultDir(e.getenv); dir == "" {
			return nil
		}
	}
	return sources.Open(dir)
}

// loadComposed loads the base data (the bundled records or --data) and
// lays the store's sources over it.
func (e *env) loadComposed(cfg config.Config) (*sources.Data, error) {
	base, err := e.loadBase(cfg)
	if err != nil {
		return nil, err
	}
	st := e.openStore(cfg)
	if st == nil {
		return sources.Plain(base), nil
	}
	state, err := st.Read()
	if err != nil {
		return nil, err
	}
	e.warnRecovered(state)
	data, err := sources.Overlay(base, state)
	if err != nil {
		return nil, err
	}
	for _, w := range data.Warnings {
		fmt.Fprintf(e.stderr, "hybridrag: warning: the store %s: %s\n", st.Dir(), w)
	}
	return data, nil
}

// warnRecovered tells the user when the store's newest version was
// damaged and an earlier one is read.
func (e *env) warnRecovered(st *sources.State) {
	if st.Recovered != "" {
		fmt.Fprintf(e.stderr, "hybridrag: warning: %s\n", st.Recovered)
	}
}

// indexChoice is where a stack's embedded indexes came from.
type indexChoice struct {
	opened  *openedIndexes // the on-disk indexes, when in use
	text    func(*heritage.Institution) string
	closers []func()
}

// embeddedIndexes chooses the prebuilt indexes of ecfg: from prev's
// vectors when there is an earlier stack (only the records new or changed
// since are embedded), else the base's on-disk indexes, with the vectors
// of the store's records added to them. What is not prebuilt is built in
// memory by the engines (compose.Build). building is called before
// anything is built: indexes into the cache or in memory.
func (e *env) embeddedIndexes(ctx context.Context, cfg config.Config, data *sources.Data, prev *stack, log *slog.Logger, ecfg *engines.Config, building func()) (indexChoice, error) {
	ic := indexChoice{text: retrievers.DocText}
	if prev != nil && prev.vector != nil && prev.bm25 != nil && cfg.Qdrant.URL == "" {
		v, _, err := sources.Vectors(ctx, data, prev.composed, prev.vector, prev.vectorText, nil)
		if err != nil {
			return ic, err
		}
		bm, err := prev.bm25.Derive(data.Dataset, sources.Reuse(data, prev.composed))
		if err != nil {
			return ic, err
		}
		ecfg.Embedder, ecfg.Vector, ecfg.BM25, ic.text = v.Embedder(), v, bm, prev.vectorText
		return ic, nil
	}
	x, err := openIndexes(ctx, cfg, data.Base, ecfg.Embedder, e.stderr, log, building)
	if err != nil || x == nil {
		building()
		return ic, err
	}
	ic.opened, ic.closers = x, []func(){x.close}
	ecfg.Embedder, ecfg.Vector, ecfg.BM25 = x.embedder, x.Vector, x.BM25
	if x.Manifest.SemanticText != retrievers.DocTextVersion {
		ic.text = retrievers.SemanticText
	}
	if data.Dataset != data.Base {
		// The store's sources are laid over the base: the base's vectors
		// are reused, the rest is made over the composed data.
		plain := sources.Plain(data.Base)
		emb := x.Vector.Embedder()
		if _, model := onnx.ModelNamed(cfg.Embedder); x.state != indexGiven && model {
			// The build's embedding cache: a model's vectors of the
			// sources' records are computed once, not at every start.
			if c, err := diskcache.WrapWith(emb, x.dir+"."+index.CacheFile, diskcache.Options{LockTimeout: 200 * time.Millisecond}); err == nil {
				emb = c
				defer func() { _ = c.Close() }()
			}
		}
		v, _, err := sources.Vectors(ctx, data, plain, x.Vector, ic.text, emb)
		if err == nil {
			ecfg.BM25, err = x.BM25.Derive(data.Dataset, sources.Reuse(data, plain))
		}
		if err != nil {
			x.close()
			return ic, err
		}
		ecfg.Vector = v
	}
	return ic, nil
}
