// Package editdist measures how far apart two words are, for typo
// tolerance in names, places and cue words. Words are compared byte by
// byte: callers fold them to ASCII first.
package editdist

// Levenshtein returns the edit distance of a and b (insertions, deletions,
// substitutions), or max+1 as soon as it is certain to exceed max.
func Levenshtein(a, b string, max int) int {
	return distance(a, b, max, false)
}

// OSA returns the optimal string alignment distance: Levenshtein plus the
// transposition of two adjacent letters as one edit ("Wikdiata"), or max+1
// as soon as it is certain to exceed max.
func OSA(a, b string, max int) int {
	return distance(a, b, max, true)
}

// OSAAtMost is OSA for callers that only compare the distance with max or
// with other distances within it: beyond max it is always max+1, and a
// shorter word of at most 64 bytes is measured a column at a time with
// one bit a row.
func OSAAtMost(a, b string, max int) int {
	if d := len(a) - len(b); d > max || -d > max {
		return max + 1
	}
	if max <= 1 || min(len(a), len(b)) > 64 {
		return min(distance(a, b, max, true), max+1)
	}
	if d := bits(a, b, true); d <= max {
		return d
	}
	return max + 1
}

func distance(a, b string, max int, transpose bool) int {
	if d := len(a) - len(b); d > max || -d > max {
		return max + 1
	}
	if len(a) == 0 {
		return len(b)
	}
	if a == b {
		return 0
	}
	if max <= 1 {
		// most look-ups allow one typo: a single pass decides it
		if withinOne(a, b, transpose) {
			return 1
		}
		return max + 1
	}
	if !transpose && min(len(a), len(b)) <= 64 {
		if d := bits(a, b, false); d <= max {
			return d
		}
		return max + 1
	}
	return table(a, b, max, transpose)
}

// table fills the edit table row by row, stopping once a row holds
// nothing within max.
func table(a, b string, max int, transpose bool) int {
	// three rows on the stack for words, on the heap for long strings
	var buf [3][48]int
	var prev2, prev, cur []int
	if len(b)+1 <= len(buf[0]) {
		prev2, prev, cur = buf[0][:len(b)+1], buf[1][:len(b)+1], buf[2][:len(b)+1]
	} else {
		prev2, prev, cur = make([]int, len(b)+1), make([]int, len(b)+1), make([]int, len(b)+1)
	}
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j-1]+cost, prev[j]+1, cur[j-1]+1)
			if transpose && i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > max {
			return max + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// withinOne reports whether a and b, which differ and whose lengths
// differ by at most one, are one edit apart: a substitution, an insertion
// or deletion, or (with transpose) a swap of two adjacent letters.
func withinOne(a, b string, transpose bool) bool {
	if len(a) < len(b) {
		a, b = b, a
	}
	i := 0
	for i < len(b) && a[i] == b[i] {
		i++
	}
	if len(a) > len(b) {
		return a[i+1:] == b[i:]
	}
	if a[i+1:] == b[i+1:] {
		return true
	}
	return transpose && i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
}

// bits is the Levenshtein distance of a and b, or with transpose their
// optimal string alignment distance, the shorter word of at most 64 bytes,
// computed a column at a time with one bit a row (Myers' bit-vector
// algorithm in Hyyrö's form, with his term for a swap of two adjacent
// letters).
func bits(a, b string, transpose bool) int {
	if len(a) > len(b) {
		a, b = b, a
	}
	m := len(a)
	if m == 0 {
		return len(b)
	}
	// peq[c] has bit i set where a[i] is c
	var peq [256]uint64
	for i := 0; i < m; i++ {
		peq[a[i]] |= 1 << i
	}
	last := uint64(1) << (m - 1)
	pv, mv, d0, prevEq, d := ^uint64(0), uint64(0), uint64(0), uint64(0), m
	for j := 0; j < len(b); j++ {
		eq := peq[b[j]]
		var tr uint64
		if transpose {
			// a swap: the letters matched the other way round one column
			// ago, where the previous column had no zero diagonal step
			tr = ((^d0 & eq) << 1) & prevEq
		}
		d0 = (((eq & pv) + pv) ^ pv) | eq | mv | tr
		ph := mv | ^(d0 | pv)
		mh := pv & d0
		if ph&last != 0 {
			d++
		} else if mh&last != 0 {
			d--
		}
		// the first row grows by one a column
		ph = ph<<1 | 1
		mh <<= 1
		pv = mh | ^(d0 | ph)
		mv = ph & d0
		prevEq = eq
	}
	return d
}

// Confusion is a pair of letter sequences that one reading of a text
// mistakes for one another (text recognition reads "m" as "rn"), and the
// cost of that substitution, below the cost 1 of any other edit.
type Confusion struct {
	A, B string
	Cost float64
}

// Weighted returns the edit distance of a and b where every insertion,
// deletion and substitution costs 1 and a substitution of a sequence for
// another by one of confusions (either way round) costs its Cost. It
// returns max+1 when the distance exceeds max. Words are compared byte by
// byte; it is meant for words, O(len(a)·len(b)·len(confusions)).
func Weighted(a, b string, confusions []Confusion, max float64) float64 {
	w := len(b) + 1
	d := make([]float64, (len(a)+1)*w)
	for j := 0; j <= len(b); j++ {
		d[j] = float64(j)
	}
	for i := 1; i <= len(a); i++ {
		d[i*w] = float64(i)
		rowMin := d[i*w]
		for j := 1; j <= len(b); j++ {
			sub := 1.0
			if a[i-1] == b[j-1] {
				sub = 0
			}
			v := min(d[(i-1)*w+j]+1, d[i*w+j-1]+1, d[(i-1)*w+j-1]+sub)
			for _, c := range confusions {
				for _, p := range [2][2]string{{c.A, c.B}, {c.B, c.A}} {
					x, y := p[0], p[1]
					if len(x) <= i && len(y) <= j && a[i-len(x):i] == x && b[j-len(y):j] == y {
						v = min(v, d[(i-len(x))*w+j-len(y)]+c.Cost)
					}
				}
			}
			d[i*w+j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > max+1 {
			return max + 1
		}
	}
	if r := d[len(a)*w+len(b)]; r <= max {
		return r
	}
	return max + 1
}
