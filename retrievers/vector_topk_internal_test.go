package retrievers

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// topK keeps what sorting everything keeps: random scores with many ties,
// several k, records skipped by a filter, offered in runs.
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
		if got := tk.heap().sorted(); !slices.Equal(got, want) {
			t.Fatalf("trial %d (n %d, k %d): got %d results, want %d; first difference at %d", trial, n, k, len(got), len(want), firstDiff(got, want))
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
