package kg

import (
	"context"
	"testing"

	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

func BenchmarkNew(b *testing.B) {
	ds := testfixture.Dataset(b)
	for b.Loop() {
		New(ds)
	}
}

func BenchmarkLookup(b *testing.B) {
	g := testGraph(b)
	for b.Loop() {
		if len(g.Lookup("isil", "de-mus-165513")) != 1 {
			b.Fatal("not found")
		}
	}
}

func BenchmarkMembers(b *testing.B) {
	g := testGraph(b)
	for b.Loop() {
		if len(g.Members("National Trust", "operated_by", 2021)) == 0 {
			b.Fatal("no members")
		}
	}
}

func BenchmarkSelect(b *testing.B) {
	g := testGraph(b)
	cases := map[string]plan.Constraints{
		"county+subjects": {TypeCodes: []string{"M"}, Status: "open", Subjects: []string{"Buildings / Houses / Large houses"},
			Places: []plan.Place{{Name: "Kent", Level: plan.LevelAdmin, AdminLevel: "English County"}}},
		"body+place": {Bodies: []plan.Body{{Name: "National Trust", Relation: "operated_by"}}, Status: "open",
			Places: []plan.Place{{Name: "Devon", Level: plan.LevelAdmin}}},
		"no place (full scan)":              {Accreditation: "Accredited", Sizes: []string{"large"}, Status: "open"},
		"subject, no place (subject index)": {Subjects: []string{"Transport"}, Status: "open"},
	}
	for name, c := range cases {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if len(g.Select(c, 0)) == 0 {
					b.Fatal("empty")
				}
			}
		})
	}
}

func BenchmarkShortestPath(b *testing.B) {
	g := testGraph(b)
	for b.Loop() {
		if g.ShortestPath("mm:mm.domus.SC277", "mm:mm.domus.SC038") == nil {
			b.Fatal("no path")
		}
	}
}

func BenchmarkRetrieve(b *testing.B) {
	r := NewRetriever(testGraph(b))
	plan := &plan.Plan{Intent: plan.Relationship, Constraints: plan.Constraints{
		ISILs:  []string{"DE-MUS-165513"},
		Bodies: []plan.Body{{Name: "National Museums Scotland", Relation: "part_of"}},
		Names:  []plan.NameMatch{{Name: "Titanic Belfast", Score: 0.9}},
	}}
	q := retrieval.Query{K: 10, Plan: plan}
	for b.Loop() {
		hs, err := r.Retrieve(context.Background(), q)
		if err != nil || len(hs) == 0 {
			b.Fatal(err, len(hs))
		}
	}
}

// BenchmarkSelectionIndexes makes the indexes a selection makes on
// first use, the field index and the order of ids, over
// HYBRIDRAG_BENCH_DATA's records when it names a file (the bundled ones
// without it), and reports the bytes they hold per record.
func BenchmarkSelectionIndexes(b *testing.B) {
	ds := testfixture.BenchData(b)
	var x *fieldIndex
	var rank []int32
	for b.Loop() {
		g := &Graph{ds: ds}
		x, rank = g.fields(), g.idOrder()
	}
	b.ReportMetric(float64(x.bytes()+4*len(rank))/float64(ds.Len()), "B/record")
}
