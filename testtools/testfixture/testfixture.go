// Package testfixture is what the tests of many packages share: the
// bundled dataset, loaded once per test binary, samples of it, and values
// built from it once per test binary.
//
// Loading the bundled dataset takes about half a second of CPU, and
// several seconds under the race detector; building an index on it takes
// many times that. A package's tests therefore load and build each of
// these once, through this package, and share the result.
//
// Everything returned here is shared by every test of the binary: tests
// read it and never change it.
//
// When EnvDir names a directory, the test binaries of one test run share
// the bundled dataset through it as a snapshot (heritage.ReadSnapshot),
// which reads many times faster than the JSON Lines decode, the more so
// under the race detector: the first binary to load the dataset writes
// the snapshot, the others read it. scripts/test.sh sets it.
package testfixture

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/fileutil"
)

// EnvDir names the variable that gives the directory the test binaries
// of one run share what they derive from the bundled dataset through. It
// must be new to the run: what is kept there is checked against the
// data, not against the code that wrote it. Unset, every binary loads
// and builds in memory.
const EnvDir = "HYBRIDRAG_TEST_FIXTURES"

var bundled = sync.OnceValues(func() (*heritage.Dataset, error) {
	dir := os.Getenv(EnvDir)
	if dir == "" {
		return heritage.Embedded()
	}
	return loadShared(filepath.Join(dir, heritage.EmbeddedVersion()+".snap"))
})

// loadShared reads the bundled dataset from its snapshot at path, or
// loads it and writes the snapshot there for the next binary. The
// snapshot is of the bundled data's version: heritage.TestSnapshotRoundTrip
// checks that it reads back equal to what it was written from.
func loadShared(path string) (*heritage.Dataset, error) {
	if b, err := os.ReadFile(path); err == nil {
		if ds, err := heritage.ReadSnapshot(b); err == nil && ds.Version == heritage.EmbeddedVersion() {
			return ds, nil
		}
	}
	ds, err := heritage.Embedded()
	if err != nil {
		return nil, err
	}
	// A snapshot that cannot be written costs the next binary only time.
	_ = fileutil.WriteAtomic(path, ds.WriteSnapshot)
	return ds, nil
}

// Dataset returns the bundled dataset, loaded once per test binary.
func Dataset(tb testing.TB) *heritage.Dataset {
	tb.Helper()
	ds, err := bundled()
	if err != nil {
		tb.Fatalf("testfixture: the bundled dataset: %v", err)
	}
	return ds
}

// BenchData returns the dataset of the file HYBRIDRAG_BENCH_DATA names (a
// copy tools/scaledata made, to see how a cost grows with the records),
// or the bundled one without it.
func BenchData(tb testing.TB) *heritage.Dataset {
	tb.Helper()
	path := os.Getenv("HYBRIDRAG_BENCH_DATA")
	if path == "" {
		return Dataset(tb)
	}
	ds, err := heritage.LoadFile(path, heritage.LoadOptions{})
	if err != nil {
		tb.Fatalf("testfixture: HYBRIDRAG_BENCH_DATA: %v", err)
	}
	return ds
}

// Shared returns a function that builds a value from the bundled dataset
// on its first call and returns that value on every call, or fails the
// calling test with the error the build returned. Use it as a package
// variable:
//
//	var testGraph = testfixture.Shared(func(ds *heritage.Dataset) (*kg.Graph, error) {
//		return kg.New(ds), nil
//	})
func Shared[T any](build func(ds *heritage.Dataset) (T, error)) func(testing.TB) T {
	var (
		once sync.Once
		val  T
		err  error
	)
	return func(tb testing.TB) T {
		tb.Helper()
		ds := Dataset(tb)
		once.Do(func() { val, err = build(ds) })
		if err != nil {
			tb.Fatalf("testfixture: %v", err)
		}
		return val
	}
}

// SampleJSONL returns every step-th record of the bundled dataset, from
// the first, as JSON Lines: the content of a --data file.
func SampleJSONL(tb testing.TB, step int) []byte {
	tb.Helper()
	if step < 1 {
		tb.Fatalf("testfixture: sample step %d", step)
	}
	full := Dataset(tb)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	for i := 0; i < len(full.Institutions); i += step {
		if err := enc.Encode(&full.Institutions[i]); err != nil {
			tb.Fatalf("testfixture: sample: %v", err)
		}
	}
	return buf.Bytes()
}

// Sample returns every step-th record of the bundled dataset, from the
// first, loaded as a dataset of its own (with its own data version), as
// a --data file of those records would load.
func Sample(tb testing.TB, step int) *heritage.Dataset {
	tb.Helper()
	ds, err := heritage.LoadBytes(SampleJSONL(tb, step), heritage.LoadOptions{})
	if err != nil {
		tb.Fatalf("testfixture: sample: %v", err)
	}
	return ds
}

// SkipUnderRace skips a test when the race detector is on. It is for
// tests with no concurrency of their own whose work (index builds, sweeps
// over the full dataset or a gold set) the detector slows five to ten
// times. The test command (scripts/test.sh) runs every package without
// the detector as well, so such a test still runs there.
func SkipUnderRace(t testing.TB) {
	t.Helper()
	if RaceEnabled {
		t.Skip("no concurrency of its own: runs without the race detector (scripts/test.sh runs every package so)")
	}
}
