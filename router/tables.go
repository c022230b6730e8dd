package router

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/packed"
)

// Tables are the look-up tables New derives from a dataset (names,
// bodies, places, identifiers, subjects, and the typo tables built from
// them): the part of a router that depends on the data. They can be
// written in a packed form and read back, so that a cache (package index)
// keeps them and a later start reads them instead of deriving them again.
type Tables struct{ g *gazetteer }

// NewTables derives the tables of ds.
func NewTables(ds *heritage.Dataset) *Tables { return &Tables{buildGazetteer(ds, DefaultLexicon())} }

// WithTables sets how the router's tables are had instead of derived
// (NewTables, the default): read from a cache. It must return the tables
// NewTables derives for the dataset.
func WithTables(load func(*heritage.Dataset) *Tables) Option {
	return func(r *Router) { r.tables = load }
}

// Encode writes the tables in the packed form DecodeTables reads. The
// look-up of names by key follows from the rest and is derived again on
// reading (the look-up's hash has a seed of its own in each process); the
// name index's entries by record and the identifier tables, whose hash
// has no seed, are kept as they are.
func (t *Tables) Encode(w *packed.Writer) {
	g := t.g
	w.Len(len(g.ds.Institutions))
	w.Len(len(g.entries))
	for i, e := range g.entries {
		w.String(e.name)
		w.Bool(e.former)
		w.Bool(g.isAcronym(int32(i)))
		w.Len(int(e.ntok))
		w.Float(e.weight)
	}
	w.String(g.keys)
	packed.Array(w, g.keyOff)
	packed.Array(w, g.recOff)
	packed.Array(w, g.recs)
	for d := range len(g.ds.Institutions) {
		w.Len(len(g.nameIx.byDoc(int32(d))))
	}
	w.Int32s(g.nameIx.entries)
	w.Len(g.maxTok)
	w.Len(g.nEntries)
	w.Counts(g.df)

	w.Len(len(g.bodyArr))
	for _, b := range g.bodyArr {
		w.String(b.name, b.key)
		w.Strings(b.ids)
		w.Len(b.partOf)
		w.Len(b.operatedBy)
	}
	w.Len(len(g.bodies))
	for _, k := range slices.Sorted(maps.Keys(g.bodies)) {
		w.String(k)
		w.Int32(g.bodies[k])
	}
	w.Len(g.bodyMax)

	w.Len(len(g.places))
	for _, k := range slices.Sorted(maps.Keys(g.places)) {
		w.String(k)
		w.Len(len(g.places[k]))
		for _, c := range g.places[k] {
			p := c.place
			w.String(p.Text, p.Name, p.Level, p.AdminLevel, p.Area)
			w.Len(c.count)
			w.Bool(c.inferred)
		}
	}
	w.Len(g.placeMax)
	w.Counts(g.placeWords)
	for _, l := range [][]string{g.shortPlaces, g.plainWords} {
		w.Strings(l)
	}
	for _, k := range g.ids.tables() {
		packed.Array(w, k.slots)
	}
	s := g.subjects
	for _, m := range []map[string][]string{g.placeTri, g.placeWordTri, s.phrases, s.mods, s.quoted, s.paths} {
		w.Lists(m)
	}
	w.Len(s.maxLen)
}

// DecodeTables reads tables written by Encode for ds, the dataset they
// were derived from (the caller checks that they are, by the digest of
// the records' ids: DecodeTables checks only the number of records, and
// that what it indexes by is in range). The tables do not hold on to r's
// input, most of which they decode into arrays and maps: a name entry's
// name is its first record's string (the record's name, another of its
// names or a part of its name, as NewTables took it), and the other
// strings they keep are copies (r.CopyStrings).
func DecodeTables(r *packed.Reader, ds *heritage.Dataset) (*Tables, error) {
	if n := r.Len(1 << 30); r.Err() == nil && n != len(ds.Institutions) {
		return nil, fmt.Errorf("router: the tables hold %d records, the data %d", n, len(ds.Institutions))
	}
	n := r.Count()
	g := &gazetteer{
		lex:      DefaultLexicon(),
		entries:  make([]nameEntry, n),
		acronyms: map[string]int32{},
		ds:       ds,
	}
	var acronyms []int32
	for i := range g.entries {
		e := &g.entries[i]
		e.name = r.String()
		e.former = r.Bool()
		if r.Bool() {
			acronyms = append(acronyms, int32(i))
		}
		e.ntok = int32(r.Len(1 << 20))
		e.weight = r.Float()
	}
	r.CopyStrings()
	g.keys, g.keyOff = r.String(), packed.ReadArray[uint32](r)
	if r.Err() == nil && !offsetsFit(g.keyOff, n, len(g.keys)) {
		r.Fail(errors.New("router: the keys of the names are out of range"))
	}
	nd := len(ds.Institutions)
	g.recOff, g.recs = packed.ReadArray[uint32](r), packed.ReadArray[int32](r)
	if r.Err() == nil && !recordsFit(g.recOff, g.recs, n, nd) {
		r.Fail(errors.New("router: the records of the names are out of range"))
	}
	if r.Err() != nil {
		return nil, fmt.Errorf("router: tables: %w", r.Err())
	}
	for i := range g.entries {
		e := &g.entries[i]
		if lo, hi := g.recOff[i], g.recOff[i+1]; lo < hi {
			if name, ok := recordString(&ds.Institutions[g.recs[lo]], e.name); ok {
				e.name = name
				continue
			}
		}
		e.name = strings.Clone(e.name)
	}
	for _, a := range acronyms {
		g.acronyms[g.key(a)] = a
	}
	g.indexNames()
	g.nameIx = &nameIndex{ds: ds, docOff: make([]uint32, nd+1)}
	for d := range nd {
		g.nameIx.docOff[d+1] = g.nameIx.docOff[d] + uint32(r.Len(n))
	}
	g.nameIx.entries = r.Int32s(n)
	if r.Err() == nil && len(g.nameIx.entries) != int(g.nameIx.docOff[nd]) {
		r.Fail(fmt.Errorf("router: the tables list %d entries by record, their counts %d", len(g.nameIx.entries), g.nameIx.docOff[nd]))
	}
	g.maxTok = r.Len(1 << 20)
	g.nEntries = r.Len(n)
	g.df = r.Counts()

	g.bodyArr = make([]bodyEntry, r.Count())
	for i := range g.bodyArr {
		b := &g.bodyArr[i]
		b.name, b.key = r.String(), r.String()
		b.ids = r.Strings()
		b.partOf, b.operatedBy = r.Len(1<<30), r.Len(1<<30)
	}
	nb := r.Count()
	g.bodies = make(map[string]int32, nb)
	for range nb {
		k := r.String()
		g.bodies[k] = r.Int32(len(g.bodyArr))
	}
	g.bodyMax = r.Len(1 << 20)

	np := r.Count()
	g.places = make(map[string][]placeCand, np)
	for range np {
		k := r.String()
		cands := make([]placeCand, r.Count())
		for i := range cands {
			c := &cands[i]
			c.place = Place{Text: r.String(), Name: r.String(), Level: r.String(), AdminLevel: r.String(), Area: r.String()}
			c.count = r.Len(1 << 30)
			c.inferred = r.Bool()
		}
		g.places[k] = cands
	}
	g.placeMax = r.Len(1 << 20)
	g.placeWords = r.Counts()
	g.shortPlaces, g.plainWords = r.Strings(), r.Strings()
	for _, k := range g.ids.tables() {
		k.slots = packed.ReadArray[int32](r)
		if r.Err() == nil && !k.fits(nd) {
			r.Fail(errors.New("router: an identifier table names no record"))
		}
	}
	s := &g.subjects
	g.placeTri, g.placeWordTri = r.Lists(), r.Lists()
	s.phrases, s.mods, s.quoted, s.paths = r.Lists(), r.Lists(), r.Lists(), r.Lists()
	s.maxLen = r.Len(1 << 20)
	s.heads, s.lex = g.lex.subjectCompoundHeads, g.lex
	if err := r.Err(); err != nil {
		return nil, fmt.Errorf("router: tables: %w", err)
	}
	g.buildTownPrefixes()
	return &Tables{g}, nil
}

// recordString returns s as in holds it: its name, another of its names
// or a part of its name (the part of a name before a comma that
// NewTables takes as a short name); false when in holds no such string.
func recordString(in *heritage.Institution, s string) (string, bool) {
	if in.Name == s {
		return in.Name, true
	}
	for _, a := range in.AltNames() {
		if a.Name == s {
			return a.Name, true
		}
	}
	if k := strings.Index(in.Name, s); k >= 0 {
		return in.Name[k : k+len(s)], true
	}
	return "", false
}

// offsetsFit reports whether off cuts a text of size bytes into n
// parts, in order, from its start to its end.
func offsetsFit(off []uint32, n, size int) bool {
	if len(off) != n+1 || off[0] != 0 || int(off[n]) != size {
		return false
	}
	for i := range n {
		if off[i+1] < off[i] {
			return false
		}
	}
	return true
}

// recordsFit reports whether recOff and recs give each of n entries
// records among nd: whether the entries' records read are whole.
func recordsFit(recOff []uint32, recs []int32, n, nd int) bool {
	if !offsetsFit(recOff, n, len(recs)) {
		return false
	}
	for _, d := range recs {
		if d < 0 || int(d) >= nd {
			return false
		}
	}
	return true
}
