package names

import (
	"fmt"
	"slices"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/packed"
)

// Encode writes the index in the packed form Decode reads: the terms, the
// forms, the trigram and place tables. What follows from them (postings,
// weights, the keys and the vocabulary) is derived again on reading,
// which is cheap: no name is analysed again.
func (ix *Index) Encode(w *packed.Writer) {
	w.Len(ix.nDocs)
	w.Len(len(ix.terms))
	for _, t := range ix.terms {
		w.String(t.text)
		w.Len(int(t.df))
	}
	w.Len(len(ix.forms))
	for _, f := range ix.forms {
		w.Int32(f.doc)
		w.String(f.kind, f.key, f.norm, f.words)
		w.Int32s(f.terms)
		w.Int32s(f.pairs)
		w.Len(len(f.parts))
		for _, p := range f.parts {
			w.Int32(p[0])
			w.Int32(p[1])
		}
	}
	w.Table(ix.grams)
	w.Table(ix.place)
}

// Decode reads an index written by Encode for ds, the dataset it was
// built from (the caller checks that it is: Decode checks only the number
// of records).
func Decode(r *packed.Reader, ds *heritage.Dataset) (*Index, error) {
	n := r.Len(1 << 30)
	if r.Err() == nil && n != len(ds.Institutions) {
		return nil, fmt.Errorf("names: the index holds %d records, the data %d", n, len(ds.Institutions))
	}
	ix := &Index{nDocs: n, byDoc: make([][]int32, n), keys: make(map[string][]int32, n+n/2)}
	nt := r.Count()
	ix.terms = make([]term, nt)
	ix.vocab = make(map[string]int32, nt)
	for t := range ix.terms {
		tt := &ix.terms[t]
		tt.text = r.String()
		tt.df = int32(r.Len(n))
		ix.vocab[tt.text] = int32(t)
		tt.weight = idf(n, int(tt.df))
		if orgWords[tt.text] {
			tt.weight *= orgWeight
		}
		if len(tt.text) >= 4 {
			tt.runes = []rune(tt.text)
		}
	}
	nf := r.Count()
	ix.forms = make([]form, nf)
	for fid := range ix.forms {
		f := &ix.forms[fid]
		f.doc = r.Int32(n)
		f.kind, f.key, f.norm, f.words = r.String(), r.String(), r.String(), r.String()
		f.terms, f.pairs = r.Int32s(nt), r.Int32s(nt)
		if np := r.Len(len(f.pairs)); np > 0 {
			f.parts = make([][2]int32, np)
			for k := range f.parts {
				f.parts[k] = [2]int32{r.Int32(nt), r.Int32(nt)}
			}
		}
		if r.Err() != nil {
			break
		}
		for _, t := range f.terms {
			f.weight += ix.terms[t].weight
		}
		for _, t := range slices.Concat(f.terms, f.pairs) {
			ix.terms[t].post = append(ix.terms[t].post, int32(fid))
		}
		d := f.doc
		ix.byDoc[d] = append(ix.byDoc[d], int32(fid))
		if ks := ix.keys[f.key]; len(ks) == 0 || ks[len(ks)-1] != d {
			ix.keys[f.key] = append(ks, d)
		}
	}
	ix.grams = r.Table(nt)
	ix.place = r.Table(n)
	if err := r.Err(); err != nil {
		return nil, fmt.Errorf("names: %w", err)
	}
	ix.zero = idf(n, 0)
	ix.pool.New = func() any { return newScratch(len(ix.forms), n, len(ix.terms)) }
	return ix, nil
}
