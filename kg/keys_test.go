package kg

import (
	"strconv"
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/stretchr/testify/require"
)

// TestKeyIndex: every id added is found at its node, through the table's
// growth, places by their kept ids and identifiers by the ids their
// record's value gives, and an id not added is not.
func TestKeyIndex(t *testing.T) {
	recs := make([]heritage.Institution, 500)
	for i := range recs {
		recs[i] = heritage.Institution{ID: "r" + strconv.Itoa(i), Name: "R", ISIL: "de-" + strconv.Itoa(i)}
	}
	ds, err := heritage.FromRecords(recs, "test")
	require.NoError(t, err)
	g := &Graph{ds: ds}
	x := newKeyIndex(0)
	for i := range 1000 {
		if i%2 == 0 {
			g.named = append(g.named, namedNode{id: "place:city:" + strconv.Itoa(i)})
			g.extra = append(g.extra, extraNode{kind: nPlace, at: int32(len(g.named) - 1)})
		} else {
			g.extra = append(g.extra, extraNode{kind: nIdentifier, field: identISIL, at: int32(i / 2)})
		}
		x.add(g, i)
		if i%97 == 0 {
			for j := range i + 1 {
				e, ok := x.find(g, g.id(&g.extra[j]))
				require.True(t, ok, j)
				require.Equal(t, j, e)
			}
		}
	}
	require.Equal(t, len(g.extra), x.Len())
	require.Equal(t, "ident:isil:DE-0", g.id(&g.extra[1]))
	require.Equal(t, "de-0", g.label(&g.extra[1]))
	for _, id := range []string{"", "place:city:1000", "place:city:-1", "place:city:1", "ident:isil:de-1", "ident:wikidata:DE-1", "ident:isil:DE-500"} {
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
