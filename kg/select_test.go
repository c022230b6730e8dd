package kg

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/query"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// TestSelectExprAsMatch holds the graph's translation of expressions to
// the reference evaluator, for the combinations query.Compile does not
// produce: Not, nested And and Or, ids, an Or mixing look-ups and
// post-filters, and exact subjects.
func TestSelectExprAsMatch(t *testing.T) {
	ds := testfixture.Dataset(t)
	g := testGraph(t)
	ctx := query.NewContext(ds)
	kent := query.Place{Level: query.LevelAdmin, Name: "Kent", AdminLevel: "English County"}
	devon := query.Place{Level: query.LevelCounty, Name: "Devon"}
	museum := query.Type{Codes: []string{"M"}}
	trust := query.MemberOf{Body: "National Trust"}
	transport := query.Subject{Levels: query.SubjectLevels("Transport"), Narrower: true}
	cases := map[string]query.Expr{
		"not place":              query.And{query.Not{X: kent}, transport},
		"not post-filter":        query.And{kent, query.Not{X: museum}},
		"not alone":              query.Not{X: query.Or{kent, devon, transport}},
		"or of look-ups":         query.Or{kent, devon},
		"or mixing":              query.And{query.Or{kent, museum}, transport},
		"nested and":             query.Or{query.And{kent, museum}, query.And{devon, trust}},
		"nested and of look-ups": query.Or{query.And{kent, transport}, query.And{devon, trust}},
		"ids":                    query.And{query.IDs{"mm:mm.domus.SC277", "mm:mm.domus.SC038", "no such id"}, query.Status(query.StatusOpen)},
		"exact subject":          query.Subject{Levels: query.SubjectLevels("Transport / Trains and railways")},
		"related houses":         query.Related{Name: "Derby Museum And Art Gallery", Relation: "houses"},
		"member as-of":           query.And{query.MemberOf{Body: "National Trust", AsOf: 2021}, devon},
		"unknown place level":    query.Place{Level: "planet", Name: "Kent"},
		"true":                   query.True,
		"false":                  query.False,
		"empty and":              query.And{},
		"empty or":               query.Or{},
	}
	nonEmpty := 0
	for name, e := range cases {
		t.Run(name, func(t *testing.T) {
			want := query.Select(e, ds.Institutions, ctx)
			require.Equal(t, want, g.SelectExpr(e), "%s", e)
			if len(want) > 0 {
				nonEmpty++
			}
		})
	}
	require.Greater(t, nonEmpty, len(cases)/2)
}
