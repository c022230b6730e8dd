package frameclass

import (
	"fmt"
	"strings"

	"github.com/hybridrag/hybridrag/plan"
)

// Disagreement is a question whose frame the rules and the model read
// differently.
type Disagreement struct {
	Rules      plan.Frame `json:"rules"`
	Model      plan.Frame `json:"model"`
	Confidence float64    `json:"confidence"`
}

func (d Disagreement) String() string {
	return fmt.Sprintf("frame %s by rules vs %s by model at %.2f", d.Rules, d.Model, d.Confidence)
}

// Disagree reports whether the model's most probable frame differs from
// the plan's, at a probability of at least min.
func Disagree(p plan.Plan, pr Prediction, min float64) (Disagreement, bool) {
	top := pr.Frame()
	if top.Frame == "" || top.Frame == p.Frame || top.P < min {
		return Disagreement{}, false
	}
	return Disagreement{Rules: p.Frame, Model: top.Frame, Confidence: top.P}, true
}

// DefaultThreshold is the probability at which Backstop lets the model's
// frame stand in for the rules'.
const DefaultThreshold = 0.9

// Backstop is BackstopAt with DefaultThreshold.
func Backstop(p plan.Plan, pr Prediction) (plan.Frame, string, bool) {
	return BackstopAt(p, pr, DefaultThreshold)
}

// BackstopAt proposes the model's frame for a plan where the rules'
// reading is in doubt: they fell back to best matches (the ranking frame)
// or left words of the question unknown, and the model reads another
// frame at a probability of at least min, one the plan's constraints can
// fill (a field needs an institution, a comparison two sides, …). The
// reason says why. Where the rules read every word they decide, and ok is
// false.
func BackstopAt(p plan.Plan, pr Prediction, min float64) (frame plan.Frame, reason string, ok bool) {
	top := pr.Frame()
	if top.Frame == "" || top.Frame == p.Frame || top.P < min {
		return "", "", false
	}
	var doubt string
	switch {
	case p.Frame == plan.FrameRanking:
		doubt = "the rules fell back to best matches"
	case len(p.Unused(plan.UnusedUnread)) > 0:
		doubt = fmt.Sprintf("the rules left %q unread", strings.Join(p.Unused(plan.UnusedUnread), " "))
	case len(p.Unused(plan.UnusedUnknown)) > 0:
		doubt = fmt.Sprintf("the rules did not know %q", strings.Join(p.Unused(plan.UnusedUnknown), " "))
	default:
		return "", "", false
	}
	if !fillable(top.Frame, p) {
		return "", "", false
	}
	return top.Frame, fmt.Sprintf("%s; the model reads %s at %.2f", doubt, top.Frame, top.P), true
}

// fillable reports whether the plan holds what an answer of the frame
// needs: an institution for a field, a yes or no and a relation (named,
// or a name the data does not hold); an identifier for a look-up; two
// institutions for a pair; two sides for a comparison; a condition for a
// set or a count.
func fillable(f plan.Frame, p plan.Plan) bool {
	c := p.Constraints
	one := len(c.Names) > 0 || c.HasIDs() || p.UnusedPhrase(plan.UnusedName) != ""
	switch f {
	case plan.FrameField, plan.FrameYesNo, plan.FrameRelation:
		return one
	case plan.FrameLookup:
		return c.HasIDs() || len(c.Malformed) > 0
	case plan.FramePair:
		return len(c.Names) >= 2 || len(c.Names) == 1 && p.UnusedPhrase(plan.UnusedName) != ""
	case plan.FrameCompare, plan.FrameMore:
		return len(p.Sides) >= 2 || len(c.Places)+len(c.Bodies) >= 2
	case plan.FrameSet, plan.FrameCount:
		return !c.Empty() || c.Selective()
	case plan.FrameOffTopic, plan.FrameRanking:
		return true
	}
	return false
}
