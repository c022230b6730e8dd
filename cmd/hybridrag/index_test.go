package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

func TestIndexBuildAndInfo(t *testing.T) {
	testfixture.SkipUnderRace(t)
	tmp := t.TempDir()
	data := filepath.Join(tmp, "small.jsonl")
	require.NoError(t, os.WriteFile(data, testfixture.SampleJSONL(t, 200), 0o644))
	dir := filepath.Join(tmp, "idx")

	code, out, errOut := runCLI(t, "index", "build", "--dir", dir, "--data", data)
	require.Equal(t, exitOK, code, errOut)
	require.Contains(t, out, "built "+dir+": 82 records")
	require.Contains(t, errOut, "embed: ")
	require.Contains(t, errOut, "82/82")

	code, out, errOut = runCLI(t, "index", "info", "--dir", dir)
	require.Equal(t, exitOK, code, errOut)
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &m))
	require.Equal(t, float64(82), m["records"])
	require.Contains(t, m["embedder_id"], "hashing")

	// ask and serve start from the built indexes.
	code, out, errOut = runCLI(t, "ask", "--data", data, "--index", dir, "--json", "museum")
	require.Equal(t, exitOK, code, errOut)
	require.Contains(t, out, `"bm25"`)
	code, _, errOut = runCLI(t, "ask", "--index", dir, "museum")
	require.Equal(t, exitUsage, code, "indexes built from other data are refused")
	require.Contains(t, errOut, "--index")

	code, _, errOut = runCLI(t, "index", "info", "--dir", tmp)
	require.Equal(t, exitFail, code)
	require.Contains(t, errOut, "hybridrag index build --dir")

	code, _, _ = runCLI(t, "index", "build")
	require.Equal(t, exitUsage, code)
	code, _, _ = runCLI(t, "index", "build", "--dir", dir, "--embedder", "bert")
	require.Equal(t, exitUsage, code)
	code, _, _ = runCLI(t, "index", "drop")
	require.Equal(t, exitUsage, code)
	code, out, _ = runCLI(t, "index", "--help")
	require.Equal(t, exitOK, code)
	require.Contains(t, out, "--index DIR")
}
