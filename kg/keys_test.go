package kg

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestKeyIndex: every id added is found at its node, through the table's
// growth, places by their kept ids and identifiers by the ids their scheme
// and label give, and an id not added is not.
func TestKeyIndex(t *testing.T) {
	g := &Graph{}
	x := newKeyIndex(0)
	for i := range 1000 {
		if i%2 == 0 {
			g.nodeIDs = append(g.nodeIDs, "place:city:"+strconv.Itoa(i))
			g.extra = append(g.extra, extraNode{kind: nPlace, at: int32(len(g.nodeIDs) - 1)})
		} else {
			g.extra = append(g.extra, extraNode{kind: nIdentifier, scheme: uint8(i % len(identSchemes)), label: "de-" + strconv.Itoa(i)})
		}
		x.add(g, i)
		if i%97 == 0 {
			for j := range i + 1 {
				e, ok := x.find(g, g.extra[j].id(g.nodeIDs))
				require.True(t, ok, j)
				require.Equal(t, j, e)
			}
		}
	}
	require.Equal(t, len(g.extra), x.Len())
	require.Equal(t, "ident:wikidata:DE-1", g.extra[1].id(g.nodeIDs))
	for _, id := range []string{"", "place:city:1000", "place:city:-1", "place:city:1", "ident:isil:DE-1", "ident:wikidata:de-1"} {
		_, ok := x.find(g, id)
		require.False(t, ok, id)
	}
	_, ok := (&keyIndex{}).find(&Graph{}, "x")
	require.False(t, ok, "an empty index")
}

// TestIsNormalIdentifier: isNormalIdentifier agrees with
// NormalizeIdentifier on values with spaces, prefixes, lower case and
// letters beyond ASCII.
func TestIsNormalIdentifier(t *testing.T) {
	for _, c := range []struct{ scheme, v string }{
		{SchemeISIL, "DE-1"}, {SchemeISIL, " de-mus-165711 "}, {SchemeISIL, "NL-AsdRM"},
		{SchemeWikidata, "https://www.wikidata.org/wiki/q42"}, {SchemeWikidata, "wd:Q42"},
		{SchemeROR, "https://ror.org/05abc12"}, {SchemeGND, "4 0 0 6 4 3 9-x"},
		{SchemeISIL, "DE-Münster-1"}, {SchemeISIL, "ǆ-1"}, {SchemeISIL, ""},
	} {
		norm := NormalizeIdentifier(c.scheme, c.v)
		require.True(t, isNormalIdentifier(c.scheme, c.v, norm), "%q", c.v)
		for _, other := range []string{norm + "X", strings.ToLower(norm) + "x", "", "Q4", norm[:len(norm)/2]} {
			if other != norm {
				require.False(t, isNormalIdentifier(c.scheme, c.v, other), "%q against %q", c.v, other)
			}
		}
	}
}
