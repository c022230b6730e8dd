package main

import (
	"runtime/debug"
	"runtime/metrics"
)

// settleMemory is called by serve once the data is loaded (and again
// after a change of the data): it returns the memory the build left
// behind to the system and sets how far the heap may grow between
// collections from the size of what is loaded.
//
// Go lets the heap grow by GOGC percent of what is live (100 by
// default) before it collects. Over a large dataset that doubles the
// resident memory of a server whose live heap is almost all indexes
// that never change: at 160,000 records, 1.1 GB live became 2.8 GB
// resident. So the growth is bounded to 256 MiB, or a tenth of the live
// heap when that is more; heaps under 256 MiB keep the default. GOGC or
// GOMEMLIMIT in the environment leave the choice to the user.
func settleMemory(getenv func(string) string) {
	debug.FreeOSMemory() // collects, so the live heap is measured next
	if getenv("GOGC") != "" || getenv("GOMEMLIMIT") != "" {
		return
	}
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() == metrics.KindUint64 {
		setGCPercent(gcPercent(s[0].Value.Uint64()))
	}
}

// heapGrowth is the growth of the heap between collections that
// gcPercent aims at.
const heapGrowth = 256 << 20

// gcPercent is the GOGC for a live heap of live bytes: the default 100
// while that lets the heap grow by at most heapGrowth, less for larger
// heaps, and never less than 10.
func gcPercent(live uint64) int {
	if live == 0 {
		return 100
	}
	return int(min(100, max(10, heapGrowth*100/live)))
}
