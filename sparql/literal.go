package sparql

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/ident"
)

// literal writes s as a SPARQL 1.1 string literal (STRING_LITERAL_QUOTE):
// the characters the grammar forbids unescaped inside "…" (the quote, the
// backslash, line feed and carriage return) and the other ECHAR characters
// (tab, backspace, form feed, apostrophe) are escaped; other control
// characters are written as \uXXXX, invalid UTF-8 becomes U+FFFD and NUL is
// dropped. The result is always exactly one literal token.
func literal(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for _, r := range strings.ToValidUTF8(s, string(utf8.RuneError)) {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\'':
			b.WriteString(`\'`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		case 0:
		default:
			if r < 0x20 || r == 0x7f || r == '\u2028' || r == '\u2029' {
				fmt.Fprintf(&b, `\u%04X`, r)
				continue
			}
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// itemTerm writes a validated QID as a prefixed name (wd:Q42). It checks
// the value again so that a hand-built ident.ID cannot smuggle query text.
func itemTerm(id ident.ID) (string, error) {
	v := id.Value
	ok := id.Scheme == ident.Wikidata && len(v) >= 2 && v[0] == 'Q' && v[1] != '0'
	for i := 1; ok && i < len(v); i++ {
		ok = v[i] >= '0' && v[i] <= '9'
	}
	if !ok {
		return "", fmt.Errorf("%w: %w: %q is not a QID", ErrInvalid, ident.ErrMalformed, v)
	}
	return "wd:" + v, nil
}

// parseQIDs validates and normalises qids, dropping duplicates and keeping
// the first-seen order. Every malformed value is reported in one error.
func parseQIDs(qids []string) ([]ident.ID, error) {
	return parseIDs(qids, ident.ParseQID, "Wikidata QIDs")
}

// parseISILs validates and normalises isils like parseQIDs.
func parseISILs(isils []string) ([]ident.ID, error) {
	return parseIDs(isils, ident.ParseISIL, "ISILs")
}

func parseIDs(values []string, parse func(string) (ident.ID, error), what string) ([]ident.ID, error) {
	out := make([]ident.ID, 0, len(values))
	seen := make(map[string]bool, len(values))
	var bad []string
	for _, s := range values {
		id, err := parse(s)
		if err != nil {
			bad = append(bad, fmt.Sprintf("%q", s))
			continue
		}
		if !seen[id.Value] {
			seen[id.Value] = true
			out = append(out, id)
		}
	}
	if len(bad) > 0 {
		return nil, fmt.Errorf("%w: %w: not %s: %s", ErrInvalid, ident.ErrMalformed, what, strings.Join(bad, ", "))
	}
	return out, nil
}

// qidNumber is the numeric part of a normalised QID, for ordering.
func qidNumber(qid string) int64 {
	var n int64
	for i := 1; i < len(qid); i++ {
		n = n*10 + int64(qid[i]-'0')
	}
	return n
}
