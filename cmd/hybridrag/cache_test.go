package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/index"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// TestMain keeps the indexes the commands build at their first start in a
// directory of this test run, not in the user's cache.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "hybridrag-cache-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("XDG_CACHE_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func TestBuildMessageSaysWhyAndHowLong(t *testing.T) {
	require.Equal(t, "once, about 7 s", buildEstimate("hashing", 16286))
	require.Equal(t, "once, about 2 min", buildEstimate("minilm", 16286))
	require.Equal(t, "once, about 57 s", buildEstimate("minilm-q", 16286))
	require.Equal(t, "once, about 1 s", buildEstimate("hashing", 10))
	require.Equal(t, "first run", whyBuild(fmt.Errorf("x: %w", index.ErrNotBuilt)))
	require.Contains(t, whyBuild(fmt.Errorf("x: %w", index.ErrStale)), "other data or another embedder")
	require.Contains(t, whyBuild(fmt.Errorf("x: %w", index.ErrCorrupt)), "damaged")
}

func TestAskBuildsTheCacheOnceThenOpensIt(t *testing.T) {
	testfixture.SkipUnderRace(t)
	full := testfixture.Dataset(t)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	for i := 0; i < full.Len(); i += 50 {
		require.NoError(t, enc.Encode(&full.Institutions[i]))
	}
	data := filepath.Join(t.TempDir(), "some.jsonl")
	require.NoError(t, os.WriteFile(data, buf.Bytes(), 0o644))
	cache := t.TempDir()
	ask := func() (string, string) {
		t.Helper()
		code, out, errOut := runCLI(t, "ask", "--data", data, "--cache-dir", cache, "museums in York")
		require.Equal(t, exitOK, code, errOut)
		// The last line holds the time taken.
		return out[:strings.LastIndex(out, "(intent")], errOut
	}

	first, errOut := ask()
	require.Contains(t, errOut, "building the search indexes of 326 records with the hashing embedder")
	require.Contains(t, errOut, "(first run)")
	require.Contains(t, first, "1. ", "an answer with ranked results")
	second, errOut := ask()
	require.NotContains(t, errOut, "building", "the second run opens the cache")
	require.Equal(t, first, second)

	manifests, err := filepath.Glob(filepath.Join(cache, "*", "hashing-*", index.ManifestFile))
	require.NoError(t, err)
	require.Len(t, manifests, 1)
	snaps, err := filepath.Glob(filepath.Join(cache, "*", index.DatasetFile))
	require.NoError(t, err)
	require.Len(t, snaps, 1)

	// What is derived from the data alone is kept beside the snapshot; a
	// damaged file is not used but derived and written again.
	for _, name := range []string{index.NamesFile, index.GraphFile, index.RouterFile} {
		path := filepath.Join(filepath.Dir(snaps[0]), name)
		good, err := os.ReadFile(path)
		require.NoError(t, err, name)
		bad := bytes.Clone(good)
		bad[len(bad)/2] ^= 0x40
		require.NoError(t, os.WriteFile(path, bad, 0o644))
		again, _ := ask()
		require.Equal(t, first, again, "the answer with a damaged %s", name)
		rewritten, err := os.ReadFile(path)
		require.NoError(t, err)
		require.Equal(t, good, rewritten, "%s is written again", name)
	}

	// A damaged file is noticed and the indexes are built again.
	vectors := filepath.Join(filepath.Dir(manifests[0]), index.SparseFile)
	require.NoError(t, os.Truncate(vectors, 100))
	third, errOut := ask()
	require.Contains(t, errOut, "(the cached ones are damaged)")
	require.Equal(t, first, third)
}
