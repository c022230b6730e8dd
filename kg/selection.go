package kg

import (
	"context"
	"fmt"

	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrieval"
)

// StatedSource is an optional Source capability: SelectMatching with
// kg.Stated selects by the places records state, which tells an exact set
// from one widened by towns read from records' names. Graph (through
// NewSource) and the Neo4j store have it.
type StatedSource interface {
	SelectMatching(ctx context.Context, c plan.Constraints, asOf int, m PlaceMatch) ([]string, error)
}

// Selection is everything a question needs from the graph, read once:
// the institutions carrying each identifier the question gives, the exact
// selection of its constraints and of each compared side, and the
// institutions bearing each name it gives without ids. The retriever's
// hits and the answer are both made from one Selection, so a question
// reaches the graph once.
type Selection struct {
	// AsOf is the year memberships were judged at (see Graph.Select).
	AsOf int
	// Idents are the identifier look-ups in the order the plan gives them.
	Idents []IdentMatch
	// Main is the selection of the plan's constraints; Selected says
	// whether it was made (the constraints are selective, or one name
	// with a relation).
	Main     []string
	Selected bool
	// Stated is Main restricted to the places records state; HasStated
	// says whether the source could tell (StatedSource) and the question
	// lists a set with places.
	Stated    []string
	HasStated bool
	// Wide is left for the caller to fill: the pipeline selects there the
	// institutions that meet a town list's other conditions in the town's
	// countries, to count those whose records name no town.
	Wide []string
	// Whole is left for the caller to fill too: for a question about a
	// share, the set the share is of.
	Whole []string
	// Closed is left for the caller to fill as well: for a list of open
	// institutions, the closed ones meeting its other conditions, when
	// the list selects none or asked for open ones by its tense alone.
	Closed []string
	// Others is left for the caller to fill as well: for a list of one
	// kind of institution in a place that selects none, the institutions
	// of the other kinds there that meet its other conditions.
	Others []string
	// Unsubjected is left for the caller to fill as well: for a list with
	// a condition on subjects that selects none, the institutions meeting
	// its other conditions, when none of them states a subject (the data
	// records no subjects for German or Dutch records).
	Unsubjected []string
	// BroaderSubject is filled with Unsubjected when some of those
	// institutions state subjects: those whose subjects lie under the
	// broader subject of one asked ("Natural world" for "Natural world /
	// Dinosaurs").
	BroaderSubject []string
	// Spanning is left for the caller to fill as well: for a list with a
	// condition on years, the institutions meeting its other conditions
	// whose years the data gives only as a span that reaches into the
	// years asked without lying inside them (closed 1982–2017, asked for
	// the 1980s). They may belong to the list; the data cannot tell.
	Spanning []string
	// Change is left for the caller to fill as well: for a question about
	// how a set changed, its institutions of every status and year.
	Change []string
	// WithoutYears is filled with Spanning: the institutions meeting the
	// list's conditions but its years.
	WithoutYears []string
	// UnplacedUndated is filled with Spanning when the list selects none:
	// the institutions in the place's countries meeting its conditions
	// but the place and the years whose records name neither a town nor
	// a year of the field asked (any may be a member).
	UnplacedUndated []string
	// NotMembers is left for the caller to fill as well: for a list that
	// leaves out the members of bodies ("not run by the National Trust"),
	// those members, wherever they are.
	NotMembers []string
	// Sides are the selections of the plan's compared sides, in order.
	Sides [][]string
	// SideWide is left for the caller to fill, as Wide is, for each
	// compared side in one town or administrative unit (nil for others).
	SideWide [][]string
	// SideRest is left for the caller to fill, for sides that differ by
	// a value of one condition: what they select without it (the
	// institutions that state no value of it cannot be counted on a side).
	SideRest []string
	// SideBroader is left for the caller to fill, as BroaderSubject is,
	// for each compared side that selects none under a subject (nil for
	// others).
	SideBroader [][]string
	// Named are the institutions bearing each name the plan gives without
	// ids, by name.
	Named map[string][]string
	// Relaxed is left for the caller to fill as well: for a list that
	// selects none, what is selected once its conditions are dropped one
	// at a time until any is, and RelaxedOf the conditions dropped (the
	// caller's order and names).
	Relaxed   []string
	RelaxedOf []string
}

// IdentMatch is one identifier and the institutions carrying it.
type IdentMatch struct {
	Scheme, Value string
	IDs           []string
}

// Lookup returns the institutions carrying the identifier, as selected.
func (s *Selection) Lookup(scheme, value string) []string {
	if s == nil {
		return nil
	}
	for _, m := range s.Idents {
		if m.Scheme == scheme && m.Value == value {
			return m.IDs
		}
	}
	return nil
}

// identifiers are the plan's identifiers by scheme, in the order hits and
// answers read them.
func identifiers(c plan.Constraints) [5]struct {
	scheme string
	values []string
} {
	return [...]struct {
		scheme string
		values []string
	}{{SchemeISIL, c.ISILs}, {SchemeWikidata, c.QIDs}, {SchemeGHCID, c.GHCIDs}, {SchemeGND, c.GNDs}, {SchemeROR, c.RORs}}
}

// Select reads from src everything p needs from the graph (see
// Selection), judging memberships at asOf. An error of the graph ends the
// call.
func Select(ctx context.Context, src Source, p *plan.Plan, asOf int) (*Selection, error) {
	sel := &Selection{AsOf: asOf}
	if p == nil {
		return sel, nil
	}
	c := p.Constraints
	for _, s := range identifiers(c) {
		for _, v := range s.values {
			ids, err := src.Lookup(ctx, s.scheme, v)
			if err != nil {
				return nil, err
			}
			sel.Idents = append(sel.Idents, IdentMatch{Scheme: s.scheme, Value: v, IDs: ids})
		}
	}
	if c.Selective() || len(c.Names) == 1 && c.Relation != "" {
		ids, err := src.Select(ctx, c, asOf)
		if err != nil {
			return nil, err
		}
		sel.Main, sel.Selected = ids, true
		listsSet := c.List || len(p.Sides) > 1 || len(c.Bodies) > 0 || c.Relation != ""
		if ss, ok := src.(StatedSource); ok && listsSet && len(c.Places) > 0 && len(ids) > 0 {
			if sel.Stated, err = ss.SelectMatching(ctx, c, asOf, Stated); err != nil {
				return nil, err
			}
			sel.HasStated = true
		}
	}
	for _, side := range p.Sides {
		ids, err := src.Select(ctx, side, asOf)
		if err != nil {
			return nil, err
		}
		sel.Sides = append(sel.Sides, ids)
	}
	for _, n := range c.Names {
		if len(n.IDs) > 0 {
			continue
		}
		if _, done := sel.Named[n.Name]; done {
			continue
		}
		ids, err := src.ByName(ctx, n.Name)
		if err != nil {
			return nil, err
		}
		if sel.Named == nil {
			sel.Named = map[string][]string{}
		}
		sel.Named[n.Name] = ids
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return sel, nil
}

// Hits returns the retriever's hits for q made from sel, without reaching
// the graph: at most q.K that pass q.Filters, in the order Retriever
// documents. sel must have been selected for q.Plan.
func Hits(sel *Selection, records Records, q retrieval.Query) []retrieval.Hit {
	if q.K <= 0 || q.Plan == nil || sel == nil {
		return nil
	}
	fs := q.Filters
	c := q.Plan.Constraints
	hits := make([]retrieval.Hit, 0, q.K)
	seen := map[string]bool{}
	add := func(ids []string, score float64) bool {
		for _, id := range ids {
			if len(hits) == q.K {
				return false
			}
			if seen[id] {
				continue
			}
			seen[id] = true
			in, ok := records.Get(id)
			if !ok || !fs.Match(in) {
				continue
			}
			hits = append(hits, retrieval.NewHit(in, plan.RetrieverKG, score, len(hits)+1))
		}
		return len(hits) < q.K
	}

	// 1. Identifiers.
	for _, m := range sel.Idents {
		if !add(m.IDs, 1) {
			return hits
		}
	}
	// 2. Exact selections: each compared side, else the constraints.
	relational := len(c.Names) == 1 && c.Relation != ""
	sides := sel.Sides
	if len(sides) == 0 && sel.Selected {
		sides = [][]string{sel.Main}
	}
	for _, ids := range sides {
		if !add(ids, 1) {
			return hits
		}
	}
	// 3. Named institutions.
	for _, n := range c.Names {
		score := n.Score
		if score <= 0 {
			score = 1
		}
		if relational {
			score = min(score, AnchorScore)
		}
		ids := n.IDs
		if len(ids) == 0 {
			ids = sel.Named[n.Name]
		}
		if !add(sortedByTier(records, ids), score) {
			break
		}
	}
	return hits
}

// selectErr wraps a graph error of the retriever.
func selectErr(err error) error { return fmt.Errorf("kg: retrieve: %w", err) }
