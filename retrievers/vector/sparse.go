package vector

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"sync"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/heritage"
)

// The vectors of a hashing embedder are mostly zeros (26% of the 1024
// components of a record's full text are set, 15% of its compact text's).
// An index of such vectors keeps only the non-zero components, column by
// column: a third of the memory of the dense columns or less, and a
// query touches only the records a component occurs in. The scores are
// those of the dense columns to the bit: the same products are added in
// the same order, the skipped ones are zero.

// sparseDensity is the largest share of non-zero components at which an
// index is kept sparse: a component costs 5 bytes there (record and
// value) against 4 in the dense columns, and a scattered add more than a
// sequential one.
const sparseDensity = 0.4

// blockRecords is how many records a block of the sparse columns holds.
// Within its block a record is named by one byte.
const blockRecords = 256

// sparseCols are the non-zero components of the vectors, by dimension and,
// within a dimension, by block of blockRecords records: the entries of
// dimension j in block b are start[j*nb+b] to start[j*nb+b+1], rows holds
// each entry's record within its block (ascending) and vals its value.
// A component costs 5 bytes, and a block of a dimension 4 more.
type sparseCols struct {
	nb    int
	start []uint32
	rows  []uint8
	vals  []float32

	presentOnce sync.Once
	present     []uint64 // see presence
	spreadOnce  sync.Once
	spread      []float64 // see spreads

	// c holds the values as int8 codes, and vals is nil, in an index of
	// compactRecords records or more.
	c *compactVals
}

// blocksOf is the number of blocks of n records.
func blocksOf(n int) int { return (n + blockRecords - 1) / blockRecords }

// span is where the entries of dimension j in block b are.
func (sc *sparseCols) span(j, b int) (lo, hi uint32) {
	k := j*sc.nb + b
	return sc.start[k], sc.start[k+1]
}

// score adds q[j]·column j to the scores of the records of blocks for
// every non-zero component j in nz; scores has room for every block's
// records. For a compact index q holds the factors of its codes (see
// compactVals.scaled). Each record gets its products in the order of nz, as a dense
// dot product adds them.
func (sc *sparseCols) score(q []float32, nz []int, scores []float32, blocks []int32) {
	if sc.c != nil {
		sc.c.score(sc, q, nz, scores, blocks)
		return
	}
	for _, j := range nz {
		a := q[j]
		col := sc.start[j*sc.nb : (j+1)*sc.nb+1]
		for _, b := range blocks {
			lo, hi := col[b], col[b+1]
			s := (*[blockRecords]float32)(scores[int(b)*blockRecords:])
			vals := sc.vals[lo:hi]
			for p, r := range sc.rows[lo:hi] {
				s[r] += a * vals[p]
			}
		}
	}
}

// block writes the vectors of block b's records into v, row-major
// (blockRecords rows of dim components).
func (sc *sparseCols) block(b, dim int, v []float32) {
	clear(v)
	for j := range dim {
		lo, hi := sc.span(j, b)
		for p := lo; p < hi; p++ {
			v[int(sc.row(p))*dim+j] = sc.value(p, j)
		}
	}
}

// at is component j of record i.
func (sc *sparseCols) at(i, j int) float32 {
	lo, hi := sc.span(j, i/blockRecords)
	r := uint8(i % blockRecords)
	for p := lo; p < hi; p++ {
		if sc.row(p) == r {
			return sc.value(p, j)
		}
	}
	return 0
}

// sparseMagic starts the file WriteSparse writes; it names the layout.
const sparseMagic = "HRS2"

// Sparse reports whether the index keeps only the non-zero components
// (see WriteSparse).
func (x *Index) Sparse() bool { return x.sparse != nil }

// WriteSparse writes a sparse index's columns to w, all little-endian:
// "HRS2", then n, dim and the number of non-zero components m as uint32,
// then the dim×blocks+1 uint32 starts of the columns' blocks (a block is
// 256 records), m float32 values and m bytes, each the record of a value
// within its block. LoadSparseVectorIndex reads it back with no
// conversion to do: several times faster than the rows of WriteVectors,
// and under a third of their size.
func (x *Index) WriteSparse(w io.Writer) error {
	sc := x.sparse
	if sc == nil {
		return errors.New("vector: the index is dense")
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	b := append([]byte(nil), sparseMagic...)
	for _, v := range []int{x.n, x.dim, sc.entryCount()} {
		b = binary.LittleEndian.AppendUint32(b, uint32(v))
	}
	bw.Write(b)
	var word [4]byte
	for _, v := range sc.start {
		binary.LittleEndian.PutUint32(word[:], v)
		bw.Write(word[:])
	}
	for j := range x.dim {
		for p := sc.start[j*sc.nb]; p < sc.start[(j+1)*sc.nb]; p++ {
			binary.LittleEndian.PutUint32(word[:], math.Float32bits(sc.value(p, j)))
			bw.Write(word[:])
		}
	}
	for p := range uint32(sc.entryCount()) {
		bw.WriteByte(sc.row(p))
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("vector: write: %w", err)
	}
	return nil
}

// sparseBodySize is the size of a sparse file after its header.
func sparseBodySize(n, dim, m int) int { return 4*(dim*blocksOf(n)+1) + 5*m }

// LoadSparse reads what WriteSparse wrote for ds, with e
// embedding the queries (the caller checks that e made the vectors, as for
// LoadVectorIndex). Only the workers option applies. The index may use b's
// memory as its own (see sparseColsOf): b must never change afterwards.
func LoadSparse(b []byte, ds *heritage.Dataset, e embed.Embedder, opts ...Option) (*Index, error) {
	x, err := emptyVectorIndex(ds, e, opts)
	if err != nil {
		return nil, err
	}
	if len(b) < 16 || string(b[:4]) != sparseMagic {
		return nil, errors.New("vector: not a sparse vector file of this layout")
	}
	n, dim, m := int(binary.LittleEndian.Uint32(b[4:])), int(binary.LittleEndian.Uint32(b[8:])), int(binary.LittleEndian.Uint32(b[12:]))
	if n != x.n || dim != x.dim {
		return nil, fmt.Errorf("vector: the file holds %d vectors of %d dimensions, want %d of %d", n, dim, x.n, x.dim)
	}
	body := b[16:]
	if want := sparseBodySize(n, dim, m); len(body) != want {
		return nil, fmt.Errorf("vector: the file has %d bytes for %d components, want %d", len(body), m, want)
	}
	sc := sparseColsOf(body, n, dim, m)
	if err := sc.check(n, dim); err != nil {
		return nil, err
	}
	x.setSparse(sc)
	return x, nil
}

// check refuses columns that do not fit n records of dim dimensions: a
// damaged file is refused when read rather than indexing out of range at
// query time.
func (sc *sparseCols) check(n, dim int) error {
	m := uint32(len(sc.rows))
	if len(sc.start) != dim*sc.nb+1 || sc.start[0] != 0 || sc.start[dim*sc.nb] != m || len(sc.vals) != len(sc.rows) {
		return errors.New("vector: the columns do not cover the components")
	}
	for j := range dim {
		for b := range sc.nb {
			lo, hi := sc.span(j, b)
			if lo > hi || hi > m {
				return fmt.Errorf("vector: column %d is out of range", j)
			}
			for p := lo; p < hi; p++ {
				r := sc.rows[p]
				if b*blockRecords+int(r) >= n || p > lo && r <= sc.rows[p-1] {
					return fmt.Errorf("vector: column %d lists record %d out of order", j, b*blockRecords+int(r))
				}
			}
		}
	}
	return nil
}
