package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/hybridrag/hybridrag/compose"
	"github.com/hybridrag/hybridrag/config"
	"github.com/hybridrag/hybridrag/embed/diskcache"
	"github.com/hybridrag/hybridrag/embed/onnx"
	"github.com/hybridrag/hybridrag/engines"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/index"
	"github.com/hybridrag/hybridrag/retrievers"
	"github.com/hybridrag/hybridrag/sources"
)

// localStore is the directory store of users' sources the
// configuration names, or nil when it is "off" or there is no home
// directory to keep it in.
func (e *env) localStore(cfg config.Config) *sources.Store {
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

// openStore is the store of users' sources: with Neo4j configured, the
// store kept there, which every process using that server shares (a
// directory store is then only offered for upload, see warnNotUploaded);
// else the directory store. It is nil when the store is "off" or there is
// no home directory to keep it in. release releases it.
func (e *env) openStore(cfg config.Config) (st sources.Backend, release func(), err error) {
	none := func() {}
	switch {
	case cfg.Store == "off":
		return nil, none, nil
	case cfg.Neo4j.URI != "":
		shared, err := compose.OpenSources(cfg)
		if err != nil {
			return nil, none, err
		}
		return shared, func() { _ = shared.Close(context.Background()) }, nil
	}
	if local := e.localStore(cfg); local != nil {
		return local, none, nil
	}
	return nil, none, nil
}

// loadComposed loads the base data (the bundled records or --data) and
// lays the store's sources over it. A shared store whose server cannot
// be reached is named in a warning and the base data is answered from
// (a running serve loads the sources once the server answers).
func (e *env) loadComposed(cfg config.Config) (*sources.Data, error) {
	base, err := e.loadBase(cfg)
	if err != nil {
		return nil, err
	}
	st, closeStore, err := e.openStore(cfg)
	if err != nil {
		return nil, err
	}
	defer closeStore()
	if st == nil {
		return sources.Plain(base), nil
	}
	e.warnNotUploaded(cfg, st)
	state, err := st.Read(context.Background())
	switch {
	case errors.Is(err, sources.ErrUnavailable):
		fmt.Fprintf(e.stderr, "hybridrag: warning: the store of sources cannot be read, answering without its sources: %v\n", err)
		state = &sources.State{}
	case err != nil:
		return nil, err
	}
	e.warnRecovered(state)
	data, err := sources.Overlay(base, state)
	if err != nil {
		return nil, err
	}
	for _, w := range data.Warnings {
		fmt.Fprintf(e.stderr, "hybridrag: warning: the store %s: %s\n", st, w)
	}
	return data, nil
}

// notUploaded says what the directory store holds that was never
// uploaded into the shared store st ("" when nothing, or when st is
// the directory store itself).
func (e *env) notUploaded(cfg config.Config, st sources.Backend) string {
	local := e.localStore(cfg)
	if local == nil {
		return ""
	}
	if dir, ok := st.(*sources.Store); ok && dir.Dir() == local.Dir() {
		return ""
	}
	ls, err := local.Read(context.Background())
	switch {
	case err != nil:
		if _, statErr := os.Stat(local.Dir()); statErr != nil {
			return ""
		}
		return fmt.Sprintf("the directory store %s cannot be read (%v), so what it holds is not in the store in %s", local.Dir(), err, st)
	case ls.Empty(), ls.Version == local.Uploaded():
		return ""
	}
	return fmt.Sprintf("the directory store %s holds %s in %s and %s that were never uploaded into the store in %s, which every process using that server shares; "+
		"upload them with \"hybridrag ingest --sync\" (records of the same id are replaced, the others kept)",
		local.Dir(), plural(ls.Len(), "record"), plural(len(ls.Sources), "source"), plural(len(ls.Hidden), "deleted bundled record"), st)
}

// warnNotUploaded names, on stderr, a directory store that was never
// uploaded into the shared store st.
func (e *env) warnNotUploaded(cfg config.Config, st sources.Backend) {
	if msg := e.notUploaded(cfg, st); msg != "" {
		fmt.Fprintf(e.stderr, "hybridrag: warning: %s\n", msg)
	}
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
	if prev != nil && prev.bm25 != nil && cfg.Qdrant.URL != "" {
		// Qdrant holds the vectors (an update wrote them there): only the
		// BM25 index is derived, and no vector index is made unless
		// Qdrant does not answer (compose.Build).
		bm, err := prev.bm25.Derive(data.Dataset, sources.Reuse(data, prev.composed))
		if err != nil {
			return ic, err
		}
		ecfg.BM25, ic.text = bm, prev.vectorText
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
