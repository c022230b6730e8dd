package retrievers

// The vectors of a hashing embedder are mostly zeros (about 15% of the
// 1024 components of a record are set). An index of such vectors keeps
// only the non-zero components, column by column: a quarter of the memory
// of the dense columns and a query touches only the records a component
// occurs in. The scores are those of the dense columns to the bit: the
// same products are added in the same order, the skipped ones are zero.

// sparseDensity is the largest share of non-zero components at which an
// index is kept sparse: a component costs 8 bytes there (record and
// value) against 4 in the dense columns.
const sparseDensity = 0.25

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
	return len(b.cols) <= b.maxNonZeros
}

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

// scoreSparse adds q[j]·column j to scores for every non-zero component j.
func (sc *sparseCols) score(q []float32, nz []int, scores []float32) {
	for _, j := range nz {
		a := q[j]
		lo, hi := sc.start[j], sc.start[j+1]
		vals := sc.vals[lo:hi]
		for p, i := range sc.rows[lo:hi] {
			scores[i] += a * vals[p]
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
