package neo4jstore

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/sources"
)

// The constraints make each look-up by key an index seek, and keep one
// head, one meta per namespace and one node per record.
var schema = []string{
	`CREATE CONSTRAINT source_store_key IF NOT EXISTS FOR (h:SourceStore) REQUIRE h.key IS UNIQUE`,
	`CREATE CONSTRAINT source_meta_namespace IF NOT EXISTS FOR (m:SourceMeta) REQUIRE m.namespace IS UNIQUE`,
	`CREATE CONSTRAINT source_record_key IF NOT EXISTS FOR (r:SourceRecord) REQUIRE r.key IS UNIQUE`,
}

const (
	// qLock makes the head (when missing) and takes its write lock for
	// the transaction: a second update waits here until the first
	// commits, and then reads what it wrote.
	qLock = `MERGE (h:SourceStore {key: $key})
ON CREATE SET h.seq = 0, h.version = '', h.hidden = []
SET h.locked = true`
	qUnlock     = `MATCH (h:SourceStore {key: $key}) REMOVE h.locked`
	qMoveHead   = `MATCH (h:SourceStore {key: $key}) SET h.seq = h.seq + 1, h.version = $version, h.hidden = $hidden, h.updated = datetime() REMOVE h.locked RETURN h.seq AS seq`
	qPutMeta    = `UNWIND $rows AS row MERGE (m:SourceMeta {namespace: row.namespace}) SET m.meta = row.meta`
	qDropMeta   = `UNWIND $rows AS ns MATCH (m:SourceMeta {namespace: ns}) DELETE m`
	qPutRecord  = `UNWIND $rows AS row MERGE (r:SourceRecord {key: row.key}) SET r.namespace = row.namespace, r.id = row.id, r.record = row.record`
	qDropRecord = `UNWIND $rows AS key MATCH (r:SourceRecord {key: key}) DELETE r`
)

// maxStatementBytes bounds the records one statement of an update sends.
const maxStatementBytes = 8 << 20

// Update applies change to the state in use in one write transaction
// (see the package comment). When the server asks for the transaction
// to be run again (a transient error), change is called again on a
// fresh copy: it must change nothing but the state it is given.
func (s *Store) Update(ctx context.Context, change func(st *sources.State) error) (before, after *sources.State, err error) {
	if err := s.ensureSchema(ctx); err != nil {
		return nil, nil, err
	}
	sess := s.session(ctx, neo4j.AccessModeWrite)
	defer func() { _ = sess.Close(context.WithoutCancel(ctx)) }()
	type result struct{ before, after *sources.State }
	var changeErr error
	r, err := neo4j.ExecuteWrite(ctx, sess, func(tx neo4j.ManagedTransaction) (result, error) {
		changeErr = nil
		if err := run(ctx, tx, qLock, map[string]any{"key": headKey}); err != nil {
			return result{}, err
		}
		before, err := readState(ctx, tx)
		if err != nil {
			return result{}, err
		}
		after, err := sources.Apply(before, change)
		if err != nil {
			changeErr = err
			return result{}, err
		}
		if after.Version == before.Version && before.Recovered == "" {
			after.Head = before.Head
			return result{before, after}, run(ctx, tx, qUnlock, map[string]any{"key": headKey})
		}
		if err := s.write(ctx, tx, before, after); err != nil {
			return result{}, err
		}
		res, err := tx.Run(ctx, qMoveHead, map[string]any{"key": headKey, "version": after.Version, "hidden": after.Hidden})
		if err != nil {
			return result{}, err
		}
		rec, err := res.Single(ctx)
		if err != nil {
			return result{}, err
		}
		seq, _ := get[int64](rec, "seq")
		after.Head = head{seq: seq, version: after.Version, found: true}.token()
		return result{before, after}, nil
	})
	switch {
	case changeErr != nil:
		return nil, nil, changeErr
	case err != nil:
		return nil, nil, s.fail(ctx, "update", err)
	}
	return r.before, r.after, nil
}

// write writes what differs between before and after: the metas and the
// records added, changed or removed.
func (s *Store) write(ctx context.Context, tx neo4j.ManagedTransaction, before, after *sources.State) error {
	oldMeta, err := metas(before)
	if err != nil {
		return err
	}
	newMeta, err := metas(after)
	if err != nil {
		return err
	}
	var putMeta []any
	var dropMeta []any
	for ns, m := range newMeta {
		if oldMeta[ns] != m {
			putMeta = append(putMeta, map[string]any{"namespace": ns, "meta": m})
		}
	}
	for ns := range oldMeta {
		if _, ok := newMeta[ns]; !ok {
			dropMeta = append(dropMeta, ns)
		}
	}
	oldRecs, err := records(before)
	if err != nil {
		return err
	}
	newRecs, err := records(after)
	if err != nil {
		return err
	}
	var drop []any
	for k := range oldRecs {
		if _, ok := newRecs[k]; !ok {
			drop = append(drop, k.String())
		}
	}
	keys := make([]recordKey, 0, len(newRecs))
	for k, b := range newRecs {
		if oldRecs[k] != b {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, compareKeys)
	if err := s.batches(ctx, tx, qDropRecord, drop, func(any) int { return 64 }); err != nil {
		return err
	}
	if err := s.batches(ctx, tx, qDropMeta, dropMeta, func(any) int { return 64 }); err != nil {
		return err
	}
	if err := s.batches(ctx, tx, qPutMeta, putMeta, func(r any) int { return len(r.(map[string]any)["meta"].(string)) }); err != nil {
		return err
	}
	put := make([]any, len(keys))
	for i, k := range keys {
		put[i] = map[string]any{"key": k.String(), "namespace": k.namespace, "id": k.id, "record": newRecs[k]}
	}
	return s.batches(ctx, tx, qPutRecord, put, func(r any) int { return len(r.(map[string]any)["record"].(string)) })
}

// batches runs query over rows, in statements of at most s.batch rows
// and maxStatementBytes (as size measures a row).
func (s *Store) batches(ctx context.Context, tx neo4j.ManagedTransaction, query string, rows []any, size func(any) int) error {
	for len(rows) > 0 {
		n, bytes := 0, 0
		for n < len(rows) && n < s.batch && (n == 0 || bytes+size(rows[n]) <= maxStatementBytes) {
			bytes += size(rows[n])
			n++
		}
		if err := run(ctx, tx, query, map[string]any{"rows": rows[:n]}); err != nil {
			return err
		}
		rows = rows[n:]
	}
	return nil
}

// run runs a statement whose result is not read.
func run(ctx context.Context, tx neo4j.ManagedTransaction, query string, params map[string]any) error {
	res, err := tx.Run(ctx, query, params)
	if err != nil {
		return err
	}
	_, err = res.Consume(ctx)
	return err
}

// recordKey names a record node: its source's namespace and its id (an
// override's id is of another namespace).
type recordKey struct{ namespace, id string }

func (k recordKey) String() string { return k.namespace + " " + k.id }

func compareKeys(a, b recordKey) int {
	return cmp.Or(strings.Compare(a.namespace, b.namespace), strings.Compare(a.id, b.id))
}

// metas are the state's sources' metas as stored, by namespace.
func metas(st *sources.State) (map[string]string, error) {
	out := make(map[string]string, len(st.Sources))
	for _, src := range st.Sources {
		b, err := json.Marshal(src.Meta)
		if err != nil {
			return nil, fmt.Errorf("neo4jstore: source %s: %w", src.Meta.Namespace, err)
		}
		out[src.Meta.Namespace] = string(b)
	}
	return out, nil
}

// records are the state's records in canonical form (as a directory
// store writes them on a line), by key.
func records(st *sources.State) (map[recordKey]string, error) {
	out := make(map[recordKey]string, st.Len())
	for _, src := range st.Sources {
		for k := range src.Records {
			b, err := json.Marshal(&src.Records[k])
			if err != nil {
				return nil, fmt.Errorf("neo4jstore: record %s: %w", src.Records[k].ID, err)
			}
			out[recordKey{src.Meta.Namespace, src.Records[k].ID}] = string(b)
		}
	}
	return out, nil
}

// ensureSchema makes the constraints once per Store (schema changes take
// a transaction of their own).
func (s *Store) ensureSchema(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.schema {
		return nil
	}
	for _, q := range schema {
		_, err := neo4j.ExecuteQuery(ctx, s.driver, q, nil, neo4j.EagerResultTransformer,
			neo4j.ExecuteQueryWithDatabase(s.database), neo4j.ExecuteQueryWithWritersRouting())
		if err != nil {
			return s.fail(ctx, "schema", err)
		}
	}
	s.schema = true
	return nil
}

const (
	qAllMetas   = `MATCH (m:SourceMeta) RETURN m.namespace AS namespace, CASE WHEN size(m.meta) <= $max THEN m.meta END AS meta`
	qAllRecords = `MATCH (r:SourceRecord) RETURN r.key AS key, r.namespace AS namespace, CASE WHEN size(r.record) <= $max THEN r.record END AS record`
)

// Repair removes what a read refuses — a record over the size limit or
// not readable, a source whose meta is not readable (with its records),
// a record of no source — and makes the head name the version of what is
// left, in one write transaction. It says what it removed.
func (s *Store) Repair(ctx context.Context) (string, error) {
	if err := s.ensureSchema(ctx); err != nil {
		return "", err
	}
	sess := s.session(ctx, neo4j.AccessModeWrite)
	defer func() { _ = sess.Close(context.WithoutCancel(ctx)) }()
	msg, err := neo4j.ExecuteWrite(ctx, sess, func(tx neo4j.ManagedTransaction) (string, error) {
		if err := run(ctx, tx, qLock, map[string]any{"key": headKey}); err != nil {
			return "", err
		}
		res, err := tx.Run(ctx, qAllMetas, map[string]any{"max": MaxMetaBytes})
		if err != nil {
			return "", err
		}
		good := map[string]sources.Meta{}
		var dropMeta, dropRec []any
		for res.Next(ctx) {
			r := res.Record()
			ns, _ := get[string](r, "namespace")
			b, _ := get[string](r, "meta")
			var m sources.Meta
			if json.Unmarshal([]byte(b), &m) != nil || m.Namespace != ns || !sources.ValidNamespace(ns) {
				dropMeta = append(dropMeta, ns)
				continue
			}
			good[ns] = m
		}
		if err := res.Err(); err != nil {
			return "", err
		}
		if res, err = tx.Run(ctx, qAllRecords, map[string]any{"max": maxRepairBytes}); err != nil {
			return "", err
		}
		for res.Next(ctx) {
			r := res.Record()
			key, _ := get[string](r, "key")
			ns, _ := get[string](r, "namespace")
			b, ok := get[string](r, "record")
			m, known := good[ns]
			if ok && known && len(b) <= heritage.MaxRecordBytes {
				if _, err := sources.DecodeRecord(m, []byte(b)); err == nil {
					continue
				}
			}
			dropRec = append(dropRec, key)
		}
		if err := res.Err(); err != nil {
			return "", err
		}
		if err := s.batches(ctx, tx, qDropRecord, dropRec, func(any) int { return 64 }); err != nil {
			return "", err
		}
		if err := run(ctx, tx, `UNWIND $rows AS ns MATCH (r:SourceRecord {namespace: ns}) DELETE r`, map[string]any{"rows": dropMeta}); err != nil {
			return "", err
		}
		if err := s.batches(ctx, tx, qDropMeta, dropMeta, func(any) int { return 64 }); err != nil {
			return "", err
		}
		st, err := readState(ctx, tx)
		if err != nil {
			return "", err
		}
		if len(dropRec)+len(dropMeta) == 0 && st.Recovered == "" {
			// The head stays: the replicas have nothing to read again.
			return "the store reads whole (version " + orEmpty(st.Version) + "): nothing to repair", run(ctx, tx, qUnlock, map[string]any{"key": headKey})
		}
		if err := run(ctx, tx, qMoveHead, map[string]any{"key": headKey, "version": st.Version, "hidden": st.Hidden}); err != nil {
			return "", err
		}
		return fmt.Sprintf("removed %d unreadable records and %d unreadable sources; version %s is current (%d records in %d sources)",
			len(dropRec), len(dropMeta), orEmpty(st.Version), st.Len(), len(st.Sources)), nil
	})
	if err != nil {
		return "", s.fail(ctx, "repair", err)
	}
	return msg, nil
}

// maxRepairBytes bounds a record Repair reads to check it: larger ones
// are removed unread.
const maxRepairBytes = 2 * heritage.MaxRecordBytes
