package enrich

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
)

// FuzzJSONLSource checks that every non-blank line of a JSON Lines input
// yields exactly one row, numbered in order and pointing at its line, that
// either holds the line's object or says why it could not be read.
func FuzzJSONLSource(f *testing.F) {
	for _, s := range []string{
		"", "\n\n", `{"name":"Goddards","city":"York"}` + "\n" + `{"name":"x","n":1,"ok":true,"z":null,"nested":{"a":[1]}}`,
		"\xef\xbb\xbf{\"a\":\"b\"}\r\n\r\n  \n[1,2]\nnull\n{\"a\":", "{} \n\t{\"a\":\"\\ud800\"}\n{\"a\":1}{\"b\":2}\nnot json",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		want := nonBlankLines(data, func(line []byte) bool { return len(bytes.TrimSpace(line)) == 0 })
		got := readRows(t, data, newJSONLSource(bytes.NewReader(data)), nil)
		if !slices.Equal(got, want) {
			t.Fatalf("%q: rows on lines %v, want one per non-blank line %v", data, got, want)
		}
	})
}

// FuzzCSVSource checks that a CSV input either fails as a whole with
// ErrInput or yields its rows in order, each holding its columns or saying
// why it could not be read, with column names distinct regardless of case (the mapping matches
// them that way). Without quotes (so
// that one line is one row) every non-empty line after the header yields
// exactly one row.
func FuzzCSVSource(f *testing.F) {
	for _, s := range []string{
		"", "name,city\nGoddards,York\n", "naam;plaats\r\nA;B\r\n\r\nC;D;E\nF", "a,a,A,column_2,\nx,y\n",
		"\xef\xbb\xbfname\tisil\n\"Museum, \"\"the\"\"\"\tDE-1\n\"open\n", "name|x\n a \"b\" |c\n",
	} {
		f.Add([]byte(s), byte(0))
	}
	delims := []rune{',', ';', '\t', '|'}
	f.Fuzz(func(t *testing.T, data []byte, d byte) {
		delim := delims[int(d)%len(delims)]
		src, err := newCSVSource(bytes.NewReader(data), delim)
		if err != nil {
			if !errors.Is(err, ErrInput) {
				t.Fatalf("%q: error %v does not wrap ErrInput", data, err)
			}
			return
		}
		seen := map[string]bool{}
		for _, c := range src.columns() {
			if seen[strings.ToLower(c)] {
				t.Fatalf("%q: column %q twice (ignoring case) in %q", data, c, src.columns())
			}
			seen[strings.ToLower(c)] = true
		}
		got := readRows(t, data, src, func(rec record) {
			if rec.err == "" && len(rec.fields) != len(src.columns()) {
				t.Fatalf("%q: row %d has %d fields, the header %d", data, rec.row, len(rec.fields), len(src.columns()))
			}
		})
		if bytes.IndexByte(data, '"') >= 0 {
			return
		}
		want := nonBlankLines(data, func(line []byte) bool { return len(line) == 0 })
		if len(want) > 0 {
			want = want[1:] // the header
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%q: rows on lines %v, want one per non-empty line after the header %v", data, got, want)
		}
	})
}

// readRows reads every row of src, checks each with checkRecord and check
// (when set), and returns the lines the rows start on, which must increase.
func readRows(t *testing.T, data []byte, src source, check func(record)) []int {
	t.Helper()
	var lines []int
	for {
		rec, err := src.next()
		if errors.Is(err, io.EOF) {
			return lines
		}
		if err != nil {
			t.Fatalf("%q: next: %v", data, err)
		}
		checkRecord(t, data, rec, len(lines)+1)
		if check != nil {
			check(rec)
		}
		if len(lines) > 0 && rec.line <= lines[len(lines)-1] {
			t.Fatalf("%q: row %d starts on line %d, after a row on line %d", data, rec.row, rec.line, lines[len(lines)-1])
		}
		lines = append(lines, rec.line)
	}
}

// checkRecord checks one row: its number, JSON input, and, unless it
// carries an error, an object input with fields.
func checkRecord(t *testing.T, data []byte, rec record, row int) {
	t.Helper()
	if rec.row != row || rec.line < 1 {
		t.Fatalf("%q: row %d on line %d, want row %d", data, rec.row, rec.line, row)
	}
	if !json.Valid(rec.input) {
		t.Fatalf("%q: row %d input %q is not JSON", data, row, rec.input)
	}
	if rec.err == "" {
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(rec.input, &obj); err != nil || obj == nil || rec.fields == nil {
			t.Fatalf("%q: row %d without error holds %q, fields %v", data, row, rec.input, rec.fields)
		}
	}
}

// nonBlankLines returns the 1-based numbers of the lines of data (after a
// byte order mark, without "\r\n" or "\n") that blank does not skip.
func nonBlankLines(data []byte, blank func([]byte) bool) []int {
	text := strings.TrimPrefix(string(data), "\xef\xbb\xbf")
	lines := strings.Split(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	var out []int
	for i, l := range lines {
		if !blank([]byte(strings.TrimSuffix(l, "\r"))) {
			out = append(out, i+1)
		}
	}
	return out
}
