package vector_test

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/retrievers"
	"github.com/hybridrag/hybridrag/retrievers/vector"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// TestSparseSearchIsExhaustive holds the sparse index, which scores only
// the blocks of records that hold one passing the filters, to the
// exhaustive scan of dense columns over the same vectors: on random
// queries (words of the records, and random vectors with components of
// both signs), random filters (from none to one record's city) and random
// k, the ids, their order and the scores are the same to the bit, on one
// goroutine and on several.
func TestSparseSearchIsExhaustive(t *testing.T) {
	testfixture.SkipUnderRace(t)
	ds := testfixture.Dataset(t)
	e := embed.NewHashing(1024)
	sparse, err := vector.New(ds, e, vector.WithWorkers(1))
	require.NoError(t, err)
	require.True(t, sparse.Sparse())
	// The same columns, read back from their file, scored by three
	// goroutines when a search has enough work.
	var file bytes.Buffer
	require.NoError(t, sparse.WriteSparse(&file))
	split, err := vector.LoadSparse(file.Bytes(), ds, e, vector.WithWorkers(3))
	require.NoError(t, err)
	rows := make([][]float32, ds.Len())
	for i := range rows {
		rows[i] = sparse.Vector(i)
	}
	dense := vector.DenseIndexForTest(ds, e, rows)

	rng := rand.New(rand.NewPCG(1, 2))
	pick := func() int { return rng.IntN(ds.Len()) }
	filters := func() filter.Set {
		in := &ds.Institutions[pick()]
		var m map[string]any
		switch rng.IntN(6) {
		case 0:
			return nil
		case 1:
			m = map[string]any{"country": in.Country}
		case 2:
			m = map[string]any{"type_code": []string{in.TypeCode, "L"}}
		case 3:
			m = map[string]any{"city": in.City}
		case 4:
			m = map[string]any{"country": in.Country, "city": in.City}
		default:
			m = map[string]any{"city": "no such town"}
		}
		b, err := json.Marshal(m)
		require.NoError(t, err)
		fs, err := filter.Parse(b)
		require.NoError(t, err)
		return fs
	}
	query := func() []float32 {
		if rng.IntN(4) == 0 {
			v := make([]float32, e.Dim())
			for range 1 + rng.IntN(200) {
				v[rng.IntN(len(v))] = float32(rng.NormFloat64())
			}
			return v
		}
		var words []string
		for range 1 + rng.IntN(6) {
			f := strings.Fields(retrievers.DocText(&ds.Institutions[pick()]))
			if len(f) > 0 {
				words = append(words, f[rng.IntN(len(f))])
			}
		}
		return e.EmbedOne(strings.Join(words, " "))
	}
	ctx := context.Background()
	cases := 300
	if raceEnabled {
		// The exhaustive scans are ten times slower under the race
		// detector, which looks here at the goroutines of the split
		// search: a tenth of the cases is plenty for that.
		cases = 30
	}
	for c := range cases {
		q, fs, k := query(), filters(), 1+rng.IntN(60)
		want, err := dense.Search(ctx, q, k, fs)
		require.NoError(t, err)
		got, err := sparse.Search(ctx, q, k, fs)
		require.NoError(t, err)
		require.Equal(t, want, got, "case %d, filters %s, k %d", c, fs.Key(), k)
		got, err = split.Search(ctx, q, k, fs)
		require.NoError(t, err)
		require.Equal(t, want, got, "case %d on several goroutines", c)
	}
}
