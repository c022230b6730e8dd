package index

import (
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/names"
	"github.com/hybridrag/hybridrag/internal/packed"
)

// NamesFile keeps the name index (internal/names) of a data version.
const NamesFile = "names.idx"

// namesFile changes format whenever internal/names changes what it
// derives from a name.
var namesFile = derivedFile[*names.Index]{
	file:   NamesFile,
	name:   "names",
	format: 1,
	encode: func(ix *names.Index, w *packed.Writer) { ix.Encode(w) },
	decode: names.Decode,
	build:  names.New,
}

// Names returns the name index of ds, read from root/<ds.Version>/NamesFile
// when that holds a usable one, else built and kept there for the next
// start.
func Names(root string, ds *heritage.Dataset) *names.Index {
	ix, _ := namesFile.load(root, ds)
	return ix
}
