package pipeline

import (
	"slices"

	"github.com/hybridrag/hybridrag/plan"
)

// FrameClassifier is a second reading of a question beside the router's
// rules: a model learned from worded examples (router/frameclass) reads
// the question's frame and intent, each with a calibrated probability.
// Optional (Components.Frames). Its reading is explained
// (Explain.Frames) and logged where it differs from the plan's; it never
// changes the plan or the answer.
type FrameClassifier interface {
	ReadFrames(question string, p plan.Plan) FrameReading
}

// FrameReading is what a FrameClassifier reads of a question.
type FrameReading struct {
	// Frames and Intents are the most probable frames and intents, most
	// probable first.
	Frames  []Guess `json:"frames"`
	Intents []Guess `json:"intents"`
	// Fields are the most probable fields the question asks for, were it
	// a question for a field (none when the model has no field head).
	Fields []Guess `json:"fields,omitempty"`
	// Disagreement says that the model's frame is not the plan's, and
	// with what probability ("frame set by rules vs count by model at
	// 0.93"); "" when they agree.
	Disagreement string `json:"disagreement,omitempty"`
	// Backstop is the frame the model would put in the plan's place where
	// the rules leave words unread or fell back to best matches, and why;
	// it is not applied.
	Backstop string `json:"backstop,omitempty"`
}

// Guess is one frame or intent with its probability.
type Guess struct {
	Label string  `json:"label"`
	P     float64 `json:"p"`
}

func (r FrameReading) clone() FrameReading {
	r.Frames, r.Intents, r.Fields = slices.Clone(r.Frames), slices.Clone(r.Intents), slices.Clone(r.Fields)
	return r
}

// readFrames asks the frame classifier, when there is one, and logs a
// disagreement with the plan.
func (p *Pipeline) readFrames(question string, pln plan.Plan) *FrameReading {
	if p.frames == nil {
		return nil
	}
	r := p.frames.ReadFrames(question, pln)
	if r.Disagreement != "" {
		p.log.Debug("rules and model read the frame apart", "question", question, "disagreement", r.Disagreement, "backstop", r.Backstop)
	}
	return &r
}
