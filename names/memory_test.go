package names

import (
	"runtime"
	"testing"

	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// BenchmarkNew builds the index and reports the heap it keeps after a
// collection, per record ("B/record": what the records' names cost beyond
// the dataset itself). It indexes the bundled dataset, or the JSON Lines
// file HYBRIDRAG_BENCH_DATA names (scripts/scale.sh makes larger ones).
func BenchmarkNew(b *testing.B) {
	ds := testfixture.BenchData(b)
	var live uint64
	for b.Loop() {
		live = liveBytes(func() any { return New(ds) })
	}
	b.ReportMetric(float64(live)/float64(len(ds.Institutions)), "B/record")
}

// liveBytes is the growth of the live heap over what build returns, kept.
func liveBytes(build func() any) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	x := build()
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(x)
	return after.HeapAlloc - before.HeapAlloc
}
