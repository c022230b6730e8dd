package editdist

import "testing"

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
	var words []string
	var grow func(w string)
	grow = func(w string) {
		words = append(words, w)
		if len(w) < 4 {
			for _, c := range "abc" {
				grow(w + string(c))
			}
		}
	}
	grow("")
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
