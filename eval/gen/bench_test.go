package gen

import (
	"testing"

	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// The generators at the sizes of the checked-in sets, over the bundled
// data: what go test ./eval/gen -run TestGenerated -update runs, and what
// the byte-for-byte checks of the checked-in files run.
func BenchmarkGenerate(b *testing.B) {
	ds := testfixture.Dataset(b)
	for _, c := range []struct {
		name string
		gen  func() int
	}{
		{"questions", func() int { return len(Questions(ds, seed, nQuestions)) }},
		{"references", func() int { return len(References(ds, seed, nRefs)) }},
		{"registry_references", func() int { return len(RegistryReferences(ds, seed, nRegistryRefs)) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			n := 0
			cpu := testfixture.CPUTime()
			for b.Loop() {
				n = c.gen()
			}
			b.ReportMetric(float64(testfixture.CPUTime()-cpu)/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(n), "items")
		})
	}
}
