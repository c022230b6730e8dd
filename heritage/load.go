package heritage

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"unicode"
)

//go:embed data/institutions.jsonl.gz
var embeddedData []byte

//go:embed data/NOTICE
var notice string

// Notice returns the attribution notice that must accompany the bundled data.
func Notice() string { return notice }

// Dataset is a loaded, validated set of institutions. It is read-only after
// loading and safe for concurrent use.
type Dataset struct {
	Institutions []Institution
	// Version identifies the data (a hash of its bytes); caches key on it.
	Version string
	// Skipped counts the invalid lines dropped in SkipInvalid mode.
	Skipped []LineError
	// Unknown are the lines whose records hold fields the record schema
	// does not know, which were ignored (with LoadOptions.Unknown).
	Unknown []UnknownFieldsError

	byID idIndex
	// loc holds the towns derived from each record's location fields
	// (see Towns), derived on first use: a process that reads its graph
	// from a cache never needs them. Copies of the Dataset share it.
	loc *locations
}

// Get returns the institution with the given id.
func (d *Dataset) Get(id string) (*Institution, bool) {
	i, ok := d.byID.find(d.Institutions, id)
	if !ok {
		return nil, false
	}
	return &d.Institutions[i], true
}

// Len is the number of institutions.
func (d *Dataset) Len() int { return len(d.Institutions) }

// LineError reports an invalid record and where it is.
type LineError struct {
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

// UnknownFieldsError is a warning: the record on a line holds fields that
// the record schema does not know, and that were ignored.
type UnknownFieldsError struct {
	Line   int
	Fields []string
}

func (e *UnknownFieldsError) Error() string {
	return fmt.Sprintf("line %d: unknown fields ignored (not in the record schema, see docs/records.md): %s", e.Line, strings.Join(e.Fields, ", "))
}

// ErrInvalidRecord is wrapped by every validation failure.
var ErrInvalidRecord = errors.New("invalid record")

// LoadOptions tune Load.
type LoadOptions struct {
	// SkipInvalid drops invalid lines (counted in Dataset.Skipped) instead of
	// failing on the first one.
	SkipInvalid bool
	// Unknown lists the fields of each record that the record schema does
	// not know in Dataset.Unknown.
	Unknown bool
}

// Embedded loads the dataset bundled with the binary.
func Embedded() (*Dataset, error) {
	return LoadBytes(embeddedData, LoadOptions{})
}

// LoadFile loads a JSON Lines file, gzip-compressed or not.
func LoadFile(path string, opts LoadOptions) (*Dataset, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("heritage: %w", err)
	}
	return LoadBytes(b, opts)
}

// Load reads JSON Lines from r.
func Load(r io.Reader, opts LoadOptions) (*Dataset, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("heritage: read: %w", err)
	}
	return LoadBytes(b, opts)
}

// LoadBytes parses JSON Lines (optionally gzip-compressed) held in memory.
// Lines are decoded in parallel; errors name their 1-based line number.
func LoadBytes(b []byte, opts LoadOptions) (*Dataset, error) {
	sum := sha256.Sum256(b)
	if len(b) > 2 && b[0] == 0x1f && b[1] == 0x8b {
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			return nil, fmt.Errorf("heritage: gzip: %w", err)
		}
		if b, err = io.ReadAll(io.LimitReader(bufio.NewReaderSize(zr, 1<<20), MaxFileBytes+1)); err != nil {
			return nil, fmt.Errorf("heritage: gzip: %w", err)
		}
	}
	if len(b) > MaxFileBytes {
		return nil, fmt.Errorf("heritage: %w: the file is over the limit of %s", ErrInvalidRecord, Size(MaxFileBytes))
	}
	lines := splitLines(b)
	if len(lines) > MaxRecords {
		return nil, fmt.Errorf("heritage: %w: line %d: the file has more lines than the limit of %d records", ErrInvalidRecord, MaxRecords+1, MaxRecords)
	}
	recs := make([]Institution, len(lines))
	errs := make([]error, len(lines))
	unknown := make([][]string, len(lines))

	workers := min(runtime.GOMAXPROCS(0), 8)
	var wg sync.WaitGroup
	chunk := (len(lines) + workers - 1) / max(workers, 1)
	for w := 0; w < workers; w++ {
		lo, hi := w*chunk, min((w+1)*chunk, len(lines))
		if lo >= hi {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := lo; i < hi; i++ {
				if len(lines[i]) == 0 {
					continue
				}
				errs[i] = decodeRecord(lines[i], &recs[i])
				if errs[i] == nil && opts.Unknown {
					unknown[i] = UnknownFields(lines[i])
				}
			}
		}()
	}
	wg.Wait()

	d := &Dataset{
		loc:     &locations{},
		Version: hex.EncodeToString(sum[:8]),
		byID:    newIDIndex(len(lines)),
	}
	d.Institutions = recs[:0]
	for i := range lines {
		if len(lines[i]) == 0 {
			continue
		}
		err := errs[i]
		if err == nil {
			if _, dup := d.byID.find(d.Institutions, recs[i].ID); dup {
				err = fmt.Errorf("%w: duplicate id %q", ErrInvalidRecord, recs[i].ID)
			}
		}
		if err != nil {
			le := &LineError{Line: i + 1, Err: err}
			if !opts.SkipInvalid {
				return nil, fmt.Errorf("heritage: %w", le)
			}
			d.Skipped = append(d.Skipped, *le)
			continue
		}
		if len(unknown[i]) > 0 {
			d.Unknown = append(d.Unknown, UnknownFieldsError{Line: i + 1, Fields: unknown[i]})
		}
		d.Institutions = append(d.Institutions, recs[i])
		d.byID.add(d.Institutions, len(d.Institutions)-1)
	}
	if len(d.Institutions) == 0 {
		return nil, fmt.Errorf("heritage: %w: no records", ErrInvalidRecord)
	}
	nameMembers(d.Institutions, &d.byID)
	compactRecords(d.Institutions)
	return d, nil
}

func splitLines(b []byte) [][]byte {
	n := bytes.Count(b, []byte{'\n'}) + 1
	out := make([][]byte, 0, n)
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		var line []byte
		if i < 0 {
			line, b = b, nil
		} else {
			line, b = b[:i], b[i+1:]
		}
		out = append(out, bytes.TrimSpace(line))
	}
	return out
}

func decodeRecord(line []byte, rec *Institution) error {
	if err := CheckRecordSize(line); err != nil {
		return err
	}
	if err := Decode(line, rec); err != nil {
		return err
	}
	if err := rec.Validate(); err != nil {
		return err
	}
	rec.normalize()
	return nil
}

// Decode reads one JSON record into rec without validating it (see
// Validate): a field of the wrong JSON type is a *FieldError, a line that
// is not a JSON object an error wrapping ErrInvalidRecord. A year
// (year_opened, year_closed) may be written as a JSON number: 1987 reads
// as "1987". Fields the record schema does not know are ignored (see
// UnknownFields).
func Decode(line []byte, rec *Institution) error {
	// The years are read apart: as a string or as a whole number.
	var w struct {
		Record
		YearOpened json.RawMessage `json:"year_opened"`
		YearClosed json.RawMessage `json:"year_closed"`
	}
	if err := json.Unmarshal(line, &w); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			// The path passes through w's embedded Record.
			return &FieldError{Field: strings.TrimPrefix(te.Field, "Record."), Rule: fmt.Sprintf("must be %s, not a JSON %s", jsonKind(te.Type.Kind()), te.Value)}
		}
		return fmt.Errorf("%w: not a JSON object: %v", ErrInvalidRecord, err)
	}
	var err error
	w.Record.YearOpened, err = yearText("year_opened", w.YearOpened)
	if err == nil {
		w.Record.YearClosed, err = yearText("year_closed", w.YearClosed)
	}
	*rec = w.Record.Institution()
	return err
}

// yearText reads a year field written as a string, a whole number
// (1987 → "1987") or null.
func yearText(field string, raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	switch {
	case len(raw) == 0 || string(raw) == "null":
		return "", nil
	case raw[0] == '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", &FieldError{Field: field, Rule: fmt.Sprintf("must be a string or a whole number: %v", err)}
		}
		return s, nil
	}
	// A JSON number (1987, or 1987.0, which JSON Schema calls an integer
	// too) that is a whole year.
	f, err := strconv.ParseFloat(string(raw), 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1e6 {
		return "", &FieldError{Field: field, Rule: fmt.Sprintf("must be a year (1987) or a range of years (\"1960:2017\"), not a JSON %s", raw[:min(len(raw), 40)])}
	}
	return strconv.Itoa(int(f)), nil
}

// normalize cleans known placeholder values: the source marks unknown
// coordinates with out-of-range numbers such as 99.999999.
func (in *Institution) normalize() {
	if in.Lat != nil && (*in.Lat < -90 || *in.Lat > 90) || in.Lon != nil && (*in.Lon < -180 || *in.Lon > 180) {
		in.Lat, in.Lon = nil, nil
		in.SetText(FieldCoordPrecision, "")
	}
}

// Validate checks a record against the rules of the record schema
// (Schema): id, name, type and tier are required, the id is
// NAMESPACE:LOCAL with a lower-case namespace, the tier is a known one,
// every list entry has what identifies it (a member_of entry an id or a
// name), and no text value is over MaxFieldBytes. Every broken rule is
// reported, each as a *FieldError (which wraps ErrInvalidRecord).
func (in *Institution) Validate() error {
	var errs []error
	broken := func(field, rule string) { errs = append(errs, &FieldError{ID: in.ID, Field: field, Rule: rule}) }
	switch {
	case in.ID == "":
		broken("id", "is required")
	case !validID(in.ID):
		broken("id", fmt.Sprintf("%q must be NAMESPACE:LOCAL, a lower-case namespace naming the source (wd:, ror:, mm:, myorg:) and an id without spaces", in.ID))
	}
	if strings.TrimSpace(in.Name) == "" {
		broken("name", "is required")
	}
	if strings.TrimSpace(in.Type) == "" {
		broken("type", "is required (MUSEUM, LIBRARY, ARCHIVE, GALLERY, …)")
	}
	switch {
	case in.Tier == "":
		broken("tier", "is required: "+tierList)
	case in.Tier.Rank() > 3:
		broken("tier", fmt.Sprintf("%q is not one of %s", in.Tier, tierList))
	}
	// every list entry names what it links
	each := func(list string, n int, field string, value func(i int) string) {
		for i := range n {
			if strings.TrimSpace(value(i)) == "" {
				broken(fmt.Sprintf("%s[%d].%s", list, i, field), "is required")
			}
		}
	}
	alt, related := in.AltNames(), in.Related()
	each("alt_names", len(alt), "name", func(i int) string { return alt[i].Name })
	for i, m := range in.MemberOf() {
		if strings.TrimSpace(m.Name) == "" && strings.TrimSpace(m.ID) == "" {
			broken(fmt.Sprintf("member_of[%d]", i), "needs an id or a name")
		}
	}
	each("related", len(related), "relation", func(i int) string { return related[i].Relation })
	each("events", len(in.Events), "type", func(i int) string { return in.Events[i].Type })
	each("collections", len(in.Collections), "name", func(i int) string { return in.Collections[i].Name })
	in.checkFieldSizes(broken)
	if len(errs) == 0 {
		return nil
	}
	return brokenRules(errs)
}

// brokenRules are every rule a record breaks, read as one error.
type brokenRules []error

func (b brokenRules) Error() string {
	parts := make([]string, len(b))
	for i, e := range b {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "; ")
}

func (b brokenRules) Unwrap() []error { return b }

const tierList = "TIER_1_AUTHORITATIVE, TIER_2_VERIFIED or TIER_3_CROWD_SOURCED"

// validID reports whether id is NAMESPACE:LOCAL: a namespace of a
// lower-case letter then lower-case letters, digits, '_', '.' or '-', and
// a local part without white space.
func validID(id string) bool {
	ns, local, ok := strings.Cut(id, ":")
	if !ok || ns == "" || local == "" || strings.ContainsFunc(local, unicode.IsSpace) {
		return false
	}
	for i, r := range ns {
		switch {
		case r >= 'a' && r <= 'z':
		case i > 0 && (r >= '0' && r <= '9' || r == '_' || r == '.' || r == '-'):
		default:
			return false
		}
	}
	return true
}

// FieldError is a record that breaks a rule of the record schema.
type FieldError struct {
	ID    string // the record's id, when it has one
	Field string // the JSON field, e.g. "tier" or "member_of[2].name"
	Rule  string // what the field must be
}

func (e *FieldError) Error() string {
	msg := "field " + e.Field + ": " + e.Rule
	if e.ID != "" && e.Field != "id" {
		msg += " (record " + e.ID + ")"
	}
	return msg
}

// Unwrap lets errors.Is find ErrInvalidRecord.
func (e *FieldError) Unwrap() error { return ErrInvalidRecord }

// jsonKind names the JSON type a Go kind decodes from.
func jsonKind(k reflect.Kind) string {
	switch k {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Struct, reflect.Map, reflect.Pointer:
		return "an object"
	case reflect.Float32, reflect.Float64, reflect.Int, reflect.Int64, reflect.Int32:
		return "a number"
	}
	return k.String()
}

// Subset returns a dataset of the records keep accepts, in order: the data
// to answer from when only part of it matters (one country, one source).
// The records share their slices with d, which both treat as read-only.
// Its Version derives from d's and the kept ids. It fails when keep
// accepts no record.
func (d *Dataset) Subset(keep func(*Institution) bool) (*Dataset, error) {
	h := sha256.New()
	h.Write([]byte(d.Version))
	s := &Dataset{byID: newIDIndex(0), loc: &locations{}}
	for i := range d.Institutions {
		in := &d.Institutions[i]
		if !keep(in) {
			continue
		}
		s.Institutions = append(s.Institutions, *in)
		s.byID.add(s.Institutions, len(s.Institutions)-1)
		h.Write([]byte{0})
		h.Write([]byte(in.ID))
	}
	if len(s.Institutions) == 0 {
		return nil, fmt.Errorf("heritage: subset: %w: no records", ErrInvalidRecord)
	}
	s.Version = hex.EncodeToString(h.Sum(nil)[:8])
	return s, nil
}
