package bm25

import (
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/internal/textfold"
	"github.com/hybridrag/hybridrag/testtools/lineartest"
)

// A word longer than textfold.MaxWord is cut before it is stemmed: the
// Snowball stemmer takes seconds over "yyyy…" of a few ten thousand
// letters, and its time grows with the square of the length.
func TestAnalyzerLinear(t *testing.T) {
	var a analyzer
	lineartest.Check(t, func(s string) {
		terms := a.appendTerms(nil, "museum "+s+" library")
		if len(terms) != 3 || len(terms[1]) > 4*textfold.MaxWord {
			t.Errorf("terms of a long word: %d terms, the long one %d bytes", len(terms), len(terms[1]))
		}
	})
}

func TestLongWordStemmedFromItsCut(t *testing.T) {
	var a analyzer
	long := a.appendTerms(nil, strings.Repeat("museums", 20))
	cut := a.appendTerms(nil, strings.Repeat("museums", 20)[:textfold.MaxWord])
	if len(long) != 1 || len(cut) != 1 || long[0] != cut[0] {
		t.Errorf("a long word gives %q, its first %d letters %q: want the same term", long, textfold.MaxWord, cut)
	}
}
