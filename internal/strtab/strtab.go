// Package strtab holds a set of distinct strings numbered 0…n−1 in one
// string with offsets and an open-addressing hash table of the numbers:
// for the many short strings of an index (names, keys, words) a fraction
// of the memory of a map[string]int32 and of a []string, which keep a
// header, a separate allocation and a map slot for every string.
package strtab

import (
	"strings"

	"github.com/hybridrag/hybridrag/internal/packed"
)

// Table is a numbered set of strings. The zero Table is empty.
type Table struct {
	blob  string
	off   []uint32 // string k is blob[off[k]:off[k+1]]
	slots []int32  // 1 + a string's number; 0 is empty. A power of two long
}

// New numbers ss. A repeated string keeps its first number.
func New(ss []string) Table {
	n := 0
	for _, s := range ss {
		n += len(s)
	}
	if uint64(n) > 1<<32-1 {
		panic("strtab: more than 4 GB of strings in one table")
	}
	blob := make([]byte, 0, n)
	t := Table{off: make([]uint32, 1, len(ss)+1)}
	for _, s := range ss {
		blob = append(blob, s...)
		t.off = append(t.off, uint32(len(blob)))
	}
	t.blob = string(blob)
	size := 1
	for size < len(ss)+len(ss)/2+1 {
		size *= 2
	}
	t.slots = make([]int32, size)
	mask := uint64(size - 1)
	for k, s := range ss {
		i := Hash(s) & mask
		for ; t.slots[i] != 0; i = (i + 1) & mask {
			if t.At(t.slots[i]-1) == s {
				break
			}
		}
		if t.slots[i] == 0 {
			t.slots[i] = int32(k) + 1
		}
	}
	return t
}

// Len is the number of strings.
func (t *Table) Len() int { return max(len(t.off)-1, 0) }

// At is string k.
func (t *Table) At(k int32) string { return t.blob[t.off[k]:t.off[k+1]] }

// Find returns the number of s.
func (t *Table) Find(s string) (int32, bool) {
	if len(t.slots) == 0 {
		return -1, false
	}
	mask := uint64(len(t.slots) - 1)
	for i := Hash(s) & mask; t.slots[i] != 0; i = (i + 1) & mask {
		if k := t.slots[i] - 1; t.At(k) == s {
			return k, true
		}
	}
	return -1, false
}

// Hash is 64-bit FNV-1a with its high bits folded into the low ones,
// which index the table. It has no random seed: a table read from a file
// has the very slots of the one built.
func Hash(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h ^ h>>32
}

// Encode writes the table as it lies in memory, for Read.
func (t *Table) Encode(w *packed.Writer) {
	w.String(t.blob)
	packed.Array(w, t.off)
	packed.Array(w, t.slots)
}

// Read reads a table Encode wrote; the table copies what it keeps. The
// caller checks r.Err() and then Fits.
func Read(r *packed.Reader) Table {
	return Table{blob: strings.Clone(r.String()), off: packed.ReadArray[uint32](r), slots: packed.ReadArray[int32](r)}
}

// Fits reports whether the table's offsets lie within its text and its
// slots name its strings, with one slot empty at least: whether a table
// read is whole, so that no look-up in it can fail.
func (t *Table) Fits() bool {
	size := len(t.slots)
	if len(t.off) == 0 || t.off[0] != 0 || int(t.off[len(t.off)-1]) != len(t.blob) || size == 0 || size&(size-1) != 0 {
		return false
	}
	for k := 1; k < len(t.off); k++ {
		if t.off[k] < t.off[k-1] {
			return false
		}
	}
	empty := false
	for _, k := range t.slots {
		if k < 0 || int(k) > t.Len() {
			return false
		}
		empty = empty || k == 0
	}
	return empty
}
