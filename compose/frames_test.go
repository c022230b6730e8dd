package compose

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/engines"
	"github.com/hybridrag/hybridrag/pipeline"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// The embedded frame classifier explains each question beside its plan
// and changes no answer.
func TestFrameReadingExplains(t *testing.T) {
	ctx := context.Background()
	ds := testfixture.Dataset(t)
	c, err := EmbeddedComponents(ctx, ds, engines.Config{})
	require.NoError(t, err)
	require.NotNil(t, c.Frames, "the default components read frames")
	with, err := pipeline.New(c, pipeline.DefaultOptions())
	require.NoError(t, err)
	c.Frames = nil
	without, err := pipeline.New(c, pipeline.DefaultOptions())
	require.NoError(t, err)

	for _, q := range []string{
		"What is the ISIL code of Heimatstube im Elbtor?",
		"Welke musea zijn er in Leiden?",
		"Who won the football match between Ajax and PSV last night?",
	} {
		a, err := with.Ask(ctx, pipeline.Request{Question: q, Explain: true})
		require.NoError(t, err, q)
		b, err := without.Ask(ctx, pipeline.Request{Question: q, Explain: true})
		require.NoError(t, err, q)
		require.Equal(t, b.Answer, a.Answer, q)
		require.Equal(t, b.Plan, a.Plan, q)
		require.Nil(t, b.Explain.Frames, q)

		f := a.Explain.Frames
		require.NotNil(t, f, q)
		require.Len(t, f.Frames, explainedGuesses, q)
		require.Len(t, f.Intents, explainedGuesses, q)
		require.GreaterOrEqual(t, f.Frames[0].P, f.Frames[1].P, q)
		if f.Frames[0].Label == string(a.Plan.Frame) {
			require.Empty(t, f.Disagreement, q)
		} else {
			require.Contains(t, f.Disagreement, "by rules vs "+f.Frames[0].Label+" by model", q)
		}
	}

	// the reading is part of the explanation only
	r, err := with.Ask(ctx, pipeline.Request{Question: "Welke musea zijn er in Leiden?"})
	require.NoError(t, err)
	require.Nil(t, r.Explain)
}
