// Package reconnect brings a backend that failed at start into the
// service once it answers, without a restart. A Backend opens the server
// again in the background, with a jittered exponential backoff, until it
// succeeds or is closed; then it hands the connection to its Join
// function, once. The components the pipeline is built from stay in place
// meanwhile: Retriever, Graph and Enricher serve with the embedded
// component (or nothing) first and switch to the server atomically when
// it joins.
//
// While a backend is being retried its Err says since when and why
// ("unavailable: retrying since 15:04:05: …"); a Group turns the
// backends not yet connected into the errors every answer carries.
package reconnect

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/hybridrag/hybridrag/internal/httpx"
	"github.com/hybridrag/hybridrag/pipeline"
)

// Backoff is the wait between attempts: First, doubled after each failed
// attempt up to Max, each wait drawn at random from its upper half.
type Backoff struct {
	First, Max time.Duration
}

// DefaultBackoff waits 1 s, then doubles up to 30 s.
var DefaultBackoff = Backoff{First: time.Second, Max: 30 * time.Second}

// Spec says how to open a backend and what to do once it is open.
type Spec[T any] struct {
	// Source names the backend in answers' errors (neo4j, qdrant,
	// wikidata).
	Source string
	// Open opens the backend and checks that it answers; ctx ends after
	// Timeout. It must release what it opened when it fails.
	Open func(ctx context.Context) (T, error)
	// Join receives the backend once Open succeeded, before Err turns
	// nil; it swaps the backend into the components.
	Join func(T)
	// Close releases the backend when the Backend is closed after it
	// joined.
	Close func(T)
	// Failed is the error of the attempt at start, reported until the
	// next attempt ends.
	Failed error
	// Backoff is the wait between attempts (DefaultBackoff when zero).
	Backoff Backoff
	// Timeout bounds one attempt (10 s when zero).
	Timeout time.Duration
	// Logger hears of each failed attempt (at debug level) and of the
	// join; nil discards.
	Logger *slog.Logger
}

// Backend is a server opened again in the background until it answers.
// It is safe for concurrent use.
type Backend[T any] struct {
	spec   Spec[T]
	cancel context.CancelFunc
	done   chan struct{}

	mu       sync.Mutex
	since    time.Time
	last     error
	attempts int
	conn     T
	joined   bool
	closed   bool
}

// ErrUnavailable is wrapped by a Backend's Err while it is not connected.
var ErrUnavailable = errors.New("unavailable")

// Start begins retrying spec.Open in the background, from now, after the
// attempt at start failed with spec.Failed. Close stops it.
func Start[T any](spec Spec[T]) *Backend[T] {
	if spec.Backoff.First <= 0 {
		spec.Backoff = DefaultBackoff
	}
	spec.Backoff.Max = max(spec.Backoff.Max, spec.Backoff.First)
	if spec.Timeout <= 0 {
		spec.Timeout = 10 * time.Second
	}
	if spec.Logger == nil {
		spec.Logger = slog.New(slog.DiscardHandler)
	}
	if spec.Failed == nil {
		spec.Failed = errors.New("not opened yet")
	}
	ctx, cancel := context.WithCancel(context.Background())
	b := &Backend[T]{spec: spec, cancel: cancel, done: make(chan struct{}), since: time.Now(), last: spec.Failed}
	go b.run(ctx)
	return b
}

// run opens the backend until it succeeds or ctx ends.
func (b *Backend[T]) run(ctx context.Context) {
	defer close(b.done)
	for n := 0; ; n++ {
		if httpx.Sleep(ctx, httpx.Backoff(b.spec.Backoff.First, b.spec.Backoff.Max, n)) != nil {
			return
		}
		actx, cancel := context.WithTimeout(ctx, b.spec.Timeout)
		conn, err := b.spec.Open(actx)
		cancel()
		if err == nil {
			b.join(conn)
			return
		}
		if ctx.Err() != nil {
			return
		}
		b.mu.Lock()
		b.last, b.attempts = err, n+1
		b.mu.Unlock()
		b.spec.Logger.Debug("backend still unavailable; retrying", "backend", b.spec.Source, "err", err)
	}
}

// join hands conn to the components. An attempt that succeeded as Close
// was called joins too: Close waits for it and then releases conn.
func (b *Backend[T]) join(conn T) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.spec.Join != nil {
		b.spec.Join(conn)
	}
	b.conn, b.joined = conn, true
	b.spec.Logger.Warn("backend available again; in use from now on", "backend", b.spec.Source,
		"unavailable_for", time.Since(b.since).Round(time.Millisecond).String(), "attempts", b.attempts+1)
}

func (b *Backend[T]) release(conn T) {
	if b.spec.Close != nil {
		b.spec.Close(conn)
	}
}

// Source names the backend in answers' errors.
func (b *Backend[T]) Source() string { return b.spec.Source }

// Err is nil once the backend joined; before, it wraps ErrUnavailable
// and says since when it is retried and why the last attempt failed.
func (b *Backend[T]) Err() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.joined {
		return nil
	}
	return &PendingError{Since: b.since, Last: b.last}
}

// Conn is the backend once it joined.
func (b *Backend[T]) Conn() (T, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.conn, b.joined
}

// Close stops the retries, waits for an attempt under way to end and
// releases the backend if it joined. It is safe to call more than once.
func (b *Backend[T]) Close() {
	b.cancel()
	<-b.done
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return
	}
	b.closed = true
	if b.joined {
		b.release(b.conn)
	}
}

// PendingError is a backend's state while it is retried.
type PendingError struct {
	Since time.Time
	Last  error
}

func (e *PendingError) Error() string {
	return fmt.Sprintf("unavailable: retrying since %s: %v", e.Since.Format(time.RFC3339), e.Last)
}

func (e *PendingError) Unwrap() []error { return []error{ErrUnavailable, e.Last} }

// Member is what a Group needs of a Backend.
type Member interface {
	Source() string
	Err() error
	Close()
}

// Group is the backends a stack retries. Add them before the stack
// serves; the methods that read it are then safe for concurrent use.
type Group struct {
	members []Member
}

// Add adds m to the group.
func (g *Group) Add(m Member) { g.members = append(g.members, m) }

// Unavailable are the members not connected yet, as errors of their
// sources, in the order they were added (pipeline.Options.Unavailable).
func (g *Group) Unavailable() []pipeline.SourceError {
	var out []pipeline.SourceError
	for _, m := range g.members {
		if err := m.Err(); err != nil {
			out = append(out, pipeline.SourceError{Source: m.Source(), Error: err.Error()})
		}
	}
	return out
}

// Close closes every member.
func (g *Group) Close() {
	for _, m := range g.members {
		m.Close()
	}
}

// Check is a readiness check of b: b's Err while it is retried, then
// ping's check of the joined backend.
func Check[T any](b *Backend[T], ping func(T) func(context.Context) error) func(context.Context) error {
	return func(ctx context.Context) error {
		conn, ok := b.Conn()
		if !ok {
			return b.Err()
		}
		return ping(conn)(ctx)
	}
}
