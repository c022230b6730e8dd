package config

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestLayering(t *testing.T) {
	c := Default()
	require.NoError(t, c.Validate(), "the defaults are valid")
	require.NoError(t, c.LoadFile("testdata/full.good.json"))
	require.Equal(t, "minilm", c.Embedder)
	require.Equal(t, "heritage", c.Qdrant.Collection)
	require.Equal(t, 500*time.Millisecond, c.LegTimeout.Std())
	require.Equal(t, 3*time.Second, c.StartupTimeout.Std())
	require.Equal(t, 30*time.Second, c.RequestTimeout.Std(), "defaults stay where the file is silent")
	require.Equal(t, int64(1<<20), c.SPARQL.MaxAnswerBytes)
	require.Equal(t, Serve{APIKeyFile: "/run/secrets/hybridrag", PublicURL: "https://example.org", TrustProxy: true,
		MaxInFlight: 16, Reconcile: ReconcileLimits{MaxQueries: 50, MaxExtendCells: 2000}}, c.Serve)

	require.Equal(t, 0, c.Qdrant.SearchEf, "exact Qdrant search by default")
	require.Equal(t, LLM{BaseURL: "http://127.0.0.1:11434/v1", Model: "llama3.2", Timeout: Duration(8 * time.Second)}, c.LLM)

	env := map[string]string{"HYBRIDRAG_NEO4J_URI": "neo4j://db:7687", "HYBRIDRAG_LEG_TIMEOUT": "1.5", "HYBRIDRAG_QDRANT_SEARCH_EF": "512",
		"HYBRIDRAG_LLM_MODEL": "qwen2.5:3b", "HYBRIDRAG_LLM_API_KEY": "k", "HYBRIDRAG_LLM_TIMEOUT": "12s",
		"HYBRIDRAG_EMBEDDER": "minilm-q", "HYBRIDRAG_MODEL_Q_DIR": "/models/q"}
	require.NoError(t, c.LoadEnv(func(k string) string { return env[k] }))
	require.Equal(t, "neo4j://db:7687", c.Neo4j.URI, "the environment overrides the file")
	require.Equal(t, "minilm-q", c.Embedder)
	require.Equal(t, "/models/q", c.ModelQDir)
	require.Equal(t, 512, c.Qdrant.SearchEf)
	require.Equal(t, 1500*time.Millisecond, c.LegTimeout.Std())
	require.Equal(t, LLM{BaseURL: "http://127.0.0.1:11434/v1", Model: "qwen2.5:3b", APIKey: "k", Timeout: Duration(12 * time.Second)}, c.LLM)
	require.NoError(t, c.Validate())
}

func TestLLMKeyFromAFile(t *testing.T) {
	f := filepath.Join(t.TempDir(), "key")
	require.NoError(t, os.WriteFile(f, []byte(" sk-local\n"), 0o600))
	k, err := LLM{APIKey: "ignored", APIKeyFile: f}.Key()
	require.NoError(t, err)
	require.Equal(t, "sk-local", k)
	require.NoError(t, os.WriteFile(f, nil, 0o600))
	_, err = LLM{APIKeyFile: f}.Key()
	require.ErrorIs(t, err, ErrInvalid)
	require.ErrorContains(t, err, "llm api key file")
}

func TestBadFiles(t *testing.T) {
	files, err := filepath.Glob("testdata/*.bad.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			c := Default()
			err := c.LoadFile(f)
			if err == nil {
				err = c.Validate()
			}
			require.ErrorIs(t, err, ErrInvalid)
		})
	}
}

func TestBadEnv(t *testing.T) {
	c := Default()
	err := c.LoadEnv(func(k string) string {
		if k == "HYBRIDRAG_REQUEST_TIMEOUT" {
			return "soon"
		}
		return ""
	})
	require.ErrorIs(t, err, ErrInvalid)
	c = Default()
	err = c.LoadEnv(func(k string) string {
		if k == "HYBRIDRAG_QDRANT_SEARCH_EF" {
			return "wide"
		}
		return ""
	})
	require.ErrorIs(t, err, ErrInvalid)
	c = Default()
	c.LegTimeout = 0
	c.SPARQL.Endpoint = "ftp://x"
	err = c.Validate()
	require.ErrorIs(t, err, ErrInvalid)
	require.Contains(t, err.Error(), "leg_timeout")
	require.Contains(t, err.Error(), "sparql endpoint")
}

func TestQdrantCluster(t *testing.T) {
	c := Default()
	require.NoError(t, c.LoadFile("testdata/qdrant-cluster.good.json"))
	require.NoError(t, c.Validate())
	require.Equal(t, Qdrant{URL: "http://10.0.0.1:6334", URLs: []string{"http://10.0.0.2:6334", "http://10.0.0.3:6334"},
		Collection: "hybridrag", Shards: 6, ReplicationFactor: 2, WriteConsistency: 2}, c.Qdrant)

	env := map[string]string{"HYBRIDRAG_QDRANT_URLS": " http://10.0.0.5:6334, ,http://10.0.0.6:6334 ",
		"HYBRIDRAG_QDRANT_SHARDS": "4", "HYBRIDRAG_QDRANT_REPLICATION_FACTOR": "3", "HYBRIDRAG_QDRANT_WRITE_CONSISTENCY": "1"}
	require.NoError(t, c.LoadEnv(func(k string) string { return env[k] }))
	require.Equal(t, Qdrant{URL: "http://10.0.0.1:6334", URLs: []string{"http://10.0.0.5:6334", "http://10.0.0.6:6334"},
		Collection: "hybridrag", Shards: 4, ReplicationFactor: 3, WriteConsistency: 1}, c.Qdrant, "the environment replaces the file's list")
	require.NoError(t, c.Validate())

	for _, name := range []string{"HYBRIDRAG_QDRANT_SHARDS", "HYBRIDRAG_QDRANT_REPLICATION_FACTOR", "HYBRIDRAG_QDRANT_WRITE_CONSISTENCY"} {
		c := Default()
		err := c.LoadEnv(func(k string) string {
			if k == name {
				return "two"
			}
			return ""
		})
		require.ErrorIs(t, err, ErrInvalid, name)
		require.ErrorContains(t, err, name)
	}
	c = Default()
	c.Qdrant.URL, c.Qdrant.WriteConsistency = "http://h:6334", 2
	require.ErrorContains(t, c.Validate(), "write_consistency 2", "one copy takes one acknowledgement")
}
