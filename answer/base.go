// Package answer answers a question from its plan, its graph selection
// and the fused ranking, without reaching any backend: a field of one
// record, the exact set the constraints select, a count, compared sides,
// or the ranking; "not in the data" when it is not. Each frame of a plan
// has its answerers (Registry); the checks every question goes through
// (an identifier that is not well formed, a country the data holds
// nothing of, a place no record names) are answerers of their own.
package answer

import (
	"context"
	"errors"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/plan"
)

// Lexicon answers what the answers ask of the words the router knows.
// Without one, no war is left unnamed, every field is recorded, and no
// subject has umbrella words.
type Lexicon interface {
	// SubjectWords are the words, in every language, of the subjects
	// terms and of the umbrella subjects they make up.
	SubjectWords(terms []string) []string
	// UnnamedWar reports whether phrase names a war without saying which
	// ("after the war").
	UnnamedWar(phrase string) bool
	// Unrecorded reports whether no record states the field.
	Unrecorded(field string) bool
}

// noLexicon is the Lexicon when none is given.
type noLexicon struct{}

func (noLexicon) SubjectWords([]string) []string { return nil }
func (noLexicon) UnnamedWar(string) bool         { return false }
func (noLexicon) Unrecorded(string) bool         { return false }

// errNoSelection is why an answer that needs the graph's selection was
// not made: the graph leg failed (its error is reported once, by the leg).
var errNoSelection = errors.New("no graph selection")

// Base is what every answerer reads besides its Input: the dataset, the
// graph (for the sets the selection step adds, see Select), the lexicon,
// the year memberships are judged at, and the look-up tables built from
// the data on first use. Build it with New; it is safe for concurrent use.
type Base struct {
	data    *heritage.Dataset
	graph   kg.Source
	lexicon Lexicon
	asOf    int
	areas   *placeAreas
	lookups *recordLookups
}

// New builds the answerers' base over the dataset and graph. A nil
// lexicon knows no words.
func New(data *heritage.Dataset, graph kg.Source, lexicon Lexicon, asOf int) *Base {
	if lexicon == nil {
		lexicon = noLexicon{}
	}
	return &Base{data: data, graph: graph, lexicon: lexicon, asOf: asOf, areas: &placeAreas{}, lookups: newRecordLookups(data)}
}

// Select adds to the graph's selection what the answers read beyond it:
// records of a town spelled apart from the question's left out, and the
// wider sets a list's answer accounts for (records that name no place,
// closed ones, the whole of a share, ...). It runs inside the graph leg,
// under its deadline.
func (p *Base) Select(ctx context.Context, sel *kg.Selection, pl *plan.Plan) error {
	p.keepSpelledApart(sel, *pl)
	if err := p.selectWide(ctx, sel, pl); err != nil {
		return err
	}
	return p.selectRelaxed(ctx, sel, pl)
}
