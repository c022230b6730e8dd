package index_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/gofrs/flock"
	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/index"
	"github.com/hybridrag/hybridrag/retrievers"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// ensure runs index.Ensure and reports whether it built.
func ensure(t *testing.T, dir string, ds *heritage.Dataset, e embed.Embedder) (built bool, reason error) {
	t.Helper()
	x, err := index.Ensure(context.Background(), dir, ds, e, index.EnsureOptions{
		Building: func(why error) { built, reason = true, why },
	})
	require.NoError(t, err)
	require.Equal(t, len(ds.Institutions), x.Vector.Len())
	require.NoError(t, x.Close())
	return built, reason
}

func TestEnsureBuildsOnceThenReuses(t *testing.T) {
	ds := subset(t, 64)
	e := embed.NewHashing(64)
	dir := index.CacheDir(t.TempDir(), ds.Version, "hashing", e)

	built, reason := ensure(t, dir, ds, e)
	require.True(t, built)
	require.ErrorIs(t, reason, index.ErrNotBuilt)
	m, err := index.ReadManifest(dir)
	require.NoError(t, err)
	require.Contains(t, m.Files, index.VectorsFile)
	require.NotContains(t, m.Files, index.SparseFile, "64 dimensions of hashing are dense")

	built, _ = ensure(t, dir, ds, e)
	require.False(t, built, "a valid build is opened, not rebuilt")
	again, err := index.ReadManifest(dir)
	require.NoError(t, err)
	require.Equal(t, m.BuiltAt, again.BuiltAt)

	// Nothing is left beside the build but its lock and embedding cache.
	left, err := filepath.Glob(dir + ".build-*")
	require.NoError(t, err)
	require.Empty(t, left)
}

// vectorsRead is the vector file Open reads in dir: the sparse one when
// the build has it.
func vectorsRead(t *testing.T, dir string) string {
	m, err := index.ReadManifest(dir)
	require.NoError(t, err)
	if _, ok := m.Files[index.SparseFile]; ok {
		return filepath.Join(dir, index.SparseFile)
	}
	return filepath.Join(dir, index.VectorsFile)
}

func TestEnsureRebuildsDamagedFiles(t *testing.T) {
	testfixture.SkipUnderRace(t)
	ds := subset(t, 64)
	// 64 dimensions of hashing are dense, 1024 sparse.
	for _, dim := range []int{64, 1024} {
		t.Run(fmt.Sprint(dim), func(t *testing.T) { testRebuildsDamagedFiles(t, ds, embed.NewHashing(dim)) })
	}
}

func testRebuildsDamagedFiles(t *testing.T, ds *heritage.Dataset, e *embed.Hashing) {
	for _, tc := range []struct {
		name   string
		damage func(t *testing.T, dir string)
	}{
		{"flipped vector byte", func(t *testing.T, dir string) {
			flipByte(t, vectorsRead(t, dir), 100)
		}},
		{"truncated vectors", func(t *testing.T, dir string) {
			require.NoError(t, os.Truncate(vectorsRead(t, dir), 10))
		}},
		{"flipped bm25 byte", func(t *testing.T, dir string) {
			m, err := index.ReadManifest(dir)
			require.NoError(t, err)
			sum, ok := m.Files[index.BM25File]
			require.True(t, ok, "the manifest lists the bm25 file")
			flipByte(t, filepath.Join(dir, index.BM25File), sum.Size/2)
		}},
		{"missing bm25 file", func(t *testing.T, dir string) {
			require.NoError(t, os.RemoveAll(filepath.Join(dir, index.BM25File)))
		}},
		{"garbled manifest", func(t *testing.T, dir string) {
			require.NoError(t, os.WriteFile(filepath.Join(dir, index.ManifestFile), []byte("{"), 0o644))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := index.CacheDir(t.TempDir(), ds.Version, "hashing", e)
			built, _ := ensure(t, dir, ds, e)
			require.True(t, built)
			if e.Dim() == 1024 {
				require.Equal(t, filepath.Join(dir, index.SparseFile), vectorsRead(t, dir))
			}
			tc.damage(t, dir)

			_, err := index.Open(context.Background(), dir, ds, e)
			require.Error(t, err, "a damaged build is refused")
			built, reason := ensure(t, dir, ds, e)
			require.True(t, built, "a damaged build is rebuilt")
			require.Error(t, reason)
			built, _ = ensure(t, dir, ds, e)
			require.False(t, built)
		})
	}
}

func TestEnsureRebuildsForNewData(t *testing.T) {
	e := embed.NewHashing(64)
	old, cur := subset(t, 64), subset(t, 65)
	require.NotEqual(t, old.Version, cur.Version)
	// One directory for both, as when a user points --index at a
	// fixed place: the manifest's data version decides.
	dir := filepath.Join(t.TempDir(), "idx")
	built, _ := ensure(t, dir, old, e)
	require.True(t, built)
	built, reason := ensure(t, dir, cur, e)
	require.True(t, built)
	require.ErrorIs(t, reason, index.ErrStale)
	m, err := index.ReadManifest(dir)
	require.NoError(t, err)
	require.Equal(t, cur.Version, m.DataVersion)

	// Another embedder is stale too.
	built, reason = ensure(t, dir, cur, embed.NewHashing(32))
	require.True(t, built)
	require.ErrorIs(t, reason, index.ErrStale)

	// And a build of the compact texts when the full texts are wanted.
	full := func() (bool, error) {
		var why error
		x, err := index.Ensure(context.Background(), dir, cur, embed.NewHashing(32), index.EnsureOptions{
			Building: func(err error) { why = err },
			Build:    []index.BuildOption{index.WithDocText()},
		})
		require.NoError(t, err)
		require.Equal(t, retrievers.DocTextVersion, x.Manifest.SemanticText)
		require.NoError(t, x.Close())
		return why != nil, why
	}
	built, reason = full()
	require.True(t, built)
	require.ErrorIs(t, reason, index.ErrStale)
	built, _ = full()
	require.False(t, built)
}

func TestEnsureConcurrentBuildersBuildOnce(t *testing.T) {
	ds := subset(t, 64)
	e := embed.NewHashing(64)
	dir := index.CacheDir(t.TempDir(), ds.Version, "hashing", e)

	var builds, waits atomic.Int32
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			// Each goroutine takes the file lock through its own handle,
			// as separate processes do.
			x, err := index.Ensure(context.Background(), dir, ds, e, index.EnsureOptions{
				Building: func(error) { builds.Add(1) },
				Waiting:  func() { waits.Add(1) },
			})
			if err != nil {
				t.Error(err)
				return
			}
			if x.Vector.Len() != len(ds.Institutions) {
				t.Errorf("opened %d vectors, want %d", x.Vector.Len(), len(ds.Institutions))
			}
			_ = x.Close()
		})
	}
	wg.Wait()
	require.Equal(t, int32(1), builds.Load(), "the others wait and open the first build")
	require.LessOrEqual(t, waits.Load(), int32(3))
}

func flipByte(t *testing.T, path string, at int64) {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Greater(t, int64(len(b)), at)
	b[at] ^= 0xff
	require.NoError(t, os.WriteFile(path, b, 0o644))
}

func TestLoadDatasetKeepsASnapshot(t *testing.T) {
	ds := subset(t, 64)
	root := t.TempDir()
	loads := 0
	load := func() (*heritage.Dataset, error) { loads++; return ds, nil }

	got, err := index.LoadDataset(root, ds.Version, load)
	require.NoError(t, err)
	require.Same(t, ds, got)
	path := filepath.Join(root, ds.Version, index.DatasetFile)
	require.FileExists(t, path)

	got, err = index.LoadDataset(root, ds.Version, load)
	require.NoError(t, err)
	require.Equal(t, 1, loads, "the second start reads the snapshot")
	require.Equal(t, ds.Institutions, got.Institutions)

	// A damaged snapshot is loaded again from the source and rewritten.
	flipByte(t, path, 1000)
	got, err = index.LoadDataset(root, ds.Version, load)
	require.NoError(t, err)
	require.Same(t, ds, got)
	require.Equal(t, 2, loads)
	_, err = index.LoadDataset(root, ds.Version, load)
	require.NoError(t, err)
	require.Equal(t, 2, loads)
}

func TestEnsureWaitsForAnotherBuilder(t *testing.T) {
	ds := subset(t, 64)
	e := embed.NewHashing(64)
	dir := index.CacheDir(t.TempDir(), ds.Version, "hashing", e)
	require.NoError(t, os.MkdirAll(filepath.Dir(dir), 0o755))
	// Another process holds the lock (building).
	other := flock.New(dir + ".lock")
	require.NoError(t, other.Lock())

	waiting := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		x, err := index.Ensure(context.Background(), dir, ds, e, index.EnsureOptions{Waiting: func() { close(waiting) }})
		if err == nil {
			err = x.Close()
		}
		done <- err
	}()
	<-waiting
	select {
	case err := <-done:
		t.Fatalf("Ensure returned while another process held the lock: %v", err)
	default:
	}
	require.NoError(t, other.Unlock())
	require.NoError(t, <-done)
}
