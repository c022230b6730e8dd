package main

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/plan"
)

// Every frame of the checked-in generated set has its plan frame, and it
// is one the plan knows (or "rules").
func TestFrameTableCoversGenerated(t *testing.T) {
	table, err := readFrameTable(framesTSV)
	require.NoError(t, err)
	f, err := os.Open(filepath.Join("..", "..", "testdata", "generated", "questions.jsonl"))
	require.NoError(t, err)
	defer f.Close()
	qs, bad, err := eval.ReadQuestions(f, nil)
	require.NoError(t, err)
	require.Empty(t, bad)
	known := map[string]bool{"rules": true}
	for _, fr := range []plan.Frame{plan.FrameField, plan.FrameYesNo, plan.FrameSet, plan.FrameCount, plan.FrameCompare,
		plan.FrameMore, plan.FramePair, plan.FrameRelation, plan.FrameLookup, plan.FrameRanking, plan.FrameOffTopic} {
		known[string(fr)] = true
	}
	for _, q := range qs {
		got, ok := table.frame(q.Frame)
		require.True(t, ok, "generator frame %q needs a row in frames.tsv", q.Frame)
		require.True(t, known[got], "%s → %s", q.Frame, got)
	}
	got, _ := table.frame("places_compare_kind")
	require.Equal(t, "compare", got)
	got, _ = table.frame("place_city")
	require.Equal(t, "set", got)
	_, ok := table.frame("nothing_like_it")
	require.False(t, ok)
}

func TestReadFrameTableRejects(t *testing.T) {
	for _, s := range []string{"field_\tfield\nfield_\tset\n", "field_ field\n", "\tfield\n"} {
		_, err := readFrameTable(s)
		require.Error(t, err, s)
	}
}

// Held-out templates are held out whole, and every frame in every
// language keeps at least half of its templates in training.
func TestHeldFolds(t *testing.T) {
	var rows []row
	for _, lang := range []string{"en", "nl"} {
		for _, fr := range []plan.Frame{plan.FrameCount, plan.FrameSet, plan.FramePair} {
			for tpl := range 5 {
				for q := range 4 {
					template := fmt.Sprintf("%s %s template %d {x}", lang, fr, tpl)
					rows = append(rows, row{q: eval.Question{Question: fmt.Sprintf("%s %d", template, q), Template: template, Lang: lang}, frame: fr})
				}
			}
		}
	}
	folds := heldFolds(rows)
	require.Len(t, folds, 30)
	trained := map[string]int{}
	held := 0
	for tpl, f := range folds {
		require.Equal(t, templateFold(tpl) >= 2 || f == 2, f >= 2, tpl)
		if f < 2 {
			held++
		}
	}
	require.Positive(t, held, "some templates are held out")
	for i := 0; i < len(rows); i += 4 {
		if folds[rows[i].q.Template] >= 2 {
			trained[rows[i].q.Lang+string(rows[i].frame)]++
		}
	}
	require.Len(t, trained, 6)
	for g, n := range trained {
		require.GreaterOrEqual(t, n, 3, g)
	}
	require.Equal(t, folds, heldFolds(rows), "deterministic")
}
