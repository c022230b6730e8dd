// Package editdist measures how far apart two words are.
package editdist

// OSA returns the optimal string alignment distance of a and b over runes
// (insertions, deletions, substitutions and adjacent transpositions), or
// max+1 once it is certain to exceed max.
func OSA(a, b string, max int) int {
	if a == b {
		return 0
	}
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > max || -d > max {
		return max + 1
	}
	var buf [3][40]int
	var pp, prev, cur []int
	if len(rb)+1 <= len(buf[0]) {
		pp, prev, cur = buf[0][:len(rb)+1], buf[1][:len(rb)+1], buf[2][:len(rb)+1]
	} else {
		pp, prev, cur = make([]int, len(rb)+1), make([]int, len(rb)+1), make([]int, len(rb)+1)
	}
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			v := min(prev[j-1]+cost, prev[j]+1, cur[j-1]+1)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				v = min(v, pp[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > max {
			return max + 1
		}
		pp, prev, cur = prev, cur, pp
	}
	return prev[len(rb)]
}
