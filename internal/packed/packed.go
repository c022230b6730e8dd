// Package packed writes and reads the compact binary form in which derived
// structures (the name index, the knowledge graph, the router's gazetteer)
// are kept in the cache directory, so that a later start reads them
// instead of deriving them again from the dataset.
//
// Numbers are uvarints (signed ones zig-zag varints, floats their IEEE
// bits), strings a uvarint length and the bytes. A Reader reads from one
// buffer: every string it returns shares its memory, so reading a
// structure of many strings allocates none of them (unless CopyStrings is
// set: then the strings lie in blocks of their own, and what the caller
// keeps does not hold the whole buffer). The first failure sticks in
// Err and later reads return zero values, so a caller checks Err once at
// the end; a Reader never panics on damaged input.
package packed

import (
	"encoding/binary"
	"errors"
	"maps"
	"math"
	"slices"
	"unsafe"
)

// ErrDamaged is Err of a Reader that ran past its input or read a number
// out of range.
var ErrDamaged = errors.New("packed: damaged input")

// Writer appends to a byte slice.
type Writer struct{ buf []byte }

// Bytes returns what was written.
func (w *Writer) Bytes() []byte { return w.buf }

// Uint writes v.
func (w *Writer) Uint(v uint64) { w.buf = binary.AppendUvarint(w.buf, v) }

// Int writes v.
func (w *Writer) Int(v int64) { w.buf = binary.AppendVarint(w.buf, v) }

// Int32 writes v, for Reader.Int32.
func (w *Writer) Int32(v int32) { w.Int(int64(v)) }

// Len writes a length or an index.
func (w *Writer) Len(n int) { w.Uint(uint64(n)) }

// Bool writes b.
func (w *Writer) Bool(b bool) {
	if b {
		w.buf = append(w.buf, 1)
	} else {
		w.buf = append(w.buf, 0)
	}
}

// Float writes f.
func (w *Writer) Float(f float64) {
	w.buf = binary.LittleEndian.AppendUint64(w.buf, math.Float64bits(f))
}

// String writes each of ss in turn.
func (w *Writer) String(ss ...string) {
	for _, s := range ss {
		w.Len(len(s))
		w.buf = append(w.buf, s...)
	}
}

// Strings writes ss.
func (w *Writer) Strings(ss []string) {
	w.Len(len(ss))
	for _, s := range ss {
		w.String(s)
	}
}

// Int32s writes a slice of int32, nil and empty alike.
func (w *Writer) Int32s(v []int32) {
	w.Len(len(v))
	for _, x := range v {
		w.Int32(x)
	}
}

// Reader reads what a Writer wrote.
type Reader struct {
	s   string
	off int
	err error
	// arena is where Int32s carves its slices from: one allocation for
	// many short slices.
	arena []int32
	// copies makes String return a copy of the input's bytes in text, the
	// current block of copies (see CopyStrings).
	copies bool
	text   []byte
}

// textBlock is the size of a block of copied strings.
const textBlock = 1 << 20

// CopyStrings makes every later String (and what reads through it:
// Strings, the maps' keys, Pairs …) return a copy of the input's bytes
// instead of a substring of the input. The copies lie in blocks of a
// megabyte, shared by the strings read one after another. A caller that
// keeps some strings of a large input, the input read whole from a file
// and dropped after decoding, sets it so that those strings do not keep
// the whole input alive. Readers that Section returns afterwards copy too.
func (r *Reader) CopyStrings() { r.copies = true }

// NewReader reads b without copying it: the strings it returns share b's
// memory, so b must never change afterwards (a buffer read from a file and
// then left alone).
func NewReader(b []byte) *Reader { return &Reader{s: unsafe.String(unsafe.SliceData(b), len(b))} }

// Offset is where the next read starts, for Since.
func (r *Reader) Offset() int { return r.off }

// Since returns the bytes read from offset off (an earlier Offset) up to
// the next read, sharing the input's memory.
func (r *Reader) Since(off int) string { return r.s[min(off, r.off):r.off] }

// Err is the first failure, or nil.
func (r *Reader) Err() error { return r.err }

// Done reports whether all the input was read without failure.
func (r *Reader) Done() bool { return r.err == nil && r.off == len(r.s) }

// Fail makes err the Reader's failure (a caller's own check of what it
// read), unless it already failed.
func (r *Reader) Fail(err error) {
	if r.err == nil {
		r.err = err
	}
}

func (r *Reader) damaged() { r.Fail(ErrDamaged) }

// Uint reads a uvarint.
func (r *Reader) Uint() uint64 {
	if r.err != nil {
		return 0
	}
	var v uint64
	for shift := uint(0); shift < 64; shift += 7 {
		if r.off >= len(r.s) {
			break
		}
		c := r.s[r.off]
		r.off++
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return v
		}
	}
	r.damaged()
	return 0
}

// Int reads a varint.
func (r *Reader) Int() int64 {
	u := r.Uint()
	return int64(u>>1) ^ -int64(u&1)
}

// Len reads a length or an index that must be at most limit.
func (r *Reader) Len(limit int) int {
	v := r.Uint()
	if v > uint64(limit) {
		r.damaged()
		return 0
	}
	return int(v)
}

// Int32 reads an int32 in [0, limit).
func (r *Reader) Int32(limit int) int32 {
	v := r.Int()
	if v < 0 || v >= int64(limit) {
		r.damaged()
		return 0
	}
	return int32(v)
}

// Bool reads a bool.
func (r *Reader) Bool() bool {
	if r.err != nil || r.off >= len(r.s) {
		r.damaged()
		return false
	}
	c := r.s[r.off]
	r.off++
	if c > 1 {
		r.damaged()
	}
	return c == 1
}

// Float reads a float64.
func (r *Reader) Float() float64 {
	if r.err != nil || len(r.s)-r.off < 8 {
		r.damaged()
		return 0
	}
	var v uint64
	for k := 7; k >= 0; k-- {
		v = v<<8 | uint64(r.s[r.off+k])
	}
	r.off += 8
	return math.Float64frombits(v)
}

// String reads a string, a substring of the input.
func (r *Reader) String() string {
	v := r.Uint()
	if v > uint64(r.remaining()) {
		r.damaged()
	}
	if r.err != nil {
		return ""
	}
	n := int(v)
	s := r.s[r.off : r.off+n]
	r.off += n
	switch {
	case n == 0:
		// An empty substring still points into the input, and would keep
		// it alive as a non-empty one does.
		return ""
	case r.copies:
		return r.copy(s)
	}
	return s
}

// copy returns a copy of s in the current block of copies, or in a block
// of its own when it does not fit one.
func (r *Reader) copy(s string) string {
	if len(s) > cap(r.text)-len(r.text) {
		r.text = make([]byte, 0, max(len(s), textBlock))
	}
	r.text = append(r.text, s...)
	b := r.text[len(r.text)-len(s):]
	// The bytes are never written again: later copies go after them.
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// Strings reads a slice of strings (nil when empty).
func (r *Reader) Strings() []string {
	n := r.Count()
	if n == 0 {
		return nil
	}
	out := make([]string, n)
	for i := range out {
		out[i] = r.String()
	}
	return out
}

// Int32s reads a slice of int32, each in [0, limit) (nil when empty). The
// slices share larger blocks; each has its length as capacity, so an
// append to one never writes into another.
func (r *Reader) Int32s(limit int) []int32 {
	n := r.Count()
	if n == 0 {
		return nil
	}
	if len(r.arena) < n {
		r.arena = make([]int32, max(n, 1<<14))
	}
	out := r.arena[:n:n]
	r.arena = r.arena[n:]
	for i := range out {
		out[i] = r.Int32(limit)
	}
	return out
}

func (r *Reader) remaining() int { return len(r.s) - r.off }

// Count reads the number of items that follow, each written in a byte at
// least: a damaged count fails instead of making a huge allocation.
func (r *Reader) Count() int {
	v := r.Uint()
	if v > uint64(r.remaining()) {
		r.damaged()
		return 0
	}
	return int(v)
}

// writeMap writes m in key order, each value with value.
func writeMap[V any](w *Writer, m map[string]V, value func(V)) {
	w.Len(len(m))
	for _, k := range slices.Sorted(maps.Keys(m)) {
		w.String(k)
		value(m[k])
	}
}

// readMap reads a map written by writeMap, each value with value.
func readMap[V any](r *Reader, value func() V) map[string]V {
	n := r.Count()
	m := make(map[string]V, n)
	for range n {
		k := r.String()
		m[k] = value()
	}
	return m
}

// Table writes a map of int32 lists, in key order.
func (w *Writer) Table(m map[string][]int32) { writeMap(w, m, w.Int32s) }

// Table reads a map written by Writer.Table whose values are in
// [0, limit).
func (r *Reader) Table(limit int) map[string][]int32 {
	return readMap(r, func() []int32 { return r.Int32s(limit) })
}

// Lists writes a map of string lists, in key order.
func (w *Writer) Lists(m map[string][]string) { writeMap(w, m, w.Strings) }

// Lists reads a map written by Writer.Lists.
func (r *Reader) Lists() map[string][]string { return readMap(r, r.Strings) }

// Pairs writes a map of strings, in key order.
func (w *Writer) Pairs(m map[string]string) {
	writeMap(w, m, func(v string) { w.String(v) })
}

// Pairs reads a map written by Writer.Pairs.
func (r *Reader) Pairs() map[string]string { return readMap(r, r.String) }

// Counts writes a map of ints, in key order.
func (w *Writer) Counts(m map[string]int) {
	writeMap(w, m, func(v int) { w.Int(int64(v)) })
}

// Counts reads a map written by Writer.Counts.
func (r *Reader) Counts() map[string]int {
	return readMap(r, func() int { return int(r.Int()) })
}

// Set writes the keys of a set, in order; keys mapped to false are left
// out, as a set holds only true.
func (w *Writer) Set(m map[string]bool) {
	var keys []string
	for k, in := range m {
		if in {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	w.Strings(keys)
}

// Set reads a set written by Writer.Set.
func (r *Reader) Set() map[string]bool {
	n := r.Count()
	m := make(map[string]bool, n)
	for range n {
		m[r.String()] = true
	}
	return m
}

// Section writes b as a length and the bytes: a part of the input that a
// Reader of its own can read (see Reader.Section), on another goroutine.
func (w *Writer) Section(b []byte) {
	w.Len(len(b))
	w.buf = append(w.buf, b...)
}

// Section reads what Writer.Section wrote and returns a Reader of it,
// which shares r's input; a length past the input fails, and returns a
// Reader of nothing.
func (r *Reader) Section() *Reader {
	n := r.Count()
	if r.err != nil {
		return &Reader{}
	}
	sub := &Reader{s: r.s[r.off : r.off+n], copies: r.copies}
	r.off += n
	return sub
}
