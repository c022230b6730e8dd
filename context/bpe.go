package ragcontext

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
	"math"
)

// The byte-pair encoder is written here rather than taken from
// tiktoken-go, whose encoder decodes the published vocabulary file into
// three maps and a sorted copy of it at every start: about 0.13 s of CPU
// and 24 MB, the largest part of a short command's run. This one keeps
// the vocabulary compiled into the binary already decoded (bpeFile), so
// that loading it is building one hash table of ranks over the tokens'
// bytes, in a few milliseconds, and merges exactly as tiktoken-go does:
// TestEncodeMatchesTiktoken and FuzzCount hold the two to the same
// tokens.

// bpeFile is cl100k_base's vocabulary: the number of tokens (4 bytes,
// little-endian), then each token's length in bytes (one byte each), then
// the tokens' bytes, all in rank order. TestVocabularyFile derives it
// from the published vocabulary (tiktoken-go-loader's copy) and fails
// when it differs; `go test ./context -run TestVocabularyFile -update`
// writes it again.
//
//go:embed cl100k_base.bpe
var bpeFile string

// bpe is a byte-pair encoding's vocabulary: the tokens' bytes and ranks.
// It is immutable once loaded and safe for concurrent use.
type bpe struct {
	// text holds every token's bytes, in rank order; token r is
	// text[ends[r-1]:ends[r]] (from 0 for r = 0).
	text string
	ends []uint32
	// slots is an open-addressing hash table of the tokens by their
	// bytes: rank+1 in the slot the token's hash leads to, or the first
	// free one after it; 0 is a free slot.
	slots []uint32
	seed  maphash.Seed
}

// errBadVocabulary is the error of a damaged vocabulary file.
var errBadVocabulary = errors.New("damaged vocabulary")

// loadBPE reads the vocabulary compiled into the binary.
func loadBPE() (*bpe, error) { return unpackBPE(bpeFile) }

// unpackBPE reads a vocabulary in bpeFile's form. The tokens' bytes stay
// in data.
func unpackBPE(data string) (*bpe, error) {
	if len(data) < 4 {
		return nil, errBadVocabulary
	}
	n := int(binary.LittleEndian.Uint32([]byte(data[:4])))
	if n == 0 || len(data)-4 < n || len(data) > math.MaxUint32 {
		return nil, errBadVocabulary
	}
	lens, text := data[4:4+n], data[4+n:]
	e := &bpe{text: text, ends: make([]uint32, n), seed: maphash.MakeSeed()}
	end := 0
	for r := range n {
		if lens[r] == 0 {
			return nil, fmt.Errorf("%w: token %d is empty", errBadVocabulary, r)
		}
		end += int(lens[r])
		e.ends[r] = uint32(end)
	}
	if end != len(text) {
		return nil, fmt.Errorf("%w: %d bytes of tokens, not %d", errBadVocabulary, len(text), end)
	}
	// At most half full: a look-up of a missing piece, the common case
	// while merging, ends after a probe or two.
	size := 1
	for size < 2*n {
		size *= 2
	}
	e.slots = make([]uint32, size)
	mask := uint64(size - 1)
	for r := range n {
		tok := e.token(r)
		i := maphash.String(e.seed, tok) & mask
		for e.slots[i] != 0 {
			if e.token(int(e.slots[i]-1)) == tok {
				return nil, fmt.Errorf("%w: token %d repeats token %d", errBadVocabulary, r, e.slots[i]-1)
			}
			i = (i + 1) & mask
		}
		e.slots[i] = uint32(r + 1)
	}
	return e, nil
}

// token returns the bytes of the token of rank r.
func (e *bpe) token(r int) string {
	start := uint32(0)
	if r > 0 {
		start = e.ends[r-1]
	}
	return e.text[start:e.ends[r]]
}

// rank returns the rank of the token whose bytes are s, if s is one.
func (e *bpe) rank(s string) (int, bool) {
	mask := uint64(len(e.slots) - 1)
	for i := maphash.String(e.seed, s) & mask; ; i = (i + 1) & mask {
		r := e.slots[i]
		if r == 0 {
			return 0, false
		}
		if e.token(int(r-1)) == s {
			return int(r - 1), true
		}
	}
}

// noRank marks a pair of parts that is not a token.
const noRank = math.MaxInt

// mergePart is one of the parts a piece is cut into while merging: where it
// starts, and the rank of the token it would make with the part after it
// (noRank if none).
type mergePart struct {
	start, rank int
}

// merge cuts piece into its tokens by byte-pair merges, the way
// tiktoken-go (and tiktoken) does: every byte a part, then, while two
// neighbours make a token, the pair of lowest rank (the leftmost of
// equal ones) becomes one part. It returns the parts, in buf when it is
// large enough, followed by a part that starts at len(piece).
func (e *bpe) merge(piece string, buf []mergePart) []mergePart {
	if len(piece) > longPiece {
		return e.mergeLong(piece, buf)
	}
	return e.mergeScan(piece, buf)
}

// mergeScan is merge by looking at every pair for the best at each
// merge: the fastest for a short piece.
func (e *bpe) mergeScan(piece string, buf []mergePart) []mergePart {
	parts := buf[:0]
	for i := range len(piece) + 1 {
		parts = append(parts, mergePart{start: i, rank: noRank})
	}
	// pairRank is the rank of parts i and i+1+skip taken as one token.
	pairRank := func(i, skip int) int {
		if i+skip+2 < len(parts) {
			if r, ok := e.rank(piece[parts[i].start:parts[i+skip+2].start]); ok {
				return r
			}
		}
		return noRank
	}
	for i := 0; i < len(parts)-2; i++ {
		parts[i].rank = pairRank(i, 0)
	}
	for len(parts) > 1 {
		best := 0
		for i := 1; i < len(parts)-1; i++ {
			if parts[i].rank < parts[best].rank {
				best = i
			}
		}
		if parts[best].rank == noRank {
			break
		}
		// Part best takes in part best+1: its pair is now with the part
		// after that, and so is its left neighbour's.
		parts[best].rank = pairRank(best, 1)
		if best > 0 {
			parts[best-1].rank = pairRank(best-1, 1)
		}
		parts = append(parts[:best+1], parts[best+2:]...)
	}
	return parts
}

// longPiece is the length in bytes over which merge keeps the pairs in a
// heap (mergeLong) rather than scanning every part for the best pair at
// each merge, whose time grows with the square of the piece's length: a
// piece of one word of 200,000 letters (a record's description) took
// minutes.
const longPiece = 256

// mergeLong is merge in time n log n for a piece of n bytes: the parts
// are a linked list, and the pairs of neighbours that make a token wait
// in a heap ordered as merge chooses them (the lowest rank, then the
// leftmost). A pair whose parts have changed since it was pushed is
// dropped when it comes up, and the pairs a merge makes are pushed. The
// merges and so the parts are merge's.
func (e *bpe) mergeLong(piece string, buf []mergePart) []mergePart {
	n := len(piece)
	// next[i] is the start of the part after the part that starts at i
	// (n for the last part); gone[i] marks a start that is no part's any
	// more; prev[i] is the start of the part before.
	next := make([]int32, n+1)
	prev := make([]int32, n+1)
	gone := make([]bool, n+1)
	for i := range n + 1 {
		next[i], prev[i] = int32(i+1), int32(i-1)
	}
	var h pairHeap
	push := func(i int32) {
		if i < 0 || int(next[i]) >= n {
			return
		}
		end := next[next[i]]
		if r, ok := e.rank(piece[i:end]); ok {
			h.push(pair{rank: r, start: i, end: end})
		}
	}
	for i := range int32(n) {
		push(i)
	}
	for len(h) > 0 {
		p := h.pop()
		if gone[p.start] || int(next[p.start]) >= n || next[next[p.start]] != p.end {
			continue // its parts have merged with others since
		}
		// The part at p.start takes in the part after it.
		right := next[p.start]
		gone[right] = true
		next[p.start] = p.end
		prev[p.end] = p.start
		push(prev[p.start])
		push(p.start)
	}
	parts := buf[:0]
	for i := 0; i < n; i = int(next[i]) {
		parts = append(parts, mergePart{start: i, rank: noRank})
	}
	return append(parts, mergePart{start: n, rank: noRank})
}

// pair is two neighbouring parts, piece[start:end], that make the token
// of rank rank.
type pair struct {
	rank       int
	start, end int32
}

// pairHeap is a binary min-heap of pairs by rank, then start.
type pairHeap []pair

func (p pair) less(q pair) bool {
	return p.rank < q.rank || p.rank == q.rank && p.start < q.start
}

func (h *pairHeap) push(p pair) {
	*h = append(*h, p)
	s := *h
	for i := len(s) - 1; i > 0; {
		up := (i - 1) / 2
		if !s[i].less(s[up]) {
			break
		}
		s[i], s[up] = s[up], s[i]
		i = up
	}
}

func (h *pairHeap) pop() pair {
	s := *h
	top := s[0]
	last := len(s) - 1
	s[0] = s[last]
	s = s[:last]
	for i := 0; ; {
		least, l, r := i, 2*i+1, 2*i+2
		if l < len(s) && s[l].less(s[least]) {
			least = l
		}
		if r < len(s) && s[r].less(s[least]) {
			least = r
		}
		if least == i {
			break
		}
		s[i], s[least] = s[least], s[i]
		i = least
	}
	*h = s
	return top
}

// encode appends the tokens of one pre-tokeniser piece to ids.
func (e *bpe) encode(piece string, ids []int) []int {
	if r, ok := e.rank(piece); ok {
		return append(ids, r)
	}
	var buf [64]mergePart
	parts := e.merge(piece, buf[:])
	for i := range len(parts) - 1 {
		r, _ := e.rank(piece[parts[i].start:parts[i+1].start])
		ids = append(ids, r)
	}
	return ids
}

// count returns the number of tokens of one pre-tokeniser piece.
func (e *bpe) count(piece string) Tokens {
	if _, ok := e.rank(piece); ok {
		return 1
	}
	var buf [64]mergePart
	return Tokens(len(e.merge(piece, buf[:])) - 1)
}

// decode returns the bytes of the tokens ids, skipping any id that is
// not a token's.
func (e *bpe) decode(ids []int) string {
	var b []byte
	for _, r := range ids {
		if r >= 0 && r < len(e.ends) {
			b = append(b, e.token(r)...)
		}
	}
	return string(b)
}
