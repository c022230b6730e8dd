package filter

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/query"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want Set
	}{
		{"empty", ``, nil},
		{"null", `null`, nil},
		{"empty object", `{}`, nil},
		{"scalar string is eq", `{"country":"GB"}`, Set{{Field: "country", Op: Eq, Values: []string{"GB"}}}},
		{"scalar number is eq", `{"year_opened":1971}`, Set{{Field: "year_opened", Op: Eq, Values: []string{"1971"}}}},
		{"list is in", `{"type":["MUSEUM",  "ARCHIVE"]}`, Set{{Field: "type", Op: In, Values: []string{"MUSEUM", "ARCHIVE"}}}},
		{"list of numbers", `{"year_closed":[1990,2001.5]}`, Set{{Field: "year_closed", Op: In, Values: []string{"1990", "2001.5"}}}},
		{"explicit ops", `{"city":{"$eq":"York"},"country":{"$ne":"DE"},"type":{"$in":["M"]},"subjects":{"$contains":"rail"}}`, Set{
			{Field: "city", Op: Eq, Values: []string{"York"}},
			{Field: "country", Op: Ne, Values: []string{"DE"}},
			{Field: "subjects", Op: Contains, Values: []string{"rail"}},
			{Field: "type", Op: In, Values: []string{"M"}},
		}},
		{"range on one key, ops in fixed order", `{"year_opened":{"$lte":1999,"$gte":1990}}`, Set{
			{Field: "year_opened", Op: Gte, Number: 1990},
			{Field: "year_opened", Op: Lte, Number: 1999},
		}},
		{"keys sorted", `{"z_unknown":"a","country":"GB","admin_area":"Kent"}`, Set{
			{Field: "admin_area", Op: Eq, Values: []string{"Kent"}},
			{Field: "country", Op: Eq, Values: []string{"GB"}},
			{Field: "z_unknown", Op: Eq, Values: []string{"a"}},
		}},
		{"unknown key may use ranges", `{"foo":{"$gte":3}}`, Set{{Field: "foo", Op: Gte, Number: 3}}},
		{"numeric text on numeric key", `{"year_opened":"1971"}`, Set{{Field: "year_opened", Op: Eq, Values: []string{"1971"}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse([]byte(tt.in))
			require.NoError(t, err)
			require.Equal(t, tt.want, got)
		})
	}
}

func TestParseDeterministic(t *testing.T) {
	a, err := Parse([]byte(`{"b":{"$lte":2,"$gte":1},"a":"x","c":["1","2"]}`))
	require.NoError(t, err)
	b, err := Parse([]byte(`{"c":["1","2"],"a":"x","b":{"$gte":1,"$lte":2}}`))
	require.NoError(t, err)
	require.Equal(t, a, b)
	require.Equal(t, a.String(), b.String())
	require.Equal(t, `a $eq ["x"] AND b $gte 1 AND b $lte 2 AND c $in ["1" "2"]`, a.String())
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, in, wantKey, wantMsg string
	}{
		{"not an object", `["a"]`, "", "JSON object"},
		{"bad json", `{"a":`, "", "JSON object"},
		{"empty key", `{"":"x"}`, "", "empty key"},
		{"blank key", `{"  ":"x"}`, "", "empty key"},
		{"nested object", `{"member_of":{"name":"National Trust"}}`, `"member_of"`, "nested object"},
		{"unknown op", `{"city":{"$regex":"^Y"}}`, `"city"`, `unknown operator "$regex"`},
		{"empty op object", `{"city":{}}`, `"city"`, "empty operator object"},
		{"bool scalar", `{"status":true}`, `"status"`, "got a boolean"},
		{"null scalar", `{"status":null}`, `"status"`, "got null"},
		{"gte string", `{"year_opened":{"$gte":"1990"}}`, `"year_opened"`, "$gte needs a number, got a string"},
		{"lte list", `{"year_opened":{"$lte":[1990]}}`, `"year_opened"`, "$lte needs a number, got a list"},
		{"in scalar", `{"type":{"$in":"MUSEUM"}}`, `"type"`, "$in needs a list"},
		{"in empty", `{"type":[]}`, `"type"`, "non-empty list"},
		{"in nested list", `{"type":[["M"]]}`, `"type"`, "item 0 must be a string or number, got a list"},
		{"in object item", `{"type":{"$in":["M",{"a":1}]}}`, `"type"`, "item 1 must be a string or number, got an object"},
		{"eq object", `{"city":{"$eq":{"a":1}}}`, `"city"`, "$eq needs a string or number, got an object"},
		{"contains list", `{"subjects":{"$contains":["a"]}}`, `"subjects"`, "$contains needs a string or number"},
		{"range on text field", `{"country":{"$gte":1}}`, `"country"`, "numeric field"},
		{"contains on numeric field", `{"year_opened":{"$contains":"19"}}`, `"year_opened"`, "text field"},
		{"text on numeric field", `{"year_closed":"soon"}`, `"year_closed"`, `needs a number, got "soon"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse([]byte(tt.in))
			require.Error(t, err)
			require.ErrorIs(t, err, ErrInvalid)
			require.Nil(t, got)
			require.Contains(t, err.Error(), tt.wantKey)
			require.Contains(t, err.Error(), tt.wantMsg)
		})
	}
}

func TestValidate(t *testing.T) {
	require.NoError(t, Set{{Field: "country", Op: Eq, Values: []string{"GB"}}}.Validate())
	require.ErrorIs(t, Set{{Field: "country", Op: "$like", Values: []string{"GB"}}}.Validate(), ErrInvalid)
	require.ErrorIs(t, Set{{Field: "country", Op: Eq}}.Validate(), ErrInvalid)
	require.ErrorIs(t, Set{{Field: "country", Op: In}}.Validate(), ErrInvalid)
	require.ErrorIs(t, Set{{Op: Eq, Values: []string{"x"}}}.Validate(), ErrInvalid)
}

func TestKeyIsCanonical(t *testing.T) {
	a := Set{{Field: "country", Op: Eq, Values: []string{"GB"}}, {Field: "type", Op: In, Values: []string{"MUSEUM", "ARCHIVE"}}}
	b := Set{{Field: "type", Op: In, Values: []string{"ARCHIVE", "MUSEUM"}}, {Field: "country", Op: Eq, Values: []string{"GB"}}}
	require.Equal(t, a.Key(), b.Key())
	for _, other := range []Set{
		{{Field: "country", Op: Eq, Values: []string{"GB"}}},
		{{Field: "country", Op: Ne, Values: []string{"GB"}}, {Field: "type", Op: In, Values: []string{"MUSEUM", "ARCHIVE"}}},
		{{Field: "country", Op: Eq, Values: []string{"GB", "IE"}}, {Field: "type", Op: In, Values: []string{"MUSEUM", "ARCHIVE"}}},
		{{Field: "year_opened", Op: Gte, Number: 1990}},
	} {
		require.NotEqual(t, a.Key(), other.Key(), other.String())
	}
	require.NotEqual(t, Set{{Field: "year_opened", Op: Gte, Number: 1990}}.Key(), Set{{Field: "year_opened", Op: Gte, Number: 1991}}.Key())
	require.Empty(t, Set(nil).Key())
}

func TestKeysSortedAndKnown(t *testing.T) {
	require.True(t, slices.IsSorted(Keys))
	for _, k := range Keys {
		require.True(t, Known(k), k)
	}
	require.False(t, Known("foo"))
	require.False(t, Known("name"))
}

func museum() *heritage.Institution {
	return new(heritage.Record{
		ID: "mm:domus.NE043", GHCID: "GB-ENG-MOR-M-MCBM", Name: "Morpeth Chantry Bagpipe Museum",
		Type: "MUSEUM", TypeCode: "M", Country: "GB", Region: "England", RegionCode: "GB-ENG",
		Subregion: "North East", County: "North East", District: "Northumberland", City: "Morpeth",
		AdminArea:  "/England/North East (English Region)/North East (English CA)/Northumberland (English District or Borough)",
		Governance: "local authority", GovernanceCode: "Government-Local_Authority",
		Accreditation: "Accredited", Size: "large", Status: "open",
		YearOpened: "1960:2017", YearClosed: "9999:9999",
		Subjects: []string{"Arts / Music", "Transport / Trains and railways"},
		MemberOf: []heritage.Membership{{Name: "Woodhorn Charitable Trust", NameInSource: "the Woodhorn Charitable Trust", Relation: "operated_by"}},
		Source:   "mapping_museums", Tier: heritage.TierVerified,
	}.Institution())
}

func TestMatch(t *testing.T) {
	m := museum()
	closed := museum()
	closed.SetText(heritage.FieldStatus, "closed")
	closed.SetText(heritage.FieldYearClosed, "2005:2010")
	ror := &heritage.Institution{
		ID: "ror:x", Name: "R", Type: "ARCHIVE", Country: "US", Tier: heritage.TierAuthoritative, ISIL: "US-X", Wikidata: "Q1",
		Events: []heritage.Event{{Type: "founded", Date: "1901"}},
	}
	tests := []struct {
		name   string
		filter Filter
		in     *heritage.Institution
		want   bool
	}{
		{"eq case-insensitive", Filter{Field: "country", Op: Eq, Values: []string{"gb"}}, m, true},
		{"eq miss", Filter{Field: "country", Op: Eq, Values: []string{"DE"}}, m, false},
		{"eq trims operand", Filter{Field: "city", Op: Eq, Values: []string{" morpeth "}}, m, true},
		{"ne", Filter{Field: "country", Op: Ne, Values: []string{"DE"}}, m, true},
		{"ne miss", Filter{Field: "country", Op: Ne, Values: []string{"GB"}}, m, false},
		{"ne on missing value", Filter{Field: "isil", Op: Ne, Values: []string{"X"}}, m, true},
		{"eq on missing value", Filter{Field: "isil", Op: Eq, Values: []string{""}}, m, false},
		{"in", Filter{Field: "type", Op: In, Values: []string{"ARCHIVE", "museum"}}, m, true},
		{"in miss", Filter{Field: "type", Op: In, Values: []string{"ARCHIVE", "LIBRARY"}}, m, false},
		{"contains text", Filter{Field: "governance_code", Op: Contains, Values: []string{"local_auth"}}, m, true},
		{"contains miss", Filter{Field: "governance_code", Op: Contains, Values: []string{"trust"}}, m, false},
		{"tier", Filter{Field: "tier", Op: Eq, Values: []string{"tier_2_verified"}}, m, true},
		{"type_code", Filter{Field: "type_code", Op: Eq, Values: []string{"m"}}, m, true},
		{"ghcid", Filter{Field: "ghcid", Op: Eq, Values: []string{"GB-ENG-MOR-M-MCBM"}}, m, true},
		{"id", Filter{Field: "id", Op: In, Values: []string{"mm:domus.NE043"}}, m, true},
		{"isil", Filter{Field: "isil", Op: Eq, Values: []string{"us-x"}}, ror, true},
		{"wikidata", Filter{Field: "wikidata", Op: Eq, Values: []string{"q1"}}, ror, true},
		{"region_code", Filter{Field: "region_code", Op: Eq, Values: []string{"GB-ENG"}}, m, true},
		{"subregion", Filter{Field: "subregion", Op: Eq, Values: []string{"north east"}}, m, true},
		{"district", Filter{Field: "district", Op: Eq, Values: []string{"Northumberland"}}, m, true},
		{"county", Filter{Field: "county", Op: Eq, Values: []string{"Northumberland"}}, m, false},
		{"governance", Filter{Field: "governance", Op: Eq, Values: []string{"Local Authority"}}, m, true},
		{"accreditation", Filter{Field: "accreditation", Op: Eq, Values: []string{"accredited"}}, m, true},
		{"size", Filter{Field: "size", Op: In, Values: []string{"large", "huge"}}, m, true},
		{"status", Filter{Field: "status", Op: Eq, Values: []string{"open"}}, m, true},
		{"source", Filter{Field: "source", Op: Eq, Values: []string{"mapping_museums"}}, m, true},
		{"region", Filter{Field: "region", Op: Eq, Values: []string{"England"}}, m, true},

		{"admin unit name", Filter{Field: "admin_area", Op: Eq, Values: []string{"northumberland"}}, m, true},
		{"admin unit with level", Filter{Field: "admin_area", Op: Eq, Values: []string{"Northumberland (English District or Borough)"}}, m, true},
		{"admin nation", Filter{Field: "admin_area", Op: In, Values: []string{"Wales", "England"}}, m, true},
		{"admin whole path", Filter{Field: "admin_area", Op: Eq, Values: []string{m.AdminArea()}}, m, true},
		{"admin partial name is not a unit", Filter{Field: "admin_area", Op: Eq, Values: []string{"Northumber"}}, m, false},
		{"admin contains", Filter{Field: "admin_area", Op: Contains, Values: []string{"Northumber"}}, m, true},
		{"admin ne", Filter{Field: "admin_area", Op: Ne, Values: []string{"Kent"}}, m, true},
		{"admin missing", Filter{Field: "admin_area", Op: Contains, Values: []string{"a"}}, ror, false},

		{"subject exact", Filter{Field: "subjects", Op: Eq, Values: []string{"arts / music"}}, m, true},
		{"subject broader level", Filter{Field: "subjects", Op: Eq, Values: []string{"Transport"}}, m, true},
		{"subject partial word is not a level", Filter{Field: "subjects", Op: Eq, Values: []string{"Trans"}}, m, false},
		{"subject in", Filter{Field: "subjects", Op: In, Values: []string{"War and conflict", "Arts"}}, m, true},
		{"subject contains", Filter{Field: "subjects", Op: Contains, Values: []string{"RAILWAY"}}, m, true},
		{"subject ne", Filter{Field: "subjects", Op: Ne, Values: []string{"Arts"}}, m, false},
		{"subject missing", Filter{Field: "subjects", Op: Contains, Values: []string{"a"}}, ror, false},

		{"member name", Filter{Field: "member_of", Op: Eq, Values: []string{"woodhorn charitable trust"}}, m, true},
		{"member name in source", Filter{Field: "member_of", Op: Eq, Values: []string{"The Woodhorn Charitable Trust"}}, m, true},
		{"member contains", Filter{Field: "member_of", Op: Contains, Values: []string{"Woodhorn"}}, m, true},
		{"member miss", Filter{Field: "member_of", Op: Eq, Values: []string{"National Trust"}}, m, false},
		{"member ne", Filter{Field: "member_of", Op: Ne, Values: []string{"National Trust"}}, m, true},

		{"opened lower bound gte", Filter{Field: "year_opened", Op: Gte, Number: 1960}, m, true},
		{"opened lower bound lte", Filter{Field: "year_opened", Op: Lte, Number: 1960}, m, true},
		{"opened not upper bound", Filter{Field: "year_opened", Op: Gte, Number: 1961}, m, false},
		{"opened eq", Filter{Field: "year_opened", Op: Eq, Values: []string{"1960"}}, m, true},
		{"opened in", Filter{Field: "year_opened", Op: In, Values: []string{"1959", "1960"}}, m, true},
		{"opened ne", Filter{Field: "year_opened", Op: Ne, Values: []string{"1960"}}, m, false},
		{"opened from founded event", Filter{Field: "year_opened", Op: Lte, Number: 1901}, ror, true},
		{"still open has no closing year", Filter{Field: "year_closed", Op: Gte, Number: 0}, m, false},
		{"still open 9999 eq", Filter{Field: "year_closed", Op: Eq, Values: []string{"9999"}}, m, false},
		{"closed lower bound", Filter{Field: "year_closed", Op: Lte, Number: 2005}, closed, true},
		{"closed gte", Filter{Field: "year_closed", Op: Gte, Number: 2006}, closed, false},
		{"no years", Filter{Field: "year_closed", Op: Lte, Number: 3000}, ror, false},

		{"unknown key matches nothing", Filter{Field: "foo", Op: Eq, Values: []string{"x"}}, m, false},
		{"range on text field matches nothing", Filter{Field: "country", Op: Gte, Number: 1}, m, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, tt.filter.Match(tt.in))
			require.Equal(t, tt.want, Set{tt.filter}.Match(tt.in))
		})
	}
}

func TestSetMatchIsConjunction(t *testing.T) {
	m := museum()
	s, err := Parse([]byte(`{"country":"GB","year_opened":{"$gte":1950,"$lte":1970},"subjects":"Arts"}`))
	require.NoError(t, err)
	require.True(t, s.Match(m))
	s, err = Parse([]byte(`{"country":"GB","year_opened":{"$gte":1950,"$lte":1959}}`))
	require.NoError(t, err)
	require.False(t, s.Match(m))
	require.True(t, Set(nil).Match(m))
}

func TestMatchNonASCIIFold(t *testing.T) {
	in := &heritage.Institution{City: "Göttingen", Name: "x"}
	require.True(t, Filter{Field: "city", Op: Eq, Values: []string{"GÖTTINGEN"}}.Match(in))
	require.True(t, Filter{Field: "city", Op: Contains, Values: []string{"TTINGEN"}}.Match(in))
	require.True(t, Filter{Field: "city", Op: Contains, Values: []string{"gö"}}.Match(in))
	require.False(t, Filter{Field: "city", Op: Contains, Values: []string{"go"}}.Match(in))
}

func TestMatchEmbeddedDataset(t *testing.T) {
	ds := testfixture.Dataset(t)
	count := func(js string) int {
		s, err := Parse([]byte(js))
		require.NoError(t, err)
		n := 0
		for i := range ds.Institutions {
			if s.Match(&ds.Institutions[i]) {
				n++
			}
		}
		return n
	}
	// Counts from the dataset README statistics.
	require.Equal(t, 10875, count(`{"country":"DE"}`))
	require.Equal(t, 4191, count(`{"source":{"$contains":"mapping"}}`))
	require.Equal(t, 1720, count(`{"accreditation":"Accredited"}`))
	require.Equal(t, 12, count(`{"size":"huge"}`))
	require.Equal(t, 10796, count(`{"type":"MUSEUM"}`))
	require.Equal(t, 1013+4273, count(`{"type":["ARCHIVE","library"]}`))
	require.Equal(t, 16286-10875, count(`{"country":{"$ne":"DE"}}`))
	require.Equal(t, 3163, count(`{"admin_area":"England"}`))
	require.Equal(t, 185, count(`{"member_of":"National Trust"}`))
	// 847 closing events, two of them (ROR inactive records) undated.
	require.Equal(t, 845, count(`{"year_closed":{"$gte":0}}`))
}

func BenchmarkSetMatch(b *testing.B) {
	ds := testfixture.Dataset(b)
	s, err := Parse([]byte(`{"country":"GB","admin_area":"Kent","year_opened":{"$gte":1950}}`))
	require.NoError(b, err)
	b.ResetTimer()
	for b.Loop() {
		for i := range ds.Institutions {
			s.Match(&ds.Institutions[i])
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ds.Institutions)), "ns/record")
}

// BenchmarkSetMatchLegFilters matches the filters the pipeline gives the
// vector leg of a place question: a type and a place with its level.
func BenchmarkSetMatchLegFilters(b *testing.B) {
	ds := testfixture.Dataset(b)
	s := Set{
		{Field: "type_code", Op: In, Values: []string{"M", "G"}},
		{Field: "admin_area", Op: Contains, Values: []string{"Kent (English County)"}},
	}
	b.ReportAllocs()
	for b.Loop() {
		for i := range ds.Institutions {
			s.Match(&ds.Institutions[i])
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ds.Institutions)), "ns/record")
}

// TestExprIsMatch checks the translation into the query algebra: the
// expression of a set, ranges merged, selects over the embedded dataset
// the records Set.Match selects.
func TestExprIsMatch(t *testing.T) {
	ds := testfixture.Dataset(t)
	var ctx query.EvalContext // Field reads the record alone
	for _, js := range []string{
		`{"country":"GB","year_opened":{"$gte":1950,"$lte":1970},"subjects":"Arts"}`,
		`{"admin_area":{"$contains":"kent"},"status":{"$ne":"closed"},"size":["large","huge"]}`,
		`{"member_of":"National Trust","year_closed":{"$gte":0}}`,
		`{"type":{"$in":["archive","library"]},"country":{"$ne":"DE"},"city":{"$contains":"ING"}}`,
		`{"foo":"x"}`,
	} {
		s, err := Parse([]byte(js))
		require.NoError(t, err)
		s = append(s, Filter{Field: "year_opened", Op: Gte, Number: 1800})
		e := s.Expr()
		n := 0
		for i := range ds.Institutions {
			in := &ds.Institutions[i]
			require.Equal(t, s.Match(in), e.Match(in, ctx), "%s on %s", e, in.ID)
			if s.Match(in) {
				n++
			}
		}
		t.Logf("%s: %d records", e, n)
		if js != `{"foo":"x"}` {
			require.Positive(t, n, js)
		}
	}
	merged := Set{{Field: "year_opened", Op: Gte, Number: 1950}, {Field: "country", Op: Eq, Values: []string{"GB"}},
		{Field: "year_opened", Op: Lte, Number: 1970}, {Field: "year_opened", Op: Gte, Number: 1940}}.Expr()
	require.Equal(t, `(and (field year_opened range 1950 1970) (field country is "GB"))`, merged.String())
	require.Equal(t, query.False, Filter{Field: "country", Op: Gte, Number: 1}.Expr())
	require.Equal(t, query.Not{X: query.Field{Key: "city", Op: query.FieldIs, Values: []string{"York"}}},
		Filter{Field: "city", Op: Ne, Values: []string{"York"}}.Expr())
}
