package ident

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// whyNot says what is wrong with v as a bare value of scheme, for an
// error message: "QIDs start at Q1", "23 characters; an ISIL has at most
// 16". It is "" when it cannot tell more than that v is not one.
func whyNot(scheme Scheme, v string) string {
	switch scheme {
	case Wikidata:
		return whyNotQID(v)
	case ISIL:
		return whyNotISIL(v)
	case GHCID:
		return whyNotGHCID(v)
	case GND:
		return whyNotGND(v)
	case ROR:
		return whyNotROR(v)
	}
	return ""
}

// maxQIDDigits is the most digits a QID may have (qidRe).
const maxQIDDigits = 12

func whyNotQID(v string) string {
	if v == "" {
		return "it is empty"
	}
	if v[0] != 'Q' && v[0] != 'q' {
		return "a QID starts with Q"
	}
	num := v[1:]
	switch {
	case num == "":
		return "there is no number after Q"
	case !allDigits(num):
		return fmt.Sprintf("%s is not a digit", firstNonDigit(num))
	case strings.Trim(num, "0") == "":
		return "QIDs start at Q1, and Q0 names no item"
	case num[0] == '0':
		return fmt.Sprintf("a QID has no leading zeros (Q%s)", strings.TrimLeft(num, "0"))
	case len(num) > maxQIDDigits:
		return fmt.Sprintf("%d digits; a QID has at most %d", len(num), maxQIDDigits)
	}
	return ""
}

func whyNotISIL(v string) string {
	if v == "" {
		return "it is empty"
	}
	if n := utf8.RuneCountInString(v); n > maxISIL {
		return fmt.Sprintf("%d characters; an ISIL has at most %d", n, maxISIL)
	}
	prefix, rest, hyphen := strings.Cut(v, "-")
	switch {
	case !hyphen:
		return "there is no hyphen after the prefix"
	case prefix == "":
		return "there is no prefix before the hyphen"
	case !allLetters(prefix) || len(prefix) > 4:
		return fmt.Sprintf("the prefix %q is not 1–4 letters (a country code such as DE, or an agency code such as OCLC)", prefix)
	case strings.Trim(rest, "- ") == "":
		return "there is nothing after the prefix"
	}
	for _, part := range strings.Split(rest, "-") {
		if part == "" {
			return "two hyphens follow each other"
		}
		for _, r := range part {
			if r >= 0x80 || !(isAlnum(byte(r)) || r == ':' || r == '/') {
				return fmt.Sprintf("%q may not appear in an ISIL (letters A–Z, digits, ':', '/' and hyphens only)", r)
			}
		}
	}
	return ""
}

func whyNotGHCID(v string) string {
	parts := strings.Split(v, "-")
	if len(parts) < 5 {
		return fmt.Sprintf("%d parts; a GHCID has at least 5", len(parts))
	}
	switch {
	case len(parts[0]) != 2 || !allCase(parts[0], 'A', 'Z'):
		return fmt.Sprintf("the country %q is not two capital letters", parts[0])
	case len(parts[3]) != 1 || !allCase(parts[3], 'A', 'Z'):
		return fmt.Sprintf("the type %q is not one capital letter", parts[3])
	}
	return ""
}

func whyNotGND(v string) string {
	body, _, hyphen := strings.Cut(v, "-")
	switch {
	case v == "":
		return "it is empty"
	case !allDigits(body):
		return fmt.Sprintf("%s is not a digit", firstNonDigit(body))
	case hyphen && len(body) > 8:
		return fmt.Sprintf("%d digits before the hyphen; a GND id has at most 8 there", len(body))
	case !hyphen && (len(v) < 9 || len(v) > 11):
		return fmt.Sprintf("%d digits; a GND id without a hyphen has 9 to 11", len(v))
	case !hyphen && v[0] != '1':
		return "a GND id without a hyphen starts with 1"
	}
	return ""
}

func whyNotROR(v string) string {
	const n = 9
	switch {
	case len(v) != n:
		return fmt.Sprintf("%d characters; a ROR id has %d", utf8.RuneCountInString(v), n)
	case v[0] != '0':
		return "a ROR id starts with 0"
	}
	for _, r := range strings.ToLower(v[1:7]) {
		if !strings.ContainsRune(crockford, r) {
			return fmt.Sprintf("%q is not a ROR character (digits and letters but i, l, o and u)", r)
		}
	}
	if !isDigit(v[7]) || !isDigit(v[8]) {
		return "a ROR id ends in two check digits"
	}
	if _, _, ok := scanROR(v, 0); !ok {
		return "its last two digits are not the checksum of the rest"
	}
	return ""
}

// firstNonDigit quotes the first character of s that is not a digit.
func firstNonDigit(s string) string {
	for _, r := range s {
		if r < '0' || r > '9' {
			return fmt.Sprintf("%q", r)
		}
	}
	return ""
}
