package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/sync/errgroup"

	"github.com/hybridrag/hybridrag/compose"
	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/engines"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/linking"
	"github.com/hybridrag/hybridrag/retrievers/bm25"
	"github.com/hybridrag/hybridrag/retrievers/vector"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
	"github.com/hybridrag/hybridrag/testtools/testfixture/prebuilt"
)

var (
	shared      sync.Once
	sharedStack *stack
	sharedErr   error
)

// sharedIndexes are the in-memory indexes the embedded pipeline builds on
// the bundled dataset with the default embedder, built once; or, when the
// test binaries share them (see testtools/testfixture/prebuilt), read with
// the knowledge graph and the router's tables.
var sharedIndexes = testfixture.Shared(func(ds *heritage.Dataset) (engines.Config, error) {
	parts, err := prebuilt.Embedded(ds)
	if err != nil {
		return engines.Config{}, err
	}
	if parts != nil {
		return engines.Config{Vector: parts.Vector, BM25: parts.BM25, Graph: parts.GraphOf, RouterOptions: parts.RouterOptions()}, nil
	}
	var (
		ix engines.Config
		g  errgroup.Group
	)
	g.Go(func() (err error) {
		ix.Vector, err = vector.New(ds, embed.NewHashing(engines.HashingDim))
		return err
	})
	g.Go(func() (err error) { ix.BM25, err = bm25.New(ds); return err })
	return ix, g.Wait()
})

// testEnv is the environment of a command line run as main runs it,
// without the process's environment (so configured servers do not leak
// into these tests), with the bundled dataset loaded once and the
// embedded pipelines' indexes and the linker over it built once: every
// command that builds a pipeline with the default embedder on the bundled
// data gets the same in-memory indexes it would build itself (and, when
// the test binaries share them, the same knowledge graph and router
// tables), and builds the rest (router, graph when not shared, context
// builder, backends) on its own; every command that links on the bundled
// data gets the same linker.
func testEnv(t testing.TB, stdout, stderr io.Writer) *env {
	t.Helper()
	e := newEnv(stdout, stderr, func(string) string { return "" })
	e.bundled = func() (*heritage.Dataset, error) { return testfixture.Dataset(t), nil }
	e.indexes = func(ds *heritage.Dataset, cfg engines.Config) engines.Config {
		if ds == testfixture.Dataset(t) && cfg.Embedder == nil && cfg.Vector == nil && cfg.BM25 == nil {
			ix := sharedIndexes(t)
			cfg.BM25 = ix.BM25
			if !cfg.NoVector {
				cfg.Vector = ix.Vector
			}
			if cfg.Graph == nil && ix.Graph != nil {
				cfg.Graph = ix.Graph
				cfg.RouterOptions = append(slices.Clip(cfg.RouterOptions), ix.RouterOptions...)
			}
		}
		return cfg
	}
	link := e.linker
	e.linker = func(ds *heritage.Dataset) *linking.Linker {
		if ds == testfixture.Dataset(t) {
			return sharedLinker(t)
		}
		return link(ds)
	}
	return e
}

// sharedLinker is the linker over the bundled dataset, built once.
var sharedLinker = testfixture.Shared(func(ds *heritage.Dataset) (*linking.Linker, error) {
	g, err := prebuilt.Graph(ds)
	if err != nil {
		return nil, err
	}
	return linking.New(ds, g), nil
})

// runCLI runs the command line as main does in testEnv, sharing one
// pipeline build across the tests' commands without data flags.
func runCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := testEnv(t, &out, &errb)
	build := e.stack
	e.stack = func(ctx context.Context, df dataFlags) (*stack, error) {
		// The flags are checked first, as the command's own stack does.
		if _, err := df.resolve(e.getenv); err != nil {
			return nil, err
		}
		plain := df
		plain.llm, plain.llmModel = "", ""
		if plain != (dataFlags{}) {
			return build(ctx, df)
		}
		shared.Do(func() { sharedStack, sharedErr = build(context.Background(), plain) })
		if sharedErr != nil {
			return nil, sharedErr
		}
		// The commands close their stack when done; the shared one stays
		// open for the next test. The language model only wraps the
		// pipeline: the build is shared with and without one.
		st := *sharedStack
		b := sharedStack.built
		st.built = &compose.Stack{Engines: b.Engines, Pipeline: b.Pipeline, Components: b.Components, Backends: b.Backends}
		if df != plain {
			cfg, err := df.resolve(e.getenv)
			if err != nil {
				return nil, err
			}
			st.cfg.LLM = cfg.LLM
		}
		return &st, nil
	}
	code = runEnv(context.Background(), e, args)
	return code, out.String(), errb.String()
}

func TestAskAcceptanceQuestions(t *testing.T) {
	code, out, errOut := runCLI(t, "ask", "What is the ISIL code of Heimatstube im Elbtor?")
	require.Equal(t, exitOK, code, errOut)
	require.Contains(t, out, "DE-MUS-811216")
	require.Contains(t, out, "[1]", "the answer carries its citation")
	require.Contains(t, out, "Sources:")

	code, out, errOut = runCLI(t, "ask", "--json", "Which museums are part of National Museums Scotland?")
	require.Equal(t, exitOK, code, errOut)
	var resp struct {
		Plan   map[string]any `json:"plan"`
		Answer struct {
			Text  string   `json:"text"`
			IDs   []string `json:"ids"`
			Exact bool     `json:"exact"`
		} `json:"answer"`
		Hits []struct {
			ID      string           `json:"id"`
			Sources []map[string]any `json:"sources"`
		} `json:"hits"`
		Context   map[string]any   `json:"context"`
		Citations []map[string]any `json:"citations"`
		Warnings  []string         `json:"warnings"`
		Errors    []map[string]any `json:"errors"`
		Timings   map[string]any   `json:"timings"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &resp), "one JSON object")
	require.True(t, resp.Answer.Exact)
	// The museums the data records as part of National Museums Scotland.
	require.ElementsMatch(t, []string{"mm:mm.domus.SC277", "mm:mm.domus.SC280", "mm:mm.domus.SC281"}, resp.Answer.IDs)
	require.Contains(t, resp.Answer.Text, "National Museum Of Scotland")
	require.NotEmpty(t, resp.Citations)
	require.NotNil(t, resp.Plan)
	require.NotNil(t, resp.Context)
	require.NotNil(t, resp.Timings)
	require.NotNil(t, resp.Warnings)
	require.NotNil(t, resp.Errors)
	require.NotEmpty(t, resp.Hits[0].Sources, "hits carry per-retriever provenance")
}

// The answer's language is the question's, or the one --lang names; the
// response and its plan report it.
func TestAskLang(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"Welke musea gaan over porselein?"}, "nl"},
		{[]string{"Welche Museen befassen sich mit Porzellan?"}, "de"},
		{[]string{"Which museums are about porcelain?"}, "en"},
		{[]string{"--lang", "de", "Which museums are about porcelain?"}, "de"},
		{[]string{"--lang", "EN", "Welke musea gaan over porselein?"}, "en"},
	} {
		code, out, errOut := runCLI(t, append([]string{"ask", "--json"}, tc.args...)...)
		require.Equal(t, exitOK, code, errOut)
		var resp struct {
			Lang string `json:"lang"`
			Plan struct {
				Lang string `json:"lang"`
			} `json:"plan"`
		}
		require.NoError(t, json.Unmarshal([]byte(out), &resp))
		require.Equal(t, tc.want, resp.Lang, tc.args)
		require.Equal(t, tc.want, resp.Plan.Lang, tc.args)
	}
	// The answer and the notes around it are in its language.
	code, out, errOut := runCLI(t, "ask", "--lang", "de", "Which museums are part of National Museums Scotland?")
	require.Equal(t, exitOK, code, errOut)
	require.Contains(t, out, "3 Museen: National Museum Of Flight [1]")
	require.Contains(t, out, "(exakte Antwort: 3 aus dem Wissensgraphen ausgewählt)")
	require.Contains(t, out, "\nQuellen:\n")
	require.Contains(t, out, "answered in de")
	code, out, errOut = runCLI(t, "ask", "Which museums are part of National Museums Scotland?")
	require.Equal(t, exitOK, code, errOut)
	require.Contains(t, out, "(exact answer: 3 selected from the knowledge graph)")
	require.Contains(t, out, "\nSources:\n")
}

func TestAskFusionExplain(t *testing.T) {
	code, out, errOut := runCLI(t, "ask", "--explain", "--fusion", "relative", "Which museums are about porcelain?")
	require.Equal(t, exitOK, code, errOut)
	require.Contains(t, out, "Fused (relative score fusion; norm = the raw score min–max scaled within its retriever; chosen by --fusion)")
	require.Regexp(t, `rank \d+ raw [0-9.]+ norm [01]\.\d{4} × [0-9.]+ = `, out, "each leg's normalised score")

	code, out, errOut = runCLI(t, "ask", "--explain", "What is the ISIL code of Heimatstube im Elbtor?")
	require.Equal(t, exitOK, code, errOut)
	require.Contains(t, out, "the router's choice for the intent")
	require.Regexp(t, `Classifier \(a second reading; the plan above decides\):\n  frames: field [01]\.\d\d`, out, "the classifier's frames beside the plan")
}

func TestLinkResolvesIdentifiers(t *testing.T) {
	testfixture.SkipUnderRace(t)
	code, out, errOut := runCLI(t, "link", "DE-MUS-165513")
	require.Equal(t, exitOK, code, errOut)
	require.Contains(t, out, "Krameramtsstuben")

	code, out, errOut = runCLI(t, "link", "--json", "wd:Q891746")
	require.Equal(t, exitOK, code, errOut)
	require.Contains(t, out, "Bomann")
}

func TestBadInputIsAUsageError(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no command", nil, ""},
		{"unknown command", []string{"frobnicate"}, "unknown command"},
		{"empty question", []string{"ask", "  "}, "empty"},
		{"no question", []string{"ask"}, "empty"},
		{"100 KB question", []string{"ask", strings.Repeat("x", 100*1024)}, "longer than"},
		{"invalid JSON filters", []string{"ask", "--filters", "{country:", "museums"}, "--filters"},
		{"unknown filter key", []string{"ask", "--filters", `{"colour":"red"}`, "museums"}, "unknown filter key"},
		{"bad k", []string{"ask", "--k", "0", "museums"}, "--k must be"},
		{"bad budget", []string{"ask", "--budget", "5", "museums"}, "budget must be"},
		{"zero budget", []string{"ask", "--budget", "0", "museums"}, "--budget must be"},
		{"negative repeat", []string{"ask", "--repeat", "-1", "museums"}, "--repeat must be"},
		{"unknown fusion", []string{"ask", "--fusion", "borda", "museums"}, "--fusion must be one of rrf, relative, dbsf"},
		{"unknown lang", []string{"ask", "--lang", "fr", "museums"}, "--lang must be en, nl or de"},
		{"negative timeout", []string{"ask", "--timeout", "-1s", "museums"}, "request_timeout"},
		{"NaN rate", []string{"enrich", "--in", "a.csv", "--out", "b.jsonl", "--rate", "NaN"}, "--rate must be"},
		{"negative row delay", []string{"enrich", "--in", "a.csv", "--out", "b.jsonl", "--row-delay", "-1s"}, "--row-delay"},
		{"zero link limit", []string{"link", "--limit", "0", "Q1"}, "--limit must be"},
		{"bad data file", []string{"ask", "--data", "/nonexistent.jsonl", "museums"}, "--data"},
		{"unknown flag", []string{"ask", "--frob", "museums"}, "flag provided but not defined"},
		{"malformed QID", []string{"link", "Q12x"}, "not a Wikidata QID"},
		{"malformed ISIL", []string{"link", "DE-MUS-16551#3"}, "not an ISIL"},
		{"QID zero", []string{"link", "Q0"}, "QIDs start at Q1"},
		{"QID with leading zeros", []string{"link", "Q007"}, "no leading zeros (Q7)"},
		{"ISIL too long", []string{"link", "DE-MUS-1655131234567"}, "an ISIL has at most 16"},
		{"ROR checksum", []string{"link", "ror.org/02m69r872"}, "not the checksum"},
		{"empty link", []string{"link"}, "give an identifier"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, tt.args...)
			require.Equal(t, exitUsage, code, "stdout: %s\nstderr: %s", out, errOut)
			require.Contains(t, errOut, tt.want)
			if tt.args != nil {
				require.Equal(t, 1, strings.Count(strings.TrimRight(errOut, "\n"), "\n")+1, "one line: %q", errOut)
			}
			require.NotContains(t, errOut, "goroutine", "no stack trace")
		})
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"ask", "--help"}, {"link", "-h"}} {
		code, out, _ := runCLI(t, args...)
		require.Equal(t, exitOK, code)
		require.Contains(t, out, "Usage:")
	}
}

// A configured backend that does not answer never takes the service down:
// the embedded components answer, and the response says what is missing.
func TestUnreachableBackendsAreReportedNotFatal(t *testing.T) {
	code, out, errOut := runCLI(t, "ask", "--json",
		"--neo4j", "bolt://127.0.0.1:1", "--sparql", "http://127.0.0.1:1/query",
		"What is the ISIL code of Heimatstube im Elbtor?")
	require.Equal(t, exitOK, code, errOut)
	var resp struct {
		Answer struct {
			Value string `json:"value"`
		} `json:"answer"`
		Errors []struct {
			Source string `json:"source"`
			Error  string `json:"error"`
		} `json:"errors"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &resp))
	require.Equal(t, "DE-MUS-811216", resp.Answer.Value)
	sources := map[string]bool{}
	for _, e := range resp.Errors {
		sources[e.Source] = true
		require.Contains(t, e.Error, "unavailable: retrying since ")
	}
	require.True(t, sources["neo4j"], "errors: %+v", resp.Errors)
	require.True(t, sources["wikidata"], "errors: %+v", resp.Errors)
	require.Contains(t, errOut, "backend unavailable; continuing without it and retrying in the background", "logged once at start")
}

func TestDoctorFailsOnAConfiguredBackendThatIsDown(t *testing.T) {
	code, out, errOut := runCLI(t, "doctor", "--neo4j", "bolt://127.0.0.1:1")
	require.Equal(t, exitFail, code, out+errOut)
	require.Contains(t, out, "neo4j: FAILED")
	require.Contains(t, out, "qdrant: not configured")
	require.Contains(t, out, "ask: ok")
}

func TestDoctorReportsTheCacheAndAMissingEmbedder(t *testing.T) {
	code, out, errOut := runCLI(t, "doctor")
	require.Equal(t, exitOK, code, out+errOut)
	require.Contains(t, out, "embedder: hashing")
	require.Regexp(t, `indexes: (opened from|built into) the cache — \S+hybridrag`, out)
	require.Contains(t, out, "cache: ")

	// MiniLM asked for without its model: the hashing embedder stands in,
	// and doctor says so and fails.
	cfg := filepath.Join(t.TempDir(), "config.json")
	require.NoError(t, os.WriteFile(cfg, []byte(`{"model_dir": "/nonexistent", "ort_lib": "/nonexistent/libonnxruntime.so"}`), 0o644))
	code, out, errOut = runCLI(t, "doctor", "--config-file", cfg, "--embedder", "minilm")
	require.Equal(t, exitFail, code, out+errOut)
	require.Contains(t, out, "embedder: FAILED: minilm was asked for, hashing is in use")
	require.Contains(t, out, "ask: ok")
}

func TestIngestNeedsATarget(t *testing.T) {
	code, _, errOut := runCLI(t, "ingest")
	require.Equal(t, exitUsage, code)
	require.Contains(t, errOut, "nothing to ingest into")
}
