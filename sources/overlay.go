package sources

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/ident"
	"github.com/hybridrag/hybridrag/kg"
)

// Data is the dataset a process answers from: the base records (the
// bundled ones, or a --data file) with the store's sources laid over them.
type Data struct {
	*heritage.Dataset
	// Base is the dataset under the sources.
	Base *heritage.Dataset
	// State is the store's state laid over Base.
	State *State
	// Warnings are what the overlay left out, and why: a source in a
	// namespace of the base records, an override of a record the base
	// does not hold.
	Warnings []string
	// sums[i] is the content hash of record i when it comes from a
	// source, "" when it is Base's record as it is.
	sums []string
}

// Plain is base with no sources over it.
func Plain(base *heritage.Dataset) *Data {
	return &Data{Dataset: base, Base: base, State: &State{}, sums: make([]string, base.Len())}
}

// Overlay lays st over base: base's records in their order without the
// hidden ones, an override record (the OverrideNamespace source's) in
// place of the base record of its id, then the sources' records, source
// by source. A source in a namespace of base's records (see Reserved) is
// left out, and so is an override of a record base does not hold; both
// are named in Data.Warnings. Relations from a source's records resolve
// by identifier (see resolve). The version is base's when st is empty,
// else a hash of base's and st's versions: the index and answer caches,
// keyed on it, never serve a view of other data.
func Overlay(base *heritage.Dataset, st *State) (*Data, error) {
	if st.Empty() {
		d := Plain(base)
		d.State = st
		return d, nil
	}
	var warnings []string
	reserved := Reserved(base)
	override := make(map[string]*heritage.Institution)
	for i := range st.Sources {
		src := &st.Sources[i]
		if !src.Meta.Override {
			continue
		}
		for k := range src.Records {
			r := &src.Records[k]
			if _, ok := base.Get(r.ID); !ok {
				warnings = append(warnings, fmt.Sprintf("override %s left out: no bundled record has that id", r.ID))
				continue
			}
			override[r.ID] = r
		}
	}
	recs := make([]heritage.Institution, 0, base.Len()+st.Len())
	fromSource := make([]bool, 0, cap(recs))
	for i := range base.Institutions {
		in := &base.Institutions[i]
		if r, ok := override[in.ID]; ok {
			recs, fromSource = append(recs, *r), append(fromSource, true)
			continue
		}
		if _, hidden := slices.BinarySearch(st.Hidden, in.ID); hidden {
			continue
		}
		recs, fromSource = append(recs, *in), append(fromSource, false)
	}
	for i := range st.Sources {
		src := &st.Sources[i]
		switch {
		case src.Meta.Override:
			continue
		case slices.Contains(reserved, src.Meta.Namespace):
			warnings = append(warnings, fmt.Sprintf("source %q left out (%d records): %q is a namespace of the bundled records; correct a bundled record with \"hybridrag ingest --override\"", src.Meta.Namespace, len(src.Records), src.Meta.Namespace))
			continue
		}
		for k := range src.Records {
			recs, fromSource = append(recs, src.Records[k]), append(fromSource, true)
		}
	}
	resolve(recs, fromSource)
	sums := make([]string, len(recs))
	for i := range recs {
		if fromSource[i] {
			s, err := recordSum(&recs[i])
			if err != nil {
				return nil, err
			}
			sums[i] = s
		}
	}
	h := sha256.Sum256([]byte(base.Version + "\x00" + st.Version))
	ds, err := heritage.FromRecords(recs, hex.EncodeToString(h[:8]))
	if err != nil {
		return nil, err
	}
	return &Data{Dataset: ds, Base: base, State: st, Warnings: warnings, sums: sums}, nil
}

// resolve rewrites the relations of the records from a source (member_of
// and related ids) that name no record id but an identifier a record
// holds (an ISIL, Wikidata QID, GND id, GHCID or ROR id, as
// "DE-MUS-165513", "Q42", "gnd:4734382-5" or a URL) to that record's id,
// so that the graph links them. An identifier that several records hold
// stays as it is.
func resolve(recs []heritage.Institution, fromSource []bool) {
	ids := make(map[string]bool, len(recs))
	for i := range recs {
		ids[recs[i].ID] = true
	}
	byIdent := map[string]string{}
	add := func(scheme ident.Scheme, v, id string) {
		if v == "" {
			return
		}
		k := string(scheme) + "\x00" + kg.NormalizeIdentifier(string(scheme), v)
		if prev, ok := byIdent[k]; ok && prev != id {
			id = "" // ambiguous
		}
		byIdent[k] = id
	}
	for i := range recs {
		in := &recs[i]
		add(ident.ISIL, in.ISIL, in.ID)
		for _, v := range in.Identifiers.ISILAll {
			add(ident.ISIL, v, in.ID)
		}
		add(ident.Wikidata, in.Wikidata, in.ID)
		add(ident.Wikidata, in.Identifiers.Wikidata, in.ID)
		add(ident.GHCID, in.GHCID, in.ID)
		for _, v := range in.Identifiers.GND {
			add(ident.GND, v, in.ID)
		}
		add(ident.ROR, in.ROR(), in.ID)
	}
	lookup := func(ref string) (string, bool) {
		if ref == "" || ids[ref] {
			return "", false
		}
		id, ok, err := ident.Parse(ref)
		if !ok || err != nil {
			return "", false
		}
		to := byIdent[string(id.Scheme)+"\x00"+kg.NormalizeIdentifier(string(id.Scheme), id.Value)]
		return to, to != ""
	}
	for i := range recs {
		if !fromSource[i] {
			continue
		}
		// The store's copy of the record stays as it was given.
		in := &recs[i]
		member := slices.Clone(in.MemberOf())
		for k, m := range member {
			if to, ok := lookup(m.ID); ok {
				member[k].ID = to
			}
		}
		related := slices.Clone(in.Related())
		for k, r := range related {
			if to, ok := lookup(r.ID); ok {
				related[k].ID = to
			}
		}
		in.SetMemberOf(member)
		in.SetRelated(related)
	}
}

// OverrideNamespace names the source of corrections to bundled records
// ("hybridrag ingest --override"): each of its records replaces the
// bundled record of its id, and is cited with this source.
const OverrideNamespace = "override"

// Reserved are the namespaces no user source may take, sorted: those of
// base's record ids (the bundled data's wd, ror, …, or a data file's
// own) and OverrideNamespace.
func Reserved(base *heritage.Dataset) []string {
	seen := map[string]bool{OverrideNamespace: true}
	for i := range base.Institutions {
		if ns, _, ok := strings.Cut(base.Institutions[i].ID, ":"); ok {
			seen[ns] = true
		}
	}
	out := make([]string, 0, len(seen))
	for ns := range seen {
		out = append(out, ns)
	}
	slices.Sort(out)
	return out
}
