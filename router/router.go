package router

import (
	"fmt"
	"sync"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/names"
	"github.com/hybridrag/hybridrag/router/frameclass"
)

// Router plans retrieval for heritage questions. Build it once with New; it
// is read-only afterwards and safe for concurrent use.
type Router struct {
	g *gazetteer
	// model is the learned frame model the resolver consults
	// (frameclass.Default unless WithFrameModel says otherwise).
	model    *frameclass.Model
	modelSet bool
	wikidata bool
	baseK    int
	names    func(*heritage.Dataset) *names.Index
	tables   func(*heritage.Dataset) *Tables
	// fusion is the fusion and leg weights per intent (fusion.json
	// unless WithFusionTable says otherwise).
	fusion FusionTable
	// lex is the vocabulary (DefaultLexicon unless WithLexicon says
	// otherwise)
	lex *Lexicon
}

// Option configures a Router.
type Option func(*Router)

// WithWikidata says a Wikidata (SPARQL) retriever is configured, so that
// plans may include a wikidata leg.
func WithWikidata(on bool) Option { return func(r *Router) { r.wikidata = on } }

// WithK sets the default retrieval depth of a leg (10 when unset).
func WithK(k int) Option {
	return func(r *Router) {
		if k > 0 {
			r.baseK = k
		}
	}
}

// WithNameIndex sets how the name index (names) is had on the
// first misspelt-name look-up: read from a cache instead of built
// (names.New, the default). It must return the index names.New would
// build for the dataset.
func WithNameIndex(load func(*heritage.Dataset) *names.Index) Option {
	return func(r *Router) { r.names = load }
}

// NameIndex returns the name index (names) of the router's
// dataset, had as WithNameIndex says on the first call or the first
// misspelt-name look-up, whichever comes first; others that search names
// (the linker) can share it.
func (r *Router) NameIndex() *names.Index { return r.g.nameIx.get() }

// defaultModel is the frame model embedded in the binary, decoded once.
var defaultModel = sync.OnceValues(frameclass.Default)

// New builds the router's gazetteers (names, bodies, places, identifiers,
// subjects) from the dataset.
func New(ds *heritage.Dataset, opts ...Option) *Router {
	r := &Router{baseK: 10}
	for _, o := range opts {
		o(r)
	}
	if r.lex == nil {
		r.lex = DefaultLexicon()
	}
	if !r.modelSet {
		m, err := defaultModel()
		if err != nil {
			panic(fmt.Sprintf("router: the embedded frame model: %v", err))
		}
		r.model = m
	}
	if r.fusion.Intents == nil {
		r.fusion = DefaultFusionTable()
	}
	if r.tables != nil {
		r.g = r.tables(ds).g
	} else {
		r.g = buildGazetteer(ds, r.lex)
	}
	if r.names != nil {
		r.g.nameIx.build = r.names
	}
	r.g.spans()
	return r
}
