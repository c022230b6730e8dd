package neo4jkg

import (
	"context"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/plan"
)

// currentYear stands for "now" when a present-tense question drops ended
// memberships (as in kg).
const currentYear = 9999

// selectFilters applies the per-record constraints; every value is a
// parameter, null when the constraint is absent.
const selectFilters = `($types IS NULL OR n.typeCodeFold IN $types)
  AND ($status <> 'open' OR n.isOpen) AND ($status <> 'closed' OR NOT n.isOpen)
  AND ($accreditation IS NULL OR n.accreditationFold = $accreditation)
  AND ($sizes IS NULL OR n.sizeFold IN $sizes OR ($large AND n.size = 'huge'))
  AND ($govs IS NULL OR n.governanceFold IN $govs)
  AND ($subjects IS NULL OR any(k IN $subjects WHERE k IN n.subjectKeys))
  AND ($yField IS NULL OR CASE $yField
        WHEN 'closed' THEN n.closedTo IS NOT NULL AND ($yTo <= 0 OR n.closedTo <= $yTo) AND ($yFrom <= 0 OR n.closedFrom >= $yFrom)
        WHEN 'opened' THEN n.openedTo IS NOT NULL AND ($yTo <= 0 OR n.openedTo <= $yTo) AND ($yFrom <= 0 OR n.openedFrom >= $yFrom)
        ELSE false END)`

// The three ways Select starts: from a candidate list, from place keys, or
// from every institution.
const (
	qSelectCandidates = `UNWIND $cand AS cid
MATCH (n:Institution {id: cid})
WHERE ($placeKeys IS NULL OR EXISTS { (n)-[:MATCHES_PLACE]->(k:PlaceKey) WHERE k.key IN $placeKeys })
  AND ` + selectFilters + `
RETURN DISTINCT n.id AS id ORDER BY id`
	qSelectPlaces = `MATCH (k:PlaceKey)<-[:MATCHES_PLACE]-(n:Institution)
WHERE k.key IN $placeKeys
WITH DISTINCT n
WHERE ` + selectFilters + `
RETURN n.id AS id ORDER BY id`
	qSelectAll = `MATCH (n:Institution)
WHERE ` + selectFilters + `
RETURN n.id AS id ORDER BY id`
)

// Select returns the ids (sorted) of the institutions meeting every
// constraint, or nil when the constraints are not selective
// (kg.Graph.Select, same rules).
func (s *Store) Select(ctx context.Context, c plan.Constraints, asOf int) ([]string, error) {
	return s.SelectMatching(ctx, c, asOf, kg.Derived)
}

// SelectMatching is Select with places matched up to level m
// (kg.Graph.SelectMatching, same rules).
func (s *Store) SelectMatching(ctx context.Context, c plan.Constraints, asOf int, m kg.PlaceMatch) ([]string, error) {
	return s.selectIDs(ctx, c, asOf, m)
}

func (s *Store) selectIDs(ctx context.Context, c plan.Constraints, asOf int, m kg.PlaceMatch) ([]string, error) {
	named := len(c.Names) == 1 && c.Relation != ""
	if !c.Selective() && !named {
		return nil, ctx.Err()
	}
	if c.Status == "open" && asOf == 0 {
		asOf = currentYear
	}

	var cand []string
	restricted := false
	intersect := func(set []string) {
		slices.Sort(set)
		set = slices.Compact(set)
		if !restricted {
			cand, restricted = set, true
			return
		}
		cand = kg.IntersectSorted(cand, set)
	}

	if named {
		set, err := s.relatives(ctx, c.Names[0], c.Relation, asOf)
		if err != nil {
			return nil, err
		}
		intersect(set)
	}
	if len(c.Bodies) > 0 {
		var keys []memberKey
		for _, b := range c.Bodies {
			// every membership relation, as kg.Graph.Select
			for _, k := range append([]string{b.Name}, b.IDs...) {
				keys = append(keys, memberKey{k, ""})
			}
		}
		rows, err := s.members(ctx, keys, asOf)
		if err != nil {
			return nil, err
		}
		set := make([]string, 0, len(rows))
		for _, r := range rows {
			set = append(set, r.m.ID)
		}
		intersect(set)
	}
	if restricted && len(cand) == 0 {
		return nil, ctx.Err()
	}

	params := filterParams(c)
	var placeKeys []string
	if len(c.Places) > 0 {
		// never nil here: a place no key matches selects nothing
		placeKeys = append([]string{}, kg.SelectPlaceKeys(c, m)...)
		params["placeKeys"] = placeKeys
	} else {
		params["placeKeys"] = nil
	}
	query := qSelectAll
	switch {
	case restricted:
		query = qSelectCandidates
		params["cand"] = cand
	case placeKeys != nil:
		query = qSelectPlaces
	}
	return s.ids(ctx, "select", query, params)
}

// filterParams folds the per-record constraints the way kg compares them.
func filterParams(c plan.Constraints) map[string]any {
	p := map[string]any{
		"types": nil, "status": strings.ToLower(c.Status), "accreditation": nil, "sizes": nil, "large": false,
		"govs": nil, "subjects": nil, "yField": nil, "yFrom": 0, "yTo": 0,
	}
	trimmedFolds := func(l []string) []string {
		out := make([]string, len(l))
		for i, x := range l {
			out[i] = foldKey(strings.TrimSpace(x))
		}
		return out
	}
	if len(c.TypeCodes) > 0 {
		p["types"] = trimmedFolds(c.TypeCodes)
	}
	if c.Accreditation != "" {
		p["accreditation"] = foldKey(c.Accreditation)
	}
	if len(c.Sizes) > 0 {
		sizes := make([]string, len(c.Sizes))
		large := false
		for i, x := range c.Sizes {
			sizes[i] = foldKey(x)
			large = large || strings.EqualFold(x, "large")
		}
		p["sizes"], p["large"] = sizes, large
	}
	if len(c.GovernanceCodes) > 0 {
		p["govs"] = trimmedFolds(c.GovernanceCodes)
	}
	if len(c.Subjects) > 0 {
		keys := []string{}
		for _, w := range c.Subjects {
			if k, ok := wantedSubjectKey(w); ok {
				keys = append(keys, k)
			}
		}
		p["subjects"] = keys
	}
	if y := c.Years; y != nil {
		p["yField"], p["yFrom"], p["yTo"] = y.Field, y.From, y.To
	}
	return p
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
