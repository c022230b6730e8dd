package cache

import "context"

// Answerer answers one request: *pipeline.Pipeline's uncached stage is
// one, and so is an Asker.
type Answerer[Req, Resp any] interface {
	Ask(ctx context.Context, req Req) (Resp, error)
}

// AskPolicy says how an Asker keys requests and treats answers.
type AskPolicy[Req, Resp any] struct {
	// Key returns the request's cache key; refresh answers afresh and
	// replaces the cached answer (a request that asks for no cache).
	Key func(req Req) (key string, refresh bool)
	// Keep reports whether an answer may be served to later requests; a
	// degraded answer (a backend failed) should not be.
	Keep func(resp Resp) bool
	// Copy returns an answer that shares no mutable memory with resp, so
	// that neither a caller nor the cache can change the other's answer;
	// the cache keeps such a copy.
	Copy func(resp Resp) Resp
	// Serve returns the cached answer for req as the caller gets it: a
	// copy (of what req asks for) that shares no mutable memory with the
	// cached one, marked as served from the cache.
	Serve func(req Req, cached Resp) Resp
}

// Asker decorates an Answerer with an answer cache. Errors are never
// cached; concurrent misses for one key each ask next. It is safe for
// concurrent use when next and the policy's functions are.
type Asker[Req, Resp any] struct {
	next   Answerer[Req, Resp]
	store  *TTL[Resp]
	policy AskPolicy[Req, Resp]
}

// NewAsker returns next behind a cache kept in store.
func NewAsker[Req, Resp any](next Answerer[Req, Resp], store *TTL[Resp], policy AskPolicy[Req, Resp]) *Asker[Req, Resp] {
	return &Asker[Req, Resp]{next: next, store: store, policy: policy}
}

// Ask returns the cached answer to req as Serve makes it, or asks next
// and keeps a copy of its answer when Keep allows.
func (a *Asker[Req, Resp]) Ask(ctx context.Context, req Req) (Resp, error) {
	key, refresh := a.policy.Key(req)
	if !refresh {
		if r, ok := a.store.Get(key); ok {
			return a.policy.Serve(req, r), nil
		}
	}
	resp, err := a.next.Ask(ctx, req)
	if err != nil {
		return resp, err
	}
	if a.policy.Keep(resp) {
		a.store.Add(key, a.policy.Copy(resp))
	}
	return resp, nil
}

// Stats returns the cache's hit and miss counts so far.
func (a *Asker[Req, Resp]) Stats() Stats { return a.store.Stats() }
