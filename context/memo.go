package ragcontext

// MemoCounter is a Counter decorator that remembers the counts of short
// texts. Context lines repeat across requests (the same records come
// back), so a builder counting through a MemoCounter re-tokenises mostly
// what is new. It keeps a Truncator capability of the counter it wraps.
// The Tokenizer remembers its counts itself, more cheaply; a MemoCounter
// is for a Counter that does not.
type MemoCounter struct {
	next    Counter
	memo    Memo
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

// Memo is where a MemoCounter keeps the counts it remembers: a bounded,
// concurrency-safe cache such as cache.LRU[Tokens], chosen by the caller.
type Memo interface {
	Get(text string) (Tokens, bool)
	// Add stores a count; it reports whether an older one was evicted.
	Add(text string, n Tokens) (evicted bool)
}

// NewMemoCounter wraps next with memo.
func NewMemoCounter(next Counter, memo Memo) *MemoCounter {
	m := &MemoCounter{next: next, memo: memo, maxLen: MemoMaxLen}
	m.truncer, _ = next.(Truncator)
	return m
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
