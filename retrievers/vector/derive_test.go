package vector_test

import (
	"context"
	"slices"
	"testing"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/retrievers"
	"github.com/hybridrag/hybridrag/retrievers/vector"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// A derived index holds, and finds, what an index built over the new
// records holds: sparse (hashing over 1024 dimensions) or dense (64), with
// the kept records in order (columns renumbered) or not (rows copied).
func TestDeriveEqualsABuild(t *testing.T) {
	base := testfixture.Sample(t, 60)
	for _, dim := range []int{1024, 64} {
		emb := embed.NewHashing(dim)
		x, err := vector.New(base, emb)
		if err != nil {
			t.Fatal(err)
		}
		for _, reorder := range []bool{false, true} {
			ds, from := testfixture.Edited(t, base, func(i int) bool { return i%7 == 3 }, func(i int) bool { return i%13 == 5 },
				func(i int) bool { return i%11 == 0 }, reorder)
			fresh := map[int][]float32{}
			for i, j := range from {
				if j < 0 {
					v, err := emb.Embed(context.Background(), []string{retrievers.DocText(&ds.Institutions[i])})
					if err != nil {
						t.Fatal(err)
					}
					fresh[i] = v[0]
				}
			}
			y, err := x.Derive(ds, from, fresh)
			if err != nil {
				t.Fatal(err)
			}
			want, err := vector.New(ds, emb)
			if err != nil {
				t.Fatal(err)
			}
			for i := range ds.Len() {
				if !slices.Equal(y.Vector(i), want.Vector(i)) {
					t.Fatalf("dim %d, reorder %v: record %d differs", dim, reorder, i)
				}
			}
			q, _ := emb.Embed(context.Background(), []string{"museum of tin"})
			a, _ := y.Search(context.Background(), q[0], 10, filter.Set{})
			b, _ := want.Search(context.Background(), q[0], 10, filter.Set{})
			if !slices.Equal(a, b) {
				t.Errorf("dim %d, reorder %v: search %v, a build's %v", dim, reorder, a, b)
			}
		}
	}
}
