package main

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/index"
)

// currentGCPercent reads the collector's setting.
func currentGCPercent() int {
	p := debug.SetGCPercent(-1)
	debug.SetGCPercent(p)
	return p
}

// Pauses nest: the collector runs again after the last resume, with the
// setting it had, and a second call of a resume changes nothing. (Not
// parallel: the setting belongs to the process.)
func TestPauseCollector(t *testing.T) {
	was := debug.SetGCPercent(150)
	defer debug.SetGCPercent(was)
	first := pauseCollector()
	require.Equal(t, -1, currentGCPercent())
	second := pauseCollector()
	first()
	first()
	require.Equal(t, -1, currentGCPercent(), "paused until the last resume")
	second()
	require.Equal(t, 150, currentGCPercent(), "the setting found is restored")
	second()
	require.Equal(t, 150, currentGCPercent())

	// A percentage set while paused (serve settling its memory after a
	// change of the data) is the one the resume restores.
	resume := pauseCollector()
	setGCPercent(40)
	require.Equal(t, -1, currentGCPercent())
	resume()
	require.Equal(t, 40, currentGCPercent())
	setGCPercent(60)
	require.Equal(t, 60, currentGCPercent())
}

// The collector is paused only for a start that finds the bundled data,
// or a --data file of a version noted in the cache, alone, its snapshot
// and every derived file in the cache.
func TestOpensCache(t *testing.T) {
	dir := t.TempDir()
	cache, store := filepath.Join(dir, "cache"), filepath.Join(dir, "store")
	e := testEnv(t, io.Discard, io.Discard)
	opens := func(df dataFlags) bool {
		t.Helper()
		cfg, err := df.resolve(e.getenv)
		require.NoError(t, err)
		return e.opensCache(cfg)
	}
	df := dataFlags{cacheDir: cache, store: store}
	require.False(t, opens(df), "an empty cache")
	kept := filepath.Join(cache, heritage.EmbeddedVersion())
	require.NoError(t, os.MkdirAll(kept, 0o755))
	for i, f := range []string{index.DatasetFile, index.NamesFile, index.GraphFile, index.RouterFile} {
		require.False(t, opens(df), "without %s", f)
		require.NoError(t, os.WriteFile(filepath.Join(kept, f), []byte{byte(i)}, 0o644))
	}
	require.True(t, opens(df))
	require.False(t, opens(dataFlags{cacheDir: "off", store: store}), "no cache")
	data := ownFile(t, dir, "data.jsonl", 0, 3, 0)
	require.False(t, opens(dataFlags{cacheDir: cache, store: store, data: data}), "--data of no noted version")
	if runtime.GOOS == "linux" {
		// the file's version is noted once the file has settled (see
		// index.DataVersion)
		time.Sleep(2100 * time.Millisecond)
		version, _, err := index.DataVersion(cache, data)
		require.NoError(t, err)
		require.Equal(t, version, index.NotedVersion(cache, data))
		kept := filepath.Join(cache, version)
		require.NoError(t, os.MkdirAll(kept, 0o755))
		for i, f := range []string{index.DatasetFile, index.NamesFile, index.GraphFile, index.RouterFile} {
			require.False(t, opens(dataFlags{cacheDir: cache, store: store, data: data}), "--data without %s", f)
			require.NoError(t, os.WriteFile(filepath.Join(kept, f), []byte{byte(i)}, 0o644))
		}
		require.True(t, opens(dataFlags{cacheDir: cache, store: store, data: data}), "--data of a noted version")
	}
	cliIn(t, 0, "ingest", "--source", "myorg", "--in", ownFile(t, dir, "own.jsonl", 0, 3, 0), "--store", store, "--cache-dir", "off")
	require.False(t, opens(df), "sources over the bundled data")
}
