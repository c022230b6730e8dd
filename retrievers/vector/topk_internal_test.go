package vector

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// topK, and bestOfBlocks, keep what sorting everything keeps: random
// scores with many ties, several k, records skipped by a filter, offered
// in runs.
func TestTopKIsTheSortedBest(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		n := 1 + rng.IntN(3000)
		scores := make([]float32, n)
		for i := range scores {
			scores[i] = float32(rng.IntN(50)) / 7 // ties on purpose
		}
		pass := make(recordSet, (n+63)/64)
		for i := range n {
			if rng.IntN(4) > 0 {
				pass[i/64] |= 1 << (i % 64)
			}
		}
		if trial%3 == 0 {
			pass = nil
		}
		k := 1 + rng.IntN(600)
		var want []Scored
		for i, s := range scores {
			if pass == nil || pass.has(i) {
				want = append(want, Scored{Index: i, Score: s})
			}
		}
		slices.SortFunc(want, func(a, b Scored) int {
			if before(a, b) {
				return -1
			}
			return 1
		})
		want = want[:min(k, len(want))]
		tk := newTopK(k, n)
		for lo := 0; lo < n; lo += 256 {
			tk.keep(scores[lo:min(lo+256, n)], lo, pass)
		}
		if got := sorted(tk.best()); !slices.Equal(got, want) {
			t.Fatalf("trial %d (n %d, k %d): got %d results, want %d; first difference at %d", trial, n, k, len(got), len(want), firstDiff(got, want))
		}
		// bestOfBlocks, whose bar starts at the parts' k-th highest
		// score, over every block
		x := &Index{n: n}
		var run []int32
		for b := range blocksOf(n) {
			run = append(run, int32(b))
		}
		scored := make([]float32, len(run)*blockRecords)
		copy(scored, scores)
		if got := sorted(x.bestOfBlocks(k, scored, run, pass)); !slices.Equal(got, want) {
			t.Fatalf("trial %d (n %d, k %d): bestOfBlocks got %d results, want %d; first difference at %d", trial, n, k, len(got), len(want), firstDiff(got, want))
		}
	}
}

func firstDiff(a, b []Scored) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// highest is the largest score of runs of every length up to a block's,
// negative scores among them, and -Inf of none.
func TestHighest(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := range blockRecords + 1 {
		scores := make([]float32, n)
		for i := range scores {
			scores[i] = rng.Float32()*2 - 1.5
		}
		want := float32(math.Inf(-1))
		for _, s := range scores {
			want = max(want, s)
		}
		require.Equal(t, want, highest(scores), "length %d", n)
	}
}

// partHighest is the highest score of a part's records that pass, for
// parts with none, some and all of their records passing, and of every
// length up to partRecords.
func TestPartHighest(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	scores := make([]float32, 4*partRecords)
	for i := range scores {
		scores[i] = rng.Float32()*2 - 1.5
	}
	pass := recordSet{0, ^uint64(0) >> 1}
	for lo := 0; lo < len(scores); lo += partRecords {
		for n := 1; n <= partRecords; n++ {
			want, any := float32(math.Inf(-1)), false
			for i := lo; i < lo+n; i++ {
				if pass.has(i) {
					want, any = max(want, scores[i]), true
				}
			}
			got, ok := partHighest(scores, lo, lo+n, pass)
			require.Equal(t, any, ok, "part at %d, %d records", lo, n)
			if ok {
				require.Equal(t, want, got, "part at %d, %d records", lo, n)
			}
			got, ok = partHighest(scores, lo, lo+n, nil)
			require.True(t, ok)
			require.Equal(t, highest(scores[lo:lo+n]), got)
		}
	}
}
