package heritage

import _ "embed"

//go:embed record.schema.json
var schema []byte

// Schema returns the JSON Schema (draft 2020-12) of one record, the rules
// Institution.Validate checks; docs/records.md explains it.
func Schema() []byte { return append([]byte(nil), schema...) }
