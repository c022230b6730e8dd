package linking

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
)

// TestLinkIdentifierForms links identifiers in the forms people type and
// paste. The expected record is the one the data gives the value to.
func TestLinkIdentifierForms(t *testing.T) {
	l := testLinker(t)
	holder := func(has func(in *heritage.Institution) bool) string {
		t.Helper()
		var ids []string
		for i := range l.ds.Institutions {
			if in := &l.ds.Institutions[i]; has(in) {
				ids = append(ids, in.ID)
			}
		}
		require.Len(t, ids, 1)
		return ids[0]
	}
	gnd := func(v string) string {
		return holder(func(in *heritage.Institution) bool { return slices.Contains(in.Identifiers.GND, v) })
	}
	isil := func(v string) string {
		return holder(func(in *heritage.Institution) bool {
			return strings.EqualFold(in.ISIL, v) || slices.ContainsFunc(in.Identifiers.ISILAll, func(s string) bool { return strings.EqualFold(s, v) })
		})
	}
	qid := func(v string) string { return holder(func(in *heritage.Institution) bool { return in.Wikidata == v }) }
	ror := holder(func(in *heritage.Institution) bool { return in.ID == "ror:02m69r871" })

	cases := []struct {
		q    Query
		want string
		via  string
	}{
		{Query{Text: "GND 2016830-5"}, gnd("2016830-5"), ViaGND},
		{Query{Text: "gnd:2016830-5"}, gnd("2016830-5"), ViaGND},
		{Query{Text: "(DE-588)511250-3"}, gnd("511250-3"), ViaGND},
		{Query{Text: "https://d-nb.info/gnd/2022729-2"}, gnd("2022729-2"), ViaGND},
		{Query{Text: "http://d-nb.info/gnd/1198886218"}, gnd("1198886218"), ViaGND},
		{Query{Text: "Kunsthalle Nürnberg, GND 2016830-5"}, gnd("2016830-5"), ViaGND},
		{Query{Text: "DE MUS 117113"}, isil("DE-MUS-117113"), ViaISIL},
		{Query{Text: " NL - 0835391002 "}, isil("NL-0835391002"), ViaISIL},
		{Query{Text: "NL TbRAT"}, isil("NL-TbRAT"), ViaISIL}, // spaced, no cue, no digit
		{Query{Text: "de-mus-244215"}, isil("DE-MUS-244215"), ViaISIL},
		{Query{Text: "ISIL: DE-1"}, isil("DE-1"), ViaISIL},
		{Query{Text: "ignored", ISIL: "DE MUS 117113"}, isil("DE-MUS-117113"), ViaISIL},
		{Query{Text: "ror.org/02m69r871"}, ror, ViaROR},
		{Query{Text: "https://ror.org/02m69r871"}, ror, ViaROR},
		{Query{Text: "ROR: 02m69r871"}, ror, ViaROR},
		{Query{Text: "ror:02m69r871"}, ror, ViaID},
		{Query{Text: "wd:Q190804"}, qid("Q190804"), ViaID}, // a record id
		{Query{Text: "Wikidata Q190804"}, qid("Q190804"), ViaWikidata},
		{Query{Text: "wikidata.org/wiki/Special:EntityPage/Q190804"}, qid("Q190804"), ViaWikidata},
		{Query{QID: "http://www.wikidata.org/entity/Q190804"}, qid("Q190804"), ViaWikidata},
	}
	for _, c := range cases {
		t.Run(c.q.Text+c.q.ISIL+c.q.QID, func(t *testing.T) {
			got, err := l.Link(context.Background(), c.q, 1)
			require.NoError(t, err)
			type top struct{ id, via string }
			var tops []top
			for _, g := range got {
				if g.Match {
					tops = append(tops, top{g.ID, g.Via})
				}
			}
			require.Equal(t, []top{{c.want, c.via}}, tops)
		})
	}
}

// TestLinkNameWithUnknownIdentifier checks that an identifier inside a
// name that no record carries leaves the name to be matched.
func TestLinkNameWithUnknownIdentifier(t *testing.T) {
	l := testLinker(t)
	got, err := l.Link(context.Background(), Query{Text: "Kunsthalle Nürnberg, ISIL DE-MUS-999999"}, 3)
	require.NoError(t, err)
	require.NotEmpty(t, got)
	require.NotEqual(t, ViaISIL, got[0].Via)
	require.Contains(t, got[0].Name, "Kunsthalle")
}
