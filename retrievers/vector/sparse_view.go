package vector

import (
	"encoding/binary"
	"math"
	"unsafe"
)

// sparseColsOf returns the columns of a sparse file's body for n records
// of dim dimensions and m components (dim×blocks+1 starts and m values,
// little-endian 32-bit words, then m record bytes). Where the host is
// little-endian and the body 4-byte aligned (a buffer read from the file),
// the columns are views of the body, which then must never change:
// opening the index copies nothing. Elsewhere they are decoded.
func sparseColsOf(body []byte, n, dim, m int) *sparseCols {
	nb := blocksOf(n)
	starts := dim*nb + 1
	rows := body[4*(starts+m) : 4*(starts+m)+m : 4*(starts+m)+m]
	p := unsafe.Pointer(unsafe.SliceData(body))
	if littleEndian() && uintptr(p)%4 == 0 && len(body) == sparseBodySize(n, dim, m) {
		words := unsafe.Slice((*uint32)(p), starts+m)
		return &sparseCols{
			nb:    nb,
			start: words[:starts:starts],
			vals:  unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(words[starts:]))), m),
			rows:  rows,
		}
	}
	word := func(k int) uint32 { return binary.LittleEndian.Uint32(body[4*k:]) }
	sc := &sparseCols{nb: nb, start: make([]uint32, starts), rows: append([]uint8(nil), rows...), vals: make([]float32, m)}
	for k := range sc.start {
		sc.start[k] = word(k)
	}
	for p := range m {
		sc.vals[p] = math.Float32frombits(word(starts + p))
	}
	return sc
}

func littleEndian() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}
