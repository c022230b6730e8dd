package bm25

import (
	"cmp"
	"errors"
	"math"
	"slices"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/retrievers/vector"
)

// Derive indexes ds from r's index without reading again the records it
// holds: record i of ds is r's record from[i] when from[i] >= 0 (the same
// record, unchanged), and is analysed anew otherwise. The kept records'
// postings are renumbered, the new ones merged in, the terms no record
// holds any more dropped, and the statistics (document frequencies,
// lengths, their average) computed again over ds, so the result is the
// index New(ds) makes, to the bit. When the kept records do not keep
// their order it is New(ds).
func (r *Retriever) Derive(ds *heritage.Dataset, from []int) (*Retriever, error) {
	if ds == nil || len(from) != len(ds.Institutions) {
		return nil, errors.New("bm25: derive: a dataset and one source per record")
	}
	old := r.idx
	to, ok := vector.Renumbering(from, len(old.lens))
	if !ok {
		return New(ds)
	}

	// The new records' postings, by term.
	var a analyzer
	lens := make([]uint32, len(from))
	fresh := map[string][]posting{}
	for i, j := range from {
		if j >= 0 {
			lens[i] = old.lens[j]
			continue
		}
		counts := map[string]int{}
		for _, p := range indexedParts(&ds.Institutions[i]) {
			a.eachWord(p.text, func(w []byte) {
				if t, ok := term(string(w)); ok {
					counts[t] += p.weight
					lens[i] += uint32(p.weight)
				}
			})
		}
		for t, c := range counts {
			fresh[t] = append(fresh[t], posting{uint32(i), uint16(min(c, math.MaxUint16))})
		}
	}
	newTerms := make([]string, 0, len(fresh))
	for t, ps := range fresh {
		slices.SortFunc(ps, func(a, b posting) int { return cmp.Compare(a.doc, b.doc) })
		if _, ok := old.terms.find(t); !ok {
			newTerms = append(newTerms, t)
		}
	}
	slices.Sort(newTerms)

	// Merge the old terms (renumbered postings) and the new ones, in byte
	// order; termTo maps an old term to its new number (-1: dropped).
	x := &invIndex{lens: lens, start: []uint32{0}}
	termTo := make([]int32, old.terms.len())
	var names []string
	add := func(w string, oldTerm int) {
		ps := fresh[w]
		if oldTerm >= 0 {
			for p := old.start[oldTerm]; p < old.start[oldTerm+1]; p++ {
				d := to[old.docs[p]]
				if d < 0 {
					continue
				}
				for len(ps) > 0 && ps[0].doc < uint32(d) {
					x.add(ps[0].doc, ps[0].freq)
					ps = ps[1:]
				}
				x.add(uint32(d), old.freq(p))
			}
		}
		for _, p := range ps {
			x.add(p.doc, p.freq)
		}
		if int(x.start[len(x.start)-1]) == len(x.docs) {
			if oldTerm >= 0 {
				termTo[oldTerm] = -1
			}
			return // no record holds it
		}
		if oldTerm >= 0 {
			termTo[oldTerm] = int32(len(names))
		}
		names = append(names, w)
		x.start = append(x.start, uint32(len(x.docs)))
	}
	nt := 0
	for t := range old.terms.len() {
		w := old.terms.at(uint32(t))
		for nt < len(newTerms) && newTerms[nt] < w {
			add(newTerms[nt], -1)
			nt++
		}
		add(w, t)
	}
	for ; nt < len(newTerms); nt++ {
		add(newTerms[nt], -1)
	}
	x.terms = newVocab(names)
	x.grams = deriveTrigrams(&old.grams, termTo, &x.terms, len(newTerms) > 0)
	x.derive()
	return wrap(ds, x), nil
}

// deriveTrigrams renumbers old's terms by termTo (dropping those mapped
// to -1) and adds the trigrams of the terms of terms that old did not
// hold; it returns old itself when nothing changed.
func deriveTrigrams(old *trigrams, termTo []int32, terms *vocab, added bool) trigrams {
	same := !added
	for t, n := range termTo {
		if int(n) != t {
			same = false
			break
		}
	}
	if same {
		return *old
	}
	isOld := make([]bool, terms.len())
	pairs := make([]uint64, 0, old.n+1024)
	for k, key := range old.keys {
		eachTerm(old.list(k), func(t uint32) {
			if n := termTo[t]; n >= 0 {
				pairs = append(pairs, uint64(key)<<32|uint64(n))
			}
		})
	}
	for _, n := range termTo {
		if n >= 0 {
			isOld[n] = true
		}
	}
	var more []uint64
	for t := range uint32(terms.len()) {
		if w := terms.at(t); !isOld[t] && len(w) >= minFuzzy-1 {
			forTrigrams(w, func(k uint32) { more = append(more, uint64(k)<<32|uint64(t)) })
		}
	}
	slices.Sort(more)
	merged := make([]uint64, 0, len(pairs)+len(more))
	for len(pairs) > 0 && len(more) > 0 {
		if more[0] < pairs[0] {
			merged, more = append(merged, more[0]), more[1:]
		} else {
			merged, pairs = append(merged, pairs[0]), pairs[1:]
		}
	}
	merged = append(append(merged, pairs...), more...)
	return cutTrigrams(merged)
}
