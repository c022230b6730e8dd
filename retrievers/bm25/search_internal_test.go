package bm25

import (
	"math"
	"slices"
	"testing"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/gold"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// exhaustive is the search without skipping: every posting of every term
// added to a score per record, in the terms' order, then the records
// sorted. It is what search must return.
func (x *invIndex) exhaustive(terms []uint32, k int, keep func(doc uint32) bool, scores []float32) []scored {
	var touched []uint32
	for _, t := range terms {
		w := x.idf[t] * float32(k1+1)
		for i := x.start[t]; i < x.start[t+1]; i++ {
			d := x.docs[i]
			if scores[d] == 0 {
				touched = append(touched, d)
			}
			scores[d] += x.gain(w, x.freq(i), d)
		}
	}
	var all []scored
	for _, d := range touched {
		if keep == nil || keep(d) {
			all = append(all, scored{d, scores[d]})
		}
		scores[d] = 0
	}
	slices.SortFunc(all, func(a, b scored) int {
		if worse(b, a) {
			return -1
		}
		return 1
	})
	return all[:min(k, len(all))]
}

// The skipping search returns the exhaustive result, records and scores
// to the bit, over the public and generated questions, for several k and
// filters, on the bundled data and on data where every record has a twin
// (all scores tie in pairs).
func TestSearchIsExhaustive(t *testing.T) {
	testfixture.SkipUnderRace(t)
	var qs []string
	for _, path := range []string{"../../testdata/questions.jsonl", "../../testdata/generated/questions.jsonl"} {
		gs, err := gold.Load(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range gs {
			qs = append(qs, g.Question)
		}
	}
	full := testfixture.Dataset(t)
	sample := testfixture.Sample(t, 7)
	twins := &heritage.Dataset{}
	for _, in := range sample.Institutions {
		twins.Institutions = append(twins.Institutions, in, in)
	}
	keeps := map[string]func(uint32) bool{
		"none":      nil,
		"third":     func(d uint32) bool { return d%3 == 0 },
		"selective": func(d uint32) bool { return d%211 == 5 },
	}
	for name, ds := range map[string]*heritage.Dataset{"bundled": full, "twins": twins} {
		x := buildIndex(ds)
		seen := make([]uint8, x.terms.len())
		scores := make([]float32, len(x.lens))
		checked := 0
		// every question on the bundled data, every fifth on the twins;
		// with -short a quarter of that
		every := 1
		if ds == twins {
			every = 5
		}
		if testing.Short() {
			every *= 4
		}
		for i, q := range qs {
			if i%every != 0 {
				continue
			}
			var a analyzer
			terms := x.lookup(a.appendTerms(nil, QueryText(q)), seen)
			for _, k := range []int{1, 10, 50} {
				for kn, keep := range keeps {
					got, want := x.search(terms, k, keep), x.exhaustive(terms, k, keep, scores)
					if len(got) != len(want) {
						t.Fatalf("%s %q k %d keep %s: %d results, want %d", name, q, k, kn, len(got), len(want))
					}
					for r := range got {
						if got[r].doc != want[r].doc || math.Float32bits(got[r].score) != math.Float32bits(want[r].score) {
							t.Fatalf("%s %q k %d keep %s: result %d is %v, want %v", name, q, k, kn, r, got[r], want[r])
						}
					}
					checked++
				}
			}
		}
		t.Logf("%s: %d searches identical", name, checked)
	}
}
