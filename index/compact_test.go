package index_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/index"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/retrievers/vector"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// copies is the bundled data's records repeated under other ids up to n
// records: a dataset large enough for its vectors to be held as codes.
func copies(tb testing.TB, n int) *heritage.Dataset {
	tb.Helper()
	base := testfixture.Dataset(tb).Institutions
	recs := make([]heritage.Institution, 0, n)
	for c := 0; len(recs) < n; c++ {
		for i := 0; i < len(base) && len(recs) < n; i++ {
			in := base[i]
			in.ID = fmt.Sprintf("%s-copy%d", in.ID, c)
			recs = append(recs, in)
		}
	}
	ds, err := heritage.FromRecords(recs, fmt.Sprintf("copies-%d", n))
	require.NoError(tb, err)
	return ds
}

// An index large enough to hold codes keeps them in its compact file, and
// opening that file gives the searches that compacting the sparse file
// gives; a damaged compact file is refused, and the cache builds again.
func TestCompactVectorsRoundTrip(t *testing.T) {
	testfixture.SkipUnderRace(t)
	if testing.Short() {
		t.Skip("builds the indexes of 50,100 records")
	}
	n := 50_100
	require.True(t, vector.HoldsCodes(n), "the vectors of %d records are held as codes", n)
	ds := copies(t, n)
	e := embed.NewHashing(1024)
	ctx := context.Background()
	dir := index.CacheDir(t.TempDir(), ds.Version, "hashing", e)
	opts := index.EnsureOptions{Build: []index.BuildOption{index.WithoutCache(), index.WithDocText()}}
	x, err := index.Ensure(ctx, dir, ds, e, opts)
	require.NoError(t, err)
	require.NoError(t, x.Close())
	m, err := index.ReadManifest(dir)
	require.NoError(t, err)
	require.Contains(t, m.Files, index.CompactFile)

	x, err = index.Open(ctx, dir, ds, e)
	require.NoError(t, err)
	t.Cleanup(func() { _ = x.Close() })
	b, err := os.ReadFile(filepath.Join(dir, index.SparseFile))
	require.NoError(t, err)
	compacted, err := vector.LoadSparse(b, ds, e)
	require.NoError(t, err)
	for _, q := range questions {
		want, err := compacted.Retrieve(ctx, retrieval.Query{Text: q, K: 20})
		require.NoError(t, err)
		require.NotEmpty(t, want, q)
		have, err := x.Vector.Retrieve(ctx, retrieval.Query{Text: q, K: 20})
		require.NoError(t, err)
		require.Equal(t, want, have, q)
	}

	path := filepath.Join(dir, index.CompactFile)
	flipByte(t, path, m.Files[index.CompactFile].Size/2)
	_, err = index.Open(ctx, dir, ds, e)
	require.ErrorIs(t, err, index.ErrCorrupt)
	require.ErrorContains(t, err, index.CompactFile)
	var reason error
	opts.Building = func(why error) { reason = why }
	x, err = index.Ensure(ctx, dir, ds, e, opts)
	require.NoError(t, err)
	require.NoError(t, x.Close())
	require.ErrorIs(t, reason, index.ErrCorrupt, "a damaged compact file is built again")
	_, err = index.Open(ctx, dir, ds, e)
	require.NoError(t, err)
}
