package kg_test

import (
	"testing"

	"github.com/hybridrag/hybridrag/internal/gold"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/query"
	"github.com/hybridrag/hybridrag/router"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// BenchmarkSelectDeclared selects, per op, the records of every
// constraint set the router reads from the public questions (the plan's
// own and each compared side's), compiled as the graph's selection
// compiles them; over HYBRIDRAG_BENCH_DATA's records when it names a
// file. How it grows with the records is the graph leg's growth.
func BenchmarkSelectDeclared(b *testing.B) {
	ds := testfixture.BenchData(b)
	qs, err := gold.Load("../testdata/questions.jsonl")
	if err != nil {
		b.Fatal(err)
	}
	r := router.New(ds)
	var exprs []query.Expr
	for _, q := range qs {
		exprs = append(exprs, testfixture.Selections(r.Route(q.Question))...)
	}
	g := kg.New(ds)
	for _, e := range exprs {
		g.SelectDeclared(e) // the indexes made on first use
	}
	for b.Loop() {
		for _, e := range exprs {
			g.SelectDeclared(e)
		}
	}
	b.ReportMetric(float64(len(exprs)), "exprs/op")
}
