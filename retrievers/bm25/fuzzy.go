package bm25

import (
	"encoding/binary"
	"slices"

	"github.com/hybridrag/hybridrag/internal/editdist"
)

// A question word the index does not hold is read as a typo of the terms
// one edit away (optimal string alignment: a letter inserted, dropped,
// changed, or two neighbours swapped): "Creqkerne" finds "Crewkerne",
// "Luanad" finds "Luanda". Only words of minFuzzy or more bytes are read
// so; shorter ones have too many neighbours.
const minFuzzy = 5

// trigrams indexes the terms of minFuzzy-1 or more bytes by their byte
// trigrams, the term padded with a start and an end mark, so that the
// terms near a word are found without comparing it to every term. One
// edit changes at most three of a word's trigrams, a swap of two
// neighbours four. The trigrams are sorted in keys; the terms holding
// keys[i], ascending (a term twice when the trigram is twice in it), are
// gaps[start[i]:start[i+1]] as uvarint differences, the first from zero:
// a term takes one or two bytes of a list instead of four.
type trigrams struct {
	keys  []uint32
	start []uint32
	gaps  []byte
	n     int // terms in all the lists
}

// list returns the terms holding keys[i], as uvarints (see each).
func (g *trigrams) list(i int) []byte { return g.gaps[g.start[i]:g.start[i+1]] }

// eachTerm calls f with each term of a list, in order.
func eachTerm(list []byte, f func(uint32)) {
	t := uint32(0)
	for len(list) > 0 {
		d, n := binary.Uvarint(list)
		list = list[n:]
		t += uint32(d)
		f(t)
	}
}

// gramsBuilder makes trigrams from (key, term) pairs in ascending order.
type gramsBuilder struct {
	g    trigrams
	last uint32 // the last term of the current list
}

// add appends term t to the list of key, which must be the last key or
// a larger one, t no smaller than the last term of its list.
func (b *gramsBuilder) add(key, t uint32) {
	g := &b.g
	if len(g.keys) == 0 || g.keys[len(g.keys)-1] != key {
		g.keys = append(g.keys, key)
		g.start = append(g.start, uint32(len(g.gaps)))
		b.last = 0
	}
	g.gaps = binary.AppendUvarint(g.gaps, uint64(t-b.last))
	b.last = t
	g.n++
}

// done ends the last list and returns the trigrams, their arrays cut to
// their length.
func (b *gramsBuilder) done() trigrams {
	g := b.g
	g.start = append(g.start, uint32(len(g.gaps)))
	g.keys, g.start, g.gaps = slices.Clip(g.keys), slices.Clip(g.start), slices.Clone(g.gaps)
	return g
}

func buildTrigrams(terms *vocab) trigrams {
	// Sort (trigram, term) pairs, then cut them into lists. A term has as
	// many trigrams as bytes.
	n := 0
	for t := range uint32(terms.len()) {
		if w := terms.at(t); len(w) >= minFuzzy-1 {
			n += len(w)
		}
	}
	pairs := make([]uint64, 0, n)
	for t := range uint32(terms.len()) {
		if w := terms.at(t); len(w) >= minFuzzy-1 {
			forTrigrams(w, func(k uint32) { pairs = append(pairs, uint64(k)<<32|uint64(t)) })
		}
	}
	slices.Sort(pairs)
	return cutTrigrams(pairs)
}

// cutTrigrams makes the lists of sorted (trigram<<32 | term) pairs.
func cutTrigrams(pairs []uint64) trigrams {
	var b gramsBuilder
	b.g.gaps = make([]byte, 0, len(pairs)*2)
	for _, p := range pairs {
		b.add(uint32(p>>32), uint32(p))
	}
	return b.done()
}

// lookup returns the terms holding trigram k (see eachTerm).
func (g *trigrams) lookup(k uint32) []byte {
	i, ok := slices.BinarySearch(g.keys, k)
	if !ok {
		return nil
	}
	return g.list(i)
}

// forTrigrams calls f with each trigram of "\x02" + w + "\x03", in order.
// A padded word of n bytes has n-2 trigrams (w's length).
func forTrigrams(w string, f func(uint32)) {
	at := func(i int) uint32 {
		switch {
		case i == 0:
			return 2
		case i == len(w)+1:
			return 3
		}
		return uint32(w[i-1])
	}
	for i := 0; i+2 <= len(w)+1; i++ {
		f(at(i)<<16 | at(i+1)<<8 | at(i+2))
	}
}

// near appends to dst the terms one edit away from w, using seen (one
// counter per term, all zero, left zero) to count shared trigrams.
func (x *invIndex) near(dst []uint32, w string, seen []uint8) []uint32 {
	var cands []uint32
	forTrigrams(w, func(k uint32) {
		list, t := x.grams.lookup(k), uint32(0)
		for len(list) > 0 {
			if c := list[0]; c < 0x80 { // most gaps are one byte
				list, t = list[1:], t+uint32(c)
			} else {
				d, n := binary.Uvarint(list)
				list, t = list[n:], t+uint32(d)
			}
			if seen[t] == 0 {
				cands = append(cands, t)
			}
			if seen[t] < 255 {
				seen[t]++
			}
		}
	})
	// One edit leaves at least len(w)-4 of w's len(w) trigrams.
	need := len(w) - 4
	for _, t := range cands {
		if int(seen[t]) >= need && editdist.OSA(w, x.terms.at(t), 1) == 1 {
			dst = append(dst, t)
		}
		seen[t] = 0
	}
	return dst
}
