package query_test

import (
	"fmt"
	"testing"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/query"
	"github.com/stretchr/testify/require"
)

func TestCompileString(t *testing.T) {
	cases := []struct {
		name string
		c    plan.Constraints
		asOf int
		want string
	}{
		{"not selective", plan.Constraints{TypeCodes: []string{"M"}}, 0, "false"},
		{"every record", plan.Constraints{All: true}, 0, "true"},
		{"one condition", plan.Constraints{All: true, TypeCodes: []string{"M", "G"}}, 0, `(type "M" "G")`},
		{"open museums of a body in a town", plan.Constraints{
			TypeCodes: []string{"M"}, Status: "open",
			Places: []plan.Place{{Name: "York", Level: plan.LevelCity}},
			Bodies: []plan.Body{{Name: "National Trust", IDs: []string{"wd:Q333515"}}},
		}, 0, `(and (type "M") (status open) (or (city "York") (town "York")) ` +
			`(or (member "National Trust" as-of 9999) (member "wd:Q333515" as-of 9999)))`},
		{"a town that is also a district", plan.Constraints{
			Places: []plan.Place{{Name: "Dover", Level: plan.LevelCity, Area: "English District"}},
		}, 0, `(or (city "Dover") (admin "Dover" "English District") (town "Dover"))`},
		{"years, subjects and the rest", plan.Constraints{
			Years:    &plan.YearRange{Field: "closed", From: 1980, To: 1989},
			Subjects: []string{"Natural world/*", " * "}, Sizes: []string{"large"},
			Accreditation: "Accredited", GovernanceCodes: []string{"independent"}, Status: "CLOSED",
		}, 2000, `(and (status closed) (accreditation "Accredited") (size "large") (governance "independent") ` +
			`(years closed 1980..1989) (subject "natural world" narrower))`},
		{"a relation of a named institution", plan.Constraints{
			Names: []plan.NameMatch{{Name: "Museum Nord", IDs: []string{"a", "b"}}}, Relation: "has_part",
		}, 2010, `(related has_part "Museum Nord" "a" "b" as-of 2010)`},
		{"a place of no level", plan.Constraints{Places: []plan.Place{{Name: "Mars", Level: "planet"}}}, 0, "(or)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, query.Compile(tc.c, tc.asOf).String())
		})
	}
}

func TestCompilePlaceMatch(t *testing.T) {
	c := plan.Constraints{Places: []plan.Place{
		{Name: "Kent", Level: plan.LevelAdmin, AdminLevel: "English County"},
		{Name: "Wales", Level: plan.LevelRegion},
	}}
	require.Equal(t, `(or (admin "Kent" "English County") (region "Wales"))`, query.CompileMatching(c, 0, query.Stated).String())
	require.Equal(t, `(or (admin "Kent" "English County") (town "Kent") (region "Wales"))`, query.CompileMatching(c, 0, query.Derived).String())
	// near only for an "in or near" question
	require.Equal(t, query.CompileMatching(c, 0, query.Derived).String(), query.CompileMatching(c, 0, query.Near).String())
	c.NearPlace = true
	require.Equal(t, `(or (admin "Kent" "English County") (town "Kent") (near "Kent") (region "Wales") (near "Wales"))`,
		query.CompileMatching(c, 0, query.Near).String())
}

// TestRecordPredicates checks the predicates that read the record alone.
func TestRecordPredicates(t *testing.T) {
	rec := new(heritage.Record{
		ID: "x", TypeCode: "M", Size: "huge", Accreditation: "Accredited", GovernanceCode: "independent",
		Status: "closed", YearOpened: "1950", YearClosed: "1982:2017",
		Subjects: []string{"Natural world / Geology", "Transport"},
	}.Institution())
	var ctx query.EvalContext // none of these reads it
	cases := []struct {
		e    query.Expr
		want bool
	}{
		{query.True, true},
		{query.False, false},
		{query.And{}, true},
		{query.Or{}, false},
		{query.Not{X: query.False}, true},
		{query.Type{Codes: []string{" m ", "L"}}, true},
		{query.Type{Codes: []string{"L"}}, false},
		{query.Size{Values: []string{"Large"}}, true}, // "large" admits "huge"
		{query.Size{Values: []string{"medium"}}, false},
		{query.Accreditation{Value: "ACCREDITED"}, true},
		{query.Governance{Codes: []string{"Independent"}}, true},
		{query.StatusClosed, true},
		{query.StatusOpen, false},
		{query.YearRange{Field: "opened", From: 1950, To: 1950}, true},
		{query.YearRange{Field: "opened", From: 1951}, false},
		{query.YearRange{Field: "closed", From: 1980, To: 2020}, true},
		// a span straddling a bound is not within it
		{query.YearRange{Field: "closed", From: 1980, To: 1989}, false},
		{query.YearRange{Field: "renamed"}, false},
		{query.Subject{Levels: query.SubjectLevels("natural world/*"), Narrower: true}, true},
		{query.Subject{Levels: query.SubjectLevels("Natural World")}, false},
		{query.Subject{Levels: query.SubjectLevels("natural world / geology")}, true},
		{query.Subject{Levels: query.SubjectLevels("Transport / Trains"), Narrower: true}, false},
		{query.Subject{Levels: query.SubjectLevels("*"), Narrower: true}, false},
		{query.And{query.Type{Codes: []string{"M"}}, query.Not{X: query.StatusOpen}}, true},
		{query.Or{query.Type{Codes: []string{"L"}}, query.Size{Values: []string{"small"}}}, false},
		{query.IDs{"y", "x"}, true},
		{query.IDs{"X"}, false},
		{query.Radius{Lat: 51.5, Lon: 0, Km: 1000}, false}, // no coordinates
	}
	for _, tc := range cases {
		require.Equal(t, tc.want, tc.e.Match(rec, ctx), "%s", tc.e)
	}
}

func TestRadius(t *testing.T) {
	lat, lon := 51.3811, -2.3590 // Bath
	rec := &heritage.Institution{ID: "x", Lat: &lat, Lon: &lon}
	var ctx query.EvalContext
	bristol := heritage.DistanceKm(51.4545, -2.5879, lat, lon)
	require.InDelta(t, 17.5, bristol, 1)
	require.True(t, query.Radius{Lat: 51.4545, Lon: -2.5879, Km: bristol}.Match(rec, ctx), "the bound is within")
	require.False(t, query.Radius{Lat: 51.4545, Lon: -2.5879, Km: 15}.Match(rec, ctx))
	require.Equal(t, "(radius 51.4545 -2.5879 15)", query.Radius{Lat: 51.4545, Lon: -2.5879, Km: 15}.String())
	require.Equal(t, `(ids "a" "b")`, query.IDs{"a", "b"}.String())
}

func TestSubjectLevels(t *testing.T) {
	require.Equal(t, []string{"natural world", "geology"}, query.SubjectLevels(" Natural world / Geology "))
	require.Equal(t, []string{"natural world"}, query.SubjectLevels("Natural world/*"))
	require.Equal(t, []string{"natural world"}, query.SubjectLevels("Natural world/"))
	require.Empty(t, query.SubjectLevels(""))
	require.Empty(t, query.SubjectLevels("*"))
}

func ExampleCompile() {
	c := plan.Constraints{
		TypeCodes: []string{"M"},
		Places:    []plan.Place{{Name: "Bath", Level: plan.LevelCity}},
		Status:    "open",
	}
	fmt.Println(query.Compile(c, 0))
	// Output: (and (type "M") (status open) (or (city "Bath") (town "Bath")))
}
