package heritage

import "hash/maphash"

// idIndex finds a record by its id: a hash table with open addressing
// whose slots hold record numbers, the ids being those the records hold,
// so that no id is kept twice (a map from id to number takes some 50
// bytes a record, this some 6).
type idIndex struct {
	seed  maphash.Seed
	slots []int32 // a record's number + 1; 0 is an empty slot
	n     int
}

func newIDIndex(size int) idIndex {
	slots := 16
	for slots < size+size/2+1 {
		slots *= 2
	}
	return idIndex{seed: maphash.MakeSeed(), slots: make([]int32, slots)}
}

// find returns the number of the record in recs with the given id.
func (x *idIndex) find(recs []Institution, id string) (int, bool) {
	if len(x.slots) == 0 {
		return 0, false
	}
	mask := uint64(len(x.slots) - 1)
	for i := maphash.String(x.seed, id) & mask; ; i = (i + 1) & mask {
		s := x.slots[i]
		if s == 0 {
			return 0, false
		}
		if recs[s-1].ID == id {
			return int(s - 1), true
		}
	}
}

// add indexes recs[i] and reports true, or reports false when a record
// of its id is indexed already. The table doubles when it is two thirds
// full; the zero idIndex is an empty one.
func (x *idIndex) add(recs []Institution, i int) bool {
	if _, dup := x.find(recs, recs[i].ID); dup {
		return false
	}
	if 3*(x.n+1) > 2*len(x.slots) {
		grown := newIDIndex(2 * (x.n + 1))
		if len(x.slots) > 0 {
			grown.seed = x.seed
		}
		for _, s := range x.slots {
			if s != 0 {
				grown.put(recs, int(s-1))
			}
		}
		*x = grown
	}
	x.put(recs, i)
	return true
}

func (x *idIndex) put(recs []Institution, i int) {
	mask := uint64(len(x.slots) - 1)
	k := maphash.String(x.seed, recs[i].ID) & mask
	for x.slots[k] != 0 {
		k = (k + 1) & mask
	}
	x.slots[k] = int32(i + 1)
	x.n++
}
