package vector_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/internal/gold"
	"github.com/hybridrag/hybridrag/retrievers/vector"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// questionVectors embeds the questions of the public gold set and of the
// generated set with x's embedder.
func questionVectors(tb testing.TB, x *vector.Index) [][]float32 {
	tb.Helper()
	var texts []string
	for _, path := range []string{"../../testdata/questions.jsonl", "../../testdata/generated/questions.jsonl"} {
		qs, err := gold.Load(path)
		require.NoError(tb, err)
		for _, q := range qs {
			texts = append(texts, q.Question)
		}
	}
	vecs, err := x.Embedder().Embed(context.Background(), texts)
	require.NoError(tb, err)
	return vecs
}

// TestPrunedSearchKeepsExactScores prunes every search of the bundled
// data, with float32 values and with codes: each result passes the filters and carries the record's exact
// score, the results are in order, and there are as many as the filters
// let through, up to k.
func TestPrunedSearchKeepsExactScores(t *testing.T) {
	testfixture.SkipUnderRace(t)
	for _, compact := range []bool{false, true} {
		t.Run(fmt.Sprintf("compact=%v", compact), func(t *testing.T) { prunedSearchKeepsScores(t, compact) })
	}
}

// prunedSearchKeepsScores is TestPrunedSearchKeepsExactScores over the
// bundled data's index, with codes (see compactRecords) when compact: the
// scores are then the codes', and the pruned search's agree with the
// exhaustive search's to the bit.
func prunedSearchKeepsScores(t *testing.T, compact bool) {
	x, exact := fixtureCopy(t, compact), fixtureCopy(t, compact)
	vector.SetPruneAtForTest(x, 0)
	vector.SetPruneAtForTest(exact, math.MaxInt)

	vecs := questionVectors(t, x)
	rng := rand.New(rand.NewPCG(7, 11))
	ctx := context.Background()
	for r := range 40 {
		q := vecs[rng.IntN(len(vecs))]
		bq := benchQueries[r%len(benchQueries)]
		fs, err := filter.Parse([]byte(bq.filters))
		require.NoError(t, err)
		k := 1 + rng.IntN(40)
		all, err := exact.Search(ctx, q, x.Len(), fs)
		require.NoError(t, err)
		want := make(map[int]float32, len(all))
		for _, s := range all {
			want[s.Index] = s.Score
		}
		got, err := x.Search(ctx, q, k, fs)
		require.NoError(t, err)
		require.Len(t, got, min(k, len(all)), "filters %s", bq.filters)
		for i, s := range got {
			score, ok := want[s.Index]
			require.True(t, ok, "record %d does not pass %s", s.Index, bq.filters)
			require.Equal(t, score, s.Score, "record %d", s.Index)
			if i > 0 {
				p := got[i-1]
				require.True(t, p.Score > s.Score || p.Score == s.Score && p.Index < s.Index, "results %d and %d out of order", i-1, i)
			}
		}
	}
}

// TestPrunedSearchRecall measures, over ten copies of the bundled data,
// the share of the exact top k that a pruned search finds, for the 2,744
// gold and generated questions (every eighth with -short): a result counts when its score reaches
// the exact k-th score (ten copies of a record tie). It logs the mean
// recall at 10 and 20 and the CPU time per search of both searches
// (single goroutine, noisy: see BenchmarkVectorSearchScale).
func TestPrunedSearchRecall(t *testing.T) {
	testfixture.SkipUnderRace(t)
	x, _ := scaledVectorIndex(t, 10)
	vecs := questionVectors(t, x)
	if testing.Short() {
		// every eighth question: a fifth of the minute the full sweep
		// takes
		var some [][]float32
		for i := 0; i < len(vecs); i += 8 {
			some = append(some, vecs[i])
		}
		vecs = some
	}
	ctx := context.Background()
	// The first pruned search makes the columns' presence bits.
	vector.SetPruneAtForTest(x, 0)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	cpu := testfixture.CPUTime()
	_, err := x.Search(ctx, vecs[0], 20, nil)
	require.NoError(t, err)
	first := testfixture.CPUTime() - cpu
	runtime.GC()
	runtime.ReadMemStats(&after)
	t.Logf("first pruned search: CPU %s, heap added %.0f B/record", first, float64(after.HeapAlloc-min(after.HeapAlloc, before.HeapAlloc))/float64(x.Len()))
	for _, k := range []int{10, 20} {
		exact := make([][]vector.Scored, len(vecs))
		vector.SetPruneAtForTest(x, math.MaxInt)
		cpu := testfixture.CPUTime()
		for i, q := range vecs {
			var err error
			exact[i], err = x.Search(ctx, q, k, nil)
			require.NoError(t, err)
		}
		exactCPU := testfixture.CPUTime() - cpu
		vector.SetPruneAtForTest(x, vector.PruneRecordsForTest)
		var sum float64
		worst := 1.0
		cpu = testfixture.CPUTime()
		for i, q := range vecs {
			got, err := x.Search(ctx, q, k, nil)
			require.NoError(t, err)
			if len(exact[i]) == 0 {
				continue
			}
			kth := exact[i][len(exact[i])-1].Score
			found := 0
			for _, s := range got {
				if s.Score >= kth {
					found++
				}
			}
			r := float64(found) / float64(len(exact[i]))
			sum += r
			worst = min(worst, r)
		}
		prunedCPU := testfixture.CPUTime() - cpu
		mean := sum / float64(len(vecs))
		per := func(d time.Duration) string { return fmt.Sprint(d / time.Duration(len(vecs))) }
		t.Logf("records %d, k %d: mean recall %.4f, lowest %.2f; CPU per search exact %s, pruned %s", x.Len(), k, mean, worst, per(exactCPU), per(prunedCPU))
		if k == 20 {
			require.GreaterOrEqual(t, mean, 0.95)
		}
	}
}

// TestSearchExactIsNeverPruned holds SearchExact, over an index that
// prunes every search it can, to the exhaustive search of the same index
// (results and scores to the bit), with float32 values and with codes,
// unfiltered and filtered; and shows that the pruned search of the same
// questions does differ somewhere, so that the comparison can fail.
func TestSearchExactIsNeverPruned(t *testing.T) {
	testfixture.SkipUnderRace(t)
	for _, compact := range []bool{false, true} {
		t.Run(fmt.Sprintf("compact=%v", compact), func(t *testing.T) {
			x, exhaustive := fixtureCopy(t, compact), fixtureCopy(t, compact)
			vector.SetPruneAtForTest(x, 0)
			vector.SetPruneAtForTest(exhaustive, math.MaxInt)
			vecs := questionVectors(t, x)
			ctx := context.Background()
			differs := 0
			for i := 0; i < len(vecs); i += 7 {
				bq := benchQueries[i%len(benchQueries)]
				fs, err := filter.Parse([]byte(bq.filters))
				require.NoError(t, err)
				want, err := exhaustive.Search(ctx, vecs[i], 10, fs)
				require.NoError(t, err)
				got, err := x.SearchExact(ctx, vecs[i], 10, fs)
				require.NoError(t, err)
				require.Equal(t, want, got, "question %d, filters %s", i, bq.filters)
				pruned, err := x.Search(ctx, vecs[i], 10, fs)
				require.NoError(t, err)
				if !slices.Equal(pruned, want) {
					differs++
				}
			}
			require.Positive(t, differs, "no pruned search differed from the exhaustive one")
		})
	}
}
