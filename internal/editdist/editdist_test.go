package editdist

import (
	"math/rand/v2"
	"testing"
)

func TestDistances(t *testing.T) {
	for _, c := range []struct {
		a, b     string
		lev, osa int
	}{
		{"", "", 0, 0},
		{"", "abc", 3, 3},
		{"museum", "museum", 0, 0},
		{"museum", "musuem", 2, 1},
		{"wikidata", "wikdiata", 2, 1},
		{"website", "websitte", 1, 1},
		{"kitten", "sitting", 3, 3},
		{"stade", "tsade", 2, 1},
	} {
		if got := Levenshtein(c.a, c.b, 10); got != c.lev {
			t.Errorf("Levenshtein(%q, %q) = %d, want %d", c.a, c.b, got, c.lev)
		}
		if got := OSA(c.a, c.b, 10); got != c.osa {
			t.Errorf("OSA(%q, %q) = %d, want %d", c.a, c.b, got, c.osa)
		}
		if got := OSA(c.b, c.a, 10); got != c.osa {
			t.Errorf("OSA(%q, %q) = %d, want %d (symmetry)", c.b, c.a, got, c.osa)
		}
	}
}

func TestMaxCutsOff(t *testing.T) {
	if got := Levenshtein("abcdef", "uvwxyz", 2); got != 3 {
		t.Errorf("Levenshtein beyond max = %d, want max+1 = 3", got)
	}
	if got := OSA("a", "abcdef", 1); got != 2 {
		t.Errorf("OSA length gap beyond max = %d, want 2", got)
	}
}

func BenchmarkOSA(b *testing.B) {
	for b.Loop() {
		OSA("gemeindebucherei", "gemeindebuecherei", 2)
	}
}

// TestOneEditAgreesWithTable: the single-pass answer for one allowed edit
// agrees with the full table on every pair of short words over a small
// alphabet.
func TestOneEditAgreesWithTable(t *testing.T) {
	words := shortWords("abc", 4)
	for _, a := range words {
		for _, b := range words {
			for _, f := range []struct {
				name string
				d    func(a, b string, max int) int
			}{{"Levenshtein", Levenshtein}, {"OSA", OSA}} {
				table := f.d(a, b, 2) <= 1
				if got := f.d(a, b, 1) <= 1; got != table {
					t.Fatalf("%s(%q, %q, 1) within one = %v, the table says %v", f.name, a, b, got, table)
				}
				if got := f.d(a, b, 0) == 0; got != (a == b) {
					t.Fatalf("%s(%q, %q, 0) = 0 is %v", f.name, a, b, got)
				}
			}
		}
	}
}

// TestBitsAgreeWithTable: the bit-vector Levenshtein and OSA distances
// equal the table's on every pair of short words over a small alphabet and on
// random pairs up to the 64-byte limit and past it.
func TestBitsAgreeWithTable(t *testing.T) {
	words := shortWords("abc", 4)
	check := func(a, b string) {
		t.Helper()
		short := min(len(a), len(b)) <= 64
		wantOSA := table(a, b, len(a)+len(b), true)
		if got := bits(a, b, true); short && got != wantOSA {
			t.Fatalf("bits(%q, %q, true) = %d, the table says %d", a, b, got, wantOSA)
		}
		for max := 0; max <= 4; max++ {
			if got := OSAAtMost(a, b, max); got != min(wantOSA, max+1) {
				t.Fatalf("OSAAtMost(%q, %q, %d) = %d, the table says %d", a, b, max, got, wantOSA)
			}
		}
		want := table(a, b, len(a)+len(b), false)
		if got := bits(a, b, false); short && got != want {
			t.Fatalf("bits(%q, %q, false) = %d, the table says %d", a, b, got, want)
		}
		for max := 2; max <= 4; max++ {
			got := Levenshtein(a, b, max)
			if (got <= max) != (want <= max) || want <= max && got != want {
				t.Fatalf("Levenshtein(%q, %q, %d) = %d, the table says %d", a, b, max, got, want)
			}
		}
	}
	for _, a := range words {
		for _, b := range words {
			check(a, b)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	word := func(n int) string {
		w := make([]byte, n)
		for i := range w {
			w[i] = "abcde "[rng.IntN(6)]
		}
		return string(w)
	}
	for range 5000 {
		a := word(1 + rng.IntN(70))
		b := []byte(a)
		for range rng.IntN(6) {
			// a few edits, so that most pairs lie near each other
			i := rng.IntN(len(b) + 1)
			switch rng.IntN(3) {
			case 0:
				b = append(b[:i], append([]byte(word(1)), b[i:]...)...)
			case 1:
				if i < len(b) {
					b = append(b[:i], b[i+1:]...)
				}
			default:
				if i < len(b) {
					b[i] = word(1)[0]
				}
			}
		}
		check(a, string(b))
		check(a, word(1+rng.IntN(70)))
	}
}

// shortWords returns every word of up to n letters of the alphabet, the
// empty word included.
func shortWords(alphabet string, n int) []string {
	words := []string{""}
	for from := 0; from < len(words); from++ {
		if w := words[from]; len(w) < n {
			for _, c := range alphabet {
				words = append(words, w+string(c))
			}
		}
	}
	return words
}

func TestWeighted(t *testing.T) {
	ocr := []Confusion{{"m", "rn", 0.25}, {"h", "b", 0.25}, {"d", "cl", 0.25}}
	for _, c := range []struct {
		a, b string
		want float64
	}{
		{"museurn", "museum", 0.25},
		{"stadtbibliotbek", "stadtbibliothek", 0.25},
		{"staclt", "stadt", 0.25},
		{"heimatrnuseurn", "heimatmuseum", 0.5},
		{"museum", "museum", 0},
		{"musenm", "museum", 1},
		{"archiv", "museum", 3},
	} {
		if got := Weighted(c.a, c.b, ocr, 2); got != c.want {
			t.Errorf("Weighted(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
