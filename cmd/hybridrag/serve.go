package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/hybridrag/hybridrag/config"
	"github.com/hybridrag/hybridrag/enrich"
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
                           "filters", "explain", "no_cache", "llm", "lang"};
                           the response is the JSON of "hybridrag ask
                           --json"; ?stream=true sends Server-Sent Events
                           (plan, hits, the --llm model's tokens, then the
                           answer). The answer is in "lang" (en, nl, de),
                           else in the Accept-Language header's language,
                           else in the question's
  GET  /v1/link            resolve ?q= (identifier or name) with optional
                           city, country, type, postcode, isil, qid, ghcid, limit
  GET  /v1/entities/{id}   one institution's full record (404 when unknown)
  GET  /v1/entities/{id}/neighbours
                           the graph edges around an institution, body or
                           place: ?depth= (1-3), relation=, limit=
  GET  /v1/path            how two institutions are connected: ?from=&to=
  POST /v1/enrich          link a batch of table rows as enrich does:
                           {"columns": ["name", "city"], "rows": [["…",
                           "…"], …]}, optional "mapping" and "first_row"
  GET  /                   the web page (ask, records and their graph,
                           reconcile a file, quality)
  GET  /healthz            liveness
  GET  /readyz             readiness, with each check's status (503 on failure)
  GET  /metrics            Prometheus metrics
  GET  /openapi.json       the OpenAPI 3.1 description of every route

Send bodies as application/json (or without a Content-Type; curl -d's
default type is read as JSON too). Errors are JSON: {"error": {"code":
"...", "message": "..."}}; bad input is 400, a body over --max-body 413, a
missing or wrong API key 401, a passed deadline 504, every retriever
failing 502, a server at capacity 503 with Retry-After (see
docs/reliability.md for every limit). With an API key (--api-key-file,
HYBRIDRAG_API_KEY or serve.api_key in the configuration file), /v1/* and
/metrics require "Authorization: Bearer <key>" or "X-API-Key: <key>";
/healthz, /readyz and /openapi.json stay open.

serve listens on 127.0.0.1 (this machine only) by default. It refuses an
--addr reachable from other hosts (0.0.0.0, :8080, a LAN address) unless
an API key is set or --allow-public is given, and warns when it serves
other hosts. --debug-addr (the profiles, which have no key) must be a
loopback address unless --debug-allow-public is given.

Examples:
  hybridrag serve --addr 127.0.0.1:8080
  curl -s localhost:8080/v1/ask -H 'Content-Type: application/json' \
    -d '{"question": "What is the ISIL code of Heimatstube im Elbtor?"}'
  curl -s localhost:8080/v1/ask -H 'Content-Type: application/json' \
    -d '{"question": "Porzellan", "filters": {"country": "DE", "type": ["MUSEUM"]}, "k": 5}'
  curl -s 'localhost:8080/v1/link?q=Heimatstube+im+Elbtor&country=DE'
  curl -s localhost:8080/v1/entities/wd:Q891746
  curl -s localhost:8080/v1/enrich -H 'Content-Type: application/json' \
    -d '{"columns": ["name", "city"], "rows": [["Heimatstube im Elbtor", "Tangermünde"]]}'
  curl -s localhost:8080/metrics | grep hybridrag_
  HYBRIDRAG_API_KEY=secret hybridrag serve &
  curl -s -H 'Authorization: Bearer secret' localhost:8080/v1/link?q=Q891746
  hybridrag serve --addr 0.0.0.0:8080 --api-key-file /etc/hybridrag/key
  hybridrag serve --addr 0.0.0.0:8080 --allow-public    # no key: behind your own proxy
`

// serveDefaults are the settings of serve before the file, the
// environment and the flags: a server's requests get a shorter deadline
// than a one-off ask.
func serveDefaults() config.Config {
	c := config.Default()
	c.RequestTimeout = config.Duration(server.DefaultTimeout)
	return c
}

func runServe(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet("serve", serveUsage, e.stdout)
	var df dataFlags
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (host:port)")
	maxBody := fs.Int64("max-body", 0, fmt.Sprintf("largest request body in bytes (default %d; config serve.max_body)", server.DefaultMaxBody))
	apiKey := fs.String("api-key", "", "API key required on /v1/* and /metrics; visible in ps, so prefer --api-key-file or $HYBRIDRAG_API_KEY")
	apiKeyFile := fs.String("api-key-file", "", "file holding the API key (env HYBRIDRAG_API_KEY_FILE)")
	publicURL := fs.String("public-url", "", "public base URL of the service, e.g. https://example.org (env HYBRIDRAG_PUBLIC_URL); the reconciliation manifest's URLs start with it")
	trustProxy := fs.Bool("trust-proxy", false, "let X-Forwarded-Host/Proto choose the manifest's URLs (only behind a proxy that sets them)")
	maxInFlight := fs.Int("max-in-flight", 0, fmt.Sprintf("most requests served at once; more queue, and are refused with 503 when the queue would pass their deadline (default %d, one per CPU; %d with a graph server, vector store, SPARQL endpoint or LLM)", server.DefaultMaxInFlight(false), server.DefaultMaxInFlight(true)))
	maxQueueWait := fs.Duration("max-queue-wait", 0, fmt.Sprintf("longest an ask may expect to wait for a slot before it is refused with 503 and Retry-After; look-ups twice as long (default %s; config serve.max_queue_wait)", server.DefaultMaxQueueWait))
	maxConns := fs.Int("max-conns", 0, fmt.Sprintf("most open connections (default %d)", server.DefaultMaxConns))
	allowPublic := fs.Bool("allow-public", false, "serve on an address reachable from other hosts (not loopback) without an API key; without it, such an --addr needs an API key")
	debugAddr := fs.String("debug-addr", "", "also serve the Go runtime's profiles (heap, CPU, goroutines) under /debug/pprof/ on this address, without an API key, e.g. 127.0.0.1:6060; a loopback address unless --debug-allow-public; off when empty")
	debugAllowPublic := fs.Bool("debug-allow-public", false, "let --debug-addr be an address reachable from other hosts (the profiles have no API key)")
	drain := fs.Duration("drain", server.DefaultDrain, "on shutdown, how long to wait for requests in flight")
	reload := fs.Duration("reload-every", 500*time.Millisecond, "how often to look for a change of the store's sources (ingest --source, delete, through any process sharing the store) and answer from the new data without a restart; 0: never")
	df.register(fs)
	df.registerLLM(fs)
	fs.Lookup("timeout").Usage = fmt.Sprintf("deadline for a whole request (default %s; config request_timeout, env HYBRIDRAG_REQUEST_TIMEOUT)", server.DefaultTimeout)
	pos, err := fs.parse(args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) > 0:
		return usagef("serve takes no arguments, got %q", pos[0])
	case *maxBody < 0:
		return usagef("--max-body must be positive, got %d", *maxBody)
	case *maxInFlight < 0:
		return usagef("--max-in-flight must be positive, got %d", *maxInFlight)
	case *maxConns < 0:
		return usagef("--max-conns must be positive, got %d", *maxConns)
	case *maxQueueWait < 0:
		return usagef("--max-queue-wait must be positive, got %s", *maxQueueWait)
	case df.timeout < 0:
		return usagef("--timeout must be positive")
	case *drain <= 0:
		return usagef("--drain must be positive")
	}
	log := slog.New(slog.NewTextHandler(e.stderr, nil))
	cfg, err := df.resolveFrom(serveDefaults(), e.getenv)
	if err != nil {
		return err
	}
	sc, err := serveSettings(cfg.Serve, serveFlags{apiKey: *apiKey, apiKeyFile: *apiKeyFile, publicURL: *publicURL,
		trustProxy: *trustProxy, maxBody: *maxBody, maxInFlight: *maxInFlight, maxConns: *maxConns, maxQueueWait: *maxQueueWait}, log)
	if err != nil {
		return err
	}
	key, err := sc.Key()
	if err != nil {
		return usagef("%v", err)
	}
	if err := checkBind(ctx, bind{addr: *addr, debugAddr: *debugAddr, key: key != "", allowPublic: *allowPublic,
		debugAllowPublic: *debugAllowPublic}, log); err != nil {
		return err
	}

	st, err := e.stack(ctx, df)
	if err != nil {
		return err
	}
	settleMemory(e.getenv)
	h := &swapHandler{}
	w := &reloader{e: e, cfg: st.cfg, every: *reload, drain: *drain, log: log, cur: st, swap: h.swap}
	w.build = func(st *stack) (http.Handler, error) {
		return newAPI(st, cfg, sc, key, log, server.Check{Name: "store", Check: w.ready})
	}
	srv, err := w.build(st)
	if err != nil {
		st.Close()
		return err
	}
	h.swap(srv)
	defer w.close()
	store, closeStore, err := e.openStore(cfg)
	if err != nil {
		return err
	}
	defer closeStore()
	if store != nil && *reload > 0 {
		w.store = store
		go w.watch(ctx)
	}
	ds, timeout := st.data, cfg.RequestTimeout.Std()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return usagef("--addr: %v", err)
	}
	if *debugAddr != "" {
		dln, err := net.Listen("tcp", *debugAddr)
		if err != nil {
			_ = ln.Close()
			return usagef("--debug-addr: %v", err)
		}
		log.Info("serving profiles", "url", "http://"+dln.Addr().String()+"/debug/pprof/")
		go func() {
			// A CPU profile or trace is written for as long as it was asked for.
			_ = server.Run(ctx, dln, server.Debug(), server.RunOptions{Logger: log, WriteTimeout: 10 * time.Minute})
		}()
	}
	log.Info("listening", "url", "http://"+ln.Addr().String(), "institutions", ds.Len(),
		"api_key", key != "", "timeout", timeout.String(), "max_body", sc.MaxBody, "llm", cfg.LLM.Model)
	err = server.Run(ctx, ln, h, server.RunOptions{Drain: *drain, MaxConns: sc.MaxConns,
		WriteTimeout: timeout + 5*time.Second, Logger: log})
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}

// bind is where serve listens and what it may do there.
type bind struct {
	addr, debugAddr               string
	key                           bool // an API key is set
	allowPublic, debugAllowPublic bool
}

// checkBind refuses an address reachable from other hosts without an API
// key unless --allow-public is given, and a --debug-addr reachable from
// other hosts unless --debug-allow-public is given; it warns when either
// is served to other hosts.
func checkBind(ctx context.Context, b bind, log *slog.Logger) error {
	local, err := server.Loopback(ctx, b.addr)
	if err != nil {
		return usagef("--addr: %v", err)
	}
	switch {
	case local:
	case !b.key && !b.allowPublic:
		return usagef("--addr %s is reachable from other hosts, and no API key is set: anyone who reaches it could use the API. "+
			"Set a key (--api-key-file, HYBRIDRAG_API_KEY_FILE, HYBRIDRAG_API_KEY or serve.api_key), listen on a loopback "+
			"address such as 127.0.0.1:8080, or pass --allow-public to serve every host without a key", b.addr)
	case !b.key:
		log.Warn("SERVING WITHOUT AN API KEY TO OTHER HOSTS (--allow-public): anyone who reaches " + b.addr +
			" can ask, link, enrich and read /metrics; set an API key unless a proxy or firewall in front does the checking")
	default:
		log.Warn("listening on " + b.addr + ", reachable from other hosts: /v1/* and /metrics need the API key; " +
			"/healthz, /readyz, /openapi.json, the web page and /reconcile are open")
	}
	if b.debugAddr == "" {
		return nil
	}
	local, err = server.Loopback(ctx, b.debugAddr)
	switch {
	case err != nil:
		return usagef("--debug-addr: %v", err)
	case local:
	case !b.debugAllowPublic:
		return usagef("--debug-addr %s is reachable from other hosts, and the profiles under /debug/pprof/ have no API key "+
			"(they show the command line, memory and goroutines, and a CPU profile costs CPU): use a loopback address such as "+
			"127.0.0.1:6060, or pass --debug-allow-public", b.debugAddr)
	default:
		log.Warn("SERVING PROFILES WITHOUT AN API KEY TO OTHER HOSTS (--debug-allow-public): anyone who reaches " + b.debugAddr +
			" can read /debug/pprof/ (the command line, memory, goroutines) and run CPU profiles and traces")
	}
	return nil
}

// serveFlags are serve's own flags; zero values leave the configuration
// alone.
type serveFlags struct {
	apiKey, apiKeyFile, publicURL string
	trustProxy                    bool
	maxBody                       int64
	maxInFlight, maxConns         int
	maxQueueWait                  time.Duration
}

// serveSettings layers serve's flags over the configured settings and
// fills in the defaults. A key given on the command line is warned about:
// every user of the machine can read it in the process list.
func serveSettings(c config.Serve, f serveFlags, log *slog.Logger) (config.Serve, error) {
	if f.apiKey != "" {
		log.Warn("--api-key is visible in the process list (ps); prefer --api-key-file or HYBRIDRAG_API_KEY")
		c.APIKey, c.APIKeyFile = f.apiKey, ""
	}
	if f.apiKeyFile != "" {
		c.APIKeyFile = f.apiKeyFile
	}
	if f.publicURL != "" {
		c.PublicURL = f.publicURL
		cc := config.Default()
		cc.Serve.PublicURL = f.publicURL
		if err := cc.Validate(); err != nil {
			return c, usagef("--public-url: %v", err)
		}
	}
	c.TrustProxy = c.TrustProxy || f.trustProxy
	for _, v := range []struct {
		dst *int
		f   int
	}{{&c.MaxInFlight, f.maxInFlight}, {&c.MaxConns, f.maxConns}} {
		if v.f > 0 {
			*v.dst = v.f
		}
	}
	if f.maxBody > 0 {
		c.MaxBody = f.maxBody
	}
	if f.maxQueueWait > 0 {
		c.MaxQueueWait = config.Duration(f.maxQueueWait)
	}
	if c.MaxBody == 0 {
		c.MaxBody = server.DefaultMaxBody
	}
	return c, nil
}

// newAPI is the HTTP API over a stack, with metrics in a registry of its
// own (a stack made after a change of the data gets a new one).
func newAPI(st *stack, cfg config.Config, sc config.Serve, key string, log *slog.Logger, more ...server.Check) (*server.Server, error) {
	p, err := st.answerer()
	if err != nil {
		return nil, err
	}
	ds := st.data
	var lopts []linking.Option
	if st.router != nil {
		lopts = append(lopts, linking.WithNameIndex(st.router.NameIndex()))
	}
	linker := linking.New(ds, st.kg, lopts...)
	rl := sc.Reconcile
	ropts := []reconcile.Option{reconcile.WithLimits(reconcile.Limits{MaxBody: sc.MaxBody, MaxQueries: rl.MaxQueries,
		MaxQueryChars: rl.MaxQueryChars, MaxCandidates: rl.MaxCandidates, MaxExtendIDs: rl.MaxExtendIDs, MaxExtendCells: rl.MaxExtendCells}),
		reconcile.WithTrustedForwarding(sc.TrustProxy)}
	if sc.PublicURL != "" {
		ropts = append(ropts, reconcile.WithBaseURL(strings.TrimRight(sc.PublicURL, "/")+"/reconcile"))
	}
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	timeout := cfg.RequestTimeout.Std()
	rows, err := enrich.NewRowLinker(ds, linker)
	if err != nil {
		return nil, err
	}
	ready := append([]server.Check{{Name: "data", Check: func(context.Context) error {
		if ds.Len() == 0 {
			return errors.New("no institutions loaded")
		}
		return nil
	}}}, slices.Concat(st.checks(), more)...)
	if w, err := st.writer(); w != nil && err == nil {
		ready = append(ready, server.Check{Name: "llm", Check: w.Ping})
	}
	return server.New(server.Options{
		Asker:        p,
		Records:      ds,
		Linker:       linker,
		RowLinker:    rows,
		Graph:        st.kg.Walker(),
		Reconcile:    reconcile.New(ds, linker, ropts...),
		Ready:        ready,
		DataVersion:  ds.Version,
		Embedder:     &server.EmbedderInfo{Name: st.embedderName, ID: st.embedder.ID()},
		Registry:     reg,
		Logger:       log,
		APIKey:       key,
		MaxBody:      sc.MaxBody,
		Timeout:      timeout,
		MaxInFlight:  sc.MaxInFlight,
		MaxQueueWait: sc.MaxQueueWait.Std(),
		Remote:       cfg.Neo4j.URI != "" || cfg.Qdrant.URL != "" || cfg.SPARQL.Endpoint != "" || cfg.Rerank.URL != "" || cfg.LLM.BaseURL != "",
		LLM:          cfg.LLM.BaseURL != "",
	})
}
