package enrich

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestOutputFormatFollowsTheExtension(t *testing.T) {
	for path, want := range map[string]Format{
		"out.csv": FormatCSV, "OUT.CSV": FormatCSV, "out.tsv": FormatCSV, "out.jsonl": FormatJSONL,
		"out.json": FormatJSONL, "out.ndjson": FormatJSONL, "out": FormatJSONL, "out.txt": FormatJSONL,
	} {
		require.Equal(t, want, OutputFormat(path), path)
	}
	for _, c := range []struct {
		out  string
		asks Format
		ok   bool
	}{
		{"x.csv", FormatAuto, true}, {"x.csv", FormatCSV, true}, {"x.csv", FormatJSONL, false},
		{"x.jsonl", FormatCSV, false}, {"x.json", FormatCSV, false}, {"x.txt", FormatCSV, true}, {"x.txt", FormatJSONL, true},
		{"x.csv", "xml", false},
	} {
		got, err := outputFormat(Config{Out: c.out, OutFormat: c.asks})
		if !c.ok {
			require.ErrorIs(t, err, ErrInput, "%s as %q", c.out, c.asks)
			continue
		}
		require.NoError(t, err, "%s as %q", c.out, c.asks)
		if c.asks != FormatAuto {
			require.Equal(t, c.asks, got)
		}
	}
}

// readCSV reads a CSV output: its header and rows.
func readCSV(t *testing.T, path string) ([]string, [][]string) {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	require.NoError(t, err)
	require.NotEmpty(t, recs)
	return recs[0], recs[1:]
}

// An output named .csv is CSV: the input's columns, then the linked ones,
// one row per input row, saying what the JSON Lines output says.
func TestEnrichWritesCSVForACSVOutput(t *testing.T) {
	ds, l := realLinker(t)
	dir := t.TempDir()
	in := writeGen(t, dir, generateRows(ds, 120, genMixed, 3))
	ref := filepath.Join(dir, "ref.jsonl")
	runJob(t, ds, l, Config{In: in, Out: ref, Workers: 2})
	outs := readOutputs(t, ref)

	out := filepath.Join(dir, "out.csv")
	j, err := New(ds, l, Config{In: in, Out: out, Workers: 2})
	require.NoError(t, err)
	require.Equal(t, FormatCSV, j.Plan().OutFormat)
	_, err = j.Run(context.Background())
	require.NoError(t, err)
	header, rows := readCSV(t, out)
	cols := j.Plan().Columns
	require.Equal(t, append(append([]string{}, cols...), linkedColumns...), header)
	require.Len(t, rows, len(outs))
	at := map[string]int{}
	for i, h := range header {
		at[h] = i
	}
	for i, o := range outs {
		row := rows[i]
		require.Equal(t, strconv.Itoa(o.Row), row[at["row"]])
		require.Equal(t, string(o.Status), row[at["status"]], "row %d", o.Row)
		if o.Match != nil {
			require.Equal(t, o.Match.ID, row[at["match_id"]])
			require.Equal(t, o.Match.Name, row[at["match_name"]])
			require.Equal(t, o.Provenance.Via, row[at["via"]])
		} else {
			require.Empty(t, row[at["match_id"]])
		}
		require.Equal(t, o.Error, row[at["error"]])
		fields := map[string]string{}
		require.NoError(t, json.Unmarshal(o.Input, &fields))
		for _, c := range cols {
			require.Equal(t, fields[c], row[at[c]], "row %d, column %s", o.Row, c)
		}
	}
}

// A CSV output resumes after an interruption as a JSON Lines one does:
// one header, every row once.
func TestEnrichCSVOutputResumes(t *testing.T) {
	ds, l := realLinker(t)
	dir := t.TempDir()
	in := writeGen(t, dir, generateRows(ds, 600, genMixed, 9))
	ref := filepath.Join(dir, "ref.csv")
	runJob(t, ds, l, Config{In: in, Out: ref, Workers: 2})

	out := filepath.Join(dir, "out.csv")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	j, err := New(ds, &cancelLinker{Linker: l, after: 300, cancel: cancel}, Config{In: in, Out: out, Workers: 2, CheckpointEvery: 50})
	require.NoError(t, err)
	_, err = j.Run(ctx)
	require.ErrorIs(t, err, context.Canceled)
	j, err = New(ds, l, Config{In: in, Out: out, Workers: 2})
	require.NoError(t, err)
	require.Positive(t, j.Plan().ResumeRow)
	_, err = j.Run(context.Background())
	require.NoError(t, err)
	requireSameFile(t, ref, out)
}

// An input column named as a linked one keeps its name; the linked one
// is renamed.
func TestCSVOutputRenamesCollidingColumns(t *testing.T) {
	c := newCSVOutput([]string{"name", "Status", "linked_status", "error"}, true)
	require.Equal(t, []string{"name", "Status", "linked_status", "error", "row", "linked_status_2", "score"}, c.header[:7])
	require.Contains(t, c.header, "linked_error")
	require.Equal(t, "wikidata", c.header[len(c.header)-1])
	seen := map[string]bool{}
	for _, h := range c.header {
		require.False(t, seen[h], "%s twice", h)
		seen[h] = true
	}
}
