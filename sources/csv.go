package sources

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/hybridrag/hybridrag/heritage"
)

// CSV columns map to record fields by the fields' JSON names: "name",
// "city", "isil", nested "identifiers.gnd", and for the lists of objects
// one entry each: "member_of.name", "member_of.id", "member_of.relation",
// "related.id", "related.name", "related.relation". A list of strings
// ("subjects", "identifiers.gnd") takes several values separated by "|".
// Headers match a field ignoring case and punctuation ("Year opened" is
// year_opened); --map COLUMN=FIELD names the others.

// ListSeparator separates the values of a list field in a CSV cell.
const ListSeparator = "|"

// fieldSetter sets one field of a record from a cell's text.
type fieldSetter func(in *heritage.Record, v string) error

// csvFields are the settable fields by path.
var csvFields = func() map[string]fieldSetter {
	out := map[string]fieldSetter{}
	var walk func(t reflect.Type, prefix string, index []int)
	walk = func(t reflect.Type, prefix string, index []int) {
		for i := range t.NumField() {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" || name == "-" {
				continue
			}
			path, idx := prefix+name, append(slices.Clone(index), i)
			if f.Type.Kind() == reflect.Struct {
				walk(f.Type, path+".", idx)
				continue
			}
			if set := scalarSetter(f.Type, path, idx); set != nil {
				out[path] = set
			}
		}
	}
	walk(reflect.TypeFor[heritage.Record](), "", nil)
	for _, f := range []string{"name", "id", "relation"} {
		out["member_of."+f] = entrySetter(func(in *heritage.Record) reflect.Value {
			if len(in.MemberOf) == 0 {
				in.MemberOf = []heritage.Membership{{Relation: heritage.RelPartOf}}
			}
			return reflect.ValueOf(&in.MemberOf[0]).Elem()
		}, f)
		out["related."+f] = entrySetter(func(in *heritage.Record) reflect.Value {
			if len(in.Related) == 0 {
				in.Related = []heritage.Relation{{}}
			}
			return reflect.ValueOf(&in.Related[0]).Elem()
		}, f)
	}
	return out
}()

// scalarSetter sets a string, bool, number, pointer to a number or list
// of strings at index; nil for other kinds.
func scalarSetter(t reflect.Type, path string, index []int) fieldSetter {
	field := func(in *heritage.Record) reflect.Value { return reflect.ValueOf(in).Elem().FieldByIndex(index) }
	bad := func(rule string) error { return &heritage.FieldError{Field: path, Rule: rule} }
	switch {
	case t.Kind() == reflect.String:
		return func(in *heritage.Record, v string) error { field(in).SetString(v); return nil }
	case t.Kind() == reflect.Bool:
		return func(in *heritage.Record, v string) error {
			b, err := strconv.ParseBool(v)
			if err != nil {
				return bad(fmt.Sprintf("must be true or false, not %q", v))
			}
			field(in).SetBool(b)
			return nil
		}
	case t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Float64:
		return func(in *heritage.Record, v string) error {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				return bad(fmt.Sprintf("must be a number, not %q", v))
			}
			field(in).Set(reflect.ValueOf(&f))
			return nil
		}
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.String:
		return func(in *heritage.Record, v string) error {
			var list []string
			for _, p := range strings.Split(v, ListSeparator) {
				if p = strings.TrimSpace(p); p != "" {
					list = append(list, p)
				}
			}
			field(in).Set(reflect.ValueOf(list))
			return nil
		}
	}
	return nil
}

// entrySetter sets the string field json name f of the entry entry returns.
func entrySetter(entry func(in *heritage.Record) reflect.Value, f string) fieldSetter {
	return func(in *heritage.Record, v string) error {
		e := entry(in)
		for i := range e.NumField() {
			if name, _, _ := strings.Cut(e.Type().Field(i).Tag.Get("json"), ","); name == f {
				e.Field(i).SetString(v)
			}
		}
		return nil
	}
}

// ParseMap reads "COLUMN=FIELD,COLUMN=FIELD" into a column → field map,
// checking that each field is one a CSV column can set.
func ParseMap(s string) (map[string]string, error) {
	out := map[string]string{}
	for part := range strings.SplitSeq(s, ",") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		col, field, ok := strings.Cut(part, "=")
		col, field = strings.TrimSpace(col), strings.TrimSpace(field)
		if !ok || col == "" || field == "" {
			return nil, fmt.Errorf("sources: map %q: want COLUMN=FIELD", part)
		}
		if _, known := csvFields[field]; !known {
			return nil, fmt.Errorf("sources: map %q: no record field %q (fields: name, type, tier, city, country, isil, wikidata, ghcid, identifiers.gnd, member_of.id, … see docs/records.md)", part, field)
		}
		out[col] = field
	}
	return out, nil
}

// fieldOf is the field a CSV header names: by the mapping, else by its
// normalised name.
func fieldOf(header string, m map[string]string) (string, bool) {
	if f, ok := m[header]; ok {
		return f, true
	}
	want := normHeader(header)
	for f := range csvFields {
		if normHeader(f) == want {
			return f, true
		}
	}
	return "", false
}

// normHeader is a header in lower case without what is not a letter or a
// digit ("Year opened" → "yearopened"); a dot stays (identifiers.gnd).
func normHeader(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			return unicode.ToLower(r)
		case r == '.':
			return r
		}
		return -1
	}, s)
}

// readCSV reads b as CSV with a header row, handing add each row's record
// (or why it is not one) with its 1-based line number. It returns the
// columns no field takes.
func readCSV(b []byte, opts ReadOptions, add func(line int, rec heritage.Institution, err error)) ([]string, error) {
	r := csv.NewReader(bytes.NewReader(b))
	r.Comma = opts.Delimiter
	if r.Comma == 0 {
		r.Comma = sniffDelimiter(b)
	}
	r.FieldsPerRecord = -1
	header, err := r.Read()
	if err != nil {
		return nil, fmt.Errorf("sources: CSV header: %w", err)
	}
	for col := range opts.Map {
		if !slices.Contains(header, col) {
			return nil, fmt.Errorf("sources: map: no column %q (columns: %s)", col, strings.Join(header, ", "))
		}
	}
	setters := make([]fieldSetter, len(header))
	fields := make([]string, len(header)) // the field each column sets
	var ignored []string
	for i, h := range header {
		f, ok := fieldOf(h, opts.Map)
		if !ok {
			ignored = append(ignored, h)
			continue
		}
		setters[i], fields[i] = csvFields[f], f
	}
	for rows := 0; ; rows++ {
		row, err := r.Read()
		if errors.Is(err, io.EOF) {
			return ignored, nil
		}
		if rows == heritage.MaxRecords {
			line, _ := r.FieldPos(0)
			return nil, fmt.Errorf("sources: CSV line %d: the file has more rows than the limit of %d records", line, heritage.MaxRecords)
		}
		if err != nil {
			var pe *csv.ParseError
			if !errors.As(err, &pe) {
				return nil, fmt.Errorf("sources: CSV: %w", err)
			}
			add(pe.Line, heritage.Institution{}, fmt.Errorf("%w: %v", heritage.ErrInvalidRecord, pe.Err))
			continue
		}
		line, _ := r.FieldPos(0)
		if err := rowSize(row, header, fields); err != nil {
			add(line, heritage.Institution{}, err)
			continue
		}
		var rec heritage.Record
		var errs []error
		for i, v := range row {
			if i >= len(setters) || setters[i] == nil || strings.TrimSpace(v) == "" {
				continue
			}
			if err := setters[i](&rec, strings.TrimSpace(v)); err != nil {
				errs = append(errs, err)
			}
		}
		add(line, rec.Institution(), errors.Join(errs...))
	}
}

// rowSize refuses a row over heritage.MaxRecordBytes, naming its longest
// cell by the field its column sets (or the column, when it sets none).
func rowSize(row, header, fields []string) error {
	total, longest := 0, 0
	for i, v := range row {
		total += len(v)
		if len(v) > len(row[longest]) {
			longest = i
		}
	}
	if total <= heritage.MaxRecordBytes {
		return nil
	}
	name := fmt.Sprintf("column %d", longest+1)
	switch {
	case longest < len(fields) && fields[longest] != "":
		name = fields[longest]
	case longest < len(header):
		name = "column " + header[longest]
	}
	return &heritage.FieldError{Field: name, Rule: fmt.Sprintf("is %s, which makes the row %s: over the limit of %s for a record (%s for a text field)",
		heritage.Size(len(row[longest])), heritage.Size(total), heritage.Size(heritage.MaxRecordBytes), heritage.Size(heritage.MaxFieldBytes))}
}

// sniffDelimiter picks the most frequent of , ; tab | on the first line.
func sniffDelimiter(b []byte) rune {
	first, _, _ := bytes.Cut(b, []byte{'\n'})
	best, n := ',', 0
	for _, c := range []rune{',', ';', '\t', '|'} {
		if k := bytes.Count(first, []byte(string(c))); k > n {
			best, n = c, k
		}
	}
	return best
}
