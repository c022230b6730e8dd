package retrievers

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/heritage"
)

// The vectors of a hashing embedder are mostly zeros (26% of the 1024
// components of a record's full text are set, 15% of its compact text's).
// An index of such vectors keeps only the non-zero components, column by
// column: half the memory of the dense columns or less, and a query
// touches only the records a component occurs in. The scores are those of the dense columns to the bit: the
// same products are added in the same order, the skipped ones are zero.

// sparseDensity is the largest share of non-zero components at which an
// index is kept sparse: a component costs 8 bytes there (record and
// value) against 4 in the dense columns, and a scattered add more than a
// sequential one.
const sparseDensity = 0.4

// sparseCols are the non-zero components of the vectors, by dimension:
// for dimension j, rows[start[j]:start[j+1]] are the records (ascending)
// and vals the components.
type sparseCols struct {
	start []int32
	rows  []int32
	vals  []float32
}

// rowBuilder collects vectors record by record in the row-major
// counterpart of sparseCols, to be transposed once they are all in.
type rowBuilder struct {
	dim         int
	rowStart    []int32
	cols        []int32
	vals        []float32
	maxNonZeros int
}

func newRowBuilder(n, dim int) *rowBuilder {
	return &rowBuilder{dim: dim, rowStart: make([]int32, 1, n+1), maxNonZeros: int(sparseDensity * float64(n) * float64(dim))}
}

// add appends the next record's vector; it reports false when the vectors
// are too dense to gain from being kept sparse.
func (b *rowBuilder) add(v []float32) bool {
	for j, c := range v {
		if c != 0 {
			b.cols = append(b.cols, int32(j))
			b.vals = append(b.vals, c)
		}
	}
	b.rowStart = append(b.rowStart, int32(len(b.cols)))
	if rows := len(b.rowStart) - 1; rows == sampleRows && rows < cap(b.rowStart)-1 {
		// Reserve room for all the rows at the density of the first ones
		// (and a little more), instead of growing by doubling: that left
		// five times the final size as garbage.
		want := min(b.maxNonZeros, len(b.cols)*(cap(b.rowStart)-1)/rows*9/8)
		b.cols = slices.Grow(b.cols, want-len(b.cols))
		b.vals = slices.Grow(b.vals, want-len(b.vals))
	}
	return len(b.cols) <= b.maxNonZeros
}

// sampleRows is how many rows the density is estimated from.
const sampleRows = 512

// dense writes the rows added so far into dense columns of n records.
func (b *rowBuilder) dense(cols []float32, n int) {
	for i := range len(b.rowStart) - 1 {
		for p := b.rowStart[i]; p < b.rowStart[i+1]; p++ {
			cols[int(b.cols[p])*n+i] = b.vals[p]
		}
	}
}

// transpose returns the columns of the rows added (a counting sort, which
// keeps each column's records in ascending order).
func (b *rowBuilder) transpose() *sparseCols {
	sc := &sparseCols{start: make([]int32, b.dim+1), rows: make([]int32, len(b.cols)), vals: make([]float32, len(b.vals))}
	for _, j := range b.cols {
		sc.start[j+1]++
	}
	for j := range b.dim {
		sc.start[j+1] += sc.start[j]
	}
	next := make([]int32, b.dim)
	copy(next, sc.start[:b.dim])
	for i := range len(b.rowStart) - 1 {
		for p := b.rowStart[i]; p < b.rowStart[i+1]; p++ {
			j := b.cols[p]
			sc.rows[next[j]] = int32(i)
			sc.vals[next[j]] = b.vals[p]
			next[j]++
		}
	}
	return sc
}

// compact replaces dense columns with sparse ones when few components are
// set.
func (x *VectorIndex) compact() {
	nonZero := 0
	for _, c := range x.cols {
		if c != 0 {
			nonZero++
		}
	}
	if float64(nonZero) > sparseDensity*float64(len(x.cols)) {
		return
	}
	sc := &sparseCols{start: make([]int32, x.dim+1), rows: make([]int32, 0, nonZero), vals: make([]float32, 0, nonZero)}
	for j := range x.dim {
		for i, c := range x.cols[j*x.n : (j+1)*x.n] {
			if c != 0 {
				sc.rows = append(sc.rows, int32(i))
				sc.vals = append(sc.vals, c)
			}
		}
		sc.start[j+1] = int32(len(sc.rows))
	}
	x.sparse, x.cols = sc, nil
}

// score adds q[j]·column j to scores[i] for every non-zero component j
// and record i in [first, end).
func (sc *sparseCols) score(q []float32, nz []int, scores []float32, first, end int) {
	for _, j := range nz {
		a := q[j]
		rows := sc.rows[sc.start[j]:sc.start[j+1]]
		vals := sc.vals[sc.start[j]:sc.start[j+1]]
		lo, hi := 0, len(rows)
		if first > 0 {
			lo, _ = slices.BinarySearch(rows, int32(first))
		}
		if end < len(scores) {
			hi, _ = slices.BinarySearch(rows, int32(end))
		}
		for p, i := range rows[lo:hi] {
			scores[i] += a * vals[lo+p]
		}
	}
}

// row writes record i's vector into v (len dim), given next: for each
// dimension, the position of its first entry of a record ≥ i; row
// advances it. Calling row for i = 0, 1, … in turn walks every column once.
func (sc *sparseCols) row(i int, v []float32, next []int32) {
	for j := range v {
		v[j] = 0
		if p := next[j]; p < sc.start[j+1] && int(sc.rows[p]) == i {
			v[j] = sc.vals[p]
			next[j]++
		}
	}
}

// at is component j of record i.
func (sc *sparseCols) at(i, j int) float32 {
	rows := sc.rows[sc.start[j]:sc.start[j+1]]
	lo, hi := 0, len(rows)
	for lo < hi {
		m := (lo + hi) / 2
		if int(rows[m]) < i {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(rows) && int(rows[lo]) == i {
		return sc.vals[int(sc.start[j])+lo]
	}
	return 0
}

// sparseMagic starts the file WriteSparse writes.
const sparseMagic = "HRSV"

// Sparse reports whether the index keeps only the non-zero components
// (see WriteSparse).
func (x *VectorIndex) Sparse() bool { return x.sparse != nil }

// WriteSparse writes a sparse index's columns to w, all little-endian:
// "HRSV", then n, dim and the number of non-zero components m as uint32,
// then dim+1 int32 column starts, m int32 records and m float32 values.
// LoadSparseVectorIndex reads it back with no conversion to do: several
// times faster than the rows of WriteVectors, and a quarter of their size.
func (x *VectorIndex) WriteSparse(w io.Writer) error {
	sc := x.sparse
	if sc == nil {
		return errors.New("vector: the index is dense")
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	b := append([]byte(nil), sparseMagic...)
	for _, v := range []int{x.n, x.dim, len(sc.rows)} {
		b = binary.LittleEndian.AppendUint32(b, uint32(v))
	}
	bw.Write(b)
	var word [4]byte
	for _, part := range [][]int32{sc.start, sc.rows} {
		for _, v := range part {
			binary.LittleEndian.PutUint32(word[:], uint32(v))
			bw.Write(word[:])
		}
	}
	for _, v := range sc.vals {
		binary.LittleEndian.PutUint32(word[:], math.Float32bits(v))
		bw.Write(word[:])
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("vector: write: %w", err)
	}
	return nil
}

// LoadSparseVectorIndex reads what WriteSparse wrote for ds, with e
// embedding the queries (the caller checks that e made the vectors, as for
// LoadVectorIndex). Only the workers option applies. The index may use b's
// memory as its own (see sparseColsOf): b must never change afterwards.
func LoadSparseVectorIndex(b []byte, ds *heritage.Dataset, e embed.Embedder, opts ...VectorOption) (*VectorIndex, error) {
	x, err := emptyVectorIndex(ds, e, opts)
	if err != nil {
		return nil, err
	}
	if len(b) < 16 || string(b[:4]) != sparseMagic {
		return nil, errors.New("vector: not a sparse vector file")
	}
	n, dim, m := int(binary.LittleEndian.Uint32(b[4:])), int(binary.LittleEndian.Uint32(b[8:])), int(binary.LittleEndian.Uint32(b[12:]))
	if n != x.n || dim != x.dim {
		return nil, fmt.Errorf("vector: the file holds %d vectors of %d dimensions, want %d of %d", n, dim, x.n, x.dim)
	}
	body := b[16:]
	if len(body) != 4*(dim+1+2*m) {
		return nil, fmt.Errorf("vector: the file has %d bytes for %d components, want %d", len(body), m, 4*(dim+1+2*m))
	}
	sc := sparseColsOf(body, dim, m)
	// The columns must fit the records: a damaged file is refused here
	// rather than indexing out of range at query time.
	for j := range dim {
		lo, hi := sc.start[j], sc.start[j+1]
		if lo < 0 || lo > hi || int(hi) > m {
			return nil, fmt.Errorf("vector: column %d is out of range", j)
		}
		for p := lo; p < hi; p++ {
			if i := sc.rows[p]; i < 0 || int(i) >= n || p > lo && i <= sc.rows[p-1] {
				return nil, fmt.Errorf("vector: column %d lists record %d out of order", j, i)
			}
		}
	}
	if sc.start[0] != 0 || int(sc.start[dim]) != m {
		return nil, errors.New("vector: the columns do not cover the components")
	}
	x.sparse = sc
	return x, nil
}
