package pipeline

import (
	"context"
	"os"
	"runtime/pprof"
	"slices"
	"testing"
	"time"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/gold"
	"github.com/hybridrag/hybridrag/internal/testfixture"
)

// goldQuestions reads the public gold question texts.
func goldQuestions(tb testing.TB) []string {
	tb.Helper()
	gs, err := gold.Load("../testdata/questions.jsonl")
	if err != nil {
		tb.Fatal(err)
	}
	qs := make([]string, len(gs))
	for i, q := range gs {
		qs[i] = q.Question
	}
	return qs
}

// reportPercentiles adds p50/p95/p99 latency metrics to a benchmark.
func reportPercentiles(b *testing.B, d []time.Duration) {
	slices.Sort(d)
	at := func(q float64) float64 {
		return float64(d[min(len(d)-1, int(q*float64(len(d))))].Microseconds()) / 1000
	}
	b.ReportMetric(at(0.50), "p50-ms")
	b.ReportMetric(at(0.95), "p95-ms")
	b.ReportMetric(at(0.99), "p99-ms")
}

// reportCPU adds the process's CPU time per operation since cpu0 (every
// goroutine's: the legs', the garbage collector's) to a benchmark.
func reportCPU(b *testing.B, cpu0 time.Duration) {
	b.ReportMetric(float64((testfixture.CPUTime()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

// BenchmarkAskUncached answers the 240 gold questions in turn in a warm
// process with the answer cache bypassed (hashing embedder).
func BenchmarkAskUncached(b *testing.B) {
	askUncached(b, testPipeline(b), goldQuestions(b))
}

// askUncached asks the questions in turn with the answer cache bypassed
// and reports CPU per ask and latency percentiles. When
// HYBRIDRAG_BENCH_CPUPROFILE names a file, the asks alone (not the build
// before them, unlike -cpuprofile) are profiled into it.
func askUncached(b *testing.B, p *Pipeline, qs []string) {
	ctx := context.Background()
	lat := make([]time.Duration, 0, b.N)
	if path := os.Getenv("HYBRIDRAG_BENCH_CPUPROFILE"); path != "" {
		f, err := os.Create(path)
		if err != nil {
			b.Fatal(err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			b.Fatal(err)
		}
		defer func() {
			pprof.StopCPUProfile()
			if err := f.Close(); err != nil {
				b.Error(err)
			}
		}()
	}
	b.ResetTimer()
	cpu0 := testfixture.CPUTime()
	for i := 0; b.Loop(); i++ {
		t := time.Now()
		if _, err := p.Ask(ctx, Request{Question: qs[i%len(qs)], NoCache: true}); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(t))
	}
	reportCPU(b, cpu0)
	reportPercentiles(b, lat)
}

// BenchmarkAskCacheHit asks questions whose answers are cached.
func BenchmarkAskCacheHit(b *testing.B) {
	p := testPipeline(b)
	qs := goldQuestions(b)[:50]
	ctx := context.Background()
	for _, q := range qs {
		if _, err := p.Ask(ctx, Request{Question: q}); err != nil {
			b.Fatal(err)
		}
	}
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		t := time.Now()
		r, err := p.Ask(ctx, Request{Question: qs[i%len(qs)]})
		if err != nil || !r.Cached {
			b.Fatalf("want a cache hit, got cached=%v err=%v", r != nil && r.Cached, err)
		}
		lat = append(lat, time.Since(t))
	}
	reportPercentiles(b, lat)
}

// BenchmarkAskUncachedData is BenchmarkAskUncached over the records of the
// file HYBRIDRAG_BENCH_DATA names (a --data file; scripts/scale.sh writes
// copies of the bundled data), to see how an ask's cost grows with the
// records. It skips without the variable.
func BenchmarkAskUncachedData(b *testing.B) {
	path := os.Getenv("HYBRIDRAG_BENCH_DATA")
	if path == "" {
		b.Skip("HYBRIDRAG_BENCH_DATA names no data file")
	}
	ds, err := heritage.LoadFile(path, heritage.LoadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	opts := DefaultOptions()
	opts.AsOf = 2026
	p, err := BuildEmbedded(context.Background(), ds, opts)
	if err != nil {
		b.Fatal(err)
	}
	qs := goldQuestions(b)
	for _, q := range qs {
		// every question once first: the filter sets' memo fills
		if _, err := p.Ask(context.Background(), Request{Question: q, NoCache: true}); err != nil {
			b.Fatal(err)
		}
	}
	askUncached(b, p, qs)
	b.ReportMetric(float64(len(ds.Institutions)), "records")
}
