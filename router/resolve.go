package router

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/router/frameclass"
)

// MinBackstop is the probability at which the learned frame model may
// decide a frame the rules' reading left open.
const MinBackstop = 0.6

// WithFrameModel sets the learned frame model the resolver consults where
// the rules' reading leaves a question's frame open (see resolve); nil
// leaves every frame to the rules. The default is frameclass.Default.
func WithFrameModel(m *frameclass.Model) Option {
	return func(r *Router) { r.model, r.modelSet = m, true }
}

// frameTemplate is a frame the resolver can fill from the words the rules did
// not read: the slot its words fill, and what else the question must hold
// for it.
type frameTemplate struct {
	frame Frame
	slot  string // the lexicon slot whose unread words fill the template
	fits  func(c *Constraints, frame Frame) bool
}

// frameTemplates are the frames the resolver fills, in no order: at most one
// fits a question, since each needs the model to read its frame first.
var frameTemplates = []frameTemplate{
	// a field of one named institution ("the type of X", "the town where
	// X is"): one institution and nothing to select a list by
	{frame: FrameField, slot: "field", fits: func(c *Constraints, f Frame) bool {
		return (f == FrameRanking || f == FrameSet) && c.Field == "" && len(c.Names) == 1 && len(c.Bodies) == 0 &&
			!c.HasIDs() && len(c.Places)+len(c.Postcodes) == 0
	}},
	// the institutions that belong to one named institution ("members
	// X"): one name, nothing else read, a word for the parts of an
	// institution unread; the name must also be one the data's
	// institutions belong to (see membersOf)
	{frame: FrameSet, slot: "relation:childrenWords", fits: func(c *Constraints, f Frame) bool {
		return (f == FrameRanking || f == FrameSet && !c.Similar && len(c.TypeCodes)+len(c.Subjects) == 0 && c.Years == nil) &&
			c.Field == "" && c.Relation == "" && len(c.Names) == 1 && len(c.Bodies) == 0 &&
			!c.HasIDs() && len(c.Places)+len(c.Postcodes) == 0
	}},
	// how many a list holds ("museums in Kent count")
	{frame: FrameCount, slot: "count", fits: func(c *Constraints, f Frame) bool {
		return f == FrameSet && c.List && c.Group == nil && !c.Share
	}},
}

// resolve fills a frame template where the rules' reading left the frame
// open: they fell back to best matches, or read a list, while words of
// the question that fill a slot of another frame stay unread. The learned
// frame model decides: when it reads that frame at MinBackstop or more,
// and the unread words fill its slot with one value, the frame is that
// one, and the plan says why (Plan.Resolved). Otherwise the rules' frame
// stands.
func (r *Router) resolve(plan *Plan, s *scan, c *Constraints, intent Intent, conf float64, frame Frame) (Intent, float64, Frame) {
	if r.model == nil {
		return intent, conf, frame
	}
	var open []frameTemplate
	for _, t := range frameTemplates {
		if t.fits(c, frame) {
			open = append(open, t)
		}
	}
	if len(open) == 0 {
		return intent, conf, frame
	}
	pred := r.model.Predict(plan.Question)
	top := pred.Frame()
	for _, t := range open {
		if top.Frame != t.frame || top.P < MinBackstop {
			continue
		}
		spans, values := unreadSlot(s, t.slot)
		var members Body
		if t.frame == FrameSet && len(values) == 1 {
			var ok bool
			if members, ok = r.g.membersOf(c.Names[0].Name); !ok {
				continue
			}
		}
		var why string
		switch {
		case len(values) == 1:
			words := make([]string, len(spans))
			for k, sp := range spans {
				words[k] = s.original(sp[0], sp[1])
				s.mark(sp[0], sp[1])
			}
			why = fmt.Sprintf("%q fills it", strings.Join(words, " "))
		case len(values) == 0 && t.frame == FrameField && c.Relation == "" && pred.Field().P >= MinBackstop:
			// no word of the lexicon names the field, and the rules read
			// no relation to select by: the model's reading of which
			// field is asked fills it, and the words it rests on stay
			// unread (the answer is not called exact)
			f := pred.Field()
			values = []string{f.Field}
			plan.FieldByModel = true
			why = fmt.Sprintf("the model reads the field %s at %.2f", f.Field, f.P)
		default:
			continue
		}
		plan.Resolved = fmt.Sprintf("%s: the rules read %s; the model reads %s at %.2f, and %s",
			t.frame, frame, t.frame, top.P, why)
		switch t.frame {
		case FrameField:
			c.Field, c.List = values[0], false
			c.TypeCodes = nil
			c.DropSubjects()
			intent = Factual
		case FrameSet:
			members.Relation = relPartOf
			c.Bodies, c.Names, c.Relation, c.List = []Body{members}, nil, relPartOf, true
			intent = Relationship
		}
		plan.Frame = t.frame
		plan.Intent = intent
		return intent, max(conf, top.P), t.frame
	}
	return intent, conf, frame
}

// unreadSlot returns the spans of the lexicon phrases of a slot that
// stand in the question on words the rules' reading did not use, and
// their distinct values. A field is named by its value; a phrase of a
// field table without one (a word of history, of age) names none, and
// the parts of a field (fieldParts) name it once every part stands.
func unreadSlot(s *scan, slot string) (spans [][2]int, values []string) {
	var partSpans map[string][][2]int
	parts := map[string]map[string]bool{}
	lexiconSpans(s, func(i, j int, _, sl, value string) {
		if sl != slot && !strings.HasPrefix(sl, slot+":") || slices.Contains(s.used[i:j], true) {
			return
		}
		if field, part, ok := strings.Cut(value, " "); ok && strings.HasSuffix(sl, ":"+tableFieldParts) {
			if parts[field] == nil {
				parts[field] = map[string]bool{}
			}
			parts[field][part] = true
			if partSpans == nil {
				partSpans = map[string][][2]int{}
			}
			partSpans[field] = append(partSpans[field], [2]int{i, j})
			return
		}
		if value == "" {
			if slot == "field" {
				return
			}
			value = slot
		}
		spans = append(spans, [2]int{i, j})
		if !slices.Contains(values, value) {
			values = append(values, value)
		}
	})
	for field, seen := range parts {
		if len(seen) == len(s.lex.fieldPartsOf[field]) && !slices.Contains(values, field) {
			spans = append(spans, partSpans[field]...)
			values = append(values, field)
		}
	}
	return spans, values
}

// tableFieldParts is the lexicon table of the words that ask for a field
// together.
const tableFieldParts = "fieldParts"

// buildFieldPartsOf makes fieldPartsOf: the parts each field of
// fieldParts is asked by.
func (lex *Lexicon) buildFieldPartsOf() map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for _, v := range lex.fieldParts {
		field, part, _ := strings.Cut(v, " ")
		if out[field] == nil {
			out[field] = map[string]bool{}
		}
		out[field][part] = true
	}
	return out
}

// relPartOf is the relation of the institutions that belong to another.
const relPartOf = "part_of"

// membersOf returns the body of an institution's name, when the data's
// institutions belong to one of that name.
func (g *gazetteer) membersOf(name string) (Body, bool) {
	for _, key := range g.lex.nameKeys(name) {
		if i, ok := g.bodies[key]; ok && g.bodyArr[i].name == name {
			b := g.bodyArr[i]
			return Body{Name: b.name, IDs: slices.Clone(b.ids)}, true
		}
	}
	return Body{}, false
}
