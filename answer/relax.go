package answer

import (
	"context"
	"slices"

	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/plan"
)

// relaxation drops one condition of a list's constraints, reporting
// whether the constraints held it.
type relaxation struct {
	condition string // what the answer calls the condition dropped
	drop      func(c *plan.Constraints) bool
}

// relaxations are the conditions a list that selects nothing drops, one
// at a time and in this order, until what is left selects something: the
// subject first, then the years, the record's qualities (accreditation,
// size, governance), then the kind of institution. The place is never
// dropped: an institution outside the place asked is no answer to a
// list in that place (see docs/reliability.md, "Relaxing a list that
// selects nothing").
var relaxations = []relaxation{
	{"subject", func(c *plan.Constraints) bool {
		had := len(c.Subjects) > 0
		c.DropSubjects()
		return had
	}},
	{"years", func(c *plan.Constraints) bool {
		had := c.Years != nil
		c.Years = nil
		return had
	}},
	{"accreditation", func(c *plan.Constraints) bool {
		had := c.Accreditation != ""
		c.Accreditation = ""
		return had
	}},
	{"size", func(c *plan.Constraints) bool {
		had := len(c.Sizes) > 0
		c.Sizes = nil
		return had
	}},
	{"governance", func(c *plan.Constraints) bool {
		had := len(c.GovernanceCodes) > 0
		c.GovernanceCodes = nil
		return had
	}},
	{"type", func(c *plan.Constraints) bool {
		had := len(c.TypeCodes) > 0
		c.TypeCodes = nil
		return had
	}},
}

// relaxable reports whether a list's selection is one the answer may
// relax when it is empty: a plain list of one side, with no name,
// organisation, relation or question about a share or a change.
func relaxable(pl *plan.Plan) bool {
	c := pl.Constraints
	return c.List && len(pl.Sides) < 2 && len(c.Names) == 0 && len(c.Bodies) == 0 && c.Relation == "" &&
		!c.Share && !c.Change && c.Group == nil
}

// selectRelaxed fills sel.Relaxed for a list that selects nothing: the
// selection of its constraints once the conditions of relaxations are
// dropped in turn, each in addition to those before it, up to the first
// that leaves any selected (and still selects, not everything).
func (p *Base) selectRelaxed(ctx context.Context, sel *kg.Selection, pl *plan.Plan) error {
	if !sel.Selected || len(sel.Main) > 0 || !relaxable(pl) {
		return nil
	}
	c := pl.Constraints
	c.Subjects, c.TypeCodes, c.Sizes, c.GovernanceCodes, c.Broader = slices.Clone(c.Subjects),
		slices.Clone(c.TypeCodes), slices.Clone(c.Sizes), slices.Clone(c.GovernanceCodes), slices.Clone(c.Broader)
	var dropped []string
	for _, r := range relaxations {
		if !r.drop(&c) {
			continue
		}
		if !c.Selective() {
			return nil
		}
		dropped = append(dropped, r.condition)
		ids, err := p.graph.Select(ctx, c, sel.AsOf)
		if err != nil {
			return err
		}
		if len(ids) > 0 {
			sel.Relaxed, sel.RelaxedOf = ids, dropped
			return nil
		}
	}
	return nil
}

// relaxedIDs are the selection's relaxed records that pass the list's
// record conditions (keep, when not nil) and lie in its places, in the
// fused order, the unranked after in the selection's order.
func (p *Base) relaxedIDs(sel *kg.Selection, c plan.Constraints, keep func(*heritage.Institution) bool, fused []fusion.Fused) []string {
	ids := sel.Relaxed
	if keep != nil {
		ids = p.filter(ids, keep)
	}
	if len(c.Places) > 0 {
		ids = p.filter(ids, newPlaceMatcher(c.Places, false).match)
	}
	rank := rankOf(fused)
	ids = slices.Clone(ids)
	sortByRank(ids, rank)
	return ids
}

// inPlaceFirst is ids with the records that lie in the places first,
// each part in its order: a record outside the place a list asks for
// never ranks above one inside it.
func (p *Base) inPlaceFirst(ids []string, places []plan.Place) []string {
	if len(places) == 0 {
		return ids
	}
	m := newPlaceMatcher(places, false)
	inside := func(id string) bool {
		in, ok := p.data.Get(id)
		return ok && m.match(in)
	}
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if inside(id) {
			out = append(out, id)
		}
	}
	for _, id := range ids {
		if !inside(id) {
			out = append(out, id)
		}
	}
	return out
}
