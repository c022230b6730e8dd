package fusion

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/retrieval"
)

const eps = 1e-15

func hits(source string, ids ...string) []retrieval.Hit {
	out := make([]retrieval.Hit, len(ids))
	for i, id := range ids {
		out[i] = retrieval.Hit{
			ID:      id,
			Name:    "name of " + id,
			Score:   float64(100 - i),
			Rank:    99, // deliberately wrong: RRF must use the slice position
			Snippet: source + " snippet of " + id,
			Source:  source,
			Tier:    heritage.TierVerified,
		}
	}
	return out
}

func ids(fs []Fused) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.ID
	}
	return out
}

func TestRRFHandComputed(t *testing.T) {
	lists := []Ranked{
		{Source: "bm25", Weight: 1, Hits: hits("bm25", "a", "b", "c")},
		{Source: "vector", Weight: 1, Hits: hits("vector", "b", "c", "d")},
	}
	got := RRF(lists, DefaultParams())

	// K = 60, ranks are 1-based positions.
	want := []struct {
		id    string
		score float64
	}{
		{"b", 1.0/62 + 1.0/61}, // bm25 rank 2, vector rank 1
		{"c", 1.0/63 + 1.0/62}, // bm25 rank 3, vector rank 2
		{"a", 1.0 / 61},        // bm25 rank 1
		{"d", 1.0 / 63},        // vector rank 3
	}
	require.Len(t, got, len(want))
	for i, w := range want {
		require.Equal(t, w.id, got[i].ID)
		require.InDelta(t, w.score, got[i].Score, eps, w.id)
		require.Equal(t, i+1, got[i].Rank)
	}

	b := got[0]
	require.Equal(t, []Contribution{
		{Source: "bm25", Rank: 2, RawScore: 99, Normalized: 1.0 / 62, Weight: 1, Weighted: 1.0 / 62},
		{Source: "vector", Rank: 1, RawScore: 100, Normalized: 1.0 / 61, Weight: 1, Weighted: 1.0 / 61},
	}, b.Sources)
	require.Equal(t, 1, b.BestRank())
	// Snippet comes from the first list that had the hit.
	require.Equal(t, "bm25 snippet of b", b.Snippet)
	require.Equal(t, "vector snippet of d", got[3].Snippet)
}

func TestRRFRankConstantAndWeights(t *testing.T) {
	// K = 0 and weights 3 and 0.5: the sums are exact binary fractions.
	lists := []Ranked{
		{Source: "kg", Weight: 3, Hits: hits("kg", "x", "y")},
		{Source: "bm25", Weight: 0.5, Hits: hits("bm25", "y", "z", "x", "w")},
	}
	got := RRF(lists, Params{K: 0})
	want := map[string]float64{
		"x": 3.0/1 + 0.5/3, // 19/6
		"y": 3.0/2 + 0.5/1, // 2
		"z": 0.5 / 2,       // 1/4
		"w": 0.5 / 4,       // 1/8
	}
	require.Equal(t, []string{"x", "y", "z", "w"}, ids(got))
	for _, f := range got {
		require.InDelta(t, want[f.ID], f.Score, eps, f.ID)
	}
	require.InDelta(t, 19.0/6, got[0].Score, eps)
}

func TestRRFWeightsSwapTopResult(t *testing.T) {
	mk := func(wBM25, wVector float64) []Ranked {
		return []Ranked{
			{Source: "bm25", Weight: wBM25, Hits: hits("bm25", "a", "b")},
			{Source: "vector", Weight: wVector, Hits: hits("vector", "b", "a")},
		}
	}
	// bm25 weight 2: a = 2/61 + 1/62, b = 2/62 + 1/61; a − b = 1/61 − 1/62 > 0.
	got := RRF(mk(2, 1), DefaultParams())
	require.Equal(t, []string{"a", "b"}, ids(got))
	require.InDelta(t, 2.0/61+1.0/62, got[0].Score, eps)
	require.InDelta(t, 2.0/62+1.0/61, got[1].Score, eps)

	// Swapped weights swap the top result.
	got = RRF(mk(1, 2), DefaultParams())
	require.Equal(t, []string{"b", "a"}, ids(got))
	require.InDelta(t, 2.0/61+1.0/62, got[0].Score, eps)
}

func TestRRFTieBreaks(t *testing.T) {
	tests := []struct {
		name  string
		lists []Ranked
		want  []string
	}{
		{
			// Equal scores, one source each, both rank 1: by id.
			name: "id",
			lists: []Ranked{
				{Source: "bm25", Weight: 1, Hits: hits("bm25", "q")},
				{Source: "vector", Weight: 1, Hits: hits("vector", "p")},
			},
			want: []string{"p", "q"},
		},
		{
			// K = 0: m = 1/2 + 1/2 = 1 from two lists; a = 1/1 from one.
			name: "more sources first",
			lists: []Ranked{
				{Source: "bm25", Weight: 1, Hits: hits("bm25", "a", "m")},
				{Source: "vector", Weight: 1, Hits: hits("vector", "n", "m")},
			},
			want: []string{"m", "a", "n"},
		},
		{
			// K = 0: z = 1/1 (bm25, rank 1); a = 2/2 (vector, rank 2).
			// Same score and source count: the better single rank wins
			// although its id sorts last.
			name: "best rank",
			lists: []Ranked{
				{Source: "bm25", Weight: 1, Hits: hits("bm25", "z")},
				{Source: "vector", Weight: 2, Hits: hits("vector", "", "a")},
			},
			want: []string{"z", "a"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := RRF(tt.lists, Params{K: 0})
			require.Equal(t, tt.want, ids(got))
			// Reversing the list order changes neither order nor scores
			// (only which list's snippet is kept).
			rev := slices.Clone(tt.lists)
			slices.Reverse(rev)
			again := RRF(rev, Params{K: 0})
			require.Equal(t, tt.want, ids(again))
			for i := range got {
				require.Equal(t, got[i].Score, again[i].Score)
				require.Equal(t, got[i].Sources, again[i].Sources)
			}
		})
	}
}

func TestRRFDedupeWithinList(t *testing.T) {
	lists := []Ranked{
		{Source: "bm25", Weight: 1, Hits: hits("bm25", "a", "b", "a", "c")},
	}
	got := RRF(lists, DefaultParams())
	require.Equal(t, []string{"a", "b", "c"}, ids(got))
	require.Len(t, got[0].Sources, 1)
	require.Equal(t, 1, got[0].Sources[0].Rank)
	require.InDelta(t, 1.0/61, got[0].Score, eps)
	// The duplicate still occupies its position: c is at position 4.
	require.Equal(t, 4, got[2].Sources[0].Rank)
	require.InDelta(t, 1.0/64, got[2].Score, eps)
}

func TestRRFFillsEmptyFieldsFromLaterLists(t *testing.T) {
	first := hits("bm25", "a")
	first[0].Snippet = ""
	first[0].Identifiers = retrieval.HitIdentifiers{ISIL: "DE-1"}
	second := hits("kg", "a")
	second[0].Identifiers = retrieval.HitIdentifiers{ISIL: "DE-2", Wikidata: "Q1"}
	got := RRF([]Ranked{{Source: "bm25", Weight: 1, Hits: first}, {Source: "kg", Weight: 1, Hits: second}}, DefaultParams())
	require.Len(t, got, 1)
	require.Equal(t, "kg snippet of a", got[0].Snippet)
	require.Equal(t, retrieval.HitIdentifiers{ISIL: "DE-1", Wikidata: "Q1"}, got[0].Identifiers)
}

func TestRRFWindowAndLimit(t *testing.T) {
	lists := []Ranked{
		{Source: "bm25", Weight: 1, Hits: hits("bm25", "a", "b", "c", "d")},
		{Source: "vector", Weight: 1, Hits: hits("vector", "d", "e")},
	}
	got := RRF(lists, Params{K: 60, Window: 2})
	// bm25 contributes a, b only; d is found by vector alone.
	require.Equal(t, []string{"a", "d", "b", "e"}, ids(got))
	require.Len(t, got[1].Sources, 1)
	require.Equal(t, "vector", got[1].Sources[0].Source)

	got = RRF(lists, Params{K: 60, Limit: 2})
	// d = 1/64 + 1/61 is first, then a = 1/61.
	require.Equal(t, []string{"d", "a"}, ids(got))
	require.Equal(t, 2, cap(got))
}

func TestRRFZeroWeight(t *testing.T) {
	lists := []Ranked{
		{Source: "bm25", Weight: 1, Hits: hits("bm25", "a")},
		{Source: "vector", Weight: 0, Hits: hits("vector", "b", "a")},
	}
	got := RRF(lists, DefaultParams())
	require.Equal(t, []string{"a", "b"}, ids(got))
	require.InDelta(t, 1.0/61, got[0].Score, eps)
	require.Equal(t, []Contribution{
		{Source: "bm25", Rank: 1, RawScore: 100, Normalized: 1.0 / 61, Weight: 1, Weighted: 1.0 / 61},
		{Source: "vector", Rank: 2, RawScore: 99, Normalized: 1.0 / 62, Weight: 0, Weighted: 0},
	}, got[0].Sources)
	require.Zero(t, got[1].Score)
	require.Len(t, got[1].Sources, 1)
}

func TestRRFEmpty(t *testing.T) {
	require.Empty(t, RRF(nil, DefaultParams()))
	require.Empty(t, RRF([]Ranked{{Source: "bm25", Weight: 1}}, DefaultParams()))
	require.Empty(t, RRF([]Ranked{{Source: "bm25", Weight: 1, Hits: []retrieval.Hit{{Name: "no id"}}}}, DefaultParams()))
}

func deepCopy(lists []Ranked) []Ranked {
	out := make([]Ranked, len(lists))
	for i, l := range lists {
		out[i] = l
		out[i].Hits = slices.Clone(l.Hits)
	}
	return out
}

func TestRRFDoesNotModifyInputs(t *testing.T) {
	lists := randomLists(rand.New(rand.NewPCG(1, 2)), 4, 50, 80)
	before := deepCopy(lists)
	got := RRF(lists, Params{K: 10, Window: 40, Limit: 30})
	require.Equal(t, before, lists)
	// Mutating the output does not reach the inputs either.
	for i := range got {
		got[i].Name = "changed"
		got[i].Snippet = "changed"
		for j := range got[i].Sources {
			got[i].Sources[j].Source = "changed"
		}
	}
	require.Equal(t, before, lists)
}

func TestRRFInvariants(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for iter := 0; iter < 200; iter++ {
		lists := randomLists(r, 1+r.IntN(4), r.IntN(60), 1+r.IntN(100))
		p := Params{K: float64(r.IntN(100)), Window: r.IntN(40), Limit: r.IntN(50)}
		got := RRF(lists, p)
		if p.Limit > 0 {
			require.LessOrEqual(t, len(got), p.Limit)
		}
		seen := map[string]bool{}
		for i, f := range got {
			require.False(t, seen[f.ID], "duplicate %s", f.ID)
			seen[f.ID] = true
			require.Equal(t, i+1, f.Rank)
			sum := 0.0
			for _, c := range f.Sources {
				require.InDelta(t, c.Weight/(p.K+float64(c.Rank)), c.Weighted, eps)
				require.InDelta(t, 1/(p.K+float64(c.Rank)), c.Normalized, eps)
				if p.Window > 0 {
					require.LessOrEqual(t, c.Rank, p.Window)
				}
				sum += c.Weighted
			}
			require.InDelta(t, sum, f.Score, 1e-12)
			require.True(t, slices.IsSortedFunc(f.Sources, func(a, b Contribution) int {
				if a.Source < b.Source {
					return -1
				}
				if a.Source > b.Source {
					return 1
				}
				return 0
			}))
			if i > 0 {
				require.LessOrEqual(t, compareFused(got[i-1], f), 0)
			}
		}
		shuffled := deepCopy(lists)
		r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		require.Equal(t, ids(got), ids(RRF(shuffled, p)))
	}
}

func TestValidate(t *testing.T) {
	ok := []Ranked{{Source: "bm25", Weight: 1}, {Source: "vector", Weight: 0}}
	tests := []struct {
		name  string
		lists []Ranked
		p     Params
		want  error
	}{
		{"default", ok, DefaultParams(), nil},
		{"zero K", ok, Params{}, nil},
		{"negative K", ok, Params{K: -1}, ErrInvalidParams},
		{"NaN K", ok, Params{K: nan()}, ErrInvalidParams},
		{"negative window", ok, Params{K: 60, Window: -1}, ErrInvalidParams},
		{"negative limit", ok, Params{K: 60, Limit: -1}, ErrInvalidParams},
		{"relative", ok, Params{Method: MethodRelative}, nil},
		{"dbsf", ok, Params{Method: MethodDBSF, Sigmas: 3}, nil},
		{"dbsf without sigmas", ok, Params{Method: MethodDBSF}, ErrInvalidParams},
		{"negative sigmas", ok, Params{Sigmas: -1}, ErrInvalidParams},
		{"infinite sigmas", ok, Params{Method: MethodDBSF, Sigmas: math.Inf(1)}, ErrInvalidParams},
		{"unknown method", ok, Params{Method: "borda"}, ErrInvalidParams},
		{"negative weight", []Ranked{{Source: "bm25", Weight: -0.5}}, DefaultParams(), ErrInvalidList},
		{"NaN weight", []Ranked{{Source: "bm25", Weight: nan()}}, DefaultParams(), ErrInvalidList},
		{"no source", []Ranked{{Weight: 1}}, DefaultParams(), ErrInvalidList},
		{"duplicate source", []Ranked{{Source: "kg", Weight: 1}, {Source: "kg", Weight: 2}}, DefaultParams(), ErrInvalidList},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Validate(tt.lists, tt.p)
			if tt.want == nil {
				require.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, tt.want)
		})
	}
}

func nan() float64 {
	zero := 0.0
	return zero / zero
}

func randomLists(r *rand.Rand, n, size, universe int) []Ranked {
	lists := make([]Ranked, n)
	for i := range lists {
		src := fmt.Sprintf("src%d", i)
		idList := make([]string, size)
		for j := range idList {
			idList[j] = fmt.Sprintf("id%03d", r.IntN(universe))
		}
		lists[i] = Ranked{Source: src, Weight: float64(r.IntN(4)) / 2, Hits: hits(src, idList...)}
	}
	return lists
}

func ExampleRRF() {
	lists := []Ranked{
		{Source: "bm25", Weight: 1, Hits: []retrieval.Hit{{ID: "mm:a"}, {ID: "mm:b"}}},
		{Source: "vector", Weight: 1, Hits: []retrieval.Hit{{ID: "mm:b"}, {ID: "mm:c"}}},
	}
	for _, f := range RRF(lists, DefaultParams()) {
		fmt.Printf("%d %s %.5f", f.Rank, f.ID, f.Score)
		for _, c := range f.Sources {
			fmt.Printf(" %s@%d", c.Source, c.Rank)
		}
		fmt.Println()
	}
	// Output:
	// 1 mm:b 0.03252 bm25@2 vector@1
	// 2 mm:a 0.01639 bm25@1
	// 3 mm:c 0.01613 vector@2
}

func BenchmarkRRF(b *testing.B) {
	// 4 lists × 100 hits over 250 ids: realistic overlap between legs.
	r := rand.New(rand.NewPCG(3, 5))
	lists := randomLists(r, 4, 100, 250)
	for i := range lists {
		lists[i].Weight = 1
	}
	p := DefaultParams()
	b.ReportAllocs()
	for b.Loop() {
		_ = RRF(lists, p)
	}
}
