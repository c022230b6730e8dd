package server

import (
	_ "embed"
	"net/http"
	"slices"
)

//go:embed openapi.json
var openapiDoc []byte

// OpenAPI returns the OpenAPI 3.1 description of the API (a copy).
func OpenAPI() []byte { return slices.Clone(openapiDoc) }

func serveOpenAPI(w http.ResponseWriter, _ *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	_, _ = w.Write(openapiDoc)
}
