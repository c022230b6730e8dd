package heritage

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

// Limits on records: every way records enter (a --data file, a source's
// file given to ingest, the rows of an enrich file) refuses what is over
// them, naming the line and the field. They bound the work one record
// can cost every later step: a record is read, validated, indexed and
// searched in time linear in its size, and no record is larger than
// MaxRecordBytes. docs/reliability.md lists them ("Limits on records").
const (
	// MaxFieldBytes bounds one text value of a record: a name, a
	// description, an entry of a list, a CSV cell. The longest
	// description of the bundled data is under 6 KB.
	MaxFieldBytes = 32 << 10
	// MaxRecordBytes bounds one record: a JSON line, or a CSV row.
	MaxRecordBytes = 256 << 10
	// MaxRecords bounds the lines (JSON Lines) or rows (CSV) of one file.
	MaxRecords = 1_000_000
	// MaxFileBytes bounds one file, after it is uncompressed: room for
	// MaxRecords records of the bundled data's mean size (1.3 KB; a
	// million of them take 1.24 GB).
	MaxFileBytes = 1<<31 - 1
)

// Size writes a byte count for a message: "812 bytes", "32 KiB", "2.0 MiB".
func Size(n int) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d bytes", n)
	case n < 1<<20:
		if n%(1<<10) == 0 {
			return fmt.Sprintf("%d KiB", n>>10)
		}
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	case n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}

// CheckRecordSize refuses a JSON line over MaxRecordBytes without
// decoding it, naming its largest field: a *FieldError.
func CheckRecordSize(line []byte) error {
	if len(line) <= MaxRecordBytes {
		return nil
	}
	field, n := largestField(line)
	return &FieldError{Field: field, Rule: fmt.Sprintf("is %s, which makes the record %s: over the limit of %s for a record (%s for a text field)",
		Size(n), Size(len(line)), Size(MaxRecordBytes), Size(MaxFieldBytes))}
}

// largestField is the top-level key of a JSON object whose value is the
// longest, and that length; "(record)" when line is not an object.
func largestField(line []byte) (string, int) {
	best, n := "(record)", len(line)
	dec := json.NewDecoder(bytes.NewReader(line))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return best, n
	}
	most := -1
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			break
		}
		key, _ := t.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			break
		}
		if len(v) > most {
			best, most = key, len(v)
		}
	}
	if most < 0 {
		return best, n
	}
	return best, most
}

// checkFieldSizes reports every text value of in over MaxFieldBytes,
// by its JSON path ("description", "alt_names[2].name").
func (in *Institution) checkFieldSizes(broken func(field, rule string)) {
	if !overLimit(reflect.ValueOf(in).Elem()) {
		return // the usual case, found without writing a path
	}
	var walk func(v reflect.Value, path string)
	walk = func(v reflect.Value, path string) {
		switch v.Kind() {
		case reflect.String:
			if n := v.Len(); n > MaxFieldBytes {
				broken(path, fmt.Sprintf("is %s, over the limit of %s for a text field", Size(n), Size(MaxFieldBytes)))
			}
		case reflect.Pointer:
			if !v.IsNil() {
				walk(v.Elem(), path)
			}
		case reflect.Slice:
			for i := range v.Len() {
				walk(v.Index(i), fmt.Sprintf("%s[%d]", path, i))
			}
		case reflect.Struct:
			t := v.Type()
			for i := range t.NumField() {
				name := jsonName(t.Field(i))
				if name == "" {
					continue
				}
				if path != "" {
					name = path + "." + name
				}
				walk(v.Field(i), name)
			}
		}
	}
	r := in.Record()
	walk(reflect.ValueOf(&r).Elem(), "")
}

// overLimit reports whether a text value in v is over MaxFieldBytes.
func overLimit(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.String:
		return v.Len() > MaxFieldBytes
	case reflect.Pointer:
		return !v.IsNil() && overLimit(v.Elem())
	case reflect.Slice:
		for i := range v.Len() {
			if overLimit(v.Index(i)) {
				return true
			}
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if overLimit(v.Field(i)) {
				return true
			}
		}
	}
	return false
}

// jsonName is the JSON name of a struct field, "" for none.
func jsonName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	if name == "-" || !f.IsExported() {
		return ""
	}
	return name
}

// knownFields are the JSON names of the fields of each struct type of a
// record, with the type of each (a struct, or a list of structs, has
// fields of its own).
var knownFields = func() map[reflect.Type]map[string]reflect.Type {
	out := map[reflect.Type]map[string]reflect.Type{}
	var add func(t reflect.Type)
	add = func(t reflect.Type) {
		if _, done := out[t]; done {
			return
		}
		fields := map[string]reflect.Type{}
		out[t] = fields
		for i := range t.NumField() {
			f := t.Field(i)
			name := jsonName(f)
			if name == "" {
				continue
			}
			ft := f.Type
			for ft.Kind() == reflect.Pointer || ft.Kind() == reflect.Slice {
				ft = ft.Elem()
			}
			name = strings.ToLower(name) // as encoding/json matches them
			if ft.Kind() == reflect.Struct {
				fields[name] = ft
				add(ft)
			} else {
				fields[name] = nil
			}
		}
	}
	add(reflect.TypeFor[Record]())
	return out
}()

// UnknownFields lists the fields of a JSON record that no field of the
// record schema takes, by their paths ("latitude", "identifiers.viaf",
// "member_of[0].role"), in the order written. They are ignored when the
// record is read; a reader reports them so that a misspelt field is not
// lost unnoticed. A line that is not a JSON object has none.
func UnknownFields(line []byte) []string {
	return unknownIn(line, reflect.TypeFor[Record](), "", nil)
}

func unknownIn(raw []byte, t reflect.Type, path string, out []string) []string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return out
	}
	switch raw[0] {
	case '[':
		var list []json.RawMessage
		if json.Unmarshal(raw, &list) != nil {
			return out
		}
		for i, v := range list {
			out = unknownIn(v, t, fmt.Sprintf("%s[%d]", path, i), out)
		}
		return out
	case '{':
	default:
		return out
	}
	known := knownFields[t]
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil {
		return out
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return out
		}
		key, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return out
		}
		name := key
		if path != "" {
			name = path + "." + key
		}
		sub, ok := known[strings.ToLower(key)]
		switch {
		case !ok:
			out = append(out, name)
		case sub != nil:
			out = unknownIn(v, sub, name, out)
		}
	}
	return out
}
