package kg

import (
	"maps"
	"slices"

	"github.com/hybridrag/hybridrag/internal/packed"
)

// table maps keys to lists of record indices, the lists held in one array.
type table struct {
	at   map[string]span
	list []int32
}

// span is a list's place in table.list.
type span struct{ lo, hi int32 }

// packTable holds the lists of m in one table.
func packTable(m map[string][]int32) table {
	total := 0
	for _, l := range m {
		total += len(l)
	}
	t := table{at: make(map[string]span, len(m)), list: make([]int32, 0, total)}
	for k, l := range m {
		lo := int32(len(t.list))
		t.list = append(t.list, l...)
		t.at[k] = span{lo, int32(len(t.list))}
	}
	return t
}

// get returns the list of key k (empty when there is none); the caller
// must not change it.
func (t table) get(k string) []int32 {
	s := t.at[k]
	return t.list[s.lo:s.hi:s.hi]
}

// encode writes t as packed.Writer.Table writes a map, in key order.
func (t table) encode(w *packed.Writer) {
	w.Len(len(t.at))
	for _, k := range slices.Sorted(maps.Keys(t.at)) {
		w.String(k)
		w.Int32s(t.get(k))
	}
}

// readTable reads a table written by encode whose values are in [0, limit).
func readTable(r *packed.Reader, limit int) table {
	n := r.Count()
	t := table{at: make(map[string]span, n)}
	for range n {
		k := r.String()
		lo := int32(len(t.list))
		for range r.Count() {
			t.list = append(t.list, r.Int32(limit))
		}
		t.at[k] = span{lo, int32(len(t.list))}
	}
	t.list = slices.Clone(t.list) // no spare capacity
	return t
}
