// Package cache holds the caches that wrap the expensive parts: a TTL
// cache for answers and entity look-ups, an LRU for token counts, and
// Asker, the decorator that puts an answer cache in front of anything
// that answers requests.
// Callers keep using the interface they already had; the cache sits in
// front of it, keyed on everything that changes the answer (normalised
// question, options and data version).
package cache

import (
	"encoding/binary"
	"strings"
	"sync/atomic"
	"unicode"
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

// Key joins parts into one cache key. Each part is length-prefixed, so
// ("ab", "c") and ("a", "bc") give different keys. The key is not
// hashed: it is built in one allocation, and keys live only in memory.
func Key(parts ...string) string {
	n := 0
	for _, p := range parts {
		n += binary.MaxVarintLen64 + len(p)
	}
	var b strings.Builder
	b.Grow(n)
	var prefix [binary.MaxVarintLen64]byte
	for _, p := range parts {
		b.Write(prefix[:binary.PutUvarint(prefix[:], uint64(len(p)))])
		b.WriteString(p)
	}
	return b.String()
}

// Normalize folds the surface differences between equivalent questions:
// it lower-cases, collapses runs of white space into one space, trims the
// ends, and drops trailing punctuation ("?", "!", ".", …). It does not
// apply Unicode normalisation forms.
func Normalize(question string) string {
	var b strings.Builder
	b.Grow(len(question))
	space := false
	for _, r := range question {
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return strings.TrimRightFunc(b.String(), func(r rune) bool {
		return unicode.IsPunct(r) && r != ')' && r != ']' && r != '"' && r != '\'' || unicode.IsSpace(r)
	})
}
