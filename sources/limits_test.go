package sources_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/sources"
)

func read(t *testing.T, name, data string) *sources.Input {
	t.Helper()
	in, err := sources.Read(strings.NewReader(data), meta, sources.ReadOptions{Name: name})
	require.NoError(t, err)
	return in
}

// badField is the field the error of the line names.
func badField(t *testing.T, in *sources.Input, line int) string {
	t.Helper()
	for _, b := range in.Bad {
		if b.Line == line {
			var fe *heritage.FieldError
			require.True(t, errors.As(b.Err, &fe), "%v", b.Err)
			return fe.Field
		}
	}
	t.Fatalf("line %d is not reported: %v", line, in.Bad)
	return ""
}

func TestReadRefusesWhatIsOverTheLimits(t *testing.T) {
	word := func(n int) string { return strings.Repeat("y", n) }
	jsonl := `{"id":"1","name":"Museum of Tin","type":"M"}` + "\n" +
		`{"id":"2","name":"Tin Hall","type":"M","description":"` + word(heritage.MaxFieldBytes+1) + `"}` + "\n" +
		`{"id":"3","name":"Tin Hall","type":"M","description":"` + word(2<<20) + `"}` + "\n" +
		`{"id":"4","name":"Tin Hall","type":"M","description":"` + word(heritage.MaxFieldBytes) + `"}` + "\n"
	in := read(t, "x.jsonl", jsonl)
	require.Len(t, in.Records, 2)
	require.Equal(t, "description", badField(t, in, 2))
	require.Equal(t, "description", badField(t, in, 3))
	require.Contains(t, (&in.Bad[1]).Error(), "line 3: field description: is 2.0 MiB")

	csv := "id,name,type,description,remark\n" +
		"1,Museum of Tin,M,short,\n" +
		"2,Tin Hall,M," + word(heritage.MaxFieldBytes+1) + ",\n" +
		"3,Tin Hall,M,short," + word(heritage.MaxRecordBytes) + "\n"
	in = read(t, "x.csv", csv)
	require.Len(t, in.Records, 1)
	require.Equal(t, "description", badField(t, in, 3))
	require.Equal(t, "column remark", badField(t, in, 4))
}

func TestReadLimitOnLines(t *testing.T) {
	data := `{"id":"1","name":"Museum of Tin","type":"M"}` + strings.Repeat("\n", heritage.MaxRecords+1)
	_, err := sources.Read(strings.NewReader(data), meta, sources.ReadOptions{Name: "x.jsonl"})
	require.ErrorContains(t, err, "line 1000001")
}

func TestReadFriction(t *testing.T) {
	in := read(t, "x.jsonl",
		`{"id":"1","name":"Museum of Tin","type":"M","year_opened":1987,"latitude":999,"member_of":[{"id":"myorg:2"}]}`+"\n"+
			`{"id":"2","name":"Tin Trust","type":"M","identifiers":{"viaf":"123"}}`+"\n")
	require.Empty(t, in.Bad)
	require.Len(t, in.Records, 2)
	require.Equal(t, "1987", in.Records[0].YearOpened())
	require.Equal(t, "myorg:2", in.Records[0].MemberOf()[0].ID)
	require.Len(t, in.Unknown, 2)
	require.Equal(t, heritage.UnknownFieldsError{Line: 1, Fields: []string{"latitude"}}, in.Unknown[0])
	require.Equal(t, heritage.UnknownFieldsError{Line: 2, Fields: []string{"identifiers.viaf"}}, in.Unknown[1])

	// Composed, the membership by id alone takes the body's name.
	other := in.Records[1]
	other.ID = "other:2"
	d, err := sources.Overlay(baseOf(t, other), &sources.State{Sources: []sources.Source{{Meta: meta, Records: in.Records}}})
	require.NoError(t, err)
	got, ok := d.Get("myorg:1")
	require.True(t, ok)
	require.Equal(t, "Tin Trust", got.MemberOf()[0].Name)
}

// baseOf is a dataset of recs.
func baseOf(t *testing.T, recs ...heritage.Institution) *heritage.Dataset {
	t.Helper()
	ds, err := heritage.FromRecords(recs, "base")
	require.NoError(t, err)
	return ds
}

// FuzzRead reads JSON Lines and CSV with long fields: reading never fails
// on a line (a line is a record or a reported bad line), and no record
// taken is over the limits. Its seeds run as a test.
func FuzzRead(f *testing.F) {
	f.Add("x.jsonl", `{"id":"1","name":"Museum of Tin","type":"M","description":"LONG"}`, 100)
	f.Add("x.jsonl", `{"id":"1","name":"Museum of Tin","type":"M","description":"LONG"}`, heritage.MaxFieldBytes)
	f.Add("x.jsonl", `{"id":"1","name":"Museum of Tin","type":"M","description":"LONG"}`+"\n"+`{"id":"2","name":"LONG","type":"M"}`, heritage.MaxFieldBytes+1)
	f.Add("x.jsonl", `{"id":"1","name":"LONG","type":"M","subjects":["LONG","LONG","LONG","LONG","LONG","LONG","LONG","LONG"]}`, 40_000)
	f.Add("x.jsonl", `{"id":"1","name":"Museum of Tin","type":"M","year_opened":1987,"member_of":[{"id":"LONG"}]}`, 2<<20)
	f.Add("x.csv", "id,name,type,description\n1,Museum of Tin,M,LONG\n2,LONG,M,x\n", heritage.MaxFieldBytes+1)
	f.Add("x.csv", "id,name,type,description,other\n1,Museum of Tin,M,LONG,LONG\n", heritage.MaxRecordBytes/2+1)
	f.Fuzz(func(t *testing.T, name, data string, n int) {
		n = min(max(n, 0), 4<<20)
		data = strings.ReplaceAll(data, "LONG", strings.Repeat("y", n))
		in, err := sources.Read(bytes.NewReader([]byte(data)), meta, sources.ReadOptions{Name: name})
		if err != nil {
			return // unreadable as a whole (a CSV header, the format)
		}
		for _, rec := range in.Records {
			b, err := json.Marshal(rec)
			require.NoError(t, err)
			require.LessOrEqual(t, len(b), heritage.MaxRecordBytes+4<<10, rec.ID)
			require.LessOrEqual(t, len(rec.Description), heritage.MaxFieldBytes)
			require.LessOrEqual(t, len(rec.Name), heritage.MaxFieldBytes)
			for _, s := range rec.Subjects {
				require.LessOrEqual(t, len(s), heritage.MaxFieldBytes)
			}
		}
	})
}
