package pipeline

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

type goldQuestion struct {
	ID         string   `json:"id"`
	Question   string   `json:"question"`
	Intent     string   `json:"intent"`
	Answer     string   `json:"answer"`
	Expected   []string `json:"expected_ids"`
	Acceptable []string `json:"acceptable_ids"`
}

// TestGoldAnswers checks the answers, not only the rankings, over the
// public gold set: a set answer must hold every expected id and nothing
// outside expected ∪ acceptable; a field answer must be the gold answer.
// It logs the per-intent score; the full metrics come from hybridrag eval.
func TestGoldAnswers(t *testing.T) {
	p := testPipeline(t)
	f, err := os.Open("../testdata/questions.jsonl")
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	correct, total := map[string]int{}, map[string]int{}
	for sc.Scan() {
		var q goldQuestion
		require.NoError(t, json.Unmarshal(sc.Bytes(), &q))
		r, err := p.Ask(context.Background(), Request{Question: q.Question, NoCache: true})
		require.NoError(t, err)
		total[q.Intent]++
		ok := false
		switch r.Answer.Kind {
		case KindSet:
			allowed := map[string]bool{}
			for _, id := range append(append([]string{}, q.Expected...), q.Acceptable...) {
				allowed[id] = true
			}
			got := map[string]bool{}
			ok = true
			for _, id := range r.Answer.IDs {
				got[id] = true
				ok = ok && allowed[id]
			}
			for _, id := range q.Expected {
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
	require.NoError(t, sc.Err())
	sum, n := 0, 0
	for intent, c := range total {
		t.Logf("%-12s %d/%d answers right", intent, correct[intent], c)
		sum += correct[intent]
		n += c
	}
	t.Logf("overall %d/%d = %.3f", sum, n, float64(sum)/float64(n))
	require.GreaterOrEqual(t, float64(sum)/float64(n), 0.95)
}
