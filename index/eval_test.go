package index_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/engines"
	"github.com/hybridrag/hybridrag/internal/gold"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/retrievers/vector"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

func loadGold(tb testing.TB) []gold.Question {
	tb.Helper()
	out, err := gold.Load("../testdata/questions.jsonl")
	require.NoError(tb, err)
	require.Len(tb, out, 240)
	return out
}

// recallAt is, for each k of ks (ascending), the mean share of expected
// ids in the top k hits of the question text alone. The vector index
// breaks ties by record order, so the top k hits are the first k of the
// top max(ks): one search a question serves every k.
func recallAt(tb testing.TB, r retrieval.Retriever, qs []gold.Question, ks ...int) []float64 {
	tb.Helper()
	all := make([]float64, len(ks))
	for _, q := range qs {
		hits, err := r.Retrieve(context.Background(), retrieval.Query{Text: q.Question, K: ks[len(ks)-1]})
		require.NoError(tb, err)
		for i, k := range ks {
			got := map[string]bool{}
			for _, h := range hits[:min(k, len(hits))] {
				got[h.ID] = true
			}
			n := 0
			for _, id := range q.ExpectedIDs {
				if got[id] {
					n++
				}
			}
			all[i] += float64(n) / float64(len(q.ExpectedIDs))
		}
	}
	for i := range all {
		all[i] /= float64(len(qs))
	}
	return all
}

// TestSemanticTextRecall compares the vector index over the compact
// SemanticText with the one over the full DocText, with the hashing
// embedder, on the public gold questions. The compact text must not lose
// much: its floor is a few points under the full text's measured recall.
func TestSemanticTextRecall(t *testing.T) {
	testfixture.SkipUnderRace(t)
	ds := testfixture.Dataset(t)
	e := embed.NewHashing(engines.HashingDim)
	full, err := vector.New(ds, e)
	require.NoError(t, err)
	vecs, err := e.Embed(context.Background(), semanticTexts(ds))
	require.NoError(t, err)
	compact, err := vector.FromVectors(ds, e, vecs)
	require.NoError(t, err)

	qs := loadGold(t)
	ks := []int{10, 50}
	rf, rc := recallAt(t, full, qs, ks...), recallAt(t, compact, qs, ks...)
	for i, k := range ks {
		t.Logf("hashing recall@%d: DocText %.3f, SemanticText %.3f", k, rf[i], rc[i])
		require.GreaterOrEqual(t, rc[i], rf[i]-0.10, "recall@%d", k)
	}
}
