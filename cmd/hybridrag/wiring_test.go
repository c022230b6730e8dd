package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/compose"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// The library facade, the command's stack and a fixture built from the
// same configuration are wired alike: one composition root builds all
// three, with the embedded engines alone and with a server that does not
// answer (its leg then waits for it in the background).
func TestOneWiring(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data.jsonl")
	require.NoError(t, os.WriteFile(data, testfixture.SampleJSONL(t, 40), 0o644))
	ds, err := heritage.LoadFile(data, heritage.LoadOptions{})
	require.NoError(t, err)
	ctx := context.Background()
	for _, endpoint := range []string{"", "http://127.0.0.1:1/sparql"} {
		e := testEnv(t, &bytes.Buffer{}, &bytes.Buffer{})
		cfg, err := dataFlags{data: data, store: "off", cacheDir: "off", sparql: endpoint}.resolve(e.getenv)
		require.NoError(t, err)
		cfg.StartupTimeout = 0
		cfg.SPARQL.CacheDir = ""

		cli, err := e.buildStack(ctx, cfg)
		require.NoError(t, err)
		defer cli.Close()

		opts := []hybridrag.Option{hybridrag.WithData(ds), hybridrag.WithStartupTimeout(time.Second)}
		if endpoint != "" {
			opts = append(opts, hybridrag.WithSPARQL(endpoint))
		}
		facade, err := hybridrag.New(ctx, opts...)
		require.NoError(t, err)
		defer facade.Close()

		fixture, err := compose.Build(ctx, compose.Settings{Config: cfg, Data: ds})
		require.NoError(t, err)
		defer fixture.Close()

		want := cli.built.Parts()
		require.Contains(t, want, "retriever/vector")
		if endpoint != "" {
			require.Contains(t, want, "retriever/wikidata")
			require.Contains(t, want, "backend/sparql")
		}
		require.Equal(t, want, facade.Parts(), "the facade, with SPARQL %q", endpoint)
		require.Equal(t, want, fixture.Parts(), "the fixture, with SPARQL %q", endpoint)
	}
}
