package kg

import (
	"strings"

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
