package sources

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/linking"
)

// Format is an input file's format.
type Format string

// Input formats; FormatAuto chooses by the file name, then the content.
const (
	FormatAuto  Format = ""
	FormatJSONL Format = "jsonl"
	FormatCSV   Format = "csv"
)

// ReadOptions say how to read an input file.
type ReadOptions struct {
	Format Format
	// Name is the file's name, for choosing the format.
	Name string
	// Map maps CSV columns to record fields (see ParseMap); columns named
	// like a field need no entry.
	Map map[string]string
	// Delimiter of CSV fields (default: detected from the header).
	Delimiter rune
	// Base finds a bundled record by id: an override source
	// (Meta.Override) holds only corrections of those (see Corrected).
	Base func(id string) (*heritage.Institution, bool)
}

// Input is what reading a file gave: the valid records, ready to store,
// and the lines that were not.
type Input struct {
	Records []heritage.Institution
	Bad     []heritage.LineError
	// Unknown are the JSON lines whose records hold fields the record
	// schema does not know: the records are taken without them.
	Unknown []heritage.UnknownFieldsError
	// Ignored are CSV columns that map to no field.
	Ignored []string
}

// Read reads the records of source meta from r: JSON Lines in the record
// schema, or CSV with a header row. Every record gets the source's
// defaults where it says nothing (see Meta.apply), then is validated; a
// line that breaks a rule is reported in Input.Bad with its line number,
// field and rule, and the others are kept. So is a line over the limits
// on records (heritage.MaxFieldBytes, heritage.MaxRecordBytes). The error
// is for input that cannot be read at all, or that is over the limits on
// a file (heritage.MaxFileBytes, heritage.MaxRecords).
func Read(r io.Reader, meta Meta, opts ReadOptions) (*Input, error) {
	b, err := io.ReadAll(io.LimitReader(r, heritage.MaxFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("sources: read: %w", err)
	}
	if len(b) > heritage.MaxFileBytes {
		return nil, fmt.Errorf("sources: the file is over the limit of %s", heritage.Size(heritage.MaxFileBytes))
	}
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
	format := opts.Format
	if format == FormatAuto {
		format = detectFormat(opts.Name, b)
	}
	in := &Input{}
	seen := map[string]int{}
	add := func(line int, rec heritage.Institution, err error) {
		if err == nil && meta.Override {
			rec, err = corrected(rec, opts.Base)
		}
		if err == nil {
			meta.apply(&rec)
			err = meta.check(&rec)
		}
		if err == nil {
			if first, dup := seen[rec.ID]; dup {
				err = &heritage.FieldError{ID: rec.ID, Field: "id", Rule: fmt.Sprintf("is a duplicate of line %d's", first)}
			}
		}
		if err != nil {
			in.Bad = append(in.Bad, heritage.LineError{Line: line, Err: err})
			return
		}
		rec.Normalize()
		seen[rec.ID] = line
		in.Records = append(in.Records, rec)
	}
	switch format {
	case FormatJSONL:
		n := 0
		for line := range bytes.Lines(b) {
			if n++; n > heritage.MaxRecords {
				return nil, fmt.Errorf("sources: line %d: the file has more lines than the limit of %d records", n, heritage.MaxRecords)
			}
			line = bytes.TrimSpace(line)
			if len(line) == 0 {
				continue
			}
			var rec heritage.Institution
			err := heritage.CheckRecordSize(line)
			if err == nil {
				err = heritage.Decode(line, &rec)
			}
			if err == nil {
				if u := heritage.UnknownFields(line); len(u) > 0 {
					in.Unknown = append(in.Unknown, heritage.UnknownFieldsError{Line: n, Fields: u})
				}
			}
			add(n, rec, err)
		}
	case FormatCSV:
		ignored, err := readCSV(b, opts, add)
		if err != nil {
			return nil, err
		}
		in.Ignored = ignored
	default:
		return nil, fmt.Errorf("sources: unknown format %q (csv or jsonl)", format)
	}
	return in, nil
}

// detectFormat chooses the format by the extension, then by the first
// character.
func detectFormat(name string, b []byte) Format {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".jsonl", ".ndjson", ".json":
		return FormatJSONL
	case ".csv", ".tsv", ".txt":
		return FormatCSV
	}
	if t := bytes.TrimLeft(b, " \t\r\n"); len(t) > 0 && t[0] == '{' {
		return FormatJSONL
	}
	return FormatCSV
}

// apply fills in what a record of the source leaves out: an id without a
// namespace gets the source's ("42" → "myorg:42"), and the tier, licence,
// attribution and source name default to the source's.
func (m Meta) apply(in *heritage.Institution) {
	if m.Override {
		// A correction is cited as one, with the licence and attribution
		// given for it, whatever the record it corrects said.
		in.Source = OverrideNamespace
		in.License = cmp.Or(m.License, in.License)
		in.Attribution = cmp.Or(m.Attribution, in.Attribution)
	}
	if in.ID != "" && !strings.Contains(in.ID, ":") && !m.Override {
		in.ID = m.Namespace + ":" + in.ID
	}
	def := func(dst *string, v string) {
		if strings.TrimSpace(*dst) == "" {
			*dst = v
		}
	}
	def(&in.License, m.License)
	def(&in.Attribution, m.Attribution)
	def(&in.Source, m.Namespace)
	if in.Tier == "" {
		in.Tier = m.Tier
	}
	// The type as the bundled records write it (MUSEUM, with its code M),
	// from any spelling linking reads: M, museum, Museum, Q33506.
	if t, ok := linking.TypeByCode(in.Type); ok {
		in.Type = t.Name
		if in.TypeCode == "" {
			in.TypeCode = t.Code
		}
	}
}

// check validates a record of the source: the record schema's rules, and
// an id in the source's namespace.
func (m Meta) check(in *heritage.Institution) error {
	if err := in.Validate(); err != nil {
		return err
	}
	if in.TypeCode == "" {
		names := make([]string, len(linking.Types))
		for i, t := range linking.Types {
			names[i] = t.Name
		}
		return &heritage.FieldError{ID: in.ID, Field: "type", Rule: fmt.Sprintf("%q is not a known type: write one of %s, or its letter (M for MUSEUM)", in.Type, strings.Join(names, ", "))}
	}
	if m.Override {
		return nil // corrected checked the id
	}
	if ns, _, _ := strings.Cut(in.ID, ":"); ns != m.Namespace {
		return &heritage.FieldError{ID: in.ID, Field: "id", Rule: fmt.Sprintf("%q is not in the source's namespace %q (write %s:LOCAL, or LOCAL alone)", in.ID, m.Namespace, m.Namespace)}
	}
	return nil
}

// ValidNamespace reports whether ns can name a source: a lower-case letter
// then lower-case letters, digits, '_', '.' or '-'.
func ValidNamespace(ns string) bool {
	probe := heritage.Institution{ID: ns + ":x", Name: "x", Type: "x", Tier: heritage.TierVerified}
	return !strings.Contains(ns, ":") && probe.Validate() == nil
}
