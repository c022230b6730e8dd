package pipeline

import (
	"fmt"

	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/plan"
)

// Input is what an answerer reads: the question's graph selection (nil
// when the graph failed), its plan and the fused ranking. An answerer
// does not reach any backend.
type Input struct {
	Selection *kg.Selection
	Plan      plan.Plan
	Fused     []fusion.Fused
}

// Answerer answers a question of a frame it is registered for, or
// declines (false) so that the next answerer registered for the frame
// may.
type Answerer interface {
	Answer(in Input) (draft, bool)
}

// AnswererFunc is a function that is an Answerer.
type AnswererFunc func(in Input) (draft, bool)

// Answer calls f.
func (f AnswererFunc) Answer(in Input) (draft, bool) { return f(in) }

// Step amends the answer whatever answerer made it.
type Step func(d draft, pln plan.Plan) draft

// Registry holds the answerers of each frame, in the order they are
// tried, the answerers of a frame registered for none, the answerer that
// answers when none of them does, and the steps every answer then goes
// through.
type Registry struct {
	frames   map[plan.Frame][]Answerer
	others   []Answerer
	fallback Answerer
	steps    []Step
}

// Register sets the answerers of frame, tried in the order given.
func (r *Registry) Register(frame plan.Frame, as ...Answerer) {
	if r.frames == nil {
		r.frames = map[plan.Frame][]Answerer{}
	}
	r.frames[frame] = as
}

// For is the answerers of frame, in the order they are tried.
func (r *Registry) For(frame plan.Frame) []Answerer {
	if as, ok := r.frames[frame]; ok {
		return as
	}
	return r.others
}

// Answer is the first answer of the frame's answerers (the fallback's
// when none answers), after every step.
func (r *Registry) Answer(in Input) draft {
	d, ok := draft{}, false
	for _, a := range r.For(in.Plan.Frame) {
		if d, ok = a.Answer(in); ok {
			break
		}
	}
	if !ok && r.fallback != nil {
		d, _ = r.fallback.Answer(in)
	}
	for _, step := range r.steps {
		d = step(d, in.Plan)
	}
	return d
}

// registry registers the answerers by frame. A frame's own answerer
// comes after the checks that apply to every question (an identifier
// that is not well formed, a country the data holds nothing of) and
// before the answers that read the constraints whatever the frame (a
// postcode, a radius, a field, a set); the ranking answers last.
func (p *Pipeline) registry() *Registry {
	malformed := AnswererFunc(malformedAnswer)
	emptyCountry := AnswererFunc(func(in Input) (draft, bool) { return p.emptyCountryAnswer(in.Plan) })
	byConstraints := []Answerer{
		AnswererFunc(func(in Input) (draft, bool) { return p.postcodeAnswer(in.Plan) }),
		AnswererFunc(func(in Input) (draft, bool) { return p.nearNameAnswer(in.Plan) }),
		AnswererFunc(func(in Input) (draft, bool) { return p.nearTownAnswer(in.Plan) }),
		AnswererFunc(func(in Input) (draft, bool) { return p.unknownPlaceAnswer(in.Plan) }),
		AnswererFunc(func(in Input) (draft, bool) { return p.fieldAnswer(in.Selection, in.Plan, in.Fused) }),
		AnswererFunc(func(in Input) (draft, bool) { return p.unknownOrganisation(in.Plan, in.Fused) }),
		AnswererFunc(func(in Input) (draft, bool) { return p.shareAnswer(in.Selection, in.Plan) }),
		AnswererFunc(func(in Input) (draft, bool) {
			// without a selection the set is not made, and the ranking answers
			d, ok, _ := p.setAnswer(in.Selection, in.Plan, in.Fused)
			return d, ok
		}),
	}
	own := map[plan.Frame]Answerer{
		plan.FrameYesNo: AnswererFunc(func(in Input) (draft, bool) { return p.yesNoAnswer(in.Selection, in.Plan, in.Fused) }),
		plan.FramePair:  AnswererFunc(func(in Input) (draft, bool) { return p.pairAnswer(in.Plan, in.Fused) }),
		plan.FrameMore: AnswererFunc(func(in Input) (draft, bool) {
			d, ok, err := p.moreAnswer(in.Selection, in.Plan)
			return d, ok || err != nil
		}),
	}
	r := &Registry{
		others:   append([]Answerer{malformed, emptyCountry}, byConstraints...),
		fallback: AnswererFunc(func(in Input) (draft, bool) { return p.rankedAnswer(in.Plan, in.Fused), true }),
		steps:    []Step{p.withLongerTowns, broadened},
	}
	for frame, a := range own {
		r.Register(frame, append([]Answerer{malformed, emptyCountry, a}, byConstraints...)...)
	}
	r.Register(plan.FrameOffTopic, malformed, AnswererFunc(func(in Input) (draft, bool) { return offTopicDraft(in.Plan), true }))
	return r
}

// malformedAnswer answers a question whose only identifiers are not well
// formed: no institution carries them.
func malformedAnswer(in Input) (draft, bool) {
	c := in.Plan.Constraints
	if len(c.Malformed) == 0 || len(c.Names) > 0 || c.HasIDs() {
		return draft{}, false
	}
	return noneDraft(fmt.Sprintf("%s is not a valid identifier of its scheme, so no institution in the data carries it.",
		quoteWords(c.Malformed))), true
}
