package names

import (
	"fmt"
	"slices"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/packed"
)

// Encode writes the index in the packed form Decode reads: the terms, the
// Keys, the forms, the trigram and place tables. What follows from them
// (postings, weights, the records of each Key, the hash tables) is
// derived again on reading, which is cheap: no name is analysed again.
func (ix *Index) Encode(w *packed.Writer) {
	w.Len(ix.nDocs)
	w.Len(ix.vocab.len())
	for t := range ix.vocab.len() {
		w.String(ix.vocab.at(int32(t)))
		w.Len(int(ix.df[t]))
	}
	for _, t := range []*strtab{&ix.keys, &ix.texts, &ix.kinds} {
		w.Len(t.len())
		for k := range t.len() {
			w.String(t.at(int32(k)))
		}
	}
	w.Len(len(ix.fDoc))
	for f := range ix.fDoc {
		f := int32(f)
		w.Int32(ix.fDoc[f])
		w.Int32(ix.fKind[f])
		w.Int32(ix.fKey[f])
		w.Len(int(ix.fNorm[f] + 1))
		w.Len(int(ix.fWords[f] + 1))
		w.Int32s(ix.terms(f))
		w.Int32s(ix.pairs(f))
		for k := range ix.pairs(f) {
			for _, j := range ix.parts(f, k) {
				w.Len(int(j))
			}
		}
	}
	w.Len(len(ix.gramKeys))
	for k, g := range ix.gramKeys {
		w.Uint(uint64(g))
		w.Int32s(ix.grams.at(k))
	}
	w.Len(ix.places.len())
	for k := range ix.places.len() {
		w.String(ix.places.at(int32(k)))
		w.Int32s(ix.placeDocs.at(k))
	}
}

// Decode reads an index written by Encode for ds, the dataset it was
// built from (the caller checks that it is: Decode checks only the number
// of records). The index copies what it keeps: it does not hold on to r's
// input.
func Decode(r *packed.Reader, ds *heritage.Dataset) (*Index, error) {
	n := r.Len(1 << 30)
	if r.Err() == nil && n != len(ds.Institutions) {
		return nil, fmt.Errorf("names: the index holds %d records, the data %d", n, len(ds.Institutions))
	}
	ix := &Index{}
	ix.nDocs = n
	nt := r.Count()
	texts := make([]string, nt)
	ix.df = make([]int32, nt)
	for t := range texts {
		texts[t] = r.String()
		ix.df[t] = int32(r.Len(n))
	}
	ix.vocab = newStrtab(texts)
	ix.keys, ix.texts, ix.kinds = newStrtab(readStrings(r)), newStrtab(readStrings(r)), newStrtab(readStrings(r))
	nk, nx := ix.keys.len(), ix.texts.len()
	nf := r.Count()
	ix.docForms = make([]uint32, n+1)
	ix.fOff = make([]uint32, 1, nf+1)
	ix.fMid = make([]uint32, 0, nf)
	for _, p := range []*[]int32{&ix.fDoc, &ix.fKind, &ix.fKey, &ix.fNorm, &ix.fWords} {
		*p = make([]int32, 0, nf)
	}
	next := int32(0) // the first record whose forms have not begun
	for range nf {
		d := r.Int32(n)
		if d < next-1 {
			r.Fail(fmt.Errorf("names: the forms are not in record order"))
		}
		if r.Err() != nil {
			break
		}
		for ; next <= d; next++ {
			ix.docForms[next] = uint32(len(ix.fDoc))
		}
		ix.fDoc = append(ix.fDoc, d)
		ix.fKind = append(ix.fKind, r.Int32(ix.kinds.len()))
		ix.fKey = append(ix.fKey, r.Int32(nk))
		ix.fNorm = append(ix.fNorm, int32(r.Len(nx))-1)
		ix.fWords = append(ix.fWords, int32(r.Len(nx))-1)
		terms := r.Int32s(nt)
		ix.fData = append(ix.fData, terms...)
		ix.fMid = append(ix.fMid, uint32(len(ix.fData)))
		pairs := r.Int32s(nt)
		ix.fData = append(ix.fData, pairs...)
		for range 2 * len(pairs) {
			j := r.Len(len(terms))
			if j == len(terms) {
				r.Fail(fmt.Errorf("names: a pair's word is not the form's"))
			}
			ix.fData = append(ix.fData, int32(j))
		}
		ix.fOff = append(ix.fOff, uint32(len(ix.fData)))
	}
	ix.fData = slices.Clone(ix.fData) // grown by appending
	for ; int(next) <= n; next++ {
		ix.docForms[next] = uint32(len(ix.fDoc))
	}
	ng := r.Count()
	ix.gramKeys = make([]uint32, ng)
	lists := make([][]int32, ng)
	for k := range lists {
		ix.gramKeys[k] = uint32(r.Len(1<<24 - 1))
		lists[k] = r.Int32s(nt)
	}
	ix.grams = newCSR(lists)
	np := r.Count()
	places := make([]string, np)
	lists = make([][]int32, np)
	for k := range places {
		places[k] = r.String()
		lists[k] = r.Int32s(n)
	}
	ix.places = newStrtab(places)
	ix.placeDocs = newCSR(lists)
	if err := r.Err(); err != nil {
		return nil, fmt.Errorf("names: %w", err)
	}
	ix.derive()
	return ix, nil
}

// readStrings reads a count and as many strings.
func readStrings(r *packed.Reader) []string {
	ss := make([]string, r.Count())
	for k := range ss {
		ss[k] = r.String()
	}
	return ss
}
