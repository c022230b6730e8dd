package enrich

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/heritage"
)

// Format is the input file format.
type Format string

// Input formats. FormatAuto picks one from the file name and content.
const (
	FormatAuto  Format = ""
	FormatCSV   Format = "csv"
	FormatJSONL Format = "jsonl"
)

// ErrInput marks input that cannot be enriched at all: a file that is not
// CSV or JSON Lines, a header without a name or identifier column, a
// mapping that names a missing column. Malformed single rows are not
// errors; they are written with status "error".
var ErrInput = errors.New("unusable input")

func inputErrorf(format string, a ...any) error {
	return fmt.Errorf("%w: %s", ErrInput, fmt.Sprintf(format, a...))
}

const (
	sniffBytes = 64 << 10
	// maxLineBytes bounds a JSON line; longer lines are error rows.
	maxLineBytes = heritage.MaxRecordBytes
)

// checkRow holds a row that was read to the limits on records: a row over
// heritage.MaxRecords ends the file with ErrInput; a value over
// heritage.MaxFieldBytes, or values over heritage.MaxRecordBytes
// together, make the row an error row naming the column.
func checkRow(rec *record) error {
	if rec.row > heritage.MaxRecords {
		return inputErrorf("line %d: the file has more rows than the limit of %d", rec.line, heritage.MaxRecords)
	}
	if rec.err != "" {
		return nil
	}
	total, longest, col := 0, 0, ""
	for k, v := range rec.fields {
		total += len(v)
		if len(v) > longest || len(v) == longest && k < col {
			longest, col = len(v), k
		}
	}
	switch {
	case longest > heritage.MaxFieldBytes:
		rec.err = fmt.Sprintf("column %q is %s, over the limit of %s for a value", col, heritage.Size(longest), heritage.Size(heritage.MaxFieldBytes))
	case total > heritage.MaxRecordBytes:
		rec.err = fmt.Sprintf("the row is %s, over the limit of %s for a row (its longest value is column %q)", heritage.Size(total), heritage.Size(heritage.MaxRecordBytes), col)
	default:
		return nil
	}
	rec.input, rec.fields = json.RawMessage("null"), nil
	return nil
}

var bom = []byte("\xef\xbb\xbf")

// detectFormat chooses the format from the extension, then the content.
func detectFormat(path string, head []byte) Format {
	switch strings.ToLower(filepath.Ext(strings.TrimSuffix(path, ".gz"))) {
	case ".jsonl", ".ndjson", ".json":
		return FormatJSONL
	case ".csv", ".tsv", ".tab", ".txt":
		return FormatCSV
	}
	if t := bytes.TrimLeft(bytes.TrimPrefix(head, bom), " \t\r\n"); len(t) > 0 && t[0] == '{' {
		return FormatJSONL
	}
	return FormatCSV
}

// checkText rejects binary content (NUL bytes in the first bytes of the
// file) and files in another encoding: invalid UTF-8 on two or more lines
// and on at least half of the first lines. A stray invalid byte is not the
// file's fault: that row alone is reported (see invalidUTF8).
func checkText(head []byte) error {
	if bytes.IndexByte(head, 0) >= 0 {
		return inputErrorf("the file is binary, not CSV or JSON Lines")
	}
	h := head
	// The sniffed prefix may end inside a multi-byte rune.
	for i := 0; i < utf8.UTFMax && len(h) > 0 && !utf8.Valid(h); i++ {
		h = h[:len(h)-1]
	}
	lines, bad := 0, 0
	for line := range bytes.Lines(h) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		lines++
		if !utf8.Valid(line) {
			bad++
		}
	}
	if bad >= 2 && 2*bad >= lines {
		return inputErrorf("the file is not UTF-8 text: %d of its first %d lines are not (convert it first, e.g. iconv -f latin1 -t utf-8)", bad, lines)
	}
	return nil
}

// invalidUTF8 describes the first value that is not valid UTF-8, or "".
func invalidUTF8(values []string) string {
	for _, v := range values {
		if !utf8.ValidString(v) {
			for i, r := range v {
				if r == utf8.RuneError {
					return fmt.Sprintf("invalid UTF-8 at byte %d of %q (the rest of the file is read)", i, strings.ToValidUTF8(v, "\uFFFD"))
				}
			}
		}
	}
	return ""
}

// detectDelimiter counts the candidate delimiters outside quotes on the
// first line and returns the most frequent (',' when none occurs).
func detectDelimiter(head []byte) rune {
	head = bytes.TrimPrefix(head, bom)
	counts := map[byte]int{}
	inQuote := false
	for _, c := range head {
		if c == '"' {
			inQuote = !inQuote
			continue
		}
		if inQuote {
			continue
		}
		if c == '\n' {
			break
		}
		switch c {
		case ',', ';', '\t', '|':
			counts[c]++
		}
	}
	best, n := byte(','), 0
	for _, c := range []byte{',', ';', '\t', '|'} {
		if counts[c] > n {
			best, n = c, counts[c]
		}
	}
	return rune(best)
}

// ParseDelimiter reads a --delimiter value: a single character or one of
// "comma", "semicolon", "tab", "pipe", `\t`.
func ParseDelimiter(s string) (rune, error) {
	switch strings.ToLower(s) {
	case "":
		return 0, nil
	case "comma":
		return ',', nil
	case "semicolon":
		return ';', nil
	case "tab", `\t`:
		return '\t', nil
	case "pipe":
		return '|', nil
	}
	r, size := utf8.DecodeRuneInString(s)
	if size != len(s) || r == '"' || r == '\r' || r == '\n' || r == utf8.RuneError {
		return 0, fmt.Errorf("delimiter must be one character or comma, semicolon, tab, pipe; got %q", s)
	}
	return r, nil
}

// record is one input row.
type record struct {
	row    int               // 1-based data row
	line   int               // line where the row starts
	input  json.RawMessage   // the original columns as a JSON object (null when unreadable)
	fields map[string]string // column → trimmed value
	err    string            // why the row could not be read
}

// source yields the rows of the input in order; io.EOF ends it.
type source interface {
	next() (record, error)
}

// csvSource reads a CSV file with a header row.
type csvSource struct {
	r      *csv.Reader
	header []string
	row    int
}

func newCSVSource(r io.Reader, delim rune) (*csvSource, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	if b, err := br.Peek(len(bom)); err == nil && bytes.Equal(b, bom) {
		_, _ = br.Discard(len(bom))
	}
	cr := csv.NewReader(br)
	cr.Comma = delim
	cr.FieldsPerRecord = 0 // the header's field count
	cr.ReuseRecord = false
	header, err := cr.Read()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return nil, inputErrorf("the file is empty")
		}
		return nil, inputErrorf("no CSV header: %v", err)
	}
	// Column names are unique regardless of case: a repeated name gets
	// the first free suffix ("a", "a_2", "a" reads as a, a_2, a_3).
	seen := map[string]bool{}
	cols := make([]string, len(header))
	for i, h := range header {
		h = strings.TrimSpace(h)
		if h == "" {
			h = "column_" + strconv.Itoa(i+1)
		}
		name := h
		for n := 2; seen[strings.ToLower(name)]; n++ {
			name = h + "_" + strconv.Itoa(n)
		}
		seen[strings.ToLower(name)] = true
		cols[i] = name
	}
	return &csvSource{r: cr, header: cols}, nil
}

func (s *csvSource) columns() []string { return s.header }

func (s *csvSource) next() (record, error) {
	fields, err := s.r.Read()
	if errors.Is(err, io.EOF) {
		return record{}, io.EOF
	}
	s.row++
	rec := record{row: s.row}
	var pe *csv.ParseError
	switch {
	case err == nil:
		rec.line, _ = s.r.FieldPos(0)
		if msg := invalidUTF8(fields); msg != "" {
			rec.err, fields = msg, nil
		} else if msg := s.swallowedRows(fields, rec.line); msg != "" {
			rec.err, fields = msg, nil
		}
	case errors.As(err, &pe):
		rec.line = pe.StartLine
		if errors.Is(pe.Err, csv.ErrFieldCount) {
			rec.err = fmt.Sprintf("%d fields, the header has %d", len(fields), len(s.header))
		} else {
			rec.err = "CSV: " + pe.Err.Error()
			if end := pe.Line; end > pe.StartLine {
				rec.err += fmt.Sprintf(" (the row runs from line %d to line %d: is a closing quote missing?)", pe.StartLine, end)
			}
			fields = nil
		}
	default:
		return record{}, fmt.Errorf("read input: %w", err)
	}
	if fields == nil {
		rec.input = json.RawMessage("null")
		return rec, checkRow(&rec)
	}
	rec.input, rec.fields = columnValues(s.header, fields)
	return rec, checkRow(&rec)
}

// columnValues returns a row's values as a JSON object in column order
// (values past the header are named _extra_N) and as column → trimmed
// value.
func columnValues(header, values []string) (json.RawMessage, map[string]string) {
	fields := make(map[string]string, len(values))
	var b bytes.Buffer
	b.WriteByte('{')
	for i, v := range values {
		key := "_extra_" + strconv.Itoa(i+1)
		if i < len(header) {
			key = header[i]
		}
		if i > 0 {
			b.WriteByte(',')
		}
		writeJSONString(&b, key)
		b.WriteByte(':')
		writeJSONString(&b, v)
		fields[key] = strings.TrimSpace(v)
	}
	b.WriteByte('}')
	return b.Bytes(), fields
}

// swallowedRows reports a quoted field that runs over lines which look
// like whole rows (they hold the delimiter): an unterminated quote that
// swallowed the rows after it. A genuine multi-line value rarely holds the
// delimiter on a later line.
func (s *csvSource) swallowedRows(fields []string, start int) string {
	if len(s.header) < 2 {
		return ""
	}
	span := 0
	suspect := false
	for _, f := range fields {
		n := strings.Count(f, "\n")
		span += n
		if n == 0 {
			continue
		}
		for _, l := range strings.Split(f, "\n")[1:] {
			if strings.ContainsRune(l, s.r.Comma) {
				suspect = true
			}
		}
	}
	if !suspect {
		return ""
	}
	return fmt.Sprintf("a quoted value runs from line %d to line %d over what look like whole rows: is a closing quote missing on line %d? (those lines are not read as rows)", start, start+span, start)
}

func writeJSONString(b *bytes.Buffer, s string) {
	enc, _ := json.Marshal(s) // strings always marshal
	b.Write(enc)
}

// jsonlSource reads one JSON object per line; blank lines are skipped.
type jsonlSource struct {
	r    *bufio.Reader
	line int
	row  int
}

func newJSONLSource(r io.Reader) *jsonlSource {
	br := bufio.NewReaderSize(r, 64<<10)
	if b, err := br.Peek(len(bom)); err == nil && bytes.Equal(b, bom) {
		_, _ = br.Discard(len(bom))
	}
	return &jsonlSource{r: br}
}

// readLine returns the next physical line without its terminator. A line
// longer than maxLineBytes is consumed and reported as too long.
func (s *jsonlSource) readLine() (line []byte, tooLong bool, err error) {
	var buf []byte
	for {
		chunk, err := s.r.ReadSlice('\n')
		if len(buf)+len(chunk) <= maxLineBytes {
			buf = append(buf, chunk...)
		} else {
			tooLong = true
		}
		switch {
		case err == nil:
			return bytes.TrimRight(buf, "\r\n"), tooLong, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF):
			if len(buf) == 0 && !tooLong {
				return nil, false, io.EOF
			}
			return bytes.TrimRight(buf, "\r\n"), tooLong, nil
		default:
			return nil, false, fmt.Errorf("read input: %w", err)
		}
	}
}

func (s *jsonlSource) next() (record, error) {
	for {
		line, tooLong, err := s.readLine()
		if err != nil {
			return record{}, err
		}
		s.line++
		if !tooLong && len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		s.row++
		rec := record{row: s.row, line: s.line, input: json.RawMessage("null")}
		if tooLong {
			rec.err = fmt.Sprintf("line longer than %s, the limit for a row", heritage.Size(maxLineBytes))
			return rec, checkRow(&rec)
		}
		if !utf8.Valid(line) {
			rec.err = invalidUTF8([]string{string(line)})
			return rec, checkRow(&rec)
		}
		fields, err := objectFields(line)
		if err != nil {
			rec.err = err.Error()
			return rec, checkRow(&rec)
		}
		var b bytes.Buffer
		if err := json.Compact(&b, line); err != nil {
			rec.err = "invalid JSON: " + err.Error()
			return rec, checkRow(&rec)
		}
		rec.input = b.Bytes()
		rec.fields = fields
		return rec, checkRow(&rec)
	}
}

// objectFields decodes a JSON object into column values: strings as they
// are, numbers and booleans as written, null as empty; nested values are
// kept in the input but not used for linking.
func objectFields(line []byte) (map[string]string, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(line, &m); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return nil, fmt.Errorf("not a JSON object but %s", te.Value)
		}
		return nil, fmt.Errorf("invalid JSON: %v", err)
	}
	if m == nil {
		return nil, errors.New("not a JSON object but null")
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		v = bytes.TrimSpace(v)
		switch {
		case len(v) == 0 || string(v) == "null":
			out[k] = ""
		case v[0] == '"':
			var s string
			if err := json.Unmarshal(v, &s); err == nil {
				out[k] = strings.TrimSpace(s)
			}
		case v[0] == '{' || v[0] == '[':
		default:
			out[k] = string(v)
		}
	}
	return out, nil
}

// objectKeys returns the keys of a JSON object in their written order.
func objectKeys(line []byte) []string {
	dec := json.NewDecoder(bytes.NewReader(line))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	var keys []string
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return keys
		}
		k, ok := t.(string)
		if !ok {
			return keys
		}
		keys = append(keys, k)
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return keys
		}
	}
	return keys
}

// jsonlColumns collects the keys of the first objects of a JSON Lines
// file, in first-seen order. The first non-blank line must be an object.
func jsonlColumns(r io.Reader, maxLines int) ([]string, error) {
	s := newJSONLSource(r)
	var cols []string
	seen := map[string]bool{}
	for n := 0; n < maxLines; {
		line, tooLong, err := s.readLine()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		s.line++
		if tooLong || len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		n++
		if _, err := objectFields(line); err != nil {
			if len(cols) == 0 && n == 1 {
				return nil, inputErrorf("not JSON Lines: line %d: %v", s.line, err)
			}
			continue
		}
		for _, k := range objectKeys(line) {
			if !seen[k] {
				seen[k] = true
				cols = append(cols, k)
			}
		}
	}
	if len(cols) == 0 {
		return nil, inputErrorf("the file holds no JSON object")
	}
	return cols, nil
}
