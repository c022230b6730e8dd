package bm25

import (
	"math"
	"slices"
)

// The search walks the query terms' postings record by record (document
// at a time) and skips the records that cannot reach the k best found so
// far (MaxScore, Turtle and Flood 1995). Every term has an upper bound,
// the most one record gains from it (maxGain, exact: taken over its
// postings when the index is made or loaded). Sorted by bound, the terms
// whose bounds add up to no more than the k-th best score are
// "non-essential": a record holding only those cannot enter the top k, so
// only the other terms' postings are walked, and the non-essential ones
// are looked up (by halving) for the records that might still enter.
// BM25 gains are positive, so the bounds hold and the result is the
// exhaustive one, scores to the bit: a record's gains are added in the
// query's term order, as adding every term's postings in turn adds them.
//
// It matters once the data grows: a question pairs a frequent word
// ("museum", in a third of the records) with rarer ones (a town), and as
// soon as k records hold the rare words the frequent word's long list is
// only looked into. Over ten copies of the bundled data the walk over
// every posting had become the sparse leg's main cost.

// boundSlack widens the bounds by a relative margin before a record is
// skipped: a bound is a sum of float32 gains taken in another order than
// the record's score, and may round a little below it.
const boundSlack = 1e-5

// cursor walks one query term's postings.
type cursor struct {
	docs  []uint32
	freqs []uint8
	wide  map[uint32]uint16 // the index's
	first uint32            // the place of docs[0] in the index's postings
	w     float32           // idf·(k1+1)
	bound float32           // maxGain of the term
	pos   int
}

// at returns the cursor's record, or math.MaxUint32 past its end.
func (c *cursor) at() uint32 {
	if c.pos < len(c.docs) {
		return c.docs[c.pos]
	}
	return math.MaxUint32
}

// freq is the weighted count of the cursor's posting (see invIndex.freqs).
func (c *cursor) freq() uint16 {
	if f := c.freqs[c.pos]; f != wideFreq {
		return uint16(f)
	}
	return c.wide[c.first+uint32(c.pos)]
}

// seek moves the cursor to its first record at or after d.
func (c *cursor) seek(d uint32) {
	if c.pos >= len(c.docs) || c.docs[c.pos] >= d {
		return
	}
	// Galloping: the record sought is usually near.
	lo, step := c.pos, 1
	hi := lo + step
	for hi < len(c.docs) && c.docs[hi] < d {
		lo = hi
		step *= 2
		hi = lo + step
	}
	hi = min(hi, len(c.docs))
	i, _ := slices.BinarySearch(c.docs[lo:hi], d)
	c.pos = lo + i
}

// gain is what record d, holding the term f times (weighted), scores
// for a term of weight w; the one expression every score and bound uses.
func (x *invIndex) gain(w float32, f uint16, d uint32) float32 {
	ff := float32(f)
	return w * ff / (ff + x.norm[d])
}

// deriveBounds sets maxGain from the postings, norms and idfs.
func (x *invIndex) deriveBounds() {
	x.maxGain = make([]float32, len(x.idf))
	for t := range x.maxGain {
		w := x.idf[t] * float32(k1+1)
		var m float32
		for i := x.start[t]; i < x.start[t+1]; i++ {
			m = max(m, x.gain(w, x.freq(i), x.docs[i]))
		}
		x.maxGain[t] = m
	}
}

// search returns the k best records holding one of terms (distinct, in
// the query's order) that pass keep (nil keeps all), best first; equal
// scores go to the record first in the dataset. keep is asked only about
// records that would enter the top k.
func (x *invIndex) search(terms []uint32, k int, keep func(doc uint32) bool) []scored {
	if k <= 0 || len(terms) == 0 {
		return nil
	}
	cs := make([]cursor, len(terms))
	for i, t := range terms {
		lo, hi := x.start[t], x.start[t+1]
		cs[i] = cursor{docs: x.docs[lo:hi], freqs: x.freqs[lo:hi], wide: x.wide, first: lo, w: x.idf[t] * float32(k1+1), bound: x.maxGain[t]}
	}
	// order lists the cursors by bound, smallest first; upTo[m] is the sum
	// of the bounds of order[:m].
	order := make([]int, len(cs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case cs[a].bound < cs[b].bound:
			return -1
		case cs[a].bound > cs[b].bound:
			return 1
		}
		return 0
	})
	upTo := make([]float32, len(cs)+1)
	for m, i := range order {
		upTo[m+1] = upTo[m] + cs[i].bound
	}
	gains := make([]float32, len(cs))
	h := make([]scored, 0, k)
	// ne is the number of non-essential cursors, order[:ne].
	ne := 0
	for {
		d := uint32(math.MaxUint32)
		for _, i := range order[ne:] {
			d = min(d, cs[i].at())
		}
		if d == math.MaxUint32 {
			break
		}
		clear(gains)
		var bound float32
		for _, i := range order[ne:] {
			c := &cs[i]
			if c.at() == d {
				gains[i] = x.gain(c.w, c.freq(), d)
				bound += gains[i]
				c.pos++
			}
		}
		full := len(h) == k
		// The non-essential terms, largest bound first, while the record
		// can still enter.
		for m := ne - 1; m >= 0; m-- {
			if full && (bound+upTo[m+1])*(1+boundSlack) < h[0].score {
				break
			}
			c := &cs[order[m]]
			c.seek(d)
			if c.at() == d {
				gains[order[m]] = x.gain(c.w, c.freq(), d)
				bound += gains[order[m]]
			}
		}
		var s float32
		for _, g := range gains {
			// 0 + g is g: the terms a record lacks change nothing.
			s += g
		}
		c := scored{d, s}
		if full && !worse(h[0], c) {
			continue
		}
		if keep != nil && !keep(d) {
			continue
		}
		if !full {
			h = append(h, c)
			up(h, len(h)-1)
		} else {
			h[0] = c
			down(h, 0)
		}
		if len(h) == k {
			for ne < len(order) && upTo[ne+1]*(1+boundSlack) < h[0].score {
				ne++
			}
		}
	}
	slices.SortFunc(h, func(a, b scored) int {
		if worse(b, a) {
			return -1
		}
		return 1
	})
	return h
}
