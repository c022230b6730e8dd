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
	"github.com/hybridrag/hybridrag/internal/testfixture"
)

// The MiniLM benchmarks need the model: bash scripts/install-model.sh.

func miniLM(b *testing.B) *onnx.Embedder {
	dir, lib := onnx.Locate("..", os.Getenv)
	e, err := onnx.FromDir(dir, lib)
	require.NoError(b, err, "install the model with: bash scripts/install-model.sh")
	b.Cleanup(func() { _ = e.Close() })
	return e
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkMiniLMQuery is the latency of embedding one question.
func BenchmarkMiniLMQuery(b *testing.B) {
	e := miniLM(b)
	ctx := context.Background()
	q := []string{"Which museums in Amsterdam were founded before 1900?"}
	var lat []time.Duration
	for b.Loop() {
		start := time.Now()
		_, err := e.Embed(ctx, q)
		require.NoError(b, err)
		lat = append(lat, time.Since(start))
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
}

// BenchmarkMiniLMSemanticTexts is the throughput of embedding records'
// compact texts in batches of 256, as a build does.
func BenchmarkMiniLMSemanticTexts(b *testing.B) {
	e := miniLM(b)
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

// BenchmarkBuildMiniLM is a full build with MiniLM and no embedding cache
// (minutes: run with -benchtime=1x). cpu-s is the process CPU time, which
// other load on the machine does not inflate.
func BenchmarkBuildMiniLM(b *testing.B) {
	e := miniLM(b)
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
