package names

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

var sharedReference = testfixture.Shared(func(ds *heritage.Dataset) (*refIndex, error) { return newReference(ds), nil })

// TestAnswersLikeReference holds the index to the reference (the layout
// of maps and small slices it replaced) on random queries made from the
// records' names: whole, partial, reordered, misspelt, joined, split,
// mixed with another record's words or with words of no record, with and
// without a city hint, at several limits. Every hit must be equal: the
// same records in the same order, with the same form, flags and scores.
func TestAnswersLikeReference(t *testing.T) {
	ix, ds := testIndex(t)
	ref := sharedReference(t)
	rng := rand.New(rand.NewPCG(1, 2))
	n := len(ds.Institutions)
	name := func() (string, *heritage.Institution) {
		in := &ds.Institutions[rng.IntN(n)]
		if len(in.AltNames()) > 0 && rng.IntN(3) == 0 {
			return in.AltNames()[rng.IntN(len(in.AltNames()))].Name, in
		}
		return in.Name, in
	}
	for q := range 2000 {
		text, in := name()
		ws := strings.Fields(text)
		switch q % 8 {
		case 1: // some of the words, reordered
			rng.Shuffle(len(ws), func(a, b int) { ws[a], ws[b] = ws[b], ws[a] })
			ws = ws[:1+rng.IntN(len(ws))]
		case 2: // a misspelt word
			ws[rng.IntN(len(ws))] = misspell(rng, ws[rng.IntN(len(ws))])
		case 3: // two words joined
			if k := rng.IntN(len(ws)); k+1 < len(ws) {
				ws = append(ws[:k:k], append([]string{ws[k] + ws[k+1]}, ws[k+2:]...)...)
			}
		case 4: // a word split
			if w := ws[0]; len(w) > 6 {
				ws = append([]string{w[:len(w)/2], w[len(w)/2:]}, ws[1:]...)
			}
		case 5: // another record's words
			other, _ := name()
			ws = append(ws, strings.Fields(other)...)
		case 6: // a word of no record
			ws = append(ws, misspell(rng, "qzxwvuts"))
		case 7: // misspelt throughout
			for k := range ws {
				ws[k] = misspell(rng, ws[k])
			}
		}
		query := strings.Join(ws, " ")
		o := Options{Limit: []int{0, 1, 3, 5, 40}[rng.IntN(5)]}
		switch rng.IntN(3) {
		case 0:
			o.City = in.City
		case 1:
			o.City = ds.Institutions[rng.IntN(n)].City
		}
		require.Equal(t, ref.Search(query, o), ix.Search(query, o), "%q %+v", query, o)
		require.Equal(t, ref.Lookup(query), ix.Lookup(query), query)
		require.Equal(t, ref.Weight(query), ix.Weight(query), query)
		d := int32(rng.IntN(n))
		require.Equal(t, ref.Forms(d), ix.Forms(d), d)
	}
}

// misspell changes one letter of w: it drops, doubles, swaps or replaces
// one.
func misspell(rng *rand.Rand, w string) string {
	r := []rune(w)
	if len(r) < 2 {
		return w
	}
	k := rng.IntN(len(r) - 1)
	switch rng.IntN(4) {
	case 0:
		r = append(r[:k], r[k+1:]...)
	case 1:
		r = append(r[:k+1], r[k:]...)
	case 2:
		r[k], r[k+1] = r[k+1], r[k]
	default:
		r[k] = 'a' + rune(rng.IntN(26))
	}
	return string(r)
}
