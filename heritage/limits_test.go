package heritage

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// record is a valid JSON line with extra fields (`"k":v,` each) added.
func record(id string, extra string) string {
	return `{"id":"myorg:` + id + `","name":"Museum of Tin","type":"MUSEUM","tier":"TIER_2_VERIFIED"` + extra + `}`
}

func TestLimitsOnRecords(t *testing.T) {
	long := func(n int) string { return strings.Repeat("y", n) }
	for _, tc := range []struct {
		name, line, field string
		want              []string // in the message
	}{
		{"text field", record("1", `,"description":"`+long(MaxFieldBytes+1)+`"`), "description", []string{"line 2", "field description", "32 KiB"}},
		{"list entry", record("1", `,"alt_names":[{"name":"a"},{"name":"`+long(MaxFieldBytes+1)+`"}]`), "alt_names[1].name", []string{"line 2", "alt_names[1].name"}},
		{"record", record("1", `,"description":"`+long(MaxFieldBytes)+`","notes":"`+long(MaxRecordBytes)+`"`), "notes", []string{"line 2", "field notes", "256 KiB"}},
		{"one huge word", record("1", `,"description":"`+long(2<<20)+`"`), "description", []string{"line 2", "field description", "is 2.0 MiB", "256 KiB"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := record("0", "") + "\n" + tc.line + "\n"
			_, err := LoadBytes([]byte(data), LoadOptions{})
			require.ErrorIs(t, err, ErrInvalidRecord)
			var fe *FieldError
			require.True(t, errors.As(err, &fe), "%v", err)
			require.Equal(t, tc.field, fe.Field)
			msg := err.Error()
			for _, w := range tc.want {
				require.Contains(t, msg[:min(len(msg), 300)], w)
			}
			ds, err := LoadBytes([]byte(data), LoadOptions{SkipInvalid: true})
			require.NoError(t, err)
			require.Equal(t, 1, ds.Len())
			require.Len(t, ds.Skipped, 1)
			require.Equal(t, 2, ds.Skipped[0].Line)
		})
	}
	// At the limits a record is taken.
	line := record("1", `,"description":"`+long(MaxFieldBytes)+`","notes":"`+long(MaxFieldBytes)+`"`)
	ds, err := LoadBytes([]byte(line), LoadOptions{})
	require.NoError(t, err)
	require.Len(t, ds.Institutions[0].Description, MaxFieldBytes)
}

func TestLimitOnLines(t *testing.T) {
	data := record("1", "") + strings.Repeat("\n", MaxRecords+1) // MaxRecords+1 lines
	_, err := LoadBytes([]byte(data), LoadOptions{})
	require.ErrorIs(t, err, ErrInvalidRecord)
	require.Contains(t, err.Error(), fmt.Sprintf("line %d", MaxRecords+1))
	_, err = LoadBytes([]byte(data[:len(data)-1]), LoadOptions{})
	require.NoError(t, err)
}

func TestYearsAsNumbers(t *testing.T) {
	for _, tc := range []struct{ json, opened, closed string }{
		{`,"year_opened":1987`, "1987", ""},
		{`,"year_opened":1987.0,"year_closed":-44`, "1987", "-44"},
		{`,"year_opened":"1960:2017","year_closed":null`, "1960:2017", ""},
	} {
		var in Institution
		require.NoError(t, Decode([]byte(record("1", tc.json)), &in), tc.json)
		require.Equal(t, tc.opened, in.YearOpened(), tc.json)
		require.Equal(t, tc.closed, in.YearClosed(), tc.json)
		require.Equal(t, "Museum of Tin", in.Name)
	}
	var in Institution
	err := Decode([]byte(record("1", `,"year_opened":"1987","year_closed":[1990]`)), &in)
	var fe *FieldError
	require.True(t, errors.As(err, &fe), "%v", err)
	require.Equal(t, "year_closed", fe.Field)
	from, _, ok := func() (int, int, bool) {
		var in Institution
		require.NoError(t, Decode([]byte(record("1", `,"year_opened":1987`)), &in))
		return in.Opened()
	}()
	require.True(t, ok)
	require.Equal(t, 1987, from)
}

func TestMemberOfByIDAlone(t *testing.T) {
	data := record("1", "") + "\n" +
		record("2", `,"member_of":[{"id":"myorg:1","relation":"part_of"},{"id":"myorg:99"},{"name":"Tin Trust"}]`)
	ds, err := LoadBytes([]byte(data), LoadOptions{})
	require.NoError(t, err)
	in, ok := ds.Get("myorg:2")
	require.True(t, ok)
	var names []string
	for _, m := range in.MemberOf() {
		names = append(names, m.Name)
	}
	require.Equal(t, []string{"Museum of Tin", "myorg:99", "Tin Trust"}, names)
}

func TestUnknownFields(t *testing.T) {
	line := record("1", `,"latitude":999,"Description":"read, as encoding/json matches names in any case","identifiers":{"viaf":"1","gnd":["x"]},"member_of":[{"name":"a"},{"name":"b","role":"x"}],"area":{"oops":1}`)
	require.Equal(t, []string{"latitude", "identifiers.viaf", "member_of[1].role", "area.oops"}, UnknownFields([]byte(line)))
	require.Empty(t, UnknownFields([]byte(record("1", `,"lat":50.1,"alt_names":[{"name":"x","lang":"de"}]`))))
	require.Empty(t, UnknownFields([]byte(`not json`)))

	ds, err := LoadBytes([]byte(record("0", "")+"\n"+line), LoadOptions{Unknown: true})
	require.NoError(t, err)
	require.Equal(t, 2, ds.Len(), "a record with unknown fields is taken")
	require.Len(t, ds.Unknown, 1)
	require.Equal(t, 2, ds.Unknown[0].Line)
	require.Contains(t, ds.Unknown[0].Error(), "line 2: unknown fields ignored")
	require.Contains(t, ds.Unknown[0].Error(), "latitude")
}

// FuzzDecode reads records with long fields: reading never fails but with
// an error, a record taken holds no text value over MaxFieldBytes, and a
// line over MaxRecordBytes is never taken. Its seeds run as a test.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(record("1", "")), 0, 0)
	f.Add([]byte(record("1", `,"year_opened":1987,"member_of":[{"id":"myorg:2"}],"latitude":1`)), 0, 0)
	f.Add([]byte(record("1", `,"description":"DESC"`)), MaxFieldBytes, 0)
	f.Add([]byte(record("1", `,"description":"DESC"`)), MaxFieldBytes+1, 0)
	f.Add([]byte(record("1", `,"alt_names":[{"name":"DESC"}]`)), MaxFieldBytes+1, 1)
	f.Add([]byte(record("1", `,"description":"DESC","notes":"DESC"`)), MaxRecordBytes/2, 0)
	f.Add([]byte(record("1", `,"description":"DESC"`)), 2<<20, 2)
	f.Add([]byte(`{"id":"myorg:1","name":"DESC","type":"M","tier":"TIER_2_VERIFIED","events":[{"type":"DESC"}]}`), 40_000, 3)
	f.Fuzz(func(t *testing.T, line []byte, n, letter int) {
		// DESC stands for a long word (or words) of n runes.
		n = min(max(n, 0), 4<<20)
		fill := strings.Repeat(string(rune("yaé "[max(letter, 0)%4])), n)
		line = bytes.ReplaceAll(line, []byte("DESC"), []byte(fill))
		_ = UnknownFields(line)
		var in Institution
		err := decodeRecord(line, &in)
		if err != nil {
			require.ErrorIs(t, err, ErrInvalidRecord)
			return
		}
		require.LessOrEqual(t, len(line), MaxRecordBytes)
		require.False(t, overLimit(reflect.ValueOf(in)), "a value over the limit was taken")
		b, err := json.Marshal(in)
		require.NoError(t, err)
		var again Institution
		require.NoError(t, Decode(b, &again))
		require.True(t, slices.Equal(in.Subjects, again.Subjects))
	})
}
