package ident_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/ident"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// TestDataset parses every identifier of the bundled dataset: each reads
// back to itself, and Find finds it behind its cue in a sentence. It also
// pins that every GND id and ROR id of the data passes its check, which is
// what allows Parse to verify them.
func TestDataset(t *testing.T) {
	ds := testfixture.Dataset(t)
	type item struct {
		scheme ident.Scheme
		value  string
		cue    string
	}
	var items []item
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		for _, v := range append([]string{in.ISIL}, in.Identifiers.ISILAll...) {
			items = append(items, item{ident.ISIL, v, "ISIL"})
		}
		for _, v := range in.Identifiers.GND {
			items = append(items, item{ident.GND, v, "GND"})
		}
		items = append(items,
			item{ident.Wikidata, in.Wikidata, "Wikidata"},
			item{ident.Wikidata, in.Identifiers.Wikidata, "Wikidata"},
			item{ident.GHCID, in.GHCID, "GHCID"},
			item{ident.ROR, strings.TrimPrefix(in.ROR(), "https://ror.org/"), "ROR"})
		if v, ok := strings.CutPrefix(in.ID, "ror:"); ok {
			items = append(items, item{ident.ROR, v, "ROR"})
		}
	}
	counts := map[ident.Scheme]int{}
	for _, it := range items {
		if it.value == "" {
			continue
		}
		counts[it.scheme]++
		want := ident.ID{Scheme: it.scheme, Value: it.value}
		parseText := it.value
		if it.scheme == ident.ROR {
			parseText = "ror:" + it.value // a bare ROR id needs a cue
		}
		got, ok, err := ident.Parse(parseText)
		require.True(t, ok, "%s %s", it.scheme, it.value)
		require.NoError(t, err)
		require.Equal(t, want, got)

		back, ok, err := ident.Parse(got.String())
		require.True(t, ok)
		require.NoError(t, err)
		require.Equal(t, want, back)

		text := "Which institution has " + it.cue + " " + it.value + "?"
		ms := ident.Find(text)
		require.Len(t, ms, 1, text)
		require.Equal(t, want, ms[0].ID, text)
		require.True(t, ms[0].Cued, text)
	}
	t.Logf("identifiers checked: %v", counts)
	require.Greater(t, counts[ident.GND], 2000)
	require.Greater(t, counts[ident.ROR], 1000)
	require.Greater(t, counts[ident.ISIL], 20000)
}
