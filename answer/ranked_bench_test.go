package answer

import (
	"testing"

	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// BenchmarkPlaceMatches reads every record of the bundled data for the
// places of a question, as a list's filter does: a town with names in
// other languages and a county.
func BenchmarkPlaceMatches(b *testing.B) {
	ds := testfixture.Dataset(b)
	places := []plan.Place{{Name: "Munich", Level: plan.LevelCity}, {Name: "Durham", Level: plan.LevelCounty}}
	n := 0
	cpu := testfixture.CPUTime()
	for b.Loop() {
		n = 0
		for i := range ds.Institutions {
			if placeMatches(&ds.Institutions[i], places) {
				n++
			}
		}
	}
	if n == 0 {
		b.Fatal("no record in the places")
	}
	b.ReportMetric(float64(testfixture.CPUTime()-cpu)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(len(ds.Institutions)), "records")
}
