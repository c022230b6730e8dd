package bm25

import (
	"reflect"
	"testing"

	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// Derive makes the index New makes over the same records, to the bit:
// records dropped (with terms only they held), changed (with words no
// record held), added and kept; and New's when the kept records move.
func TestDeriveEqualsNew(t *testing.T) {
	testfixture.SkipUnderRace(t)
	base := testfixture.Sample(t, 40)
	r, err := New(base)
	if err != nil {
		t.Fatal(err)
	}
	for _, reorder := range []bool{false, true} {
		ds, from := testfixture.Edited(t, base, func(i int) bool { return i%9 == 4 }, func(i int) bool { return i%13 == 0 },
			func(i int) bool { return i%17 == 0 }, reorder)
		got, err := r.Derive(ds, from)
		if err != nil {
			t.Fatal(err)
		}
		want, err := New(ds)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.idx, want.idx) {
			g, w := got.idx, want.idx
			t.Fatalf("reorder %v: the derived index differs from New's: terms %d/%d, postings %d/%d, grams %d/%d",
				reorder, g.terms.len(), w.terms.len(), len(g.docs), len(w.docs), g.grams.n, w.grams.n)
		}
	}
}
