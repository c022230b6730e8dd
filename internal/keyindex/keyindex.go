// Package keyindex finds an item of a slice by its string key without
// keeping the keys twice: a hash table with open addressing whose slots
// hold item numbers, the keys being those the items hold. A map from key
// to number takes some 50 bytes an item, this some 6.
package keyindex

import "hash/maphash"

// Index maps keys to item numbers. The zero Index is an empty one.
type Index struct {
	seed  maphash.Seed
	slots []int32 // an item's number + 1; 0 is an empty slot
	n     int
}

// New returns an empty index with room for size items before it grows.
func New(size int) Index {
	slots := 16
	for slots < size+size/2+1 {
		slots *= 2
	}
	return Index{seed: maphash.MakeSeed(), slots: make([]int32, slots)}
}

// Len is the number of items indexed.
func (x *Index) Len() int { return x.n }

// Find returns the number of the item whose key is key; keyOf gives the
// key of item i.
func (x *Index) Find(key string, keyOf func(i int) string) (int, bool) {
	return x.FindFunc(key, func(i int) bool { return keyOf(i) == key })
}

// FindFunc is Find for items whose keys are cheaper to compare than to
// make: is reports whether the key of item i is key.
func (x *Index) FindFunc(key string, is func(i int) bool) (int, bool) {
	if len(x.slots) == 0 {
		return 0, false
	}
	mask := uint64(len(x.slots) - 1)
	for i := maphash.String(x.seed, key) & mask; ; i = (i + 1) & mask {
		s := x.slots[i]
		if s == 0 {
			return 0, false
		}
		if is(int(s - 1)) {
			return int(s - 1), true
		}
	}
}

// Add indexes item i and reports true, or reports false when an item of
// its key is indexed already. The table doubles when it is two thirds
// full.
func (x *Index) Add(i int, keyOf func(i int) string) bool {
	if _, dup := x.Find(keyOf(i), keyOf); dup {
		return false
	}
	x.AddNew(i, keyOf)
	return true
}

// AddNew indexes item i without looking its key up first: for items
// known to have keys of their own (those of an index written out and
// read back). Should a key come twice, Find returns one of its items.
func (x *Index) AddNew(i int, keyOf func(i int) string) {
	if 3*(x.n+1) > 2*len(x.slots) {
		grown := New(2 * (x.n + 1))
		if len(x.slots) > 0 {
			grown.seed = x.seed
		}
		for _, s := range x.slots {
			if s != 0 {
				grown.put(int(s-1), keyOf)
			}
		}
		*x = grown
	}
	x.put(i, keyOf)
}

func (x *Index) put(i int, keyOf func(i int) string) {
	mask := uint64(len(x.slots) - 1)
	k := maphash.String(x.seed, keyOf(i)) & mask
	for x.slots[k] != 0 {
		k = (k + 1) & mask
	}
	x.slots[k] = int32(i + 1)
	x.n++
}
