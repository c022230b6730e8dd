package web

import (
	"io/fs"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The page stays small and loads nothing from elsewhere.
func TestFilesAreSmallAndLocal(t *testing.T) {
	total := 0
	external := regexp.MustCompile(`(?i)(src|href)\s*=\s*["']?(https?:)?//`)
	imports := regexp.MustCompile(`(?i)(@import|url\(\s*["']?(https?:)?//|fetch\(\s*["']https?:)`)
	err := fs.WalkDir(Files(), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(Files(), path)
		if err != nil {
			return err
		}
		total += len(b)
		if strings.HasSuffix(path, ".html") || strings.HasSuffix(path, ".css") {
			require.NotRegexp(t, external, string(b), "%s loads something from another host", path)
		}
		require.NotRegexp(t, imports, string(b), "%s loads something from another host", path)
		return nil
	})
	require.NoError(t, err)
	require.Less(t, total, 300<<10, "the page's files weigh %d bytes", total)
}

func TestHandlers(t *testing.T) {
	mux := http.NewServeMux()
	mux.Handle("GET /{$}", Page())
	mux.Handle("GET /assets/{file}", Assets())
	for path, ctype := range map[string]string{"/": "text/html", "/assets/app.js": "javascript", "/assets/app.css": "text/css", "/assets/quality.json": "application/json"} {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		require.Equal(t, http.StatusOK, rec.Code, path)
		require.Contains(t, rec.Header().Get("Content-Type"), ctype, path)
		require.Contains(t, rec.Header().Get("Content-Security-Policy"), "connect-src 'self'", path)
	}
	for _, path := range []string{"/assets/missing.js", "/assets/..%2Fweb.go", "/assets/%2E"} {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		require.Contains(t, []int{http.StatusBadRequest, http.StatusNotFound}, rec.Code, path)
	}
}
