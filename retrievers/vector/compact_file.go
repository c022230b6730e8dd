package vector

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"unsafe"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/heritage"
)

// A compact index (one of compactRecords records or more, see
// compactRecords) keeps in memory its columns' int8 codes, their rows and
// the columns' spreads, all derived from the float32 values at every
// LoadSparse: at ten copies of the bundled data that took a second of the
// start. WriteCompact writes those arrays as they lie in memory, and
// LoadCompact uses the file's bytes as the arrays, so that opening such an
// index computes nothing and copies nothing: a read-only mapping of the
// file serves as the index, its pages read as searches touch them.
//
// The layout is the process's memory, not a general format (a library of
// serialised structures would decode, and copy, what is meant to be used
// where it lies): little-endian, each section starting at a multiple of 8
// bytes from the start of the file.
//
//	"HRC1", then n, dim, m (the components), words (64-bit words of a
//	record's row mask) and 0 as uint32
//	spread    float64 × dim
//	rowMask   uint64 × n·words
//	start     uint32 × (dim·blocks + 1)
//	scale     float32 × dim
//	rowStart  uint32 × (n + 1)
//	entries   uint16 × m
//	rowCodes  uint8 × m
//
// The file carries no checksum of its own: the index's manifest keeps its
// size and CRC-32C (package index checks them before LoadCompact).
const compactMagic = "HRC1"

// compactHeader is the size of a compact file's header.
const compactHeader = 24

// HoldsCodes reports whether an index of n records holds its sparse
// columns as codes, and so has a compact file to write (WriteCompact).
func HoldsCodes(n int) bool { return n >= compactRecords }

// compactSections are the sizes in bytes of a compact file's sections,
// in file order, for n records of dim dimensions and m components.
func compactSections(n, dim, m int) []int {
	words := (dim + 63) / 64
	return []int{8 * dim, 8 * n * words, 4 * (dim*blocksOf(n) + 1), 4 * dim, 4 * (n + 1), 2 * m, m}
}

func pad8(n int) int { return (n + 7) &^ 7 }

// compactFileSize is the size of a compact file.
func compactFileSize(n, dim, m int) int {
	size := compactHeader
	for _, s := range compactSections(n, dim, m) {
		size += pad8(s)
	}
	return size
}

// WriteCompact writes a sparse index's codes, rows and spreads to w in the
// layout LoadCompact reads (see compactMagic). An index that keeps float32
// values (one built from vectors, FromVectors) writes the codes it would
// hold at compactRecords records.
func (x *Index) WriteCompact(w io.Writer) error {
	sc := x.sparse
	if sc == nil {
		return errors.New("vector: the index is dense")
	}
	if sc.c == nil {
		sc = &sparseCols{nb: sc.nb, start: sc.start, c: sc.codes(x.n, x.dim)}
	}
	c, m := sc.c, sc.entryCount()
	spread := sc.spreads(x.n, x.dim)
	bw := bufio.NewWriterSize(w, 1<<20)
	head := []byte(compactMagic)
	for _, v := range []int{x.n, x.dim, m, c.words, 0} {
		head = binary.LittleEndian.AppendUint32(head, uint32(v))
	}
	bw.Write(head)
	writeSection(bw, spread)
	writeSection(bw, c.rowMask)
	writeSection(bw, sc.start)
	writeSection(bw, c.scale)
	writeSection(bw, c.rowStart)
	writeSection(bw, c.entries)
	writeSection(bw, c.rowCodes)
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("vector: write: %w", err)
	}
	return nil
}

// writeSection writes s little-endian, a piece at a time, then zeros up
// to a multiple of 8 bytes. A write's error is the buffer's to report at
// its flush.
func writeSection[T uint8 | uint16 | uint32 | uint64 | float32 | float64](w *bufio.Writer, s []T) {
	var zero T
	size := len(s) * int(unsafe.Sizeof(zero))
	for len(s) > 0 {
		k := min(len(s), 1<<14)
		_ = binary.Write(w, binary.LittleEndian, s[:k])
		s = s[k:]
	}
	var zeros [8]byte
	w.Write(zeros[:pad8(size)-size])
}

// LoadCompact opens what WriteCompact wrote for ds, with e embedding the
// queries (the caller checks that e made the vectors, as for LoadSparse).
// Only the workers option applies. Where the host is little-endian and b
// 8-byte aligned (a mapping of the file, or a buffer read from it), the
// index's arrays are views of b, which then must never change; elsewhere
// they are decoded. It checks what a search's indexing relies on (the
// starts and rows ascending and in range, each row's mask counting its
// codes, the last block naming only records that exist), not the order of
// the records within a block's column nor the values: a damaged file is
// the checksum's to find.
func LoadCompact(b []byte, ds *heritage.Dataset, e embed.Embedder, opts ...Option) (*Index, error) {
	x, err := emptyVectorIndex(ds, e, opts)
	if err != nil {
		return nil, err
	}
	if len(b) < compactHeader || string(b[:4]) != compactMagic {
		return nil, errors.New("vector: not a compact vector file of this layout")
	}
	word := func(k int) int { return int(binary.LittleEndian.Uint32(b[4+4*k:])) }
	n, dim, m, words := word(0), word(1), word(2), word(3)
	if n != x.n || dim != x.dim || words != (dim+63)/64 {
		return nil, fmt.Errorf("vector: the file holds %d vectors of %d dimensions, want %d of %d", n, dim, x.n, x.dim)
	}
	if want := compactFileSize(n, dim, m); len(b) != want {
		return nil, fmt.Errorf("vector: the file has %d bytes for %d components, want %d", len(b), m, want)
	}
	at := compactHeader
	next := func(size int) []byte {
		s := b[at : at+size : at+size]
		at += pad8(size)
		return s
	}
	sizes := compactSections(n, dim, m)
	spread := viewOf[float64](next(sizes[0]))
	c := &compactVals{words: words}
	c.rowMask = viewOf[uint64](next(sizes[1]))
	sc := &sparseCols{nb: blocksOf(n), c: c}
	sc.start = viewOf[uint32](next(sizes[2]))
	c.scale = viewOf[float32](next(sizes[3]))
	c.rowStart = viewOf[uint32](next(sizes[4]))
	c.entries = viewOf[uint16](next(sizes[5]))
	c.rowCodes = next(sizes[6])
	if err := sc.checkCompact(n, dim); err != nil {
		return nil, err
	}
	sc.spread = spread
	sc.spreadOnce.Do(func() {}) // read, not computed
	x.useSparse(sc)
	return x, nil
}

// checkCompact refuses codes and rows that do not fit n records of dim
// dimensions (see LoadCompact).
func (sc *sparseCols) checkCompact(n, dim int) error {
	c := sc.c
	m := uint32(len(c.entries))
	if len(sc.start) != dim*sc.nb+1 || sc.start[0] != 0 || sc.start[len(sc.start)-1] != m {
		return errors.New("vector: the columns do not cover the components")
	}
	for k := 1; k < len(sc.start); k++ {
		if sc.start[k] < sc.start[k-1] {
			return fmt.Errorf("vector: column %d is out of range", (k-1)/sc.nb)
		}
	}
	if len(c.rowStart) != n+1 || c.rowStart[0] != 0 || c.rowStart[n] != uint32(len(c.rowCodes)) || len(c.rowCodes) != int(m) {
		return errors.New("vector: the rows do not cover the components")
	}
	// Bits past the last dimension must be clear: dots reads a code for
	// every bit a row and a query share.
	tail := ^uint64(0)
	if r := dim % 64; r != 0 {
		tail = 1<<r - 1
	}
	for i := range n {
		count := 0
		for w, word := range c.rowMask[i*c.words : (i+1)*c.words] {
			if w == c.words-1 && word&^tail != 0 {
				return fmt.Errorf("vector: row %d names dimensions past %d", i, dim)
			}
			count += bits.OnesCount64(word)
		}
		if c.rowStart[i+1] < c.rowStart[i] || int(c.rowStart[i+1]-c.rowStart[i]) != count {
			return fmt.Errorf("vector: row %d does not hold its codes", i)
		}
	}
	last := sc.nb - 1
	for j := range dim {
		lo, hi := sc.span(j, last)
		for _, e := range c.entries[lo:hi] {
			if last*blockRecords+int(uint8(e)) >= n {
				return fmt.Errorf("vector: column %d lists record %d of %d", j, last*blockRecords+int(uint8(e)), n)
			}
		}
	}
	return nil
}

// viewOf returns b as a slice of T: b's memory itself where the host is
// little-endian and b aligned for T, else a decoded copy.
func viewOf[T uint16 | uint32 | uint64 | float32 | float64](b []byte) []T {
	var zero T
	size := int(unsafe.Sizeof(zero))
	n := len(b) / size
	if n == 0 {
		return nil
	}
	p := unsafe.Pointer(unsafe.SliceData(b))
	if littleEndian() && uintptr(p)%uintptr(size) == 0 {
		return unsafe.Slice((*T)(p), n)
	}
	s := make([]T, n)
	_, _ = binary.Decode(b, binary.LittleEndian, s)
	return s
}
