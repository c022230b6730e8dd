package vector

import "math"

// rowChunk holds the vectors of consecutive records, row-major, as they
// come from the embedder: sparse (record r's non-zero components are
// cols[rowStart[r]:rowStart[r+1]], with their values in vals) or, when
// they are too dense to gain from it, dense (cols is nil and vals holds
// rows×dim components). An index is built from chunks of a few hundred
// records each: neither the build nor a load ever holds the dense array
// of all the vectors when the vectors are sparse.
type rowChunk struct {
	rows     int
	nonZeros int
	rowStart []int32
	cols     []uint16
	vals     []float32
}

// newRowChunk copies vecs (each of dim components) into a chunk.
func newRowChunk(vecs [][]float32, dim int) *rowChunk {
	c := &rowChunk{rows: len(vecs)}
	for _, v := range vecs {
		for _, x := range v {
			if x != 0 {
				c.nonZeros++
			}
		}
	}
	if dim > math.MaxUint16+1 || float64(c.nonZeros) > sparseDensity*float64(len(vecs)*dim) {
		c.vals = make([]float32, 0, len(vecs)*dim)
		for _, v := range vecs {
			c.vals = append(c.vals, v...)
		}
		return c
	}
	c.rowStart = make([]int32, 1, len(vecs)+1)
	c.cols = make([]uint16, 0, c.nonZeros)
	c.vals = make([]float32, 0, c.nonZeros)
	for _, v := range vecs {
		for j, x := range v {
			if x != 0 {
				c.cols = append(c.cols, uint16(j))
				c.vals = append(c.vals, x)
			}
		}
		c.rowStart = append(c.rowStart, int32(len(c.cols)))
	}
	return c
}

// each calls f for every non-zero component of the chunk's record r.
func (c *rowChunk) each(r, dim int, f func(j int, v float32)) {
	if c.cols == nil {
		for j, v := range c.vals[r*dim : (r+1)*dim] {
			if v != 0 {
				f(j, v)
			}
		}
		return
	}
	for p := c.rowStart[r]; p < c.rowStart[r+1]; p++ {
		f(int(c.cols[p]), c.vals[p])
	}
}

// assemble stores the vectors of chunks (records 0, 1, … n-1 in order) in
// x: in sparse columns when few components are set, else in dense ones.
// It drops each chunk once it is stored, so that the chunks' memory can
// be reclaimed while the columns grow.
func (x *Index) assemble(chunks []*rowChunk) {
	nonZeros := 0
	for _, c := range chunks {
		nonZeros += c.nonZeros
	}
	if float64(nonZeros) > sparseDensity*float64(x.n)*float64(x.dim) || nonZeros > math.MaxUint32 || x.dim > math.MaxUint16+1 {
		x.cols = make([]float32, x.n*x.dim)
		i := 0
		for k, c := range chunks {
			for r := range c.rows {
				c.each(r, x.dim, func(j int, v float32) { x.cols[j*x.n+i] = v })
				i++
			}
			chunks[k] = nil
		}
		return
	}
	// A counting sort by (dimension, block): records come in ascending
	// order, so each block of a column lists its records ascending.
	nb := blocksOf(x.n)
	sc := &sparseCols{nb: nb, start: make([]uint32, x.dim*nb+1), rows: make([]uint8, nonZeros), vals: make([]float32, nonZeros)}
	i := 0
	for _, c := range chunks {
		for r := range c.rows {
			b := i / blockRecords
			c.each(r, x.dim, func(j int, _ float32) { sc.start[j*nb+b+1]++ })
			i++
		}
	}
	for k := range x.dim * nb {
		sc.start[k+1] += sc.start[k]
	}
	next := make([]uint32, x.dim*nb)
	copy(next, sc.start)
	i = 0
	for k, c := range chunks {
		for r := range c.rows {
			b, rec := i/blockRecords, uint8(i%blockRecords)
			c.each(r, x.dim, func(j int, v float32) {
				p := next[j*nb+b]
				sc.rows[p], sc.vals[p] = rec, v
				next[j*nb+b]++
			})
			i++
		}
		chunks[k] = nil
	}
	x.setSparse(sc)
}

// setSparse makes sc the index's columns.
// An index of compactAt records or more holds the values as codes (see
// compactRecords).
func (x *Index) setSparse(sc *sparseCols) {
	if x.n >= x.compactAt {
		sc.compact(x.n, x.dim)
	}
	if x.n >= x.pruneAt {
		// made now rather than in the first pruned search
		sc.spreads(x.n, x.dim)
	}
	x.useSparse(sc)
}

// useSparse makes sc the index's vectors.
func (x *Index) useSparse(sc *sparseCols) {
	x.sparse, x.cols = sc, nil
	x.blocks = make([]int32, sc.nb)
	for b := range x.blocks {
		x.blocks[b] = int32(b)
	}
}
