package answer

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// sortByRank orders ids as a stable sort by rank does, those without a
// rank last: sets of every size, ids repeated, ranks for none, some and
// all of them.
func TestSortByRankIsAStableSort(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for trial := range 500 {
		n := r.IntN(60)
		ids := make([]string, n)
		for i := range ids {
			ids[i] = "id" + strconv.Itoa(r.IntN(n+1))
		}
		rank := map[string]int{}
		share := trial % 4 // none, a third, two thirds, all ranked
		for i := range n + 1 {
			if r.IntN(3) < share {
				rank["id"+strconv.Itoa(i)] = 1 + r.IntN(n+1)
			}
		}
		want := slices.Clone(ids)
		slices.SortStableFunc(want, func(a, b string) int {
			ra, oka := rank[a]
			rb, okb := rank[b]
			if !oka {
				ra = 1 << 30
			}
			if !okb {
				rb = 1 << 30
			}
			return ra - rb
		})
		got := slices.Clone(ids)
		sortByRank(got, rank)
		require.Equal(t, want, got, "ids %v rank %v", ids, rank)
	}
}
