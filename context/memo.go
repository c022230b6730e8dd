package ragcontext

import (
	"github.com/hybridrag/hybridrag/cache"
)

// MemoCounter is a Counter decorator that remembers the counts of short
// texts. Context lines repeat across requests (the same records come
// back), so a builder counting through a MemoCounter re-tokenises mostly
// what is new. It keeps a Truncator capability of the counter it wraps.
// The Tokenizer remembers its counts itself, more cheaply; a MemoCounter
// is for a Counter that does not.
type MemoCounter struct {
	next    Counter
	memo    *cache.LRU[Tokens]
	maxLen  int
	truncer Truncator
}

var (
	_ Counter   = (*MemoCounter)(nil)
	_ Truncator = (*MemoCounter)(nil)
)

// MemoMaxLen is the longest text, in bytes, whose count is remembered;
// longer texts (whole contexts) are counted every time.
const MemoMaxLen = 2048

// NewMemoCounter wraps next with a memo of up to size entries.
func NewMemoCounter(next Counter, size int) (*MemoCounter, error) {
	memo, err := cache.NewLRU[Tokens](size)
	if err != nil {
		return nil, err
	}
	m := &MemoCounter{next: next, memo: memo, maxLen: MemoMaxLen}
	m.truncer, _ = next.(Truncator)
	return m, nil
}

// Count returns next's count of s, from the memo when s was seen.
func (m *MemoCounter) Count(s string) Tokens {
	if len(s) > m.maxLen {
		return m.next.Count(s)
	}
	if n, ok := m.memo.Get(s); ok {
		return n
	}
	n := m.next.Count(s)
	m.memo.Add(s, n)
	return n
}

// Truncate delegates to the wrapped counter, or cuts at rune boundaries
// when it cannot truncate.
func (m *MemoCounter) Truncate(s string, max Tokens) string {
	if m.truncer != nil {
		return m.truncer.Truncate(s, max)
	}
	return truncateRunes(m, s, max)
}

// Stats returns the memo's hit and miss counts.
func (m *MemoCounter) Stats() cache.Stats { return m.memo.Stats() }
