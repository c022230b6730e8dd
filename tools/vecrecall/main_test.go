package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/retrievers/vector"
)

// TestRunBundledIsExact runs the command over the bundled data, which is
// under the pruning threshold: every search is exact and the recall is 1.
func TestRunBundledIsExact(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"--questions", "../../testdata/questions.jsonl", "--limit", "40"}, &out))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 3, out.String())
	cells := strings.Split(lines[2], "|")
	require.Equal(t, "16286", strings.TrimSpace(cells[1]), out.String())
	require.Equal(t, "40", strings.TrimSpace(cells[2]), out.String())
	require.Equal(t, "1.0000", strings.TrimSpace(cells[3]), out.String())
}

// TestMeasureCountsTheExactTop holds the recall to hand-counted cases.
func TestMeasureCountsTheExactTop(t *testing.T) {
	want := []vector.Scored{{Index: 1, Score: 0.9}, {Index: 2, Score: 0.8}, {Index: 3, Score: 0.5}}
	var m measure
	m.add(want, want)
	// 7 ties 3 at the third score; 9 falls short.
	m.add([]vector.Scored{{Index: 1, Score: 0.9}, {Index: 7, Score: 0.5}, {Index: 9, Score: 0.4}}, want)
	m.add(nil, want)
	require.InDelta(t, 5.0/9, m.recall(), 1e-9)
	require.Equal(t, 1, m.whole)
}
