package eval

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/pipeline"
)

func TestAnswerSignature(t *testing.T) {
	sig := func(a pipeline.Answer) string { return AnswerSignature(a) }
	set := func(ids ...string) pipeline.Answer {
		return pipeline.Answer{Kind: pipeline.KindSet, IDs: ids, Exact: true}
	}
	ranked := func(ids ...string) pipeline.Answer { return pipeline.Answer{Kind: pipeline.KindRanked, IDs: ids} }

	require.Equal(t, sig(set("a", "b")), sig(set("b", "a")), "an exact set in another order is the same answer")
	require.NotEqual(t, sig(set("a", "b")), sig(set("a")), "another set")
	require.NotEqual(t, sig(ranked("a", "b")), sig(ranked("b", "a")), "a ranking in another order is another answer")
	require.NotEqual(t, sig(set("a", "b")), sig(ranked("a", "b")), "an exact set is not a ranking")
	require.NotEqual(t, sig(set("a")), sig(pipeline.Answer{Kind: pipeline.KindField, IDs: []string{"a"}, Exact: true}), "another kind")

	field := func(v string, exact bool, ids ...string) pipeline.Answer {
		return pipeline.Answer{Kind: pipeline.KindField, Value: v, IDs: ids, Exact: exact, Text: v + " [1]."}
	}
	require.Equal(t, sig(field("DE-Ma54", true, "x")), sig(field(" de-ma54.", true, "x")), "values as exact match folds them")
	require.NotEqual(t, sig(field("DE-Ma54", true, "x")), sig(field("DE-Ma55", true, "x")))
	require.NotEqual(t, sig(field("DE-Ma54", true, "x")), sig(field("DE-Ma54", true, "y")), "the same value of another institution")
	require.Equal(t, sig(field("3", true, "a", "b")), sig(field("3", true, "b", "a")), "a value's institutions count as a set")
	require.NotEqual(t, sig(field("3", true, "a", "b")), sig(field("3", false, "a", "b")), "a complete answer and one that says it may not be")
	require.Equal(t, sig(field("1901", true, "a")), sig(field("1901", false, "a")),
		"one institution's field, whether or not words were left unread, is the same answer")
	maybe := pipeline.Answer{Kind: pipeline.KindSet, IDs: []string{"a", "b"}}
	require.Equal(t, sig(maybe), sig(pipeline.Answer{Kind: pipeline.KindSet, IDs: []string{"b", "a"}}), "a set, complete or not, is a set")
	require.Equal(t, "none ids=", sig(pipeline.Answer{Kind: pipeline.KindNone, Text: "Nothing found."}))
}

func TestJudgeWording(t *testing.T) {
	ds := tinyData(t)
	short := Question{ID: "1", Need: "n", Frame: "field_isil", Lang: "en", Style: "question", Expected: []string{"mm:a"}, Answer: "DE-1"}
	list := Question{ID: "2", Need: "m", Frame: "place_city", Expected: []string{"mm:a", "mm:b"}, Acceptable: []string{"mm:c"}, Answer: "2 museums: Museum A; Museum B"}
	probe := Question{ID: "3", Frame: "honesty_offtopic", Expected: []string{}}

	answer := func(a pipeline.Answer) *pipeline.Response { return &pipeline.Response{Answer: a} }
	w := JudgeWording(short, answer(pipeline.Answer{Kind: pipeline.KindField, Value: "de-1", IDs: []string{"mm:a"}, Exact: true}), ds)
	require.True(t, w.Right)
	require.Equal(t, "de-1", w.Answer)
	require.Equal(t, "n", w.Need)
	require.Equal(t, "question", w.Style)
	require.False(t, JudgeWording(short, answer(pipeline.Answer{Kind: pipeline.KindRanked, IDs: []string{"mm:a"}}), ds).Right, "a ranking gives no short answer")

	for _, tc := range []struct {
		name  string
		a     pipeline.Answer
		right bool
	}{
		{"exact", pipeline.Answer{Kind: pipeline.KindSet, IDs: []string{"mm:b", "mm:a"}, Exact: true}, true},
		{"acceptable extra", pipeline.Answer{Kind: pipeline.KindSet, IDs: []string{"mm:a", "mm:b", "mm:c"}, Exact: true}, true},
		{"missing one", pipeline.Answer{Kind: pipeline.KindSet, IDs: []string{"mm:a"}, Exact: true}, false},
		{"wrong extra", pipeline.Answer{Kind: pipeline.KindSet, IDs: []string{"mm:a", "mm:b", "mm:x"}, Exact: true}, false},
		{"maybe incomplete", pipeline.Answer{Kind: pipeline.KindSet, IDs: []string{"mm:a", "mm:b"}}, true},
		{"ranking", pipeline.Answer{Kind: pipeline.KindRanked, IDs: []string{"mm:a", "mm:b"}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.right, JudgeWording(list, answer(tc.a), ds).Right)
		})
	}
	require.True(t, JudgeWording(probe, answer(pipeline.Answer{Kind: pipeline.KindNone}), ds).Right)
	require.Equal(t, "3", JudgeWording(probe, answer(pipeline.Answer{Kind: pipeline.KindNone}), ds).Need, "a question without a need is its own")
}

func TestParaphraseReport(t *testing.T) {
	w := func(need, frame, lang, style, sig string, right bool) WordingResult {
		return WordingResult{Need: need, Frame: frame, Lang: lang, Style: style, Kind: strings.Fields(sig)[0], Signature: sig, Right: right}
	}
	rep := NewParaphraseReport([]WordingResult{
		// One need answered the same and right in every wording.
		w("a", "field_isil", "en", "question", "field value=x", true),
		w("a", "field_isil", "en", "keywords", "field value=x", true),
		w("a", "field_isil", "de", "polite", "field value=x", true),
		// One whose keywords wording strays.
		w("b", "count", "en", "question", "set value=3", true),
		w("b", "count", "en", "keywords", "ranked ranked=q", false),
		w("b", "count", "nl", "question", "set value=3", true),
		// One that every wording gets the same wrong answer for.
		w("c", "count", "en", "question", "set value=4", false),
		w("c", "count", "en", "keywords", "set value=4", false),
		// One whose wordings all failed.
		{Need: "d", Frame: "count", Lang: "en", Style: "question", Kind: ErrorKind, Signature: ErrorKind},
	})
	require.Equal(t, 4, rep.Needs)
	require.Equal(t, 9, rep.Wordings)
	require.Equal(t, Share{N: 2, Of: 4}, rep.Overall.Consistent, "a and c; d failed")
	require.Equal(t, Share{N: 1, Of: 4}, rep.Overall.AllRight)
	require.Equal(t, Share{N: 5, Of: 9}, rep.Overall.Right)
	require.Equal(t, []string{"question", "keywords", "polite"}, rep.Styles)
	require.Equal(t, []string{"en", "de", "nl"}, rep.Langs)
	require.Equal(t, []string{"field_isil", "count"}, rep.Frames)
	require.Equal(t, Share{N: 1, Of: 3}, rep.ByStyle["keywords"].Right)
	require.Equal(t, Share{N: 2, Of: 3}, rep.ByStyle["keywords"].Agree, "b's keywords wording strays from its need's usual answer")
	require.Equal(t, Share{N: 4, Of: 5}, rep.ByStyle["question"].Agree, "d's failure agrees with nothing")
	require.Equal(t, Share{N: 1, Of: 1}, rep.ByLang["nl"].Right)
	require.Equal(t, Share{N: 1, Of: 3}, rep.ByFrame["count"].Consistent)

	var b strings.Builder
	require.NoError(t, rep.WriteTable(&b))
	require.Contains(t, b.String(), "consistent needs  0.500 (2/4)")
	require.Contains(t, b.String(), "By style")
	require.Contains(t, b.String(), "By need kind")
	b.Reset()
	require.NoError(t, rep.WriteJSON(&b))
	require.Contains(t, b.String(), `"consistent": {`)
	require.Contains(t, b.String(), `"rate": 0.5`)
}

// TestParaphrasesOnASample asks two needs of the checked-in paraphrase
// set (16 wordings) of the routed pipeline; the full set is scored by
// hybridrag eval --paraphrases.
func TestParaphrasesOnASample(t *testing.T) {
	s := sharedSuite(t)
	f, err := os.Open("../testdata/generated/paraphrases.jsonl")
	require.NoError(t, err)
	defer f.Close()
	qs, bad, err := ReadQuestions(f, func(id string) bool { _, ok := s.Data().Get(id); return ok })
	require.NoError(t, err)
	require.Empty(t, bad)
	frames := map[string]string{}
	var sample []Question
	for _, q := range qs {
		if q.Frame != "field_isil" && q.Frame != "reverse_isil" {
			continue
		}
		if need, ok := frames[q.Frame]; !ok || need == q.Need {
			frames[q.Frame] = q.Need
			sample = append(sample, q)
		}
	}
	require.Len(t, sample, 16)

	rep, err := s.Paraphrases(context.Background(), sample, RunOptions{})
	require.NoError(t, err)
	require.Equal(t, 2, rep.Needs)
	require.Len(t, rep.Results, 16)
	right := 0
	for _, w := range rep.Results {
		require.Empty(t, w.Error)
		require.NotEqual(t, ErrorKind, w.Kind)
		if w.Right {
			right++
		}
		if w.Lang == "en" && w.Style == "question" {
			require.True(t, w.Right, "%s: %s got %q, want %q", w.ID, w.Question, w.Answer, w.Gold)
		}
	}
	require.Equal(t, right, rep.Overall.Right.N)
}
