package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"
)

// Connection defaults.
const (
	// DefaultDrain is how long Run waits for in-flight requests on shutdown.
	DefaultDrain = 15 * time.Second
	// DefaultMaxConns is the most connections open at once; past it a
	// new connection takes the place of a keep-alive connection idle for
	// DefaultEvictIdleAfter, or is answered 503 when it needs a request
	// slot and closed; only past a quarter more do new connections wait
	// in the listen backlog.
	DefaultMaxConns = 1024
	// DefaultReadHeaderTimeout bounds reading a request's headers.
	DefaultReadHeaderTimeout = 5 * time.Second
	// DefaultReadTimeout bounds reading a whole request, body included.
	DefaultReadTimeout = 30 * time.Second
	// DefaultIdleTimeout closes a keep-alive connection left idle.
	DefaultIdleTimeout = 2 * time.Minute
)

// RunOptions tune the HTTP server behind Run. Zero values take the
// defaults.
type RunOptions struct {
	// Drain is how long shutdown waits for the requests in flight.
	Drain time.Duration
	// MaxConns caps the open connections; when all are taken, a new one
	// takes the place of the connection idle longest if it has been idle
	// for EvictIdleAfter (default DefaultEvictIdleAfter), or else is
	// served one request, refused with 503 and Retry-After when it needs
	// a request slot, and closed (see connLimit).
	MaxConns       int
	EvictIdleAfter time.Duration
	// ReadHeaderTimeout, ReadTimeout, WriteTimeout and IdleTimeout are
	// those of http.Server; they cut off slow clients. WriteTimeout
	// (default DefaultTimeout + 5 s) should exceed the request timeout,
	// so that a 504 can still be written.
	ReadHeaderTimeout time.Duration
	ReadTimeout       time.Duration
	WriteTimeout      time.Duration
	IdleTimeout       time.Duration
	// Logger receives the server's own errors; nil discards them.
	Logger *slog.Logger
}

func (o RunOptions) withDefaults() RunOptions {
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	for _, d := range []struct {
		v   *time.Duration
		def time.Duration
	}{
		{&o.Drain, DefaultDrain}, {&o.ReadHeaderTimeout, DefaultReadHeaderTimeout}, {&o.ReadTimeout, DefaultReadTimeout},
		{&o.WriteTimeout, DefaultTimeout + 5*time.Second}, {&o.IdleTimeout, DefaultIdleTimeout},
		{&o.EvictIdleAfter, DefaultEvictIdleAfter},
	} {
		if *d.v <= 0 {
			*d.v = d.def
		}
	}
	if o.MaxConns <= 0 {
		o.MaxConns = DefaultMaxConns
	}
	return o
}

// Run serves h on ln until ctx is done, then shuts down gracefully: it
// stops accepting connections and waits up to Drain for the requests in
// flight to finish (their contexts are not cancelled). It returns nil
// after a clean shutdown.
func Run(ctx context.Context, ln net.Listener, h http.Handler, o RunOptions) error {
	o = o.withDefaults()
	log := o.Logger
	conns := newConnLimit(ln, o.MaxConns, o.EvictIdleAfter)
	srv := &http.Server{
		ConnState:         conns.track,
		ConnContext:       connContext,
		Handler:           closeOverflow(h),
		ReadHeaderTimeout: o.ReadHeaderTimeout,
		ReadTimeout:       o.ReadTimeout,
		WriteTimeout:      o.WriteTimeout,
		IdleTimeout:       o.IdleTimeout,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(conns) }()

	select {
	case err := <-errc:
		return fmt.Errorf("server: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down", "drain", o.Drain.String())
	sctx, cancel := context.WithTimeout(context.Background(), o.Drain)
	defer cancel()
	err := srv.Shutdown(sctx)
	if serr := <-errc; serr != nil && !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	if err != nil {
		_ = srv.Close()
		return fmt.Errorf("server: shutdown: %w", err)
	}
	log.Info("stopped")
	return nil
}
