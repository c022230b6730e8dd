package fusion

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/stretchr/testify/require"
)

// scored builds a list whose hits carry the given scores, in that order.
func scored(source string, weight float64, idScores ...any) Ranked {
	l := Ranked{Source: source, Weight: weight}
	for i := 0; i < len(idScores); i += 2 {
		id := idScores[i].(string)
		l.Hits = append(l.Hits, retrieval.Hit{ID: id, Name: "name of " + id, Score: idScores[i+1].(float64), Source: source})
	}
	return l
}

func TestRelativeScoreHandComputed(t *testing.T) {
	lists := []Ranked{
		scored("bm25", 1, "a", 10.0, "b", 6.0, "c", 2.0),
		scored("vector", 0.5, "b", 0.9, "d", 0.5),
	}
	got := RelativeScore(lists, Params{})
	// bm25: a 1, b (6−2)/8 = 0.5, c 0. vector: b 1, d 0.
	// a = 1; b = 0.5 + 0.5 × 1 = 1 (two lists: before a); c = d = 0 (d's
	// best rank 2 beats c's 3).
	require.Equal(t, []string{"b", "a", "d", "c"}, ids(got))
	require.Equal(t, []float64{1, 1, 0, 0}, []float64{got[0].Score, got[1].Score, got[2].Score, got[3].Score})
	require.Equal(t, []Contribution{
		{Source: "bm25", Rank: 2, RawScore: 6, Normalized: 0.5, Weight: 1, Weighted: 0.5},
		{Source: "vector", Rank: 1, RawScore: 0.9, Normalized: 1, Weight: 0.5, Weighted: 0.5},
	}, got[0].Sources)
	for i, f := range got {
		require.Equal(t, i+1, f.Rank)
	}
}

func TestDBSFHandComputed(t *testing.T) {
	lists := []Ranked{scored("bm25", 2, "a", 4.0, "b", 2.0, "c", 0.0)}
	// μ = 2, σ = √(8/3); the range is μ ± 3σ.
	sigma := math.Sqrt(8.0 / 3)
	norm := func(x float64) float64 { return (x - (2 - 3*sigma)) / (6 * sigma) }
	got := DBSF(lists, DefaultParams())
	require.Equal(t, []string{"a", "b", "c"}, ids(got))
	for i, x := range []float64{4, 2, 0} {
		c := got[i].Sources[0]
		require.InDelta(t, norm(x), c.Normalized, 1e-12)
		require.InDelta(t, 2*norm(x), c.Weighted, 1e-12)
		require.InDelta(t, 2*norm(x), got[i].Score, 1e-12)
	}
	require.InDelta(t, 0.5, got[1].Sources[0].Normalized, 1e-12) // the mean sits mid-range

	// A narrow range clamps: with ±0.5σ, 4 lies above the range and 0 below.
	got = DBSF(lists, Params{Sigmas: 0.5})
	require.Equal(t, 1.0, got[0].Sources[0].Normalized)
	require.InDelta(t, 0.5, got[1].Sources[0].Normalized, 1e-12)
	require.Equal(t, 0.0, got[2].Sources[0].Normalized)
}

func TestDBSFOutlierSaturates(t *testing.T) {
	// One far outlier among 20 (its z-score is 19/√20 ≈ 4.2, past 3)
	// saturates at 1; the others stay inside the range.
	args := []any{"top", 1000.0}
	for i := range 19 {
		args = append(args, fmt.Sprintf("h%02d", i), float64(20-i))
	}
	got := DBSF([]Ranked{scored("vector", 1, args...)}, DefaultParams())
	require.Equal(t, 1.0, got[0].Sources[0].Normalized)
	for _, f := range got[1:] {
		require.Greater(t, f.Score, 0.0)
		require.Less(t, f.Score, 1.0)
	}
	require.Greater(t, got[1].Score, got[19].Score)
}

func TestScoreFusionsDegenerateLists(t *testing.T) {
	// Equal scores: min–max says 1 (every hit is the list's best), DBSF 0.5
	// (every hit is at the mean).
	lists := []Ranked{scored("kg", 1, "a", 3.0, "b", 3.0)}
	for _, f := range RelativeScore(lists, Params{}) {
		require.Equal(t, 1.0, f.Sources[0].Normalized)
	}
	for _, f := range DBSF(lists, DefaultParams()) {
		require.Equal(t, 0.5, f.Sources[0].Normalized)
	}
	// A non-finite score normalises to 0 and is left out of the range.
	lists = []Ranked{scored("kg", 1, "a", 4.0, "n", math.NaN(), "b", 2.0, "i", math.Inf(-1))}
	got := RelativeScore(lists, Params{})
	// b, n and i score 0: by best rank.
	require.Equal(t, []string{"a", "n", "b", "i"}, ids(got))
	require.Equal(t, []float64{1, 0, 0, 0}, []float64{got[0].Score, got[1].Score, got[2].Score, got[3].Score})
	for _, f := range DBSF(lists, DefaultParams()) {
		require.False(t, math.IsNaN(f.Score), f.ID)
	}
	require.Empty(t, RelativeScore(nil, Params{}))
	require.Empty(t, DBSF([]Ranked{{Source: "kg", Weight: 1}}, DefaultParams()))
}

func TestScoreFusionsWindowDedupeAndZeroWeight(t *testing.T) {
	lists := []Ranked{
		// "a" again at position 3 with a lower score: its first position
		// counts, and the repeat is not in the statistics (else the range
		// would run down to 1).
		scored("bm25", 1, "a", 9.0, "b", 5.0, "a", 1.0, "z", 0.0),
		scored("vector", 0, "b", 0.7, "c", 0.2),
	}
	got := RelativeScore(lists, Params{Window: 3})
	require.Equal(t, []string{"a", "b", "c"}, ids(got)) // z is past the window
	require.Equal(t, 1.0, got[0].Score)
	require.Equal(t, 0.0, got[1].Score) // min of {9, 5}
	require.Len(t, got[1].Sources, 2)
	require.Equal(t, 1.0, got[1].Sources[1].Normalized) // seen, not trusted
	require.Equal(t, 0.0, got[1].Sources[1].Weighted)

	got = DBSF(lists, Params{Sigmas: 3, Limit: 2})
	require.Len(t, got, 2)
	require.Equal(t, 2, cap(got))
}

// randomScored makes n lists of size hits over universe ids, each with
// scores of its own scale and offset, best first, with ties.
func randomScored(r *rand.Rand, n, size, universe int) []Ranked {
	lists := make([]Ranked, n)
	for i := range lists {
		src := fmt.Sprintf("src%d", i)
		scale, offset := math.Pow(10, float64(r.IntN(5)-2)), float64(r.IntN(200)-100)
		scores := make([]float64, size)
		for j := range scores {
			scores[j] = offset + scale*float64(r.IntN(20)) // few values: ties
		}
		slices.Sort(scores)
		slices.Reverse(scores)
		l := Ranked{Source: src, Weight: float64(r.IntN(4)) / 2}
		for j := range size {
			l.Hits = append(l.Hits, retrieval.Hit{ID: fmt.Sprintf("id%03d", r.IntN(universe)), Score: scores[j], Source: src})
		}
		lists[i] = l
	}
	return lists
}

var methods = []struct {
	m    Method
	fuse func([]Ranked, Params) []Fused
}{
	{MethodRRF, RRF}, {MethodRelative, RelativeScore}, {MethodDBSF, DBSF},
}

func TestFusionsDoNotModifyInputs(t *testing.T) {
	for _, m := range methods {
		t.Run(string(m.m), func(t *testing.T) {
			lists := randomScored(rand.New(rand.NewPCG(1, 2)), 4, 50, 80)
			before := deepCopy(lists)
			got := m.fuse(lists, Params{K: 10, Sigmas: 3, Window: 40, Limit: 30})
			require.Equal(t, before, lists)
			for i := range got {
				got[i].Name = "changed"
				for j := range got[i].Sources {
					got[i].Sources[j].Source = "changed"
				}
			}
			require.Equal(t, before, lists)
		})
	}
}

func TestFusionsDeterministicTies(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 17))
	for iter := range 200 {
		lists := randomScored(r, 1+r.IntN(4), r.IntN(40), 1+r.IntN(60))
		p := Params{K: float64(r.IntN(100)), Sigmas: 3, Window: r.IntN(30), Limit: r.IntN(40)}
		for _, m := range methods {
			p.Method = m.m
			require.NoError(t, Validate(lists, p))
			got := m.fuse(lists, p)
			require.Equal(t, got, Fuse(lists, p), "Fuse runs %s", m.m)
			for i, f := range got {
				require.Equal(t, i+1, f.Rank)
				sum := 0.0
				for _, c := range f.Sources {
					require.GreaterOrEqual(t, c.Normalized, 0.0)
					require.InDelta(t, c.Weight*c.Normalized, c.Weighted, 1e-12)
					sum += c.Weighted
				}
				require.InDelta(t, sum, f.Score, 1e-12)
				if i > 0 {
					require.LessOrEqual(t, compareFused(got[i-1], f), 0, "%s iter %d", m.m, iter)
				}
			}
			// The order of the lists changes nothing, ties included.
			shuffled := deepCopy(lists)
			r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
			again := m.fuse(shuffled, p)
			require.Equal(t, ids(got), ids(again), "%s iter %d", m.m, iter)
			for i := range got {
				require.Equal(t, got[i].Score, again[i].Score)
				require.Equal(t, got[i].Sources, again[i].Sources)
			}
		}
	}
}

// transform returns lists with list i's scores mapped by f.
func transform(lists []Ranked, i int, f func(float64) float64) []Ranked {
	out := deepCopy(lists)
	for j := range out[i].Hits {
		out[i].Hits[j].Score = f(out[i].Hits[j].Score)
	}
	return out
}

func TestScoreFusionsAffineInvariant(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 23))
	const tol = 1e-9
	for iter := range 300 {
		lists := randomScored(r, 1+r.IntN(4), 1+r.IntN(40), 1+r.IntN(60))
		a := math.Pow(10, 4*r.Float64()-2) // 0.01 … 100
		b := 2000*r.Float64() - 1000
		moved := transform(lists, r.IntN(len(lists)), func(x float64) float64 { return a*x + b })
		for _, m := range methods[1:] {
			p := Params{Method: m.m, Sigmas: 3}
			want, got := m.fuse(lists, p), m.fuse(moved, p)
			require.Len(t, got, len(want))
			score := make(map[string]float64, len(want))
			for _, f := range want {
				score[f.ID] = f.Score
			}
			for i, f := range got {
				w, ok := score[f.ID]
				require.True(t, ok, f.ID)
				require.InDelta(t, w, f.Score, tol, "%s iter %d %s", m.m, iter, f.ID)
				// The order is the same, except that scores equal before
				// may differ by rounding now.
				if i > 0 {
					require.GreaterOrEqual(t, score[got[i-1].ID], w-tol, "%s iter %d", m.m, iter)
				}
				for _, c := range f.Sources {
					require.InDelta(t, normalizedOf(want, f.ID, c.Source), c.Normalized, tol)
				}
			}
		}
	}
}

func normalizedOf(fs []Fused, id, source string) float64 {
	for _, f := range fs {
		if f.ID == id {
			for _, c := range f.Sources {
				if c.Source == source {
					return c.Normalized
				}
			}
		}
	}
	return math.NaN()
}

func TestScoreFusionsNotRankOnly(t *testing.T) {
	// A map that keeps the order but not the gaps changes the score
	// fusions (they read scores), while RRF stays: the invariance above
	// is not vacuous.
	lists := []Ranked{
		scored("bm25", 1, "a", 10.0, "b", 5.0, "c", 0.0),
		scored("vector", 1, "c", 1.0, "b", 0.6, "a", 0.0),
	}
	// b = 0.5 + 0.6 leads; cubed, bm25 gives b 0.125 and b falls last.
	cube := transform(lists, 0, func(x float64) float64 { return x * x * x })
	require.NotEqual(t, ids(RelativeScore(lists, Params{})), ids(RelativeScore(cube, Params{})))
	require.Equal(t, ids(RRF(lists, DefaultParams())), ids(RRF(cube, DefaultParams())))
}

func TestRRFMonotoneInvariant(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 37))
	maps := []func(float64) float64{
		math.Exp,
		func(x float64) float64 { return x * x * x },
		func(x float64) float64 { return math.Floor(x / 7) }, // monotone, not strictly
		func(x float64) float64 { return -1 / (1 + math.Exp(x)) },
	}
	for iter := range 200 {
		lists := randomScored(r, 1+r.IntN(4), r.IntN(40), 1+r.IntN(60))
		p := Params{K: float64(r.IntN(100)), Window: r.IntN(30)}
		want := RRF(lists, p)
		got := RRF(transform(lists, r.IntN(len(lists)), maps[iter%len(maps)]), p)
		require.Equal(t, ids(want), ids(got))
		for i := range want {
			require.Equal(t, want[i].Score, got[i].Score)
			for j, c := range got[i].Sources {
				require.Equal(t, want[i].Sources[j].Normalized, c.Normalized)
				require.Equal(t, want[i].Sources[j].Weighted, c.Weighted)
			}
		}
	}
}

func TestParseMethod(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Method
	}{{"rrf", MethodRRF}, {" Relative ", MethodRelative}, {"DBSF", MethodDBSF}} {
		got, err := ParseMethod(tt.in)
		require.NoError(t, err)
		require.Equal(t, tt.want, got)
	}
	for _, bad := range []string{"", "borda", "rrf60", "relative-score"} {
		_, err := ParseMethod(bad)
		require.ErrorIs(t, err, ErrInvalidParams, bad)
		require.ErrorContains(t, err, "rrf, relative, dbsf")
	}
}

func ExampleRelativeScore() {
	lists := []Ranked{
		{Source: "bm25", Weight: 1, Hits: []retrieval.Hit{{ID: "mm:a", Score: 12}, {ID: "mm:b", Score: 8}, {ID: "mm:c", Score: 4}}},
		{Source: "vector", Weight: 0.5, Hits: []retrieval.Hit{{ID: "mm:c", Score: 0.9}, {ID: "mm:b", Score: 0.5}, {ID: "mm:x", Score: 0.1}}},
	}
	for _, f := range RelativeScore(lists, Params{}) {
		fmt.Printf("%d %s %.2f", f.Rank, f.ID, f.Score)
		for _, c := range f.Sources {
			fmt.Printf(" %s@%d raw %.1f norm %.2f", c.Source, c.Rank, c.RawScore, c.Normalized)
		}
		fmt.Println()
	}
	// Output:
	// 1 mm:a 1.00 bm25@1 raw 12.0 norm 1.00
	// 2 mm:b 0.75 bm25@2 raw 8.0 norm 0.50 vector@2 raw 0.5 norm 0.50
	// 3 mm:c 0.50 bm25@3 raw 4.0 norm 0.00 vector@1 raw 0.9 norm 1.00
	// 4 mm:x 0.00 vector@3 raw 0.1 norm 0.00
}

func BenchmarkFuse(b *testing.B) {
	// 4 lists × 100 hits over 250 ids, scores of four different scales.
	lists := randomScored(rand.New(rand.NewPCG(3, 5)), 4, 100, 250)
	for i := range lists {
		lists[i].Weight = 1
	}
	for _, m := range methods {
		b.Run(string(m.m), func(b *testing.B) {
			p := DefaultParams()
			p.Method = m.m
			b.ReportAllocs()
			for b.Loop() {
				_ = Fuse(lists, p)
			}
		})
	}
}
