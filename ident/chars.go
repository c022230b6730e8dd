package ident

import (
	"strings"
)

// boundary reports whether a token may end at s[j]: the end of s, or a
// byte that is neither a letter, a digit, nor a hyphen or underscore
// joining more of them ("1914-18" is one token).
func boundary(s string, j int) bool {
	if j >= len(s) {
		return true
	}
	c := s[j]
	if isAlnum(c) || c >= 0x80 {
		return false
	}
	return !((c == '-' || c == '_') && j+1 < len(s) && isAlnum(s[j+1]))
}

// boundaryBefore reports whether a token may start at s[i].
func boundaryBefore(s string, i int) bool {
	if i == 0 {
		return true
	}
	c := s[i-1]
	return !isAlnum(c) && c < 0x80 && strings.IndexByte("-_/:.@", c) < 0
}

func skipBlanks(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// isISILPrefix accepts an upper-case prefix of 1–4 letters, or a
// lower-case country code typed in a hurry ("de-2291"); a capitalised word
// ("Tyne-and-Wear") is a name, not an ISIL.
func isISILPrefix(p string) bool {
	if p == "" || len(p) > 4 || !allLetters(p) {
		return false
	}
	return allCase(p, 'A', 'Z') || len(p) == 2 && allCase(p, 'a', 'z')
}

// allCase reports whether every byte of s is in [lo, hi].
func allCase(s string, lo, hi byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < lo || s[i] > hi {
			return false
		}
	}
	return true
}

func isCue(w string) bool {
	_, ok := cueWord(w)
	return ok
}

func isCheck(b byte) bool  { return isDigit(b) || b == 'X' || b == 'x' }
func isDigit(b byte) bool  { return b >= '0' && b <= '9' }
func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }
func isAlnum(b byte) bool  { return isLetter(b) || isDigit(b) }

func upperX(b byte) byte {
	if b == 'x' {
		return 'X'
	}
	return b
}

func allLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isLetter(s[i]) {
			return false
		}
	}
	return true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}
