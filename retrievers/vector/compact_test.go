package vector_test

import (
	"bytes"
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/retrievers/vector"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// fixtureCopy is the fixture's index derived anew, made to hold codes
// when compact.
func fixtureCopy(t *testing.T, compact bool) *vector.Index {
	f := getFixture(t)
	from := make([]int, f.ds.Len())
	for i := range from {
		from[i] = i
	}
	x, err := f.vector.Derive(f.ds, from, nil)
	require.NoError(t, err)
	if compact {
		vector.CompactForTest(x)
	}
	return x
}

// TestCompactSearchKeepsTheTop measures what the codes change: for every
// gold and generated question, the share of the exhaustive float32 top 10
// that the exhaustive search of the codes returns (bundled data; copies
// of the records would not change it, their columns' scales being the
// same; every fourth question with -short). It fails below 0.95.
func TestCompactSearchKeepsTheTop(t *testing.T) {
	testfixture.SkipUnderRace(t)
	exact := getFixture(t).vector
	x := fixtureCopy(t, true)
	for _, y := range []*vector.Index{x, exact} {
		vector.SetPruneAtForTest(y, math.MaxInt)
	}
	vecs := questionVectors(t, x)
	ctx := context.Background()
	var sum float64
	n := 0
	for i, q := range vecs {
		if testing.Short() && i%4 != 0 {
			continue // a quarter of the questions
		}
		want, err := exact.Search(ctx, q, 10, nil)
		require.NoError(t, err)
		if len(want) == 0 {
			continue
		}
		got, err := x.Search(ctx, q, 10, nil)
		require.NoError(t, err)
		in := map[int]bool{}
		for _, s := range got {
			in[s.Index] = true
		}
		found := 0
		for _, s := range want {
			if in[s.Index] {
				found++
			}
		}
		sum += float64(found) / float64(len(want))
		n++
	}
	mean := sum / float64(n)
	t.Logf("%d questions: the codes' top 10 holds %.4f of the float32 top 10", n, mean)
	require.GreaterOrEqual(t, mean, 0.95)
}

// The codes' values are within half a step of the float32 values, an
// index derived from a compact one takes them, and what a compact index
// writes reads back to the same codes: the same
// vectors and the same search results, scores to the bit.
func TestCompactRoundTrip(t *testing.T) {
	f := getFixture(t)
	x := fixtureCopy(t, true)
	maxErr := 0.0
	for i := 0; i < x.Len(); i += 97 {
		got, want := x.Vector(i), f.vector.Vector(i)
		for j := range want {
			maxErr = max(maxErr, math.Abs(float64(got[j]-want[j])))
		}
	}
	// a step is a column's largest magnitude over 127, and no component
	// of a unit vector exceeds 1
	require.LessOrEqual(t, maxErr, 0.5/127+1e-6)

	// an index derived from the codes takes their values (from the rows)
	from := make([]int, x.Len())
	for i := range from {
		from[i] = i
	}
	d, err := x.Derive(f.ds, from, nil)
	require.NoError(t, err)
	for i := 0; i < x.Len(); i += 89 {
		require.Equal(t, x.Vector(i), d.Vector(i), "record %d", i)
	}

	var buf bytes.Buffer
	require.NoError(t, x.WriteSparse(&buf))
	y, err := vector.LoadSparse(buf.Bytes(), f.ds, x.Embedder())
	require.NoError(t, err)
	vector.CompactForTest(y)
	for i := 0; i < x.Len(); i += 101 {
		require.Equal(t, x.Vector(i), y.Vector(i), "record %d", i)
	}
	ctx := context.Background()
	for _, q := range questionVectors(t, x)[:200] {
		a, err := x.Search(ctx, q, 20, nil)
		require.NoError(t, err)
		b, err := y.Search(ctx, q, 20, nil)
		require.NoError(t, err)
		require.Equal(t, a, b)
	}
}

// A filtered search of a compact index that scores the few passing
// records from their rows returns what scoring the columns returns,
// scores to the bit.
func TestCompactFilteredSearchFromRows(t *testing.T) {
	testfixture.SkipUnderRace(t)
	rows, cols := fixtureCopy(t, true), fixtureCopy(t, true)
	vector.NoRowsForTest(cols)
	vector.SetPruneAtForTest(cols, math.MaxInt)
	ctx := context.Background()
	vecs := questionVectors(t, rows)
	for i, q := range vecs[:300] {
		for _, bq := range benchQueries {
			if bq.filters == "" {
				continue
			}
			fs, err := filter.Parse([]byte(bq.filters))
			require.NoError(t, err)
			k := 1 + i%40
			want, err := cols.Search(ctx, q, k, fs)
			require.NoError(t, err)
			got, err := rows.Search(ctx, q, k, fs)
			require.NoError(t, err)
			require.Equal(t, want, got, "question %d, filters %s", i, bq.filters)
		}
	}
}
