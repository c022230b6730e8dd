package kg

import "github.com/hybridrag/hybridrag/internal/keyindex"

// keyIndex finds a node after the institutions by its id (keyindex: the
// ids are those the nodes hold, Graph.extra, not kept twice).
type keyIndex struct{ keyindex.Index }

func newKeyIndex(size int) keyIndex { return keyIndex{keyindex.New(size)} }

// find returns the index into extra of the node with the given id.
func (x *keyIndex) find(extra []extraNode, id string) (int, bool) {
	return x.Find(id, func(e int) string { return extra[e].id })
}

// add indexes extra[e], whose id is not yet indexed.
func (x *keyIndex) add(extra []extraNode, e int) {
	x.AddNew(e, func(e int) string { return extra[e].id })
}
