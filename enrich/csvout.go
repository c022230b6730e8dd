package enrich

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
)

// OutputFormat is the format of the output file a path names: CSV for
// .csv and .tsv (written comma-separated), JSON Lines for anything else
// (.jsonl, .ndjson, .json, …).
func OutputFormat(path string) Format {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".csv", ".tsv":
		return FormatCSV
	}
	return FormatJSONL
}

// outputFormat is the output format of cfg: the one asked for, which must
// agree with the output's extension when that names a format, or the one
// the extension names.
func outputFormat(cfg Config) (Format, error) {
	byExt := OutputFormat(cfg.Out)
	ext := strings.ToLower(filepath.Ext(cfg.Out))
	named := byExt == FormatCSV || ext == ".jsonl" || ext == ".ndjson" || ext == ".json"
	switch cfg.OutFormat {
	case FormatAuto:
		return byExt, nil
	case FormatCSV, FormatJSONL:
		if named && cfg.OutFormat != byExt {
			return "", inputErrorf("the output %s names %s by its extension, but the output format is %s; "+
				"name the file .%s or leave the output format to the extension", cfg.Out, byExt, cfg.OutFormat, cfg.OutFormat)
		}
		return cfg.OutFormat, nil
	}
	return "", inputErrorf("unknown output format %q (csv or jsonl)", cfg.OutFormat)
}

// linkedColumns are the columns a CSV output adds after the input's: the
// fields of a JSON Lines output, the match's flattened, lists joined
// with "; ".
var linkedColumns = []string{"row", "status", "score", "match_id", "match_name", "match_type", "match_isil",
	"match_wikidata", "match_ghcid", "match_website", "match_city", "match_country", "match_lat", "match_lon",
	"match_year_opened", "match_governance", "match_member_of", "via", "source", "license", "candidates",
	"warnings", "error"}

// csvOutput writes the rows of a CSV output: the input's columns, then
// linkedColumns (and "wikidata", the enricher's JSON, with an enricher).
type csvOutput struct {
	input  []string
	header []string
	buf    bytes.Buffer
	w      *csv.Writer
}

func newCSVOutput(input []string, wikidata bool) *csvOutput {
	c := &csvOutput{input: input}
	c.w = csv.NewWriter(&c.buf)
	linked := linkedColumns
	if wikidata {
		linked = append(linked[:len(linked):len(linked)], "wikidata")
	}
	// An input column of the same name keeps it; the added one is
	// renamed ("status" → "linked_status").
	taken := map[string]bool{}
	for _, col := range input {
		taken[strings.ToLower(col)] = true
	}
	c.header = append(c.header, input...)
	for _, col := range linked {
		name := col
		for n := 1; taken[strings.ToLower(name)]; n++ {
			name = "linked_" + col
			if n > 1 {
				name += "_" + strconv.Itoa(n)
			}
		}
		taken[strings.ToLower(name)] = true
		c.header = append(c.header, name)
	}
	return c
}

// headerLine is the header row.
func (c *csvOutput) headerLine() ([]byte, error) { return c.record(c.header) }

// line is the row of one output.
func (c *csvOutput) line(o Output) ([]byte, error) {
	rec := make([]string, 0, len(c.header))
	var in map[string]json.RawMessage
	if len(o.Input) > 0 && string(o.Input) != "null" {
		if err := json.Unmarshal(o.Input, &in); err != nil {
			return nil, fmt.Errorf("row %d: input: %w", o.Row, err)
		}
	}
	for _, col := range c.input {
		rec = append(rec, cellText(in[col]))
	}
	m := o.Match
	if m == nil {
		m = &Match{}
	}
	var via, source, license string
	if p := o.Provenance; p != nil {
		via, source, license = p.Via, p.Source, p.License
	}
	score := ""
	if o.Status == StatusMatched || o.Status == StatusAmbiguous {
		score = strconv.FormatFloat(o.Score, 'f', -1, 64)
	}
	cands := make([]string, len(o.Candidates))
	for i, cd := range o.Candidates {
		cands[i] = fmt.Sprintf("%s %s (%s, %s)", cd.ID, cd.Name, strconv.FormatFloat(cd.Score, 'f', -1, 64), cd.Via)
	}
	rec = append(rec, strconv.Itoa(o.Row), string(o.Status), score, m.ID, m.Name, m.Type, m.ISIL, m.Wikidata, m.GHCID,
		m.Website, m.City, m.Country, coord(m.Lat), coord(m.Lon), m.YearOpened, m.Governance, strings.Join(m.MemberOf, "; "),
		via, source, license, strings.Join(cands, "; "), strings.Join(o.Warnings, "; "), o.Error)
	if len(rec) < len(c.header) {
		rec = append(rec, cellText(o.Wikidata))
	}
	return c.record(rec)
}

func (c *csvOutput) record(fields []string) ([]byte, error) {
	c.buf.Reset()
	if err := c.w.Write(fields); err != nil {
		return nil, err
	}
	c.w.Flush()
	return c.buf.Bytes(), c.w.Error()
}

// cellText is a JSON value as a CSV cell: a string as it is, null or
// nothing as empty, anything else as its JSON.
func cellText(v json.RawMessage) string {
	v = bytes.TrimSpace(v)
	switch {
	case len(v) == 0 || string(v) == "null":
		return ""
	case v[0] == '"':
		var s string
		if json.Unmarshal(v, &s) == nil {
			return s
		}
	}
	return string(v)
}

func coord(f *float64) string {
	if f == nil {
		return ""
	}
	return strconv.FormatFloat(*f, 'f', -1, 64)
}
