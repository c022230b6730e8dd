package hybridrag_test

import (
	"cmp"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/llm"
	"github.com/hybridrag/hybridrag/llm/llmtest"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/pipeline"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// sample is every 100th record of the bundled dataset: enough for the
// router and the retrievers, quick to index.
func sample(t *testing.T) *heritage.Dataset {
	t.Helper()
	full := testfixture.Dataset(t)
	n := 0
	ds, err := full.Subset(func(*heritage.Institution) bool { n++; return n%100 == 1 })
	require.NoError(t, err)
	return ds
}

// A configured server that does not answer at start is reported with every
// answer; the embedded sources still answer.
func TestServersDownAtStartAreReported(t *testing.T) {
	ctx := context.Background()
	ds := sample(t)
	c, err := hybridrag.New(ctx, hybridrag.WithData(ds),
		hybridrag.WithNeo4j("bolt://127.0.0.1:1", "neo4j", "secret"),
		hybridrag.WithSPARQL("http://127.0.0.1:1/query"),
		hybridrag.WithStartupTimeout(5*time.Second))
	require.NoError(t, err)
	defer c.Close()
	require.Same(t, ds, c.Data())

	in := ds.Institutions[0]
	resp, err := c.Ask(ctx, "Where is "+in.Name+"?", hybridrag.WithK(3))
	require.NoError(t, err)
	var down []string
	for _, e := range resp.Errors {
		down = append(down, e.Source)
	}
	require.ElementsMatch(t, []string{"neo4j", "wikidata"}, down)
	require.NotEmpty(t, resp.Hits)
	require.LessOrEqual(t, len(resp.Hits), 3)
}

func TestAskOptions(t *testing.T) {
	ctx := context.Background()
	c, err := hybridrag.New(ctx, hybridrag.WithData(sample(t)))
	require.NoError(t, err)
	defer c.Close()

	_, err = c.Ask(ctx, "  ")
	require.ErrorIs(t, err, pipeline.ErrEmptyQuestion)
	_, err = c.Ask(ctx, "museums", hybridrag.WithBudget(10))
	require.ErrorIs(t, err, pipeline.ErrBadOption)

	fs, err := filter.Parse([]byte(`{"country": "DE"}`))
	require.NoError(t, err)
	resp, err := c.Ask(ctx, "museum", hybridrag.WithFilters(fs), hybridrag.WithExplain())
	require.NoError(t, err)
	require.NotNil(t, resp.Explain)
	require.NotEmpty(t, resp.Hits)
	for _, h := range resp.Hits {
		in, ok := c.Data().Get(h.ID)
		require.True(t, ok)
		require.Equal(t, "DE", in.Country, h.ID)
	}

	resp, err = c.Ask(ctx, "museum", hybridrag.WithFusion(fusion.MethodDBSF), hybridrag.WithExplain())
	require.NoError(t, err)
	require.Equal(t, fusion.MethodDBSF, resp.Explain.Fusion.Method)
	_, err = c.Ask(ctx, "museum", hybridrag.WithFusion("borda"))
	require.ErrorIs(t, err, pipeline.ErrBadOption)

	resp, err = c.Ask(ctx, "Welke musea zijn er?")
	require.NoError(t, err)
	require.Equal(t, locale.NL, resp.Lang, "the question's language")
	resp, err = c.Ask(ctx, "Welke musea zijn er?", hybridrag.WithLang(locale.DE))
	require.NoError(t, err)
	require.Equal(t, locale.DE, resp.Lang)
	_, err = c.Ask(ctx, "museum", hybridrag.WithLang("fr"))
	require.ErrorIs(t, err, pipeline.ErrBadOption)
}

func TestAskWithALanguageModel(t *testing.T) {
	testfixture.SkipUnderRace(t)
	ctx := context.Background()
	full := testfixture.Dataset(t)
	n := 0
	ds, err := full.Subset(func(in *heritage.Institution) bool { n++; return n%100 == 1 || in.ID == "ror:000xwam85" })
	require.NoError(t, err)
	srv := llmtest.New(t, llmtest.Good)
	w, err := llm.New(llm.Options{BaseURL: srv.BaseURL(), Model: "llama3.2"})
	require.NoError(t, err)
	c, err := hybridrag.New(ctx, hybridrag.WithData(ds), hybridrag.WithLLM(w, 5*time.Second))
	require.NoError(t, err)
	defer c.Close()

	var tokens strings.Builder
	resp, err := c.Ask(ctx, "When was Naturmuseum Solothurn founded?", hybridrag.WithTokens(func(s string) { tokens.WriteString(s) }))
	require.NoError(t, err)
	require.NotNil(t, resp.Generated, "warnings: %v", resp.Warnings)
	require.Equal(t, "ror:000xwam85", resp.Citations[0].ID)
	require.Equal(t, tokens.String(), resp.Generated.Text)
	require.Contains(t, resp.Generated.Text, "1825 [1]")
}

// With the servers the test command starts, the facade answers from them
// as the embedded default does.
func TestBackendsLive(t *testing.T) {
	testfixture.SkipUnderRace(t)
	uri, endpoint := os.Getenv("HYBRIDRAG_NEO4J_URI"), os.Getenv("HYBRIDRAG_SPARQL_ENDPOINT")
	if uri == "" || endpoint == "" {
		msg := "set HYBRIDRAG_NEO4J_URI and HYBRIDRAG_SPARQL_ENDPOINT (bash scripts/test.sh starts both and loads Neo4j)"
		if os.Getenv("HYBRIDRAG_REQUIRE_NEO4J") == "1" || os.Getenv("HYBRIDRAG_REQUIRE_SPARQL") == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	ctx := context.Background()
	user := cmp.Or(os.Getenv("HYBRIDRAG_NEO4J_USER"), "neo4j")
	c, err := hybridrag.New(ctx, hybridrag.WithData(testfixture.Dataset(t)), hybridrag.WithNeo4j(uri, user, os.Getenv("HYBRIDRAG_NEO4J_PASSWORD")), hybridrag.WithSPARQL(endpoint))
	require.NoError(t, err)
	defer c.Close()
	resp, err := c.Ask(ctx, "What is the ISIL code of Heimatstube im Elbtor?")
	require.NoError(t, err)
	require.Empty(t, resp.Errors)
	require.Equal(t, "DE-MUS-811216", resp.Answer.Value)
	require.Positive(t, resp.BySource["kg"])
}
