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

// A word for the institutions that belong to one, unread beside one name
// the data's institutions belong to, asks for its members where the model
// reads a set; a name no institution belongs to keeps the rules' reading.
func TestResolverMembersOfOne(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Which institutions does National Museum of Asian Art have?")
	require.Equal(t, FrameSet, p.Frame, p.Resolved)
	require.Len(t, p.Constraints.Bodies, 1)
	require.Equal(t, "National Museum of Asian Art", p.Constraints.Bodies[0].Name)
	require.Equal(t, "part_of", p.Constraints.Relation)
	require.Empty(t, p.Constraints.Names)

	p = r.Route("Which institutions does the Jorvik Viking Centre have?")
	require.Empty(t, p.Constraints.Bodies)
}
