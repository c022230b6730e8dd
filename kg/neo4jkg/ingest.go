package neo4jkg

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"time"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/query"
)

// Stats reports what Ingest did.
type Stats struct {
	Institutions int `json:"institutions"`
	// Rows is the number of rows written (nodes, edges and lookup links).
	Rows int `json:"rows"`
	// Nodes and Relationships count what the store holds afterwards (the
	// labels and types of this package only).
	Nodes         int `json:"nodes"`
	Relationships int `json:"relationships"`
	// Created and Deleted count the changes Ingest made; both are zero when
	// the store already held this dataset.
	NodesCreated         int           `json:"nodes_created"`
	RelationshipsCreated int           `json:"relationships_created"`
	NodesDeleted         int           `json:"nodes_deleted"`
	RelationshipsDeleted int           `json:"relationships_deleted"`
	Duration             time.Duration `json:"duration"`
}

// schema lists the constraints and indexes Ingest creates.
var schema = []string{
	"CREATE CONSTRAINT hybridrag_node_key IF NOT EXISTS FOR (n:GraphNode) REQUIRE n.key IS UNIQUE",
	"CREATE CONSTRAINT hybridrag_institution_id IF NOT EXISTS FOR (n:Institution) REQUIRE n.id IS UNIQUE",
	"CREATE CONSTRAINT hybridrag_name_key IF NOT EXISTS FOR (n:Name) REQUIRE n.key IS UNIQUE",
	"CREATE CONSTRAINT hybridrag_placekey_key IF NOT EXISTS FOR (n:PlaceKey) REQUIRE n.key IS UNIQUE",
	"CREATE CONSTRAINT hybridrag_event_key IF NOT EXISTS FOR (n:Event) REQUIRE n.key IS UNIQUE",
	"CREATE CONSTRAINT hybridrag_dataset_name IF NOT EXISTS FOR (n:Dataset) REQUIRE n.name IS UNIQUE",
	"CREATE INDEX hybridrag_institution_isil IF NOT EXISTS FOR (n:Institution) ON (n.isil)",
	"CREATE INDEX hybridrag_institution_qid IF NOT EXISTS FOR (n:Institution) ON (n.qid)",
	"CREATE INDEX hybridrag_institution_ghcid IF NOT EXISTS FOR (n:Institution) ON (n.ghcid)",
	"CREATE INDEX hybridrag_body_name IF NOT EXISTS FOR (n:Body) ON (n.name)",
	"CREATE INDEX hybridrag_place_key IF NOT EXISTS FOR (n:Place) ON (n.key)",
	"CREATE INDEX hybridrag_identifier_value IF NOT EXISTS FOR (n:Identifier) ON (n.scheme, n.value)",
	"CREATE INDEX hybridrag_member_body_key IF NOT EXISTS FOR ()-[r:MEMBER_OF]-() ON (r.bodyKey)",
	"CREATE INDEX hybridrag_member_alias_key IF NOT EXISTS FOR ()-[r:MEMBER_OF]-() ON (r.aliasKey)",
	"CREATE FULLTEXT INDEX hybridrag_institution_names IF NOT EXISTS FOR (n:Institution) ON EACH [n.name, n.altNames]",
}

// Import statements, one per node kind and edge type. $v is the dataset
// version every written node and relationship is stamped with; Ingest
// deletes what carries another version afterwards.
const (
	qInstitutions = `UNWIND $rows AS row
MERGE (n:GraphNode {key: row.key})
SET n:Institution, n += row.props, n.version = $v`
	qBodies = `UNWIND $rows AS row
MERGE (n:GraphNode {key: row.key})
SET n:Body, n.kind = 'body', n.label = row.label, n.name = row.label, n.nameKey = row.nameKey, n.version = $v`
	qPlaces = `UNWIND $rows AS row
MERGE (n:GraphNode {key: row.key})
SET n:Place, n.kind = 'place', n.label = row.label, n.version = $v`
	qIdentifiers = `UNWIND $rows AS row
MERGE (n:GraphNode {key: row.key})
SET n:Identifier, n.kind = 'identifier', n.label = row.label, n.scheme = row.scheme, n.value = row.value, n.version = $v`
	edgeProps      = `SET r.relation = row.relation, r.kind = row.kind, r.source = row.source, r.until = row.until, r.ord = row.ord, r.cost = row.cost, r.version = $v`
	edgeMatch      = "UNWIND $rows AS row\nMATCH (a:GraphNode {key: row.from})\nMATCH (b:GraphNode {key: row.to})\n"
	qMemberOf      = edgeMatch + "MERGE (a)-[r:MEMBER_OF {key: row.key}]->(b)\n" + edgeProps + `, r.body = row.body, r.bodyKey = row.bodyKey, r.aliasKey = row.aliasKey, r.untilYear = row.untilYear, r.seq = row.seq`
	qImportRelated = edgeMatch + "MERGE (a)-[r:RELATED {key: row.key}]->(b)\n" + edgeProps
	qInPlace       = edgeMatch + "MERGE (a)-[r:IN_PLACE {key: row.key}]->(b)\n" + edgeProps
	qWithin        = edgeMatch + "MERGE (a)-[r:WITHIN {key: row.key}]->(b)\n" + edgeProps
	qIdentifies    = edgeMatch + "MERGE (a)-[r:HAS_IDENTIFIER {key: row.key}]->(b)\n" + edgeProps
	qNames         = `UNWIND $rows AS row
MATCH (n:Institution {id: row.inst})
MERGE (k:Name {key: row.key}) SET k.version = $v
MERGE (n)-[r:HAS_NAME]->(k) SET r.version = $v`
	qPlaceKeys = `UNWIND $rows AS row
MATCH (n:Institution {id: row.inst})
MERGE (k:PlaceKey {key: row.key}) SET k.version = $v
MERGE (n)-[r:MATCHES_PLACE]->(k) SET r.version = $v`
	qImportEvents = `UNWIND $rows AS row
MATCH (n:Institution {id: row.inst})
MERGE (e:Event {key: row.key}) SET e += row.props, e.version = $v
MERGE (n)-[r:HAS_EVENT]->(e) SET r.version = $v`
	qDataset = `MERGE (d:Dataset {name: 'heritage'}) SET d.version = $dv, d.stamp = $v, d.institutions = $n`

	// Pruning what an earlier ingest of another dataset version left.
	qPruneRels = `MATCH ()-[r:MEMBER_OF|RELATED|IN_PLACE|WITHIN|HAS_IDENTIFIER|HAS_NAME|MATCHES_PLACE|HAS_EVENT]->()
WHERE r.version IS NULL OR r.version <> $v
WITH r LIMIT 10000 DELETE r`
	qPruneNodes = `MATCH (n) WHERE (n:GraphNode OR n:Name OR n:PlaceKey OR n:Event) AND (n.version IS NULL OR n.version <> $v)
WITH n LIMIT 10000 DETACH DELETE n`
	qCount = `CALL { MATCH (n) WHERE n:GraphNode OR n:Name OR n:PlaceKey OR n:Event OR n:Dataset RETURN count(n) AS nodes }
CALL { MATCH ()-[r:MEMBER_OF|RELATED|IN_PLACE|WITHIN|HAS_IDENTIFIER|HAS_NAME|MATCHES_PLACE|HAS_EVENT]->() RETURN count(r) AS rels }
RETURN nodes, rels`
)

// edgeQuery picks the import statement of an edge kind.
var edgeQuery = map[kg.EdgeKind]string{
	kg.EdgeMembership: qMemberOf,
	kg.EdgeRelation:   qImportRelated,
	kg.EdgePlace:      qInPlace,
	kg.EdgeWithin:     qWithin,
	kg.EdgeIdentifier: qIdentifies,
}

// Ingest writes the dataset into the store: constraints and indexes first,
// then nodes, edges, names, place keys and events in batches of
// UNWIND … MERGE. It is idempotent: ingesting the same dataset again
// changes nothing, and ingesting another version removes what that version
// no longer holds. progress, when not nil, is called after every batch with
// the rows written so far and the total.
func (s *Store) Ingest(ctx context.Context, ds *heritage.Dataset, progress func(done, total int)) (Stats, error) {
	start := time.Now()
	var st Stats
	for _, q := range schema {
		if _, err := s.write(ctx, "schema", q, nil); err != nil {
			return st, err
		}
	}
	if _, err := s.write(ctx, "schema", "CALL db.awaitIndexes(300)", nil); err != nil {
		return st, err
	}

	m := buildModel(ds)
	batches := importBatches(ds, m)
	total := 0
	for _, b := range batches {
		total += len(b.rows)
	}
	v := stamp(ds, m)
	done := 0
	size := s.opts.batchSize
	for _, b := range batches {
		for i := 0; i < len(b.rows); i += size {
			rows := b.rows[i:min(i+size, len(b.rows))]
			c, err := s.write(ctx, "ingest "+b.what, b.query, map[string]any{"rows": rows, "v": v})
			if err != nil {
				return st, err
			}
			st.NodesCreated += c.NodesCreated()
			st.RelationshipsCreated += c.RelationshipsCreated()
			done += len(rows)
			if progress != nil {
				progress(done, total)
			}
		}
	}
	c, err := s.write(ctx, "ingest dataset", qDataset, map[string]any{"v": v, "dv": ds.Version, "n": len(ds.Institutions)})
	if err != nil {
		return st, err
	}
	st.NodesCreated += c.NodesCreated()

	for _, q := range []string{qPruneRels, qPruneNodes} {
		for {
			c, err := s.write(ctx, "ingest prune", q, map[string]any{"v": v})
			if err != nil {
				return st, err
			}
			st.NodesDeleted += c.NodesDeleted()
			st.RelationshipsDeleted += c.RelationshipsDeleted()
			if c.NodesDeleted()+c.RelationshipsDeleted() == 0 {
				break
			}
		}
	}

	nodes, rels, err := s.Count(ctx)
	if err != nil {
		return st, err
	}
	st.Institutions = len(ds.Institutions)
	st.Rows = total
	st.Nodes, st.Relationships = nodes, rels
	st.Duration = time.Since(start)
	return st, nil
}

// stamp is the version every node and relationship of an ingest carries:
// the dataset version and a digest of the place keys, which are derived
// from the records by code (heritage.Dataset.Towns, kg.Places), so
// that ingesting the same data after the derivation changed removes the
// keys it no longer gives.
func stamp(ds *heritage.Dataset, m *model) string {
	h := sha256.New()
	for _, r := range m.placeKeys {
		h.Write([]byte(r.inst))
		h.Write([]byte{0})
		h.Write([]byte(r.key))
		h.Write([]byte{0})
	}
	return ds.Version + "." + hex.EncodeToString(h.Sum(nil)[:6])
}

// Count returns the number of nodes and relationships of this package's
// labels and types in the store.
func (s *Store) Count(ctx context.Context) (nodes, relationships int, err error) {
	recs, err := s.read(ctx, "count", qCount, nil)
	if err != nil {
		return 0, 0, err
	}
	if len(recs) != 1 {
		return 0, 0, fmt.Errorf("neo4jkg: count: %d records", len(recs))
	}
	n, _ := integer(recs[0], "nodes")
	r, _ := integer(recs[0], "rels")
	return int(n), int(r), nil
}

// Version returns the version of the dataset last ingested, or "" when the
// store holds none.
func (s *Store) Version(ctx context.Context) (string, error) {
	recs, err := s.read(ctx, "version", "MATCH (d:Dataset {name: 'heritage'}) RETURN d.version AS v", nil)
	if err != nil || len(recs) == 0 {
		return "", err
	}
	return str(recs[0], "v"), nil
}

type batch struct {
	what  string
	query string
	rows  []any
}

// importBatches turns the model into parameter rows, nodes before the
// edges that need them.
func importBatches(ds *heritage.Dataset, m *model) []batch {
	byKind := map[kg.NodeKind]*batch{
		kg.KindInstitution: {what: "institutions", query: qInstitutions},
		kg.KindBody:        {what: "bodies", query: qBodies},
		kg.KindPlace:       {what: "places", query: qPlaces},
		kg.KindIdentifier:  {what: "identifiers", query: qIdentifiers},
	}
	for _, n := range m.nodes {
		b := byKind[n.kind]
		switch n.kind {
		case kg.KindInstitution:
			in, _ := ds.Get(n.key)
			b.rows = append(b.rows, map[string]any{"key": n.key, "props": institutionProps(in, n.label)})
		case kg.KindBody:
			b.rows = append(b.rows, map[string]any{"key": n.key, "label": n.label, "nameKey": n.key[len("body:"):]})
		case kg.KindIdentifier:
			scheme, value := splitIdentKey(n.key)
			b.rows = append(b.rows, map[string]any{"key": n.key, "label": n.label, "scheme": scheme, "value": value})
		default:
			b.rows = append(b.rows, map[string]any{"key": n.key, "label": n.label})
		}
	}
	out := []batch{*byKind[kg.KindInstitution], *byKind[kg.KindBody], *byKind[kg.KindPlace], *byKind[kg.KindIdentifier]}

	edges := map[kg.EdgeKind]*batch{}
	order := []kg.EdgeKind{kg.EdgeIdentifier, kg.EdgeMembership, kg.EdgeRelation, kg.EdgePlace, kg.EdgeWithin}
	for _, k := range order {
		edges[k] = &batch{what: string(k) + " edges", query: edgeQuery[k]}
	}
	for _, e := range m.edges {
		row := map[string]any{"key": e.key, "from": e.from, "to": e.to, "relation": e.relation, "kind": string(e.kind),
			"source": e.source, "until": e.until, "ord": e.ord, "cost": e.cost}
		if e.kind == kg.EdgeMembership {
			row["body"], row["bodyKey"], row["seq"] = e.body, e.bodyKey, e.seq
			row["aliasKey"] = nilIfEmpty(e.aliasKey)
			if e.untilYear != nil {
				row["untilYear"] = *e.untilYear
			} else {
				row["untilYear"] = nil
			}
		}
		edges[e.kind].rows = append(edges[e.kind].rows, row)
	}
	for _, k := range order {
		out = append(out, *edges[k])
	}

	names := batch{what: "names", query: qNames}
	for _, r := range m.names {
		names.rows = append(names.rows, map[string]any{"inst": r.inst, "key": r.key})
	}
	pks := batch{what: "place keys", query: qPlaceKeys}
	for _, r := range m.placeKeys {
		pks.rows = append(pks.rows, map[string]any{"inst": r.inst, "key": r.key})
	}
	events := batch{what: "events", query: qImportEvents}
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		for j, e := range in.Events {
			props := map[string]any{"date": e.Date, "type": e.Type, "description": e.Description,
				"formerName": e.FormerName, "sourceField": e.SourceField, "ord": j, "fromYear": nil}
			if from, _, ok := e.Years(); ok {
				props["fromYear"] = from
			}
			events.rows = append(events.rows, map[string]any{"inst": in.ID, "key": in.ID + "#event:" + strconv.Itoa(j), "props": props})
		}
	}
	return append(out, names, pks, events)
}

func splitIdentKey(key string) (scheme, value string) {
	rest := key[len("ident:"):]
	for i := 0; i < len(rest); i++ {
		if rest[i] == ':' {
			return rest[:i], rest[i+1:]
		}
	}
	return rest, ""
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// institutionProps are the stored properties of an institution: display
// fields plus the folded values Select compares.
func institutionProps(in *heritage.Institution, label string) map[string]any {
	alt := make([]string, 0, len(in.AltNames()))
	for _, a := range in.AltNames() {
		alt = append(alt, a.Name)
	}
	p := map[string]any{
		"id": in.ID, "kind": string(kg.KindInstitution), "label": label, "name": in.Name, "altNames": alt,
		"type": in.Type, "typeCode": in.TypeCode, "country": in.Country, "city": in.City,
		"isil": nilIfEmpty(in.ISIL), "qid": nilIfEmpty(in.Wikidata), "ghcid": nilIfEmpty(in.GHCID),
		"status": in.Status(), "tier": string(in.Tier), "accreditation": in.Accreditation(), "size": in.Size(),
		"governanceCode": in.GovernanceCode(), "subjects": in.Subjects,
		// Select keys.
		"isOpen":            in.IsOpen(),
		"typeCodeFold":      nilIfEmpty(foldKey(in.TypeCode)),
		"accreditationFold": nilIfEmpty(foldKey(in.Accreditation())),
		"sizeFold":          foldKey(in.Size()),
		"governanceFold":    nilIfEmpty(foldKey(in.GovernanceCode())),
		"subjectKeys":       subjectPrefixes(in.Subjects),
	}
	if in.Subjects == nil {
		p["subjects"] = []string{}
	}
	p["openedFrom"], p["openedTo"], p["closedFrom"], p["closedTo"] = nil, nil, nil, nil
	if from, to, ok := in.Opened(); ok {
		p["openedFrom"], p["openedTo"] = from, to
	}
	if from, to, ok := in.Closed(); ok {
		p["closedFrom"], p["closedTo"] = from, to
	}
	if len(p["subjectKeys"].([]string)) == 0 {
		p["subjectKeys"] = []string{}
	}
	return p
}

// qClear deletes one batch of this package's nodes with their relationships.
const qClear = `MATCH (n) WHERE n:GraphNode OR n:Name OR n:PlaceKey OR n:Event OR n:Dataset
WITH n LIMIT 10000 DETACH DELETE n`

// Clear deletes every node and relationship Ingest writes (constraints and
// indexes stay), in batches; it returns the number of nodes deleted.
func (s *Store) Clear(ctx context.Context) (int, error) {
	total := 0
	for {
		c, err := s.write(ctx, "clear", qClear, nil)
		if err != nil {
			return total, err
		}
		if c.NodesDeleted() == 0 {
			return total, nil
		}
		total += c.NodesDeleted()
	}
}

// subjectPrefixes are the subject keys a Subject with Narrower looks up
// (query.SubjectKeys).
func subjectPrefixes(subjects []string) []string {
	prefixes, _ := query.SubjectKeys(subjects)
	return prefixes
}

// Holds reports whether the store holds exactly what an ingest of ds
// writes: the stamp of this dataset and model, and as many nodes and
// relationships as the model gives (so that nothing an interrupted
// ingest left is counted in); g is the in-memory graph of ds.
func (s *Store) Holds(ctx context.Context, ds *heritage.Dataset, g *kg.Graph) (bool, error) {
	recs, err := s.read(ctx, "stamp", "MATCH (d:Dataset {name: 'heritage'}) RETURN d.stamp AS v", nil)
	if err != nil || len(recs) == 0 {
		return false, err
	}
	m := buildModel(ds)
	if str(recs[0], "v") != stamp(ds, m) {
		return false, nil
	}
	nodes, rels, err := s.Count(ctx)
	if err != nil {
		return false, err
	}
	wantNodes, wantRels := storeSize(ds, m, g)
	return nodes == wantNodes && rels == wantRels, nil
}

// storeSize is the number of nodes and relationships an ingest of ds
// leaves in the store: the graph's nodes and edges, plus names, place
// keys, events (nodes and links), the dataset node and the lookup links.
func storeSize(ds *heritage.Dataset, m *model, g *kg.Graph) (nodes, rels int) {
	events := 0
	for i := range ds.Institutions {
		events += len(ds.Institutions[i].Events)
	}
	keys := map[string]bool{}
	names := map[string]bool{}
	for _, r := range m.placeKeys {
		keys[r.key] = true
	}
	for _, r := range m.names {
		names[r.key] = true
	}
	gn, gr := g.Len()
	return gn + len(keys) + len(names) + events + 1, gr + len(m.placeKeys) + len(m.names) + events
}
