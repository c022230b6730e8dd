package index_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/internal/gold"
	"github.com/hybridrag/hybridrag/internal/testfixture"
	"github.com/hybridrag/hybridrag/pipeline"
	"github.com/hybridrag/hybridrag/retrievers"
)

func loadGold(tb testing.TB) []gold.Question {
	tb.Helper()
	out, err := gold.Load("../testdata/questions.jsonl")
	require.NoError(tb, err)
	require.Len(tb, out, 240)
	return out
}

// recallAt is the mean share of expected ids in the top k hits of the
// question text alone.
func recallAt(tb testing.TB, r retrievers.Retriever, qs []gold.Question, k int) float64 {
	tb.Helper()
	var all float64
	for _, q := range qs {
		hits, err := r.Retrieve(context.Background(), retrievers.Query{Text: q.Question, K: k})
		require.NoError(tb, err)
		got := map[string]bool{}
		for _, h := range hits {
			got[h.ID] = true
		}
		n := 0
		for _, id := range q.ExpectedIDs {
			if got[id] {
				n++
			}
		}
		all += float64(n) / float64(len(q.ExpectedIDs))
	}
	return all / float64(len(qs))
}

// TestSemanticTextRecall compares the vector index over the compact
// SemanticText with the one over the full DocText, with the hashing
// embedder, on the public gold questions. The compact text must not lose
// much: its floor is a few points under the full text's measured recall.
func TestSemanticTextRecall(t *testing.T) {
	ds := testfixture.Dataset(t)
	e := embed.NewHashing(pipeline.HashingDim)
	full, err := retrievers.NewVectorIndex(ds, e)
	require.NoError(t, err)
	vecs, err := e.Embed(context.Background(), semanticTexts(ds))
	require.NoError(t, err)
	compact, err := retrievers.NewVectorIndexFromVectors(ds, e, vecs)
	require.NoError(t, err)

	qs := loadGold(t)
	for _, k := range []int{10, 50} {
		rf, rc := recallAt(t, full, qs, k), recallAt(t, compact, qs, k)
		t.Logf("hashing recall@%d: DocText %.3f, SemanticText %.3f", k, rf, rc)
		require.GreaterOrEqual(t, rc, rf-0.10, "recall@%d", k)
	}
}
