// Package server is the HTTP JSON API over the hybridrag pipeline: ask a
// question, link a reference to institutions, fetch a record, health and
// readiness probes, Prometheus metrics and the OpenAPI description.
//
// The server depends only on the small interfaces declared here (Asker,
// Linker, Records); cmd wires the real pipeline, linker and dataset.
// Domain errors are mapped to HTTP status codes here and nowhere else.
package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"path"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/linking"
	"github.com/hybridrag/hybridrag/pipeline"
	"github.com/hybridrag/hybridrag/server/web"
)

// Asker answers a question; *pipeline.Pipeline is one.
type Asker interface {
	Ask(ctx context.Context, req pipeline.Request) (*pipeline.Response, error)
}

// cacheStatser is an optional Asker capability: the pipeline's cache
// counters, exported as metrics. Without it the cache metrics are absent.
type cacheStatser interface {
	CacheStats() pipeline.CacheStats
}

// Linker resolves an identifier or a name to candidate institutions, best
// first. Errors wrapping ident.ErrMalformed are the caller's fault (400).
type Linker interface {
	Link(ctx context.Context, q linking.Query, limit int) ([]linking.Candidate, error)
}

// Records looks up one institution by id; *heritage.Dataset is one.
type Records interface {
	Get(id string) (*heritage.Institution, bool)
}

// Check is a named readiness check: nil when the backend can serve.
type Check struct {
	Name  string
	Check func(ctx context.Context) error
}

// Defaults.
const (
	DefaultMaxBody = 1 << 20
	DefaultTimeout = 10 * time.Second
	// DefaultReadyTimeout bounds the readiness checks together.
	DefaultReadyTimeout = 2 * time.Second
)

// DefaultMaxQueueWait is the default of Options.MaxQueueWait: with the
// time an ask takes, it keeps the answers a loaded server gives within
// a second.
const DefaultMaxQueueWait = 600 * time.Millisecond

// DefaultMaxInFlight is the default of Options.MaxInFlight: one request
// per CPU when every retriever runs in the process, four when some wait
// on a backend over the network. An ask over the embedded indexes is
// CPU work from start to end: more of them at once finish no sooner,
// and their goroutines keep the ones that read new requests (and refuse
// them at once when the queue is long) from running, so that clients
// wait seconds for a refusal the server wrote in microseconds.
func DefaultMaxInFlight(remote bool) int {
	if remote {
		return 4 * runtime.GOMAXPROCS(0)
	}
	return runtime.GOMAXPROCS(0)
}

// Options configure a Server. Asker and Records are required.
type Options struct {
	Asker   Asker
	Records Records
	// Linker serves /v1/link; without one the route answers 501.
	Linker Linker
	// RowLinker serves /v1/enrich; without one it answers 501.
	RowLinker RowLinker
	// Graph serves /v1/entities/{id}/neighbours and /v1/path; without one
	// they answer 501.
	Graph Graph
	// Ready are the checks behind /readyz.
	Ready []Check
	// DataVersion, shown by /readyz, is the version of the data the
	// Asker answers from (every answer carries it too).
	DataVersion string
	// Embedder, shown by /readyz, names the embedder the vectors and the
	// queries are embedded with; nil shows none.
	Embedder *EmbedderInfo
	// Reconcile, when non-nil, is mounted under /reconcile with that
	// prefix stripped (it sees "/" for /reconcile and /reconcile/).
	// The API key does not apply to it; the request deadline does.
	Reconcile http.Handler
	// Registry receives the server's metrics and is what /metrics
	// exposes; nil means a new, private registry.
	Registry *prometheus.Registry
	// Logger receives the access log and recovered panics; nil discards.
	Logger *slog.Logger
	// APIKey, when set, is required on /v1/* and /metrics as
	// "Authorization: Bearer <key>" or "X-API-Key: <key>".
	APIKey string
	// MaxBody limits a request body in bytes (default 1 MiB).
	MaxBody int64
	// Timeout is the deadline of each request (default 10 s).
	Timeout time.Duration
	// MaxInFlight is the most /v1/* and /reconcile requests served at once
	// (default DefaultMaxInFlight(Remote)); MaxQueue the most waiting for a slot (default
	// 32 × MaxInFlight, at least 128 per CPU); MaxQueueWait the longest an expensive request
	// may expect to wait for one (default DefaultMaxQueueWait; cheap
	// look-ups twice as long). Past them, or when the wait would pass
	// the deadline, a request is answered 503 with Retry-After at once.
	MaxInFlight  int
	MaxQueue     int
	MaxQueueWait time.Duration
	// Remote says that some retriever waits on a backend over the
	// network (a graph server, a vector store, a SPARQL endpoint, an
	// LLM), for the default of MaxInFlight.
	Remote bool
	// LLM makes a written answer the default of POST /v1/ask (a request
	// may still send "llm": false); set it when the Asker has a language
	// model.
	LLM bool
}

// Server is the API as an http.Handler.
type Server struct {
	opts    Options
	log     *slog.Logger
	mux     *http.ServeMux
	routes  []Route
	metrics *metrics
	admit   *admission
	handler http.Handler
	keyHash []byte
}

// Route is one method and path the server answers.
type Route struct {
	Method string // "" for a mounted handler that takes every method
	Path   string // ServeMux pattern path, e.g. /v1/entities/{id}
	// Open routes do not require the API key.
	Open bool
}

var _ http.Handler = (*Server)(nil)

// New builds the server.
func New(opts Options) (*Server, error) {
	if opts.Asker == nil {
		return nil, errors.New("server: Options.Asker is required")
	}
	if opts.Records == nil {
		return nil, errors.New("server: Options.Records is required")
	}
	if opts.MaxBody <= 0 {
		opts.MaxBody = DefaultMaxBody
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.MaxInFlight <= 0 {
		opts.MaxInFlight = DefaultMaxInFlight(opts.Remote)
	}
	if opts.MaxQueue <= 0 {
		// The expected wait (MaxQueueWait) bounds the queue first; this
		// cap only keeps a queue of requests that hold a slot briefly
		// (answers from the cache) from growing without end.
		opts.MaxQueue = max(32*opts.MaxInFlight, 128*runtime.GOMAXPROCS(0))
	}
	if opts.MaxQueueWait <= 0 {
		opts.MaxQueueWait = DefaultMaxQueueWait
	}
	if opts.Registry == nil {
		opts.Registry = prometheus.NewRegistry()
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	for _, c := range opts.Ready {
		if c.Name == "" || c.Check == nil {
			return nil, errors.New("server: a readiness check needs a name and a function")
		}
	}
	m, err := newMetrics(opts.Registry, opts.Asker)
	if err != nil {
		return nil, err
	}
	s := &Server{opts: opts, log: log, mux: http.NewServeMux(), metrics: m, admit: newAdmission(opts.MaxInFlight, opts.MaxQueue, opts.MaxQueueWait)}
	if opts.APIKey != "" {
		s.keyHash = hashKey(opts.APIKey)
	}
	s.register()
	s.handler = s.recoverPanics(s.observe(cleanPaths(s.mux)))
	return s, nil
}

// cleanPaths answers a path that is not in its clean form (an empty, "."
// or ".." element) with a JSON 404 naming the clean form, where the mux
// would redirect with an empty body.
func cleanPaths(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p, c := r.URL.Path, cleanPath(r.URL.Path); c != p {
			writeError(w, http.StatusNotFound, CodeNotFound, fmt.Sprintf("no route %q; its clean form is %q", p, c))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// cleanPath is path.Clean keeping a trailing slash, as the mux reads it.
func cleanPath(p string) string {
	if p == "" || p[0] != '/' {
		p = "/" + p
	}
	c := path.Clean(p)
	if strings.HasSuffix(p, "/") && c != "/" {
		c += "/"
	}
	return c
}

// ServeHTTP serves one request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

// Routes lists the routes the server answers.
func (s *Server) Routes() []Route { return slices.Clone(s.routes) }

func (s *Server) register() {
	s.handle("POST", "/v1/ask", false, s.ask)
	s.handle("GET", "/v1/link", false, s.link)
	s.handle("GET", "/v1/entities/{id}", false, s.entity)
	s.handle("GET", "/v1/entities/{id}/neighbours", false, s.neighbours)
	s.handle("GET", "/v1/path", false, s.path)
	s.handle("POST", "/v1/enrich", false, s.enrich)
	s.handle("GET", "/healthz", true, s.healthz)
	s.handle("GET", "/readyz", true, s.readyz)
	s.handle("GET", "/metrics", false, s.metrics.handler(s.opts.Registry).ServeHTTP)
	s.handle("GET", "/openapi.json", true, serveOpenAPI)
	if h := s.opts.Reconcile; h != nil {
		mounted := s.guard(reconcileWork, stripPrefix("/reconcile", h))
		for _, p := range []string{"/reconcile", "/reconcile/"} {
			s.routes = append(s.routes, Route{Path: p, Open: true})
			s.mux.Handle(p, s.named(p, mounted))
		}
	}
	// The page and its assets: open, like /openapi.json; the data they
	// show comes from /v1/*, which asks for the key.
	for _, r := range []struct {
		pattern, path string
		h             http.Handler
	}{{"/{$}", "/", web.Page()}, {"/assets/{file}", "/assets/{file}", web.Assets()}} {
		s.routes = append(s.routes, Route{Method: http.MethodGet, Path: r.path, Open: true})
		s.mux.Handle("GET "+r.pattern, s.named(r.path, r.h))
	}
	// Anything else: a JSON 404.
	s.mux.Handle("/", s.named("unmatched", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "not_found", "no route for "+r.URL.Path)
	})))
}

// handle registers a route and, for the same path without a method, a JSON
// 405 that lists the allowed methods.
func (s *Server) handle(method, path string, open bool, h http.HandlerFunc) {
	s.routes = append(s.routes, Route{Method: method, Path: path, Open: open})
	var hh http.Handler = h
	switch {
	case strings.HasPrefix(path, "/v1/"):
		expensive := path == "/v1/ask" || path == "/v1/enrich"
		hh = s.guard(func(*http.Request) bool { return expensive }, hh)
	case path == "/metrics":
		hh = s.withDeadline(hh)
	}
	if !open {
		hh = s.authorize(hh)
	}
	s.mux.Handle(method+" "+path, s.named(path, hh))
	allow := method
	if method == http.MethodGet {
		allow = "GET, HEAD"
	}
	s.mux.Handle(path, s.named(path, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Allow", allow)
		writeError(w, http.StatusMethodNotAllowed, "method_not_allowed", r.Method+" is not allowed on "+path+"; use "+allow)
	})))
}

// withDeadline gives the request its deadline.
func (s *Server) withDeadline(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), s.opts.Timeout)
		defer cancel()
		h.ServeHTTP(w, r.WithContext(ctx))
	})
}

// reconcileWork reports whether a reconciliation request links or extends
// (a POST, or a GET with queries or extend), as opposed to reading the
// manifest, a preview or a suggestion.
func reconcileWork(r *http.Request) bool {
	if r.Method == http.MethodPost {
		return true
	}
	q := r.URL.Query()
	return q.Has("queries") || q.Has("extend")
}

// guard gives the request its deadline and a request slot: admission
// control refuses it with a 503 when the server is at capacity. Expensive
// requests are refused first.
func (s *Server) guard(expensive func(*http.Request) bool, h http.Handler) http.Handler {
	return s.withDeadline(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if overflowed(r.Context()) {
			// The connection came past the connection limit: the server
			// is at capacity whatever the request slots say.
			s.metrics.shed.WithLabelValues(routeOf(r)).Inc()
			refuse(w, s.admit.refuseConnection())
			return
		}
		release, no := s.admit.admit(r.Context(), expensive(r))
		if no != nil {
			s.metrics.shed.WithLabelValues(routeOf(r)).Inc()
			refuse(w, no)
			return
		}
		defer release()
		h.ServeHTTP(w, r)
	}))
}

// stripPrefix serves h with prefix removed from the path; an empty rest
// becomes "/".
func stripPrefix(prefix string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r2 := r.Clone(r.Context())
		r2.URL.Path = strings.TrimPrefix(r.URL.Path, prefix)
		if r2.URL.Path == "" {
			r2.URL.Path = "/"
		}
		r2.URL.RawPath = ""
		h.ServeHTTP(w, r2)
	})
}
