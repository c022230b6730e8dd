package heritage

import "github.com/hybridrag/hybridrag/internal/keyindex"

// idIndex finds a record by its id (keyindex: the ids are those the
// records hold, not kept twice).
type idIndex struct{ keyindex.Index }

func newIDIndex(size int) idIndex { return idIndex{keyindex.New(size)} }

// find returns the number of the record in recs with the given id.
func (x *idIndex) find(recs []Institution, id string) (int, bool) {
	return x.Find(id, func(i int) string { return recs[i].ID })
}

// add indexes recs[i] and reports true, or reports false when a record
// of its id is indexed already.
func (x *idIndex) add(recs []Institution, i int) bool {
	return x.Add(i, func(i int) string { return recs[i].ID })
}
