package main

import (
	"bytes"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/config"
	"github.com/hybridrag/hybridrag/server"
)

// TestServeTimeoutLayering: serve's shorter default deadline is a default,
// so a request_timeout from the file, the environment or --timeout wins.
func TestServeTimeoutLayering(t *testing.T) {
	file := filepath.Join(t.TempDir(), "c.json")
	require.NoError(t, os.WriteFile(file, []byte(`{"request_timeout": "40s"}`), 0o600))
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	for _, tc := range []struct {
		name   string
		df     dataFlags
		getenv func(string) string
		want   time.Duration
	}{
		{"default", dataFlags{}, env(nil), server.DefaultTimeout},
		{"file", dataFlags{config: file}, env(nil), 40 * time.Second},
		{"environment", dataFlags{}, env(map[string]string{"HYBRIDRAG_REQUEST_TIMEOUT": "25s"}), 25 * time.Second},
		{"environment over file", dataFlags{config: file}, env(map[string]string{"HYBRIDRAG_REQUEST_TIMEOUT": "25s"}), 25 * time.Second},
		{"flag over all", dataFlags{config: file, timeout: 3 * time.Second}, env(map[string]string{"HYBRIDRAG_REQUEST_TIMEOUT": "25s"}), 3 * time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := tc.df.resolveFrom(serveDefaults(), tc.getenv)
			require.NoError(t, err)
			require.Equal(t, tc.want, cfg.RequestTimeout.Std())
		})
	}
	cfg, err := dataFlags{}.resolve(env(nil))
	require.NoError(t, err)
	require.Equal(t, config.Default().RequestTimeout, cfg.RequestTimeout, "ask keeps its own default")
}

func TestServeAPIKeySources(t *testing.T) {
	dir := t.TempDir()
	keyFile := filepath.Join(dir, "key")
	require.NoError(t, os.WriteFile(keyFile, []byte("s3cret\n"), 0o600))
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, nil))

	// From the environment, through the configuration.
	var c config.Config = config.Default()
	require.NoError(t, c.LoadEnv(func(k string) string {
		if k == "HYBRIDRAG_API_KEY" {
			return "from-env"
		}
		return ""
	}))
	sc, err := serveSettings(c.Serve, serveFlags{}, log)
	require.NoError(t, err)
	key, err := sc.Key()
	require.NoError(t, err)
	require.Equal(t, "from-env", key)
	require.Empty(t, logs.String())

	// From a file, over the environment.
	sc, err = serveSettings(c.Serve, serveFlags{apiKeyFile: keyFile}, log)
	require.NoError(t, err)
	key, err = sc.Key()
	require.NoError(t, err)
	require.Equal(t, "s3cret", key)

	// On the command line: used, with a warning.
	sc, err = serveSettings(c.Serve, serveFlags{apiKey: "from-flag"}, log)
	require.NoError(t, err)
	key, err = sc.Key()
	require.NoError(t, err)
	require.Equal(t, "from-flag", key)
	require.Contains(t, logs.String(), "--api-key is visible")

	// An empty or missing file is an error.
	empty := filepath.Join(dir, "empty")
	require.NoError(t, os.WriteFile(empty, []byte("  \n"), 0o600))
	for _, f := range []string{empty, filepath.Join(dir, "missing")} {
		sc, err = serveSettings(config.Serve{}, serveFlags{apiKeyFile: f}, log)
		require.NoError(t, err)
		_, err = sc.Key()
		require.Error(t, err, f)
	}
}

func TestServeFlagValidation(t *testing.T) {
	for _, args := range [][]string{
		{"--max-body", "-1"}, {"--max-in-flight", "-2"}, {"--max-conns", "-1"}, {"--max-queue-wait", "-1s"}, {"--timeout", "-1s"},
		{"--drain", "0s"}, {"--public-url", "ftp://x"}, {"--api-key-file", "/nonexistent/key"},
	} {
		code, _, errOut := runCLI(t, append([]string{"serve"}, args...)...)
		require.Equal(t, exitUsage, code, "%v: %s", args, errOut)
	}
}
