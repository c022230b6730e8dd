package ident

import (
	"strings"
)

// This file holds the scanners Parse and Find share: each reads one form
// starting at byte i of s and reports the canonical value and where it
// ends. A scanner succeeds only when the form ends at a token boundary, so
// that scanning the reported span again on its own gives the same result.

// cue is a scheme marker in front of a value: "isil:", "ISIL ", "GND: ",
// "(DE-588)".
type cue struct {
	scheme Scheme
	end    int  // where the value starts
	word   bool // a bare word followed by space, rather than "x:" or "(DE-588)"
}

// cueWords are the words that mark a scheme, lower-case.
var cueWords = []struct {
	word   string
	scheme Scheme
}{
	{"isil", ISIL}, {"gnd", GND}, {"ror", ROR}, {"ghcid", GHCID},
	{"wikidata", Wikidata}, {"qid", Wikidata}, {"wd", Wikidata},
}

// cueWord returns the scheme of a cue word, in any case.
func cueWord(w string) (Scheme, bool) {
	if len(w) < 2 || len(w) > len("wikidata") {
		return "", false
	}
	for _, c := range cueWords {
		if len(c.word) == len(w) && strings.EqualFold(c.word, w) {
			return c.scheme, true
		}
	}
	return "", false
}

// cueAt reads a cue at s[i:]. A word cue needs something after it.
func cueAt(s string, i int) (cue, bool) {
	const dnb = "(de-588)"
	if i < len(s) && s[i] == '(' {
		if len(s)-i >= len(dnb) && strings.EqualFold(s[i:i+len(dnb)], dnb) {
			return cue{GND, skipBlanks(s, i+len(dnb)), false}, true
		}
		return cue{}, false
	}
	j := i
	for j < len(s) && isLetter(s[j]) && j-i <= len("wikidata") {
		j++
	}
	scheme, ok := cueWord(s[i:j])
	if !ok || j == len(s) {
		return cue{}, false
	}
	if j = skipCueSuffix(s, j); j == len(s) {
		return cue{}, false
	}
	if s[j] == ':' {
		return cue{scheme, skipBlanks(s, j+1), false}, true
	}
	k := skipBlanks(s, j)
	if k == j || k == len(s) {
		return cue{}, false
	}
	if s[k] == ':' {
		return cue{scheme, skipBlanks(s, k+1), false}, true
	}
	if s[i:j] == "wd" || s[i:j] == "WD" {
		return cue{}, false // "wd" is a cue only as "wd:"
	}
	return cue{scheme, k, true}, true
}

// cueSuffixes may follow a cue word after a hyphen or a space:
// "Wikidata-ID", "ISIL code", "GND-Nummer".
var cueSuffixes = []string{"id", "code", "number", "nummer", "nr"}

// skipCueSuffix returns where a cue word that ends at s[j] ends with its
// suffix, if it has one.
func skipCueSuffix(s string, j int) int {
	if j+1 >= len(s) || s[j] != '-' && s[j] != ' ' {
		return j
	}
	k := j + 1
	for k < len(s) && isLetter(s[k]) {
		k++
	}
	for _, suf := range cueSuffixes {
		if strings.EqualFold(s[j+1:k], suf) {
			if k < len(s) && s[k] == '.' {
				k++ // "Nr."
			}
			if k < len(s) && s[k] != ' ' && s[k] != '\t' && s[k] != ':' {
				return j // "ISIL ID-JKPNRI": a country code, not a suffix
			}
			return k
		}
	}
	return j
}

// scanValue reads a bare value of scheme at s[i:], in any form a cue
// allows (spaced ISILs, bare GND and ROR numbers).
func scanValue(scheme Scheme, s string, i int) (string, int, bool) {
	switch scheme {
	case ISIL:
		return scanISIL(s, i, true)
	case Wikidata:
		return scanQID(s, i, true)
	case GHCID:
		return scanGHCID(s, i)
	case GND:
		return scanGND(s, i, true)
	case ROR:
		return scanROR(s, i)
	}
	return "", i, false
}

// scanQID reads Q123 (or q123 when lower is set).
func scanQID(s string, i int, lower bool) (string, int, bool) {
	if i >= len(s) || !(s[i] == 'Q' || lower && s[i] == 'q') {
		return "", i, false
	}
	j := i + 1
	if j >= len(s) || s[j] < '1' || s[j] > '9' {
		return "", i, false
	}
	for j < len(s) && isDigit(s[j]) && j-i <= 12 {
		j++
	}
	if !boundary(s, j) {
		return "", i, false
	}
	return "Q" + s[i+1:j], j, true
}

// scanGHCID reads a provisional GHCID.
func scanGHCID(s string, i int) (string, int, bool) {
	j := i
	for j < len(s) && (isAlnum(s[j]) || s[j] == '-' || s[j] == '_') {
		j++
	}
	for j > i && s[j-1] == '-' {
		j--
	}
	if !boundary(s, j) {
		return "", i, false
	}
	if ghcidRe.MatchString(s[i:j]) {
		return s[i:j], j, true
	}
	// written in lower case ("nl-zh-dha-l-unpg"): its five parts upper-cased
	if v := upperGHCID(s[i:j]); v != "" {
		return v, j, true
	}
	return "", i, false
}

// upperGHCID returns a GHCID written in lower case with its five parts
// upper-cased (a name suffix stays as written), or "" when it is none.
func upperGHCID(s string) string {
	if s != strings.ToLower(s) {
		return ""
	}
	parts := strings.SplitN(s, "-", 6)
	if len(parts) < 5 {
		return ""
	}
	v := strings.ToUpper(strings.Join(parts[:5], "-"))
	if len(parts) == 6 {
		v += "-" + parts[5]
	}
	if !ghcidRe.MatchString(v) {
		return ""
	}
	return v
}

// scanISIL reads an ISIL: a prefix of 1–4 letters, then parts of letters,
// digits, ':' and '/' separated by hyphens, at most 16 characters in all.
// When loose is set the separators may be spaces too ("DE MUS 117113",
// "NL - 0835391002"); a spaced part must not read as a word ("Museum",
// "und") or a cue, so that the ISIL ends where the sentence goes on.
func scanISIL(s string, i int, loose bool) (string, int, bool) {
	j := i
	for j < len(s) && isLetter(s[j]) && j-i <= 4 {
		j++
	}
	prefix := s[i:j]
	if !isISILPrefix(prefix) || j < len(s) && (isAlnum(s[j]) || s[j] >= 0x80) {
		return "", i, false
	}
	lowerPrefix := prefix != strings.ToUpper(prefix)
	var b strings.Builder
	b.WriteString(strings.ToUpper(prefix))
	end, parts := j, 0
	for k := j; ; {
		m, spaced := skipBlanks(s, k), false
		spaced = m > k
		hyphen := m < len(s) && s[m] == '-'
		if hyphen {
			m++
			n := skipBlanks(s, m)
			spaced = spaced || n > m
			m = n
		}
		if !hyphen && !spaced || spaced && (!loose || lowerPrefix && parts == 0) {
			break
		}
		e := m
		for e < len(s) && (isAlnum(s[e]) || s[e] == ':' || s[e] == '/') {
			e++
		}
		for e > m && (s[e-1] == ':' || s[e-1] == '/') {
			e--
		}
		part := s[m:e]
		if part == "" || !isAlnum(part[0]) || e < len(s) && s[e] >= 0x80 {
			break
		}
		if spaced && (wordLike(part) || isCue(part)) {
			break
		}
		if b.Len()+1+len(part) > maxISIL {
			break
		}
		b.WriteByte('-')
		b.WriteString(part)
		end, k, parts = e, e, parts+1
	}
	if parts == 0 || !boundary(s, end) {
		return "", i, false
	}
	return b.String(), end, true
}

// plausibleISIL reports whether an ISIL found without a cue is likely one
// rather than ordinary text ("UTF-8", "SARS-CoV-2", "UK-based"): a country
// prefix with a digit or an upper-case code after it (DE-2291, NL-AmRM),
// or a longer prefix followed by an upper-case code (OCLC-NLAMF).
func plausibleISIL(span string) bool {
	prefix, rest, _ := strings.Cut(span, "-")
	if len(prefix) < 2 || len(prefix) > 4 {
		return false
	}
	if prefix != strings.ToUpper(prefix) {
		return len(prefix) == 2 && strings.ContainsAny(rest, "0123456789")
	}
	first, _, _ := strings.Cut(rest, "-")
	upper := 0
	for i := 0; i < len(first); i++ {
		if first[i] >= 'A' && first[i] <= 'Z' {
			upper++
		}
	}
	if len(prefix) > 2 {
		return upper >= 2 && first == strings.ToUpper(first)
	}
	return strings.ContainsAny(rest, "0123456789") || upper >= 2 && first[0] >= 'A' && first[0] <= 'Z'
}

// wordLike reports a part that reads as a word, not a code: all lower-case
// letters, or one capital followed by lower-case letters.
func wordLike(p string) bool {
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c >= 'a' && c <= 'z':
		case c >= 'A' && c <= 'Z' && i == 0 && len(p) > 1:
		default:
			return false
		}
	}
	return true
}

// scanGND reads a GND id: up to 8 digits, a hyphen and a check character
// (4734382-5, 10010812-X) or, when bare is set, 9–11 digits starting with 1
// whose last may be X (1198886218). The check character must be right.
func scanGND(s string, i int, bare bool) (string, int, bool) {
	j := i
	for j < len(s) && isDigit(s[j]) {
		j++
	}
	n := j - i
	if n == 0 {
		return "", i, false
	}
	if n <= 8 && j+1 < len(s) && s[j] == '-' && isCheck(s[j+1]) && boundary(s, j+2) {
		c := upperX(s[j+1])
		if gndHyphenCheck(s[i:j]) != c {
			return "", i, false
		}
		return s[i:j] + "-" + string(c), j + 2, true
	}
	if !bare || s[i] != '1' {
		return "", i, false
	}
	if j < len(s) && (s[j] == 'X' || s[j] == 'x') {
		j++
		n++
	}
	if n < 9 || n > 11 || !boundary(s, j) {
		return "", i, false
	}
	c := upperX(s[j-1])
	if gndNumberCheck(s[i:j-1]) != c {
		return "", i, false
	}
	return s[i:j-1] + string(c), j, true
}

// gndShape reports whether s has the shape of a GND id, whatever its
// check character.
func gndShape(s string) bool {
	body, check, hyphen := strings.Cut(s, "-")
	if !hyphen {
		if len(s) < 9 || len(s) > 11 || s[0] != '1' {
			return false
		}
		body, check = s[:len(s)-1], s[len(s)-1:]
	} else if len(body) > 8 {
		return false
	}
	return body != "" && allDigits(body) && len(check) == 1 && isCheck(check[0])
}

// gndHyphenCheck computes the check character of a hyphenated GND id
// (GKD/SWD numbers): the digits weighted 2, 3, 4, … from the right,
// summed modulo 11, 10 written X.
func gndHyphenCheck(body string) byte {
	return checkChar(weightedSum(body) % 11)
}

// gndNumberCheck computes the check character of an unhyphenated GND id
// (PND and current GND numbers): 11 minus the weighted sum modulo 11,
// modulo 11, 10 written X.
func gndNumberCheck(body string) byte {
	return checkChar((11 - weightedSum(body)%11) % 11)
}

func weightedSum(digits string) int {
	sum, w := 0, 2
	for i := len(digits) - 1; i >= 0; i-- {
		sum += int(digits[i]-'0') * w
		w++
	}
	return sum
}

func checkChar(c int) byte {
	if c == 10 {
		return 'X'
	}
	return byte('0' + c)
}

// crockford is the Crockford base32 alphabet ROR ids are written in.
const crockford = "0123456789abcdefghjkmnpqrstvwxyz"

// scanROR reads a ROR id: 0, six Crockford base32 characters and a
// two-digit ISO 7064 mod 97-10 checksum of the number they encode.
func scanROR(s string, i int) (string, int, bool) {
	const n = 9
	if len(s)-i < n || s[i] != '0' || !boundary(s, i+n) {
		return "", i, false
	}
	v := strings.ToLower(s[i : i+n])
	num := 0
	for k := 1; k < 7; k++ {
		d := strings.IndexByte(crockford, v[k])
		if d < 0 {
			return "", i, false
		}
		num = num*32 + d
	}
	if !isDigit(v[7]) || !isDigit(v[8]) {
		return "", i, false
	}
	if 98-(num*100)%97 != int(v[7]-'0')*10+int(v[8]-'0') {
		return "", i, false
	}
	return v, i + n, true
}
