package heritage

import (
	"unsafe"

	"github.com/hybridrag/hybridrag/internal/packed"
)

// The records of a loaded dataset keep their text and their lists
// compactly (see docs/benchmarks.md, "What a record costs"):
//
//   - every distinct string once: the repeated values (attribution,
//     licence, tier, source, type, places, subjects …) are shared by every
//     record that holds them, and the strings lie in large blocks rather
//     than one allocation each;
//   - the lists (alt_names, events, sources …) and the coordinates in
//     shared arrays of their type, each list capped at its length, so that
//     an append to one never writes into another.
//
// Both the loader (compactRecords, after decoding the JSON) and the
// snapshot reader give the records this form, so a process started from
// its cache holds the same as one that parsed the JSON Lines.

// textTable numbers distinct strings in the order first met; "" is 0.
// The strings it keeps are copies in its own blocks.
type textTable struct {
	num   map[string]uint32
	list  []string
	block []byte // where the next string is copied; never written below its length
}

// textBlock is the size of a block of text.
const textBlock = 1 << 20

func newTextTable() *textTable {
	return &textTable{num: map[string]uint32{"": 0}, list: []string{""}}
}

// ref returns the number of s, adding a copy of it when it is new.
func (t *textTable) ref(s string) uint32 {
	if k, ok := t.num[s]; ok {
		return k
	}
	k := uint32(len(t.list))
	c := t.keep(s)
	t.num[c] = k
	t.list = append(t.list, c)
	return k
}

// keep copies s into the current block.
func (t *textTable) keep(s string) string {
	if len(s) > cap(t.block)-len(t.block) {
		t.block = make([]byte, 0, max(len(s), textBlock))
	}
	t.block = append(t.block, s...)
	b := t.block[len(t.block)-len(s):]
	// The bytes are never written again: later strings go after them.
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// slab hands out slices of one large array at a time.
type slab[T any] struct{ free []T }

// slabLen is the number of elements of a slab's array.
const slabLen = 1 << 12

// take returns n zero elements, capped at n.
func (s *slab[T]) take(n int) []T {
	if n == 0 {
		return []T{}
	}
	if n > len(s.free) {
		s.free = make([]T, max(n, slabLen))
	}
	out := s.free[:n:n]
	s.free = s.free[n:]
	return out
}

// lists are the slabs of the records' lists and pointers.
type lists struct {
	strs   slab[string]
	alt    slab[AltName]
	member slab[Membership]
	rel    slab[Relation]
	events slab[Event]
	colls  slab[Collection]
	floats slab[float64]
	areas  slab[Area]
}

// recordWriter writes records in the packed form of the snapshot, each
// string as its number in text.
type recordWriter struct {
	w    *packed.Writer
	text *textTable
}

func (e recordWriter) String(ss ...string) {
	for _, s := range ss {
		e.w.Uint(uint64(e.text.ref(s)))
	}
}

// recordReader reads what a recordWriter wrote: the strings from text,
// the lists from lists.
type recordReader struct {
	r     *packed.Reader
	text  []string
	lists *lists
}

func (d recordReader) String() string {
	k := d.r.Uint()
	if k >= uint64(len(d.text)) {
		d.r.Fail(packed.ErrDamaged)
		return ""
	}
	return d.text[k]
}

// compactRecords gives recs the compact form: their strings copied into
// one table of distinct strings, their lists into shared arrays.
func compactRecords(recs []Institution) {
	text := newTextTable()
	var w packed.Writer
	enc := recordWriter{&w, text}
	for i := range recs {
		encodeInstitution(enc, &recs[i])
	}
	dec := recordReader{r: packed.NewReader(w.Bytes()), text: text.list, lists: &lists{}}
	for i := range recs {
		decodeInstitution(dec, &recs[i])
	}
}

// CompactRecords gives recs the form the loader gives them: every
// distinct string once, shared by the records that hold it, and the lists
// in shared arrays. The records stay equal and take a quarter less memory
// (docs/benchmarks.md). Call it on records decoded one by one (Decode) before FromRecords,
// which, as it may be given records that share their memory with another
// dataset's, leaves them as they are.
func CompactRecords(recs []Institution) { compactRecords(recs) }
