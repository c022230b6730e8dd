package ragcontext

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/testtools/lineartest"
)

// Byte-pair merging a piece part by part takes time that grows with the
// square of its length; a piece of one word of millions of letters
// (a record's description) is merged in time about linear in it.
func TestCountLinear(t *testing.T) {
	tok, err := NewTokenizer()
	if err != nil {
		t.Fatal(err)
	}
	lineartest.Check(t, func(s string) {
		if n := tok.Count(s); n == 0 {
			t.Error("no tokens")
		}
		if got := tok.Truncate(s, 100); len(got) == 0 || len(got) == len(s) {
			t.Errorf("cut to 100 tokens: %d bytes", len(got))
		}
	})
}

// mergeLong merges as mergeScan does, on the small vocabulary worked out
// by hand (TestMergeOrder) and on cl100k_base over pieces of every kind.
func TestMergeLongAsMergeScan(t *testing.T) {
	small, err := unpackBPE(packTiktoken(t, []byte("YQ== 0\nYg== 1\nYw== 2\nYWE= 3\nYWI= 4\nYmM= 5\nYWJj 6\nYWFh 7\n")))
	if err != nil {
		t.Fatal(err)
	}
	tok, err := NewTokenizer()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	alphabets := []string{"abc", "ab", "a", "yes", "abcdefghijklmnopqrstuvwxyz", "museumlibraryarchive", "0123456789", "äöüßé"}
	for k := range 400 {
		letters := []rune(alphabets[k%len(alphabets)])
		var b strings.Builder
		for range 1 + rng.IntN(600) {
			b.WriteRune(letters[rng.IntN(len(letters))])
		}
		piece := b.String()
		for _, e := range []*bpe{small, tok.enc} {
			want := e.mergeScan(piece, nil)
			got := e.mergeLong(piece, nil)
			if len(got) != len(want) {
				t.Fatalf("%q: %d parts, want %d", piece, len(got), len(want))
			}
			for i := range got {
				if got[i].start != want[i].start {
					t.Fatalf("%q: part %d starts at %d, want %d", piece, i, got[i].start, want[i].start)
				}
			}
		}
	}
}
