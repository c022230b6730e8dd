package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDebugServesProfiles(t *testing.T) {
	srv := httptest.NewServer(Debug())
	defer srv.Close()
	for path, want := range map[string]int{
		"/debug/pprof/":                  http.StatusOK,
		"/debug/pprof/heap?debug=1":      http.StatusOK,
		"/debug/pprof/goroutine?debug=1": http.StatusOK,
		"/v1/ask":                        http.StatusNotFound,
	} {
		resp, err := http.Get(srv.URL + path)
		require.NoError(t, err, path)
		_ = resp.Body.Close()
		assert.Equal(t, want, resp.StatusCode, path)
	}
}

func TestDefaultMaxInFlight(t *testing.T) {
	assert.Less(t, DefaultMaxInFlight(false), DefaultMaxInFlight(true), "requests that wait on a backend may be more")
	assert.Positive(t, DefaultMaxInFlight(false))
}

func TestLoopback(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:8080": true, "127.1.2.3:0": true, "[::1]:8080": true, "localhost:8080": true, "LOCALHOST:1": true,
		":8080": false, "0.0.0.0:8080": false, "[::]:8080": false, "192.168.1.10:8080": false, "[2001:db8::1]:80": false,
	} {
		got, err := Loopback(context.Background(), addr)
		require.NoError(t, err, addr)
		assert.Equal(t, want, got, addr)
	}
	_, err := Loopback(context.Background(), "127.0.0.1")
	require.Error(t, err, "no port")
}
