package heritage

import (
	"math/rand/v2"
	"os"
	"testing"
)

// BenchmarkGet looks every record up by its id, in a shuffled order, as
// an answer's institutions are: the bundled records, or those of the
// file HYBRIDRAG_BENCH_DATA names (ten copies: the id table and the
// records no longer fit the caches).
func BenchmarkGet(b *testing.B) {
	ds, err := Embedded()
	if path := os.Getenv("HYBRIDRAG_BENCH_DATA"); path != "" {
		ds, err = LoadFile(path, LoadOptions{})
	}
	if err != nil {
		b.Fatal(err)
	}
	ids := make([]string, ds.Len())
	for i := range ds.Institutions {
		ids[i] = ds.Institutions[i].ID
	}
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	for b.Loop() {
		for _, id := range ids {
			if _, ok := ds.Get(id); !ok {
				b.Fatal(id)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ids)), "ns/get")
}
