package retrievers

import (
	"math"
	"math/bits"
	"slices"
)

// compactRecords is the size from which an index's sparse columns hold
// int8 codes instead of float32 values, with a record-major copy of the
// codes for the second pass of a pruned search. Such an index is searched
// by pruning (see pruneRecords), and its cost had grown with the records
// twice over: the look-ups of the second pass read scattered memory (a
// column's presence bits and its values for each candidate and
// component), and the float values were most of the index's memory.
//
// A value v of dimension j is held as the code round(v/scale[j]), scale[j]
// being the column's largest magnitude over 127; a product with a query
// component q[j] is (q[j]·scale[j])·code. Every search of such an index
// (exhaustive, first pass, second pass) scores records with those
// products, added in ascending order of dimension, so its scores agree
// with each other to the bit; they differ from the float32 products by the
// codes' rounding, at most half a step of the column (about 0.4% of its
// largest value). For the 2,776 gold and generated questions the
// exhaustive top 10 of the codes holds 98% of the float32 top 10
// (TestCompactSearchKeepsTheTop; copies of the records would not change
// it, their columns' scales being the same).
//
// A component costs 4 bytes (record and code in the column, step and code
// in the record's row) against 5, and the presence bits (128 bytes a
// record) are not needed: over ten copies of the bundled data the index
// takes 1.0 KB a record against 1.4 KB (BenchmarkVectorSearchScale,
// index-B/record). Smaller indexes, the bundled data's among them,
// keep float32 values and exact scores. The on-disk layout does not
// change: WriteSparse writes the codes' values, which read back to the
// same codes.
const compactRecords = pruneRecords

// compactVals are the int8 codes of a sparse index's columns, and the
// same codes record by record.
type compactVals struct {
	scale []float32 // per dimension
	codes []uint8   // parallel to sparseCols.rows: int8 codes, two's complement
	// The entries of record i are rowStart[i] to rowStart[i+1]: each
	// advances the dimension by its step (from -1) and has a code; a
	// step of 0 advances it by 255 and has no value (code 0), for the
	// gaps of more than 255 dimensions.
	rowStart []uint32
	rowSteps []uint8
	rowCodes []uint8
}

// escapeStep is how far a step of 0 advances the dimension.
const escapeStep = 255

// compact replaces sc's float32 values with int8 codes (see
// compactRecords) for n records of dim dimensions. The columns' starts
// and records are copied, so that sc keeps no part of a file's buffer.
func (sc *sparseCols) compact(n, dim int) {
	c := &compactVals{scale: make([]float32, dim), codes: make([]uint8, len(sc.vals))}
	for j := range dim {
		lo, hi := sc.start[j*sc.nb], sc.start[(j+1)*sc.nb]
		var m float32
		for _, v := range sc.vals[lo:hi] {
			m = max(m, abs32(v))
		}
		if m == 0 {
			continue
		}
		s := m / 127
		c.scale[j] = s
		for p := lo; p < hi; p++ {
			c.codes[p] = uint8(int8(max(-127, min(127, math.Round(float64(sc.vals[p]/s))))))
		}
	}
	// The rows: count each record's entries (with its escapes), then
	// fill them dimension by dimension, so each row is in ascending order.
	last := make([]int16, n)
	for i := range last {
		last[i] = -1
	}
	c.rowStart = make([]uint32, n+1)
	sc.eachEntry(dim, func(j, i int, _ uint32) {
		step := j - int(last[i])
		c.rowStart[i+1] += uint32(1 + (step-1)/escapeStep)
		last[i] = int16(j)
	})
	for i := range n {
		c.rowStart[i+1] += c.rowStart[i]
		last[i] = -1
	}
	c.rowSteps = make([]uint8, c.rowStart[n])
	c.rowCodes = make([]uint8, c.rowStart[n])
	next := slices.Clone(c.rowStart[:n])
	sc.eachEntry(dim, func(j, i int, p uint32) {
		step := j - int(last[i])
		for ; step > escapeStep; step -= escapeStep {
			next[i]++ // an escape: step 0, code 0
		}
		c.rowSteps[next[i]], c.rowCodes[next[i]] = uint8(step), c.codes[p]
		next[i]++
		last[i] = int16(j)
	})
	sc.start, sc.rows, sc.vals, sc.c = slices.Clone(sc.start), slices.Clone(sc.rows), nil, c
}

// eachEntry calls f for every component, block by block and, within a
// block, column by column (ascending j), with its dimension j, its record
// i and its place p in the columns: the records a block's calls name are
// blockRecords neighbours, whose rows are near each other.
func (sc *sparseCols) eachEntry(dim int, f func(j, i int, p uint32)) {
	for b := range sc.nb {
		for j := range dim {
			lo, hi := sc.span(j, b)
			for p := lo; p < hi; p++ {
				f(j, b*blockRecords+int(sc.rows[p]), p)
			}
		}
	}
}

// value is the value of the component at place p of the columns, in
// dimension j.
func (sc *sparseCols) value(p uint32, j int) float32 {
	if sc.c != nil {
		return float32(int8(sc.c.codes[p])) * sc.c.scale[j]
	}
	return sc.vals[p]
}

// scaled returns, for the components nz of q, q[j]·scale[j] at j (zero
// elsewhere): the factors of a compact index's codes.
func (c *compactVals) scaled(q []float32, nz []int) []float32 {
	a := make([]float32, len(q))
	for _, j := range nz {
		a[j] = q[j] * c.scale[j]
	}
	return a
}

// score is sparseCols.score for codes: a holds the factors (see scaled).
// Each column's 255 possible products are made once, in a table, so the
// loop over its entries loads a product rather than converting and
// multiplying a code.
func (c *compactVals) score(sc *sparseCols, a []float32, nz []int, scores []float32, blocks []int32) {
	var products [256]float32
	for _, j := range nz {
		f := a[j]
		for code := range products {
			products[code] = product(f, uint8(code))
		}
		col := sc.start[j*sc.nb : (j+1)*sc.nb+1]
		for _, b := range blocks {
			lo, hi := col[b], col[b+1]
			s := (*[blockRecords]float32)(scores[int(b)*blockRecords:])
			rows := sc.rows[lo:hi]
			codes := c.codes[lo:hi]
			codes = codes[:len(rows)]
			for p, r := range rows {
				s[r] += products[codes[p]]
			}
		}
	}
}

// product is a factor times a code, rounded to float32 (the conversion
// keeps a compiler from fusing it with the addition that follows, so
// that every search adds the same value).
func product(f float32, code uint8) float32 {
	return float32(f * float32(int8(code)))
}

// dots writes to out the scores of recs from their rows: the products of
// the factors a (see scaled) and each record's codes, added in ascending
// order of dimension from zero, as score adds them. A row holds a few
// hundred components, of which the query has a tenth: the products are
// written one after another and the place advanced only past a non-zero
// factor (no branch), then the few kept are added, so that the chain of
// dependent additions is as long as the query's share of the row.
func (c *compactVals) dots(a []float32, recs []Scored, out []float32) {
	a = a[:len(a):len(a)]
	kept := make([]float32, len(a)+1)
	for k, s := range recs {
		lo, hi := c.rowStart[s.Index], c.rowStart[s.Index+1]
		steps, codes := c.rowSteps[lo:hi], c.rowCodes[lo:hi]
		codes = codes[:len(steps)]
		n, j := 0, -1
		for p, st := range steps {
			if st == 0 {
				j += escapeStep
				continue
			}
			j += int(st)
			f := a[j]
			kept[n] = product(f, codes[p])
			// 1 when f is not ±0: its bits without the sign are not 0
			bits := math.Float32bits(f) << 1
			n += int((bits | -bits) >> 31)
		}
		var sum float32
		for _, v := range kept[:n] {
			sum += v
		}
		out[k] = sum
	}
}

// rowCost is what reading a component of a row costs against adding one
// of a column in a search (a row is decoded and its sum is one chain of
// dependent additions; a column's entries are independent).
const rowCost = 3

// fewPassing returns the records that pass when a compact index scores
// them more cheaply from their rows than the columns' blocks that hold
// them for the query's nz components, else nil. A filter on a town or a
// region lets through a few hundred records spread over most blocks.
func (x *VectorIndex) fewPassing(pass recordSet, nz, blocks int) []Scored {
	if pass == nil || x.sparse == nil || x.sparse.c == nil || x.noRows {
		return nil
	}
	n := 0
	for _, w := range pass {
		n += bits.OnesCount64(w)
	}
	m := float64(len(x.sparse.rows))
	perRow := m / float64(x.n)
	perColBlock := m / float64(x.dim*x.sparse.nb)
	if float64(n)*perRow*rowCost >= float64(nz*blocks)*perColBlock {
		return nil
	}
	recs := make([]Scored, 0, n)
	for i, w := range pass {
		for ; w != 0; w &= w - 1 {
			recs = append(recs, Scored{Index: i*64 + bits.TrailingZeros64(w)})
		}
	}
	return recs
}

// bestOfRows scores recs from their rows (q holds the codes' factors)
// and returns the k best as a heap: the exhaustive search's result over
// them, scores to the bit.
func (x *VectorIndex) bestOfRows(q []float32, recs []Scored, k int) minHeap {
	scores := make([]float32, len(recs))
	x.sparse.c.dots(q, recs, scores)
	t := newTopK(k, len(recs))
	for i, s := range recs {
		t.keep(scores[i:i+1], s.Index, nil)
	}
	return t.heap()
}
