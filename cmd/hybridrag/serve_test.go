package main

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/config"
	"github.com/hybridrag/hybridrag/server"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
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

// serve refuses an address other hosts reach without an API key unless
// --allow-public is given, and profiles on such an address unless
// --debug-allow-public is given; the refusal comes before any data is
// loaded.
func TestServeRefusesPublicAddressesWithoutConsent(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--addr", "0.0.0.0:0"}, "--allow-public"},
		{[]string{"--addr", ":0"}, "--allow-public"},
		{[]string{"--addr", "[::]:0"}, "--allow-public"},
		{[]string{"--addr", "127.0.0.1:0", "--debug-addr", "0.0.0.0:0"}, "--debug-allow-public"},
		{[]string{"--addr", "0.0.0.0:0", "--allow-public", "--debug-addr", ":0"}, "--debug-allow-public"},
	} {
		code, _, errOut := runCLI(t, append([]string{"serve"}, c.args...)...)
		require.Equal(t, exitUsage, code, "%v: %s", c.args, errOut)
		require.Contains(t, errOut, c.want, c.args)
		require.Contains(t, errOut, "reachable from other hosts", c.args)
	}
}

func TestCheckBind(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name string
		b    bind
		ok   bool
		warn string // in the log; "" for none
	}{
		{"loopback", bind{addr: "127.0.0.1:8080", debugAddr: "localhost:6060"}, true, ""},
		{"public without key", bind{addr: "0.0.0.0:8080"}, false, ""},
		{"public with key", bind{addr: "0.0.0.0:8080", key: true}, true, "reachable from other hosts"},
		{"public, allowed", bind{addr: ":8080", allowPublic: true}, true, "SERVING WITHOUT AN API KEY"},
		{"public profiles", bind{addr: "127.0.0.1:8080", debugAddr: "0.0.0.0:6060", key: true}, false, ""},
		{"public profiles, allowed", bind{addr: "127.0.0.1:8080", debugAddr: "0.0.0.0:6060", debugAllowPublic: true}, true, "SERVING PROFILES"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var logs bytes.Buffer
			err := checkBind(ctx, c.b, slog.New(slog.NewTextHandler(&logs, nil)))
			if !c.ok {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			if c.warn == "" {
				require.Empty(t, logs.String())
			} else {
				require.Contains(t, logs.String(), "level=WARN")
				require.Contains(t, logs.String(), c.warn)
			}
		})
	}
}

// With --allow-public, serve listens on every interface and says so
// loudly.
func TestServeAllowPublic(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data.jsonl")
	require.NoError(t, os.WriteFile(data, testfixture.SampleJSONL(t, 20), 0o644))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	port := ln.Addr().(*net.TCPAddr).Port
	require.NoError(t, ln.Close())
	ctx, cancel := context.WithCancel(context.Background())
	var errb syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- runEnv(ctx, testEnv(t, &bytes.Buffer{}, &errb), []string{"serve", "--addr", fmt.Sprintf("0.0.0.0:%d", port),
			"--allow-public", "--data", data, "--cache-dir", filepath.Join(dir, "cache"), "--reload-every", "0", "--drain", "1s"})
	}()
	var up bool
	for range 1200 {
		resp, err := http.Get(fmt.Sprintf("http://127.0.0.1:%d/healthz", port))
		if err == nil {
			resp.Body.Close()
			up = resp.StatusCode == http.StatusOK
			break
		}
		select {
		case code := <-done:
			t.Fatalf("serve exited %d: %s", code, errb.String())
		case <-time.After(100 * time.Millisecond):
		}
	}
	cancel()
	require.Equal(t, exitOK, <-done, errb.String())
	require.True(t, up, errb.String())
	require.Contains(t, errb.String(), "SERVING WITHOUT AN API KEY TO OTHER HOSTS")
}

// syncBuffer is a bytes.Buffer safe for a writer and a reader in
// different goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
