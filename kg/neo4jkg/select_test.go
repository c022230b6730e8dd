package neo4jkg

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/query"
)

// TestParitySelectExpr holds the Cypher translation to query.Select (the
// reference evaluator) and to the graph's SelectExpr on the combinations
// Compile does not produce: Not, nested And and Or, IDs, mixed Or, and
// the declared post-filters (Radius, Subject without Narrower).
func TestParitySelectExpr(t *testing.T) {
	s, ds, g := testStore(t)
	t.Parallel()
	ev := query.NewContext(ds)
	kent := query.Place{Level: query.LevelAdmin, Name: "Kent", AdminLevel: "English County"}
	devon := query.Place{Level: query.LevelCounty, Name: "Devon"}
	museum := query.Type{Codes: []string{"M"}}
	trust := query.MemberOf{Body: "National Trust"}
	transport := query.Subject{Levels: query.SubjectLevels("Transport"), Narrower: true}
	exact := query.Subject{Levels: query.SubjectLevels("Transport / Trains and railways")}
	bath := query.Radius{Lat: 51.381, Lon: -2.359, Km: 5}
	cases := map[string]query.Expr{
		"not place":              query.And{query.Not{X: kent}, transport},
		"not type":               query.And{devon, query.Not{X: museum}},
		"not governance":         query.And{kent, query.Not{X: query.Governance{Codes: []string{"A"}}}},
		"not accreditation":      query.And{kent, query.Not{X: query.Accreditation{Value: "Accredited"}}},
		"empty accreditation":    query.And{devon, query.Accreditation{Value: ""}},
		"not alone":              query.Not{X: query.Or{kent, devon, transport}},
		"or of look-ups":         query.Or{kent, devon},
		"or mixing":              query.And{query.Or{kent, museum}, transport},
		"nested and":             query.Or{query.And{kent, museum}, query.And{devon, trust}},
		"nested and of look-ups": query.Or{query.And{kent, transport}, query.And{devon, trust}},
		"ids":                    query.And{query.IDs{"mm:mm.domus.SC277", "mm:mm.domus.SC038", "no such id"}, query.Status(query.StatusOpen)},
		"large admits huge":      query.And{query.Size{Values: []string{"LARGE"}}, query.Status(query.StatusClosed)},
		"years straddling":       query.And{query.YearRange{Field: "closed", From: 1990, To: 2010}, query.Not{X: devon}},
		"years unknown field":    query.YearRange{Field: "founded", From: 1990},
		"exact subject":          exact,
		"exact subject in kent":  query.And{kent, query.Or{exact, museum}},
		"radius":                 query.And{bath, museum},
		"radius alone":           bath,
		"related houses":         query.Related{Name: "Derby Museum And Art Gallery", Relation: "houses"},
		"member as-of":           query.And{query.MemberOf{Body: "National Trust", AsOf: 2021}, devon},
		"member in or":           query.Or{trust, kent},
		"unknown place level":    query.Place{Level: "planet", Name: "Kent"},
		"hostile values":         query.Or{query.Type{Codes: []string{"' OR true //"}}, query.Place{Level: query.LevelCity, Name: "x}) DETACH DELETE n //"}},
		"true":                   query.True,
		"false":                  query.False,
		"empty and":              query.And{},
		"empty or":               query.Or{},
	}
	nonEmpty := 0
	for name, e := range cases {
		want := query.Select(e, ds.Institutions, ev)
		require.Equal(t, want, g.SelectExpr(e), "graph %s: %s", name, e)
		got, err := s.SelectExpr(context.Background(), e, ev)
		require.NoError(t, err, "%s: %s", name, e)
		require.Equal(t, want, got, "%s: %s", name, e)
		if len(want) > 0 {
			nonEmpty++
		}
	}
	require.Greater(t, nonEmpty, len(cases)/2)
}

// TestSelectExprNeedsRecords: a part Cypher does not express is never
// dropped; without records to test it on, the selection fails.
func TestSelectExprNeedsRecords(t *testing.T) {
	s, _, _ := testStore(t)
	t.Parallel()
	e := query.And{query.Type{Codes: []string{"M"}}, query.Radius{Lat: 51.381, Lon: -2.359, Km: 5}}
	_, err := s.SelectExpr(context.Background(), e, query.EvalContext{})
	require.ErrorIs(t, err, ErrNoRecords)
}
