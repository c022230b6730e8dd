package names

import (
	"encoding/binary"
	"slices"
)

// gramLists are the trigram lists of the vocabulary, each a run of groups
// of terms of one length in runes, shortest first: a group is its length,
// the bytes of its terms, then the terms in ascending order (a word with
// a trigram twice is there twice), each a
// uvarint of its difference from the one before (the first from 0). List
// k is data[off[k]:off[k+1]]. Kept so, a list takes some two bytes a term
// instead of four, and a look-up decodes only the groups of the lengths it
// wants, without reading each term's length.
type gramLists struct {
	off  []uint32
	data []byte
}

// newGramLists encodes lists, whose terms have the lengths runeLen, each
// sorted here by length in runes, then number.
func newGramLists(lists [][]int32, runeLen []int32) gramLists {
	g := gramLists{off: make([]uint32, 1, len(lists)+1)}
	var group []byte
	for _, l := range lists {
		slices.SortFunc(l, func(a, b int32) int {
			if d := int(runeLen[a] - runeLen[b]); d != 0 {
				return d
			}
			return int(a - b)
		})
		for i := 0; i < len(l); {
			n := runeLen[l[i]]
			group, prev := group[:0], int32(0)
			for ; i < len(l) && runeLen[l[i]] == n; i++ {
				group = binary.AppendUvarint(group, uint64(l[i]-prev))
				prev = l[i]
			}
			g.data = binary.AppendUvarint(g.data, uint64(n))
			g.data = binary.AppendUvarint(g.data, uint64(len(group)))
			g.data = append(g.data, group...)
		}
		g.off = append(g.off, uint32(len(g.data)))
	}
	g.data = slices.Clip(g.data)
	return g
}

// span returns the groups of list k whose length in runes is within
// [lo, hi], as they lie in data (read them with nextGroup).
func (g *gramLists) span(k int, lo, hi int32) []byte {
	b := g.data[g.off[k]:g.off[k+1]]
	start, end := -1, 0
	for at := 0; at < len(b); {
		n, w := binary.Uvarint(b[at:])
		size, w2 := binary.Uvarint(b[at+w:])
		next := at + w + w2 + int(size)
		if int32(n) > hi {
			break
		}
		if int32(n) >= lo && start < 0 {
			start = at
		}
		at, end = next, next
	}
	if start < 0 {
		return nil
	}
	return b[start:end]
}

// nextGroup splits the first group off groups: its terms' differences,
// and the groups after it.
func nextGroup(groups []byte) (terms, rest []byte) {
	_, w := binary.Uvarint(groups)
	size, w2 := binary.Uvarint(groups[w:])
	at := w + w2
	return groups[at : at+int(size)], groups[at+int(size):]
}

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
	for groups := g.span(k, lo, hi); len(groups) > 0; {
		var diffs []byte
		diffs, groups = nextGroup(groups)
		for t := int32(0); len(diffs) > 0; {
			t, diffs = nextTerm(t, diffs)
			fn(t)
		}
	}
}

// check reports whether the lists decode whole, with lengths ascending
// and terms in [0, terms), never descending within a length (a word with
// a trigram twice is listed twice): whether a look-up can read them.
func (g *gramLists) check(lists, terms int) bool {
	if !offsets(g.off, lists, len(g.data)) {
		return false
	}
	for k := range lists {
		b := g.data[g.off[k]:g.off[k+1]]
		last := int64(-1)
		for len(b) > 0 {
			n, w := binary.Uvarint(b)
			if w <= 0 || int64(n) <= last {
				return false
			}
			last = int64(n)
			b = b[w:]
			size, w := binary.Uvarint(b)
			if w <= 0 || size == 0 || size > uint64(len(b)-w) {
				return false
			}
			group := b[w : w+int(size)]
			b = b[w+int(size):]
			t := int64(0)
			for i := 0; i < len(group); {
				d, w := uvarint(group[i:])
				if w <= 0 {
					return false
				}
				i += w
				if t += int64(d); t >= int64(terms) {
					return false
				}
			}
		}
	}
	return true
}
