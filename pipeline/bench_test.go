package pipeline

import (
	"context"
	"maps"
	"os"
	"runtime/metrics"
	"runtime/pprof"
	"slices"
	"testing"
	"time"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/gold"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
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

// BenchmarkAskScaleRatio asks the gold questions uncached of two
// pipelines in one process, one over the records of the file
// HYBRIDRAG_BENCH_BASE names and one over HYBRIDRAG_BENCH_DATA's (the
// bundled data and ten copies of it, as scripts/scale.sh writes them),
// and reports each one's p50 and p99 (base-… for the first) and the
// ratio of the p50s (p50-ratio). It skips without both variables. For
// each pipeline it also reports the p50 of each part of an ask as the
// responses time them (route, retrieve, each leg, context; …-p50-ms)
// and the bytes allocated on the heap per ask (alloc-KB/ask; the
// collector's work grows with them): where an ask's time grows with the
// records.
//
// The machine's speed drifts over seconds and minutes (one test binary's
// p50 over 1,440 asks spread from 0.74 to 1.58 ms within minutes), so
// the two medians measured one after the other give ratios from 1.6 to
// 2.8. Here every round asks each pipeline all the questions once, the
// two in turn (the base first in even rounds, last in odd ones), so both
// meet the same drift; a turn is a quarter to half a second, long enough
// that the first asks after the other pipeline's turn, with its data in
// the caches, are few.
func BenchmarkAskScaleRatio(b *testing.B) {
	basePath, path := os.Getenv("HYBRIDRAG_BENCH_BASE"), os.Getenv("HYBRIDRAG_BENCH_DATA")
	if basePath == "" || path == "" {
		b.Skip("HYBRIDRAG_BENCH_BASE and HYBRIDRAG_BENCH_DATA name no data files")
	}
	qs := goldQuestions(b)
	ps := [2]*Pipeline{dataPipeline(b, basePath, qs), dataPipeline(b, path, qs)}
	var lat [2][]time.Duration
	var cpu [2]time.Duration
	var stages [2]stageTimes
	var alloc [2]uint64
	// Each turn carries a profile label, so that a CPU profile of the
	// benchmark splits by pipeline (-tagfocus data=base or data=scaled).
	labels := [2]pprof.LabelSet{pprof.Labels("data", "base"), pprof.Labels("data", "scaled")}
	turn := func(w int) {
		cpu0, alloc0 := testfixture.CPUTime(), allocated()
		pprof.Do(context.Background(), labels[w], func(ctx context.Context) {
			for _, q := range qs {
				t := time.Now()
				resp, err := ps[w].Ask(ctx, Request{Question: q, NoCache: true})
				if err != nil {
					b.Fatal(err)
				}
				lat[w] = append(lat[w], time.Since(t))
				stages[w].add(resp.Timings)
			}
		})
		cpu[w] += testfixture.CPUTime() - cpu0
		alloc[w] += allocated() - alloc0
	}
	b.ResetTimer()
	for round := 0; b.Loop(); round++ {
		turn(round % 2)
		turn(1 - round%2)
	}
	b.StopTimer()
	var p50 [2]float64
	for w, name := range []string{"base-", ""} {
		d := lat[w]
		slices.Sort(d)
		at := func(q float64) float64 {
			return float64(d[min(len(d)-1, int(q*float64(len(d))))].Microseconds()) / 1000
		}
		p50[w] = at(0.50)
		b.ReportMetric(p50[w], name+"p50-ms")
		b.ReportMetric(at(0.99), name+"p99-ms")
		b.ReportMetric(float64(cpu[w].Microseconds())/1000/float64(len(d)), name+"cpu-ms/ask")
		stages[w].report(b, name)
		b.ReportMetric(float64(alloc[w])/1024/float64(len(d)), name+"alloc-KB/ask")
	}
	b.ReportMetric(p50[1]/p50[0], "p50-ratio")
}

// stageTimes collects the parts of the responses' Timings whose growth
// with the records BenchmarkAskScaleRatio reports.
type stageTimes map[string][]float64

func (s *stageTimes) add(t Timings) {
	if *s == nil {
		*s = stageTimes{}
	}
	(*s)["route"] = append((*s)["route"], t.RouteMS)
	(*s)["retrieve"] = append((*s)["retrieve"], t.RetrieveMS)
	(*s)["context"] = append((*s)["context"], t.ContextMS)
	for leg, ms := range t.Legs {
		(*s)[leg] = append((*s)[leg], ms)
	}
}

// report adds each stage's p50 as prefix+stage+"-p50-ms", in the order of
// their names.
func (s stageTimes) report(b *testing.B, prefix string) {
	for _, name := range slices.Sorted(maps.Keys(s)) {
		d := s[name]
		slices.Sort(d)
		b.ReportMetric(d[len(d)/2], prefix+name+"-p50-ms")
	}
}

// allocated is the bytes the process has allocated on the heap so far.
func allocated() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
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
	qs := goldQuestions(b)
	p := dataPipeline(b, path, qs)
	askUncached(b, p, qs)
	b.ReportMetric(float64(p.Data().Len()), "records")
}

// dataPipeline builds the embedded pipeline over the records of the data
// file at path and asks it qs once, uncached: the filter sets' memo fills.
func dataPipeline(b *testing.B, path string, qs []string) *Pipeline {
	ds, err := heritage.LoadFile(path, heritage.LoadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	opts := DefaultOptions()
	opts.AsOf = 2026
	p, err := buildEmbedded(context.Background(), ds, opts)
	if err != nil {
		b.Fatal(err)
	}
	for _, q := range qs {
		if _, err := p.Ask(context.Background(), Request{Question: q, NoCache: true}); err != nil {
			b.Fatal(err)
		}
	}
	return p
}
