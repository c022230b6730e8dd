package server

import (
	"context"
	"net"
	"net/http"
	"sync"
	"time"
)

// DefaultEvictIdleAfter is how long a keep-alive connection must have
// been idle before a new connection may take its place when every
// connection is taken.
const DefaultEvictIdleAfter = 5 * time.Second

// connLimit caps the open connections like netutil.LimitListener, with
// two differences that are why it is written here.
//
// When every connection is taken and some keep-alive connection has been
// idle for evictAfter, it closes the one idle longest to make room.
// Otherwise clients that keep idle connections open (a load generator's
// pool, a crowd of browsers) would lock every other client out until the
// idle timeout. A connection idle for less is left alone: its client may
// be sending its next request at that moment, and closing the connection
// under it fails that request with a reset or an EOF (an HTTP client
// retries such a request only when it is idempotent, which an ask is not).
//
// When no connection can be closed, up to extra connections more are
// accepted and marked: each is served one request and then closed, and
// the server refuses that request with 503 and Retry-After unless it is
// cheap (see overflowed). So a client past the limit gets an answer at
// once instead of waiting in the listen backlog, where a full queue
// drops or resets connections. Past the extra ones, new connections wait
// in the backlog.
type connLimit struct {
	net.Listener
	slots      chan struct{}
	extra      chan struct{}
	evictAfter time.Duration

	mu      sync.Mutex
	idle    map[net.Conn]time.Time // connections between requests, since when
	newIdle chan struct{}          // signalled when a connection turns idle
}

// extraConns is the number of connections accepted past n to be refused.
func extraConns(n int) int { return max(16, n/4) }

func newConnLimit(ln net.Listener, n int, evictAfter time.Duration) *connLimit {
	return &connLimit{Listener: ln, slots: make(chan struct{}, n), extra: make(chan struct{}, extraConns(n)),
		evictAfter: evictAfter, idle: map[net.Conn]time.Time{}, newIdle: make(chan struct{}, 1)}
}

// Accept takes a free slot, or makes one by closing a connection idle
// for evictAfter, or takes an extra slot; with none of them it waits for
// the first, then accepts the next connection.
func (l *connLimit) Accept() (net.Conn, error) {
	pool, overflow := l.slots, false
	for taken := false; !taken; {
		select {
		case l.slots <- struct{}{}:
			taken = true
			continue
		default:
		}
		evictable, wait := l.closeIdlest()
		if evictable {
			continue // its slot is free now
		}
		select {
		case l.extra <- struct{}{}:
			pool, overflow, taken = l.extra, true, true
			continue
		default:
		}
		var later <-chan time.Time
		var t *time.Timer
		if wait > 0 {
			t = time.NewTimer(wait)
			later = t.C
		}
		select {
		case l.slots <- struct{}{}:
			taken = true
		case l.extra <- struct{}{}:
			pool, overflow, taken = l.extra, true, true
		case <-l.newIdle:
		case <-later:
		}
		if t != nil {
			t.Stop()
		}
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-pool
		return nil, err
	}
	return &limitedConn{Conn: c, overflow: overflow, release: sync.OnceFunc(func() { <-pool })}, nil
}

// track is the http.Server's ConnState hook: it keeps the set of idle
// connections. Extra connections serve one request and are not kept.
func (l *connLimit) track(c net.Conn, state http.ConnState) {
	if lc, ok := c.(*limitedConn); ok && lc.overflow {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if state == http.StateIdle {
		l.idle[c] = time.Now()
		select {
		case l.newIdle <- struct{}{}:
		default:
		}
	} else {
		delete(l.idle, c)
	}
}

// closeIdlest closes the connection idle longest when it has been idle
// for evictAfter, which frees its slot, and reports whether it did.
// Otherwise wait is how long until it may be closed (0 with none idle).
func (l *connLimit) closeIdlest() (closed bool, wait time.Duration) {
	l.mu.Lock()
	var oldest net.Conn
	var since time.Time
	for c, t := range l.idle {
		if oldest == nil || t.Before(since) {
			oldest, since = c, t
		}
	}
	if oldest == nil {
		l.mu.Unlock()
		return false, 0
	}
	if idle := time.Since(since); idle < l.evictAfter {
		l.mu.Unlock()
		return false, l.evictAfter - idle
	}
	delete(l.idle, oldest)
	l.mu.Unlock()
	_ = oldest.Close()
	return true, 0
}

// limitedConn gives its slot back when closed, once.
type limitedConn struct {
	net.Conn
	overflow bool // accepted past the limit: one request, then closed
	release  func()
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.release()
	return err
}

type overflowKey struct{}

// connContext is the http.Server's ConnContext hook: it marks the
// requests of a connection accepted past the limit.
func connContext(ctx context.Context, c net.Conn) context.Context {
	if lc, ok := c.(*limitedConn); ok && lc.overflow {
		return context.WithValue(ctx, overflowKey{}, true)
	}
	return ctx
}

// overflowed reports whether the request came on a connection accepted
// past the connection limit. The Server refuses such a request with 503
// and Retry-After when it needs a request slot, and serves the cheap
// ones (probes, metrics, the page); either way the connection is closed
// after the response.
func overflowed(ctx context.Context) bool {
	v, _ := ctx.Value(overflowKey{}).(bool)
	return v
}

// closeOverflow closes a connection accepted past the limit after its
// first response.
func closeOverflow(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if overflowed(r.Context()) {
			w.Header().Set("Connection", "close")
		}
		h.ServeHTTP(w, r)
	})
}
