package vector_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/gold"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

func loadGold(t *testing.T) []gold.Question {
	t.Helper()
	out, err := gold.Load("../../testdata/questions.jsonl")
	require.NoError(t, err)
	require.NotEmpty(t, out)
	return out
}

// recall is the mean share of expected ids in the top k hits, per intent
// and overall, for the question text alone (no filters, no router).
func recall(t *testing.T, r retrieval.Retriever, qs []gold.Question, k int) (map[string]float64, float64) {
	t.Helper()
	sum := map[string]float64{}
	cnt := map[string]int{}
	var all float64
	for _, q := range qs {
		hits, err := r.Retrieve(context.Background(), retrieval.Query{Text: q.Question, K: k})
		require.NoError(t, err)
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
		rec := float64(n) / float64(len(q.ExpectedIDs))
		sum[q.Intent] += rec
		cnt[q.Intent]++
		all += rec
	}
	for k := range sum {
		sum[k] /= float64(cnt[k])
	}
	return sum, all / float64(len(qs))
}

// TestGoldRecall measures the text-only recall of both retrievers on the
// public gold questions. The floors guard against regressions of the
// analysis and embedding; they sit well below the measured values.
func TestGoldRecall(t *testing.T) {
	testfixture.SkipUnderRace(t)
	f := getFixture(t)
	qs := loadGold(t)
	for _, tc := range []struct {
		name  string
		r     retrieval.Retriever
		floor float64
	}{
		{"vector", f.vector, 0.85},
		{"bm25", f.bm25, 0.85},
	} {
		byIntent, all := recall(t, tc.r, qs, 50)
		t.Logf("%s recall@50 %.3f by intent %v", tc.name, all, byIntent)
		require.GreaterOrEqual(t, all, tc.floor)
	}
}
