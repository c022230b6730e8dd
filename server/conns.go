package server

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// connLimit caps the open connections like netutil.LimitListener, with
// one difference that is why it is written here: when every connection
// is taken and some are idle keep-alive connections, it closes the one
// idle longest to make room. Otherwise clients that keep idle
// connections open (a load generator's pool, a crowd of browsers) would
// lock every other client out until the idle timeout.
type connLimit struct {
	net.Listener
	slots chan struct{}

	mu      sync.Mutex
	idle    map[net.Conn]time.Time // connections between requests, since when
	newIdle chan struct{}          // signalled when a connection turns idle
}

func newConnLimit(ln net.Listener, n int) *connLimit {
	return &connLimit{Listener: ln, slots: make(chan struct{}, n), idle: map[net.Conn]time.Time{},
		newIdle: make(chan struct{}, 1)}
}

// Accept waits for a free slot, closing an idle connection when there
// is none (or when one turns idle while it waits), then accepts the next
// connection.
func (l *connLimit) Accept() (net.Conn, error) {
	for taken := false; !taken; {
		select {
		case l.slots <- struct{}{}:
			taken = true
			continue
		default:
		}
		if l.closeIdlest() {
			continue // its slot is free now
		}
		select {
		case l.slots <- struct{}{}:
			taken = true
		case <-l.newIdle:
		}
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	return &limitedConn{Conn: c, release: sync.OnceFunc(func() { <-l.slots })}, nil
}

// track is the http.Server's ConnState hook: it keeps the set of idle
// connections.
func (l *connLimit) track(c net.Conn, state http.ConnState) {
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

// closeIdlest closes the connection idle longest, if any, which frees its
// slot, and reports whether there was one.
func (l *connLimit) closeIdlest() bool {
	l.mu.Lock()
	var oldest net.Conn
	var since time.Time
	for c, t := range l.idle {
		if oldest == nil || t.Before(since) {
			oldest, since = c, t
		}
	}
	delete(l.idle, oldest)
	l.mu.Unlock()
	if oldest == nil {
		return false
	}
	_ = oldest.Close()
	return true
}

// limitedConn gives its slot back when closed, once.
type limitedConn struct {
	net.Conn
	release func()
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.release()
	return err
}
