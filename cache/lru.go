package cache

import (
	"fmt"

	lru "github.com/hashicorp/golang-lru/v2"
)

// LRU is a fixed-size, least-recently-used cache with string keys. It is
// safe for concurrent use. Values are stored as given: a caller that
// stores a slice or map must not modify it afterwards.
type LRU[V any] struct {
	c *lru.Cache[string, V]
	n counters
}

// NewLRU returns an LRU holding at most size entries; size must be > 0.
func NewLRU[V any](size int) (*LRU[V], error) {
	c, err := lru.New[string, V](size)
	if err != nil {
		return nil, fmt.Errorf("cache: lru of size %d: %w", size, err)
	}
	return &LRU[V]{c: c}, nil
}

// Get returns the value stored under key and counts a hit or a miss.
func (l *LRU[V]) Get(key string) (V, bool) {
	v, ok := l.c.Get(key)
	l.n.record(ok)
	return v, ok
}

// Add stores value under key, evicting the least recently used entry when
// full; it reports whether an entry was evicted.
func (l *LRU[V]) Add(key string, value V) (evicted bool) {
	return l.c.Add(key, value)
}

// Len is the number of entries.
func (l *LRU[V]) Len() int { return l.c.Len() }

// Purge removes every entry; the statistics are kept.
func (l *LRU[V]) Purge() { l.c.Purge() }

// Stats returns the hit and miss counts so far.
func (l *LRU[V]) Stats() Stats { return l.n.stats() }
