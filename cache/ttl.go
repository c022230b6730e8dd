package cache

import (
	"time"

	"github.com/hashicorp/golang-lru/v2/expirable"
	"golang.org/x/sync/singleflight"
)

// TTL is a size-bounded cache whose entries expire ttl after they were
// added, for entity look-ups. It is safe for concurrent use.
//
// The underlying expirable LRU runs one background goroutine per cache
// that removes expired entries and never exits (a limitation of
// golang-lru v2); create TTL caches once, at start-up, not per request.
type TTL[V any] struct {
	c     *expirable.LRU[string, V]
	group singleflight.Group
	n     counters
}

// NewTTL returns a cache of at most size entries (0 = unbounded) that
// expire after ttl (0 = never).
func NewTTL[V any](size int, ttl time.Duration) *TTL[V] {
	return &TTL[V]{c: expirable.NewLRU[string, V](size, nil, ttl)}
}

// Get returns the live value stored under key and counts a hit or a miss.
func (t *TTL[V]) Get(key string) (V, bool) {
	v, ok := t.c.Get(key)
	t.n.record(ok)
	return v, ok
}

// Add stores value under key with a fresh expiry.
func (t *TTL[V]) Add(key string, value V) (evicted bool) {
	return t.c.Add(key, value)
}

// Len is the number of entries, expired ones not yet removed included.
func (t *TTL[V]) Len() int { return t.c.Len() }

// Stats returns the hit and miss counts so far.
func (t *TTL[V]) Stats() Stats { return t.n.stats() }

// GetOrLoad returns the value under key, calling load on a miss and
// caching its result. Concurrent misses for one key share a single call
// of load. An error from load is returned to every waiting caller and is
// not cached, so the next call tries again.
func (t *TTL[V]) GetOrLoad(key string, load func() (V, error)) (V, error) {
	if v, ok := t.Get(key); ok {
		return v, nil
	}
	res, err, _ := t.group.Do(key, func() (any, error) {
		// A flight for this key may have finished between our miss and
		// joining the group: use its result instead of loading again.
		if v, ok := t.c.Get(key); ok {
			return v, nil
		}
		v, err := load()
		if err != nil {
			return v, err
		}
		t.c.Add(key, v)
		return v, nil
	})
	v, _ := res.(V)
	return v, err
}
