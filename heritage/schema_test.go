package heritage

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/require"
)

func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(Schema()))
	require.NoError(t, err)
	c := jsonschema.NewCompiler()
	require.NoError(t, c.AddResource("record.schema.json", doc))
	sch, err := c.Compile("record.schema.json")
	require.NoError(t, err)
	return sch
}

// jsonFields lists the JSON names of t's fields.
func jsonFields(t reflect.Type) []string {
	var out []string
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name != "" && name != "-" {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// TestSchemaNamesEveryField: the published schema and the record type
// describe the same fields, nested objects included.
func TestSchemaNamesEveryField(t *testing.T) {
	var doc map[string]any
	require.NoError(t, json.Unmarshal(Schema(), &doc))
	props := func(m map[string]any) []string {
		p := m["properties"].(map[string]any)
		var out []string
		for k := range p {
			out = append(out, k)
		}
		slices.Sort(out)
		return out
	}
	top := doc["properties"].(map[string]any)
	require.Equal(t, jsonFields(reflect.TypeFor[Record]()), props(doc))
	item := func(field string) map[string]any { return top[field].(map[string]any)["items"].(map[string]any) }
	require.Equal(t, jsonFields(reflect.TypeFor[AltName]()), props(item("alt_names")))
	require.Equal(t, jsonFields(reflect.TypeFor[Membership]()), props(item("member_of")))
	require.Equal(t, jsonFields(reflect.TypeFor[Relation]()), props(item("related")))
	require.Equal(t, jsonFields(reflect.TypeFor[Event]()), props(item("events")))
	require.Equal(t, jsonFields(reflect.TypeFor[Collection]()), props(item("collections")))
	require.Equal(t, jsonFields(reflect.TypeFor[RecordIdentifiers]()), props(top["identifiers"].(map[string]any)))
	require.Equal(t, jsonFields(reflect.TypeFor[Area]()), props(top["area"].(map[string]any)))
}

// TestSchemaAgreesWithValidate: every bundled record passes both, and
// each broken record fails both, with Validate naming the field.
func TestSchemaAgreesWithValidate(t *testing.T) {
	skipUnderRace(t)
	sch := compileSchema(t)
	ds := embedded(t)
	for i := 0; i < ds.Len(); i += 7 {
		b, err := json.Marshal(ds.Institutions[i])
		require.NoError(t, err)
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		require.NoError(t, err)
		require.NoError(t, sch.Validate(doc), ds.Institutions[i].ID)
	}

	for _, good := range []string{
		`{"id":"myorg:42","name":"Museum of Tin","type":"MUSEUM","tier":"TIER_2_VERIFIED"}`,
		`{"id":"myorg:42","name":"Museum of Tin","type":"MUSEUM","tier":"TIER_2_VERIFIED","year_opened":1987,"year_closed":"2001"}`,
		`{"id":"myorg:42","name":"Museum of Tin","type":"MUSEUM","tier":"TIER_2_VERIFIED","year_opened":1987.0}`,
		`{"id":"myorg:42","name":"Museum of Tin","type":"MUSEUM","tier":"TIER_2_VERIFIED","member_of":[{"id":"myorg:1"}]}`,
		`{"id":"myorg:42","name":"Museum of Tin","type":"MUSEUM","tier":"TIER_2_VERIFIED","member_of":[{"name":"Tin Trust"}]}`,
		`{"id":"myorg:42","name":"Museum of Tin","type":"MUSEUM","tier":"TIER_2_VERIFIED","latitude":999}`,
	} {
		require.NoError(t, validateLine(t, sch, good))
	}
	for _, tc := range []struct{ line, field string }{
		{`{"name":"Museum of Tin","type":"MUSEUM","tier":"TIER_2_VERIFIED"}`, "id"},
		{`{"id":"MyOrg:42","name":"Museum of Tin","type":"MUSEUM","tier":"TIER_2_VERIFIED"}`, "id"},
		{`{"id":"42","name":"Museum of Tin","type":"MUSEUM","tier":"TIER_2_VERIFIED"}`, "id"},
		{`{"id":"myorg:4 2","name":"Museum of Tin","type":"MUSEUM","tier":"TIER_2_VERIFIED"}`, "id"},
		{`{"id":"myorg:42","name":"","type":"MUSEUM","tier":"TIER_2_VERIFIED"}`, "name"},
		{`{"id":"myorg:42","name":"Museum of Tin","tier":"TIER_2_VERIFIED"}`, "type"},
		{`{"id":"myorg:42","name":"Museum of Tin","type":"MUSEUM"}`, "tier"},
		{`{"id":"myorg:42","name":"Museum of Tin","type":"MUSEUM","tier":"GOLD"}`, "tier"},
		{`{"id":"myorg:42","name":"Museum of Tin","type":"MUSEUM","tier":"TIER_2_VERIFIED","member_of":[{"name":"","relation":"part_of"}]}`, "member_of[0]"},
		{`{"id":"myorg:42","name":"Museum of Tin","type":"MUSEUM","tier":"TIER_2_VERIFIED","member_of":[{"id":" ","relation":"part_of"}]}`, "member_of[0]"},
		{`{"id":"myorg:42","name":"Museum of Tin","type":"MUSEUM","tier":"TIER_2_VERIFIED","year_opened":1987.5}`, "year_opened"},
		{`{"id":"myorg:42","name":"Museum of Tin","type":"MUSEUM","tier":"TIER_2_VERIFIED","year_closed":true}`, "year_closed"},
		{`{"id":"myorg:42","name":"Museum of Tin","type":"MUSEUM","tier":"TIER_2_VERIFIED","events":[{"date":"1990"}]}`, "events[0].type"},
		{`{"id":"myorg:42","name":"Museum of Tin","type":"MUSEUM","tier":"TIER_2_VERIFIED","lat":"north"}`, "lat"},
	} {
		err := validateLine(t, sch, tc.line)
		require.ErrorIs(t, err, ErrInvalidRecord, tc.line)
		var fe *FieldError
		require.True(t, errors.As(err, &fe), tc.line)
		require.Equal(t, tc.field, fe.Field, tc.line)
	}
}

// validateLine checks one line with the schema and with the loader; both
// must agree. It returns the loader's error.
func validateLine(t *testing.T, sch *jsonschema.Schema, line string) error {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(line))
	require.NoError(t, err)
	schemaErr := sch.Validate(doc)
	var in Institution
	loadErr := decodeRecord([]byte(line), &in)
	require.Equal(t, schemaErr == nil, loadErr == nil, "%s: schema says %v, loader says %v", line, schemaErr, loadErr)
	return loadErr
}
