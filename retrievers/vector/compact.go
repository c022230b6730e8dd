package vector

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
// A component costs 3 bytes (record and code in the column, code in the
// record's row) and a record 132 more (its row's mask of components and
// where its codes start), against 5 bytes a component and 128 presence
// bits a record for float32 values: over ten copies of the bundled data
// the index takes 863 bytes a record against 1,392
// (BenchmarkVectorSearchScale, index-B/record). A row whose codes
// followed one another with the step in dimension before each (one byte
// a component more, no mask) took 1,017, and a look-up had to read the
// whole row. Smaller indexes, the bundled data's among them,
// keep float32 values and exact scores. WriteSparse writes the codes'
// values, which read back to the same codes; WriteCompact writes the
// codes and rows themselves, which open with nothing to compute.
const compactRecords = pruneRecords

// compactVals are the int8 codes of a sparse index's columns, and the
// same codes record by record.
type compactVals struct {
	scale []float32 // per dimension
	// entries hold the columns' components in the places sparseCols.rows
	// would: the record within its block in the low byte, the int8 code
	// (two's complement) in the high byte. One load per component, where
	// a record and a code apart take two: a search's first pass over ten
	// copies of the bundled data took a fifth less time.
	entries []uint16
	// A record's row: bit j%64 of rowMask[i*words+j/64] is set when
	// record i has a component j, and its codes are rowCodes[rowStart[i]:
	// rowStart[i+1]] in ascending order of dimension, so component j's is
	// at rowStart[i] plus the number of bits set before j's.
	words    int
	rowStart []uint32
	rowMask  []uint64
	rowCodes []uint8
}

// compact replaces sc's float32 values and records with entries of
// records and int8 codes (see compactRecords) for n records of dim
// dimensions. The columns' starts are copied, so that sc keeps no part of
// a file's buffer.
func (sc *sparseCols) compact(n, dim int) {
	c := sc.codes(n, dim)
	sc.start, sc.rows, sc.vals, sc.c = slices.Clone(sc.start), nil, nil, c
}

// codes returns the int8 codes of sc's float32 values and their rows (see
// compactVals), leaving sc as it is.
func (sc *sparseCols) codes(n, dim int) *compactVals {
	c := &compactVals{scale: make([]float32, dim)}
	codes := make([]uint8, len(sc.vals))
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
			codes[p] = uint8(int8(max(-127, min(127, math.Round(float64(sc.vals[p]/s))))))
		}
	}
	// The rows: mark and count each record's components, then fill its
	// codes dimension by dimension, so each row is in ascending order.
	c.words = (dim + 63) / 64
	c.rowMask = make([]uint64, n*c.words)
	c.rowStart = make([]uint32, n+1)
	sc.eachEntry(dim, func(j, i int, _ uint32) {
		c.rowMask[i*c.words+j/64] |= 1 << (j % 64)
		c.rowStart[i+1]++
	})
	for i := range n {
		c.rowStart[i+1] += c.rowStart[i]
	}
	c.rowCodes = make([]uint8, c.rowStart[n])
	next := slices.Clone(c.rowStart[:n])
	sc.eachEntry(dim, func(j, i int, p uint32) {
		c.rowCodes[next[i]] = codes[p]
		next[i]++
	})
	c.entries = make([]uint16, len(codes))
	for p, r := range sc.rows {
		c.entries[p] = uint16(r) | uint16(codes[p])<<8
	}
	return c
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
				f(j, b*blockRecords+int(sc.row(p)), p)
			}
		}
	}
}

// value is the value of the component at place p of the columns, in
// dimension j.
func (sc *sparseCols) value(p uint32, j int) float32 {
	if sc.c != nil {
		return float32(int8(sc.c.entries[p]>>8)) * sc.c.scale[j]
	}
	return sc.vals[p]
}

// row is the record within its block of the component at place p of the
// columns.
func (sc *sparseCols) row(p uint32) uint8 {
	if sc.c != nil {
		return uint8(sc.c.entries[p])
	}
	return sc.rows[p]
}

// entryCount is the number of components the columns hold.
func (sc *sparseCols) entryCount() int { return int(sc.start[len(sc.start)-1]) }

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
			for _, e := range c.entries[lo:hi] {
				s[uint8(e)] += products[uint8(e>>8)]
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
// the factors a (see scaled) at the query's components nz and each
// record's codes, added in ascending order of dimension from zero, as
// score adds them. A row is read only where it and the query both have a
// component (a quarter of the query's, a tenth of the row's): the two
// masks' common bits, each code found by the bits of the row's mask set
// before it.
func (c *compactVals) dots(a []float32, nz []int, recs []Scored, out []float32) {
	// the query's mask: the components whose factor is not zero
	qmask := make([]uint64, c.words)
	for _, j := range nz {
		if a[j] != 0 {
			qmask[j/64] |= 1 << (j % 64)
		}
	}
	a = a[:c.words*64]
	for k, s := range recs {
		i := s.Index
		mask := c.rowMask[i*c.words : (i+1)*c.words]
		codes := c.rowCodes[c.rowStart[i]:c.rowStart[i+1]]
		var sum float32
		before := 0
		for w, word := range mask {
			for both := word & qmask[w]; both != 0; both &= both - 1 {
				bit := bits.TrailingZeros64(both)
				at := before + bits.OnesCount64(word&(1<<bit-1))
				sum += product(a[w*64+bit], codes[at])
			}
			before += bits.OnesCount64(word)
		}
		out[k] = sum
	}
}

// rowCost is what looking a query component up in a row costs against
// adding an entry of a column in a search (see dots: counts of bits, a
// read that depends on them and a product; a column's entries are
// independent adds).
const rowCost = 3

// rowLookups is what scoring a record from its row costs for a query of
// nz components, in rowCost units: a look-up per component both have
// (the row has a share of the query's as large as its share of the
// dimensions) and a word of each mask.
func (c *compactVals) rowLookups(nz int) float64 {
	n := len(c.rowStart) - 1
	perRow := float64(c.rowStart[n]) / float64(max(n, 1))
	return float64(nz)*perRow/float64(c.words*64) + float64(c.words)
}

// fewPassing returns the records that pass when a compact index scores
// them more cheaply from their rows than the columns' blocks that hold
// them for the query's nz components, else nil. A filter on a town or a
// region lets through a few hundred records spread over most blocks.
func (x *Index) fewPassing(pass recordSet, nz, blocks int) []Scored {
	if pass == nil || x.sparse == nil || x.sparse.c == nil || x.noRows {
		return nil
	}
	n := 0
	for _, w := range pass {
		n += bits.OnesCount64(w)
	}
	if float64(n)*x.sparse.c.rowLookups(nz)*rowCost >= float64(nz*blocks)*x.sparse.perColBlock(x.dim) {
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

// bestOfRows scores recs from their rows (q holds the codes' factors at
// its components nz), split over the workers as dotsOf does, and returns
// the k best, in no particular order: the exhaustive search's result over them, scores
// to the bit.
func (x *Index) bestOfRows(q []float32, nz []int, recs []Scored, k int) []Scored {
	scores := x.dotsOf(q, nz, recs)
	t := newTopK(k, len(recs))
	for i, s := range recs {
		t.keep(scores[i:i+1], s.Index, nil)
	}
	return t.best()
}

// perColBlock is the mean number of entries of a column in a block.
func (sc *sparseCols) perColBlock(dim int) float64 {
	return float64(sc.entryCount()) / float64(dim*sc.nb)
}
