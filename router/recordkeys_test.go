package router

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// identifierMaps are the look-ups by identifier as maps written record by
// record: what the identifier tables must answer.
type identifierMaps struct {
	isils, ghcids map[string]string // lower-case → as written
	gnds, qids    map[string]bool
}

func newIdentifierMaps(recs []heritage.Institution) identifierMaps {
	m := identifierMaps{isils: map[string]string{}, ghcids: map[string]string{}, gnds: map[string]bool{}, qids: map[string]bool{}}
	for i := range recs {
		in := &recs[i]
		if in.ISIL != "" {
			m.isils[strings.ToLower(in.ISIL)] = in.ISIL
		}
		for _, s := range in.Identifiers.ISILAll {
			m.isils[strings.ToLower(s)] = s
		}
		if in.GHCID != "" {
			m.ghcids[strings.ToLower(in.GHCID)] = in.GHCID
		}
		for _, s := range in.Identifiers.GND {
			m.gnds[strings.ToUpper(s)] = true
		}
		if in.Wikidata != "" {
			m.qids[in.Wikidata] = true
		}
	}
	return m
}

// requireSameIdentifiers checks every key of want, and keys no record
// holds, against g.
func requireSameIdentifiers(t *testing.T, g *gazetteer, want identifierMaps) {
	t.Helper()
	for lc, c := range want.isils {
		got, ok := g.isil(lc)
		require.True(t, ok, lc)
		require.Equal(t, c, got, lc)
		require.True(t, g.knownISIL(lc))
	}
	for lc, c := range want.ghcids {
		got, ok := g.ghcid(lc)
		require.True(t, ok, lc)
		require.Equal(t, c, got, lc)
	}
	for uc := range want.gnds {
		require.True(t, g.knownGND(uc), uc)
	}
	for q := range want.qids {
		require.True(t, g.knownQID(q), q)
	}
	for _, k := range []string{"", "de-nope1", "Q0", "nl-", "x"} {
		_, ok := g.isil(k)
		require.Equal(t, want.isils[k] != "", ok, k)
		_, ok = g.ghcid(k)
		require.Equal(t, want.ghcids[k] != "", ok, k)
		require.Equal(t, want.gnds[k], g.knownGND(k), k)
		require.Equal(t, want.qids[k], g.knownQID(k), k)
	}
}

// TestIdentifierKeys: the identifier tables answer as maps from each
// identifier to the record would, over the bundled data.
func TestIdentifierKeys(t *testing.T) {
	ds := testfixture.Dataset(t)
	want := newIdentifierMaps(ds.Institutions)
	require.NotEmpty(t, want.isils)
	require.NotEmpty(t, want.gnds)
	g := &gazetteer{ds: ds, ids: newIdentifierKeys(ds.Institutions)}
	requireSameIdentifiers(t, g, want)
	// an identifier written another way, as the lower-case key
	for lc, c := range want.isils {
		if c != lc {
			require.False(t, g.knownISIL(c), "look-ups are by the lower-case form")
			break
		}
	}
}

// TestIdentifierKeysLastWritten: where records write one identifier in
// other cases, the one written last is found, as a map written in record
// order keeps it; a record holding an identifier twice is found once.
func TestIdentifierKeysLastWritten(t *testing.T) {
	recs := []heritage.Institution{
		{ID: "a", ISIL: "DE-Abc1", GHCID: "DE-XX-AAA-M-A", Wikidata: "Q1"},
		{ID: "b", ISIL: "de-abc1", Identifiers: heritage.Identifiers{ISILAll: []string{"DE-ABC1", "DE-Def2"}, GND: []string{"123-x", "123-X"}}},
		{ID: "c", GHCID: "de-xx-aaa-m-a", Identifiers: heritage.Identifiers{ISILAll: []string{"DE-DEF2", "de-def2"}, GND: []string{"9"}}},
		{ID: "d", ISIL: "NL-1", Identifiers: heritage.Identifiers{ISILAll: []string{"NL-1"}}, Wikidata: "Q1"},
		{ID: "e", ISIL: "GB-Ö", Identifiers: heritage.Identifiers{GND: []string{"ß-1"}}},
	}
	want := newIdentifierMaps(recs)
	g := &gazetteer{ds: &heritage.Dataset{Institutions: recs}, ids: newIdentifierKeys(recs)}
	requireSameIdentifiers(t, g, want)
	c, _ := g.isil("de-abc1")
	require.Equal(t, "DE-ABC1", c)
	c, _ = g.isil("de-def2")
	require.Equal(t, "de-def2", c)
	c, _ = g.ghcid("de-xx-aaa-m-a")
	require.Equal(t, "de-xx-aaa-m-a", c)
	for _, k := range g.ids.tables() {
		require.True(t, k.fits(len(recs)))
	}
	require.False(t, (&recordKeys{slots: []int32{1}}).fits(len(recs)), "no empty slot")
	require.False(t, (&recordKeys{slots: []int32{0, 6}}).fits(len(recs)), "no such record")
}
