package vector

import (
	"cmp"
	"context"
	"math/bits"
	"slices"
)

// A search that would score at least pruneRecords records of sparse
// columns is pruned: a first pass scores every record with only the
// query's prunedComponents components that tell records apart best for
// their cost (see firstPass), and the best candidates of that pass are
// scored again with all of them. The results carry their exact scores,
// and they are the exact top k in nearly every case: over the 2,744 gold
// and generated questions and ten copies of the bundled data (162,860
// records), 96% of the exact top 20 and 97% of the top 10
// (TestPrunedSearchRecall), at 35–45% of the CPU time of an exhaustive
// search. The first pass still grows with the records, at a sixth of the
// rate of an exhaustive search (a question's vector from the hashing
// embedder has 95 non-zero components on average); the second does not.
// Smaller searches, among them every search of the bundled data, are
// exhaustive, and their results are those of the exhaustive scan to the
// bit.
//
// Tried and dropped, each over the same questions and records:
// clustering the records (an inverted file, probing the clusters whose
// centroids score highest) found fewer of the exact top 20 with a third
// of the records probed; bounding each block's first-pass score by its
// columns' largest values, to skip blocks, skipped none (the bound of
// every block reached the 500th best score, in the records' order and
// in an order by a sign hash of their vectors); a first pass over every
// component's largest products only, down to a common bar, found 85–93%
// of the exact top 20 for the same work. Over the realistic copies of
// tools/scaledata (ten times the bundled data; tools/vecrecall, the 2,862
// gold and generated questions, recall at 10): a first pass over each
// record's 16, 32 or 64 largest components (by magnitude, or by their
// share of their column's spread) with every query component found 0.80
// to 0.94 of the exact top 10 for as much work or more; codes of 1 to 3
// bits in the columns for the first pass, the rows' int8 codes scoring
// the candidates again, found 0.53 to 0.77 (a value's size within its
// column carries the record's length: few codes lose it); fewer
// components or candidates trade recall for time steeply (12 components
// and 300 candidates: 0.91 in 64% of the time; see docs/benchmarks.md).
//
// Why no graph index (HNSW) for the searches that outgrow the scan: the
// Go library on the module proxy (github.com/coder/hnsw) keeps every
// record's vector as float32 beside its graph (4 KB a record at 1,024
// dimensions, against under 1 KB for this whole index), and a graph over
// these vectors is both slow to build and poor at finding their
// neighbours: Qdrant's HNSW took 563 s of both cores to build over ten
// copies of the bundled data, and over the bundled data, fully built,
// found 85% of the exact top 10 at search_ef 256 in 2.9 ms a search,
// where the exhaustive scan here takes about 0.6 ms. The hashing
// vectors' char n-grams set a quarter of the components of every record,
// so every column is long and no neighbourhood is small.
const (
	pruneRecords     = 50_000
	prunedComponents = 20
	prunedCandidates = 500 // at least; 25 per result asked for
	candidatesPerHit = 25
)

// lookupBlocks is what looking a record up in a column costs (see dots),
// in blocks of a column scored: a look-up reads scattered memory.
const lookupBlocks = 0.5

// prunes reports whether a search for the k best of blocks with nz
// non-zero query components is pruned: when it would score pruneAt
// records or more and the blocks the first pass leaves out cost more than
// the look-ups of the second. An index whose pruneAt is 0 prunes every
// search it can.
func (x *Index) prunes(nz, blocks, k int) bool {
	if nz <= prunedComponents || blocks*blockRecords < x.pruneAt {
		return false
	}
	saved := float64((nz - prunedComponents) * blocks)
	cost := lookupBlocks * float64(candidates(k)*nz)
	if c := x.sparse.c; c != nil {
		// A candidate is scored from its row (see compactVals.dots).
		cost = float64(candidates(k)) * c.rowLookups(nz) * rowCost / x.sparse.perColBlock(x.dim)
	}
	return x.pruneAt == 0 || saved > cost
}

// candidates is how many candidates of the first pass of a pruned search
// for the k best are scored again.
func candidates(k int) int { return max(prunedCandidates, candidatesPerHit*k) }

// searchPruned returns the k best records of blocks that pass (every
// record when pass is nil), in no particular order, found as
// pruneRecords describes. nz lists q's non-zero components in ascending
// order; scores has room for every block's records.
func (x *Index) searchPruned(ctx context.Context, q []float32, nz []int, k int, scores []float32, blocks []int32, pass recordSet) ([]Scored, error) {
	top := x.firstPass(q, nz)
	cands, err := x.bestSparse(ctx, q, top, candidates(k), scores, blocks, pass)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(cands, func(a, b Scored) int { return cmp.Compare(a.Index, b.Index) })
	exact := x.dotsOf(q, nz, cands)
	for c := range cands {
		cands[c].Score = exact[c]
	}
	if len(cands) > k {
		selectBest(cands, k)
		cands = cands[:k]
	}
	return cands, nil
}

// dotsOf returns the products of q and the vectors of recs (ascending
// Index) for q's non-zero components nz (see sparseCols.dots). The
// records are split into one run per worker when each gets
// rowsPerWorker or more: their look-ups are independent and read
// scattered memory, about a third of a pruned search's time. Over ten
// copies of the bundled data, a filter on a place lets hundreds of
// records through, and splitting their look-ups too took the vector
// leg's mean time over the gold questions from 1.29 to 1.20 ms (the two
// in turn in one process).
func (x *Index) dotsOf(q []float32, nz []int, recs []Scored) []float32 {
	out := make([]float32, len(recs))
	workers := max(1, min(x.workers, len(recs)/rowsPerWorker))
	chunk := (len(recs) + workers - 1) / workers
	parallel(workers, func(w int) error {
		lo, hi := min(w*chunk, len(recs)), min((w+1)*chunk, len(recs))
		x.sparse.dots(q, nz, recs[lo:hi], out[lo:hi])
		return nil
	})
	return out
}

// rowsPerWorker is the fewest records dotsOf gives a worker: tens of
// microseconds of look-ups, against a few to start a goroutine.
const rowsPerWorker = 64

// dots writes to out the products of q and the vectors of recs (in
// ascending order of Index), for the non-zero components nz of q in
// ascending order. Each record gets its products in the order score adds them, so
// the two agree to the bit. A record's entry in a column is found by its
// bit in the column's presence bits of its block and the bits set before
// it, with no search.
//
// Each column is done in two loops. The first finds the entries of the
// records present in the column, without a branch on the bits (a record
// is present in a quarter of the columns, so a branch there is
// mispredicted often and throws away the loads in flight behind it); the
// second reads their values. Those reads miss the caches (the values of a
// large index are hundreds of megabytes), and with no branch between them
// the processor overlaps many of them (over ten copies of the bundled
// data a pruned search took about a fifth less CPU time than with one
// loop that branches per record).
func (sc *sparseCols) dots(q []float32, nz []int, recs []Scored, out []float32) {
	if sc.c != nil {
		sc.c.dots(q, nz, recs, out)
		return
	}
	present := sc.presence()
	at := make([]uint32, len(recs))
	who := make([]int32, len(recs))
	for _, j := range nz {
		col := sc.start[j*sc.nb : (j+1)*sc.nb]
		marks := present[j*sc.nb*presenceWords : (j+1)*sc.nb*presenceWords]
		m := 0
		for c, s := range recs {
			b, r := s.Index/blockRecords, uint(s.Index%blockRecords)
			w := (*[presenceWords]uint64)(marks[b*presenceWords:])
			k := r / 64
			word := w[k]
			n := bits.OnesCount64(word & (1<<(r%64) - 1))
			for i, v := range w[:presenceWords-1] {
				// all ones when i < k: the words before the record's
				n += bits.OnesCount64(v & -((uint64(i) - uint64(k)) >> 63))
			}
			at[m], who[m] = col[b]+uint32(n), int32(c)
			m += int(word >> (r % 64) & 1)
		}
		a := q[j]
		for i, p := range at[:m] {
			out[who[i]] += a * sc.vals[p]
		}
	}
}

// presenceWords is the number of 64-bit words that mark the records of a
// block present in a column.
const presenceWords = blockRecords / 64

// presence returns, for each dimension j and block b, the presenceWords
// words from (j*nb+b)*presenceWords on, with bit r set when record r of
// the block has a component j. They are made on the first call (128 bytes
// a record, one pass over the components).
func (sc *sparseCols) presence() []uint64 {
	sc.presentOnce.Do(func() {
		p := make([]uint64, (len(sc.start)-1)*presenceWords)
		for k := range len(sc.start) - 1 {
			for _, r := range sc.rows[sc.start[k]:sc.start[k+1]] {
				p[k*presenceWords+int(r)/64] |= 1 << (r % 64)
			}
		}
		sc.present = p
	})
	return sc.present
}

func abs32(v float32) float32 {
	if v < 0 {
		return -v
	}
	return v
}

// firstPass returns the prunedComponents components of nz (ascending) that
// the first pass of a pruned search of q scores: those whose columns
// spread the records' scores most for what they cost. Component j adds
// q[j]·v to a record whose value there is v; what tells records apart is
// how much that varies over the records, q[j]²·var(column j), and a
// column costs one add per record that has the component. The largest
// components by magnitude would pick the columns of the commonest words,
// in most records and adding much the same to each: by spread per entry,
// the first pass over ten copies of the bundled data adds 10% fewer
// entries and finds slightly more of the exact top 20 (TestPrunedSearchRecall).
func (x *Index) firstPass(q []float32, nz []int) []int {
	st := x.sparse.spreads(x.n, x.dim)
	worth := func(j int) float64 {
		f := float64(q[j])
		return f * f * st[j]
	}
	top := slices.Clone(nz)
	// Ties go to the lower component, so that the pass is the same for
	// the same query.
	slices.SortStableFunc(top, func(a, b int) int { return cmp.Compare(worth(b), worth(a)) })
	top = top[:min(prunedComponents, len(top))]
	slices.Sort(top)
	return top
}

// spreads returns, for each of the dim columns of n records, the
// variance of its values over all the records (a record without the
// component counts as 0) per record that has the component, or 0 for an
// empty column. They are made on the first call, in one pass over the
// components.
func (sc *sparseCols) spreads(n, dim int) []float64 {
	sc.spreadOnce.Do(func() {
		s := make([]float64, dim)
		for j := range dim {
			lo, hi := sc.start[j*sc.nb], sc.start[(j+1)*sc.nb]
			if lo == hi {
				continue
			}
			var s1, s2 float64
			for p := lo; p < hi; p++ {
				v := float64(sc.value(p, j))
				s1 += v
				s2 += v * v
			}
			mean := s1 / float64(n)
			s[j] = (s2/float64(n) - mean*mean) / float64(hi-lo)
		}
		sc.spread = s
	})
	return sc.spread
}
