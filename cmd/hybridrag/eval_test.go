package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/router"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	return p
}

func TestEvalReportsBadLinesAndRuns(t *testing.T) {
	testfixture.SkipUnderRace(t)
	f := writeFile(t, "q.jsonl", strings.Join([]string{
		`{"id": "a", "question": "What is the ISIL code of Heimatstube im Elbtor?", "intent": "factual", "expected_ids": ["wd:Q76638581"], "acceptable_ids": [], "answer": "DE-MUS-811216"}`,
		`{"id": "b", "question": "broken`,
		`{"id": "c", "question": "Which museums are part of X?", "intent": "relationship", "expected_ids": ["mm:not-a-record"]}`,
		`{"id": "d", "question": "Q?", "intent": "gossip", "expected_ids": ["wd:Q76638581"]}`,
	}, "\n"))
	chart := filepath.Join(t.TempDir(), "recall.svg")
	code, out, errOut := runCLI(t, "eval", "--questions", f, "--config", "kg", "--config", "hybrid-router", "--json", "--chart", chart)
	require.Equal(t, exitOK, code, errOut)
	require.Contains(t, errOut, f+":2: ")
	require.Contains(t, errOut, f+":3 (c): ")
	require.Contains(t, errOut, "not in the data")
	require.Contains(t, errOut, f+":4 (d): ")
	require.Contains(t, errOut, "eval: 1/1 hybrid-router", "progress")

	var rep struct {
		Configs map[string]struct {
			Overall map[string]*float64 `json:"overall"`
		} `json:"configs"`
		Questions []struct {
			ID     string `json:"id"`
			Config string `json:"config"`
		} `json:"questions"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	require.Len(t, rep.Configs, 2)
	require.Len(t, rep.Questions, 2)
	em := rep.Configs["hybrid-router"].Overall["exact_match"]
	require.NotNil(t, em)
	require.Equal(t, 1.0, *em, "the ISIL is extracted")

	svg, err := os.ReadFile(chart)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(string(svg), "<svg"))
}

func TestEvalTable(t *testing.T) {
	testfixture.SkipUnderRace(t)
	f := writeFile(t, "q.jsonl",
		`{"id": "a", "question": "What is the ISIL code of Heimatstube im Elbtor?", "intent": "factual", "expected_ids": ["wd:Q76638581"], "acceptable_ids": [], "answer": "DE-MUS-811216"}`+"\n")
	code, out, errOut := runCLI(t, "eval", "--questions", f, "--config", "bm25,kg", "--quiet")
	require.Equal(t, exitOK, code, errOut)
	require.Empty(t, errOut, "--quiet")
	require.Contains(t, out, "Recall@10 by intent")
	require.Contains(t, out, "Router intent accuracy")
	require.Contains(t, out, "bm25")
	require.NotContains(t, out, "hybrid-router")
}

func TestEvalFitFusion(t *testing.T) {
	testfixture.SkipUnderRace(t)
	f := writeFile(t, "q.jsonl", strings.Join([]string{
		`{"id": "a", "question": "What is the ISIL code of Heimatstube im Elbtor?", "intent": "factual", "expected_ids": ["wd:Q76638581"]}`,
		`{"id": "b", "question": "Which museums are part of National Museums Scotland?", "intent": "relationship", "expected_ids": ["mm:mm.domus.SC277", "mm:mm.domus.SC280", "mm:mm.domus.SC281"]}`,
	}, "\n"))
	table := filepath.Join(t.TempDir(), "fusion.json")
	code, out, errOut := runCLI(t, "eval", "--questions", f, "--fit-fusion", "--write-fusion", table, "--quiet")
	require.Equal(t, exitOK, code, errOut)
	require.Contains(t, out, "Fusion sweep on 2 questions")
	for _, row := range []string{"rrf k=10 (baseline weights)", "rrf k=100 (baseline weights)", "relative (fitted weights)", "dbsf (fitted weights)", "checked-in table", "chosen: "} {
		require.Contains(t, out, row)
	}
	b, err := os.ReadFile(table)
	require.NoError(t, err)
	got, err := router.ParseFusionTable(b)
	require.NoError(t, err, "the written table is one the router reads")
	require.Contains(t, got.Command, "--fit-fusion")
}

func TestEvalUsageErrors(t *testing.T) {
	empty := writeFile(t, "bad.jsonl", "{\"id\": 1}\nnot json\n")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no file", []string{"eval"}, "--questions FILE.jsonl is required"},
		{"missing file", []string{"eval", "--questions", filepath.Join(t.TempDir(), "none.jsonl")}, "--questions"},
		{"no valid question", []string{"eval", "--questions", empty}, "holds no valid question (2 line(s) rejected)"},
		{"unknown config", []string{"eval", "--questions", empty, "--config", "dense"}, `unknown configuration "dense"`},
		{"positional argument", []string{"eval", "questions.jsonl"}, "unexpected argument"},
		{"write without fit", []string{"eval", "--questions", empty, "--write-fusion", "x.json"}, "--write-fusion needs --fit-fusion"},
		{"fit with configs", []string{"eval", "--questions", empty, "--fit-fusion", "--config", "kg"}, "leave out --config"},
		{"bad leg timeout", []string{"eval", "--questions", empty, "--leg-timeout", "-1s"}, "leg_timeout"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errOut := runCLI(t, tc.args...)
			require.Equal(t, exitUsage, code, errOut)
			require.Contains(t, errOut, tc.want)
		})
	}
}

func TestEvalHelp(t *testing.T) {
	code, out, _ := runCLI(t, "eval", "--help")
	require.Equal(t, exitOK, code)
	for _, want := range []string{"--questions", "hybrid-uniform", "acceptable_ids", "all_found@10", "-chart"} {
		require.Contains(t, out, want)
	}
}

func TestEvalLinks(t *testing.T) {
	testfixture.SkipUnderRace(t)
	f := writeFile(t, "refs.jsonl", strings.Join([]string{
		`{"id": "r1", "kind": "isil_case", "query": {"text": "de-mus-811216"}, "expected_id": "wd:Q76638581", "acceptable_ids": []}`,
		`{"id": "r2", "kind": "absent", "query": {"text": "GB-ZZZZ99"}, "expected_id": ""}`,
		`{"id": "r3", "kind": "absent", "query": {"text": "X"}, "expected_id": "mm:not-a-record"}`,
	}, "\n"))
	code, out, errOut := runCLI(t, "eval", "--links", f)
	require.Equal(t, exitOK, code, errOut)
	require.Contains(t, errOut, f+":3 (r3): ")
	require.Contains(t, out, "Linking quality on 2 references (1 with a referent, 1 that want no match)")
	require.Contains(t, out, "isil_case")

	code, out, errOut = runCLI(t, "eval", "--links", f, "--json")
	require.Equal(t, exitOK, code, errOut)
	var rep struct {
		Overall struct {
			Refs int `json:"refs"`
		} `json:"overall"`
		ByKind map[string]json.RawMessage `json:"by_kind"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	require.Equal(t, 2, rep.Overall.Refs)
	require.Len(t, rep.ByKind, 2)

	code, _, _ = runCLI(t, "eval", "--links", f, "--questions", f)
	require.Equal(t, exitUsage, code)
}

func TestEvalParaphrases(t *testing.T) {
	testfixture.SkipUnderRace(t)
	line := func(id, style, lang, q string) string {
		return `{"id": "` + id + `", "question": "` + q + `", "intent": "factual", "expected_ids": ["wd:Q76638581"], "acceptable_ids": [], "answer": "DE-MUS-811216", "lang": "` + lang + `", "frame": "field_isil", "need": "n1", "style": "` + style + `"}`
	}
	f := writeFile(t, "p.jsonl", strings.Join([]string{
		line("n1-en-question", "question", "en", "What is the ISIL code of Heimatstube im Elbtor?"),
		line("n1-de-question", "question", "de", "Wie lautet der ISIL von Heimatstube im Elbtor?"),
	}, "\n"))
	held := writeFile(t, "h.jsonl", line("h1-en-keywords", "keywords", "en", "ISIL Heimatstube im Elbtor")+"\n")
	code, out, errOut := runCLI(t, "eval", "--paraphrases", f+","+held, "--quiet")
	require.Equal(t, exitOK, code, errOut)
	require.Contains(t, out, "== "+f)
	require.Contains(t, out, "== "+held)
	require.Contains(t, out, "Paraphrases (hybrid-router): 1 needs, 2 wordings")
	require.Contains(t, out, "consistent needs")
	require.Contains(t, out, "By style")

	code, out, errOut = runCLI(t, "eval", "--paraphrases", f, "--json", "--quiet")
	require.Equal(t, exitOK, code, errOut)
	var rep struct {
		Paraphrases []struct {
			File     string `json:"file"`
			Needs    int    `json:"needs"`
			Wordings int    `json:"wordings"`
			Results  []struct {
				Signature string `json:"signature"`
				Right     bool   `json:"right"`
			} `json:"results"`
		} `json:"paraphrases"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	require.Len(t, rep.Paraphrases, 1)
	require.Equal(t, 1, rep.Paraphrases[0].Needs)
	require.Len(t, rep.Paraphrases[0].Results, 2)
	require.True(t, rep.Paraphrases[0].Results[0].Right, "the ISIL is extracted")

	for _, args := range [][]string{
		{"eval", "--paraphrases", f, "--questions", f},
		{"eval", "--paraphrases", f, "--config", "kg"},
		{"eval", "--paraphrases", filepath.Join(t.TempDir(), "none.jsonl")},
	} {
		code, _, errOut := runCLI(t, args...)
		require.Equal(t, exitUsage, code, "%v: %s", args, errOut)
	}
}
