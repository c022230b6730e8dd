package router

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/router/frameclass"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// Where no word of the lexicon names the field a question asks for, the
// model's reading of which field fills it, and the plan says so; a
// relation the rules read is left to them.
func TestResolverFillsFieldFromModel(t *testing.T) {
	var ex []frameclass.Example
	for _, n := range []string{"Beamish", "Chartwell", "the Ashmolean", "Kelham Island", "the Hunterian", "Stadtarchiv Stendal"} {
		ex = append(ex,
			frameclass.Example{Question: n + " zorble", Frame: FrameField, Intent: Factual, Field: "website"},
			frameclass.Example{Question: n + " blimp", Frame: FrameField, Intent: Factual, Field: "opened"},
			frameclass.Example{Question: "museums in " + n, Frame: FrameSet, Intent: Exploratory},
		)
	}
	m, err := frameclass.Train(ex, frameclass.TrainOptions{Buckets: 1 << 12, Epochs: 30})
	require.NoError(t, err)
	r := New(testfixture.Dataset(t), WithFrameModel(m))

	p := r.Route("Jorvik Viking Centre zorble")
	require.Equal(t, FrameField, p.Frame, p.Resolved)
	require.Equal(t, "website", p.Constraints.Field)
	require.True(t, p.FieldByModel)
	require.Contains(t, p.Resolved, "the model reads the field website")

	p = r.Route("Jorvik Viking Centre website")
	require.Equal(t, "website", p.Constraints.Field)
	require.False(t, p.FieldByModel, "a field the lexicon names is the rules'")
}
