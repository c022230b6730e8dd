package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// enrich --out x.csv writes CSV; an --out-format that the extension
// contradicts is refused before anything is written.
func TestEnrichOutputFormatFollowsTheExtension(t *testing.T) {
	dir := t.TempDir()
	in := "../../testdata/enrich-sample.csv"
	out := filepath.Join(dir, "linked.csv")
	code, _, errOut := runCLI(t, "enrich", "--quiet", "--in", in, "--out", out)
	require.Equal(t, exitOK, code, errOut)
	require.Contains(t, errOut, "output csv")
	f, err := os.Open(out)
	require.NoError(t, err)
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	require.NoError(t, err, "the .csv output is CSV")
	require.Equal(t, []string{"name", "city", "country", "isil", "wikidata", "type", "row", "status"}, recs[0][:8])
	require.Len(t, recs, 21, "a header and the sample's 20 rows")
	require.Equal(t, "Riverside Museum at Blakes Lock", recs[1][0])
	require.Equal(t, "matched", recs[1][7])

	jsonl := filepath.Join(dir, "linked.jsonl")
	code, _, errOut = runCLI(t, "enrich", "--quiet", "--in", in, "--out", jsonl, "--out-format", "auto")
	require.Equal(t, exitOK, code, errOut)
	b, err := os.ReadFile(jsonl)
	require.NoError(t, err)
	require.Equal(t, byte('{'), b[0], "the .jsonl output is JSON Lines")

	for _, args := range [][]string{
		{"--out", filepath.Join(dir, "x.csv"), "--out-format", "jsonl"},
		{"--out", filepath.Join(dir, "x.jsonl"), "--out-format", "csv"},
		{"--out", filepath.Join(dir, "x.csv"), "--out-format", "xml"},
	} {
		code, _, errOut := runCLI(t, append([]string{"enrich", "--quiet", "--in", in}, args...)...)
		require.Equal(t, exitUsage, code, "%v: %s", args, errOut)
		require.NoFileExists(t, args[1])
	}
	_, _, errOut = runCLI(t, "enrich", "--quiet", "--in", in, "--out", filepath.Join(dir, "x.csv"), "--out-format", "jsonl")
	require.Contains(t, errOut, "extension")
}
