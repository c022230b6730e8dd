package enrich

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

var cli struct {
	once sync.Once
	dir  string
	bin  string
	err  error
}

// buildCLI compiles the hybridrag command once per test binary; TestMain
// removes it.
func buildCLI(t *testing.T) string {
	t.Helper()
	cli.once.Do(func() {
		cli.dir, cli.err = os.MkdirTemp("", "enrich-cli-")
		if cli.err != nil {
			return
		}
		cli.bin = filepath.Join(cli.dir, "hybridrag")
		out, err := exec.Command("go", "build", "-o", cli.bin, "github.com/hybridrag/hybridrag/cmd/hybridrag").CombinedOutput()
		if err != nil {
			cli.err = fmt.Errorf("go build: %v: %s", err, out)
		}
	})
	require.NoError(t, cli.err)
	return cli.bin
}

// ownEnv is the environment of the command under test without the
// servers' settings and with no store of users' sources: the test runs
// beside others that change the shared Neo4j database, and the data the
// command reads (part of a checkpoint's settings) must not change under
// it.
func ownEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "HYBRIDRAG_NEO4J_") && !strings.HasPrefix(kv, "HYBRIDRAG_QDRANT_") {
			env = append(env, kv)
		}
	}
	return append(env, "HYBRIDRAG_STORE=off")
}

func countLines(path string) int {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	return bytes.Count(b, []byte("\n"))
}

// TestKillAndResume kills the command with SIGKILL twice in the middle of
// a run, runs it again to completion and requires the output to be
// byte-for-byte the output of an uninterrupted run.
func TestKillAndResume(t *testing.T) {
	ds, _ := realLinker(t)
	dir := t.TempDir()
	bin := buildCLI(t)
	const n = 3000
	in := writeGen(t, dir, generateRows(ds, n, genMixed, 42))
	ref := filepath.Join(dir, "ref.jsonl")
	out := filepath.Join(dir, "out.jsonl")

	run := func(args ...string) (string, error) {
		cmd := exec.Command(bin, append([]string{"enrich", "--in", in}, args...)...)
		cmd.Env = ownEnv()
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		return stderr.String(), err
	}
	stderr, err := run("--out", ref, "--workers", "2")
	require.NoError(t, err, stderr)
	require.Equal(t, n, countLines(ref))

	// killAt starts a slowed-down run and kills it once the output holds
	// at least rows lines.
	killAt := func(rows int) string {
		cmd := exec.Command(bin, "enrich", "--in", in, "--out", out, "--workers", "4",
			"--checkpoint-every", "250", "--row-delay", "3ms")
		cmd.Env = ownEnv()
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		require.NoError(t, cmd.Start())
		deadline := time.Now().Add(2 * time.Minute)
		for countLines(out) < rows && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		require.NoError(t, cmd.Process.Kill()) // SIGKILL
		_ = cmd.Wait()
		require.GreaterOrEqual(t, countLines(out), rows, "the run did not get far enough: %s", stderr.String())
		require.Less(t, countLines(out), n, "the run finished before it was killed")
		return stderr.String()
	}
	killAt(700)
	c, err := readCheckpoint(CheckpointPath(out))
	require.NoError(t, err)
	require.NotNil(t, c, "a checkpoint survives the kill")
	require.Positive(t, c.Rows)
	first := c.Rows

	stderr = killAt(1800)
	require.Contains(t, stderr, "resuming after row")
	c, err = readCheckpoint(CheckpointPath(out))
	require.NoError(t, err)
	require.Greater(t, c.Rows, first)

	stderr, err = run("--out", out, "--workers", "3")
	require.NoError(t, err, stderr)
	require.Contains(t, stderr, "resuming after row")
	requireSameFile(t, ref, out)
	require.NoFileExists(t, CheckpointPath(out))

	// Every row is there once, in order.
	f, err := os.Open(out)
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	row := 0
	for sc.Scan() {
		var o struct{ Row int }
		require.NoError(t, json.Unmarshal(sc.Bytes(), &o))
		row++
		require.Equal(t, row, o.Row)
	}
	require.Equal(t, n, row)
}

// TestCLIUsageErrors checks the exit code of input that is not CSV or
// JSON Lines at all.
func TestCLIUsageErrors(t *testing.T) {
	dir := t.TempDir()
	bin := buildCLI(t)
	bin2 := writeFile(t, dir, "data.bin", "\x00\x01\x02binary")
	for _, args := range [][]string{
		{"enrich", "--in", bin2, "--out", filepath.Join(dir, "o.jsonl")},
		{"enrich", "--out", filepath.Join(dir, "o.jsonl")},
		{"enrich", "--in", bin2, "--out", filepath.Join(dir, "o.jsonl"), "--delimiter", ";;"},
	} {
		cmd := exec.Command(bin, args...)
		cmd.Env = ownEnv()
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		var ee *exec.ExitError
		require.ErrorAs(t, err, &ee, strings.Join(args, " "))
		require.Equal(t, 2, ee.ExitCode(), stderr.String())
	}
}

// TestCLIWikidataLive enriches against the SPARQL test server when
// HYBRIDRAG_SPARQL_ENDPOINT is set (bash scripts/sparql.sh start); it is
// skipped otherwise, or fails when HYBRIDRAG_REQUIRE_SPARQL=1.
func TestCLIWikidataLive(t *testing.T) {
	endpoint := os.Getenv("HYBRIDRAG_SPARQL_ENDPOINT")
	if endpoint == "" {
		msg := "HYBRIDRAG_SPARQL_ENDPOINT is not set: run `bash scripts/sparql.sh start` and export the variable it prints"
		if os.Getenv("HYBRIDRAG_REQUIRE_SPARQL") == "1" {
			t.Fatal(msg + " (HYBRIDRAG_REQUIRE_SPARQL=1)")
		}
		t.Skip(msg)
	}
	ds, _ := realLinker(t)
	dir := t.TempDir()
	bin := buildCLI(t)
	in := writeGen(t, dir, generateRows(ds, 300, genIDOnly, 3))
	out := filepath.Join(dir, "out.jsonl")
	cmd := exec.Command(bin, "enrich", "--in", in, "--out", out, "--wikidata", endpoint, "--rate", "50")
	cmd.Env = ownEnv()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Run(), stderr.String())
	var enriched int
	for _, o := range readOutputs(t, out) {
		if o.Match == nil || o.Match.Wikidata == "" {
			continue
		}
		var wd struct {
			QID   string `json:"qid"`
			Label string `json:"label"`
		}
		require.NoError(t, json.Unmarshal(o.Wikidata, &wd))
		require.Equal(t, o.Match.Wikidata, wd.QID, "row %d", o.Row)
		require.NotEmpty(t, wd.Label)
		enriched++
	}
	require.Greater(t, enriched, 200)
}
