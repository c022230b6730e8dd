package pipeline

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/gold"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// TestGoldAnswers checks the answers, not only the rankings, over the
// public gold set: a set answer must hold every expected id and nothing
// outside expected ∪ acceptable; a field answer must be the gold answer.
// It logs the per-intent score; the full metrics come from hybridrag eval.
func TestGoldAnswers(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	qs, err := gold.Load("../testdata/questions.jsonl")
	require.NoError(t, err)
	correct, total := map[string]int{}, map[string]int{}
	for _, q := range qs {
		r, err := p.Ask(context.Background(), Request{Question: q.Question, NoCache: true})
		require.NoError(t, err)
		total[q.Intent]++
		ok := false
		switch r.Answer.Kind {
		case KindSet:
			allowed := map[string]bool{}
			for _, id := range append(append([]string{}, q.ExpectedIDs...), q.AcceptableIDs...) {
				allowed[id] = true
			}
			got := map[string]bool{}
			ok = true
			for _, id := range r.Answer.IDs {
				got[id] = true
				ok = ok && allowed[id]
			}
			for _, id := range q.ExpectedIDs {
				ok = ok && got[id]
			}
		case KindField:
			ok = r.Answer.Value != "" && strings.Contains(strings.ToLower(q.Answer), strings.ToLower(r.Answer.Value))
		}
		if ok {
			correct[q.Intent]++
		} else {
			t.Logf("%s: %s → %s", q.ID, q.Question, r.Answer.Text)
		}
	}
	sum, n := 0, 0
	for intent, c := range total {
		t.Logf("%-12s %d/%d answers right", intent, correct[intent], c)
		sum += correct[intent]
		n += c
	}
	t.Logf("overall %d/%d = %.3f", sum, n, float64(sum)/float64(n))
	require.GreaterOrEqual(t, float64(sum)/float64(n), 0.95)
}
