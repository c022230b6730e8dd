package index

import (
	"os"
	"path/filepath"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/names"
	"github.com/hybridrag/hybridrag/router"
)

// The files derived from the data alone, in root/<data version>/.
const (
	// NamesFile keeps the name index (names).
	NamesFile = "names.idx"
	// GraphFile keeps the knowledge graph (kg).
	GraphFile = "graph.kg"
	// RouterFile keeps the router's tables (router.Tables).
	RouterFile = "router.tables"
)

// A file's format changes whenever its package changes what it derives
// from a record or how it encodes it.
var (
	namesFile  = derivedFile[*names.Index]{NamesFile, "names", 6, (*names.Index).Encode, names.Decode, names.New, nil}
	graphFile  = derivedFile[*kg.Graph]{GraphFile, "graph", 6, (*kg.Graph).Encode, kg.Decode, kg.New, nil}
	routerFile = derivedFile[*router.Tables]{RouterFile, "router", 4, (*router.Tables).Encode, router.DecodeTables, router.NewTables, nil}
)

// Names returns the name index of ds, read from root/<ds.Version>/NamesFile
// when that holds a usable one, else built (after calling deriving, when
// not nil) and kept there for the next start.
func Names(root string, ds *heritage.Dataset, deriving func()) *names.Index {
	ix, _ := namesFile.load(root, ds, deriving)
	return ix
}

// Graph returns the knowledge graph of ds, read from
// root/<ds.Version>/GraphFile when that holds a usable one, else built
// (after calling deriving, when not nil) and kept there for the next
// start.
func Graph(root string, ds *heritage.Dataset, deriving func()) *kg.Graph {
	g, _ := graphFile.load(root, ds, deriving)
	return g
}

// RouterTables returns the router's tables of ds, read from
// root/<ds.Version>/RouterFile when that holds usable ones, else derived
// (after calling deriving, when not nil) and kept there for the next
// start.
func RouterTables(root string, ds *heritage.Dataset, deriving func()) *router.Tables {
	t, _ := routerFile.load(root, ds, deriving)
	return t
}

// DerivedKept reports whether root holds a file of every structure derived
// from the data of version: a start that finds them reads them, one that
// does not derives them (and then had better not do so while it builds
// the indexes, which need the memory).
func DerivedKept(root, version string) bool {
	for _, f := range []string{NamesFile, GraphFile, RouterFile} {
		if _, err := os.Stat(filepath.Join(root, version, f)); err != nil {
			return false
		}
	}
	return true
}
