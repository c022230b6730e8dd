package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/compose"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/gold"
	"github.com/hybridrag/hybridrag/pipeline"
	"github.com/hybridrag/hybridrag/retrievers/qdrantstore"
	"github.com/hybridrag/hybridrag/sources"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// emptySharedStore empties the store of sources in the Neo4j server at
// uri (repairing what an earlier run may have left) and gives its graph
// back the bundled data, now and when the test ends.
func emptySharedStore(t *testing.T, uri string) {
	t.Helper()
	cfg, err := dataFlags{neo4j: uri}.resolve(func(string) string { return "" })
	require.NoError(t, err)
	cfg.Neo4j.User, cfg.Neo4j.Password = os.Getenv("HYBRIDRAG_NEO4J_USER"), os.Getenv("HYBRIDRAG_NEO4J_PASSWORD")
	st, err := compose.OpenSources(cfg)
	require.NoError(t, err)
	empty := func() {
		ctx := context.Background()
		_, err := st.Repair(ctx)
		require.NoError(t, err)
		state, err := st.Read(ctx)
		require.NoError(t, err)
		bundled := testfixture.Dataset(t)
		data, err := sources.Overlay(bundled, state)
		require.NoError(t, err)
		neo, err := compose.OpenNeo4j(ctx, cfg)
		require.NoError(t, err)
		defer func() { _ = neo.Close(ctx) }()
		// The graph holds the composed data, or (after a run cut short)
		// other data: Apply then ingests the bundled data in full.
		_, err = neo.Apply(ctx, data.Dataset, bundled)
		require.NoError(t, err)
		_, _, err = st.Update(ctx, func(s *sources.State) error { s.Sources, s.Hidden = nil, nil; return nil })
		require.NoError(t, err)
	}
	empty()
	t.Cleanup(func() {
		empty()
		_ = st.Close(context.Background())
	})
}

// Two serve replicas over the same Neo4j and Qdrant cluster share the
// users' sources: a record ingested through replica A is answered by
// replica B within 5 s, and deleted through B, is no longer answered by A
// within 5 s; before and after, both answer a set of questions with the
// same answer and the same hits. Each replica asks its own Qdrant node
// first, the other as its failover.
func TestReplicasShareSources(t *testing.T) {
	testfixture.SkipUnderRace(t)
	uri := liveServer(t, "HYBRIDRAG_NEO4J_URI", "HYBRIDRAG_REQUIRE_NEO4J", "neo4j")
	raw := liveServer(t, "QDRANT_CLUSTER_URLS", "HYBRIDRAG_REQUIRE_QDRANT_CLUSTER", "qdrant-cluster")
	nodes := strings.Split(raw, ",")
	require.Len(t, nodes, 2, "QDRANT_CLUSTER_URLS")
	emptySharedStore(t, uri)
	dir := t.TempDir()
	began := time.Now()

	// The bundled data's vectors in a collection of the cluster, 2
	// shards × 2 replicas, so that each replica's node holds every shard:
	// the one the test command loads (HYBRIDRAG_QDRANT_CLUSTER_COLLECTION),
	// else one loaded here and dropped at the end (about 25 s).
	collection := os.Getenv("HYBRIDRAG_QDRANT_CLUSTER_COLLECTION")
	loaded := collection != ""
	if !loaded {
		collection = fmt.Sprintf("hybridrag_replicas_%d", time.Now().UnixNano())
	}
	confs := make([]string, 2)
	for i := range confs {
		confs[i] = filepath.Join(dir, fmt.Sprintf("replica%d.json", i))
		conf := fmt.Sprintf(`{"qdrant": {"url": %q, "urls": [%q], "collection": %q, "shards": 2, "replication_factor": 2}}`,
			nodes[i], nodes[1-i], collection)
		require.NoError(t, os.WriteFile(confs[i], []byte(conf), 0o644))
	}
	const id, isil = "myorg:5", "XQ-MYORG-5"
	cfg, err := dataFlags{config: confs[0]}.resolve(func(string) string { return "" })
	require.NoError(t, err)
	qd, err := qdrantstore.Open(context.Background(), compose.QdrantConfig(cfg))
	require.NoError(t, err)
	t.Cleanup(func() {
		if loaded {
			// The collection is left as it was, after a run cut short too.
			_ = qd.Delete(context.Background(), []string{id})
		} else {
			_ = qd.DeleteCollection(context.Background())
		}
		_ = qd.Close()
	})
	if !loaded {
		cliIn(t, 0, "ingest", "--store", "off", "--cache-dir", "off", "--config-file", confs[0], "--embedder", "hashing")
		t.Logf("the bundled data into the cluster in %s", time.Since(began).Round(time.Millisecond))
	}
	head := sharedHead(t, uri)

	// The replicas are serve processes of the binary under test
	// (HYBRIDRAG_BIN, or built here), each with its own index cache;
	// common are their flags, and those of the commands given through
	// them: the sources are in Neo4j.
	bin := binary(t)
	common := func(i int) []string {
		return []string{"--config-file", confs[i], "--neo4j", uri, "--cache-dir", filepath.Join(dir, fmt.Sprintf("cache%d", i)), "--embedder", "hashing"}
	}
	addrs := make([]string, 2)
	port := 22000 + rand.IntN(8000)
	started := time.Now()
	for i := range addrs {
		addrs[i] = fmt.Sprintf("127.0.0.1:%d", port+i)
		startReplica(t, bin, filepath.Join(dir, fmt.Sprintf("replica%d.log", i)), append([]string{"serve", "--addr", addrs[i], "--drain", "1s"}, common(i)...))
	}
	for i := range addrs {
		require.Eventually(t, func() bool {
			resp, err := http.Get("http://" + addrs[i] + "/readyz")
			if err != nil {
				return false
			}
			_ = resp.Body.Close()
			return resp.StatusCode == http.StatusOK
		}, 3*time.Minute, 100*time.Millisecond, "replica %d ready", i)
	}
	t.Logf("both replicas ready in %s", time.Since(started).Round(time.Millisecond))

	qs, err := gold.Load("../../testdata/questions.jsonl")
	require.NoError(t, err)
	qs = qs[:min(len(qs), 10)]
	same := func(stage string) {
		t.Helper()
		for _, q := range qs {
			a, b := askReplica(t, addrs[0], q.Question), askReplica(t, addrs[1], q.Question)
			require.Empty(t, a.Errors, "%s: %s", stage, q.Question)
			require.Empty(t, b.Errors, "%s: %s", stage, q.Question)
			require.Equal(t, a.DataVersion, b.DataVersion, stage)
			require.Equal(t, a.Answer, b.Answer, "%s: %s", stage, q.Question)
			require.Equal(t, hitIDs(&a), hitIDs(&b), "%s: %s", stage, q.Question)
		}
	}
	same("before the update")

	// An update through replica A (its configuration) is answered by B.
	question := "What is the ISIL code of " + testfixture.Word(5) + " Heritage House?"
	require.NotContains(t, askReplica(t, addrs[1], question).Answer.Text, isil)
	file := filepath.Join(dir, "mine.jsonl")
	require.NoError(t, os.WriteFile(file, testfixture.OwnJSONL(t, []heritage.Institution{testfixture.OwnRecord("myorg", 5, 0, "")}), 0o644))
	// The ingest runs while B is asked: how long B takes to answer from
	// the record is measured from the moment the store's head moved on
	// (the update committed), before the ingest goes on to write the
	// graph and the vectors.
	update := func(args []string, ok func() bool) (took, visible time.Duration) {
		t.Helper()
		was := head()
		t0 := time.Now()
		type result struct {
			out []byte
			err error
		}
		done := make(chan result, 1)
		go func() {
			// A write fails while a node of the cluster is down (the
			// cluster's own test kills one, maybe at the same time), and
			// then changes nothing: the command is given again, as its
			// error says.
			var r result
			for range 3 {
				cmd := exec.Command(bin, args...)
				cmd.Env = replicaEnv(dir)
				r.out, r.err = cmd.CombinedOutput()
				if r.err == nil {
					break
				}
				time.Sleep(5 * time.Second)
			}
			done <- r
		}()
		var (
			committed, seen time.Time
			r               *result
		)
		for seen.IsZero() || committed.IsZero() {
			require.Less(t, time.Since(t0), 2*time.Minute, "the update is answered within two minutes")
			select {
			case got := <-done:
				require.NoError(t, got.err, "%v: %s", args, got.out)
				r = &got
			default:
			}
			if committed.IsZero() && head() != was {
				committed = time.Now()
			}
			if seen.IsZero() && ok() {
				seen = time.Now()
			}
			time.Sleep(20 * time.Millisecond)
		}
		if r == nil {
			got := <-done
			require.NoError(t, got.err, "%v: %s", args, got.out)
			r = &got
		}
		t.Logf("%s", r.out)
		return time.Since(t0), seen.Sub(committed)
	}
	// The replica is watched through the record's page, a look-up that
	// costs it nothing next to an ask (asks 50 times a second would
	// slow its reload); the question is asked once it has the record.
	took, visible := update(append([]string{"ingest", "--source", "myorg", "--in", file}, common(0)...),
		func() bool { return entityStatus(t, addrs[1], id) == http.StatusOK })
	t.Logf("ingest through A: %s; B answered from the record %s after the store's update", took.Round(time.Millisecond), visible.Round(time.Millisecond))
	answer := askReplica(t, addrs[1], question).Answer
	require.Contains(t, answer.IDs, id)
	require.Contains(t, answer.Text, isil)
	require.Less(t, visible, 5*time.Second, "B answers the update within 5 s")
	require.Eventually(t, func() bool { return entityStatus(t, addrs[0], id) == http.StatusOK }, 30*time.Second, 50*time.Millisecond, "A has the record")
	same("after the update")

	// A delete through replica B (its configuration) reaches A.
	took, visible = update(append([]string{"delete", id}, common(1)...),
		func() bool { return entityStatus(t, addrs[0], id) == http.StatusNotFound })
	require.NotContains(t, askReplica(t, addrs[0], question).Answer.IDs, id)
	t.Logf("delete through B: %s; A stopped answering from the record %s after the store's update", took.Round(time.Millisecond), visible.Round(time.Millisecond))
	require.Less(t, visible, 5*time.Second, "A drops the deleted record within 5 s")
	require.Eventually(t, func() bool { return entityStatus(t, addrs[1], id) == http.StatusNotFound }, 30*time.Second, 50*time.Millisecond, "B dropped the record")
	same("after the delete")
	t.Logf("the test took %s", time.Since(began).Round(time.Millisecond))
}

// sharedHead reads the head of the store of sources in the Neo4j server
// at uri.
func sharedHead(t *testing.T, uri string) func() string {
	t.Helper()
	cfg, err := dataFlags{neo4j: uri}.resolve(func(string) string { return "" })
	require.NoError(t, err)
	cfg.Neo4j.User, cfg.Neo4j.Password = os.Getenv("HYBRIDRAG_NEO4J_USER"), os.Getenv("HYBRIDRAG_NEO4J_PASSWORD")
	st, err := compose.OpenSources(cfg)
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close(context.Background()) })
	return func() string {
		h, err := st.Head(context.Background())
		require.NoError(t, err)
		return h
	}
}

// askReplica posts question to a replica's /v1/ask, past its cache.
func askReplica(t *testing.T, addr, question string) pipeline.Response {
	t.Helper()
	body, err := json.Marshal(map[string]any{"question": question, "no_cache": true})
	require.NoError(t, err)
	resp, err := http.Post("http://"+addr+"/v1/ask", "application/json", bytes.NewReader(body))
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var out pipeline.Response
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
	return out
}

// entityStatus is the status of a replica's page of the record id.
func entityStatus(t *testing.T, addr, id string) int {
	t.Helper()
	resp, err := http.Get("http://" + addr + "/v1/entities/" + id)
	require.NoError(t, err)
	_ = resp.Body.Close()
	return resp.StatusCode
}

// binary is the hybridrag binary under test: HYBRIDRAG_BIN (the test
// command builds it), or built here.
func binary(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("HYBRIDRAG_BIN"); p != "" {
		return p
	}
	bin := filepath.Join(t.TempDir(), "hybridrag")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "%s", out)
	return bin
}

// replicaEnv is the environment of the replicas and their commands: the
// test's, without its HYBRIDRAG_ settings (the flags name the servers),
// and a home of their own (no directory store of the user's).
func replicaEnv(dir string) []string {
	env := []string{"HOME=" + filepath.Join(dir, "home")}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "HYBRIDRAG_") && !strings.HasPrefix(kv, "HOME=") && !strings.HasPrefix(kv, "XDG_") {
			env = append(env, kv)
		}
	}
	return env
}

// startReplica starts the binary with args, its output to logFile, and
// stops it (SIGTERM) when the test ends, printing the reloads it logged.
func startReplica(t *testing.T, bin, logFile string, args []string) {
	t.Helper()
	f, err := os.Create(logFile)
	require.NoError(t, err)
	cmd := exec.Command(bin, args...)
	cmd.Env = replicaEnv(filepath.Dir(logFile))
	cmd.Stdout, cmd.Stderr = f, f
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		err := cmd.Wait()
		_ = f.Close()
		logs, _ := os.ReadFile(logFile)
		if err != nil {
			t.Errorf("%s: %v: %s", logFile, err, logs)
		}
		for line := range strings.Lines(string(logs)) {
			if strings.Contains(line, "data updated") {
				t.Logf("%s: %s", filepath.Base(logFile), strings.TrimSpace(line))
			}
		}
	})
}
