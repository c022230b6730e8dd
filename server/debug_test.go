package server

import (
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
