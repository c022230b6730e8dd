package enrich

import (
	"path/filepath"
	"runtime"
	"testing"
)

// benchmarkEnrich enriches a generated file of 10,000 rows per iteration
// with GOMAXPROCS workers and reports rows/s and the share of rows that
// came back matched to the record they were generated from.
//
//	go test -run '^$' -bench BenchmarkEnrich -benchtime 1x ./enrich
func benchmarkEnrich(b *testing.B, kind genKind) {
	ds, l := realLinker(b)
	dir := b.TempDir()
	rows := generateRows(ds, 10000, kind, 7)
	in := writeGen(b, dir, rows)
	out := filepath.Join(dir, "out.jsonl")
	var n, right int
	for b.Loop() {
		sum := runJob(b, ds, l, Config{In: in, Out: out, Workers: runtime.GOMAXPROCS(0)})
		n += sum.Rows
		b.StopTimer()
		for i, o := range readOutputs(b, out) {
			if o.Status == StatusMatched && o.Match.ID == rows[i].Want {
				right++
			}
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "rows/s")
	b.ReportMetric(100*float64(right)/float64(n), "%matched_right")
}

func BenchmarkEnrichIdentifierRows(b *testing.B) { benchmarkEnrich(b, genIDOnly) }
func BenchmarkEnrichNameRows(b *testing.B)       { benchmarkEnrich(b, genNameOnly) }
func BenchmarkEnrichMixedRows(b *testing.B)      { benchmarkEnrich(b, genMixed) }
