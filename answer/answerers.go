package answer

import (
	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/locale"
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
	Answer(in Input) (Draft, bool)
}

// AnswererFunc is a function that is an Answerer.
type AnswererFunc func(in Input) (Draft, bool)

// Answer calls f.
func (f AnswererFunc) Answer(in Input) (Draft, bool) { return f(in) }

// Step amends the answer whatever answerer made it.
type Step func(d Draft, in Input) Draft

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
func (r *Registry) Answer(in Input) Draft {
	d := r.first(in)
	for _, step := range r.steps {
		d = step(d, in)
	}
	return d
}

// first is the first answer of the frame's answerers, else the
// fallback's.
func (r *Registry) first(in Input) Draft {
	for _, a := range r.For(in.Plan.Frame) {
		if d, ok := a.Answer(in); ok {
			return d
		}
	}
	if r.fallback == nil {
		return Draft{}
	}
	d, _ := r.fallback.Answer(in)
	return d
}

// Registry registers the answerers by frame. A frame's own answerer
// comes after the checks that apply to every question (an identifier
// that is not well formed, a country the data holds nothing of) and
// before the answers that read the constraints whatever the frame (a
// postcode, a radius, a field, a set); the ranking answers last.
func (p *Base) Registry() *Registry {
	malformed := AnswererFunc(malformedAnswer)
	emptyCountry := AnswererFunc(func(in Input) (Draft, bool) { return p.emptyCountryAnswer(in.Plan) })
	byConstraints := []Answerer{
		AnswererFunc(func(in Input) (Draft, bool) { return p.postcodeAnswer(in.Plan) }),
		AnswererFunc(func(in Input) (Draft, bool) { return p.nearNameAnswer(in.Plan) }),
		AnswererFunc(func(in Input) (Draft, bool) { return p.nearTownAnswer(in.Plan) }),
		AnswererFunc(func(in Input) (Draft, bool) { return p.nearPointAnswer(in.Plan) }),
		AnswererFunc(func(in Input) (Draft, bool) { return p.unknownPlaceAnswer(in.Plan) }),
		AnswererFunc(func(in Input) (Draft, bool) { return p.fieldAnswer(in.Selection, in.Plan, in.Fused) }),
		AnswererFunc(func(in Input) (Draft, bool) { return p.unknownOrganisation(in.Plan, in.Fused) }),
		AnswererFunc(func(in Input) (Draft, bool) { return p.shareAnswer(in.Selection, in.Plan) }),
		AnswererFunc(func(in Input) (Draft, bool) {
			// without a selection the set is not made, and the ranking answers
			d, ok, _ := p.setAnswer(in.Selection, in.Plan, in.Fused)
			return d, ok
		}),
	}
	own := map[plan.Frame]Answerer{
		plan.FrameYesNo:   AnswererFunc(func(in Input) (Draft, bool) { return p.yesNoAnswer(in.Selection, in.Plan, in.Fused) }),
		plan.FramePair:    AnswererFunc(func(in Input) (Draft, bool) { return p.pairAnswer(in.Plan, in.Fused) }),
		plan.FrameSimilar: AnswererFunc(func(in Input) (Draft, bool) { return p.similarAnswer(in.Plan) }),
		plan.FrameMore: AnswererFunc(func(in Input) (Draft, bool) {
			d, ok, err := p.moreAnswer(in.Selection, in.Plan)
			return d, ok || err != nil
		}),
	}
	r := &Registry{
		others:   append([]Answerer{malformed, emptyCountry}, byConstraints...),
		fallback: AnswererFunc(func(in Input) (Draft, bool) { return p.rankedAnswer(in.Plan, in.Fused), true }),
		steps: []Step{
			func(d Draft, in Input) Draft { return p.withLongerTowns(d, in.Plan) },
			func(d Draft, in Input) Draft { return broadened(d, in.Plan) },
			inFusedOrder,
		},
	}
	for frame, a := range own {
		r.Register(frame, append([]Answerer{malformed, emptyCountry, a}, byConstraints...)...)
	}
	r.Register(plan.FrameOffTopic, malformed, AnswererFunc(func(in Input) (Draft, bool) { return offTopicDraft(in.Plan), true }))
	return r
}

// malformedAnswer answers a question whose only identifiers are not well
// formed: no institution carries them.
func malformedAnswer(in Input) (Draft, bool) {
	pr := locale.For(in.Plan.Lang)
	c := in.Plan.Constraints
	if len(c.Malformed) == 0 || len(c.Names) > 0 || c.HasIDs() {
		return Draft{}, false
	}
	return noneDraft(pr.Sprintf("%s is not a valid identifier of its scheme, so no institution in the data carries it.",
		quoteWords(pr, c.Malformed))), true
}

// inFusedOrder lists a set in fused order, so that answer, hits and
// citations read in the same order (an answer for the first of an order,
// or for the places that hold the most, keeps its order, and so does a
// list of what lies near a place, nearest first).
func inFusedOrder(d Draft, in Input) Draft {
	c := in.Plan.Constraints
	if d.Kind != KindSet || c.Order != nil || c.Group != nil || d.nearestFirst {
		return d
	}
	rank := make(map[string]int, len(in.Fused))
	for i, f := range in.Fused {
		rank[f.ID] = i + 1
	}
	sortByRank(d.IDs, rank)
	for _, g := range d.Groups {
		sortByRank(g.IDs, rank)
	}
	if len(d.Groups) > 1 {
		// compared sides take turns, so that the first hits show each
		d.IDs = interleave(d.Groups)
	}
	return d
}
