package neo4jkg

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/query"
)

// The three ways a selection starts: from a candidate list (the ids the
// top-level id sets leave), from place keys, or from every institution.
// Each is followed by the WHERE the expression translates into.
const (
	qSelectCandidates = `UNWIND $cand AS cid
MATCH (n:Institution {id: cid})
WHERE `
	qSelectPlaces = `MATCH (k:PlaceKey)<-[:MATCHES_PLACE]-(n:Institution)
WHERE k.key IN $placeKeys
WITH DISTINCT n
WHERE `
	qSelectAll = `MATCH (n:Institution)
WHERE `
	qSelectReturn = `
RETURN DISTINCT n.id AS id`
)

// The fixed fragments a predicate translates into, each over the
// institution n and one parameter ($ and the name translate gives it).
// coalesce makes a record without the field fail the predicate rather
// than give null, so that Not of it holds, as with Match.
const (
	fragType          = `coalesce(n.typeCodeFold IN $`
	fragGovernance    = `coalesce(n.governanceFold IN $`
	fragAccreditation = `coalesce(coalesce(n.accreditationFold, '') = $`
	fragSize          = `coalesce(n.sizeFold IN $`
	fragHuge          = ` OR n.size = 'huge'`
	fragSubject       = `coalesce($`
	fragSubjectEnd    = ` IN n.subjectKeys, false)`
	fragPlace         = `EXISTS { MATCH (n)-[:MATCHES_PLACE]->(k:PlaceKey) WHERE k.key = $`
	fragIDs           = `n.id IN $`
	// The year fragments compare two parameters, {from} and {to}.
	fragOpened = `coalesce(n.openedTo IS NOT NULL AND (${to} <= 0 OR n.openedTo <= ${to}) AND (${from} <= 0 OR n.openedFrom >= ${from}), false)`
	fragClosed = `coalesce(n.closedTo IS NOT NULL AND (${to} <= 0 OR n.closedTo <= ${to}) AND (${from} <= 0 OR n.closedFrom >= ${from}), false)`
)

// Select returns the ids (sorted) of the institutions meeting every
// constraint, or nil when the constraints are not selective
// (kg.Graph.Select, same rules).
func (s *Store) Select(ctx context.Context, c plan.Constraints, asOf int) ([]string, error) {
	return s.SelectMatching(ctx, c, asOf, kg.Derived)
}

// SelectMatching is Select with places matched up to level m
// (kg.Graph.SelectMatching, same rules): SelectExpr of
// query.CompileMatching(c, asOf, m). Every predicate Compile produces
// translates into Cypher, so it needs no records.
func (s *Store) SelectMatching(ctx context.Context, c plan.Constraints, asOf int, m kg.PlaceMatch) ([]string, error) {
	return s.SelectExpr(ctx, query.CompileMatching(c, asOf, m), query.EvalContext{})
}

// ErrNoRecords is returned by SelectExpr for an expression with a part
// Cypher does not express when no records are given to test it on.
var ErrNoRecords = errors.New("neo4jkg: expression needs a post-filter and no records were given")

// SelectExpr returns the ids (sorted) of the institutions meeting e, nil
// when none does: what query.Select gives over the ingested records
// (kg.Graph.SelectExpr).
//
// The store translates into parameterised Cypher (values only as
// parameters; the text is made of fixed fragments chosen by predicate
// kind):
//
//   - Type, Governance, Accreditation, Size, Status: the folded fields
//     Ingest writes (typeCodeFold, governanceFold, accreditationFold,
//     sizeFold, isOpen);
//   - YearRange: openedFrom/openedTo, closedFrom/closedTo;
//   - Subject with Narrower: subjectKeys;
//   - Place, at every level: the record's PlaceKey links (the keys
//     kg.PlaceKeys gives);
//   - MemberOf and Related: the ids the store's membership and relation
//     queries give, passed as a list; IDs: the ids;
//   - True, False, and And, Or and Not whose parts all translate.
//
// Post-filters: every other part of a top-level And (all of e when it is
// no And) — Radius, Subject without Narrower, and an And, Or or Not with
// such a part — is tested with Expr.Match on the records ev gives for
// the ids Cypher leaves (ev.Records.Get). Without ev.Records such an
// expression gives ErrNoRecords.
func (s *Store) SelectExpr(ctx context.Context, e query.Expr, ev query.EvalContext) ([]string, error) {
	ids, _, err := s.SelectDeclared(ctx, e, ev)
	return ids, err
}

// SelectDeclared is SelectExpr, also returning the parts of e it tested
// with Expr.Match rather than in Cypher (its post-filters), in the order
// of e; nil when Cypher expressed all of e.
func (s *Store) SelectDeclared(ctx context.Context, e query.Expr, ev query.EvalContext) (ids []string, post query.And, err error) {
	parts := []query.Expr{e}
	if and, ok := e.(query.And); ok {
		parts = and
	}
	t := &translator{s: s, params: map[string]any{}}
	var cand []string
	restricted, none := false, false
	var where []string
	var placeKeys []string
	for _, x := range parts {
		if x == query.False {
			none = true
			continue
		}
		if ids, ok, err := t.idSet(ctx, x); err != nil {
			return nil, post, err
		} else if ok {
			slices.Sort(ids)
			ids = slices.Compact(ids)
			if restricted {
				ids = kg.IntersectSorted(cand, ids)
			}
			cand, restricted = ids, true
			none = none || len(cand) == 0
			continue
		}
		if keys, ok := startKeys(x); ok && placeKeys == nil {
			placeKeys = keys
			none = none || len(keys) == 0
			continue
		}
		frag, ok, err := t.translate(ctx, x)
		switch {
		case err != nil:
			return nil, post, err
		case ok:
			where = append(where, "("+frag+")")
		default:
			post = append(post, x)
		}
	}
	if none {
		return nil, post, ctx.Err()
	}
	if len(post) > 0 && ev.Records == nil {
		return nil, post, ErrNoRecords
	}
	if placeKeys != nil {
		if restricted {
			where = append(where, `EXISTS { MATCH (n)-[:MATCHES_PLACE]->(k:PlaceKey) WHERE k.key IN $placeKeys }`)
		}
		t.params["placeKeys"] = placeKeys
	}
	q := qSelectAll
	switch {
	case restricted:
		q = qSelectCandidates
		t.params["cand"] = cand
	case placeKeys != nil:
		q = qSelectPlaces
	}
	if len(where) == 0 {
		where = []string{"true"}
	}
	ids, err = s.ids(ctx, "select", q+strings.Join(where, "\n  AND ")+qSelectReturn, t.params)
	if err != nil || len(ids) == 0 {
		return nil, post, err
	}
	if len(post) > 0 {
		kept := ids[:0]
		for _, id := range ids {
			if in, ok := ev.Records.Get(id); ok && post.Match(in, ev) {
				kept = append(kept, id)
			}
		}
		if len(kept) == 0 {
			return nil, post, ctx.Err()
		}
		ids = kept
	}
	slices.Sort(ids)
	return ids, post, nil
}

// startKeys returns the place keys of a place, or an Or of places, that
// a selection can start from; ok is false for any other expression.
func startKeys(e query.Expr) (keys []string, ok bool) {
	switch x := e.(type) {
	case query.Place:
		keys = []string{}
		if k, ok := kg.PlaceKey(x); ok {
			keys = append(keys, k)
		}
		return keys, true
	case query.Or:
		keys = []string{}
		for _, y := range x {
			p, ok := y.(query.Place)
			if !ok {
				return nil, false
			}
			if k, ok := kg.PlaceKey(p); ok {
				keys = append(keys, k)
			}
		}
		return keys, true
	}
	return nil, false
}

// translator turns an expression into a Cypher condition over n, adding
// the values it compares to params under names it numbers.
type translator struct {
	s      *Store
	params map[string]any
}

// param stores v and returns the parameter's name (without $).
func (t *translator) param(v any) string {
	name := "p" + strconv.Itoa(len(t.params))
	t.params[name] = v
	return name
}

// idSet returns the ids of the records meeting a MemberOf, Related or
// IDs, which the store resolves with its own queries; ok is false for
// any other expression.
func (t *translator) idSet(ctx context.Context, e query.Expr) (ids []string, ok bool, err error) {
	switch x := e.(type) {
	case query.MemberOf:
		rows, err := t.s.members(ctx, []memberKey{{x.Body, ""}}, x.AsOf)
		if err != nil {
			return nil, false, err
		}
		ids = []string{}
		for _, r := range rows {
			ids = append(ids, r.m.ID)
		}
		return ids, true, nil
	case query.Related:
		ids, err = t.s.relatives(ctx, plan.NameMatch{Name: x.Name, IDs: x.IDs}, x.Relation, x.AsOf)
		return append([]string{}, ids...), err == nil, err
	case query.IDs:
		return append([]string{}, x...), true, nil
	case query.Or:
		ids = []string{}
		for _, y := range x {
			set, ok, err := t.idSet(ctx, y)
			if err != nil || !ok {
				return nil, false, err
			}
			ids = append(ids, set...)
		}
		return ids, true, nil
	}
	return nil, false, nil
}

// translate returns the Cypher condition e translates into; ok is false
// when e has a part Cypher does not express (see SelectExpr).
func (t *translator) translate(ctx context.Context, e query.Expr) (frag string, ok bool, err error) {
	if ids, ok, err := t.idSet(ctx, e); err != nil || ok {
		if err != nil {
			return "", false, err
		}
		return fragIDs + t.param(ids), true, nil
	}
	switch x := e.(type) {
	case query.Const:
		if x {
			return "true", true, nil
		}
		return "false", true, nil
	case query.Type:
		return fragType + t.param(trimmedFolds(x.Codes)) + ", false)", true, nil
	case query.Governance:
		return fragGovernance + t.param(trimmedFolds(x.Codes)) + ", false)", true, nil
	case query.Accreditation:
		return fragAccreditation + t.param(foldKey(x.Value)) + ", false)", true, nil
	case query.Size:
		sizes := make([]string, len(x.Values))
		large := false
		for i, v := range x.Values {
			sizes[i] = foldKey(v)
			large = large || strings.EqualFold(v, "large")
		}
		frag := fragSize + t.param(sizes)
		if large {
			frag += fragHuge
		}
		return frag + ", false)", true, nil
	case query.Status:
		switch x {
		case query.StatusOpen:
			return "n.isOpen", true, nil
		case query.StatusClosed:
			return "NOT n.isOpen", true, nil
		}
		return "true", true, nil
	case query.YearRange:
		var frag string
		switch x.Field {
		case "opened":
			frag = fragOpened
		case "closed":
			frag = fragClosed
		default:
			return "false", true, nil
		}
		// the names are the translator's own, never input
		r := strings.NewReplacer("{from}", t.param(x.From), "{to}", t.param(x.To))
		return r.Replace(frag), true, nil
	case query.Subject:
		if !x.Narrower {
			return "", false, nil
		}
		k, ok := x.Key()
		if !ok {
			return "false", true, nil
		}
		return fragSubject + t.param(k) + fragSubjectEnd, true, nil
	case query.Place:
		k, ok := kg.PlaceKey(x)
		if !ok {
			return "false", true, nil
		}
		return fragPlace + t.param(k) + " }", true, nil
	case query.And:
		return t.join(ctx, x, " AND ", "true")
	case query.Or:
		return t.join(ctx, x, " OR ", "false")
	case query.Not:
		frag, ok, err := t.translate(ctx, x.X)
		if err != nil || !ok {
			return "", false, err
		}
		return "NOT (" + frag + ")", true, nil
	}
	return "", false, nil
}

// join translates every one of xs and joins them with op; empty gives
// none.
func (t *translator) join(ctx context.Context, xs []query.Expr, op, none string) (string, bool, error) {
	if len(xs) == 0 {
		return none, true, nil
	}
	frags := make([]string, len(xs))
	for i, y := range xs {
		frag, ok, err := t.translate(ctx, y)
		if err != nil || !ok {
			return "", false, err
		}
		frags[i] = "(" + frag + ")"
	}
	return strings.Join(frags, op), true, nil
}

// trimmedFolds folds codes as query.OneOf compares them.
func trimmedFolds(l []string) []string {
	out := make([]string, len(l))
	for i, x := range l {
		out[i] = foldKey(strings.TrimSpace(x))
	}
	return out
}

const qInstitutionNames = `UNWIND $ids AS id
MATCH (n:Institution {id: id})
RETURN n.id AS id, n.name AS name`

// qRelated lists the records the named ones link to with $relation and,
// for "houses", the records located_in them.
const qRelated = `UNWIND $ids AS id
MATCH (:Institution {id: id})-[r:RELATED]->(m:Institution)
WHERE r.relation = $relation
RETURN m.id AS id
UNION ALL
UNWIND $ids AS id
MATCH (m:Institution)-[r:RELATED]->(:Institution {id: id})
WHERE $relation = 'houses' AND r.relation = 'located_in'
RETURN m.id AS id`

// relatives resolves the records related to one named institution (kg's
// relatives).
func (s *Store) relatives(ctx context.Context, n plan.NameMatch, relation string, asOf int) ([]string, error) {
	ids := n.IDs
	if len(ids) == 0 {
		var err error
		if ids, err = s.ByName(ctx, n.Name); err != nil {
			return nil, err
		}
	}
	if len(ids) == 0 {
		return nil, ctx.Err()
	}
	recs, err := s.read(ctx, "select", qInstitutionNames, map[string]any{"ids": ids})
	if err != nil || len(recs) == 0 {
		return nil, err
	}
	switch relation {
	case heritage.RelPartOf, heritage.RelOperatedBy, "has_part":
		rel := "" // every membership relation, as kg.Graph.Select
		var keys []memberKey
		for _, r := range recs {
			keys = append(keys, memberKey{str(r, "id"), rel}, memberKey{str(r, "name"), rel})
		}
		rows, err := s.members(ctx, keys, asOf)
		if err != nil {
			return nil, err
		}
		out := make([]string, 0, len(rows))
		for _, r := range rows {
			out = append(out, r.m.ID)
		}
		return out, nil
	}
	found := make([]string, 0, len(recs))
	for _, r := range recs {
		found = append(found, str(r, "id"))
	}
	return s.ids(ctx, "select", qRelated, map[string]any{"ids": found, "relation": relation})
}
