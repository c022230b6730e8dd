package neo4jstore_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/sources"
	"github.com/hybridrag/hybridrag/sources/neo4jstore"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// liveStore is a store on the Neo4j server HYBRIDRAG_NEO4J_URI names,
// emptied before and after the test; the test skips without a server,
// or fails when HYBRIDRAG_REQUIRE_NEO4J is 1.
func liveStore(t *testing.T) (*neo4jstore.Store, string) {
	t.Helper()
	uri := os.Getenv("HYBRIDRAG_NEO4J_URI")
	if uri == "" {
		msg := "HYBRIDRAG_NEO4J_URI is not set; start a server with `bash scripts/neo4j.sh start` and export what it prints"
		if os.Getenv("HYBRIDRAG_REQUIRE_NEO4J") == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	st := open(t, uri)
	_, err := st.Repair(context.Background()) // what an earlier run left
	require.NoError(t, err)
	empty(t, st)
	t.Cleanup(func() { empty(t, st) })
	return st, uri
}

func open(t *testing.T, uri string) *neo4jstore.Store {
	t.Helper()
	st, err := neo4jstore.New(uri, os.Getenv("HYBRIDRAG_NEO4J_USER"), os.Getenv("HYBRIDRAG_NEO4J_PASSWORD"), neo4jstore.WithBatch(7))
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close(context.Background()) })
	return st
}

func empty(t *testing.T, st *neo4jstore.Store) {
	t.Helper()
	_, _, err := st.Update(context.Background(), func(s *sources.State) error {
		s.Sources, s.Hidden = nil, nil
		return nil
	})
	require.NoError(t, err)
}

var meta = sources.Meta{Namespace: "myorg", License: "CC-BY-4.0", Tier: heritage.TierVerified}

// records reads the user's records lo…hi-1 of revision rev as ingest
// does, into canonical form.
func records(t testing.TB, ns string, lo, hi, rev int) []heritage.Institution {
	t.Helper()
	var recs []heritage.Institution
	for i := lo; i < hi; i++ {
		recs = append(recs, testfixture.OwnRecord(ns, i, rev, ""))
	}
	m := meta
	m.Namespace = ns
	in, err := sources.Read(bytes.NewReader(testfixture.OwnJSONL(t, recs)), m, sources.ReadOptions{Name: "x.jsonl"})
	require.NoError(t, err)
	require.Empty(t, in.Bad)
	return in.Records
}

func put(t *testing.T, st sources.Backend, ns string, recs []heritage.Institution, replace bool) (sources.Change, *sources.State) {
	t.Helper()
	var ch sources.Change
	m := meta
	m.Namespace = ns
	_, after, err := st.Update(context.Background(), func(s *sources.State) (err error) {
		ch, err = s.Put(m, recs, replace)
		return err
	})
	require.NoError(t, err)
	return ch, after
}

// The store in Neo4j holds what the directory store holds after the same
// updates: the same state, to the version, read back whole by another
// process; each update moves the head on, an update that changes nothing
// does not.
func TestNeo4jStoreKeepsWhatTheDirectoryKeeps(t *testing.T) {
	st, uri := liveStore(t)
	ctx := context.Background()
	dir := sources.Open(t.TempDir())
	var heads []string
	for _, b := range []sources.Backend{st, dir} {
		put(t, b, "myorg", records(t, "myorg", 0, 30, 0), false)
		put(t, b, "myorg", records(t, "myorg", 0, 10, 1), false)
		put(t, b, "other", records(t, "other", 0, 5, 0), false)
		_, _, err := b.Update(ctx, func(s *sources.State) error {
			ch, unknown := s.Delete([]string{"myorg:3", "other:4", "wd:Q1"}, func(id string) bool { return id == "wd:Q1" })
			require.Len(t, ch.Removed, 3)
			require.Empty(t, unknown)
			return nil
		})
		require.NoError(t, err)
		ch, _ := put(t, b, "other", records(t, "other", 0, 2, 0), true)
		require.Equal(t, []string{"other:2", "other:3"}, ch.Removed)
		h, err := b.Head(ctx)
		require.NoError(t, err)
		heads = append(heads, h)
	}
	want, err := dir.Read(ctx)
	require.NoError(t, err)
	got, err := open(t, uri).Read(ctx)
	require.NoError(t, err)
	require.Empty(t, got.Recovered)
	require.Equal(t, want.Version, got.Version)
	require.Equal(t, want.Sources, got.Sources)
	require.Equal(t, []string{"wd:Q1"}, got.Hidden)
	require.Equal(t, heads[0], got.Head)
	require.True(t, strings.HasSuffix(got.Head, ":"+want.Version), "head %q names version %s", got.Head, want.Version)

	// The same records again change nothing, and the head stays.
	ch, after := put(t, st, "other", records(t, "other", 0, 2, 0), false)
	require.True(t, ch.Empty())
	require.Equal(t, got.Head, after.Head)
	again, err := st.Head(ctx)
	require.NoError(t, err)
	require.Equal(t, got.Head, again)
}

// Updates through several processes at once each read what the one
// before wrote: none is lost.
func TestNeo4jStoreUpdatesDoNotInterleave(t *testing.T) {
	_, uri := liveStore(t)
	const writers, each = 4, 5
	var wg sync.WaitGroup
	for w := range writers {
		st := open(t, uri)
		wg.Go(func() {
			for i := range each {
				n := w*each + i
				put(t, st, "myorg", records(t, "myorg", n, n+1, 0), false)
			}
		})
	}
	wg.Wait()
	got, err := open(t, uri).Read(context.Background())
	require.NoError(t, err)
	require.Equal(t, writers*each, got.Len())
	seq, _, _ := strings.Cut(got.Head, ":")
	require.NotEqual(t, "0", seq)
}

// Ids and values that would be Cypher if pasted into a query are stored
// and read back as data.
func TestNeo4jStoreHostileValues(t *testing.T) {
	st, _ := liveStore(t)
	recs := records(t, "myorg", 0, 1, 0)
	recs[0].ID = `myorg:x'}) DETACH DELETE n //`
	recs[0].Name = "\" RETURN 1 //` MATCH (n) DETACH DELETE n"
	m := meta
	m.Attribution = `'}) MATCH (n) DETACH DELETE n //`
	_, _, err := st.Update(context.Background(), func(s *sources.State) (err error) {
		_, err = s.Put(m, recs, false)
		return err
	})
	require.NoError(t, err)
	got, err := st.Read(context.Background())
	require.NoError(t, err)
	src, ok := got.Source("myorg")
	require.True(t, ok)
	require.Equal(t, recs[0].ID, src.Records[0].ID)
	require.Equal(t, recs[0].Name, src.Records[0].Name)
	require.Equal(t, m.Attribution, src.Meta.Attribution)
}

// A record changed by hand is read as it is, and the read says so; one
// over the size limit is refused with the limit, without decoding it.
func TestNeo4jStoreChangedByHand(t *testing.T) {
	st, uri := liveStore(t)
	ctx := context.Background()
	put(t, st, "myorg", records(t, "myorg", 0, 3, 0), false)
	drv, err := neo4j.NewDriverWithContext(uri, neo4j.NoAuth())
	require.NoError(t, err)
	defer func() { _ = drv.Close(ctx) }()
	set := func(record string) {
		t.Helper()
		_, err := neo4j.ExecuteQuery(ctx, drv, `MATCH (r:SourceRecord {key: $key}) SET r.record = $record`,
			map[string]any{"key": "myorg myorg:1", "record": record}, neo4j.EagerResultTransformer)
		require.NoError(t, err)
	}
	set(`{"id":"myorg:1","name":"Changed by hand","type":"MUSEUM","tier":"TIER_2_VERIFIED"}`)
	got, err := st.Read(ctx)
	require.NoError(t, err)
	require.Contains(t, got.Recovered, "changed outside hybridrag")
	// The next update writes the version of what is there.
	_, after := put(t, st, "myorg", records(t, "myorg", 5, 6, 0), false)
	require.Equal(t, 4, after.Len())
	got, err = st.Read(ctx)
	require.NoError(t, err)
	require.Empty(t, got.Recovered)
	require.Equal(t, after.Version, got.Version)

	set(`{"id":"myorg:1","name":"` + strings.Repeat("x", heritage.MaxRecordBytes) + `"}`)
	_, err = st.Read(ctx)
	require.ErrorContains(t, err, "over the limit of 256 KiB")
	// Repair removes it, and the store reads again.
	msg, err := st.Repair(ctx)
	require.NoError(t, err)
	require.Contains(t, msg, "removed 1 unreadable records")
	got, err = st.Read(ctx)
	require.NoError(t, err)
	require.Equal(t, 3, got.Len())
	require.Empty(t, got.Recovered)
	// A store that reads whole is left alone, its head too.
	msg, err = st.Repair(ctx)
	require.NoError(t, err)
	require.Contains(t, msg, "nothing to repair")
	again, err := st.Head(ctx)
	require.NoError(t, err)
	require.Equal(t, got.Head, again)
}

// A server that cannot be reached is unavailable (not a damaged store),
// within the timeout.
func TestNeo4jStoreUnavailable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close())
	st, err := neo4jstore.New("bolt://"+addr, "", "", neo4jstore.WithTimeout(time.Second))
	require.NoError(t, err)
	defer func() { _ = st.Close(context.Background()) }()
	_, err = st.Head(context.Background())
	require.True(t, errors.Is(err, sources.ErrUnavailable), "%v", err)
	_, err = st.Read(context.Background())
	require.True(t, errors.Is(err, sources.ErrUnavailable), "%v", err)
	require.Equal(t, fmt.Sprintf("neo4j bolt://%s", addr), st.String())
}
