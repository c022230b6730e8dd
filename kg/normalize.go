package kg

import (
	"strings"
	"unicode"

	"github.com/hybridrag/hybridrag/internal/textfold"
)

// NormalizeName folds a name for exact matching: lower case, diacritics
// removed (textfold.Rune), "&" read as "and", apostrophes dropped and every
// other run of punctuation or space collapsed to one space. "Bo'ness" and "Boness" fold
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

// NormalizeIdentifier folds an identifier value of a canonical scheme (one
// of the Scheme constants) for look-up: trimmed, URL prefixes of the scheme
// removed, spaces dropped and upper-cased, so that every scheme is matched
// case-insensitively. "https://www.wikidata.org/wiki/q42" folds to "Q42".
func NormalizeIdentifier(scheme, v string) string {
	v = strings.TrimSpace(v)
	switch scheme {
	case SchemeROR:
		v = strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(v, "https://ror.org/"), "http://ror.org/"), "ror:")
	case SchemeWikidata:
		if i := strings.LastIndexByte(v, '/'); i >= 0 {
			v = v[i+1:]
		}
		v = strings.TrimPrefix(strings.TrimPrefix(v, "wd:"), "WD:")
	case SchemeISNI:
		v = strings.TrimPrefix(v, "https://isni.org/isni/")
	case SchemeGRID:
		v = strings.TrimPrefix(v, "https://www.grid.ac/institutes/")
	}
	v = strings.ReplaceAll(v, " ", "")
	return strings.ToUpper(v)
}

// normSubject folds a Subject_Matter code into its trimmed, lower-cased
// segments: "Natural world / Geology" → ["natural world", "geology"].
func normSubject(s string) []string {
	parts := strings.Split(s, "/")
	out := parts[:0]
	for _, p := range parts {
		p = strings.ToLower(strings.TrimSpace(p))
		out = append(out, p)
	}
	return out
}
