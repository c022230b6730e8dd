package qdrantstore

import (
	"sync"
	"testing"

	"github.com/qdrant/go-client/qdrant"
	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/query"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

func TestTranslateExpr(t *testing.T) {
	kent := query.Place{Level: query.LevelAdmin, Name: "Kent", AdminLevel: "English County"}
	member := query.MemberOf{Body: "National Trust"}
	tests := []struct {
		name string
		in   query.Expr
		want *qdrant.Filter
		none bool
		post query.And
	}{
		{name: "true", in: query.True},
		{name: "false", in: query.False, none: true},
		{name: "empty or", in: query.Or{}, none: true},
		{name: "type folds and trims", in: query.Type{Codes: []string{" M ", "l", " "}},
			want: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewMatchKeywords("fold.type_code", "m", "l")}}},
		{name: "type of blank codes", in: query.Type{Codes: []string{" "}}, none: true},
		{name: "place", in: kent,
			want: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewMatchKeyword("sel.place_keys", "admin\x00kent\x00english county")}}},
		{name: "place of no level", in: query.Place{Level: "planet", Name: "Mars"}, none: true},
		{name: "open", in: query.StatusOpen,
			want: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewFilterAsCondition(&qdrant.Filter{
				MustNot: []*qdrant.Condition{qdrant.NewMatchBool("sel.closed", true)}})}}},
		{name: "a top-level not is must_not", in: query.And{query.Not{X: kent}, query.Subject{Levels: []string{"transport"}}},
			want: &qdrant.Filter{
				Must:    []*qdrant.Condition{qdrant.NewMatchKeyword("sel.subjects_exact", "transport")},
				MustNot: []*qdrant.Condition{qdrant.NewMatchKeyword("sel.place_keys", "admin\x00kent\x00english county")},
			}},
		{name: "not false is dropped", in: query.And{query.Not{X: query.False}, query.True}},
		{name: "not true is none", in: query.And{query.Not{X: query.True}, kent}, none: true},
		{name: "years", in: query.YearRange{Field: "closed", From: 1980, To: 1989},
			want: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewFilterAsCondition(&qdrant.Filter{Must: []*qdrant.Condition{
				qdrant.NewRange("sel.closed_to", rng(nil, f64(1989))), qdrant.NewRange("year_closed", rng(f64(1980), nil)),
			}})}}},
		{name: "years known", in: query.YearRange{Field: "opened"},
			want: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewFilterAsCondition(&qdrant.Filter{
				MustNot: []*qdrant.Condition{qdrant.NewIsEmpty("sel.opened_to")}})}}},
		{name: "subject with a slash in a level", in: query.Subject{Levels: []string{"a/b"}, Narrower: true}, none: true},
		{name: "members are post-filtered", in: query.And{query.Type{Codes: []string{"M"}}, member},
			want: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewMatchKeywords("fold.type_code", "m")}},
			post: query.And{member}},
		{name: "an or with a member is post-filtered whole", in: query.Or{kent, member}, post: query.And{query.Or{kent, member}}},
		{name: "radius is post-filtered", in: query.Radius{Lat: 51, Lon: 0, Km: 5}, post: query.And{query.Radius{Lat: 51, Lon: 0, Km: 5}}},
		{name: "a filter field", in: query.Field{Key: "country", Op: query.FieldIs, Values: []string{"GB"}},
			want: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewMatchKeyword("fold.country", "gb")}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := TranslateExpr(tt.in)
			require.Equal(t, tt.none, got.None)
			require.Equal(t, tt.post, got.Post)
			if tt.none || tt.want == nil {
				require.Nil(t, got.Filter)
				return
			}
			requireProto(t, tt.want, got.Filter)
		})
	}
}

var (
	pointPayloadsOnce sync.Once
	pointPayloads     []map[string]*qdrant.Value
)

// exprCases are expressions over every predicate, nested, with values
// that only fold to the stored ones and values no record has.
func exprCases(t *testing.T) []query.Expr {
	kent := plan.Place{Name: "Kent", Level: plan.LevelAdmin, AdminLevel: "English County"}
	constraints := []plan.Constraints{
		{Places: []plan.Place{{Name: "kent", Level: plan.LevelAdmin}}},
		{Places: []plan.Place{{Name: "EDINBURGH", Level: plan.LevelCity}}, TypeCodes: []string{" m "}},
		{Places: []plan.Place{{Name: "Dover", Level: plan.LevelCity, Area: "English District"}}},
		{Places: []plan.Place{{Name: "Nuremberg", Level: plan.LevelCity}}},
		{Places: []plan.Place{{Name: "nl", Level: plan.LevelCountry}}, TypeCodes: []string{"L", "A"}},
		{Places: []plan.Place{kent, {Name: "Devon", Level: plan.LevelCounty}, {Name: "Wales", Level: plan.LevelRegion}}},
		{Places: []plan.Place{{Name: "South West", Level: plan.LevelSubregion}}, Status: "closed"},
		{Places: []plan.Place{{Name: "Leeds", Level: plan.LevelDistrict}}},
		{Places: []plan.Place{{Name: "Newark", Level: plan.LevelCity}}, NearPlace: true},
		{Subjects: []string{"Natural world/*"}, Places: []plan.Place{kent}},
		{Subjects: []string{"  war and conflict ", "", "*"}},
		{GovernanceCodes: []string{"government-local_authority"}, Status: "open"},
		{Accreditation: "ACCREDITED", Sizes: []string{"Large"}},
		{Sizes: []string{"", "small"}},
		{Years: &plan.YearRange{Field: "closed", From: 1990, To: 2005}},
		{Years: &plan.YearRange{Field: "opened", To: 1900}, Places: []plan.Place{{Name: "Scotland", Level: plan.LevelRegion}}},
		{Years: &plan.YearRange{Field: "renamed", To: 1900}},
		{All: true, TypeCodes: []string{"G"}},
		{Bodies: []plan.Body{{Name: "National Trust", Relation: "operated_by"}}, Status: "open"},
		{Bodies: []plan.Body{{Name: "national museums scotland"}}, Relation: "part_of"},
		{Bodies: []plan.Body{{Name: "Museum Nord", IDs: []string{"ror:05x9p3f75"}}}},
		{Bodies: []plan.Body{{Name: "Tate Group"}}},
		{Bodies: []plan.Body{{Name: "National Trust"}}, Places: []plan.Place{{Name: "Devon", Level: plan.LevelAdmin}}, Status: "open"},
		{Names: []plan.NameMatch{{Name: "Derby Museum And Art Gallery"}}, Relation: "houses"},
		{Names: []plan.NameMatch{{Name: "Museum Nord"}}, Relation: "has_part"},
		{Names: []plan.NameMatch{{IDs: []string{"ror:05x9p3f75"}}}, Relation: "related"},
		{Names: []plan.NameMatch{{Name: "No Such Place"}}, Relation: "part_of"},
	}
	var out []query.Expr
	for _, c := range constraints {
		for _, m := range []query.PlaceMatch{query.Stated, query.Derived, query.Near} {
			out = append(out, query.CompileMatching(c, 0, m))
		}
		if len(c.Bodies) > 0 || len(c.Names) > 0 {
			out = append(out, query.Compile(c, 1990), query.Compile(c, 2020))
		}
	}
	var fields []query.Expr
	for _, src := range semanticSets {
		fs, err := filter.Parse([]byte(src))
		require.NoError(t, err)
		fields = append(fields, fs.Expr())
	}
	out = append(out, fields...)
	return append(out,
		query.Accreditation{},
		query.Subject{Levels: query.SubjectLevels("Transport / Trains and railways")},
		query.Subject{Levels: query.SubjectLevels("Transport")},
		query.IDs{"mm:mm.domus.SC277", "ror:000ksaf46", "no:such"},
		query.Not{X: query.Or{query.Type{Codes: []string{"M"}}, query.StatusClosed}},
		query.Or{query.And{query.Size{Values: []string{"large"}}, query.Not{X: query.Place{Level: query.LevelCountry, Name: "GB"}}},
			query.YearRange{Field: "opened", From: 1990}},
		query.Not{X: query.And{fields[0], fields[len(fields)-1]}},
		query.Or{fields[1], query.Not{X: fields[2]}},
		query.Not{X: query.Accreditation{Value: "accredited"}},
	)
}

// TestTranslateExprMatchesEvaluator checks the translation and the
// payload together against the reference evaluator over the whole
// embedded dataset: the Qdrant filter, evaluated with Qdrant's semantics
// over each record's payload, pass exactly the records query.Select
// selects; with the dataset's look-ups (TranslateIn) none of them needs a
// post-filter.
func TestTranslateExprMatchesEvaluator(t *testing.T) {
	testfixture.SkipUnderRace(t)
	ds := embedded(t)
	ctx := query.NewContext(ds)
	pointPayloadsOnce.Do(func() {
		for i := range ds.Institutions {
			pointPayloads = append(pointPayloads, pointPayload(ds, &ds.Institutions[i]))
		}
	})
	// go test -short (the test command) reads every fourth record
	step := 1
	if testing.Short() {
		step = 4
	}
	cases, nonEmpty := exprCases(t), 0
	for _, e := range cases {
		var want, got []string
		tr := TranslateIn(e, ctx)
		require.Empty(t, tr.Post, "%s", e)
		for i := 0; i < len(ds.Institutions); i += step {
			in := &ds.Institutions[i]
			if e.Match(in, ctx) {
				want = append(want, in.ID)
			}
			if tr.None {
				continue
			}
			pass, err := evalFilter(tr.Filter, pointPayloads[i])
			require.NoError(t, err, "%s", e)
			if pass {
				got = append(got, in.ID)
			}
		}
		require.Equal(t, want, got, "%s", e)
		if len(want) > 0 {
			nonEmpty++
		}
	}
	t.Logf("%d expressions, %d select something", len(cases), nonEmpty)
	require.Greater(t, nonEmpty, len(cases)/2)
}
