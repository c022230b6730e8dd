package main

import (
	ragcontext "github.com/hybridrag/hybridrag/context"
	"github.com/hybridrag/hybridrag/engines"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/index"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/names"
	"github.com/hybridrag/hybridrag/router"
)

// background runs f in its own goroutine and returns what waits for its
// result.
func background[T any](f func() T) (wait func() T) {
	done := make(chan struct{})
	var v T
	go func() {
		defer close(done)
		v = f()
	}()
	return func() T {
		<-done
		return v
	}
}

// preloadTokenizer loads the context builder's tokenizer in the
// background: its vocabulary takes as long to load as the dataset, and
// the two load at once on a machine of two cores.
func preloadTokenizer() (wait func()) {
	w := background(func() error {
		_, err := ragcontext.NewTokenizer() // shared; its error is the pipeline's to report
		return err
	})
	return func() { _ = w() }
}

// useDerived reads what is derived from the data alone (the router's
// tables, the knowledge graph, the name index) from the cache directory
// root, each in the background while the search indexes open, and has
// ecfg wait for them. The name index is read too, though the router asks
// for it only on a question that names an institution inexactly: most
// do. deriving is called before one of them is derived (its file was not
// usable). wait returns once every read is done.
func useDerived(root string, ds *heritage.Dataset, ecfg *engines.Config, deriving func()) (wait func()) {
	tables := background(func() *router.Tables { return index.RouterTables(root, ds, deriving) })
	graph := background(func() *kg.Graph { return index.Graph(root, ds, deriving) })
	nameIx := background(func() *names.Index { return index.Names(root, ds, deriving) })
	ecfg.RouterOptions = append(ecfg.RouterOptions,
		router.WithTables(func(*heritage.Dataset) *router.Tables { return tables() }),
		router.WithNameIndex(func(*heritage.Dataset) *names.Index { return nameIx() }))
	ecfg.Graph = func(*heritage.Dataset) *kg.Graph { return graph() }
	return func() { tables(); graph(); nameIx() }
}
