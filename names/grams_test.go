package names

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGramLists: each gives, for every range of lengths, the terms of the
// list in that range by length then number (a term listed twice twice),
// as the plain lists sorted so give them; check holds the lists whole and
// refuses a damaged one.
func TestGramLists(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const terms = 5000
	runeLen := make([]int32, terms)
	for i := range runeLen {
		runeLen[i] = int32(4 + r.IntN(12))
	}
	lists := make([][]int32, 300)
	for k := range lists {
		for range r.IntN(200) + 1 {
			lists[k] = append(lists[k], int32(r.IntN(terms)))
		}
		lists[k] = append(lists[k], lists[k][0]) // a term twice
	}
	want := make([][]int32, len(lists))
	for k, l := range lists {
		want[k] = slices.Clone(l)
		slices.SortFunc(want[k], func(a, b int32) int {
			if d := int(runeLen[a] - runeLen[b]); d != 0 {
				return d
			}
			return int(a - b)
		})
	}
	g := newGramLists(lists, runeLen)
	require.True(t, g.check(len(lists), terms))
	for k := range lists {
		for lo := int32(3); lo <= 16; lo++ {
			hi := lo + int32(r.IntN(3))
			var got, exp []int32
			g.each(k, lo, hi, func(t int32) { got = append(got, t) })
			for _, t := range want[k] {
				if runeLen[t] >= lo && runeLen[t] <= hi {
					exp = append(exp, t)
				}
			}
			require.Equal(t, exp, got, "list %d lengths %d–%d", k, lo, hi)
		}
	}
	require.False(t, g.check(len(lists), terms-1), "terms out of range")
	require.False(t, g.check(len(lists)+1, terms), "a list too many")
	bad := g
	bad.data = slices.Clone(g.data)
	bad.data[len(bad.data)-1] = 0xff // a difference that does not end
	require.False(t, bad.check(len(lists), terms), "a damaged difference")
	bad = g
	bad.runes = slices.Clone(g.runes)
	require.Greater(t, g.first[1], g.first[0]+1, "list 0 has terms of two lengths")
	bad.runes[g.first[0]+1] = bad.runes[g.first[0]]
	require.False(t, bad.check(len(lists), terms), "lengths out of order")
}
