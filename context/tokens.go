// Package ragcontext builds the text handed to a language model: a
// token-budgeted, tier-ordered, source-attributed context with numbered
// citations, made from fused hits and the full records behind them.
//
// The directory is named context; the package is named ragcontext so that
// it does not shadow the standard library's context package.
package ragcontext

import (
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"
)

// Tokens is a count of model tokens.
type Tokens int

// Counter counts the tokens of a text.
type Counter interface {
	Count(s string) Tokens
}

// Truncator is an optional capability of a Counter: Truncate returns the
// longest prefix of s, cut at a token boundary, that has at most max
// tokens. A Counter without it is truncated by a binary search over rune
// prefixes.
type Truncator interface {
	Truncate(s string, max Tokens) string
}

// Encoding is the BPE encoding the Tokenizer uses.
const Encoding = "cl100k_base"

// Tokenizer counts cl100k_base tokens with a real BPE tokenizer whose
// vocabulary is compiled into the binary: it never touches the network.
// Its tokens are tiktoken's (see bpe.go). It remembers the counts of the
// lines and pieces it has counted (at most 16 MB of them; see pieces.go).
// It is safe for concurrent use.
type Tokenizer struct {
	enc    *bpe
	counts *counts
}

var (
	_ Counter   = (*Tokenizer)(nil)
	_ Truncator = (*Tokenizer)(nil)
)

// The vocabulary is immutable once loaded (a few milliseconds, 1.4 MB of
// tables over the bytes compiled in), so every Tokenizer shares one.
var shared struct {
	once sync.Once
	enc  *bpe
	err  error
}

// NewTokenizer returns a cl100k_base tokenizer.
func NewTokenizer() (*Tokenizer, error) {
	shared.once.Do(func() { shared.enc, shared.err = loadBPE() })
	if shared.err != nil {
		return nil, fmt.Errorf("ragcontext: load %s: %w", Encoding, shared.err)
	}
	return &Tokenizer{enc: shared.enc, counts: newCounts()}, nil
}

// Count returns the number of tokens in s. Special-token text such as
// "<|endoftext|>" is counted as ordinary text, and each byte of s that is
// not UTF-8 as U+FFFD, as tiktoken-go counts them.
func (t *Tokenizer) Count(s string) Tokens {
	if !utf8.ValidString(s) {
		s = string([]rune(s))
	}
	var n Tokens
	for line := range lines(s) {
		n += t.lineCount(line)
	}
	return n
}

// lineCount is the number of tokens of one of the lines of a text (see
// lines); the count of a line of up to maxCountedLine bytes is
// remembered, as the same lines come back in context after context.
func (t *Tokenizer) lineCount(line string) Tokens {
	if n, ok := t.counts.get(line); ok {
		return n
	}
	var buf [8]string
	n, unknown := t.counts.sum(line, buf[:0])
	for _, p := range unknown {
		n += t.pieceCount(p)
	}
	if len(line) <= maxCountedLine {
		t.counts.put(line, n)
	}
	return n
}

// pieceCount is the number of tokens of one pre-tokeniser piece.
func (t *Tokenizer) pieceCount(p string) Tokens {
	if n, ok := t.counts.get(p); ok {
		return n
	}
	n := t.enc.count(p)
	t.counts.put(p, n)
	return n
}

// Encode returns the token ids of s (read as Count reads it).
func (t *Tokenizer) Encode(s string) []int {
	if !utf8.ValidString(s) {
		s = string([]rune(s))
	}
	ids := []int{}
	for p := range pieces(s) {
		ids = t.enc.encode(p, ids)
	}
	return ids
}

// Truncate returns the longest prefix of s, made of whole tokens, that
// has at most max tokens. A token that ends inside a multi-byte character
// is dropped with the partial character.
func (t *Tokenizer) Truncate(s string, max Tokens) string {
	if max <= 0 {
		return ""
	}
	// The tokens of s are those of its pieces in turn: keep the pieces
	// that fit whole and encode only the piece that is cut.
	kept, cut, left := "", s, max
	if utf8.ValidString(s) {
		var used Tokens
		for p := range pieces(s) {
			n := t.pieceCount(p)
			if used+n > max {
				cut, left = p, max-used
				break
			}
			used += n
			kept = s[:len(kept)+len(p)]
		}
		if len(kept) == len(s) {
			return s
		}
	}
	ids := t.Encode(cut)
	if Tokens(len(ids)) <= left {
		return s
	}
	out := kept + t.enc.decode(ids[:left])
	// Decoding a prefix can end in the middle of a UTF-8 sequence.
	for len(out) > 0 {
		r, size := utf8.DecodeLastRuneInString(out)
		if r != utf8.RuneError || size != 1 {
			break
		}
		out = out[:len(out)-1]
	}
	if !strings.HasPrefix(s, out) {
		// Cannot happen for a lossless BPE; keep the guarantee anyway.
		return truncateRunes(t, s, max)
	}
	return out
}

// truncate cuts s to at most max tokens of c at a token boundary when c
// can, else at a rune boundary; the result always re-counts to ≤ max.
func truncate(c Counter, s string, max Tokens) string {
	if max <= 0 {
		return ""
	}
	if tr, ok := c.(Truncator); ok {
		out := tr.Truncate(s, max)
		// Re-encoding a prefix can, rarely, merge differently; shrink
		// until the count holds.
		for out != "" && c.Count(out) > max {
			r := []rune(out)
			out = tr.Truncate(string(r[:len(r)-1]), max)
		}
		return out
	}
	return truncateRunes(c, s, max)
}

// truncateRunes finds the longest rune prefix of s that counts ≤ max.
func truncateRunes(c Counter, s string, max Tokens) string {
	r := []rune(s)
	lo, hi := 0, len(r) // invariant: r[:lo] fits
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if c.Count(string(r[:mid])) <= max {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return string(r[:lo])
}
