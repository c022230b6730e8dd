package frameclass

import (
	"math"
	"unicode"
	"unicode/utf8"
)

// Bounds on what one question contributes, so that a long input costs
// no more than a long question.
const (
	// MaxRunes is how much of a question is read.
	MaxRunes = 400
	// maxTokens is how many of its words are read.
	maxTokens = 64
	// maxWordRunes is the longest word whose character n-grams are taken;
	// a longer one (a URL, an identifier) gives its first runes only.
	maxWordRunes = 24
)

// The feature kinds. Each is hashed with its own prefix, so that the word
// "isil" and the trigram "isi" never share a name.
const (
	kindWord   = 'w' // a word
	kindBigram = 'b' // two words in a row, "<s>" before the first
	kindStart  = 's' // the first word, and the first two
	kindLast   = 'e' // the last word
	kindChar   = 'c' // 3 to 5 characters of a word between "<" and ">"
	kindShape  = 'h' // the shape of a word with a digit ("A-0", "Q0")
)

// tokens splits a question into lower-case words: runs of letters and
// digits, with every digit read as 0 (a year, an identifier's number and
// a count read alike), and a hyphen inside a word kept ("DE-MUS-0"). It
// reads at most MaxRunes runes and maxTokens words.
func tokens(question string) []string {
	var out []string
	var word []rune
	flush := func() {
		for len(word) > 0 && word[len(word)-1] == '-' {
			word = word[:len(word)-1]
		}
		if len(word) > 0 && len(out) < maxTokens {
			out = append(out, string(word))
		}
		word = word[:0]
	}
	n := 0
	for _, r := range question {
		if n++; n > MaxRunes {
			break
		}
		switch {
		case unicode.IsDigit(r):
			word = append(word, '0')
		case unicode.IsLetter(r):
			word = append(word, unicode.ToLower(r))
		case r == '-' && len(word) > 0:
			word = append(word, r)
		default:
			flush()
		}
	}
	flush()
	return out
}

// shape is a word's shape when it holds a digit: letters as "a", runs of
// digits as one "0", hyphens kept ("de-mus-0" → "a-a-0"); "" otherwise.
func shape(w string) string {
	hasDigit := false
	for i := 0; i < len(w); i++ {
		if w[i] == '0' {
			hasDigit = true
			break
		}
	}
	if !hasDigit {
		return ""
	}
	var b []byte
	for _, r := range w {
		var c byte
		switch {
		case r == '0':
			c = '0'
		case r == '-':
			c = '-'
		default:
			c = 'a'
		}
		if len(b) > 0 && b[len(b)-1] == c && c != '-' {
			continue
		}
		b = append(b, c)
	}
	return string(b)
}

// hasher hashes features with FNV-1a (64 bits) into buckets.
type hasher struct {
	h uint64
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

func (x *hasher) reset(kind byte) {
	x.h = fnvOffset
	x.byte(kind)
	x.byte(0)
}

func (x *hasher) byte(c byte) {
	x.h ^= uint64(c)
	x.h *= fnvPrime
}

func (x *hasher) str(s string) {
	for i := 0; i < len(s); i++ {
		x.byte(s[i])
	}
}

func (x *hasher) rune(r rune) {
	var buf [utf8.UTFMax]byte
	n := utf8.EncodeRune(buf[:], r)
	for _, c := range buf[:n] {
		x.byte(c)
	}
}

// Features are a question's hashed features: bucket indexes, each feature
// weighing Value (one over the square root of their number, so that a
// question's vector has length one whatever its length).
type Features struct {
	Buckets []uint32
	Value   float32
}

// Extract returns the hashed features of a question for a table of
// buckets entries (a power of two): its words, pairs of words in a row,
// its first word, its first two and its last, the shapes of its words
// with digits, and the 3- to 5-character n-grams of each word between
// word-boundary marks.
func Extract(question string, buckets int) Features {
	mask := uint32(buckets - 1)
	toks := tokens(question)
	var f Features
	var x hasher
	add := func() { f.Buckets = append(f.Buckets, uint32(x.h)&mask) }
	prev := "<s>"
	for i, w := range toks {
		x.reset(kindWord)
		x.str(w)
		add()
		x.reset(kindBigram)
		x.str(prev)
		x.byte(' ')
		x.str(w)
		add()
		prev = w
		if sh := shape(w); sh != "" {
			x.reset(kindShape)
			x.str(sh)
			add()
		}
		if i == 0 {
			x.reset(kindStart)
			x.str(w)
			add()
		}
		if i == 1 {
			x.reset(kindStart)
			x.str(toks[0])
			x.byte(' ')
			x.str(w)
			add()
		}
		charGrams(&x, w, add)
	}
	if len(toks) > 0 {
		x.reset(kindLast)
		x.str(toks[len(toks)-1])
		add()
	}
	if len(f.Buckets) > 0 {
		f.Value = float32(1 / math.Sqrt(float64(len(f.Buckets))))
	}
	return f
}

// charGrams adds the 3- to 5-rune n-grams of "<w>".
func charGrams(x *hasher, w string, add func()) {
	rs := make([]rune, 0, maxWordRunes+2)
	rs = append(rs, '<')
	for _, r := range w {
		if len(rs) > maxWordRunes {
			break
		}
		rs = append(rs, r)
	}
	rs = append(rs, '>')
	for n := 3; n <= 5; n++ {
		for i := 0; i+n <= len(rs); i++ {
			x.reset(kindChar)
			for _, r := range rs[i : i+n] {
				x.rune(r)
			}
			add()
		}
	}
}
