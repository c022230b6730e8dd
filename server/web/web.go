// Package web is the browser page served by hybridrag serve at /: plain
// HTML, CSS and a little JavaScript, embedded in the binary. The page
// loads nothing from anywhere else (its Content-Security-Policy says so)
// and reads everything through the JSON API under /v1, sending the API key
// the user enters when the server asks for one.
package web

import (
	"embed"
	"io/fs"
	"net/http"
	"path"
)

//go:embed static
var static embed.FS

// Files are the page's files: index.html and the assets it loads.
func Files() fs.FS {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the directory is embedded above
	}
	return sub
}

// policy allows the page's own scripts, styles and requests, and inline
// SVG images; nothing else.
const policy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
	"form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

// Page serves index.html.
func Page() http.Handler { return serve(func(*http.Request) string { return "index.html" }) }

// Assets serves the file named by the request's {file} path value.
func Assets() http.Handler {
	return serve(func(r *http.Request) string { return path.Base(r.PathValue("file")) })
}

func serve(name func(*http.Request) string) http.Handler {
	files := Files()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", policy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cache-Control", "no-cache")
		n := name(r)
		if n == "." || n == "/" {
			http.NotFound(w, r)
			return
		}
		http.ServeFileFS(w, r, files, n)
	})
}
