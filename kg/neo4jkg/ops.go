package neo4jkg

import (
	"cmp"
	"context"
	"slices"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
)

// The operations below return what the kg.Graph methods of the same name
// return for the same dataset; see their documentation there.

const qLookup = `MATCH (:GraphNode {key: $key})<-[:HAS_IDENTIFIER]-(n:Institution)
RETURN DISTINCT n.id AS id ORDER BY id`

// Lookup returns the ids of the institutions carrying the identifier,
// sorted (kg.Graph.Lookup).
func (s *Store) Lookup(ctx context.Context, scheme, value string) ([]string, error) {
	sc, ok := kg.Scheme(scheme)
	if !ok {
		return nil, ctx.Err()
	}
	return s.ids(ctx, "lookup", qLookup, map[string]any{"key": identKey(sc, kg.NormalizeIdentifier(sc, value))})
}

const qByName = `MATCH (:Name {key: $key})<-[:HAS_NAME]-(n:Institution)
RETURN DISTINCT n.id AS id ORDER BY id`

// ByName returns the ids of the institutions whose name or alternative
// name equals name after kg.NormalizeName, sorted (kg.Graph.ByName).
func (s *Store) ByName(ctx context.Context, name string) ([]string, error) {
	return s.ids(ctx, "by name", qByName, map[string]any{"key": kg.NormalizeName(name)})
}

// ids runs a query returning one id column and gives nil for no rows.
func (s *Store) ids(ctx context.Context, op, query string, params map[string]any) ([]string, error) {
	recs, err := s.read(ctx, op, query, params)
	if err != nil || len(recs) == 0 {
		return nil, err
	}
	out := make([]string, 0, len(recs))
	for _, r := range recs {
		out = append(out, str(r, "id"))
	}
	// Sorted here rather than trusting the server's collation.
	slices.Sort(out)
	return slices.Compact(out), nil
}

// qMembers resolves each key as kg.Graph.Members does: a record id selects
// the memberships naming it plus its has_part links; otherwise the
// normalised name selects the memberships of that group, or of the group
// a name_in_source spells (the last one in dataset order).
const qMembers = `UNWIND $keys AS key
CALL {
  WITH key
  OPTIONAL MATCH (p:Institution {id: key.id})
  WITH key, p
  CALL {
    WITH p
    WITH p WHERE p IS NOT NULL
    MATCH (m:Institution)-[r:MEMBER_OF]->(p)
    RETURN m.id AS id, r.body AS body, r.relation AS relation, r.source AS source, r.until AS until,
           r.untilYear AS untilYear, false AS hasPart, r.seq AS seq
    UNION ALL
    WITH p
    WITH p WHERE p IS NOT NULL
    MATCH (p)-[r:RELATED {relation: 'has_part'}]->(m:Institution)
    RETURN m.id AS id, p.name AS body, 'part_of' AS relation, 'related' AS source, '' AS until,
           null AS untilYear, true AS hasPart, r.ord AS seq
    UNION ALL
    WITH key, p
    WITH key WHERE p IS NULL
    OPTIONAL MATCH ()-[d:MEMBER_OF {bodyKey: key.norm}]->()
    WITH key, count(d) > 0 AS direct
    OPTIONAL MATCH ()-[a:MEMBER_OF {aliasKey: key.norm}]->() WHERE NOT direct
    WITH key, direct, a ORDER BY a.seq DESC LIMIT 1
    WITH CASE WHEN direct THEN key.norm ELSE coalesce(a.bodyKey, '') END AS bk
    MATCH (m:Institution)-[r:MEMBER_OF {bodyKey: bk}]->()
    RETURN m.id AS id, r.body AS body, r.relation AS relation, r.source AS source, r.until AS until,
           r.untilYear AS untilYear, false AS hasPart, r.seq AS seq
  }
  RETURN id, body, relation, source, until, untilYear, hasPart, seq
}
WITH key, id, body, relation, source, until, untilYear, hasPart, seq
WHERE (key.relation = '' OR relation = key.relation)
  AND (hasPart OR $asOf <= 0 OR untilYear IS NULL OR untilYear > $asOf)
RETURN key.i AS k, id, body, relation, source, until, hasPart, seq`

// memberKey is one body to resolve in qMembers.
type memberKey struct {
	body, relation string
}

type memberRow struct {
	k       int
	m       kg.Member
	hasPart bool
	seq     int64
}

// members resolves several bodies in one round trip and returns the rows
// of each, in no particular order.
func (s *Store) members(ctx context.Context, keys []memberKey, asOf int) ([]memberRow, error) {
	if len(keys) == 0 {
		return nil, ctx.Err()
	}
	params := make([]any, len(keys))
	for i, k := range keys {
		params[i] = map[string]any{"i": i, "id": k.body, "norm": kg.NormalizeName(k.body), "relation": k.relation}
	}
	recs, err := s.read(ctx, "members", qMembers, map[string]any{"keys": params, "asOf": asOf})
	if err != nil {
		return nil, err
	}
	out := make([]memberRow, 0, len(recs))
	for _, r := range recs {
		k, _ := integer(r, "k")
		seq, _ := integer(r, "seq")
		hp, _ := r.Get("hasPart")
		hasPart, _ := hp.(bool)
		out = append(out, memberRow{k: int(k), hasPart: hasPart, seq: seq, m: kg.Member{
			ID: str(r, "id"), Body: str(r, "body"), Relation: str(r, "relation"),
			SourceField: str(r, "source"), Until: str(r, "until"),
		}})
	}
	return out, nil
}

// Members returns the institutions that are part_of or operated_by body,
// sorted by id then relation (kg.Graph.Members).
func (s *Store) Members(ctx context.Context, body, relation string, asOf int) ([]kg.Member, error) {
	rows, err := s.members(ctx, []memberKey{{body, relation}}, asOf)
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	// The in-memory order before its stable sort: memberships in dataset
	// order, then the parent's has_part links.
	slices.SortFunc(rows, func(a, b memberRow) int {
		return cmp.Or(cmp.Compare(a.m.ID, b.m.ID), cmp.Compare(a.m.Relation, b.m.Relation),
			boolCmp(a.hasPart, b.hasPart), cmp.Compare(a.seq, b.seq))
	})
	out := make([]kg.Member, 0, len(rows))
	for _, r := range rows {
		if n := len(out); n > 0 && out[n-1].ID == r.m.ID && out[n-1].Relation == r.m.Relation {
			continue
		}
		out = append(out, r.m)
	}
	return out, nil
}

func boolCmp(a, b bool) int {
	switch {
	case a == b:
		return 0
	case !a:
		return -1
	}
	return 1
}

const qEvents = `MATCH (:Institution {id: $id})-[:HAS_EVENT]->(e:Event)
RETURN e.date AS date, e.type AS type, e.description AS description, e.formerName AS formerName,
       e.sourceField AS sourceField
ORDER BY e.ord`

// Events returns the institution's events ordered by their first year,
// then by date; undated events come last (kg.Graph.Events).
func (s *Store) Events(ctx context.Context, id string) ([]heritage.Event, error) {
	recs, err := s.read(ctx, "events", qEvents, map[string]any{"id": id})
	if err != nil || len(recs) == 0 {
		return nil, err
	}
	out := make([]heritage.Event, 0, len(recs))
	for _, r := range recs {
		out = append(out, heritage.Event{Date: str(r, "date"), Type: str(r, "type"), Description: str(r, "description"),
			FormerName: str(r, "formerName"), SourceField: str(r, "sourceField")})
	}
	slices.SortStableFunc(out, kg.CompareEvents)
	return out, nil
}

// edge is a kg edge as read back, with its position in the in-memory
// graph and its path cost.
type edge struct {
	kg.Edge
	ord  int64
	cost int64
}

const edgeColumns = `r.ord AS ord, startNode(r).key AS from, endNode(r).key AS to, r.relation AS relation,
       r.kind AS kind, r.source AS source, r.until AS until, r.cost AS cost`

func readEdge(r *neo4j.Record) edge {
	ord, _ := integer(r, "ord")
	cost, _ := integer(r, "cost")
	return edge{ord: ord, cost: cost, Edge: kg.Edge{From: str(r, "from"), To: str(r, "to"), Relation: str(r, "relation"),
		Kind: kg.EdgeKind(str(r, "kind")), Source: str(r, "source"), Until: str(r, "until")}}
}

const qNodeKind = `MATCH (n:GraphNode {key: $key}) RETURN n.kind AS kind`

const qNode = `MATCH (n:GraphNode {key: $key}) RETURN n.key AS id, n.kind AS kind, n.label AS label`

// Node returns the node with the given id (kg.Graph.Node).
func (s *Store) Node(ctx context.Context, id string) (kg.Node, bool, error) {
	recs, err := s.read(ctx, "node", qNode, map[string]any{"key": id})
	if err != nil || len(recs) == 0 {
		return kg.Node{}, false, err
	}
	r := recs[0]
	return kg.Node{ID: str(r, "id"), Kind: kg.NodeKind(str(r, "kind")), Label: str(r, "label")}, true, nil
}

// qIncident returns the kg edges touching each node of $keys.
const qIncident = `UNWIND $keys AS k
MATCH (n:GraphNode {key: k})-[r:MEMBER_OF|RELATED|IN_PLACE|WITHIN|HAS_IDENTIFIER]-(m:GraphNode)
WHERE $all OR r.relation IN $relations
RETURN k AS node, m.kind AS otherKind, ` + edgeColumns

// Neighbourhood returns the edges within depth hops of the node id,
// followed in both directions, sorted by kg.SortEdges
// (kg.Graph.Neighbourhood: the same walk, kg.Walk). It asks the server once
// per hop.
func (s *Store) Neighbourhood(ctx context.Context, id string, depth int, relations []string) ([]kg.Edge, error) {
	if depth <= 0 {
		return nil, ctx.Err()
	}
	recs, err := s.read(ctx, "neighbourhood", qNodeKind, map[string]any{"key": id})
	if err != nil || len(recs) == 0 {
		return nil, err
	}
	if relations == nil {
		relations = []string{}
	}
	return kg.Walk(ctx, id, depth, func(ctx context.Context, nodes []string) ([]kg.TouchingEdge, error) {
		recs, err := s.read(ctx, "neighbourhood", qIncident,
			map[string]any{"keys": nodes, "all": len(relations) == 0, "relations": relations})
		if err != nil {
			return nil, err
		}
		out := make([]kg.TouchingEdge, len(recs))
		for i, r := range recs {
			e := readEdge(r)
			out[i] = kg.TouchingEdge{Edge: e.Edge, Node: str(r, "node"), Ord: e.ord, OtherKind: kg.NodeKind(str(r, "otherKind"))}
		}
		return out, nil
	})
}

const qBothInstitutions = `OPTIONAL MATCH (a:Institution {id: $from})
OPTIONAL MATCH (b:Institution {id: $to})
RETURN a IS NOT NULL AS a, b IS NOT NULL AS b`

// qAdjacent returns the connector edges (identifiers excluded) of each
// node of $keys.
const qAdjacent = `UNWIND $keys AS k
MATCH (n:GraphNode {key: k})-[r:MEMBER_OF|RELATED|IN_PLACE|WITHIN]-(:GraphNode)
RETURN k AS node, ` + edgeColumns

// pathPrefetch is how many queued nodes ShortestPath loads the edges of
// per round trip.
const pathPrefetch = 256

// ShortestPath returns the cheapest chain of edges linking two
// institutions, or nil when none exists (kg.Graph.ShortestPath: the same
// search, kg.CheapestPath, with the same costs and tie-breaks). The edges
// of queued nodes are fetched from the server in batches.
func (s *Store) ShortestPath(ctx context.Context, from, to string) ([]kg.Edge, error) {
	recs, err := s.read(ctx, "shortest path", qBothInstitutions, map[string]any{"from": from, "to": to})
	if err != nil || len(recs) != 1 {
		return nil, err
	}
	a, _ := recs[0].Get("a")
	b, _ := recs[0].Get("b")
	if a != true || b != true {
		return nil, nil
	}
	adj := map[string][]kg.PathEdge{}
	load := func(keys []string) error {
		recs, err := s.read(ctx, "shortest path", qAdjacent, map[string]any{"keys": keys})
		if err != nil {
			return err
		}
		byNode := map[string][]edge{}
		for _, r := range recs {
			n := str(r, "node")
			byNode[n] = append(byNode[n], readEdge(r))
		}
		for _, k := range keys {
			es := byNode[k]
			slices.SortFunc(es, func(a, b edge) int { return cmp.Compare(a.ord, b.ord) })
			es = slices.CompactFunc(es, func(a, b edge) bool { return a.ord == b.ord })
			out := make([]kg.PathEdge, len(es))
			for i, e := range es {
				out[i] = kg.PathEdge{Edge: e.Edge, Cost: int(e.cost)}
			}
			adj[k] = out
		}
		return nil
	}
	return kg.CheapestPath(ctx, from, to, func(_ context.Context, node string, pending func() []string) ([]kg.PathEdge, error) {
		if es, ok := adj[node]; ok {
			return es, nil
		}
		keys := []string{node}
		for _, id := range pending() {
			if len(keys) == pathPrefetch {
				break
			}
			if _, ok := adj[id]; !ok && !slices.Contains(keys, id) {
				keys = append(keys, id)
			}
		}
		if err := load(keys); err != nil {
			return nil, err
		}
		return adj[node], nil
	})
}
