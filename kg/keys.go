package kg

import "github.com/hybridrag/hybridrag/internal/keyindex"

// keyIndex finds a node after the institutions by its id (keyindex: the
// ids are those the nodes hold or follow from, Graph.extra, not kept
// twice).
type keyIndex struct{ keyindex.Index }

func newKeyIndex(size int) keyIndex { return keyIndex{keyindex.New(size)} }

// find returns the index into g.extra of the node with the given id.
func (x *keyIndex) find(g *Graph, id string) (int, bool) {
	return x.FindFunc(id, func(e int) bool { return g.extra[e].is(id, g.nodeIDs) })
}

// add indexes g.extra[e], whose id is not yet indexed.
func (x *keyIndex) add(g *Graph, e int) {
	x.AddNew(e, func(e int) string { return g.extra[e].id(g.nodeIDs) })
}
