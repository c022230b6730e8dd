package heritage

import (
	"strings"
	"unicode"

	"github.com/hybridrag/hybridrag/internal/textfold"
)

// NormalizeName folds a name for exact matching: lower case, diacritics
// removed (textfold.Rune), "&" read as "and", apostrophes dropped and every other run of
// punctuation or space collapsed to one space. "Bo'ness" and "Boness" fold
// to the same key, as do "Národní" and "Narodni". A word keeps its first
// textfold.MaxWord runes.
func NormalizeName(s string) string {
	var b strings.Builder
	b.Grow(min(len(s), 1<<10))
	space := false
	n := 0 // runes of the word so far
	emit := func(r rune) {
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		if space {
			n = 0
		}
		space = false
		if n++; n <= textfold.MaxWord {
			b.WriteRune(r)
		}
	}
	for _, r := range s {
		switch {
		case r == '\'' || r == '’' || r == '‘' || r == '`':
			// dropped: "Bo'ness" == "Boness"
		case r == '&':
			space = true
			emit('a')
			b.WriteString("nd")
			space = true
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if f, ok := textfold.Rune(r); ok {
				if space && b.Len() > 0 {
					b.WriteByte(' ')
				}
				if space {
					n = 0
				}
				space = false
				if n++; n <= textfold.MaxWord {
					b.WriteString(f)
				}
				continue
			}
			emit(unicode.ToLower(r))
		default:
			space = true
		}
	}
	return b.String()
}
