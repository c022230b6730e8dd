package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hybridrag/hybridrag/compose"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/kg/neo4jkg"
	"github.com/hybridrag/hybridrag/retrievers/qdrantstore"
	"github.com/hybridrag/hybridrag/sources"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// liveServer is the address of a server the variable name holds; the
// test skips without one, or fails when the variable require is "1".
func liveServer(t *testing.T, name, require, script string) string {
	t.Helper()
	v := os.Getenv(name)
	if v == "" {
		msg := name + " is not set; start a server with `bash scripts/" + script + ".sh start` and export what it prints"
		if os.Getenv(require) == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return v
}

// ingest --source and delete keep the sources in the store in Neo4j and
// write only the change into its graph, which then holds the composed
// data: the new records with their relation to the bundled record named
// by ISIL, the changed values, and none of the deleted records. The
// server is given back the bundled data and an empty store at the end.
func TestOwnSourceNeo4j(t *testing.T) {
	testfixture.SkipUnderRace(t)
	uri := liveServer(t, "HYBRIDRAG_NEO4J_URI", "HYBRIDRAG_REQUIRE_NEO4J", "neo4j")
	emptySharedStore(t, uri)
	ctx := context.Background()
	neo, err := neo4jkg.Open(ctx, uri, os.Getenv("HYBRIDRAG_NEO4J_USER"), os.Getenv("HYBRIDRAG_NEO4J_PASSWORD"))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = neo.Close(ctx) }()

	dir := t.TempDir()
	store := filepath.Join(dir, "store")
	common := []string{"--store", store, "--cache-dir", "off", "--neo4j", uri}
	ingest := func(file string) string {
		return cliIn(t, 0, append([]string{"ingest", "--source", "myorg", "--in", file, "--license", "LicenseRef-MyOrg-1.0"}, common...)...)
	}
	// A directory store from before Neo4j was configured is named by
	// every command until it is uploaded.
	cliIn(t, 0, "ingest", "--source", "myorg", "--in", ownFile(t, dir, "early.jsonl", 600, 603, 0), "--store", store, "--cache-dir", "off")
	var errb strings.Builder
	// (The record is not in the data yet: link finds nothing.)
	code := runEnv(ctx, testEnv(t, &strings.Builder{}, &errb), append([]string{"link", "XQ-MYORG-600"}, common...))
	if !strings.Contains(errb.String(), "holds 3 records in 1 source and 0 deleted bundled records that were never uploaded") ||
		!strings.Contains(errb.String(), "hybridrag ingest --sync") {
		t.Fatalf("link with a directory store never uploaded: exit %d, stderr: %s", code, errb.String())
	}
	if out := cliIn(t, 0, append([]string{"ingest", "--sync"}, common...)...); !strings.Contains(out, "3 added") || !strings.Contains(out, "neo4j: ") {
		t.Fatalf("ingest --sync: %s", out)
	}
	errb.Reset()
	if code := runEnv(ctx, testEnv(t, &strings.Builder{}, &errb), append([]string{"link", "XQ-MYORG-600"}, common...)); code != 0 || strings.Contains(errb.String(), "never uploaded") {
		t.Fatalf("link after ingest --sync: exit %d, stderr: %s", code, errb.String())
	}
	ingest(ownFile(t, dir, "a.jsonl", 0, 500, 0))
	ingest(ownFile(t, dir, "c.jsonl", 0, 20, 1))
	ingest(ownFile(t, dir, "d.jsonl", 500, 510, 0))
	out := cliIn(t, 0, append([]string{"delete", "myorg:100", "myorg:101", "myorg:102", "myorg:103", "myorg:104"}, common...)...)
	if !strings.Contains(out, "neo4j:") {
		t.Fatalf("delete did not write to Neo4j: %s", out)
	}

	e := testEnv(t, &strings.Builder{}, &strings.Builder{})
	cfg, err := dataFlags{neo4j: uri, cacheDir: "off"}.resolve(e.getenv)
	if err != nil {
		t.Fatal(err)
	}
	data, err := e.loadComposed(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := neo.Version(ctx); err != nil || v != data.Version {
		t.Fatalf("Neo4j holds data version %q (%v), want the composed %q", v, err, data.Version)
	}
	if local, err := sources.Open(store).Read(ctx); err != nil || local.Len() != 3 {
		t.Fatalf("the directory store holds %d records (%v), want the 3 added before Neo4j", local.Len(), err)
	}
	for isil, want := range map[string][]string{"XQ-MYORG-505": {"myorg:505"}, "XQ-MYORG-100": nil, "XQ-MYORG-73": {"myorg:73"}, "XQ-MYORG-601": {"myorg:601"}} {
		got, err := neo.Lookup(ctx, kg.SchemeISIL, isil)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("Neo4j look-up of %s: %v (%v), want %v", isil, got, err, want)
		}
	}
	// The graph in Neo4j answers as the in-memory graph over the same data.
	g := kg.New(data.Dataset)
	for _, id := range []string{"myorg:10", "myorg:5", "wd:Q877252"} {
		want := g.Neighbourhood(id, 1, nil)
		got, err := neo.Neighbourhood(ctx, id, 1, nil)
		if err != nil || len(got) != len(want) {
			t.Errorf("neighbourhood of %s: %d edges in Neo4j (%v), %d in memory", id, len(got), err, len(want))
		}
	}

	// Give the server back the bundled data, in place.
	if _, err := neo.Apply(ctx, data.Dataset, testfixture.Dataset(t)); err != nil {
		t.Fatal(err)
	}
}

// ingest --source and delete write only the change into Qdrant: the
// points of the records added or changed, and the deleted ones removed.
func TestOwnSourceQdrant(t *testing.T) {
	testfixture.SkipUnderRace(t)
	url := liveServer(t, "QDRANT_URL", "HYBRIDRAG_REQUIRE_QDRANT", "qdrant")
	dir := t.TempDir()
	collection := fmt.Sprintf("hybridrag_test_sources_%d", time.Now().UnixNano())
	conf := filepath.Join(dir, "config.json")
	if err := os.WriteFile(conf, []byte(`{"qdrant": {"collection": "`+collection+`"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	common := []string{"--store", filepath.Join(dir, "store"), "--cache-dir", "off", "--qdrant", url, "--config-file", conf}
	ctx := context.Background()
	e := testEnv(t, &strings.Builder{}, &strings.Builder{})
	cfg, err := dataFlags{config: conf, qdrant: url}.resolve(e.getenv)
	if err != nil {
		t.Fatal(err)
	}
	qd, err := qdrantstore.Open(ctx, compose.QdrantConfig(cfg))
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		_ = qd.DeleteCollection(context.Background())
		_ = qd.Close()
	}()
	count := func() uint64 {
		t.Helper()
		n, err := qd.Count(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	bundled := uint64(testfixture.Dataset(t).Len())
	cliIn(t, 0, append([]string{"ingest"}, common...)...)
	if n := count(); n != bundled {
		t.Fatalf("%d points after the full ingest, want %d", n, bundled)
	}
	ingest := func(file string) string {
		return cliIn(t, 0, append([]string{"ingest", "--source", "myorg", "--in", file}, common...)...)
	}
	if out := ingest(ownFile(t, dir, "a.jsonl", 0, 500, 0)); !strings.Contains(out, "qdrant: 500 points written, 0 deleted") {
		t.Fatalf("first ingest: %s", out)
	}
	if out := ingest(ownFile(t, dir, "c.jsonl", 0, 20, 1)); !strings.Contains(out, "qdrant: 20 points written, 0 deleted") {
		t.Fatalf("update: %s", out)
	}
	ingest(ownFile(t, dir, "d.jsonl", 500, 510, 0))
	cliIn(t, 0, append([]string{"delete", "myorg:100", "myorg:101", "myorg:102", "myorg:103", "myorg:104"}, common...)...)
	if n := count(); n != bundled+505 {
		t.Fatalf("%d points, want %d", n, bundled+505)
	}
}
