package heritage

import (
	"strings"
	"unicode"

	"github.com/hybridrag/hybridrag/internal/textfold"
)

// NormalizeName folds a name for exact matching: lower case, diacritics
// removed (textfold.Rune), "&" read as "and", apostrophes dropped and every other run of
// punctuation or space collapsed to one space. "Bo'ness" and "Boness" fold
// to the same key, as do "Národní" and "Narodni".
func NormalizeName(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	emit := func(r rune) {
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
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
				space = false
				b.WriteString(f)
				continue
			}
			emit(unicode.ToLower(r))
		default:
			space = true
		}
	}
	return b.String()
}
