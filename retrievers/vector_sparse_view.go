package retrievers

import (
	"encoding/binary"
	"math"
	"unsafe"
)

// sparseColsOf returns the columns of a sparse file's body (dim+1 starts,
// then m rows, then m values, little-endian 32-bit words). Where the host
// is little-endian and the body 4-byte aligned (a buffer read from the
// file), the columns are views of the body, which then must never change:
// opening the index copies nothing. Elsewhere they are decoded.
func sparseColsOf(body []byte, dim, m int) *sparseCols {
	p := unsafe.Pointer(unsafe.SliceData(body))
	if littleEndian() && uintptr(p)%4 == 0 && m > 0 && len(body) == 4*(dim+1+2*m) {
		words := unsafe.Slice((*int32)(p), dim+1+2*m)
		return &sparseCols{
			start: words[: dim+1 : dim+1],
			rows:  words[dim+1 : dim+1+m : dim+1+m],
			vals:  unsafe.Slice((*float32)(unsafe.Pointer(&words[dim+1+m])), m),
		}
	}
	word := func(k int) uint32 { return binary.LittleEndian.Uint32(body[4*k:]) }
	sc := &sparseCols{start: make([]int32, dim+1), rows: make([]int32, m), vals: make([]float32, m)}
	for j := range sc.start {
		sc.start[j] = int32(word(j))
	}
	for p := range m {
		sc.rows[p] = int32(word(dim + 1 + p))
		sc.vals[p] = math.Float32frombits(word(dim + 1 + m + p))
	}
	return sc
}

func littleEndian() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}
