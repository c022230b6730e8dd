package names

import (
	"encoding/binary"
	"slices"
)

// gramLists are the trigram lists of the vocabulary. Each list is a run of
// groups, one for each length in runes of its terms, shortest first; a
// group holds its terms in ascending order (a word with a trigram twice is
// there twice), each a uvarint of its difference from the one before (the
// first from 0). List k's groups are first[k] … first[k+1]−1; group g is
// of terms of runes[g] runes, its differences data[end[g]:end[g+1]]. Kept
// so, a list takes some two bytes a term instead of four, and a look-up
// reads only the groups of the lengths it wants, without reading each
// term's length.
type gramLists struct {
	first []uint32 // by list, len(lists)+1
	runes []uint16 // by group
	end   []uint32 // by group, len(groups)+1
	data  []byte
}

// maxGroupRunes is the longest term a group is kept for: a longer term is
// listed with terms of this length (a look-up never asks for one).
const maxGroupRunes = 1<<16 - 1

// newGramLists encodes lists, whose terms have the lengths runeLen, each
// sorted here by length in runes, then number.
func newGramLists(lists [][]int32, runeLen []int32) gramLists {
	g := gramLists{first: make([]uint32, 1, len(lists)+1), end: []uint32{0}}
	length := func(t int32) int32 { return min(runeLen[t], maxGroupRunes) }
	for _, l := range lists {
		slices.SortFunc(l, func(a, b int32) int {
			if d := int(length(a) - length(b)); d != 0 {
				return d
			}
			return int(a - b)
		})
		for i := 0; i < len(l); {
			n, prev := length(l[i]), int32(0)
			for ; i < len(l) && length(l[i]) == n; i++ {
				g.data = binary.AppendUvarint(g.data, uint64(l[i]-prev))
				prev = l[i]
			}
			g.runes = append(g.runes, uint16(n))
			g.end = append(g.end, uint32(len(g.data)))
		}
		g.first = append(g.first, uint32(len(g.runes)))
	}
	g.data, g.runes, g.end = slices.Clone(g.data), slices.Clone(g.runes), slices.Clone(g.end) // no spare capacity
	return g
}

// groups returns the groups of list k whose length in runes is within
// [lo, hi]: lo ≤ g < hi.
func (g *gramLists) groups(k int, lo, hi int32) (from, to int) {
	from, to = int(g.first[k]), int(g.first[k+1])
	for from < to && int32(g.runes[from]) < lo {
		from++
	}
	end := from
	for end < to && int32(g.runes[end]) <= hi {
		end++
	}
	return from, end
}

// diffs returns the differences of group i.
func (g *gramLists) diffs(i int) []byte { return g.data[g.end[i]:g.end[i+1]] }

// nextTerm reads a term from the differences of a group: the term before
// plus the first difference, and the differences after it.
func nextTerm(prev int32, diffs []byte) (int32, []byte) {
	d, w := uvarint(diffs)
	return prev + int32(d), diffs[w:]
}

// uvarint is binary.Uvarint with the differences of one and two bytes,
// most of them, read in line.
func uvarint(b []byte) (uint64, int) {
	if len(b) > 0 && b[0] < 0x80 {
		return uint64(b[0]), 1
	}
	if len(b) > 1 && b[1] < 0x80 {
		return uint64(b[0]&0x7f) | uint64(b[1])<<7, 2
	}
	return binary.Uvarint(b)
}

// each calls fn with the terms of list k whose length in runes is within
// [lo, hi], by length, then number.
func (g *gramLists) each(k int, lo, hi int32, fn func(t int32)) {
	from, to := g.groups(k, lo, hi)
	for i := from; i < to; i++ {
		for t, d := int32(0), g.diffs(i); len(d) > 0; {
			t, d = nextTerm(t, d)
			fn(t)
		}
	}
}

// check reports whether the lists decode whole: offsets that fit, lengths
// ascending within a list, and terms in [0, terms), never descending
// within a group: whether a look-up can read them.
func (g *gramLists) check(lists, terms int) bool {
	groups := len(g.runes)
	if !offsets(g.first, lists, groups) || !offsets(g.end, groups, len(g.data)) {
		return false
	}
	for k := range lists {
		for i := int(g.first[k]) + 1; i < int(g.first[k+1]); i++ {
			if g.runes[i] <= g.runes[i-1] {
				return false
			}
		}
	}
	for i := range groups {
		d := g.diffs(i)
		if len(d) == 0 {
			return false
		}
		t := int64(0)
		for j := 0; j < len(d); {
			v, w := uvarint(d[j:])
			if w <= 0 {
				return false
			}
			j += w
			if t += int64(v); t >= int64(terms) {
				return false
			}
		}
	}
	return true
}
