package qdrantstore

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync/atomic"
	"time"

	"github.com/qdrant/go-client/qdrant"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// nodes are the clients of a cluster's endpoints, one per endpoint in the
// configured order, and the one in use. A call goes to the endpoint in
// use; when that endpoint cannot be reached, the call is tried on the next
// endpoints in turn, and the first that answers becomes the one in use.
// Every node of a Qdrant cluster serves every collection (it forwards to
// the peers holding the shards it lacks), so any endpoint answers any call.
type nodes struct {
	eps     []endpoint
	clients []*qdrant.Client
	cur     atomic.Int32
	log     *slog.Logger
}

// dial makes a client for each endpoint; gRPC connects on the first call.
func dial(eps []endpoint, apiKey string, opts []grpc.DialOption, log *slog.Logger) (*nodes, error) {
	ns := &nodes{eps: eps, log: log}
	for _, e := range eps {
		c, err := qdrant.NewClient(&qdrant.Config{
			Host:                   e.host,
			Port:                   e.port,
			APIKey:                 apiKey,
			UseTLS:                 e.useTLS,
			GrpcOptions:            opts,
			SkipCompatibilityCheck: true, // it would call the server without a deadline
			PoolSize:               1,
		})
		if err != nil {
			_ = ns.close()
			return nil, fmt.Errorf("qdrant %s: %w", e.addr(), err)
		}
		ns.clients = append(ns.clients, c)
	}
	return ns, nil
}

// call runs fn with the client in use, then, while fn's error says that
// the endpoint cannot be reached and ctx is not done, with the next
// clients in turn (each at most once). The first to succeed becomes the
// client in use. The error is the last endpoint's, naming it when there
// are several.
func (ns *nodes) call(ctx context.Context, fn func(*qdrant.Client) error) error {
	return ns.callOn(ctx, unreachable, fn)
}

// callOn is call, trying the next client while retry says the error
// allows it.
func (ns *nodes) callOn(ctx context.Context, retry func(context.Context, error) bool, fn func(*qdrant.Client) error) error {
	first := int(ns.cur.Load())
	var err error
	for i := range len(ns.clients) {
		at := (first + i) % len(ns.clients)
		if err = fn(ns.clients[at]); err == nil {
			if at != first && ns.cur.CompareAndSwap(int32(first), int32(at)) {
				ns.log.Warn("qdrant endpoint unreachable; using the next", "from", ns.eps[first].addr(), "to", ns.eps[at].addr())
			}
			return nil
		}
		if !retry(ctx, err) {
			break
		}
		if len(ns.clients) > 1 {
			err = fmt.Errorf("qdrant endpoint %s: %w", ns.eps[at].addr(), err)
		}
	}
	return err
}

// unreachable tells whether err means that the endpoint could not be
// reached (refused, reset, shutting down) while ctx still runs: the
// call may be tried on another endpoint. A deadline is not: the next
// endpoint would get none of the time left.
func unreachable(ctx context.Context, err error) bool {
	return ctx.Err() == nil && status.Code(err) == codes.Unavailable
}

// unreadable tells whether a read may be tried on another endpoint: the
// endpoint cannot be reached, or it failed inside (Internal) while the
// copies of a shard move between the nodes of a cluster ("Local shard 1
// not found" while a node that came back takes its copy again), or it
// gave no gRPC answer at all (Unknown: "malformed header: missing HTTP
// content-type" from a node whose peer was just killed); another node,
// or the same one a moment later, may hold a ready copy. A read changes
// nothing, so asking again is safe.
func unreadable(ctx context.Context, err error) bool {
	if unreachable(ctx, err) {
		return true
	}
	code := status.Code(err)
	return ctx.Err() == nil && (code == codes.Internal || code == codes.Unknown)
}

// readPause is how long a read waits before its second round over the
// endpoints, when every endpoint failed the first in a way that may pass
// (unreadable): a node killed a moment ago is still a peer its cluster
// waits for.
const readPause = 100 * time.Millisecond

// addrs lists the endpoints, comma-separated.
func (ns *nodes) addrs() string {
	out := make([]string, len(ns.eps))
	for i, e := range ns.eps {
		out[i] = e.addr()
	}
	return strings.Join(out, ",")
}

// close closes every client.
func (ns *nodes) close() error {
	var errs []error
	for _, c := range ns.clients {
		errs = append(errs, c.Close())
	}
	return errors.Join(errs...)
}

// read runs a read as do does, trying the next endpoint also where one
// fails inside (unreadable). When every endpoint failed so, the read
// waits readPause (within ctx) and goes over them once more: each
// endpoint is asked at most twice.
func read[T any](ctx context.Context, ns *nodes, fn func(*qdrant.Client) (T, error)) (T, error) {
	var out T
	round := func() error {
		return ns.callOn(ctx, unreadable, func(c *qdrant.Client) (err error) {
			out, err = fn(c)
			return err
		})
	}
	err := round()
	if err == nil || !unreadable(ctx, err) {
		return out, err
	}
	pause := time.NewTimer(readPause)
	defer pause.Stop()
	select {
	case <-ctx.Done():
		return out, err
	case <-pause.C:
	}
	return out, round()
}

// do runs fn as nodes.call does and returns its result.
func do[T any](ctx context.Context, ns *nodes, fn func(*qdrant.Client) (T, error)) (T, error) {
	var out T
	err := ns.call(ctx, func(c *qdrant.Client) (err error) {
		out, err = fn(c)
		return err
	})
	return out, err
}
