package eval

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/plan"
	"github.com/stretchr/testify/require"
)

// summaryKeys are the keys of every overall and by-intent summary.
var summaryKeys = []string{
	"recall@1", "recall@5", "recall@10", "all_found@10", "mrr", "ndcg@10",
	"exact_match", "answer_precision", "answer_recall", "answer_f1",
	"p50_ms", "p95_ms", "p99_ms",
}

func result(id string, intent, predicted plan.Intent, cfg string, recall10, latency float64, em *float64) QuestionResult {
	return QuestionResult{
		ID: id, Intent: intent, PredictedIntent: predicted, Config: cfg, TopIDs: []string{"mm:a"},
		Metrics: QuestionMetrics{RecallAt1: recall10 / 2, RecallAt5: recall10, RecallAt10: recall10, AllFoundAt10: recall10,
			MRR: recall10, NDCGAt10: recall10, LatencyMS: latency, ExactMatch: em},
	}
}

func sampleReport(t *testing.T) *Report {
	t.Helper()
	cfgs, err := SelectConfigs([]string{ConfigKG, ConfigRouter})
	require.NoError(t, err)
	qs := []Question{
		{ID: "f1", Intent: plan.Factual, Expected: []string{"mm:a"}},
		{ID: "f2", Intent: plan.Factual, Expected: []string{"mm:b"}},
		{ID: "t1", Intent: plan.Temporal, Expected: []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"}},
	}
	results := []QuestionResult{
		result("f1", plan.Factual, plan.Factual, ConfigKG, 1, 1, nil),
		result("f2", plan.Factual, plan.Factual, ConfigKG, 0, 3, nil),
		result("t1", plan.Temporal, plan.Factual, ConfigKG, 0.5, 2, nil),
		result("f1", plan.Factual, plan.Factual, ConfigRouter, 1, 10, ptr(1)),
		result("f2", plan.Factual, plan.Factual, ConfigRouter, 1, 30, ptr(0)),
		result("t1", plan.Temporal, plan.Factual, ConfigRouter, 1, 20, nil),
	}
	results[5].Metrics.AnswerPrecision, results[5].Metrics.AnswerRecall, results[5].Metrics.AnswerF1 = ptr(0.5), ptr(1), ptr(2.0/3)
	return NewReport(qs, cfgs, results)
}

func TestReportAggregates(t *testing.T) {
	r := sampleReport(t)
	require.Equal(t, []string{ConfigKG, ConfigRouter}, r.Order)
	require.Equal(t, []plan.Intent{plan.Factual, plan.Temporal}, r.Intents)

	kg := r.Configs[ConfigKG]
	require.Equal(t, 3, kg.Overall.Questions)
	require.InDelta(t, 0.5, kg.Overall.RecallAt10, 1e-12)
	require.InDelta(t, 0.25, kg.Overall.RecallAt1, 1e-12)
	require.InDelta(t, 0.5, kg.ByIntent[plan.Factual].RecallAt10, 1e-12)
	require.InDelta(t, 0.5, kg.ByIntent[plan.Temporal].RecallAt10, 1e-12)
	require.Nil(t, kg.Overall.ExactMatch, "no answers scored: null")
	require.Equal(t, 2.0, kg.Overall.P50MS)
	require.Equal(t, 3.0, kg.Overall.P99MS)

	rt := r.Configs[ConfigRouter]
	require.NotNil(t, rt.Overall.ExactMatch)
	require.InDelta(t, 0.5, *rt.Overall.ExactMatch, 1e-12, "mean over the two short-answer questions only")
	require.Equal(t, 2, rt.Overall.ShortAnswers)
	require.Equal(t, 1, rt.Overall.AnswerSets)
	require.InDelta(t, 0.5, *rt.Overall.AnswerPrecision, 1e-12)
	require.Nil(t, rt.ByIntent[plan.Temporal].ExactMatch)
	require.Nil(t, rt.ByIntent[plan.Factual].AnswerPrecision)

	// A perfect ranking finds 10 of t1's 12 ids in the top 10.
	require.InDelta(t, (1+1+10.0/12)/3, r.Ceiling.Overall.RecallAt10, 1e-12)
	require.InDelta(t, 2.0/3, r.Ceiling.Overall.AllFoundAt10, 1e-12)
	require.InDelta(t, 1, r.Ceiling.Overall.MRR, 1e-12)
	require.InDelta(t, 1, r.Ceiling.ByIntent[plan.Temporal].NDCGAt10, 1e-12)
	require.InDelta(t, 1.0/12, r.Ceiling.ByIntent[plan.Temporal].RecallAt1, 1e-12)

	require.Equal(t, 3, r.Router.Total, "each question counts once")
	require.Equal(t, 2, r.Router.Correct)
	require.InDelta(t, 2.0/3, r.Router.Accuracy(), 1e-12)
	require.Equal(t, 1, r.Router.Confusion[plan.Temporal][plan.Factual])
}

func TestReportJSONShape(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, sampleReport(t).WriteJSON(&buf))

	var doc map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(buf.Bytes(), &doc))
	require.ElementsMatch(t, []string{"configs", "questions"}, keys(doc))

	var configs map[string]map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(doc["configs"], &configs))
	require.ElementsMatch(t, []string{ConfigKG, ConfigRouter}, keys(configs))
	for name, c := range configs {
		require.ElementsMatch(t, []string{"overall", "by_intent"}, keys(c), name)
		var overall map[string]any
		require.NoError(t, json.Unmarshal(c["overall"], &overall))
		require.ElementsMatch(t, summaryKeys, keys(overall), name)
		var byIntent map[string]map[string]any
		require.NoError(t, json.Unmarshal(c["by_intent"], &byIntent))
		require.ElementsMatch(t, []string{"factual", "temporal"}, keys(byIntent))
		for in, s := range byIntent {
			require.ElementsMatch(t, summaryKeys, keys(s), "%s %s", name, in)
		}
	}
	require.Contains(t, string(doc["configs"]), `"exact_match": null`, "an answer metric that does not apply is null")

	var qs []map[string]any
	require.NoError(t, json.Unmarshal(doc["questions"], &qs))
	require.Len(t, qs, 6)
	for _, q := range qs {
		for _, k := range []string{"id", "intent", "config", "metrics", "top_ids", "predicted_intent"} {
			require.Contains(t, q, k)
		}
		m, ok := q["metrics"].(map[string]any)
		require.True(t, ok)
		for _, k := range []string{"recall@1", "recall@5", "recall@10", "all_found@10", "mrr", "ndcg@10", "exact_match", "latency_ms"} {
			require.Contains(t, m, k)
		}
	}
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestReportTable(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, sampleReport(t).WriteTable(&buf))
	out := buf.String()
	for _, want := range []string{
		"Retrieval quality on 3 questions, 2 configuration(s)",
		"Recall@10 by intent", "All-found@10 by intent", "MRR by intent", "(ceiling)",
		"Router intent accuracy: 0.667 (2/3)", "(routed as factual 1)",
		"Answers (hybrid-router): exact match 0.500 on 2 short-answer questions",
		"judged on the retriever's own ranking",
	} {
		require.Contains(t, out, want)
	}
	// The kg row: R@1 0.250, R@10 0.500, EM not applicable.
	var kgRow string
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "kg ") {
			kgRow = line
			break
		}
	}
	require.NotEmpty(t, kgRow)
	f := strings.Fields(kgRow)
	require.Equal(t, []string{"kg", "0.250", "0.500", "0.500", "0.500", "0.500", "0.500", "–"}, f[:8])

	require.Error(t, sampleReport(t).WriteTable(failWriter{}))
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("closed") }

func TestReportChartIsWellFormedSVG(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, sampleReport(t).WriteChart(&buf))
	dec := xml.NewDecoder(&buf)
	bars, labels := 0, map[string]bool{}
	inText := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		switch el := tok.(type) {
		case xml.StartElement:
			if el.Name.Local == "rect" {
				for _, a := range el.Attr {
					if a.Name.Local == "height" && a.Value != "12" && a.Value != "100%" {
						bars++
					}
				}
			}
			inText = el.Name.Local == "text"
		case xml.CharData:
			if inText {
				labels[strings.TrimSpace(string(el))] = true
			}
		case xml.EndElement:
			inText = false
		}
	}
	// (2 intents + all) × 2 configurations.
	require.Equal(t, 6, bars)
	for _, want := range []string{"factual", "temporal", "all", ConfigKG, ConfigRouter} {
		require.True(t, labels[want], want)
	}
}
