package query_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/query"
)

func TestFieldMatch(t *testing.T) {
	rec := new(heritage.Record{
		ID: "mm:x", Country: "GB", City: "Göttingen", Status: "closed",
		AdminArea:  "/England/North East (English Region)/Northumberland (English District or Borough)",
		Subjects:   []string{"Transport / Trains and railways"},
		MemberOf:   []heritage.Membership{{Name: "Woodhorn Trust", NameInSource: "the Woodhorn Trust", Until: "2001"}},
		YearOpened: "1960:2017", YearClosed: "2005",
	}.Institution())
	is := func(key string, v ...string) query.Field { return query.Field{Key: key, Op: query.FieldIs, Values: v} }
	contains := func(key string, v ...string) query.Field {
		return query.Field{Key: key, Op: query.FieldContains, Values: v}
	}
	span := func(key string, lo, hi float64) query.Field {
		return query.Field{Key: key, Op: query.FieldRange, Min: lo, Max: hi}
	}
	inf := math.Inf(1)
	var ctx query.EvalContext // Field reads the record alone
	cases := []struct {
		f    query.Field
		want bool
	}{
		{is("country", " gb "), true},
		{is("country", "DE", "GB"), true},
		{is("city", "GÖTTINGEN"), true},
		{is("region"), false}, // no value
		{is("region", ""), false},
		{contains("city", "TTIN"), true},
		{contains("city", ""), true},
		{contains("region", ""), false}, // the record has no region
		{is("admin_area", "Northumberland"), true},
		{is("admin_area", "north east (english region)"), true},
		{is("admin_area", "England/North East (English Region)/Northumberland (English District or Borough)"), true},
		{is("admin_area", "English Region"), false},
		{contains("admin_area", "east (eng"), true},
		{is("subjects", "transport"), true},
		{is("subjects", "Trains and railways"), false},
		{contains("subjects", "RAIL"), true},
		{is("member_of", "the woodhorn trust"), true}, // as in the source; ended too
		{contains("member_of", "horn"), true},
		{is("year_opened", "1960"), true},
		{is("year_opened", " 1960.0 "), true},
		{is("year_opened", "2017"), false}, // the first year of the range
		{is("year_opened", "soon"), false},
		{span("year_opened", 1950, 1960), true},
		{span("year_opened", 1961, inf), false},
		{span("year_closed", -inf, 2005), true},
		{span("year_closed", math.NaN(), inf), false},
		{span("country", -inf, inf), false},    // a range on text
		{contains("year_opened", "19"), false}, // a part of a number
		{is("name", "x"), false},               // no such key
		{query.Field{Key: "country", Op: "like", Values: []string{"GB"}}, false},
	}
	for _, tc := range cases {
		require.Equal(t, tc.want, tc.f.Match(rec, ctx), "%s", tc.f)
	}
	require.Equal(t, `(field country is "GB")`, is("country", "GB").String())
	require.Equal(t, "(field year_opened range 1990 +Inf)", span("year_opened", 1990, inf).String())
	for _, k := range query.FieldKeys {
		require.True(t, query.KnownField(k), k)
	}
	require.IsNonDecreasing(t, query.FieldKeys)
}

func TestSubjectKeys(t *testing.T) {
	prefixes, exact := query.SubjectKeys([]string{"Natural world / Geology", " Transport/ Trains ", "Natural World", "a/"})
	require.Equal(t, []string{"a", "a/", "natural world", "natural world/geology", "transport", "transport/trains"}, prefixes)
	require.Equal(t, []string{"a/", "natural world", "natural world/geology", "transport/trains"}, exact)
	k, ok := query.Subject{Levels: query.SubjectLevels("Natural world/*")}.Key()
	require.True(t, ok)
	require.Equal(t, "natural world", k)
	_, ok = query.Subject{}.Key()
	require.False(t, ok, "no levels")
	_, ok = query.Subject{Levels: []string{"a/b"}}.Key()
	require.False(t, ok, "no level of a record's subject holds a slash")
}

func TestKindAndLeaves(t *testing.T) {
	e := query.And{
		query.Type{Codes: []string{"M"}},
		query.Or{query.Place{Level: query.LevelCity, Name: "York"}, query.Not{X: query.MemberOf{Body: "Tate"}}},
		query.Type{Codes: []string{"L"}},
		query.Subject{Levels: []string{"transport"}},
		query.Field{Key: "country", Op: query.FieldIs},
	}
	require.Equal(t, "and", query.Kind(e))
	require.Equal(t, []string{"type", "place:city", "member", "subject:exact", "field:country"}, query.Leaves(e))
	require.Equal(t, []string{"const"}, query.Leaves(query.True))
}
