// Package cache holds caches for query results and entity look-ups, and a
// retriever decorator built on them. Callers keep using the interface they
// already had; the cache sits in front of it, keyed on everything that
// changes the answer (normalised question, options and data version).
package cache

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strings"
	"sync/atomic"
	"unicode"

	lru "github.com/hashicorp/golang-lru/v2"
)

// Stats counts look-ups.
type Stats struct {
	Hits   uint64 `json:"hits"`
	Misses uint64 `json:"misses"`
}

// HitRatio is Hits / (Hits + Misses), or 0 before any look-up.
func (s Stats) HitRatio() float64 {
	if n := s.Hits + s.Misses; n > 0 {
		return float64(s.Hits) / float64(n)
	}
	return 0
}

type counters struct {
	hits, misses atomic.Uint64
}

func (c *counters) record(ok bool) {
	if ok {
		c.hits.Add(1)
	} else {
		c.misses.Add(1)
	}
}

func (c *counters) stats() Stats {
	return Stats{Hits: c.hits.Load(), Misses: c.misses.Load()}
}

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

// Key hashes parts into a fixed-length cache key. Each part is
// length-prefixed, so ("ab", "c") and ("a", "bc") give different keys.
// Callers pass the normalised question, the options and the data version.
func Key(parts ...string) string {
	h := sha256.New()
	var n [binary.MaxVarintLen64]byte
	for _, p := range parts {
		h.Write(n[:binary.PutUvarint(n[:], uint64(len(p)))])
		h.Write([]byte(p))
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// Normalize folds the surface differences between equivalent questions:
// it lower-cases, collapses runs of white space into one space, trims the
// ends, and drops trailing punctuation ("?", "!", ".", …). It does not
// apply Unicode normalisation forms.
func Normalize(question string) string {
	s := strings.Join(strings.Fields(strings.ToLower(question)), " ")
	return strings.TrimRightFunc(s, func(r rune) bool {
		return unicode.IsPunct(r) && r != ')' && r != ']' && r != '"' && r != '\'' || unicode.IsSpace(r)
	})
}
