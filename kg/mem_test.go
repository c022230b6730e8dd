package kg

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"testing"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// BenchmarkGraphMemory reports the live heap the graph holds per record,
// measured after a collection, on the bundled data and on ten copies of
// it (copy c > 0 with the id suffix -xC and the name suffix " (C)", as
// scripts/scale.sh makes them). The time per op is that of New.
func BenchmarkGraphMemory(b *testing.B) {
	for _, copies := range []int{1, 10} {
		b.Run(fmt.Sprintf("x%d", copies), func(b *testing.B) {
			ds := copiedDataset(b, copies)
			var live uint64
			for b.Loop() {
				before := liveHeap()
				g := New(ds)
				live = liveHeap() - before
				runtime.KeepAlive(g)
			}
			b.ReportMetric(float64(live)/float64(len(ds.Institutions)), "B/record")
		})
	}
}

func liveHeap() uint64 {
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// copiedDataset returns the bundled dataset copied n times, loaded as one.
func copiedDataset(tb testing.TB, n int) *heritage.Dataset {
	tb.Helper()
	if n == 1 {
		return testfixture.Dataset(tb)
	}
	full := testfixture.Dataset(tb)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	for c := range n {
		for _, in := range full.Institutions {
			if c > 0 {
				in.ID = fmt.Sprintf("%s-x%d", in.ID, c)
				in.Name = fmt.Sprintf("%s (%d)", in.Name, c)
			}
			if err := enc.Encode(&in); err != nil {
				tb.Fatal(err)
			}
		}
	}
	ds, err := heritage.LoadBytes(buf.Bytes(), heritage.LoadOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	return ds
}
