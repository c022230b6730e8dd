package eval

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/pipeline"
	"github.com/hybridrag/hybridrag/plan"
)

func TestShortAnswerFrames(t *testing.T) {
	for _, tc := range []struct {
		name string
		q    Question
		want bool
	}{
		{"public single id", Question{Expected: []string{"a"}, Answer: "DE-MUS-811216"}, true},
		{"public two ids stay out", Question{Expected: []string{"a", "b"}, Answer: "Museum A"}, false},
		{"public list", Question{Expected: []string{"a"}, Answer: "1 museum: Museum A"}, false},
		{"pair winner", Question{Frame: "pair_opened_first", Expected: []string{"a", "b"}, Answer: "Museum A"}, true},
		{"pair yes/no", Question{Frame: "pair_older", Expected: []string{"a", "b"}, Answer: "no"}, true},
		{"count", Question{Frame: "count_accredited", Expected: []string{"a", "b", "c"}, Answer: "3"}, true},
		{"which has more", Question{Frame: "more_small", Expected: []string{"a", "b", "c"}, Answer: "Cornwall"}, true},
		{"framed list", Question{Frame: "place_city", Expected: []string{"a", "b"}, Answer: "2 museums: A; B"}, false},
		{"framed comparison of places", Question{Frame: "places_compare", Expected: []string{"a", "b"}, Answer: "Kent: 1 (A); Devon: 1 (B)"}, false},
		{"name with a colon", Question{Frame: "field_former_name", Expected: []string{"a"}, Answer: "Rocks By Rail: The Living Ironstone Museum"}, true},
		{"honesty probe", Question{Frame: "honesty_offtopic", Expected: []string{}, Answer: ""}, false},
		{"no answer", Question{Frame: "pair_older", Expected: []string{"a", "b"}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, ShortAnswer(tc.q))
		})
	}
}

func TestScoreGeneratedQuestions(t *testing.T) {
	ds := tinyData(t)
	routed := config(t, "hybrid-router")
	yesno := &pipeline.Response{Plan: plan.Plan{Intent: plan.Comparative},
		Hits: fused("mm:a", "mm:b"), Answer: pipeline.Answer{Kind: "yesno", Value: "yes", IDs: []string{"mm:a", "mm:b"}}}
	none := &pipeline.Response{Plan: plan.Plan{Intent: plan.Factual}, Answer: pipeline.Answer{Kind: pipeline.KindNone}}
	field := &pipeline.Response{Plan: plan.Plan{Intent: plan.Factual}, Hits: fused("mm:x"), Answer: pipeline.Answer{Kind: pipeline.KindField, Value: "DE-1"}}

	pair := Question{ID: "p", Intent: plan.Comparative, Frame: "pair_older", Lang: "de", Expected: []string{"mm:a", "mm:b"}, Answer: "yes"}
	probe := Question{ID: "h", Intent: plan.Factual, Frame: "honesty_unknown_isil", Lang: "en", Expected: []string{}}
	res := Score(pair, routed, yesno, ds, 60, 0)
	require.NotNil(t, res.Metrics.ExactMatch)
	require.Equal(t, 1.0, *res.Metrics.ExactMatch, "a yes/no answer counts with two expected ids")
	require.Equal(t, "de", res.Lang)

	honest := Score(probe, routed, none, ds, 60, 0)
	require.True(t, honest.NothingExpected)
	require.Equal(t, 1.0, *honest.Metrics.Honest)
	require.Nil(t, honest.Metrics.ExactMatch)
	dishonest := Score(probe, routed, field, ds, 60, 0)
	require.Equal(t, 0.0, *dishonest.Metrics.Honest, "a made-up identifier answered with a field")
	require.Nil(t, dishonest.Metrics.AnswerF1)

	other := Score(probe, config(t, "bm25"), field, ds, 60, 0)
	require.Nil(t, other.Metrics.Honest, "honesty is an answer metric")
	require.True(t, other.NothingExpected)
}

func TestSummarizeLeavesProbesOutOfRankMetrics(t *testing.T) {
	one, zero := 1.0, 0.0
	s := Summarize([]QuestionResult{
		{Metrics: QuestionMetrics{RecallAt10: 1, MRR: 0.5}},
		{Metrics: QuestionMetrics{RecallAt10: 0.5, MRR: 1}},
		{NothingExpected: true, Metrics: QuestionMetrics{Honest: &one}},
		{NothingExpected: true, Metrics: QuestionMetrics{Honest: &zero}},
		{NothingExpected: true, Metrics: QuestionMetrics{Honest: &one}},
	})
	require.Equal(t, 5, s.Questions)
	require.Equal(t, 2, s.Ranked)
	require.InDelta(t, 0.75, s.RecallAt10, 1e-9)
	require.InDelta(t, 0.75, s.MRR, 1e-9)
	require.Equal(t, 3, s.Probes)
	require.InDelta(t, 2.0/3, *s.Honesty, 1e-9)

	only := Summarize([]QuestionResult{{NothingExpected: true}})
	require.Zero(t, only.RecallAt10, "nothing to average")
	require.Nil(t, only.Honesty, "not an answer configuration")
}

func TestReportByLanguageAndFrame(t *testing.T) {
	ds := tinyData(t)
	routed := config(t, "hybrid-router")
	qs := []Question{
		{ID: "1", Intent: plan.Comparative, Frame: "pair_older", Lang: "en", Expected: []string{"mm:a", "mm:b"}, Answer: "yes"},
		{ID: "2", Intent: plan.Comparative, Frame: "pair_older", Lang: "nl", Expected: []string{"mm:a", "mm:b"}, Answer: "no"},
		{ID: "3", Intent: plan.Factual, Frame: "honesty_offtopic", Lang: "nl", Expected: []string{}},
	}
	yes := &pipeline.Response{Plan: plan.Plan{Intent: plan.Comparative}, Hits: fused("mm:a", "mm:b"), Answer: pipeline.Answer{Kind: "yesno", Value: "yes"}}
	none := &pipeline.Response{Plan: plan.Plan{Intent: plan.Exploratory}, Answer: pipeline.Answer{Kind: pipeline.KindNone}}
	results := []QuestionResult{Score(qs[0], routed, yes, ds, 60, 0), Score(qs[1], routed, yes, ds, 60, 0), Score(qs[2], routed, none, ds, 60, 0)}
	rep := NewReport(qs, []Config{routed}, results)

	require.Equal(t, []string{"en", "nl"}, rep.Langs)
	require.Equal(t, []string{"honesty_offtopic", "pair_older"}, rep.Frames)
	cr := rep.Configs["hybrid-router"]
	require.Equal(t, 1.0, *cr.ByLang["en"].ExactMatch)
	require.Equal(t, 0.0, *cr.ByLang["nl"].ExactMatch)
	require.Equal(t, 2, cr.ByLang["nl"].N)
	require.Equal(t, 1.0, *cr.ByLang["nl"].Honesty)
	require.InDelta(t, 0.5, *cr.ByFrame["pair_older"].ExactMatch, 1e-9)
	require.Equal(t, 1.0, cr.Overall.RecallAt10, "the probe does not pull recall down")
	require.Equal(t, IntentCount{Correct: 1, Total: 1}, rep.IntentByLang["en"])
	require.Equal(t, IntentCount{Correct: 1, Total: 2}, rep.IntentByLang["nl"], "the probe was routed as exploratory")

	var b strings.Builder
	require.NoError(t, rep.WriteTable(&b))
	out := b.String()
	require.Contains(t, out, `Honesty (hybrid-router): 1.000 of 1 questions that expect nothing were answered "none"`)
	require.Contains(t, out, "By language (hybrid-router)")
	require.Contains(t, out, "By frame (hybrid-router)")
	require.Contains(t, out, "by language:  en 1.000 (1/1)  nl 0.500 (1/2)")
}

func TestReportWithoutLanguagesHasNoBreakdowns(t *testing.T) {
	qs := []Question{{ID: "1", Intent: plan.Factual, Expected: []string{"mm:a"}, Answer: "x"}}
	routed := config(t, "hybrid-router")
	rep := NewReport(qs, []Config{routed}, []QuestionResult{Score(qs[0], routed, response(), tinyData(t), 60, 0)})
	require.Nil(t, rep.Configs["hybrid-router"].ByLang)
	require.Nil(t, rep.IntentByLang)
	var b strings.Builder
	require.NoError(t, rep.WriteTable(&b))
	require.NotContains(t, b.String(), "By language")
	require.NotContains(t, b.String(), "Honesty")
}
