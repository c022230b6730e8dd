package server

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"time"
)

// reqInfo is filled in while a request passes through the server: the
// route that served it (for metrics and the access log).
type reqInfo struct{ route string }

type reqInfoKey struct{}

// named records which route serves the request.
func (s *Server) named(route string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if info, ok := r.Context().Value(reqInfoKey{}).(*reqInfo); ok {
			info.route = route
		}
		h.ServeHTTP(w, r)
	})
}

// routeOf is the route serving the request, as named so far.
func routeOf(r *http.Request) string {
	if info, ok := r.Context().Value(reqInfoKey{}).(*reqInfo); ok {
		return info.route
	}
	return "unmatched"
}

// statusWriter remembers the status and counts the bytes written.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += int64(n)
	return n, err
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// observe writes the access log and the request metrics.
func (s *Server) observe(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		info := &reqInfo{route: "unmatched"}
		sw := &statusWriter{ResponseWriter: w}
		defer func() {
			status := sw.status
			if status == 0 {
				status = http.StatusOK
			}
			d := time.Since(start)
			s.metrics.observeRequest(info.route, r.Method, status, d)
			s.log.LogAttrs(r.Context(), slog.LevelInfo, "http request",
				slog.String("method", r.Method),
				slog.String("path", r.URL.Path),
				slog.String("route", info.route),
				slog.Int("status", status),
				slog.Int64("bytes", sw.bytes),
				slog.Float64("duration_ms", float64(d.Microseconds())/1000),
				slog.String("remote", r.RemoteAddr),
			)
		}()
		h.ServeHTTP(sw, r.WithContext(context.WithValue(r.Context(), reqInfoKey{}, info)))
	})
}

// recoverPanics turns a panic in a handler into a JSON 500 (when nothing
// was written yet) and a log line with the stack.
func (s *Server) recoverPanics(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w}
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			if err, ok := v.(error); ok && errors.Is(err, http.ErrAbortHandler) {
				panic(v)
			}
			s.metrics.panics.Inc()
			s.log.Error("panic serving request", "method", r.Method, "path", r.URL.Path,
				"panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			if sw.status == 0 {
				writeError(sw, http.StatusInternalServerError, "internal", "internal server error")
			}
		}()
		h.ServeHTTP(sw, r)
	})
}

// hashKey hashes an API key so that comparisons take the same time
// whatever the key's length.
func hashKey(k string) []byte {
	h := sha256.Sum256([]byte(k))
	return h[:]
}

// authorize requires the API key when one is configured.
func (s *Server) authorize(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.keyHash == nil {
			h.ServeHTTP(w, r)
			return
		}
		key := r.Header.Get("X-API-Key")
		if auth := r.Header.Get("Authorization"); key == "" && auth != "" {
			scheme, token, ok := strings.Cut(auth, " ")
			if ok && strings.EqualFold(scheme, "Bearer") {
				key = strings.TrimSpace(token)
			}
		}
		if key == "" {
			w.Header().Set("WWW-Authenticate", `Bearer realm="hybridrag"`)
			writeError(w, http.StatusUnauthorized, "unauthorized", "an API key is required: send \"Authorization: Bearer <key>\" or \"X-API-Key: <key>\"")
			return
		}
		if subtle.ConstantTimeCompare(hashKey(key), s.keyHash) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="hybridrag", error="invalid_token"`)
			writeError(w, http.StatusUnauthorized, "unauthorized", "the API key is not valid")
			return
		}
		h.ServeHTTP(w, r)
	})
}

// statusLabel is the status code as a metric label.
func statusLabel(code int) string { return strconv.Itoa(code) }
