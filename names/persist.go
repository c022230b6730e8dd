package names

import (
	"errors"
	"fmt"
	"unsafe"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/packed"
	"github.com/hybridrag/hybridrag/internal/strtab"
)

// Encode writes the index in the packed form Decode reads: its tables as
// they lie in memory (packed.Array), the postings, Keys' records, hash
// tables and sorted trigram lists included, so that reading it is copying
// arrays and checking them, not deriving them again. Only the terms'
// weights and lengths and the forms' weights are computed on reading
// (a pass over the terms and one over the forms).
func (ix *Index) Encode(w *packed.Writer) {
	t := &ix.tables
	w.Len(t.nDocs)
	packed.Array(w, t.docForms)
	for _, a := range [][]int32{t.fDoc, t.fKind, t.fKey, t.fNorm, t.fWords} {
		packed.Array(w, a)
	}
	packed.Array(w, t.fOff)
	packed.Array(w, t.fMid)
	packed.Array(w, t.fData)
	for _, s := range []*strtab.Table{&t.keys, &t.texts, &t.kinds, &t.vocab, &t.places} {
		s.Encode(w)
	}
	for _, c := range []*csr{&t.keyDocs, &t.post, &t.placeDocs} {
		packed.Array(w, c.off)
		packed.Array(w, c.ids)
	}
	packed.Array(w, t.grams.first)
	packed.Array(w, t.grams.runes)
	packed.Array(w, t.grams.end)
	w.String(unsafe.String(unsafe.SliceData(t.grams.data), len(t.grams.data)))
	packed.Array(w, t.df)
	packed.Array(w, t.gramKeys)
}

// Decode reads an index written by Encode for ds, the dataset it was
// built from (the caller checks that it is: Decode checks only the number
// of records). It checks every number the index looks things up by
// (see tables.check), so that a damaged index fails here, not in a
// search. The index copies what it keeps: it does not hold on to r's
// input.
func Decode(r *packed.Reader, ds *heritage.Dataset) (*Index, error) {
	n := r.Len(1 << 30)
	if r.Err() == nil && n != len(ds.Institutions) {
		return nil, fmt.Errorf("names: the index holds %d records, the data %d", n, len(ds.Institutions))
	}
	ix := &Index{}
	t := &ix.tables
	t.nDocs = n
	t.docForms = packed.ReadArray[uint32](r)
	for _, a := range []*[]int32{&t.fDoc, &t.fKind, &t.fKey, &t.fNorm, &t.fWords} {
		*a = packed.ReadArray[int32](r)
	}
	t.fOff = packed.ReadArray[uint32](r)
	t.fMid = packed.ReadArray[uint32](r)
	t.fData = packed.ReadArray[int32](r)
	for _, s := range []*strtab.Table{&t.keys, &t.texts, &t.kinds, &t.vocab, &t.places} {
		*s = strtab.Read(r)
	}
	for _, c := range []*csr{&t.keyDocs, &t.post, &t.placeDocs} {
		c.off = packed.ReadArray[uint32](r)
		c.ids = packed.ReadArray[int32](r)
	}
	t.grams.first = packed.ReadArray[uint32](r)
	t.grams.runes = packed.ReadArray[uint16](r)
	t.grams.end = packed.ReadArray[uint32](r)
	t.grams.data = []byte(r.String())
	t.df = packed.ReadArray[int32](r)
	t.gramKeys = packed.ReadArray[uint32](r)
	if err := r.Err(); err != nil {
		return nil, fmt.Errorf("names: %w", err)
	}
	if err := t.check(); err != nil {
		return nil, fmt.Errorf("names: %w", err)
	}
	if !t.grams.check(len(t.gramKeys), t.vocab.Len()) {
		return nil, fmt.Errorf("names: %w: the trigram lists", errTables)
	}
	ix.weigh()
	ix.sumWeights()
	return ix, nil
}

var errTables = errors.New("the tables do not fit together")

// check reports whether every number the tables index by is in range:
// lengths that agree, offsets ascending within their arrays, records,
// forms, terms, Keys, texts and kinds that exist, hash tables with an
// empty slot (a look-up stops at one) naming strings that exist.
func (t *tables) check() error {
	n, nf := t.nDocs, len(t.fDoc)
	nt, nk, nx := t.vocab.Len(), t.keys.Len(), t.texts.Len()
	for _, s := range []*strtab.Table{&t.keys, &t.texts, &t.kinds, &t.vocab, &t.places} {
		if !s.Fits() {
			return fmt.Errorf("%w: a string table", errTables)
		}
	}
	for _, c := range []struct {
		c       *csr
		lists   int
		idLimit int
	}{{&t.keyDocs, nk, n}, {&t.post, nt, nf}, {&t.placeDocs, t.places.Len(), n}} {
		if !offsets(c.c.off, c.lists, len(c.c.ids)) || !inRange(c.c.ids, 0, c.idLimit) {
			return fmt.Errorf("%w: a list", errTables)
		}
	}
	if len(t.df) != nt || !inRange(t.df, 0, n+1) {
		return fmt.Errorf("%w: the terms' counts", errTables)
	}
	if !offsets(t.docForms, n, nf) || !offsets(t.fOff, nf, len(t.fData)) || len(t.fMid) != nf {
		return fmt.Errorf("%w: the forms' offsets", errTables)
	}
	for _, a := range [][]int32{t.fKind, t.fKey, t.fNorm, t.fWords} {
		if len(a) != nf {
			return fmt.Errorf("%w: the forms' columns", errTables)
		}
	}
	if !inRange(t.fDoc, 0, n) || !inRange(t.fKind, 0, t.kinds.Len()) || !inRange(t.fKey, 0, nk) ||
		!inRange(t.fNorm, -1, nx) || !inRange(t.fWords, -1, nx) {
		return fmt.Errorf("%w: the forms' columns", errTables)
	}
	for f := range nf {
		if d := t.fDoc[f]; uint32(f) < t.docForms[d] || uint32(f) >= t.docForms[d+1] {
			return fmt.Errorf("%w: form %d of record %d", errTables, f, d)
		}
		lo, mid, hi := t.fOff[f], t.fMid[f], t.fOff[f+1]
		if mid < lo || mid > hi || (hi-mid)%3 != 0 {
			return fmt.Errorf("%w: form %d", errTables, f)
		}
		np := (hi - mid) / 3
		if !inRange(t.fData[lo:mid+np], 0, nt) || !inRange(t.fData[mid+np:hi], 0, int(mid-lo)) {
			return fmt.Errorf("%w: the words of form %d", errTables, f)
		}
	}
	return nil
}

// offsets reports whether off holds lists+1 ascending offsets from 0 to
// total.
func offsets(off []uint32, lists, total int) bool {
	if len(off) != lists+1 || off[0] != 0 || int(off[lists]) != total {
		return false
	}
	for k := 1; k < len(off); k++ {
		if off[k] < off[k-1] {
			return false
		}
	}
	return true
}

// inRange reports whether every number of a is in [lo, hi).
func inRange(a []int32, lo, hi int) bool {
	for _, v := range a {
		if int(v) < lo || int(v) >= hi {
			return false
		}
	}
	return true
}
