package router

import (
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/strtab"
)

// recordKeys finds the record that holds a key among its identifiers of
// one scheme. It keeps only record numbers: an open-addressing table whose
// slots hold 1 + a record's number (0 is empty), found by the hash of the
// key and checked against the record, which holds the key already. A map
// from key to identifier took some 60 bytes a key; this takes some 6.
type recordKeys struct{ slots []int32 }

// newRecordKeys returns an empty table with room for n keys.
func newRecordKeys(n int) recordKeys {
	return recordKeys{slots: make([]int32, n+n/2+1)}
}

// home is the slot a key's search starts at. The hash (strtab.Hash) has
// no random seed, so that a table read from a file has the slots of the
// one built; its low bits are the well-mixed ones (identifiers that
// differ only in their last letters differ little in the high bits).
func (t *recordKeys) home(key string) int {
	return int(strtab.Hash(key) % uint64(len(t.slots)))
}

func (t *recordKeys) next(i int) int {
	if i++; i == len(t.slots) {
		return 0
	}
	return i
}

// put indexes record r under key; holds reports whether a record holds
// key. A record indexed under the key already gives way to r, so that the
// last record of a key is found, as a map written in record order would.
func (t *recordKeys) put(key string, r int32, holds func(r int32) bool) {
	i := t.home(key)
	for ; t.slots[i] != 0 && !holds(t.slots[i]-1); i = t.next(i) {
	}
	t.slots[i] = r + 1
}

// find returns the record indexed under key; holds reports whether a
// record holds key.
func (t *recordKeys) find(key string, holds func(r int32) bool) (int32, bool) {
	if len(t.slots) == 0 {
		return -1, false
	}
	for i := t.home(key); t.slots[i] != 0; i = t.next(i) {
		if r := t.slots[i] - 1; holds(r) {
			return r, true
		}
	}
	return -1, false
}

// fits reports whether every slot names one of n records and one slot is
// empty at least (a search ends), so that no look-up in a table read from
// a file can fail.
func (t *recordKeys) fits(n int) bool {
	empty := false
	for _, s := range t.slots {
		if s < 0 || int(s) > n {
			return false
		}
		empty = empty || s == 0
	}
	return empty
}

// identifierKeys are the record look-ups by identifier: ISIL and GHCID by
// their lower-case form, GND ids by their upper-case form, QIDs as
// written.
type identifierKeys struct {
	isils, ghcids, gnds, qids recordKeys
}

// The identifiers of a record each table indexes, in the order a map
// written record by record would have taken them (the last one written
// wins).
func recordISILs(in *heritage.Institution) []string {
	if in.ISIL == "" {
		return in.Identifiers.ISILAll
	}
	return append([]string{in.ISIL}, in.Identifiers.ISILAll...)
}

// newIdentifierKeys indexes the identifiers of the records.
func newIdentifierKeys(recs []heritage.Institution) identifierKeys {
	var nISIL, nGHCID, nGND, nQID int
	for i := range recs {
		in := &recs[i]
		nISIL += len(in.Identifiers.ISILAll)
		if in.ISIL != "" {
			nISIL++
		}
		if in.GHCID != "" {
			nGHCID++
		}
		nGND += len(in.Identifiers.GND)
		if in.Wikidata != "" {
			nQID++
		}
	}
	k := identifierKeys{isils: newRecordKeys(nISIL), ghcids: newRecordKeys(nGHCID), gnds: newRecordKeys(nGND), qids: newRecordKeys(nQID)}
	for i := range recs {
		in, r := &recs[i], int32(i)
		for _, s := range recordISILs(in) {
			lc := strings.ToLower(s)
			k.isils.put(lc, r, func(r int32) bool { return isilOf(&recs[r], lc) != "" })
		}
		if in.GHCID != "" {
			lc := strings.ToLower(in.GHCID)
			k.ghcids.put(lc, r, func(r int32) bool { return lowerIs(recs[r].GHCID, lc) })
		}
		for _, s := range in.Identifiers.GND {
			uc := strings.ToUpper(s)
			k.gnds.put(uc, r, func(r int32) bool { return holdsGND(&recs[r], uc) })
		}
		if in.Wikidata != "" {
			k.qids.put(in.Wikidata, r, func(r int32) bool { return recs[r].Wikidata == in.Wikidata })
		}
	}
	return k
}

// isilOf returns the ISIL of in whose lower-case form is lc, the last one
// when it holds several; "" when it holds none.
func isilOf(in *heritage.Institution, lc string) string {
	all := in.Identifiers.ISILAll
	for i := len(all) - 1; i >= 0; i-- {
		if lowerIs(all[i], lc) {
			return all[i]
		}
	}
	if in.ISIL != "" && lowerIs(in.ISIL, lc) {
		return in.ISIL
	}
	return ""
}

func holdsGND(in *heritage.Institution, uc string) bool {
	for _, s := range in.Identifiers.GND {
		if upperIs(s, uc) {
			return true
		}
	}
	return false
}

// lowerIs reports whether strings.ToLower(s) == lc, and upperIs whether
// strings.ToUpper(s) == uc, without making the folded string when both
// are ASCII (lc and uc are folded already).
func lowerIs(s, lc string) bool { return foldedIs(s, lc, strings.ToLower) }

func upperIs(s, uc string) bool { return foldedIs(s, uc, strings.ToUpper) }

func foldedIs(s, key string, fold func(string) string) bool {
	if isASCII(s) && isASCII(key) {
		return strings.EqualFold(s, key)
	}
	return fold(s) == key
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// isil returns the ISIL the data writes for the lower-case lc.
func (g *gazetteer) isil(lc string) (string, bool) {
	recs := g.ds.Institutions
	r, ok := g.ids.isils.find(lc, func(r int32) bool { return isilOf(&recs[r], lc) != "" })
	if !ok {
		return "", false
	}
	return isilOf(&recs[r], lc), true
}

// ghcid returns the GHCID the data writes for the lower-case lc.
func (g *gazetteer) ghcid(lc string) (string, bool) {
	recs := g.ds.Institutions
	r, ok := g.ids.ghcids.find(lc, func(r int32) bool { return lowerIs(recs[r].GHCID, lc) })
	if !ok {
		return "", false
	}
	return recs[r].GHCID, true
}

// knownGND reports whether a record holds the GND id whose upper-case
// form is uc.
func (g *gazetteer) knownGND(uc string) bool {
	recs := g.ds.Institutions
	_, ok := g.ids.gnds.find(uc, func(r int32) bool { return holdsGND(&recs[r], uc) })
	return ok
}

// knownQID reports whether a record is the Wikidata item q.
func (g *gazetteer) knownQID(q string) bool {
	recs := g.ds.Institutions
	_, ok := g.ids.qids.find(q, func(r int32) bool { return recs[r].Wikidata == q })
	return ok
}

// knownISIL reports whether a record holds the ISIL whose lower-case form
// is lc.
func (g *gazetteer) knownISIL(lc string) bool {
	_, ok := g.isil(lc)
	return ok
}

// tables lists the tables, in the order Encode writes them.
func (k *identifierKeys) tables() []*recordKeys {
	return []*recordKeys{&k.isils, &k.ghcids, &k.gnds, &k.qids}
}
