package pipeline

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/answer"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// "Where is X?" of a record that gives no town answers what the record
// holds at the next level (its address, district, county, region or
// country) and says the town is not recorded; "The data records no city"
// alone had left out what the data does hold. Over every record without
// a town that states a county or district, and every 48th record without
// a town otherwise, in English, Dutch and German; a record whose name
// the router reads as another record is not this test's.
func TestWhereOfARecordWithoutTownOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	names := nameCounts(p)
	shapes := []string{"Where is %s?", "Waar ligt %s?", "Wo liegt %s?", "In which city is %s?"}
	var tl tally
	townless := 0
	for i := range p.Data().Institutions {
		in := &p.Data().Institutions[i]
		if in.City != "" {
			continue
		}
		townless++
		if names[in.Name] != 1 || strings.ContainsAny(in.Name, "(),'\"/?") ||
			(in.County() == "" && in.District() == "" && townless%48 != 0) {
			continue
		}
		label, value := answer.CoarserValue(in, "city")
		if value == "" {
			t.Fatalf("%s: no town and nothing coarser: the record has its country", in.ID)
		}
		q := fmt.Sprintf(shapes[tl.asked%len(shapes)], in.Name)
		r := ask(t, p, q)
		if len(r.Answer.IDs) == 0 || r.Answer.IDs[0] != in.ID {
			continue // the name read as another record
		}
		want := fmt.Sprintf("The data records no city for %s; it records its %s: %s", in.Name, label, value)
		if r.Lang != "en" {
			want = value // the sentence in the asker's language; the value as the record has it
		}
		ok := strings.Contains(r.Answer.Text, want) && !r.Answer.Exact
		tl.add(ok, fmt.Sprintf("%s → %.140s", q, r.Answer.Text))
	}
	tl.require(t, "place questions of records without a town answer the coarser place", 100, 100)
}

// The coarser value of an empty field is of the same kind, the first
// the record holds: a missing postcode gives the town, a missing town
// the county, then the country; an identifier has no coarser kin.
func TestCoarserValue(t *testing.T) {
	lat, lon := 51.5, -0.1
	for _, tc := range []struct {
		in           heritage.Institution
		field        string
		label, value string
	}{
		{heritage.Institution{Country: "DE"}, "city", "country", "Germany (DE)"},
		{heritage.Record{Country: "GB", County: "Kent"}.Institution(), "city", "county", "Kent"},
		{heritage.Record{Country: "GB", Address: "High Street, TN1 1AA", County: "Kent"}.Institution(), "city", "address", "High Street, TN1 1AA"},
		{heritage.Institution{Country: "NL", City: "Leiden"}, "postcode", "city", "Leiden"},
		{heritage.Institution{Country: "NL", Lat: &lat, Lon: &lon}, "city", "country", "the Netherlands (NL)"},
		{heritage.Institution{Country: "NL", City: "Leiden"}, "coordinates", "city", "Leiden"},
		{heritage.Institution{Country: "NL"}, "website", "", ""},
		{heritage.Institution{Country: "NL", Wikidata: "Q1"}, "isil", "", ""},
	} {
		label, value := answer.CoarserValue(&tc.in, tc.field)
		if label != tc.label || value != tc.value {
			t.Errorf("%s of %+v: got %q %q, want %q %q", tc.field, tc.in, label, value, tc.label, tc.value)
		}
	}
}
