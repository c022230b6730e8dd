package retrievers

import (
	"cmp"
	"math"
	"slices"
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

// newTopK gathers the k best of at most most records.
func newTopK(k, most int) *topK {
	return &topK{k: k, buf: make([]Scored, 0, max(1, min(topKSlack*k, most)))}
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

// heap returns the k best as a heap.
func (t *topK) heap() minHeap {
	t.cut()
	h := minHeap(t.buf)
	for i := len(h)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
	return h
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
// pass (every record when pass is nil), as a heap. The blocks are offered
// best first, by their highest score, so that the bar rises at once, and
// the offer stops at the first block whose highest score is below the
// bar: a pruned search keeps 500 candidates of every record, and most
// blocks hold none of them.
func (x *VectorIndex) bestOfBlocks(k int, scores []float32, run []int32, pass recordSet) minHeap {
	type block struct {
		b    int32
		high float32
	}
	order := make([]block, len(run))
	for i, b := range run {
		lo := int(b) * blockRecords
		order[i] = block{b, highest(scores[lo:min(lo+blockRecords, x.n)])}
	}
	slices.SortFunc(order, func(a, b block) int {
		if c := cmp.Compare(b.high, a.high); c != 0 {
			return c
		}
		return cmp.Compare(a.b, b.b)
	})
	t := newTopK(k, len(run)*blockRecords)
	for _, o := range order {
		if t.barred && o.high < t.bar.Score {
			break
		}
		lo := int(o.b) * blockRecords
		t.keep(scores[lo:min(lo+blockRecords, x.n)], lo, pass)
	}
	return t.heap()
}

// highest is the largest of scores (-Inf when there are none). Four
// running maxima, each over every fourth score, let the comparisons of
// one step wait on the step four back rather than the one before.
func highest(scores []float32) float32 {
	h0, h1, h2, h3 := float32(math.Inf(-1)), float32(math.Inf(-1)), float32(math.Inf(-1)), float32(math.Inf(-1))
	r := 0
	for ; r+4 <= len(scores); r += 4 {
		s := scores[r : r+4 : r+4]
		if s[0] > h0 {
			h0 = s[0]
		}
		if s[1] > h1 {
			h1 = s[1]
		}
		if s[2] > h2 {
			h2 = s[2]
		}
		if s[3] > h3 {
			h3 = s[3]
		}
	}
	for _, s := range scores[r:] {
		if s > h0 {
			h0 = s
		}
	}
	return max(max(h0, h1), max(h2, h3))
}
