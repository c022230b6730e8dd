package names

import (
	"os"
	"runtime"
	"testing"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// BenchmarkNew builds the index and reports the heap it keeps after a
// collection, per record ("B/record": what the records' names cost beyond
// the dataset itself). It indexes the bundled dataset, or the JSON Lines
// file HYBRIDRAG_BENCH_DATA names (scripts/scale.sh makes larger ones).
func BenchmarkNew(b *testing.B) {
	ds := benchData(b)
	var live uint64
	for b.Loop() {
		live = liveBytes(func() any { return New(ds) })
	}
	b.ReportMetric(float64(live)/float64(len(ds.Institutions)), "B/record")
}

func benchData(b *testing.B) *heritage.Dataset {
	path := os.Getenv("HYBRIDRAG_BENCH_DATA")
	if path == "" {
		return testfixture.Dataset(b)
	}
	ds, err := heritage.LoadFile(path, heritage.LoadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	return ds
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
