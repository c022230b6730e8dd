package compose

import (
	"github.com/hybridrag/hybridrag/pipeline"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/router/frameclass"
)

// explainedGuesses is how many frames and intents an explanation shows.
const explainedGuesses = 3

// frameReader is the frame classifier as the pipeline reads it: the
// model's most probable frames, intents and fields, where it disagrees with the
// plan, and what its backstop would propose.
type frameReader struct{ m *frameclass.Model }

var _ pipeline.FrameClassifier = frameReader{}

func (f frameReader) ReadFrames(question string, p plan.Plan) pipeline.FrameReading {
	pr := f.m.Predict(question)
	var r pipeline.FrameReading
	for _, s := range pr.Top(explainedGuesses).Frames {
		r.Frames = append(r.Frames, pipeline.Guess{Label: string(s.Frame), P: s.P})
	}
	for _, s := range pr.Top(explainedGuesses).Intents {
		r.Intents = append(r.Intents, pipeline.Guess{Label: string(s.Intent), P: s.P})
	}
	for _, s := range pr.Top(explainedGuesses).Fields {
		r.Fields = append(r.Fields, pipeline.Guess{Label: s.Field, P: s.P})
	}
	if d, ok := frameclass.Disagree(p, pr, 0); ok {
		r.Disagreement = d.String()
	}
	if frame, why, ok := frameclass.Backstop(p, pr); ok {
		r.Backstop = string(frame) + ": " + why
	}
	return r
}
