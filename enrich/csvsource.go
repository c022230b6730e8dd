package enrich

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

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
