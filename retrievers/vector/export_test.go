package vector

import (
	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/heritage"
)

// DenseVectorIndexForTest builds an index that keeps vecs in dense
// columns whatever their density.
func DenseIndexForTest(ds *heritage.Dataset, e embed.Embedder, vecs [][]float32) *Index {
	x, err := emptyVectorIndex(ds, e, nil)
	if err != nil {
		panic(err)
	}
	x.cols = make([]float32, x.n*x.dim)
	for i, v := range vecs {
		for j, c := range v {
			x.cols[j*x.n+i] = c
		}
	}
	return x
}

// VectorBytesForTest is the memory the index's vectors take, in bytes.
func VectorBytesForTest(x *Index) int {
	if x.sparse == nil {
		return 4 * len(x.cols)
	}
	sc := x.sparse
	n := 4*len(sc.start) + len(sc.rows) + 4*len(sc.vals) + 4*len(x.blocks) + 8*len(sc.present)
	if c := sc.c; c != nil {
		n += 4*len(c.scale) + 2*len(c.entries) + 4*len(c.rowStart) + 8*len(c.rowMask) + len(c.rowCodes)
	}
	return n
}

// CompactForTest makes a sparse index hold codes, as an index of
// compactRecords records does (see compactRecords).
func CompactForTest(x *Index) {
	if x.sparse != nil && x.sparse.c == nil {
		x.sparse.compact(x.n, x.dim)
	}
}

// CompactRecordsForTest is the size from which an index holds codes.
const CompactRecordsForTest = compactRecords

// SetPruneAtForTest makes x prune the searches that score at least n
// records (see pruneRecords; with n = 0, every search it can) and returns
// the threshold it had.
func SetPruneAtForTest(x *Index, n int) int {
	old := x.pruneAt
	x.pruneAt = n
	return old
}

// PruneRecordsForTest is the default pruning threshold.
const PruneRecordsForTest = pruneRecords

// NoRowsForTest keeps a compact index's filtered searches on its columns
// (see fewPassing).
func NoRowsForTest(x *Index) { x.noRows = true }

// SecondPassForTest scores every step-th record of x with q's full
// vector, as the second pass of a pruned search scores its candidates.
func SecondPassForTest(x *Index, q []float32, step int) []float32 {
	var nz []int
	for j, c := range q {
		if c != 0 {
			nz = append(nz, j)
		}
	}
	if x.sparse.c != nil {
		q = x.sparse.c.scaled(q, nz)
	}
	var recs []Scored
	for i := 0; i < x.n; i += step {
		recs = append(recs, Scored{Index: i})
	}
	return x.dotsOf(q, nz, recs)
}
