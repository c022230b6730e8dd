package query_test

import (
	"testing"

	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/query"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// benchSets are constraint sets of the common kinds: a type in a town,
// an admin unit with a status, a subject subtree, a body's members, and
// the relatives of a named institution.
var benchSets = []struct {
	name string
	c    plan.Constraints
}{
	{"type+city", plan.Constraints{TypeCodes: []string{"M"}, Places: []plan.Place{{Name: "York", Level: plan.LevelCity}}}},
	{"admin+status", plan.Constraints{Status: "open", Places: []plan.Place{{Name: "Kent", Level: plan.LevelAdmin}}}},
	{"subject", plan.Constraints{Subjects: []string{"Natural world/*"}}},
	{"body", plan.Constraints{Bodies: []plan.Body{{Name: "National Trust"}}}},
	{"related", plan.Constraints{Names: []plan.NameMatch{{Name: "Museum Nord"}}, Relation: "has_part"}},
}

// BenchmarkMatch evaluates each set's expression over every record of
// the bundled dataset, as a backend's post-filter would in the worst
// case; ns/record is the cost of one Match.
func BenchmarkMatch(b *testing.B) {
	ds, ctx := testfixture.Dataset(b), testContext(b)
	for _, s := range benchSets {
		e := query.Compile(s.c, 0)
		b.Run(s.name, func(b *testing.B) {
			n := 0
			for b.Loop() {
				n = len(query.Select(e, ds.Institutions, ctx))
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ds.Institutions)), "ns/record")
			b.ReportMetric(float64(n), "selected")
		})
	}
}

// BenchmarkGraphSelect selects the same sets through the in-memory
// graph's indexes, for comparison.
func BenchmarkGraphSelect(b *testing.B) {
	g := testGraph(b)
	for _, s := range benchSets {
		b.Run(s.name, func(b *testing.B) {
			for b.Loop() {
				g.Select(s.c, 0)
			}
		})
	}
}
