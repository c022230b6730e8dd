package packed

import (
	"encoding/binary"
	"unsafe"
)

// Word is an element of an array written whole (see Array).
type Word interface {
	~uint16 | ~int32 | ~uint32 | ~uint64 | ~float64
}

// Array writes s as its length, then its elements little-endian, fixed
// size: the bytes of s as it lies in memory on such a host, so that
// ReadArray copies them back in one move instead of decoding each
// element. For the long arrays of a structure kept in its final form
// (postings, offsets, hash tables), where a uvarint each would be read
// one by one.
func Array[T Word](w *Writer, s []T) {
	w.Len(len(s))
	var zero T
	size := int(unsafe.Sizeof(zero))
	if littleEndian() && len(s) > 0 {
		w.buf = append(w.buf, unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), size*len(s))...)
		return
	}
	w.buf, _ = binary.Append(w.buf, binary.LittleEndian, s)
}

// ReadArray reads an array Array wrote, into memory of its own (never
// nil). A length that runs past the input fails, without allocating.
func ReadArray[T Word](r *Reader) []T {
	var zero T
	size := int(unsafe.Sizeof(zero))
	v := r.Uint()
	if v > uint64(r.remaining()/size) {
		r.damaged()
		return []T{}
	}
	n := int(v)
	out := make([]T, n)
	b := r.s[r.off : r.off+n*size]
	r.off += n * size
	if littleEndian() && n > 0 {
		copy(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(out))), n*size), b)
		return out
	}
	_, _ = binary.Decode([]byte(b), binary.LittleEndian, out)
	return out
}

// littleEndian reports whether the host keeps numbers little-endian.
func littleEndian() bool { return binary.NativeEndian.Uint16([]byte{1, 0}) == 1 }
