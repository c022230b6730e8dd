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
//   - the lists (alt_names, events, sources …), the coordinates and the
//     areas in shared arrays of their type, each list capped at its
//     length, so that an append to one never writes into another; a list
//     or a value equal to one read before is that one (slab.same).
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

// slab hands out slices of one large array at a time, and the same
// slice again for a list read from the same bytes (see same).
type slab[T any] struct {
	array []T
	used  int            // array[:used] are handed out
	seen  map[string][]T // the lists handed out, by the bytes they were read from
}

// slabLen is the number of elements of a slab's array.
const slabLen = 1 << 12

// take returns n zero elements, capped at n.
func (s *slab[T]) take(n int) []T {
	if n == 0 {
		return []T{}
	}
	if n > len(s.array)-s.used {
		s.array, s.used = make([]T, max(n, slabLen)), 0
	}
	out := s.array[s.used : s.used+n : s.used+n]
	s.used += n
	return out
}

// same returns the list read before from the bytes key when there is one,
// giving back list (the slice take returned last), else list. Records
// share their lists this way as they share their strings: the sources,
// collections, memberships and area of most records are another's, and
// no reader of the records writes into their lists (a writer clones a
// list first, see nameMembers).
func (s *slab[T]) same(key string, list []T) []T {
	if prev, ok := s.seen[key]; ok {
		if n := len(list); n > 0 {
			clear(s.array[s.used-n : s.used])
			s.used -= n
		}
		return prev
	}
	if s.seen == nil {
		s.seen = map[string][]T{}
	}
	s.seen[key] = list
	return list
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
	texts  slab[string]    // the values of the records' text fields (Field)
	rare   slab[rareLists] // the records' rare lists
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
