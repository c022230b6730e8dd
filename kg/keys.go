package kg

import "hash/maphash"

// keyIndex finds a node after the institutions by its id: a hash table
// with open addressing whose slots hold node numbers, the ids being those
// the nodes hold (Graph.extra), so that no id is kept twice.
type keyIndex struct {
	seed  maphash.Seed
	slots []int32 // index into Graph.extra + 1; 0 is an empty slot
	n     int
}

func newKeyIndex(size int) keyIndex {
	slots := 16
	for slots < 2*size {
		slots *= 2
	}
	return keyIndex{seed: maphash.MakeSeed(), slots: make([]int32, slots)}
}

// find returns the index into extra of the node with the given id.
func (x *keyIndex) find(extra []extraNode, id string) (int, bool) {
	if len(x.slots) == 0 {
		return 0, false
	}
	mask := uint64(len(x.slots) - 1)
	for i := maphash.String(x.seed, id) & mask; ; i = (i + 1) & mask {
		s := x.slots[i]
		if s == 0 {
			return 0, false
		}
		if extra[s-1].id == id {
			return int(s - 1), true
		}
	}
}

// add indexes extra[e], whose id is not yet indexed; the table doubles
// when it is half full.
func (x *keyIndex) add(extra []extraNode, e int) {
	if 2*(x.n+1) > len(x.slots) {
		grown := newKeyIndex(x.n + 1)
		grown.seed = x.seed
		for _, s := range x.slots {
			if s != 0 {
				grown.put(extra, int(s-1))
			}
		}
		*x = grown
	}
	x.put(extra, e)
}

func (x *keyIndex) put(extra []extraNode, e int) {
	mask := uint64(len(x.slots) - 1)
	i := maphash.String(x.seed, extra[e].id) & mask
	for x.slots[i] != 0 {
		i = (i + 1) & mask
	}
	x.slots[i] = int32(e + 1)
	x.n++
}
