package bm25

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/retrievers/vector"
)

// A term a record holds wideFreq times or more keeps its count: in the
// postings, in a search (the same as the exhaustive scan's, to the bit),
// and through the index file.
func TestWideCounts(t *testing.T) {
	counts := []int{1, 3, wideFreq - 1, wideFreq, wideFreq + 1, 700, 2}
	recs := make([]heritage.Institution, len(counts))
	for i, n := range counts {
		recs[i] = heritage.Institution{ID: "r" + string(rune('a'+i)), Name: "Record", Type: "museum", Country: "DE",
			Description: strings.Repeat("zeppelin ", n)}
	}
	ds, err := heritage.FromRecords(recs, "wide")
	if err != nil {
		t.Fatal(err)
	}
	x := buildIndex(ds)
	var a analyzer
	terms := x.lookup(a.appendTerms(nil, "zeppelin"), make([]uint8, x.terms.len()))
	if len(terms) != 1 {
		t.Fatalf("terms %v, want one", terms)
	}
	lo, hi := x.start[terms[0]], x.start[terms[0]+1]
	var got []int
	for p := lo; p < hi; p++ {
		got = append(got, int(x.freq(p)))
	}
	// The counts are weighted: the same weight for every record.
	for i := range counts {
		if got[i]*counts[1] != got[1]*counts[i] && got[i] != math.MaxUint16 {
			t.Fatalf("counts %v, want proportional to %v", got, counts)
		}
	}
	t.Logf("counts %v", got)
	if len(x.wide) == 0 {
		t.Fatalf("no count held as wide: %v", got)
	}
	var b bytes.Buffer
	if err := x.write(&b, vector.IDsDigest(ds)); err != nil {
		t.Fatal(err)
	}
	y, err := readIndex(b.Bytes(), vector.IDsDigest(ds), ds.Len())
	if err != nil {
		t.Fatal(err)
	}
	for p := lo; p < hi; p++ {
		if x.freq(p) != y.freq(p) {
			t.Fatalf("posting %d: count %d read back as %d", p, x.freq(p), y.freq(p))
		}
	}
	scores := make([]float32, ds.Len())
	for _, idx := range []*invIndex{x, y} {
		s, e := idx.search(terms, 4, nil), idx.exhaustive(terms, 4, nil, scores)
		if len(s) != len(e) {
			t.Fatalf("search %v, exhaustive %v", s, e)
		}
		for i := range s {
			if s[i] != e[i] {
				t.Fatalf("search %v, exhaustive %v", s, e)
			}
		}
	}
}
