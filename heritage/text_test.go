package heritage

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestText: a text field reads as set, "" clears it, and setting one
// leaves the values another record shares alone.
func TestText(t *testing.T) {
	var in Institution
	require.Equal(t, "", in.County())
	in.SetText(FieldPostcode, "CT1 1AA")
	in.SetText(FieldCounty, "Kent")
	in.SetText(FieldPrimarySourceID, "X1")
	require.Equal(t, "Kent", in.County())
	require.Equal(t, "CT1 1AA", in.Postcode())
	require.Equal(t, "X1", in.PrimarySourceID())
	require.Equal(t, "", in.Address())

	shared := in
	in.SetText(FieldCounty, "Surrey")
	require.Equal(t, "Surrey", in.County())
	require.Equal(t, "Kent", shared.County(), "the copy keeps its value")

	in.SetText(FieldCounty, "")
	in.SetText(FieldPostcode, "")
	in.SetText(FieldPrimarySourceID, "")
	require.Equal(t, Institution{}, in, "a record with no text field set holds none")

	built := Institution{ID: "x:1"}.With(FieldCounty, "Kent")
	require.Equal(t, "Kent", built.County())
}

// TestRareLists: a list set reads back, setting one leaves a copy's
// alone, and empty lists read as empty, not as none.
func TestRareLists(t *testing.T) {
	var in Institution
	require.Nil(t, in.AltNames())
	in.SetMemberOf([]Membership{{Name: "Trust"}})
	require.Equal(t, []Membership{{Name: "Trust"}}, in.MemberOf())
	require.Nil(t, in.AltNames())

	shared := in
	in.SetRelated([]Relation{{Relation: "houses"}})
	require.Nil(t, shared.Related(), "the copy keeps its lists")
	require.Equal(t, []Membership{{Name: "Trust"}}, in.MemberOf())

	in.SetMemberOf(nil)
	in.SetRelated(nil)
	require.Equal(t, Institution{}, in)

	in.SetAltNames([]AltName{})
	in.SetMemberOf([]Membership{})
	in.SetRelated([]Relation{})
	require.Nil(t, in.rare)
	require.NotNil(t, in.AltNames())
	require.Empty(t, in.AltNames())
}

// TestRecordJSON: a record's JSON is the Record's, field for field, and
// reads back equal.
func TestRecordJSON(t *testing.T) {
	ds := embedded(t)
	for i := 0; i < len(ds.Institutions); i += 7 {
		in := &ds.Institutions[i]
		b, err := json.Marshal(in)
		require.NoError(t, err)
		r := in.Record()
		want, err := json.Marshal(&r)
		require.NoError(t, err)
		require.Equal(t, string(want), string(b))
		var back Institution
		require.NoError(t, json.Unmarshal(b, &back))
		require.Equal(t, *in, back)
	}

	// An encoder told not to escape HTML writes the text as it is, one
	// told to escapes it, as they write a Record.
	in := Institution{ID: "x:1", Name: "Police & Prison <Museum>"}.With(FieldNotes, "A & B")
	r := in.Record()
	for _, escape := range []bool{false, true} {
		var got, want bytes.Buffer
		enc := json.NewEncoder(&got)
		enc.SetEscapeHTML(escape)
		require.NoError(t, enc.Encode(&in))
		enc = json.NewEncoder(&want)
		enc.SetEscapeHTML(escape)
		require.NoError(t, enc.Encode(&r))
		require.Equal(t, want.String(), got.String())
		require.Equal(t, !escape, strings.Contains(got.String(), `"Police & Prison <Museum>"`))
	}
}
