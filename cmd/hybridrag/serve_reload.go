package main

import (
	"context"
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
	store *sources.Store
	every time.Duration
	drain time.Duration
	log   *slog.Logger
	build func(*stack) (http.Handler, error)
	swap  func(http.Handler)

	mu  sync.Mutex
	cur *stack
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
		if err := w.check(ctx); err != nil && ctx.Err() == nil {
			w.log.Error("the store's sources changed but could not be loaded; serving the previous data", "err", err)
		}
	}
}

// check swaps in the store's version when it is not the one serving.
func (w *reloader) check(ctx context.Context) error {
	v, err := w.store.Version()
	w.mu.Lock()
	cur := w.cur
	w.mu.Unlock()
	if err != nil || v == cur.composed.State.Version {
		return err
	}
	start := time.Now()
	state, err := w.store.Read()
	if err != nil {
		return err
	}
	data, err := sources.Overlay(cur.composed.Base, state)
	if err != nil {
		return err
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

// close closes the stack serving.
func (w *reloader) close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.cur.Close()
}
