package bm25_test

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/retrievers/bm25"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// questions reads the question texts of a gold set.
func questions(tb testing.TB, path string) []string {
	tb.Helper()
	f, err := os.Open(path)
	require.NoError(tb, err)
	defer f.Close()
	var out []string
	s := bufio.NewScanner(f)
	s.Buffer(nil, 1<<20)
	for s.Scan() {
		var q struct {
			Question string `json:"question"`
		}
		require.NoError(tb, json.Unmarshal(s.Bytes(), &q))
		out = append(out, q.Question)
	}
	require.NoError(tb, s.Err())
	return out
}

// BenchmarkRetrieve asks the gold questions in turn, K 10, one per
// operation: the sparse leg's time per question (16,286 records).
func BenchmarkRetrieve(b *testing.B) {
	f := getFixture(b)
	for _, set := range []struct{ name, path string }{
		{"public", "../../testdata/questions.jsonl"},
		{"generated", "../../testdata/generated/questions.jsonl"},
	} {
		qs := questions(b, set.path)
		b.Run(set.name, func(b *testing.B) {
			ctx := context.Background()
			i := 0
			for b.Loop() {
				if _, err := f.r.Retrieve(ctx, retrieval.Query{Text: qs[i%len(qs)], K: 10}); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

// BenchmarkNew indexes the bundled dataset in memory.
func BenchmarkNew(b *testing.B) {
	ds := getFixture(b).ds
	for b.Loop() {
		if _, err := bm25.New(ds); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDerive20 makes the index after 20 of the bundled records
// changed from the index before (compare BenchmarkNew, which indexes
// them all).
func BenchmarkDerive20(b *testing.B) {
	f := getFixture(b)
	never := func(int) bool { return false }
	ds, from := testfixture.Edited(b, f.ds, never, func(i int) bool { return i%(f.ds.Len()/20) == 7 }, never, false)
	for b.Loop() {
		if _, err := f.r.Derive(ds, from); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOpen loads the index of the bundled dataset from its file.
func BenchmarkOpen(b *testing.B) {
	f := getFixture(b)
	path := writeIndex(b, f.r)
	st, err := os.Stat(path)
	require.NoError(b, err)
	for b.Loop() {
		if _, err := bm25.Open(path, f.ds); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(st.Size())/(1<<20), "file-MB")
}
