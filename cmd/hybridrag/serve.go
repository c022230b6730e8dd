package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/hybridrag/hybridrag/linking"
	"github.com/hybridrag/hybridrag/reconcile"
	"github.com/hybridrag/hybridrag/server"
)

const serveUsage = `Usage: hybridrag serve [flags]

Serves the HTTP JSON API over the bundled dataset (or --data) until it
gets SIGTERM or an interrupt; it then stops accepting connections and
finishes the requests in flight (at most --drain).

Routes:
  POST /v1/ask             answer a question: {"question", "k", "budget",
                           "filters", "explain", "no_cache"}; the response is
                           the JSON of "hybridrag ask --json"
  GET  /v1/link            resolve ?q= (identifier or name) with optional
                           city, country, type, postcode, isil, qid, ghcid, limit
  GET  /v1/entities/{id}   one institution's full record (404 when unknown)
  GET  /healthz            liveness
  GET  /readyz             readiness, with each check's status (503 on failure)
  GET  /metrics            Prometheus metrics
  GET  /openapi.json       the OpenAPI 3.1 description of every route

Send bodies as application/json (or without a Content-Type). Errors are
JSON: {"error": {"code": "...", "message": "..."}}; bad input is 400, a
body over --max-body 413, a missing or wrong API key 401, a passed
deadline 504, every retriever failing 502. With an API key
(--api-key or HYBRIDRAG_API_KEY), /v1/* and /metrics require
"Authorization: Bearer <key>" or "X-API-Key: <key>"; /healthz, /readyz
and /openapi.json stay open.

Examples:
  hybridrag serve --addr 127.0.0.1:8080
  curl -s localhost:8080/v1/ask -H 'Content-Type: application/json' \
    -d '{"question": "What is the ISIL code of Heimatstube im Elbtor?"}'
  curl -s localhost:8080/v1/ask -H 'Content-Type: application/json' \
    -d '{"question": "Porzellan", "filters": {"country": "DE", "type": ["MUSEUM"]}, "k": 5}'
  curl -s 'localhost:8080/v1/link?q=Heimatstube+im+Elbtor&country=DE'
  curl -s localhost:8080/v1/entities/wd:Q891746
  curl -s localhost:8080/metrics | grep hybridrag_
  HYBRIDRAG_API_KEY=secret hybridrag serve &
  curl -s -H 'Authorization: Bearer secret' localhost:8080/v1/link?q=Q891746
`

func runServe(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet("serve", serveUsage, e.stdout)
	var df dataFlags
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (host:port)")
	maxBody := fs.Int64("max-body", server.DefaultMaxBody, "largest request body in bytes")
	apiKey := fs.String("api-key", "", "API key required on /v1/* and /metrics (default $HYBRIDRAG_API_KEY)")
	drain := fs.Duration("drain", server.DefaultDrain, "on shutdown, how long to wait for requests in flight")
	df.register(fs)
	// A server's requests get a shorter deadline than a one-off ask.
	timeout := fs.Lookup("timeout")
	timeout.DefValue = server.DefaultTimeout.String()
	if err := timeout.Value.Set(timeout.DefValue); err != nil {
		return err
	}
	pos, err := fs.parse(args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) > 0:
		return usagef("serve takes no arguments, got %q", pos[0])
	case *maxBody < 1:
		return usagef("--max-body must be positive")
	case df.timeout <= 0:
		return usagef("--timeout must be positive")
	case *drain <= 0:
		return usagef("--drain must be positive")
	}
	if *apiKey == "" {
		*apiKey = os.Getenv("HYBRIDRAG_API_KEY")
	}

	log := slog.New(slog.NewTextHandler(e.stderr, nil))
	st, err := e.stack(ctx, df)
	if err != nil {
		return err
	}
	defer st.Close()
	p, ds := st.pipeline, st.data
	linker := linking.New(ds, st.kg)
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	srv, err := server.New(server.Options{
		Asker:     p,
		Records:   ds,
		Linker:    linker,
		Reconcile: reconcile.New(ds, linker, reconcile.WithLimits(reconcile.Limits{MaxBody: *maxBody})),
		Ready: append([]server.Check{{Name: "data", Check: func(context.Context) error {
			if ds.Len() == 0 {
				return errors.New("no institutions loaded")
			}
			return nil
		}}}, st.checks()...),
		Registry: reg,
		Logger:   log,
		APIKey:   *apiKey,
		MaxBody:  *maxBody,
		Timeout:  df.timeout,
	})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return usagef("--addr: %v", err)
	}
	log.Info("listening", "url", "http://"+ln.Addr().String(), "institutions", ds.Len(),
		"api_key", *apiKey != "", "timeout", df.timeout.String(), "max_body", *maxBody)
	if err := server.Run(ctx, ln, srv, *drain, log); err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}
