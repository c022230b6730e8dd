package kg

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestScheme(t *testing.T) {
	tests := []struct {
		alias, want string
		ok          bool
	}{
		{"isil", SchemeISIL, true},
		{"ISIL_ALL", SchemeISIL, true},
		{" qid ", SchemeWikidata, true},
		{"wd", SchemeWikidata, true},
		{"Wikidata", SchemeWikidata, true},
		{"mm", SchemeMappingMuseums, true},
		{"mapping_museums", SchemeMappingMuseums, true},
		{"ghcid", SchemeGHCID, true},
		{"gnd", SchemeGND, true},
		{"dbs", SchemeDBS, true},
		{"ror", SchemeROR, true},
		{"isni", SchemeISNI, true},
		{"grid", SchemeGRID, true},
		{"domus", SchemeDomus, true},
		{"viaf", "", false},
		{"", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.alias, func(t *testing.T) {
			got, ok := Scheme(tc.alias)
			require.Equal(t, tc.ok, ok)
			require.Equal(t, tc.want, got)
		})
	}
}

func TestNormalizeIdentifier(t *testing.T) {
	tests := []struct {
		scheme, value, want string
	}{
		{SchemeWikidata, "https://www.wikidata.org/wiki/q42", "Q42"},
		{SchemeWikidata, "wd:Q42", "Q42"},
		{SchemeWikidata, " q42 ", "Q42"},
		{SchemeROR, "https://ror.org/05dhe8b71", "05DHE8B71"},
		{SchemeROR, "ror:05dhe8b71", "05DHE8B71"},
		{SchemeISNI, "https://isni.org/isni/0000 0001 2146 438X", "000000012146438X"},
		{SchemeGRID, "https://www.grid.ac/institutes/grid.1234.5", "GRID.1234.5"},
		{SchemeISIL, "de-mus-165513", "DE-MUS-165513"},
		// Prefixes of one scheme are kept for another.
		{SchemeISIL, "ror:x", "ROR:X"},
	}
	for _, tc := range tests {
		t.Run(tc.scheme+" "+tc.value, func(t *testing.T) {
			require.Equal(t, tc.want, NormalizeIdentifier(tc.scheme, tc.value))
		})
	}
}

func TestPathCost(t *testing.T) {
	tests := []struct {
		kind EdgeKind
		to   Node
		want int
	}{
		{EdgeRelation, Node{ID: "mm:x", Kind: KindInstitution}, 2},
		{EdgeMembership, Node{ID: "body:national museums scotland", Kind: KindBody}, 2},
		{EdgePlace, Node{ID: "place:city:GB/Edinburgh", Label: "Edinburgh"}, 3},
		{EdgePlace, Node{ID: "place:admin:City of Edinburgh (Scottish Council Area)", Label: "City of Edinburgh (Scottish Council Area)"}, 5},
		{EdgeWithin, Node{ID: "place:admin:Yorkshire and The Humber (English Region)", Label: "Yorkshire and The Humber (English Region)"}, 8},
		{EdgeWithin, Node{ID: "place:admin:West Yorkshire (CA)", Label: "West Yorkshire (CA)"}, 8},
		{EdgeWithin, Node{ID: "place:admin:Scotland", Label: "Scotland"}, 8},
		{EdgeWithin, Node{ID: "place:region:NO/Nordland", Label: "Nordland"}, 8},
		{EdgeWithin, Node{ID: "place:country:GB", Label: "GB"}, 12},
		{EdgeIdentifier, Node{ID: "ident:isil:DE-1", Kind: KindIdentifier}, -1},
	}
	for _, tc := range tests {
		t.Run(string(tc.kind)+" "+tc.to.ID, func(t *testing.T) {
			require.Equal(t, tc.want, PathCost(tc.kind, tc.to))
		})
	}
}
