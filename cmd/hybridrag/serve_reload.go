package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hybridrag/hybridrag/config"
	"github.com/hybridrag/hybridrag/sources"
)

// swapHandler serves with the handler last stored; a request in flight
// finishes on the handler it started on.
type swapHandler struct {
	cur atomic.Pointer[http.Handler]
}

func (h *swapHandler) swap(next http.Handler) { h.cur.Store(&next) }

func (h *swapHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	(*h.cur.Load()).ServeHTTP(w, r)
}

// reloader watches the store of users' sources and, when its version
// changes, makes a stack over the new data from the one serving (only
// the records new or changed since are embedded), builds the API over it
// and swaps it in. The stack it replaces is closed once the requests
// that may still use it had time to finish (drain). A change that fails
// to load is logged and the serving data stays.
type reloader struct {
	e     *env
	cfg   config.Config
	store sources.Backend
	every time.Duration
	drain time.Duration
	log   *slog.Logger
	build func(*stack) (http.Handler, error)
	swap  func(http.Handler)

	mu  sync.Mutex
	cur *stack
	// failed is why the store's head (failedHead) could not be loaded.
	failed     error
	failedHead string
}

func (w *reloader) watch(ctx context.Context) {
	t := time.NewTicker(w.every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		w.check(ctx)
	}
}

// check swaps in the store's version when CURRENT no longer says what it
// said when the serving data was read. A change that cannot be loaded is
// logged once, and /readyz reports it (see ready) until a later change
// loads.
func (w *reloader) check(ctx context.Context) {
	head, err := w.store.Head(ctx)
	w.mu.Lock()
	cur := w.cur
	w.mu.Unlock()
	if errors.Is(err, sources.ErrUnavailable) {
		// The server's own readiness check says so; the data served
		// stays until the store can be read again.
		return
	}
	if err == nil && head == cur.composed.State.Head {
		w.setFailure(head, nil)
		return
	}
	if err == nil {
		err = w.load(ctx, cur)
	}
	if ctx.Err() == nil && !errors.Is(err, sources.ErrUnavailable) {
		w.setFailure(head, err)
	}
}

// load reads the store and swaps in a stack over it.
func (w *reloader) load(ctx context.Context, cur *stack) error {
	start := time.Now()
	state, err := w.store.Read(ctx)
	if err != nil {
		return err
	}
	if state.Recovered != "" {
		w.log.Warn(state.Recovered)
	}
	data, err := sources.Overlay(cur.composed.Base, state)
	if err != nil {
		return err
	}
	for _, msg := range data.Warnings {
		w.log.Warn("store: " + msg)
	}
	next, err := w.e.buildStackOver(ctx, w.cfg, data, cur, func() {})
	if err != nil {
		return err
	}
	h, err := w.build(next)
	if err != nil {
		next.Close()
		return err
	}
	w.mu.Lock()
	w.cur = next
	w.mu.Unlock()
	w.swap(h)
	w.log.Info("data updated", "data_version", next.data.Version, "institutions", next.data.Len(),
		"store_version", state.Version, "took", time.Since(start).Round(time.Millisecond).String())
	time.AfterFunc(w.drain, func() { cur.Close(); settleMemory(w.e.getenv) })
	return nil
}

// setFailure records the outcome of the last check; a failure is logged
// when it is new (not at every poll).
func (w *reloader) setFailure(head string, err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err == nil {
		w.failed, w.failedHead = nil, ""
		return
	}
	if w.failed == nil || w.failedHead != head || w.failed.Error() != err.Error() {
		w.log.Error("the store's sources changed but could not be loaded; serving the previous data", "err", err)
	}
	w.failed, w.failedHead = err, head
}

// ready is /readyz's check of the store: it fails while the store's
// newest change cannot be loaded, so that the data served is known to
// lag behind it.
func (w *reloader) ready(context.Context) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.failed != nil {
		return fmt.Errorf("the store's newest change cannot be loaded (serving the data before it): %w", w.failed)
	}
	return nil
}

// close closes the stack serving.
func (w *reloader) close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.cur.Close()
}
