package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"testing"

	"github.com/hybridrag/hybridrag/heritage"
)

func realRecords(t *testing.T) []heritage.Institution {
	t.Helper()
	ds, err := heritage.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	return ds.Institutions
}

// TestWriteIsValidAndDeterministic writes 3× the bundled data twice with
// one seed and once with another: the same seed gives the same bytes, every
// line reads back as a valid record, and the file loads as a dataset.
func TestWriteIsValidAndDeterministic(t *testing.T) {
	real := realRecords(t)
	write3 := func(seed uint64) []byte {
		var b bytes.Buffer
		if err := write(context.Background(), &b, false, newGenerator(real, seed), 3); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	a, b, other := write3(1), write3(1), write3(2)
	if sha256.Sum256(a) != sha256.Sum256(b) {
		t.Fatal("two runs with seed 1 wrote different files")
	}
	if bytes.Equal(a, other) {
		t.Fatal("seeds 1 and 2 wrote the same file")
	}
	sc := bufio.NewScanner(bytes.NewReader(a))
	sc.Buffer(nil, heritage.MaxRecordBytes)
	n := 0
	for sc.Scan() {
		n++
		if err := heritage.CheckRecordSize(sc.Bytes()); err != nil {
			t.Fatalf("line %d: %v", n, err)
		}
		var rec heritage.Institution
		if err := heritage.Decode(sc.Bytes(), &rec); err != nil {
			t.Fatalf("line %d: %v", n, err)
		}
		if err := rec.Validate(); err != nil {
			t.Fatalf("line %d: %v", n, err)
		}
	}
	if n != 3*len(real) {
		t.Fatalf("%d lines, want %d", n, 3*len(real))
	}
	ds, err := heritage.LoadBytes(a, heritage.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if ds.Len() != n {
		t.Fatalf("loaded %d records of %d", ds.Len(), n)
	}
}

// TestCopiesAtFactorTen: at 10× every record id is unique, no synthetic ISIL,
// QID or GHCID is a real record's or another copy's, names vary (at least
// 90% distinct), and towns and countries keep the real frequencies.
func TestCopiesAtFactorTen(t *testing.T) {
	real := realRecords(t)
	g := newGenerator(real, 1)
	ids := map[string]bool{}
	names := map[string]bool{}
	countries := map[string]int{}
	towns := map[string]bool{}
	n := 0
	err := g.each(context.Background(), 10, func(rec *heritage.Institution) error {
		n++
		synthetic := n > len(real)
		for _, id := range []string{"id:" + rec.ID, "isil:" + rec.ISIL, "wd:" + rec.Wikidata, "ghcid:" + rec.GHCID} {
			if id[len(id)-1] == ':' {
				continue
			}
			// Real records may share an ISIL or a QID; copies never do.
			if ids[id] && (synthetic || id[:3] == "id:") {
				t.Fatalf("record %d: %s is used twice", n, id)
			}
			ids[id] = true
		}
		if synthetic && (g.realIDs[rec.ISIL] || g.realIDs[rec.Wikidata] || g.realIDs[rec.GHCID]) {
			t.Fatalf("copy %s has a real record's identifier", rec.ID)
		}
		names[rec.Name] = true
		countries[rec.Country]++
		if synthetic && rec.City != "" {
			towns[rec.City] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n != 10*len(real) {
		t.Fatalf("%d records, want %d", n, 10*len(real))
	}
	if float64(len(names)) < 0.9*float64(n) {
		t.Errorf("%d distinct names of %d records, want at least 90%%", len(names), n)
	}
	realCountries := map[string]int{}
	realTowns := map[string]bool{}
	for i := range real {
		realCountries[real[i].Country]++
		realTowns[real[i].City] = true
	}
	for c, k := range realCountries {
		if countries[c] != 10*k {
			t.Errorf("country %q: %d records, want %d", c, countries[c], 10*k)
		}
	}
	for town := range towns {
		if !realTowns[town] {
			t.Errorf("copy town %q is no real record's", town)
		}
	}
	t.Logf("%d records, %d distinct names, %d towns", n, len(names), len(towns))
}
