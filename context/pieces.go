package ragcontext

import (
	"iter"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// cl100k_base first splits a text into pieces with this pattern, then
// encodes each piece on its own with byte-pair merges:
//
//	(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
//
// tiktoken-go matches it with a backtracking regular-expression engine,
// which was most of the cost of a question (counting a 2,000-token context
// took about 2 ms, over 80% of it in the matcher). pieces finds the same
// pieces with a hand-written scanner, one alternative after the other in
// the pattern's order, as the backtracking matcher tries them; a piece's
// token count then depends only on the piece, so counts can be remembered
// per piece. TestPiecesMatchThePattern and FuzzPieces hold the scanner to
// the pattern as tiktoken-go's engine matches it, and
// TestCountMatchesTiktoken the counts to tiktoken-go's.

// pieces returns the pre-tokeniser's pieces of s, in order. s must be
// valid UTF-8 (the engine matches runes, and turns invalid bytes into
// U+FFFD before encoding).
func pieces(s string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for len(s) > 0 {
			n := pieceLen(s)
			if !yield(s[:n]) {
				return
			}
			s = s[n:]
		}
	}
}

// pieceLen is the length in bytes of the piece at the start of s (not
// empty).
func pieceLen(s string) int {
	r, w := utf8.DecodeRuneInString(s)
	// (?i:'s|'t|'re|'ve|'m|'ll|'d)
	if r == '\'' {
		if n := contractionLen(s[w:]); n > 0 {
			return w + n
		}
	}
	// [^\r\n\p{L}\p{N}]?\p{L}+
	if isLetter(r) {
		return w + runLen(s[w:], isLetter, -1)
	}
	if r != '\r' && r != '\n' && !isNumber(r) {
		if next, nw := utf8.DecodeRuneInString(s[w:]); nw > 0 && isLetter(next) {
			return w + nw + runLen(s[w+nw:], isLetter, -1)
		}
	}
	// \p{N}{1,3}
	if isNumber(r) {
		return w + runLen(s[w:], isNumber, 2)
	}
	// ' ?[^\s\p{L}\p{N}]+[\r\n]*'
	start := 0
	if r == ' ' {
		start = w
	}
	if n := runLen(s[start:], isSymbol, -1); n > 0 {
		end := start + n
		return end + runLen(s[end:], isNewline, -1)
	}
	// Only white space is left: every other character starts one of the
	// alternatives above.
	ws := runLen(s, unicode.IsSpace, -1)
	// \s*[\r\n]+ ends at the run's last line break.
	if i := strings.LastIndexAny(s[:ws], "\r\n"); i >= 0 {
		return i + 1
	}
	// \s+(?!\S) takes the whole run at the end of the text, else all of
	// it but its last character, which then starts the next piece.
	if ws == len(s) {
		return ws
	}
	if _, lw := utf8.DecodeLastRuneInString(s[:ws]); ws > lw {
		return ws - lw
	}
	// \s+: a single white-space character before a non-space.
	return ws
}

// contractionLen is the length of s's prefix that completes a
// contraction after an apostrophe ('s, 't, 're, 've, 'm, 'll, 'd in any
// case), or 0.
func contractionLen(s string) int {
	r1, w1 := utf8.DecodeRuneInString(s)
	switch unicode.ToLower(r1) {
	case 's', 't', 'm', 'd':
		return w1
	case 'r', 'v':
		if r2, w2 := utf8.DecodeRuneInString(s[w1:]); unicode.ToLower(r2) == 'e' {
			return w1 + w2
		}
	case 'l':
		if r2, w2 := utf8.DecodeRuneInString(s[w1:]); unicode.ToLower(r2) == 'l' {
			return w1 + w2
		}
	}
	return 0
}

// runLen is the length of s's longest prefix of at most max characters
// (any number when max < 0) that all satisfy in.
func runLen(s string, in func(rune) bool, max int) int {
	n := 0
	for count := 0; n < len(s) && count != max; count++ {
		r, w := utf8.DecodeRuneInString(s[n:])
		if !in(r) {
			break
		}
		n += w
	}
	return n
}

// The pattern's classes, as tiktoken-go's engine reads them: \p{L} and
// \p{N} are the Unicode categories, \s is unicode.IsSpace.
func isLetter(r rune) bool  { return unicode.IsLetter(r) }
func isNumber(r rune) bool  { return unicode.IsNumber(r) }
func isNewline(r rune) bool { return r == '\r' || r == '\n' }
func isSymbol(r rune) bool  { return !unicode.IsSpace(r) && !isLetter(r) && !isNumber(r) }

// lines splits s after every line break that a character other than
// white space follows. No piece crosses such a place: a piece that takes
// in a line break ends there or at a later line break, and a piece of
// white space ends before the character. The pattern never looks back,
// so the pieces of s are the pieces of its lines in turn, and so are
// their counts.
func lines(s string) iter.Seq[string] {
	return func(yield func(string) bool) {
		start := 0
		for i := 0; i < len(s); {
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				break
			}
			i += j + 1
			if r, _ := utf8.DecodeRuneInString(s[i:]); i < len(s) && !unicode.IsSpace(r) {
				if !yield(s[start:i]) {
					return
				}
				start = i
			}
		}
		if start < len(s) {
			yield(s[start:])
		}
	}
}

// The bounds of a Tokenizer's remembered counts: how many texts, how many
// bytes of them, and the longest line remembered. The context lines of
// all the bundled records have 47,544 distinct pieces; a full table is
// emptied and refilled.
const (
	maxCounts      = 1 << 18
	maxCountsBytes = 16 << 20
	maxCountedLine = 2048
)

// counts remembers the token counts of texts: pieces and lines. It is
// safe for concurrent use.
type counts struct {
	mu    sync.RWMutex
	m     map[string]Tokens
	bytes int
}

func newCounts() *counts { return &counts{m: make(map[string]Tokens)} }

func (c *counts) get(s string) (Tokens, bool) {
	c.mu.RLock()
	n, ok := c.m[s]
	c.mu.RUnlock()
	return n, ok
}

// sum adds up the remembered counts of s's pieces under one lock, and
// appends the pieces it does not know to unknown.
func (c *counts) sum(s string, unknown []string) (Tokens, []string) {
	var n Tokens
	c.mu.RLock()
	for p := range pieces(s) {
		if k, ok := c.m[p]; ok {
			n += k
		} else {
			unknown = append(unknown, p)
		}
	}
	c.mu.RUnlock()
	return n, unknown
}

func (c *counts) put(s string, n Tokens) {
	c.mu.Lock()
	if len(c.m) >= maxCounts || c.bytes+len(s) > maxCountsBytes {
		clear(c.m)
		c.bytes = 0
	}
	// s is usually a slice of a long text: keep a copy, not the text.
	c.m[strings.Clone(s)] = n
	c.bytes += len(s)
	c.mu.Unlock()
}
