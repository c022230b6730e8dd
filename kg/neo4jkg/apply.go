package neo4jkg

import (
	"context"
	"fmt"
	"reflect"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/hybridrag/hybridrag/heritage"
)

// Apply brings the store from dataset prev, which it holds, to dataset
// next by writing only the difference: the rows Ingest would write for
// next (nodes, edges with their in-memory positions, names, place keys,
// events) are compared with those of prev, and only the rows that are new
// or differ are merged, and those that are gone deleted. A store that
// holds another version than prev's (or none) gets a full Ingest of next
// instead. Afterwards the store holds what Ingest of next would have
// written, so Apply is idempotent and a full Ingest of next finds nothing
// to create or delete. The rows keep the stamp of the last full ingest.
func (s *Store) Apply(ctx context.Context, prev, next *heritage.Dataset) (Stats, error) {
	start := time.Now()
	recs, err := s.read(ctx, "apply", "MATCH (d:Dataset {name: 'heritage'}) RETURN d.version AS dv, d.stamp AS v", nil)
	if err != nil {
		return Stats{}, err
	}
	var st Stats
	switch {
	case len(recs) > 0 && str(recs[0], "dv") == next.Version:
		// Applied already.
		return s.finish(ctx, st, next, start)
	case len(recs) == 0 || str(recs[0], "dv") != prev.Version:
		return s.Ingest(ctx, next, nil)
	}
	v := str(recs[0], "v")
	old := importBatches(prev, buildModel(prev))
	cur := importBatches(next, buildModel(next))
	count := func(_ string, c neo4j.Counters) {
		st.NodesCreated += c.NodesCreated()
		st.NodesDeleted += c.NodesDeleted()
		st.RelationshipsCreated += c.RelationshipsCreated()
		st.RelationshipsDeleted += c.RelationshipsDeleted()
	}
	// Deletions first, relationships before the nodes they join (a
	// name or place key left without an institution goes with them).
	gone := make([][]any, len(cur))
	put := make([][]any, len(cur))
	for i := range cur {
		if old[i].what != cur[i].what {
			return st, fmt.Errorf("neo4jkg: apply: batches out of step: %s and %s", old[i].what, cur[i].what)
		}
		was := make(map[string]any, len(old[i].rows))
		for _, r := range old[i].rows {
			was[rowKey(r)] = r
		}
		for _, r := range cur[i].rows {
			k := rowKey(r)
			if w, ok := was[k]; !ok || !reflect.DeepEqual(w, r) {
				put[i] = append(put[i], r)
			}
			delete(was, k)
		}
		for _, r := range old[i].rows {
			if _, ok := was[rowKey(r)]; ok {
				gone[i] = append(gone[i], r)
			}
		}
	}
	for pass := range 2 {
		for i := range cur {
			q, isNode := deleteQuery(cur[i].what)
			if len(gone[i]) == 0 || isNode != (pass == 1) {
				continue
			}
			c, err := s.write(ctx, "apply delete "+cur[i].what, q, map[string]any{"rows": gone[i]})
			if err != nil {
				return st, err
			}
			count(cur[i].what, c)
		}
	}
	for i := range cur {
		if len(put[i]) == 0 {
			continue
		}
		for lo := 0; lo < len(put[i]); lo += s.opts.batchSize {
			rows := put[i][lo:min(lo+s.opts.batchSize, len(put[i]))]
			c, err := s.write(ctx, "apply "+cur[i].what, cur[i].query, map[string]any{"rows": rows, "v": v})
			if err != nil {
				return st, err
			}
			count(cur[i].what, c)
			st.Rows += len(rows)
		}
	}
	if _, err := s.write(ctx, "apply dataset", qDataset, map[string]any{"v": v, "dv": next.Version, "n": len(next.Institutions)}); err != nil {
		return st, err
	}
	return s.finish(ctx, st, next, start)
}

// finish fills in what the store holds after an Apply of next.
func (s *Store) finish(ctx context.Context, st Stats, next *heritage.Dataset, start time.Time) (Stats, error) {
	nodes, rels, err := s.Count(ctx)
	if err != nil {
		return st, err
	}
	st.Institutions, st.Nodes, st.Relationships = len(next.Institutions), nodes, rels
	st.Duration = time.Since(start)
	return st, nil
}

// rowKey identifies a row of importBatches within its batch.
func rowKey(r any) string {
	m := r.(map[string]any)
	if k, ok := m["inst"].(string); ok && m["props"] == nil {
		return k + "\x00" + m["key"].(string) // a name or place key
	}
	return m["key"].(string)
}

// deleteQuery is the statement that deletes the rows of a batch of
// importBatches, and whether they are nodes.
func deleteQuery(what string) (string, bool) {
	edge := func(typ string) string {
		return "UNWIND $rows AS row\nMATCH (:GraphNode {key: row.from})-[r:" + typ + " {key: row.key}]->()\nDELETE r"
	}
	switch what {
	case "institutions", "bodies", "places", "identifiers":
		return "UNWIND $rows AS row\nMATCH (n:GraphNode {key: row.key})\nDETACH DELETE n", true
	case "identifier edges":
		return edge("HAS_IDENTIFIER"), false
	case "membership edges":
		return edge("MEMBER_OF"), false
	case "relation edges":
		return edge("RELATED"), false
	case "place edges":
		return edge("IN_PLACE"), false
	case "within edges":
		return edge("WITHIN"), false
	case "names":
		return "UNWIND $rows AS row\nMATCH (:Institution {id: row.inst})-[r:HAS_NAME]->(k:Name {key: row.key})\nDELETE r\nWITH DISTINCT k WHERE NOT (k)--()\nDELETE k", false
	case "place keys":
		return "UNWIND $rows AS row\nMATCH (:Institution {id: row.inst})-[r:MATCHES_PLACE]->(k:PlaceKey {key: row.key})\nDELETE r\nWITH DISTINCT k WHERE NOT (k)--()\nDELETE k", false
	case "events":
		return "UNWIND $rows AS row\nMATCH (e:Event {key: row.key})\nDETACH DELETE e", false
	}
	panic("neo4jkg: no delete statement for " + what)
}
