package frameclass

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/plan"
)

func prediction(f plan.Frame, p float64) Prediction {
	return Prediction{Frames: []FrameScore{{Frame: f, P: p}, {Frame: plan.FrameRanking, P: 1 - p}}}
}

func TestDisagree(t *testing.T) {
	pl := plan.Plan{Frame: plan.FrameSet}
	d, ok := Disagree(pl, prediction(plan.FrameCount, 0.93), 0.9)
	require.True(t, ok)
	require.Equal(t, "frame set by rules vs count by model at 0.93", d.String())
	_, ok = Disagree(pl, prediction(plan.FrameCount, 0.6), 0.9)
	require.False(t, ok, "below the threshold")
	_, ok = Disagree(pl, prediction(plan.FrameSet, 0.99), 0)
	require.False(t, ok, "the same frame")
	_, ok = Disagree(pl, Prediction{}, 0)
	require.False(t, ok, "no prediction")
}

func TestBackstop(t *testing.T) {
	named := plan.Constraints{Names: []plan.NameMatch{{Text: "beamish", Name: "Beamish", IDs: []string{"x"}, Score: 1}}}
	places := plan.Constraints{Places: []plan.Place{{Name: "Bath", Level: plan.LevelCity}}, TypeCodes: []string{"M"}}
	for _, c := range []struct {
		name  string
		plan  plan.Plan
		pred  Prediction
		want  plan.Frame
		valid bool
	}{
		{"ranking fallback, a name for the field", plan.Plan{Frame: plan.FrameRanking, Constraints: named}, prediction(plan.FrameField, 0.95), plan.FrameField, true},
		{"unread words, a set for the count", unused(plan.Plan{Frame: plan.FrameSet, Constraints: places}, plan.UnusedUnknown, "free", plan.UnusedUnread, "free"), prediction(plan.FrameCount, 0.97), plan.FrameCount, true},
		{"every word read: the rules decide", plan.Plan{Frame: plan.FrameSet, Constraints: places}, prediction(plan.FrameCount, 0.99), "", false},
		{"not confident", plan.Plan{Frame: plan.FrameRanking, Constraints: named}, prediction(plan.FrameField, 0.6), "", false},
		{"same frame", plan.Plan{Frame: plan.FrameRanking}, prediction(plan.FrameRanking, 0.99), "", false},
		{"a field needs an institution", plan.Plan{Frame: plan.FrameRanking, Constraints: places}, prediction(plan.FrameField, 0.99), "", false},
		{"a pair needs two", plan.Plan{Frame: plan.FrameRanking, Constraints: named}, prediction(plan.FramePair, 0.99), "", false},
		{"a look-up needs an identifier", plan.Plan{Frame: plan.FrameRanking, Constraints: plan.Constraints{ISILs: []string{"DE-1"}}}, prediction(plan.FrameLookup, 0.99), plan.FrameLookup, true},
		{"off topic needs nothing", unused(plan.Plan{Frame: plan.FrameRanking}, plan.UnusedUnknown, "pizza"), prediction(plan.FrameOffTopic, 0.95), plan.FrameOffTopic, true},
	} {
		f, why, ok := Backstop(c.plan, c.pred)
		require.Equal(t, c.valid, ok, c.name)
		require.Equal(t, c.want, f, c.name)
		if ok {
			require.NotEmpty(t, why, c.name)
		}
	}
}

// unused sets the plan's words not used, kind by kind: kind, word, kind,
// word …
func unused(p plan.Plan, kw ...any) plan.Plan {
	for i := 0; i+1 < len(kw); i += 2 {
		p.SetUnused(kw[i].(plan.NotUsedKind), kw[i+1].(string))
	}
	return p
}
