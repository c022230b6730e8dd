package vector

import (
	"math"
	"math/bits"
	"sync"
)

// topK gathers the k best of the records a scan offers. A record that
// beats the k-th best known so far (the bar) is appended to a buffer of
// topKSlack·k; a full buffer is cut back to its k best by selection, in
// time linear in its length, and the k-th of those becomes the bar. An
// entering record costs an append and a share of a cut, where a heap of k
// sifts it through log k levels: a pruned search over ten copies of the
// bundled data lets thousands of records into its 500 candidates, and
// sifting them had been a sixth of its time.
type topK struct {
	k   int
	buf []Scored
	bar Scored
	// barred reports whether bar is set: the buffer has been cut once.
	barred bool
}

// topKSlack is how many times k results the buffer holds before a cut.
const topKSlack = 4

// newTopK gathers the k best of at most most records. Its buffer comes
// from resultsPool: release what best gives when done with it.
func newTopK(k, most int) *topK {
	n := max(1, min(topKSlack*k, most))
	buf := *resultsPool.Get().(*[]Scored)
	if cap(buf) < n {
		buf = make([]Scored, 0, n)
	}
	return &topK{k: k, buf: buf[:0]}
}

// resultsPool holds the buffers of topK: a few thousand results a search
// over ten copies of the bundled data, a fifth of what an ask allocated.
var resultsPool = sync.Pool{New: func() any { return new([]Scored) }}

// release hands the memory of results back to resultsPool; results is
// not used after.
func release(results []Scored) {
	s := results[:0]
	resultsPool.Put(&s)
}

// keep offers the records first, first+1, … with scores, skipping those
// not in pass (when pass is not nil).
func (t *topK) keep(scores []float32, first int, pass recordSet) {
	buf, bar, barred := t.buf, t.bar, t.barred
	for r, s := range scores {
		// Most records score below the bar: one comparison rejects them
		// before the index is looked at.
		if barred && s < bar.Score {
			continue
		}
		i := first + r
		if barred && !better(s, i, bar.Score, bar.Index) {
			continue
		}
		if pass != nil && !pass.has(i) {
			continue
		}
		buf = append(buf, Scored{Index: i, Score: s})
		if len(buf) == cap(buf) {
			t.buf = buf
			t.cut()
			buf, bar, barred = t.buf, t.bar, t.barred
		}
	}
	t.buf = buf
}

// cut keeps the buffer's k best and sets the bar to the k-th of them.
func (t *topK) cut() {
	if len(t.buf) <= t.k {
		return
	}
	selectBest(t.buf, t.k)
	t.buf = t.buf[:t.k]
	worst := t.buf[0]
	for _, s := range t.buf[1:] {
		if better(worst.Score, worst.Index, s.Score, s.Index) {
			worst = s
		}
	}
	t.bar, t.barred = worst, true
}

// best returns the k best, in no particular order.
func (t *topK) best() []Scored {
	t.cut()
	return t.buf
}

// selectBest reorders s so that its k best (see better) come first, in
// no particular order (quickselect, middle of three as pivot: no
// randomness, so a search gives the same result every time).
func selectBest(s []Scored, k int) {
	lo, hi := 0, len(s) // the k-th best lies in s[lo:hi]
	for hi-lo > 1 {
		m := lo + (hi-lo-1)/2
		// middle of three into s[m]
		if before(s[hi-1], s[lo]) {
			s[lo], s[hi-1] = s[hi-1], s[lo]
		}
		if before(s[m], s[lo]) {
			s[m], s[lo] = s[lo], s[m]
		}
		if before(s[hi-1], s[m]) {
			s[m], s[hi-1] = s[hi-1], s[m]
		}
		pivot := s[m]
		// Hoare partition: s[lo:j+1] are not after the pivot, s[j+1:hi]
		// not before it, and lo <= j < hi-1 (the pivot is not the last).
		i, j := lo-1, hi
		for {
			for i++; before(s[i], pivot); i++ {
			}
			for j--; before(pivot, s[j]); j-- {
			}
			if i >= j {
				break
			}
			s[i], s[j] = s[j], s[i]
		}
		if k <= j+1 {
			hi = j + 1
		} else {
			lo = j + 1
		}
	}
}

// before reports whether a ranks above b.
func before(a, b Scored) bool { return better(a.Score, a.Index, b.Score, b.Index) }

// bestOfBlocks returns the k best records of the scored blocks run that
// pass (every record when pass is nil), in no particular order.
//
// Each block is cut into parts of partRecords records, and each part's
// highest score among the records that pass is found. When k parts or
// more have a record that passes, the k-th highest of the parts' highest
// scores bounds the k-th best score from below (k parts each hold a
// record that passes and scores at least it), and it is the bar from the
// start: only the parts that reach it are offered, and only their records
// that reach it enter. A pruned search keeps 500 candidates of every
// record, and with a bar that rose only as its buffer filled, offering
// and cutting had been a third of its time over ten copies of the bundled
// data.
func (x *Index) bestOfBlocks(k int, scores []float32, run []int32, pass recordSet) []Scored {
	pp := partsPool.Get().(*[]Scored)
	defer partsPool.Put(pp)
	parts := (*pp)[:0]
	for _, b := range run {
		end := min(int(b+1)*blockRecords, x.n)
		for lo := int(b) * blockRecords; lo < end; lo += partRecords {
			if h, ok := partHighest(scores, lo, min(lo+partRecords, end), pass); ok {
				parts = append(parts, Scored{Index: lo, Score: h})
			}
		}
	}
	*pp = parts
	t := newTopK(k, len(run)*blockRecords)
	if len(parts) >= k {
		// The parts are offered below in any order: the k best of the
		// records they hold are the same.
		selectBest(parts, k)
		bar := parts[0].Score
		for _, h := range parts[1:k] {
			bar = min(bar, h.Score)
		}
		// Index MaxInt: a record that scores the bar itself enters.
		t.bar, t.barred = Scored{Index: math.MaxInt, Score: bar}, true
	}
	for _, p := range parts {
		if t.barred && p.Score < t.bar.Score {
			continue
		}
		t.keep(scores[p.Index:min(p.Index+partRecords, x.n)], p.Index, pass)
	}
	return t.best()
}

// partsPool holds bestOfBlocks' lists of parts, a few thousand entries
// for each worker of a search over ten copies of the bundled data.
var partsPool = sync.Pool{New: func() any { return new([]Scored) }}

// partRecords is how many records share a highest score in bestOfBlocks:
// a divisor of 64, so that a part's records are bits of one word of a
// recordSet.
const partRecords = 32

// partHighest is the highest score of the records lo to hi-1 (at most
// partRecords, lo a multiple of it) that pass, and whether any does.
func partHighest(scores []float32, lo, hi int, pass recordSet) (float32, bool) {
	if pass == nil {
		return highest(scores[lo:hi]), true
	}
	in := pass[lo/64] >> (lo % 64) & (1<<(hi-lo) - 1)
	switch in {
	case 0:
		return 0, false
	case 1<<(hi-lo) - 1:
		return highest(scores[lo:hi]), true
	}
	h := float32(math.Inf(-1))
	for ; in != 0; in &= in - 1 {
		h = max(h, scores[lo+bits.TrailingZeros64(in)])
	}
	return h, true
}

// highest is the largest of scores (-Inf when there are none). The
// scores are compared as the integers of orderKey, with no branch: a
// branch on each comparison of floats is mispredicted whenever the
// largest so far changes, which over a part of a block's scores is
// often (three times slower than this, over ten copies of the bundled
// data). Four running maxima, each over every fourth score, let the
// comparisons of one step wait on the step four back rather than the
// one before.
func highest(scores []float32) float32 {
	h0, h1, h2, h3 := orderKey(float32(math.Inf(-1))), orderKey(float32(math.Inf(-1))), orderKey(float32(math.Inf(-1))), orderKey(float32(math.Inf(-1)))
	r := 0
	for ; r+4 <= len(scores); r += 4 {
		s := scores[r : r+4 : r+4]
		h0 = max(h0, orderKey(s[0]))
		h1 = max(h1, orderKey(s[1]))
		h2 = max(h2, orderKey(s[2]))
		h3 = max(h3, orderKey(s[3]))
	}
	for _, s := range scores[r:] {
		h0 = max(h0, orderKey(s))
	}
	return fromOrderKey(max(max(h0, h1), max(h2, h3)))
}

// orderKey maps a float32 that is not NaN to an int32 of the same order
// (-0 just below 0): a positive float's bits already compare as integers,
// and a negative float's, all but the sign flipped, compare the other way
// round.
func orderKey(f float32) int32 {
	b := int32(math.Float32bits(f))
	return b ^ (b >> 31 & math.MaxInt32)
}

// fromOrderKey is the float32 of an orderKey.
func fromOrderKey(k int32) float32 {
	return math.Float32frombits(uint32(k ^ (k >> 31 & math.MaxInt32)))
}
