package enrich

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/heritage"
)

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
