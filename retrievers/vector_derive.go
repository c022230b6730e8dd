package retrievers

import (
	"fmt"

	"github.com/hybridrag/hybridrag/heritage"
)

// Derive builds the index of another dataset from x's rows, without
// embedding again what x holds: record i of ds takes x's row from[i] when
// from[i] >= 0, and otherwise fresh[i], a vector made by x's embedder
// (or one with its ID) elsewhere. It is how the data composed of the
// bundled records and a user's sources is indexed after a change to a few
// records: the rows of the others are copied, not recomputed. The result
// shares nothing with x; the workers option applies.
func (x *VectorIndex) Derive(ds *heritage.Dataset, from []int, fresh map[int][]float32, opts ...VectorOption) (*VectorIndex, error) {
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
	if x.sparse != nil && x.deriveSparse(y, from, fresh) {
		return y, nil
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
// (of length dim). Sparse columns are transposed once, into rows, so that
// reading every row costs one pass over the non-zero components.
func (x *VectorIndex) rowReader() func(i int, buf []float32) {
	if x.sparse == nil {
		return func(i int, buf []float32) {
			for j := range buf {
				buf[j] = x.cols[j*x.n+i]
			}
		}
	}
	sc := x.sparse
	start := make([]int32, x.n+1)
	for _, r := range sc.rows {
		start[r+1]++
	}
	for i := range x.n {
		start[i+1] += start[i]
	}
	cols := make([]int32, len(sc.rows))
	vals := make([]float32, len(sc.vals))
	next := make([]int32, x.n)
	copy(next, start[:x.n])
	for j := range x.dim {
		for p := sc.start[j]; p < sc.start[j+1]; p++ {
			r := sc.rows[p]
			cols[next[r]], vals[next[r]] = int32(j), sc.vals[p]
			next[r]++
		}
	}
	return func(i int, buf []float32) {
		clear(buf)
		for p := start[i]; p < start[i+1]; p++ {
			buf[cols[p]] = vals[p]
		}
	}
}

// deriveSparse fills y's sparse columns from x's by renumbering their
// records, which keeps each column in order when the records taken from x
// keep their order (from increases where it is set), and merging in the
// fresh vectors. It reports false, leaving y as it was, when they do not,
// or when y would be too dense to be kept sparse.
func (x *VectorIndex) deriveSparse(y *VectorIndex, from []int, fresh map[int][]float32) bool {
	to, ok := Renumbering(from, x.n)
	if !ok {
		return false
	}
	// The fresh components by dimension, records ascending.
	type entry struct {
		row int32
		val float32
	}
	freshCols := make([][]entry, x.dim)
	for i := range y.n {
		for j, c := range fresh[i] {
			if c != 0 {
				freshCols[j] = append(freshCols[j], entry{int32(i), c})
			}
		}
	}
	sc := x.sparse
	nnz := 0
	for j := range freshCols {
		nnz += len(freshCols[j])
	}
	nnz += len(sc.rows)
	if float64(nnz) > sparseDensity*float64(y.n)*float64(y.dim) {
		return false
	}
	out := &sparseCols{start: make([]int32, x.dim+1), rows: make([]int32, 0, nnz), vals: make([]float32, 0, nnz)}
	for j := range x.dim {
		fc := freshCols[j]
		for p := sc.start[j]; p < sc.start[j+1]; p++ {
			r := to[sc.rows[p]]
			if r < 0 {
				continue
			}
			for len(fc) > 0 && fc[0].row < r {
				out.rows, out.vals = append(out.rows, fc[0].row), append(out.vals, fc[0].val)
				fc = fc[1:]
			}
			out.rows, out.vals = append(out.rows, r), append(out.vals, sc.vals[p])
		}
		for _, e := range fc {
			out.rows, out.vals = append(out.rows, e.row), append(out.vals, e.val)
		}
		out.start[j+1] = int32(len(out.rows))
	}
	y.sparse = out
	return true
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
