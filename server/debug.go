package server

import (
	"net/http"
	"net/http/pprof"
)

// Debug serves the Go runtime's profiles (net/http/pprof) under
// /debug/pprof/: heap, goroutines, CPU, allocations, blocking and
// locks, e.g. go tool pprof http://127.0.0.1:6060/debug/pprof/heap. It
// has no API key: serve it on a loopback address of its own (hybridrag
// serve refuses any other unless --debug-allow-public is given).
func Debug() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	return mux
}
