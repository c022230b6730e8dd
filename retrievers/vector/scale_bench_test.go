package vector_test

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/retrievers/vector"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// scaledVectorIndex is the index of the bundled dataset copied times times
// (copy c > 0 with the id suffix -xC, as scripts/scale.sh makes them),
// derived from the fixture's rows without embedding again, and the live
// heap it added.
func scaledVectorIndex(tb testing.TB, times int) (*vector.Index, uint64) {
	f := getFixture(tb)
	n := f.ds.Len()
	recs := make([]heritage.Institution, 0, n*times)
	from := make([]int, 0, n*times)
	for c := range times {
		for i := range f.ds.Institutions {
			in := f.ds.Institutions[i]
			if c > 0 {
				in.ID = fmt.Sprintf("%s-x%d", in.ID, c)
			}
			recs = append(recs, in)
			from = append(from, i)
		}
	}
	ds, err := heritage.FromRecords(recs, "scaled")
	require.NoError(tb, err)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	x, err := f.vector.Derive(ds, from, nil)
	require.NoError(tb, err)
	runtime.GC()
	runtime.ReadMemStats(&after)
	return x, after.HeapAlloc - min(after.HeapAlloc, before.HeapAlloc)
}

// BenchmarkVectorSearchScale searches the bundled records (hashing
// embedder, default dimension, full texts) and ten copies of them, the
// query embedded beforehand: how the search time grows with the records.
// It reports the bytes per record of the vectors (index-B/record) and of
// the live heap the index added (heap-B/record).
//
// Over 50,000 records a search is pruned (see TestPrunedSearchRecall);
// search=exact is the exhaustive search there. cpu-ns/op is the process's
// CPU time per search, every worker included.
func BenchmarkVectorSearchScale(b *testing.B) {
	for _, times := range []int{1, 10} {
		x, heap := scaledVectorIndex(b, times)
		b.Run(fmt.Sprintf("records=%d", x.Len()), func(b *testing.B) {
			modes := []string{"default"}
			if x.Len() >= vector.PruneRecordsForTest {
				modes = append(modes, "exact")
			}
			for _, mode := range modes {
				pruneAt := vector.PruneRecordsForTest
				if mode == "exact" {
					pruneAt = math.MaxInt
				}
				vector.SetPruneAtForTest(x, pruneAt)
				for _, bq := range benchQueries {
					fs, err := filter.Parse([]byte(bq.filters))
					require.NoError(b, err)
					q, err := x.Embedder().Embed(context.Background(), []string{bq.text})
					require.NoError(b, err)
					b.Run("search="+mode+"/"+bq.name, func(b *testing.B) {
						cpu := testfixture.CPUTime()
						for b.Loop() {
							res, err := x.Search(context.Background(), q[0], 20, fs)
							if err != nil || len(res) == 0 {
								b.Fatal(err, len(res))
							}
						}
						b.ReportMetric(float64(testfixture.CPUTime()-cpu)/float64(b.N), "cpu-ns/op")
						b.ReportMetric(float64(vector.VectorBytesForTest(x))/float64(x.Len()), "index-B/record")
						b.ReportMetric(float64(heap)/float64(x.Len()), "heap-B/record")
					})
				}
			}
			vector.SetPruneAtForTest(x, vector.PruneRecordsForTest)
		})
	}
}

// BenchmarkSecondPass scores 500 records spread over ten copies of the
// bundled data with a question's full vector: the look-ups of the second
// pass of a pruned search, which read scattered memory.
func BenchmarkSecondPass(b *testing.B) {
	x, _ := scaledVectorIndex(b, 10)
	q, err := x.Embedder().Embed(context.Background(), []string{benchQueries[1].text})
	require.NoError(b, err)
	for b.Loop() {
		vector.SecondPassForTest(x, q[0], x.Len()/500)
	}
}
