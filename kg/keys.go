package kg

import (
	"unsafe"

	"github.com/hybridrag/hybridrag/internal/keyindex"
)

// keyIndex finds a node after the institutions by its id (keyindex: the
// ids are those the nodes hold or follow from, Graph.extra, not kept
// twice).
type keyIndex struct{ keyindex.Index }

func newKeyIndex(size int) keyIndex { return keyIndex{keyindex.New(size)} }

// find returns the index into g.extra of the node with the given id.
func (x *keyIndex) find(g *Graph, id string) (int, bool) {
	return x.FindFunc(id, func(e int) bool { return g.is(&g.extra[e], id) })
}

// add indexes g.extra[e], whose id is not yet indexed. The ids of
// identifiers are made in one buffer, which the index only hashes.
func (x *keyIndex) add(g *Graph, e int) {
	x.AddNew(e, func(e int) string {
		n := &g.extra[e]
		if n.kind != nIdentifier || n.field == identNamed {
			return g.named[n.at].id
		}
		s := identSchemes[n.field]
		g.idBuf = append(append(append(g.idBuf[:0], "ident:"...), s...), ':')
		g.idBuf = appendNormalIdentifier(g.idBuf, s, g.label(n))
		return unsafe.String(unsafe.SliceData(g.idBuf), len(g.idBuf))
	})
}
