package kg

import (
	"maps"
	"slices"

	"github.com/hybridrag/hybridrag/internal/packed"
	"github.com/hybridrag/hybridrag/internal/strtab"
)

// table maps keys to lists of record indices: the keys in a string table,
// key k's list list[off[k]:off[k+1]].
type table struct {
	keys strtab.Table
	off  []uint32
	list []int32
}

// packTable holds the lists of m in one table, the keys in order.
func packTable(m map[string][]int32) table {
	keys := slices.Sorted(maps.Keys(m))
	total := 0
	for _, l := range m {
		total += len(l)
	}
	t := table{keys: strtab.New(keys), off: make([]uint32, 1, len(keys)+1), list: make([]int32, 0, total)}
	for _, k := range keys {
		t.list = append(t.list, m[k]...)
		t.off = append(t.off, uint32(len(t.list)))
	}
	return t
}

// get returns the list of key k (empty when there is none); the caller
// must not change it.
func (t table) get(k string) []int32 {
	i, ok := t.keys.Find(k)
	if !ok {
		return nil
	}
	lo, hi := t.off[i], t.off[i+1]
	return t.list[lo:hi:hi]
}

// encode writes t as it lies in memory.
func (t table) encode(w *packed.Writer) {
	t.keys.Encode(w)
	packed.Array(w, t.off)
	packed.Array(w, t.list)
}

// readTable reads a table written by encode whose values are in [0,
// limit); r's error is set when it does not fit together.
func readTable(r *packed.Reader, limit int) table {
	t := table{keys: strtab.Read(r), off: packed.ReadArray[uint32](r), list: packed.ReadArray[int32](r)}
	if r.Err() != nil {
		return table{}
	}
	ok := t.keys.Fits() && len(t.off) == t.keys.Len()+1 && t.off[0] == 0 && int(t.off[len(t.off)-1]) == len(t.list)
	for k := 1; ok && k < len(t.off); k++ {
		ok = t.off[k] >= t.off[k-1]
	}
	for _, v := range t.list {
		ok = ok && v >= 0 && int(v) < limit
	}
	if !ok {
		r.Fail(packed.ErrDamaged)
		return table{}
	}
	return t
}
