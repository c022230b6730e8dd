package enrich

import (
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// A row sent as values links as the same row read from a file.
func TestRowLinkerLinksAsRun(t *testing.T) {
	ds, l := realLinker(t)
	in := filepath.Join("..", "testdata", "enrich-sample.csv")
	out := filepath.Join(t.TempDir(), "out.jsonl")
	runJob(t, ds, l, Config{In: in, Out: out})
	want := readOutputs(t, out)

	f, err := os.Open(in)
	require.NoError(t, err)
	defer f.Close()
	r := csv.NewReader(f)
	r.FieldsPerRecord = -1 // the sample has a short row
	records, err := r.ReadAll()
	require.NoError(t, err)
	columns, rows := records[0], records[1:]

	rl, err := NewRowLinker(ds, l)
	require.NoError(t, err)
	m, err := rl.Mapping(columns, Mapping{})
	require.NoError(t, err)
	require.Equal(t, GuessMapping(columns), m)
	require.Len(t, want, len(rows))
	for i, values := range rows {
		got, err := rl.Link(context.Background(), m, columns, i+1, values)
		require.NoError(t, err)
		w := want[i]
		require.Equal(t, w.Status, got.Status, "row %d", i+1)
		require.Equal(t, w.Match, got.Match, "row %d", i+1)
		require.Equal(t, w.Candidates, got.Candidates, "row %d", i+1)
		require.JSONEq(t, string(w.Input), string(got.Input), "row %d", i+1)
	}

	_, err = rl.Mapping(columns, Mapping{Name: "no such column"})
	require.ErrorIs(t, err, ErrInput)
	off, err := rl.Mapping(columns, Mapping{City: "-"})
	require.NoError(t, err)
	require.Empty(t, off.City)
}
