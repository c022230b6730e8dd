package qdrantstore

import (
	"slices"
	"testing"

	"github.com/qdrant/go-client/qdrant"
	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

func rng(gte, lte *float64) *qdrant.Range { return &qdrant.Range{Gte: gte, Lte: lte} }
func f64(v float64) *float64              { return &v }

func TestTranslate(t *testing.T) {
	eq := func(field string, v ...string) filter.Filter {
		return filter.Filter{Field: field, Op: filter.Eq, Values: v}
	}
	tests := []struct {
		name string
		in   filter.Set
		want *qdrant.Filter
		none bool // the set matches nothing; no request is made
	}{
		{name: "empty", in: nil, want: nil},
		{name: "eq text is a folded keyword", in: filter.Set{eq("country", " GB ")},
			want: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewMatchKeyword("fold.country", "gb")}}},
		{name: "eq non-ASCII folds", in: filter.Set{eq("city", "GÖTTINGEN")},
			want: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewMatchKeyword("fold.city", "göttingen")}}},
		{name: "eq with two values is any", in: filter.Set{eq("type", "MUSEUM", "Archive")},
			want: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewMatchKeywords("fold.type", "museum", "archive")}}},
		{name: "in", in: filter.Set{{Field: "size", Op: filter.In, Values: []string{"large", "HUGE", "Large"}}},
			want: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewMatchKeywords("fold.size", "large", "huge")}}},
		{name: "in with one value is a keyword", in: filter.Set{{Field: "type_code", Op: filter.In, Values: []string{"M"}}},
			want: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewMatchKeyword("fold.type_code", "m")}}},
		{name: "ne is must_not of eq", in: filter.Set{{Field: "country", Op: filter.Ne, Values: []string{"DE"}}},
			want: &qdrant.Filter{MustNot: []*qdrant.Condition{qdrant.NewMatchKeyword("fold.country", "de")}}},
		{name: "contains is match text", in: filter.Set{{Field: "subjects", Op: filter.Contains, Values: []string{" Railway "}}},
			want: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewMatchText("fold.subjects", "railway")}}},
		{name: "contains with two values is should", in: filter.Set{{Field: "member_of", Op: filter.Contains, Values: []string{"Trust", "Heritage"}}},
			want: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewFilterAsCondition(&qdrant.Filter{Should: []*qdrant.Condition{
				qdrant.NewMatchText("fold.member_of", "trust"), qdrant.NewMatchText("fold.member_of", "heritage"),
			}})}}},
		{name: "admin unit", in: filter.Set{eq("admin_area", "Kent (English County)")},
			want: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewMatchKeyword("fold.admin_area", "kent (english county)")}}},
		{name: "gte", in: filter.Set{{Field: "year_opened", Op: filter.Gte, Number: 1990}},
			want: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewRange("year_opened", rng(f64(1990), nil))}}},
		{name: "lte", in: filter.Set{{Field: "year_closed", Op: filter.Lte, Number: 2005.5}},
			want: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewRange("year_closed", rng(nil, f64(2005.5)))}}},
		{name: "gte and lte merge into one range", in: filter.Set{
			{Field: "year_opened", Op: filter.Gte, Number: 1990},
			{Field: "year_opened", Op: filter.Lte, Number: 1999},
			{Field: "year_opened", Op: filter.Gte, Number: 1980},
		}, want: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewRange("year_opened", rng(f64(1990), f64(1999)))}}},
		{name: "year eq is match integer", in: filter.Set{eq("year_opened", "1971")},
			want: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewMatchInt("year_opened", 1971)}}},
		{name: "year in drops fractions", in: filter.Set{{Field: "year_closed", Op: filter.In, Values: []string{"1990", "2001.5", " 2003 ", "1990"}}},
			want: &qdrant.Filter{Must: []*qdrant.Condition{qdrant.NewMatchInts("year_closed", 1990, 2003)}}},
		{name: "year ne", in: filter.Set{{Field: "year_opened", Op: filter.Ne, Values: []string{"1960"}}},
			want: &qdrant.Filter{MustNot: []*qdrant.Condition{qdrant.NewMatchInt("year_opened", 1960)}}},
		{name: "year ne on a fraction is no condition", in: filter.Set{{Field: "year_opened", Op: filter.Ne, Values: []string{"1960.5"}}},
			want: nil},
		{name: "combined, in set order", in: filter.Set{
			eq("country", "GB"),
			{Field: "status", Op: filter.Ne, Values: []string{"closed"}},
			{Field: "subjects", Op: filter.Eq, Values: []string{"Transport"}},
			{Field: "year_opened", Op: filter.Gte, Number: 1950},
			{Field: "admin_area", Op: filter.Contains, Values: []string{"Northumber"}},
			{Field: "year_opened", Op: filter.Lte, Number: 1970},
		}, want: &qdrant.Filter{
			Must: []*qdrant.Condition{
				qdrant.NewMatchKeyword("fold.country", "gb"),
				qdrant.NewMatchKeyword("fold.subjects", "transport"),
				qdrant.NewRange("year_opened", rng(f64(1950), f64(1970))),
				qdrant.NewMatchText("fold.admin_area", "northumber"),
			},
			MustNot: []*qdrant.Condition{qdrant.NewMatchKeyword("fold.status", "closed")},
		}},
		{name: "unknown key matches nothing", in: filter.Set{eq("country", "GB"), eq("foo", "x")}, none: true},
		{name: "name is not a filter key", in: filter.Set{eq("name", "x")}, none: true},
		{name: "unknown operator", in: filter.Set{{Field: "city", Op: "$regex", Values: []string{"^Y"}}}, none: true},
		{name: "range on a text key", in: filter.Set{{Field: "country", Op: filter.Gte, Number: 1}}, none: true},
		{name: "range NaN", in: filter.Set{{Field: "year_opened", Op: filter.Gte, Number: nan()}}, none: true},
		{name: "contains on a numeric key", in: filter.Set{{Field: "year_opened", Op: filter.Contains, Values: []string{"19"}}}, none: true},
		{name: "eq without values", in: filter.Set{{Field: "city", Op: filter.Eq}}, none: true},
		{name: "year eq on a fraction", in: filter.Set{eq("year_opened", "1960.5")}, none: true},
		{name: "year eq on text", in: filter.Set{eq("year_opened", "soon")}, none: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			orig := slices.Clone(tt.in)
			got, ok := Translate(tt.in)
			require.Equal(t, orig.String(), tt.in.String(), "Translate must not modify its input")
			if tt.none {
				require.False(t, ok)
				require.Nil(t, got)
				return
			}
			require.True(t, ok)
			if tt.want == nil {
				require.Nil(t, got)
				return
			}
			requireProto(t, tt.want, got)
		})
	}
}

func nan() float64 { var z float64; return z / z }

func TestPayloadFieldCoversEveryKey(t *testing.T) {
	for _, k := range filter.Keys {
		field, numeric, ok := payloadField(k)
		require.True(t, ok, k)
		require.Equal(t, k == "year_opened" || k == "year_closed", numeric, k)
		if !numeric {
			require.Equal(t, "fold."+k, field)
		}
	}
	_, _, ok := payloadField("foo")
	require.False(t, ok)
}

func embedded(t testing.TB) *heritage.Dataset { return testfixture.Dataset(t) }

// semanticSets are filter sets across every key and operator whose Qdrant
// translation, evaluated over the payloads, must select exactly the
// records filter.Set.Match selects.
var semanticSets = []string{
	`{"country":"gb"}`,
	`{"country":{"$ne":"GB"}}`,
	`{"type":["MUSEUM","archive"]}`,
	`{"type_code":{"$in":["L"]},"country":"DE"}`,
	`{"id":{"$in":["mm:mm.domus.SC277","ROR:000KSAF46"]}}`,
	`{"region":"scotland","size":["large","huge"]}`,
	`{"region_code":"GB-WLS"}`,
	`{"subregion":"North East"}`,
	`{"county":"Kent"}`,
	`{"district":{"$contains":"shire"}}`,
	`{"city":"York"}`,
	`{"city":{"$contains":"ING"}}`,
	`{"governance":"local authority"}`,
	`{"governance_code":{"$contains":"trust"}}`,
	`{"accreditation":"Accredited","status":{"$ne":"closed"}}`,
	`{"status":"closed"}`,
	`{"source":"ror"}`,
	`{"tier":"tier_1_authoritative"}`,
	`{"isil":{"$contains":"DE-"}}`,
	`{"isil":{"$ne":"x"}}`,
	`{"wikidata":"q73668947"}`,
	`{"city":"MÜHLHAUSEN"}`,
	`{"city":{"$contains":"ühl"}}`,
	`{"ghcid":{"$contains":"-M-"}}`,
	`{"admin_area":"Kent"}`,
	`{"admin_area":"Kent (English County)"}`,
	`{"admin_area":["Wales","Northern Ireland"]}`,
	`{"admin_area":{"$contains":"Northumber"}}`,
	`{"admin_area":{"$ne":"England"}}`,
	`{"subjects":"Transport"}`,
	`{"subjects":{"$contains":"railway"}}`,
	`{"subjects":{"$ne":"War and conflict"}}`,
	`{"subjects":["Arts / Music","Rural industry"]}`,
	`{"member_of":"National Trust"}`,
	`{"member_of":{"$contains":"heritage"}}`,
	`{"member_of":{"$ne":"National Trust"},"country":"GB"}`,
	`{"year_opened":{"$gte":1990,"$lte":1999}}`,
	`{"year_opened":1971}`,
	`{"year_opened":{"$lte":1901}}`,
	`{"year_opened":{"$ne":1971}}`,
	`{"year_closed":{"$gte":0}}`,
	`{"year_closed":[2005,2010,2015.5]}`,
	`{"year_closed":{"$lte":2000},"type":"MUSEUM","region":"England"}`,
	`{"city":""}`,
	`{"city":{"$contains":""}}`,
	`{"country":"GB","subjects":{"$contains":"war"},"year_opened":{"$gte":1950},"status":{"$ne":"closed"}}`,
}

// TestTranslateMatchesFilterSemantics checks the translation and the
// payload together against filter.Set.Match over the whole embedded
// dataset: the Qdrant filter, evaluated with Qdrant's semantics over each
// record's payload, passes exactly the records Match passes.
func TestTranslateMatchesFilterSemantics(t *testing.T) {
	testfixture.SkipUnderRace(t)
	ds := embedded(t)
	payloads := make([]map[string]*qdrant.Value, len(ds.Institutions))
	for i := range ds.Institutions {
		payloads[i] = payload(&ds.Institutions[i])
	}
	for _, src := range semanticSets {
		t.Run(src, func(t *testing.T) {
			fs, err := filter.Parse([]byte(src))
			require.NoError(t, err)
			qf, ok := Translate(fs)
			t.Logf("%d records pass", requireSameRecords(t, ds, payloads, fs, qf, ok))
		})
	}
}

// requireSameRecords requires the Qdrant filter qf (none when !ok) to
// pass, evaluated on each record's payload, exactly the records fs
// matches, and returns how many pass.
func requireSameRecords(t *testing.T, ds *heritage.Dataset, payloads []map[string]*qdrant.Value, fs filter.Set, qf *qdrant.Filter, ok bool) int {
	t.Helper()
	want, got := 0, 0
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		pass := false
		if ok {
			var err error
			pass, err = evalFilter(qf, payloads[i])
			require.NoError(t, err)
		}
		m := fs.Match(in)
		require.Equal(t, m, pass, "record %s", in.ID)
		if m {
			want++
		}
		if pass {
			got++
		}
	}
	require.Equal(t, want, got)
	return got
}
