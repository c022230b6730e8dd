//go:build unix

package index_test

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/embed/onnx"
	"github.com/hybridrag/hybridrag/index"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// The MiniLM benchmarks need the models: bash scripts/install-model.sh.
// Those that run per model have a sub-benchmark for each, minilm (float
// weights) and minilm-q (8-bit weights).

func miniLM(b *testing.B) *onnx.Embedder {
	return openModel(b, onnx.MiniLM())
}

func openModel(b *testing.B, m onnx.Model) *onnx.Embedder {
	dir, lib := m.Locate("..", os.Getenv)
	e, err := m.Open(dir, lib)
	require.NoError(b, err, "install the models with: bash scripts/install-model.sh")
	b.Cleanup(func() { _ = e.Close() })
	return e
}

// perModel runs bench as one sub-benchmark per MiniLM model.
func perModel(b *testing.B, bench func(b *testing.B, e *onnx.Embedder)) {
	for _, m := range []onnx.Model{onnx.MiniLM(), onnx.MiniLMQ()} {
		b.Run(m.Name, func(b *testing.B) { bench(b, openModel(b, m)) })
	}
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkMiniLMQuery is the latency of embedding one question.
func BenchmarkMiniLMQuery(b *testing.B) { perModel(b, benchQuery) }

func benchQuery(b *testing.B, e *onnx.Embedder) {
	ctx := context.Background()
	q := []string{"Which museums in Amsterdam were founded before 1900?"}
	var lat []time.Duration
	cpu := cpuTime()
	for b.Loop() {
		start := time.Now()
		_, err := e.Embed(ctx, q)
		require.NoError(b, err)
		lat = append(lat, time.Since(start))
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	// The CPU time per question: what other load on the machine does not
	// inflate, unlike the wall-clock p50.
	b.ReportMetric(float64((cpuTime()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

// BenchmarkMiniLMSemanticTexts is the throughput of embedding records'
// compact texts in batches of 256, as a build does.
func BenchmarkMiniLMSemanticTexts(b *testing.B) { perModel(b, benchSemanticTexts) }

func benchSemanticTexts(b *testing.B, e *onnx.Embedder) {
	ds := testfixture.Dataset(b)
	texts := semanticTexts(ds)
	texts = texts[len(texts)/3 : len(texts)/3+256] // a mix of sources
	ctx := context.Background()
	cpu := cpuTime()
	for b.Loop() {
		_, err := e.Embed(ctx, texts)
		require.NoError(b, err)
	}
	b.ReportMetric(float64(len(texts)*b.N)/b.Elapsed().Seconds(), "texts/s")
	b.ReportMetric(float64((cpuTime()-cpu).Microseconds())/1000/float64(len(texts)*b.N), "cpu-ms/text")
}

// BenchmarkBuildMiniLM is a full build with each MiniLM model and no
// embedding cache (minutes each: run with -benchtime=1x, and -bench
// BuildMiniLM/minilm-q for one). cpu-s is the process CPU time, which
// other load on the machine does not inflate.
func BenchmarkBuildMiniLM(b *testing.B) { perModel(b, benchBuild) }

func benchBuild(b *testing.B, e *onnx.Embedder) {
	ds := testfixture.Dataset(b)
	dir := b.TempDir()
	cpu := cpuTime()
	for b.Loop() {
		_, err := index.Build(context.Background(), ds, e, filepath.Join(dir, "idx"), nil, index.WithoutCache())
		require.NoError(b, err)
	}
	b.ReportMetric((cpuTime()-cpu).Seconds()/float64(b.N), "cpu-s/op")
}

// BenchmarkOpenFirstQueryMiniLM is the start-up from a MiniLM build: Open,
// then one vector query (embedding the question) and one BM25 query. The
// directory is built first (minutes) unless HYBRIDRAG_BENCH_INDEX_DIR
// names a MiniLM build of the bundled data.
func BenchmarkOpenFirstQueryMiniLM(b *testing.B) {
	e := miniLM(b)
	ds := testfixture.Dataset(b)
	dir := os.Getenv("HYBRIDRAG_BENCH_INDEX_DIR")
	if dir == "" {
		dir = b.TempDir()
		_, err := index.Build(context.Background(), ds, e, dir, nil)
		require.NoError(b, err)
	}
	benchOpen(b, dir, ds, e)
}
