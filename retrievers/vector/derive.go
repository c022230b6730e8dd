package vector

import (
	"fmt"
	"math/bits"

	"github.com/hybridrag/hybridrag/heritage"
)

// Derive builds the index of another dataset from x's rows, without
// embedding again what x holds: record i of ds takes x's row from[i] when
// from[i] >= 0, and otherwise fresh[i], a vector made by x's embedder
// (or one with its ID) elsewhere. It is how the data composed of the
// bundled records and a user's sources is indexed after a change to a few
// records: the rows of the others are copied, not recomputed. The result
// shares nothing with x; the workers option applies.
func (x *Index) Derive(ds *heritage.Dataset, from []int, fresh map[int][]float32, opts ...Option) (*Index, error) {
	y, err := emptyVectorIndex(ds, x.emb, opts)
	if err != nil {
		return nil, err
	}
	if len(from) != y.n {
		return nil, fmt.Errorf("vector: derive: %d sources for %d records", len(from), y.n)
	}
	for i, v := range fresh {
		if i < 0 || i >= y.n || len(v) != x.dim {
			return nil, fmt.Errorf("vector: derive: a vector for record %d of %d, of %d dimensions", i, y.n, len(v))
		}
	}
	row := x.rowReader()
	buf := make([]float32, x.dim)
	err = y.fill(func(i int) ([]float32, error) {
		j := from[i]
		if j < 0 {
			v, ok := fresh[i]
			if !ok || len(v) != x.dim {
				return nil, fmt.Errorf("vector: derive: no %d-dimensional vector for record %d", x.dim, i)
			}
			return v, nil
		}
		if j >= x.n {
			return nil, fmt.Errorf("vector: derive: row %d of %d", j, x.n)
		}
		row(j, buf)
		return buf, nil
	})
	if err != nil {
		return nil, err
	}
	return y, nil
}

// rowReader returns a function that writes row i of the index into buf
// (of length dim), in any order of i. Sparse columns are transposed once,
// into rows, so that reading every row costs one pass over the non-zero
// components.
func (x *Index) rowReader() func(i int, buf []float32) {
	if x.sparse == nil {
		return func(i int, buf []float32) {
			for j := range buf {
				buf[j] = x.cols[j*x.n+i]
			}
		}
	}
	sc := x.sparse
	if c := sc.c; c != nil {
		// a compact index keeps its rows already
		return func(i int, buf []float32) {
			clear(buf)
			p := c.rowStart[i]
			for w, word := range c.rowMask[i*c.words : (i+1)*c.words] {
				for ; word != 0; word &= word - 1 {
					j := w*64 + bits.TrailingZeros64(word)
					buf[j] = float32(int8(c.rowCodes[p])) * c.scale[j]
					p++
				}
			}
		}
	}
	start := make([]int32, x.n+1)
	for j := range x.dim {
		for b := range sc.nb {
			lo, hi := sc.span(j, b)
			for _, r := range sc.rows[lo:hi] {
				start[b*blockRecords+int(r)+1]++
			}
		}
	}
	for i := range x.n {
		start[i+1] += start[i]
	}
	cols := make([]uint16, len(sc.rows))
	vals := make([]float32, len(sc.vals))
	next := make([]int32, x.n)
	copy(next, start[:x.n])
	for j := range x.dim {
		for b := range sc.nb {
			lo, hi := sc.span(j, b)
			for p := lo; p < hi; p++ {
				i := b*blockRecords + int(sc.rows[p])
				cols[next[i]], vals[next[i]] = uint16(j), sc.vals[p]
				next[i]++
			}
		}
	}
	return func(i int, buf []float32) {
		clear(buf)
		for p := start[i]; p < start[i+1]; p++ {
			buf[cols[p]] = vals[p]
		}
	}
}

// rowsInOrder returns a function that writes row i of the index into buf
// (of length dim) for i = 0, 1, … n-1 in turn. Sparse columns are read a
// block of records at a time.
func (x *Index) rowsInOrder() func(i int, buf []float32) {
	if x.sparse == nil {
		return x.rowReader()
	}
	block, rows := -1, make([]float32, blockRecords*x.dim)
	return func(i int, buf []float32) {
		if b := i / blockRecords; b != block {
			x.sparse.block(b, x.dim, rows)
			block = b
		}
		r := i % blockRecords
		copy(buf, rows[r*x.dim:(r+1)*x.dim])
	}
}

// Renumbering inverts from (see Derive) over an index of n records:
// to[j] is the new number of old record j, -1 when it is not kept. ok is
// false when the kept records do not keep their order (from, where it is
// set, must increase) or from names a record past n.
func Renumbering(from []int, n int) (to []int32, ok bool) {
	to = make([]int32, n)
	for j := range to {
		to[j] = -1
	}
	last := -1
	for i, j := range from {
		if j < 0 {
			continue
		}
		if j <= last || j >= n {
			return nil, false
		}
		to[j], last = int32(i), j
	}
	return to, true
}
