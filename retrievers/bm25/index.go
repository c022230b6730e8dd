package bm25

import (
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/retrievers"
)

// BM25 parameters. k1 is where a term's weight saturates with repeats,
// b how much a long record is discounted.
const (
	k1 = 1.2
	b  = 0.75
)

// placeWeight is the field weight (BM25F) of the record's place (city,
// district, county, region, country): a word of it counts three times, any
// other word of the full text once. Questions mostly ask for institutions
// in a place. Against weight 1 it lifts the sparse leg's recall@10 from
// 0.917 to 0.925 on the public questions and from 0.879 to 0.883 on the
// generated ones, and against weight 2 the uniform fusion's recall@5
// from 0.921 to 0.924; weighting names, alternative names or subjects up
// moved neither by more than 0.003 (scripts/bm25-anchor.sh, hybridrag
// eval).
const placeWeight = 3

// invIndex is the inverted index: for every term, the records holding it
// (by position in the dataset, ascending) with the term's weighted
// frequency; for every record, its weighted length.
type invIndex struct {
	// terms are the terms in byte order; a term's number is its place.
	terms vocab
	// start[t]:start[t+1] is term t's slice of docs and freqs.
	start []uint32
	docs  []uint32
	// freqs are the postings' weighted counts, wideFreq for a count of
	// wideFreq or more, which wide holds by posting: counts are a few
	// (none over 28 in the bundled data), and a byte a posting is a
	// quarter of the postings' memory less than two.
	freqs []uint8
	wide  map[uint32]uint16
	// lens are the records' weighted lengths, in terms.
	lens []uint32

	// grams are the longer terms by trigram, for typos; built with the
	// index and saved with it.
	grams trigrams

	// Derived from the above when the index is made or loaded.
	idf     []float32 // per term
	norm    []float32 // per record: k1·(1 − b + b·len/avglen)
	maxGain []float32 // per term: the most a record gains from it (see search)
}

// vocab is a sorted list of distinct strings in one string: string i is
// text[off[i]:off[i+1]]. It takes a fraction of the memory of a map or a
// []string and is searched by halving.
type vocab struct {
	text string
	off  []uint32
}

func newVocab(sorted []string) vocab {
	var b strings.Builder
	v := vocab{off: make([]uint32, 1, len(sorted)+1)}
	for _, w := range sorted {
		b.WriteString(w)
		v.off = append(v.off, uint32(b.Len()))
	}
	v.text = b.String()
	return v
}

func (v *vocab) len() int { return len(v.off) - 1 }

func (v *vocab) at(i uint32) string { return v.text[v.off[i]:v.off[i+1]] }

// find returns the place of w, and whether it is there.
func (v *vocab) find(w string) (uint32, bool) {
	i, ok := sort.Find(v.len(), func(i int) int { return strings.Compare(w, v.at(uint32(i))) })
	return uint32(i), ok
}

// posting is one record holding a term, while the index is built.
type posting struct {
	doc  uint32
	freq uint16
}

// part is a text of a record and the weight of its words.
type part struct {
	text   string
	weight int
}

// indexedParts are the texts of a record the index holds: its full text,
// and its place again (placeWeight in all).
func indexedParts(in *heritage.Institution) [2]part {
	return [2]part{{retrievers.FullText(in), 1}, {retrievers.Fields(in).Place, placeWeight - 1}}
}

// buildIndex indexes retrievers.FullText of every record of ds.
func buildIndex(ds *heritage.Dataset) *invIndex {
	var a analyzer
	terms := map[string]uint32{}
	// words maps each folded word seen to its term, -1 when it is not
	// indexed, so that each distinct word is stemmed once.
	words := map[string]int32{}
	var lists [][]posting
	lens := make([]uint32, len(ds.Institutions))
	// counts[t] is term t's weighted count in the record at hand; touched
	// lists the terms counted.
	var counts []int
	var touched []uint32
	for d := range ds.Institutions {
		for _, part := range indexedParts(&ds.Institutions[d]) {
			a.eachWord(part.text, func(w []byte) {
				t, ok := words[string(w)]
				if !ok {
					t = -1
					if term, ok := term(string(w)); ok {
						id, ok := terms[term]
						if !ok {
							id = uint32(len(lists))
							terms[term] = id
							lists = append(lists, nil)
							counts = append(counts, 0)
						}
						t = int32(id)
					}
					words[string(w)] = t
				}
				if t < 0 {
					return
				}
				if counts[t] == 0 {
					touched = append(touched, uint32(t))
				}
				counts[t] += part.weight
				lens[d] += uint32(part.weight)
			})
		}
		for _, t := range touched {
			lists[t] = append(lists[t], posting{uint32(d), uint16(min(counts[t], math.MaxUint16))})
			counts[t] = 0
		}
		touched = touched[:0]
	}
	// Number the terms in byte order.
	names := make([]string, 0, len(terms))
	for w := range terms {
		names = append(names, w)
	}
	slices.Sort(names)
	x := &invIndex{terms: newVocab(names), lens: lens, start: make([]uint32, len(names)+1)}
	total := 0
	for _, l := range lists {
		total += len(l)
	}
	x.docs = make([]uint32, 0, total)
	x.freqs = make([]uint8, 0, total)
	for t, w := range names {
		// Records were added in order, so each list is sorted already.
		for _, p := range lists[terms[w]] {
			x.add(p.doc, p.freq)
		}
		x.start[t+1] = uint32(len(x.docs))
	}
	x.derive()
	x.grams = buildTrigrams(&x.terms)
	return x
}

// wideFreq is the byte of a posting whose count is in invIndex.wide.
const wideFreq = math.MaxUint8

// add appends a posting of record doc, holding its term f times, to the
// postings.
func (x *invIndex) add(doc uint32, f uint16) {
	if f >= wideFreq {
		if x.wide == nil {
			x.wide = map[uint32]uint16{}
		}
		x.wide[uint32(len(x.docs))] = f
	}
	x.docs = append(x.docs, doc)
	x.freqs = append(x.freqs, uint8(min(f, wideFreq)))
}

// freq is the weighted count of posting p.
func (x *invIndex) freq(p uint32) uint16 {
	if f := x.freqs[p]; f != wideFreq {
		return uint16(f)
	}
	return x.wide[p]
}

// derive computes the idf of every term and the length norm of every
// record. The idf is Lucene's, log(1 + (N − df + 0.5)/(df + 0.5)), which
// stays positive for terms in more than half of the records.
func (x *invIndex) derive() {
	n := float64(len(x.lens))
	x.idf = make([]float32, len(x.start)-1)
	for t := range x.idf {
		df := float64(x.start[t+1] - x.start[t])
		x.idf[t] = float32(math.Log(1 + (n-df+0.5)/(df+0.5)))
	}
	var sum float64
	for _, l := range x.lens {
		sum += float64(l)
	}
	avg := max(sum/max(n, 1), 1)
	x.norm = make([]float32, len(x.lens))
	for d, l := range x.lens {
		x.norm[d] = float32(k1 * (1 - b + b*float64(l)/avg))
	}
	x.deriveBounds()
}

// lookup returns the distinct terms of the index among terms, in order; a
// term of minFuzzy or more bytes that the index does not hold stands for
// the terms one edit away (see near). seen is scratch space for near.
func (x *invIndex) lookup(terms []string, seen []uint8) []uint32 {
	var out, near []uint32
	for _, w := range terms {
		t, ok := x.terms.find(w)
		if ok {
			near = append(near[:0], t)
		} else if len(w) >= minFuzzy {
			near = x.near(near[:0], w, seen)
		}
		for _, t := range near {
			if !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
	}
	return out
}

// scored is a record and its score.
type scored struct {
	doc   uint32
	score float32
}

// worse orders scored records: lower score first, and at equal scores the
// later record, so that ties go to the record first in the dataset.
func worse(a, b scored) bool {
	if a.score != b.score {
		return a.score < b.score
	}
	return a.doc > b.doc
}

// up and down keep h a min-heap under worse.
func up(h []scored, i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !worse(h[i], h[p]) {
			return
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
}

func down(h []scored, i int) {
	for {
		l, m := 2*i+1, i
		if l < len(h) && worse(h[l], h[m]) {
			m = l
		}
		if r := l + 1; r < len(h) && worse(h[r], h[m]) {
			m = r
		}
		if m == i {
			return
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
}
