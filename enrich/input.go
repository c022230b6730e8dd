package enrich

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
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
