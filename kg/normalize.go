package kg

import (
	"strings"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/heritage"
)

// NormalizeName folds a name for exact matching (heritage.NormalizeName):
// lower case, diacritics removed, "&" read as "and", apostrophes dropped
// and every other run of punctuation or space collapsed to one space.
func NormalizeName(s string) string { return heritage.NormalizeName(s) }

// NormalizeIdentifier folds an identifier value of a canonical scheme (one
// of the Scheme constants) for look-up: trimmed, URL prefixes of the scheme
// removed, spaces dropped and upper-cased, so that every scheme is matched
// case-insensitively. "https://www.wikidata.org/wiki/q42" folds to "Q42".
func NormalizeIdentifier(scheme, v string) string {
	return strings.ToUpper(strings.ReplaceAll(trimIdentifier(scheme, v), " ", ""))
}

// isNormalIdentifier reports whether NormalizeIdentifier(scheme, v) is
// norm, without making it where v is ASCII.
func isNormalIdentifier(scheme, v, norm string) bool {
	t := trimIdentifier(scheme, v)
	j := 0
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case c >= utf8.RuneSelf:
			return NormalizeIdentifier(scheme, v) == norm
		case c == ' ':
			continue
		case 'a' <= c && c <= 'z':
			c -= 'a' - 'A'
		}
		if j >= len(norm) || norm[j] != c {
			return false
		}
		j++
	}
	return j == len(norm)
}

// appendNormalIdentifier appends NormalizeIdentifier(scheme, v) to b.
func appendNormalIdentifier(b []byte, scheme, v string) []byte {
	t := trimIdentifier(scheme, v)
	for i := 0; i < len(t); i++ {
		if t[i] >= utf8.RuneSelf {
			return append(b, NormalizeIdentifier(scheme, v)...)
		}
	}
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case c == ' ':
		case 'a' <= c && c <= 'z':
			b = append(b, c-('a'-'A'))
		default:
			b = append(b, c)
		}
	}
	return b
}

// trimIdentifier is v trimmed of spaces and of the URL prefixes of scheme.
func trimIdentifier(scheme, v string) string {
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
	return v
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
