// Package textfold folds text for matching: lower case, Latin diacritics
// stripped ("Göttingen" → "gottingen") and the letters Unicode does not
// decompose spelt out in ASCII ("Straße" → "strasse", "Æbeltoft" →
// "aebeltoft", "Łódź" → "lodz"). Letters of other scripts are only
// lower-cased. Every package that compares names folds them here, so that
// the same name gives the same key everywhere.
package textfold

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Rune returns the folding of r when it differs from unicode.ToLower(r):
// a Latin letter with diacritics gives its lower-case ASCII base ('Ö' →
// "o"), a ligature or a letter without a decomposition its ASCII spelling
// ('ß' → "ss", 'Æ' → "ae", 'ø' → "o", 'ł' → "l", 'þ' → "th", 'ı' → "i").
// ok is false for every other rune, including ASCII.
func Rune(r rune) (string, bool) {
	if r < latinLo {
		return "", false
	}
	if r < latinHi {
		s := latin[r-latinLo]
		return s, s != ""
	}
	s, ok := extra[r]
	return s, ok
}

// RuneUmlautE is Rune with the German umlauts spelt with an e: 'ä' → "ae",
// 'Ö' → "oe", 'ü' → "ue", as in "Muenchberg" for "Münchberg".
func RuneUmlautE(r rune) (string, bool) {
	switch r {
	case 'ä', 'Ä':
		return "ae", true
	case 'ö', 'Ö':
		return "oe", true
	case 'ü', 'Ü':
		return "ue", true
	}
	return Rune(r)
}

// Fold lower-cases s and folds every rune with Rune; combining marks are
// dropped, everything else is kept.
func Fold(s string) string {
	if isLowerASCII(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch f, ok := Rune(r); {
		case r < utf8.RuneSelf:
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
			b.WriteByte(byte(r))
		case ok:
			b.WriteString(f)
		case !unicode.Is(unicode.Mn, r):
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// MaxWord is the most runes of a word that Words, AppendWords and the
// other word splitters (heritage.NormalizeName, the router's) keep: the
// runes of a longer word after its first MaxWord are dropped. No word of a
// name or a description is that long, and everything done with a word
// afterwards (stemming, edit distances, n-grams) then costs a bounded
// amount per word: a record whose description is one word of two million
// letters costs what a word of 64 letters costs.
const MaxWord = 64

// Words folds s like Fold and turns every run of characters that are not
// letters or digits into one space; the result has no leading or trailing
// space. "Bo'ness — Museum" gives "bo ness museum". A word keeps its first
// MaxWord runes.
func Words(s string) string {
	return string(AppendWords(nil, s))
}

// AppendWords appends Words(s) to dst.
func AppendWords(dst []byte, s string) []byte {
	start := len(dst)
	space := true // suppress leading spaces
	n := 0        // runes of the word so far
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			switch {
			case 'a' <= c && c <= 'z' || '0' <= c && c <= '9':
				if n < MaxWord {
					dst = append(dst, c)
				}
				space = false
				n++
			case 'A' <= c && c <= 'Z':
				if n < MaxWord {
					dst = append(dst, c+'a'-'A')
				}
				space = false
				n++
			default:
				if !space {
					dst = append(dst, ' ')
					space = true
					n = 0
				}
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if f, ok := Rune(r); ok {
			if n < MaxWord {
				dst = append(dst, f...)
			}
			space = false
			n++
			continue
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if n < MaxWord {
				dst = utf8.AppendRune(dst, unicode.ToLower(r))
			}
			space = false
			n++
			continue
		}
		if unicode.Is(unicode.Mn, r) { // a combining mark: drop it
			continue
		}
		if !space {
			dst = append(dst, ' ')
			space = true
			n = 0
		}
	}
	if len(dst) > start && dst[len(dst)-1] == ' ' {
		dst = dst[:len(dst)-1]
	}
	return dst
}

func isLowerASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || 'A' <= c && c <= 'Z' {
			return false
		}
	}
	return true
}

// The Latin blocks whose letters decompose: Latin-1 Supplement through
// Latin Extended-B are held in a slice, Latin Extended Additional and the
// letters without a decomposition in a map.
const (
	latinLo = 0xC0
	latinHi = 0x250
)

// undecomposed spells the Latin letters NFD leaves whole.
var undecomposed = map[rune]string{
	'ß': "ss", 'ẞ': "ss", 'æ': "ae", 'Æ': "ae", 'œ': "oe", 'Œ': "oe",
	'ø': "o", 'Ø': "o", 'ł': "l", 'Ł': "l", 'đ': "d", 'Đ': "d", 'ð': "d", 'Ð': "d",
	'þ': "th", 'Þ': "th", 'ı': "i", 'ħ': "h", 'Ħ': "h", 'ŧ': "t", 'Ŧ': "t",
	'ŀ': "l", 'Ŀ': "l", 'ĳ': "ij", 'Ĳ': "ij", 'ŉ': "n", 'ſ': "s", 'ƀ': "b", 'ƚ': "l",
}

var latin, extra = func() ([]string, map[rune]string) {
	latin := make([]string, latinHi-latinLo)
	extra := map[rune]string{}
	set := func(r rune, s string) {
		if r >= latinLo && r < latinHi {
			latin[r-latinLo] = s
		} else {
			extra[r] = s
		}
	}
	fold := func(r rune) {
		var base []byte
		for _, d := range norm.NFD.String(string(r)) {
			switch {
			case unicode.Is(unicode.Mn, d):
			case d < utf8.RuneSelf && unicode.IsLetter(d):
				base = append(base, byte(unicode.ToLower(d)))
			default:
				return // not a Latin letter with diacritics
			}
		}
		if len(base) > 0 {
			set(r, string(base))
		}
	}
	for r := rune(latinLo); r < latinHi; r++ {
		fold(r)
	}
	for r := rune(0x1E00); r < 0x1F00; r++ {
		fold(r)
	}
	for r, s := range undecomposed {
		set(r, s)
	}
	return latin, extra
}()

// IsASCII reports whether s is all ASCII, where a byte is a character and
// upper and lower case are one byte apart.
func IsASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
