package index_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/index"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/retrievers"
	"github.com/hybridrag/hybridrag/retrievers/bm25"
	"github.com/hybridrag/hybridrag/retrievers/vector"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// subset is every step-th record of the bundled data, loaded as its own
// dataset (with its own data version).
func subset(tb testing.TB, step int) *heritage.Dataset { return testfixture.Sample(tb, step) }

var questions = []string{
	"Which museums are part of National Museums Scotland?",
	"railway museum in Wales",
	"Stadtbibliothek Göttingen",
	"archives in the Netherlands",
	"military aviation museum",
}

func TestBuildOpenRoundTrip(t *testing.T) {
	testfixture.SkipUnderRace(t)
	ctx := context.Background()
	ds := subset(t, 8)
	e := embed.NewHashing(256)
	dir := t.TempDir()

	var stages []string
	last := map[string][2]int{}
	m, err := index.Build(ctx, ds, e, dir, func(stage string, done, total int) {
		if len(stages) == 0 || stages[len(stages)-1] != stage {
			stages = append(stages, stage)
		}
		last[stage] = [2]int{done, total}
	})
	require.NoError(t, err)
	require.Equal(t, []string{index.StageBM25, index.StageEmbed, index.StageVectors}, stages)
	require.Equal(t, [2]int{len(ds.Institutions), len(ds.Institutions)}, last[index.StageEmbed])
	require.Equal(t, ds.Version, m.DataVersion)
	require.Equal(t, e.ID(), m.EmbedderID)
	require.Equal(t, len(ds.Institutions), m.Records)
	// Every text is looked up once; the few records with the same
	// semantic text as an earlier one are hits.
	require.Equal(t, int64(len(ds.Institutions)), m.CacheMisses+m.CacheHits)
	require.Less(t, m.CacheHits, int64(10))

	st, err := os.Stat(filepath.Join(dir, index.VectorsFile))
	require.NoError(t, err)
	require.Equal(t, int64(4*256*len(ds.Institutions)), st.Size())

	got, err := index.ReadManifest(dir)
	require.NoError(t, err)
	require.Equal(t, m, got)

	x, err := index.Open(ctx, dir, ds, e)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, x.Close()) })

	// The loaded indexes answer exactly like indexes built in memory.
	vecs, err := e.Embed(ctx, semanticTexts(ds))
	require.NoError(t, err)
	mem, err := vector.FromVectors(ds, e, vecs)
	require.NoError(t, err)
	bm, err := bm25.New(ds)
	require.NoError(t, err)
	t.Cleanup(func() { _ = bm.Close() })
	for _, q := range questions {
		want, err := mem.Retrieve(ctx, retrieval.Query{Text: q, K: 10})
		require.NoError(t, err)
		require.NotEmpty(t, want, q)
		have, err := x.Vector.Retrieve(ctx, retrieval.Query{Text: q, K: 10})
		require.NoError(t, err)
		require.Equal(t, want, have, q)

		want, err = bm.Retrieve(ctx, retrieval.Query{Text: q, K: 10})
		require.NoError(t, err)
		require.NotEmpty(t, want, q)
		have, err = x.BM25.Retrieve(ctx, retrieval.Query{Text: q, K: 10})
		require.NoError(t, err)
		require.Equal(t, want, have, q)
	}
}

func TestRebuildUsesCache(t *testing.T) {
	ctx := context.Background()
	ds := subset(t, 16)
	e := embed.NewHashing(64)
	dir := t.TempDir()
	_, err := index.Build(ctx, ds, e, dir, nil)
	require.NoError(t, err)
	m, err := index.Build(ctx, ds, e, dir, nil)
	require.NoError(t, err)
	require.Equal(t, int64(len(ds.Institutions)), m.CacheHits)
	require.Zero(t, m.CacheMisses)

	x, err := index.Open(ctx, dir, ds, e)
	require.NoError(t, err)
	require.NoError(t, x.Close())
}

func TestOpenRefusesMismatch(t *testing.T) {
	ctx := context.Background()
	ds := subset(t, 16)
	e := embed.NewHashing(64)
	dir := t.TempDir()
	_, err := index.Build(ctx, ds, e, dir, nil, index.WithoutCache())
	require.NoError(t, err)
	_, err = os.Stat(filepath.Join(dir, index.CacheFile))
	require.ErrorIs(t, err, os.ErrNotExist)

	other := *ds
	other.Version = "other-version"
	tests := []struct {
		name string
		dir  string
		ds   *heritage.Dataset
		e    embed.Embedder
		want error
		msg  string
	}{
		{"data version", dir, &other, e, index.ErrStale, "rebuild"},
		{"embedder", dir, ds, embed.NewHashing(128), index.ErrStale, "was built with embedder"},
		{"other records", dir, subset(t, 17), e, index.ErrStale, "data version"},
		{"not built", t.TempDir(), ds, e, index.ErrNotBuilt, "index build --dir"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := index.Open(ctx, tc.dir, tc.ds, tc.e)
			require.ErrorIs(t, err, tc.want)
			require.ErrorContains(t, err, tc.msg)
		})
	}
}

func TestBuildCancelled(t *testing.T) {
	ds := subset(t, 16)
	ctx, cancel := context.WithCancel(context.Background())
	dir := t.TempDir()
	_, err := index.Build(ctx, ds, embed.NewHashing(64), dir, func(stage string, done, total int) {
		if stage == index.StageEmbed {
			cancel()
		}
	}, index.WithBatchSize(10))
	require.ErrorIs(t, err, context.Canceled)
	_, err = index.Open(context.Background(), dir, ds, embed.NewHashing(64))
	require.ErrorIs(t, err, index.ErrNotBuilt)
}

func semanticTexts(ds *heritage.Dataset) []string {
	out := make([]string, len(ds.Institutions))
	for i := range ds.Institutions {
		out[i] = retrievers.SemanticText(&ds.Institutions[i])
	}
	return out
}
