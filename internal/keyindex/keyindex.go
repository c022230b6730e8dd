// Package keyindex finds an item of a slice by its string key without
// keeping the keys twice: a hash table with open addressing whose slots
// hold item numbers, the keys being those the items hold. A map from key
// to number takes some 50 bytes an item, this some 6.
//
// A slot also holds the bits of the key's hash that its item's number
// leaves free, so that a probe passes the slots of other keys without
// reading their items' keys: over many items each such read is a miss of
// the caches, and a look-up at two thirds full probes two slots on
// average.
//
// Keys are hashed without a seed (xxhash), so that a table written out
// (Table) is one again when read back by another process (Load).
package keyindex

import (
	"math/bits"

	"github.com/cespare/xxhash/v2"
)

// Index maps keys to item numbers. The zero Index is an empty one.
type Index struct {
	// slots hold a tag of the key's hash above the item's number + 1 in
	// the low width bits; 0 is an empty slot.
	slots []uint32
	width uint
	n     int
}

// New returns an empty index with room for size items, numbered below
// size, before it grows.
func New(size int) Index {
	return Index{slots: make([]uint32, slotsFor(size)), width: uint(bits.Len(uint(size)))}
}

// slotsFor is the length of a table with room for size items.
func slotsFor(size int) int {
	slots := 16
	for slots < size+size/2+1 {
		slots *= 2
	}
	return slots
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
	h := xxhash.Sum64String(key)
	tag, mask := x.tag(h), uint64(len(x.slots)-1)
	for i := h & mask; ; i = (i + 1) & mask {
		s := x.slots[i]
		if s == 0 {
			return 0, false
		}
		if s>>x.width == tag && is(x.item(s)) {
			return x.item(s), true
		}
	}
}

// tag is the part of hash h a slot keeps: its high bits, as many as the
// item numbers leave.
func (x *Index) tag(h uint64) uint32 { return uint32(h>>32) >> x.width }

// item is the number of the item in slot s.
func (x *Index) item(s uint32) int { return int(s&(1<<x.width-1)) - 1 }

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
// The table is made again when it doubles and when i's number needs
// more bits than the slots have given item numbers so far.
func (x *Index) AddNew(i int, keyOf func(i int) string) {
	full := 3*(x.n+1) > 2*len(x.slots)
	if width := uint(bits.Len(uint(i + 1))); full || width > x.width {
		grown := Index{slots: make([]uint32, len(x.slots)), width: max(x.width, width)}
		if full {
			grown.slots = make([]uint32, slotsFor(2*(x.n+1)))
		}
		for _, s := range x.slots {
			if s != 0 {
				grown.put(x.item(s), keyOf)
			}
		}
		*x = grown
	}
	x.put(i, keyOf)
}

func (x *Index) put(i int, keyOf func(i int) string) {
	h := xxhash.Sum64String(keyOf(i))
	mask := uint64(len(x.slots) - 1)
	k := h & mask
	for x.slots[k] != 0 {
		k = (k + 1) & mask
	}
	x.slots[k] = x.tag(h)<<x.width | uint32(i+1)
	x.n++
}

// Table returns the index as it lies in memory: its slots and the bits
// of a slot that hold an item's number. Load makes the index again from
// them; the slots are the index's own, not to be changed.
func (x *Index) Table() (slots []uint32, width uint) { return x.slots, x.width }

// Load returns the index whose Table gave slots and width, over items
// numbered below items, or false when they cannot be one: a length that
// is no power of two of 16 or more, no empty slot (a look-up of a key
// not indexed would not end), or a slot naming an item past items. An
// index loaded from a damaged table that passes these checks finds
// wrong items, but never reads past the items.
func Load(slots []uint32, width uint, items int) (Index, bool) {
	size := len(slots)
	if size < 16 || size&(size-1) != 0 || width > 31 || items >= 1<<width {
		return Index{}, false
	}
	x := Index{slots: slots, width: width}
	for _, s := range slots {
		if s == 0 {
			continue
		}
		if x.item(s) >= items {
			return Index{}, false
		}
		x.n++
	}
	return x, x.n < size
}
