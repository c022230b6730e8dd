package prebuilt

import (
	"bytes"
	"context"
	"io"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/index"
	"github.com/hybridrag/hybridrag/retrievers/bm25"
	"github.com/hybridrag/hybridrag/retrievers/vector"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// TestIndexesEqualBuilt: the indexes read from the files are the ones
// the embedded pipeline builds in memory over the bundled dataset, to the
// byte of their encodings: those the test binaries share when there are,
// else ones built into a directory of the test's own. (That the derived
// structures read back equal to the built ones, the tests of kg, router
// and names check on the bundled dataset.)
func TestIndexesEqualBuilt(t *testing.T) {
	testfixture.SkipUnderRace(t)
	ds := testfixture.Dataset(t)
	parts, err := Embedded(ds)
	require.NoError(t, err)
	x := &index.Indexes{}
	if parts != nil {
		x.Vector, x.BM25 = parts.Vector, parts.BM25
	} else {
		x, err = indexes(context.Background(), t.TempDir(), ds)
		require.NoError(t, err)
	}
	vx, err := vector.New(ds, embed.NewHashing(HashingDim))
	require.NoError(t, err)
	require.Equal(t, vx.Embedder().ID(), x.Vector.Embedder().ID())
	require.Equal(t, vx.Sparse(), x.Vector.Sparse())
	requireSameBytes(t, "vectors", vx.WriteVectors, x.Vector.WriteVectors)
	if vx.Sparse() {
		requireSameBytes(t, "sparse vectors", vx.WriteSparse, x.Vector.WriteSparse)
	}
	bm, err := bm25.New(ds)
	require.NoError(t, err)
	requireSameBytes(t, "BM25 index", bm.WriteIndex, x.BM25.WriteIndex)
}

// requireSameBytes fails unless want and got write the same bytes (a
// diff of megabytes would say no more than where they part).
func requireSameBytes(t *testing.T, what string, want, got func(io.Writer) error) {
	t.Helper()
	var a, b bytes.Buffer
	require.NoError(t, want(&a))
	require.NoError(t, got(&b))
	require.Equal(t, a.Len(), b.Len(), what)
	require.True(t, bytes.Equal(a.Bytes(), b.Bytes()), "%s: the bytes differ", what)
}
