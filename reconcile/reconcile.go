// Package reconcile serves the W3C Reconciliation Service API (version 0.2,
// plus the fixed routes of the 1.0 draft) over the heritage dataset, so
// that tools such as OpenRefine can match spreadsheet columns of museum,
// archive and library names or identifiers to dataset records.
//
// The handler is written to be mounted under a prefix with
// http.StripPrefix:
//
//	mux.Handle("/reconcile/", http.StripPrefix("/reconcile", reconcile.New(ds, l)))
//
// It then sees these paths (all answer CORS preflights and carry
// Access-Control-Allow-Origin: *):
//
//	GET  /                      0.2 manifest (service root; also /reconcile without slash when the server redirects)
//	GET|POST / ?queries=…       0.2 reconciliation batch (form field, query parameter or JSON body)
//	GET|POST / ?extend=…        0.2 data extension
//	POST /match                 1.0-draft reconciliation batch (JSON body)
//	GET  /preview?id=ID         HTML preview of one institution
//	GET  /suggest/entity        prefix suggest (prefix, cursor; 1.0: limit, offset)
//	GET  /suggest/type          type suggest
//	GET  /suggest/property      property suggest
//	GET  /extend/propose        property proposals (type, limit)
//	POST /extend                1.0-draft data extension (JSON body); form field extend= gives 0.2
//
// Absolute URLs in the manifest are built from the request (scheme, Host,
// and X-Forwarded-Proto/Host only WithTrustedForwarding) and the prefix
// that StripPrefix removed (read from RequestURI), unless WithBaseURL
// fixes them. Every request is bounded by Limits. GET responses accept a
// JSONP callback parameter. Unknown parameters are ignored.
package reconcile

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/linking"
)

// Defaults.
const (
	DefaultName            = "hybridrag heritage institutions"
	DefaultIdentifierSpace = "https://github.com/hybridrag/hybridrag/institution/"
	DefaultSchemaSpace     = "https://github.com/hybridrag/hybridrag/schema/"
	DefaultBatchSize       = 100
	DefaultLimit           = 5
	maxLimit               = 100
	maxBody                = 2 << 20
)

// Limits bound the work one request may ask for. A request over a limit is
// refused at once, before any linking, with a 413 (too many queries, ids
// or cells, a body too large) or a 400 (a query too long, a limit too
// high) whose message names the limit.
type Limits struct {
	// MaxBody is the largest request body in bytes (default 2 MiB).
	MaxBody int64
	// MaxQueries is the most queries in one reconciliation batch (default 100).
	MaxQueries int
	// MaxQueryChars is the most characters of a query text or of one
	// property value (default 500; institution names are far shorter).
	MaxQueryChars int
	// MaxCandidates is the highest limit one query may ask for (default 100).
	MaxCandidates int
	// MaxExtendIDs is the most ids of one data extension (default 1,000).
	MaxExtendIDs int
	// MaxExtendCells is the most ids × properties of one data extension
	// (default 10,000).
	MaxExtendCells int
}

// DefaultLimits are the limits of a Handler built without WithLimits.
func DefaultLimits() Limits {
	return Limits{
		MaxBody:        maxBody,
		MaxQueries:     DefaultBatchSize,
		MaxQueryChars:  500,
		MaxCandidates:  maxLimit,
		MaxExtendIDs:   1000,
		MaxExtendCells: 10000,
	}
}

// withDefaults fills the zero fields of l from DefaultLimits.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	if l.MaxBody <= 0 {
		l.MaxBody = d.MaxBody
	}
	for _, f := range []struct{ v, def *int }{
		{&l.MaxQueries, &d.MaxQueries}, {&l.MaxQueryChars, &d.MaxQueryChars}, {&l.MaxCandidates, &d.MaxCandidates},
		{&l.MaxExtendIDs, &d.MaxExtendIDs}, {&l.MaxExtendCells, &d.MaxExtendCells},
	} {
		if *f.v <= 0 {
			*f.v = *f.def
		}
	}
	return l
}

// Linker resolves one query; *linking.Linker implements it.
type Linker interface {
	Link(ctx context.Context, q linking.Query, limit int) ([]linking.Candidate, error)
}

var _ Linker = (*linking.Linker)(nil)

// Handler serves the reconciliation API. Build it with New; it is
// read-only afterwards and safe for concurrent use.
type Handler struct {
	ds  *heritage.Dataset
	l   Linker
	mux *http.ServeMux

	name, identifierSpace, schemaSpace string
	baseURL, viewURL, serviceVersion   string
	limits                             Limits
	trustForwarded                     bool

	// prefix returns the sorted normalised names for entity suggest,
	// made on the first suggest: the only one to read them, and a
	// sort of every name that took a second of a start at 800,000
	// records.
	prefix func() []prefixEntry
}

type prefixEntry struct {
	key string
	i   int32
}

// Option configures a Handler.
type Option func(*Handler)

// WithName sets the service name shown by clients.
func WithName(s string) Option { return func(h *Handler) { h.name = s } }

// WithIdentifierSpace sets the manifest identifierSpace URI.
func WithIdentifierSpace(s string) Option { return func(h *Handler) { h.identifierSpace = s } }

// WithSchemaSpace sets the manifest schemaSpace URI.
func WithSchemaSpace(s string) Option { return func(h *Handler) { h.schemaSpace = s } }

// WithBaseURL fixes the public URL of the service root (for example
// https://example.org/reconcile) instead of deriving it from requests.
func WithBaseURL(s string) Option { return func(h *Handler) { h.baseURL = strings.TrimRight(s, "/") } }

// WithViewURL sets the manifest view template; it must contain {{id}}.
// By default entities are viewed through the preview page.
func WithViewURL(s string) Option { return func(h *Handler) { h.viewURL = s } }

// WithServiceVersion sets the manifest serviceVersion (the data version by default).
func WithServiceVersion(s string) Option { return func(h *Handler) { h.serviceVersion = s } }

// WithBatchSize sets the most queries accepted in one batch (413 above it).
func WithBatchSize(n int) Option {
	return func(h *Handler) {
		if n > 0 {
			h.limits.MaxQueries = n
		}
	}
}

// WithLimits sets the request limits; zero fields keep their defaults.
func WithLimits(l Limits) Option { return func(h *Handler) { h.limits = l.withDefaults() } }

// WithTrustedForwarding lets X-Forwarded-Host and X-Forwarded-Proto choose
// the manifest's absolute URLs. Turn it on only behind a proxy that sets
// (or strips) those headers; otherwise any client could make the manifest
// point elsewhere. WithBaseURL takes precedence over both.
func WithTrustedForwarding(on bool) Option { return func(h *Handler) { h.trustForwarded = on } }

// prefixesOf returns the normalised names of ds's records (each distinct
// one of a record once), sorted by name, then record.
func prefixesOf(ds *heritage.Dataset) []prefixEntry {
	var out []prefixEntry
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		seen := map[string]bool{}
		for _, n := range append([]string{in.Name}, altNames(in)...) {
			k := kg.NormalizeName(n)
			if k != "" && !seen[k] {
				seen[k] = true
				out = append(out, prefixEntry{k, int32(i)})
			}
		}
	}
	slices.SortFunc(out, func(a, b prefixEntry) int {
		if c := strings.Compare(a.key, b.key); c != 0 {
			return c
		}
		return int(a.i - b.i)
	})
	return out
}

// New builds the handler over the dataset and a linker built from it.
func New(ds *heritage.Dataset, l Linker, opts ...Option) *Handler {
	h := &Handler{
		ds: ds, l: l,
		name: DefaultName, identifierSpace: DefaultIdentifierSpace, schemaSpace: DefaultSchemaSpace,
		serviceVersion: ds.Version, limits: DefaultLimits(),
	}
	for _, o := range opts {
		o(h)
	}
	h.prefix = sync.OnceValue(func() []prefixEntry { return prefixesOf(ds) })
	m := http.NewServeMux()
	m.HandleFunc("/", h.root)
	m.HandleFunc("/match", h.match10)
	m.HandleFunc("/preview", h.preview)
	m.HandleFunc("/suggest/entity", h.suggestEntity)
	m.HandleFunc("/suggest/type", h.suggestType)
	m.HandleFunc("/suggest/property", h.suggestProperty)
	m.HandleFunc("/extend/propose", h.propose)
	m.HandleFunc("/extend", h.extend10)
	h.mux = m
	return h
}

func altNames(in *heritage.Institution) []string {
	out := make([]string, 0, len(in.AltNames()))
	for _, a := range in.AltNames() {
		out = append(out, a.Name)
	}
	return out
}

// ServeHTTP adds CORS headers to every response and answers preflights.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	hd.Set("Access-Control-Allow-Origin", "*")
	hd.Set("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
	if req := r.Header.Get("Access-Control-Request-Headers"); req != "" {
		hd.Set("Access-Control-Allow-Headers", req)
	} else {
		hd.Set("Access-Control-Allow-Headers", "Content-Type, Accept, Accept-Language, Authorization")
	}
	hd.Set("Access-Control-Max-Age", "86400")
	if r.Method == http.MethodOptions {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if r.URL.Path == "" {
		r.URL.Path = "/"
	}
	h.mux.ServeHTTP(w, r)
}

// errStatus carries an HTTP status for a client error.
type errStatus struct {
	code int
	msg  string
}

func (e *errStatus) Error() string { return e.msg }

func badRequest(format string, a ...any) error {
	return &errStatus{http.StatusBadRequest, fmt.Sprintf(format, a...)}
}

func tooLarge(format string, a ...any) error {
	return &errStatus{http.StatusRequestEntityTooLarge, fmt.Sprintf(format, a...)}
}

var callbackRe = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$.]{0,63}$`)

// writeJSON writes v, wrapped in a JSONP callback for GET requests that
// name a valid one.
func writeJSON(w http.ResponseWriter, r *http.Request, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, "reconcile: encoding response: "+err.Error(), http.StatusInternalServerError)
		return
	}
	cb := ""
	if r.Method == http.MethodGet {
		cb = r.URL.Query().Get("callback")
	}
	if cb != "" && callbackRe.MatchString(cb) {
		w.Header().Set("Content-Type", "application/javascript; charset=utf-8")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.WriteHeader(status)
		fmt.Fprintf(w, "/**/%s(%s);", cb, b)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

func writeError(w http.ResponseWriter, r *http.Request, err error) {
	code := http.StatusInternalServerError
	var es *errStatus
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &es):
		code = es.code
	case errors.As(err, &mbe):
		code = http.StatusRequestEntityTooLarge
		err = fmt.Errorf("reconcile: the body is larger than the limit of %d bytes (max_body)", mbe.Limit)
	case errors.Is(err, context.DeadlineExceeded):
		code = http.StatusGatewayTimeout
	case errors.Is(err, context.Canceled):
		code = http.StatusServiceUnavailable
	}
	writeJSON(w, r, code, map[string]string{"status": "error", "message": err.Error()})
}

// params reads form values from the query string and, for POST, from a
// url-encoded or multipart body. A JSON body is returned raw.
func (h *Handler) params(w http.ResponseWriter, r *http.Request) (form map[string][]string, jsonBody []byte, err error) {
	maxBody := h.limits.MaxBody
	if r.ContentLength > maxBody {
		return nil, nil, &http.MaxBytesError{Limit: maxBody}
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	if r.Method == http.MethodPost && strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		b, err := io.ReadAll(r.Body)
		if err != nil {
			return nil, nil, err
		}
		return r.URL.Query(), b, nil
	}
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data") {
		if err := r.ParseMultipartForm(maxBody); err != nil {
			return nil, nil, badRequest("reconcile: reading form: %v", err)
		}
		return r.Form, nil, nil
	}
	if err := r.ParseForm(); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, nil, err
		}
		return nil, nil, badRequest("reconcile: reading form: %v", err)
	}
	return r.Form, nil, nil
}

func first(form map[string][]string, key string) string {
	if v := form[key]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// base returns the absolute URL of the service root, without a trailing slash.
func (h *Handler) base(r *http.Request) string {
	if h.baseURL != "" {
		return h.baseURL
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	host := r.Host
	if h.trustForwarded {
		if p := r.Header.Get("X-Forwarded-Proto"); p == "https" || p == "http" {
			scheme = p
		}
		if fh := r.Header.Get("X-Forwarded-Host"); fh != "" {
			host = fh
		}
	}
	// http.StripPrefix leaves RequestURI alone: the mount prefix is what
	// precedes the stripped path.
	path := r.RequestURI
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	if strings.HasPrefix(path, "http://") || strings.HasPrefix(path, "https://") {
		path = "/"
	}
	prefix := strings.TrimSuffix(path, r.URL.Path)
	if r.URL.Path == "/" {
		prefix = strings.TrimSuffix(path, "/")
	}
	return scheme + "://" + host + strings.TrimRight(prefix, "/")
}

func (h *Handler) root(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/" {
		writeError(w, r, &errStatus{http.StatusNotFound, "reconcile: no such endpoint " + r.URL.Path})
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodPost && r.Method != http.MethodHead {
		writeError(w, r, &errStatus{http.StatusMethodNotAllowed, "reconcile: method not allowed"})
		return
	}
	form, body, err := h.params(w, r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	switch {
	case first(form, "queries") != "":
		h.reconcile02(w, r, []byte(first(form, "queries")))
	case first(form, "extend") != "":
		h.extend02(w, r, []byte(first(form, "extend")))
	case len(body) > 0:
		// A JSON body: a keyed 0.2 batch ({"q0": {...}}), or {"queries": …}.
		var probe map[string]json.RawMessage
		if err := json.Unmarshal(body, &probe); err != nil {
			writeError(w, r, badRequest("reconcile: body is not a JSON object: %v", err))
			return
		}
		if q, ok := probe["queries"]; ok && len(q) > 0 && q[0] == '[' {
			h.match10Body(w, r, body)
			return
		}
		if q, ok := probe["queries"]; ok {
			if len(q) > 0 && q[0] == '"' { // the batch sent as a JSON string
				var s string
				if err := json.Unmarshal(q, &s); err == nil {
					q = json.RawMessage(s)
				}
			}
			h.reconcile02(w, r, q)
			return
		}
		if _, ok := probe["ids"]; ok {
			h.extend02(w, r, body)
			return
		}
		h.reconcile02(w, r, body)
	default:
		writeJSON(w, r, http.StatusOK, h.manifest(r))
	}
}
