// Package ident parses and validates the identifiers heritage records carry:
// ISIL (ISO 15511), Wikidata QIDs, provisional GHCIDs and GND ids. Input is
// validated once, here, at the edge; everything downstream takes the
// normalised value.
package ident

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// Scheme names an identifier scheme. The values match the knowledge graph's
// look-up schemes.
type Scheme string

// Schemes.
const (
	ISIL     Scheme = "isil"
	Wikidata Scheme = "wikidata"
	GHCID    Scheme = "ghcid"
	GND      Scheme = "gnd"
)

// ID is a parsed identifier.
type ID struct {
	Scheme Scheme
	Value  string // normalised: Q123, DE-MUS-165513, GB-ENG-MOR-M-MCBM, 4734382-5
}

func (id ID) String() string { return string(id.Scheme) + ":" + id.Value }

// ErrMalformed is wrapped by every parse failure.
var ErrMalformed = errors.New("malformed identifier")

var (
	qidRe   = regexp.MustCompile(`^[Qq][1-9][0-9]{0,11}$`)
	isilRe  = regexp.MustCompile(`^[A-Za-z]{1,4}-[A-Za-z0-9:/\-]{1,11}$`)
	ghcidRe = regexp.MustCompile(`^[A-Z]{2}-[A-Z0-9]{1,3}-[A-Z]{3}-[A-Z]-[A-Z0-9]+(-[a-z0-9_]+)*$`)
	gndRe   = regexp.MustCompile(`^(1[0-9]{7,9}[0-9X]|[0-9]{1,8}-[0-9X])$`)
	urlQID  = regexp.MustCompile(`^https?://(www\.)?wikidata\.org/(wiki|entity)/(Q[0-9]+)$`)
)

// ParseQID reads Q123, wd:Q123 or a Wikidata item URL.
func ParseQID(s string) (ID, error) {
	s = strings.TrimSpace(s)
	if m := urlQID.FindStringSubmatch(s); m != nil {
		s = m[3]
	}
	s = strings.TrimPrefix(strings.TrimPrefix(s, "wd:"), "WD:")
	if !qidRe.MatchString(s) {
		return ID{}, fmt.Errorf("%w: %q is not a Wikidata QID (want Q followed by digits, e.g. Q190804)", ErrMalformed, s)
	}
	return ID{Wikidata, "Q" + s[1:]}, nil
}

// ParseISIL reads an ISIL such as DE-MUS-165513 or NL-AmRM (ISO 15511:
// a prefix of 1–4 letters, a hyphen, up to 11 letters, digits, ':', '/' or
// '-'; at most 16 characters). The prefix is upper-cased.
func ParseISIL(s string) (ID, error) {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "isil:")
	s = strings.TrimPrefix(s, "ISIL:")
	if !isilRe.MatchString(s) || len(s) > 16 {
		return ID{}, fmt.Errorf("%w: %q is not an ISIL (want PREFIX-ID, e.g. NL-AmRM or DE-MUS-165513)", ErrMalformed, s)
	}
	prefix, rest, _ := strings.Cut(s, "-")
	return ID{ISIL, strings.ToUpper(prefix) + "-" + rest}, nil
}

// ParseGHCID reads a provisional GHCID: CC-REGION-CITY-TYPE-ABBR with an
// optional disambiguating suffix.
func ParseGHCID(s string) (ID, error) {
	s = strings.TrimSpace(s)
	if !ghcidRe.MatchString(s) {
		return ID{}, fmt.Errorf("%w: %q is not a GHCID (want CC-REGION-CITY-TYPE-ABBR, e.g. GB-ENG-MOR-M-MCBM)", ErrMalformed, s)
	}
	return ID{GHCID, s}, nil
}

// ParseGND reads a GND identifier (e.g. 4734382-5, 10010812-X, 1198886218).
func ParseGND(s string) (ID, error) {
	s = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(s), "gnd:"))
	if !gndRe.MatchString(s) {
		return ID{}, fmt.Errorf("%w: %q is not a GND identifier", ErrMalformed, s)
	}
	return ID{GND, s}, nil
}

// Parse recognises any supported identifier. ok is false when s does not
// look like an identifier at all (it may be a name); err is set when it
// looks like one but is malformed (e.g. "Q12x", "wd:abc").
func Parse(s string) (id ID, ok bool, err error) {
	s = strings.TrimSpace(s)
	if s == "" || strings.ContainsAny(s, " \t\n") {
		return ID{}, false, nil
	}
	lower := strings.ToLower(s)
	switch {
	case strings.HasPrefix(lower, "wd:") || strings.Contains(lower, "wikidata.org/"):
		id, err = ParseQID(s)
		return id, true, err
	case len(s) > 1 && (s[0] == 'Q' || s[0] == 'q') && isDigit(s[1]):
		id, err = ParseQID(s)
		return id, true, err
	case strings.HasPrefix(lower, "isil:"):
		id, err = ParseISIL(s)
		return id, true, err
	case strings.HasPrefix(lower, "gnd:"):
		id, err = ParseGND(s)
		return id, true, err
	}
	if id, err := ParseGHCID(s); err == nil {
		return id, true, nil
	}
	if id, err := ParseGND(s); err == nil {
		return id, true, nil
	}
	if i := strings.IndexByte(s, '-'); i > 0 && isISILPrefix(s[:i]) {
		if id, err := ParseISIL(s); err == nil {
			return id, true, nil
		}
		// Looks like PREFIX-something but breaks the ISIL grammar.
		if i := strings.IndexByte(s, '-'); i >= 1 && i <= 4 && allLetters(s[:i]) && strings.ToUpper(s[:i]) == s[:i] {
			_, err := ParseISIL(s)
			return ID{}, true, err
		}
	}
	return ID{}, false, nil
}

// isISILPrefix accepts an upper-case prefix of 1–4 letters, or a
// lower-case country code typed in a hurry ("de-2291"); a capitalised word
// ("Tyne-and-Wear") is a name, not an ISIL.
func isISILPrefix(p string) bool {
	if len(p) > 4 || !allLetters(p) {
		return false
	}
	return p == strings.ToUpper(p) || len(p) == 2 && p == strings.ToLower(p)
}

func isDigit(b byte) bool  { return b >= '0' && b <= '9' }
func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }
func allLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isLetter(s[i]) {
			return false
		}
	}
	return true
}
