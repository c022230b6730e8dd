// Package ident parses and validates the identifiers heritage records carry:
// ISIL (ISO 15511), Wikidata QIDs, provisional GHCIDs, GND ids and ROR ids.
// Input is validated once, here, at the edge; everything downstream takes
// the canonical value.
//
// [Parse] reads a whole string in any of the forms people type or paste:
// bare ("DE-MUS-117113", "Q42", "2016830-5"), spaced ("DE MUS 117113"),
// behind a scheme cue ("ISIL DE-1", "gnd:2016830-5", "ROR: 02m69r871",
// "(DE-588)511250-3", "Wikidata Q42") or as a URL
// ("https://d-nb.info/gnd/2022729-2", "ror.org/02m69r871",
// "http://www.wikidata.org/entity/Q42"). [Find] finds the same forms inside
// free text.
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
	ROR      Scheme = "ror"
)

// ID is a parsed identifier.
type ID struct {
	Scheme Scheme
	// Value is canonical: Q123, DE-MUS-165513 (ISIL prefix upper-cased, the
	// rest as given, since ISILs are case-sensitive after the prefix),
	// GB-ENG-MOR-M-MCBM, 4734382-5 (check character X upper-cased),
	// 02m69r871 (ROR, lower case).
	Value string
}

// String returns scheme:value ("isil:DE-1", "ror:02m69r871"), a form Parse
// reads back to the same ID.
func (id ID) String() string { return string(id.Scheme) + ":" + id.Value }

// ErrMalformed is wrapped by every parse failure.
var ErrMalformed = errors.New("malformed identifier")

// maxISIL is the longest ISIL ISO 15511 allows.
const maxISIL = 16

var (
	qidRe   = regexp.MustCompile(`^[Qq][1-9][0-9]{0,11}$`)
	ghcidRe = regexp.MustCompile(`^[A-Z]{2}-[A-Z0-9]{1,3}-[A-Z]{3}-[A-Z]-[A-Z0-9]+(-[a-z0-9_]+)*$`)
)

// ParseQID reads a Wikidata item id: Q123, q123, wd:Q123, "Wikidata Q123"
// or an item URL.
func ParseQID(s string) (ID, error) { return parseAs(Wikidata, s) }

// ParseISIL reads an ISIL such as DE-MUS-165513 or NL-AmRM (ISO 15511:
// a prefix of 1–4 letters, a hyphen, letters, digits, ':' or '/' in
// hyphen-separated parts; at most 16 characters), also spaced
// ("DE MUS 165513", "NL - 0835391002"), behind "isil:" or "ISIL", or in a
// look-up URL (…/DE-1a, …?isil=DE-1a). The prefix is upper-cased.
func ParseISIL(s string) (ID, error) { return parseAs(ISIL, s) }

// ParseGHCID reads a provisional GHCID: CC-REGION-CITY-TYPE-ABBR with an
// optional disambiguating suffix.
func ParseGHCID(s string) (ID, error) { return parseAs(GHCID, s) }

// ParseGND reads a GND identifier (4734382-5, 10010812-X, 1198886218),
// also behind "gnd:", "GND" or "(DE-588)", or as a d-nb.info URL. The check
// character is verified.
func ParseGND(s string) (ID, error) { return parseAs(GND, s) }

// ParseROR reads a ROR id (02m69r871), also behind "ror:" or "ROR", or as
// a ror.org URL. The checksum is verified.
func ParseROR(s string) (ID, error) { return parseAs(ROR, s) }

// parseAs reads s as an identifier of scheme want.
func parseAs(want Scheme, s string) (ID, error) {
	s = strings.TrimSpace(s)
	v := s
	if isURL(s) {
		id, err := parseURL(s)
		if err == nil && id.Scheme != want {
			err = fmt.Errorf("%w: %q is a %s URL, not %s", ErrMalformed, s, id.Scheme, describe(want))
		}
		return id, err
	}
	if c, ok := cueAt(s, 0); ok {
		if c.scheme != want {
			return ID{}, fmt.Errorf("%w: %q is marked as %s, not %s", ErrMalformed, s, c.scheme, describe(want))
		}
		v = s[c.end:]
	}
	return parseValue(want, v)
}

// parseValue reads v, all of it, as a bare value of scheme.
func parseValue(scheme Scheme, v string) (ID, error) {
	switch scheme {
	case Wikidata:
		if qidRe.MatchString(v) {
			return ID{Wikidata, "Q" + v[1:]}, nil
		}
	case ISIL:
		if val, end, ok := scanISIL(v, 0, true); ok && end == len(v) {
			return ID{ISIL, val}, nil
		}
	case GHCID:
		if ghcidRe.MatchString(v) {
			return ID{GHCID, v}, nil
		}
	case GND:
		if val, end, ok := scanGND(v, 0, true); ok && end == len(v) {
			return ID{GND, val}, nil
		}
		if gndShape(v) {
			return ID{}, fmt.Errorf("%w: %q fails the GND check character", ErrMalformed, v)
		}
	case ROR:
		if val, end, ok := scanROR(v, 0); ok && end == len(v) {
			return ID{ROR, val}, nil
		}
	}
	name, shape := schemeName(scheme), schemeShape(scheme)
	if why := whyNot(scheme, v); why != "" {
		return ID{}, fmt.Errorf("%w: %q is not %s: %s (%s)", ErrMalformed, v, name, why, shape)
	}
	return ID{}, fmt.Errorf("%w: %q is not %s (%s)", ErrMalformed, v, name, shape)
}

// describe names a scheme with what a valid identifier looks like, for
// error messages.
func describe(s Scheme) string { return schemeName(s) + " (" + schemeShape(s) + ")" }

func schemeName(s Scheme) string {
	switch s {
	case Wikidata:
		return "a Wikidata QID"
	case ISIL:
		return "an ISIL"
	case GHCID:
		return "a GHCID"
	case GND:
		return "a GND identifier"
	case ROR:
		return "a ROR id"
	}
	return "an identifier"
}

// schemeShape says what a valid identifier of the scheme looks like.
func schemeShape(s Scheme) string {
	switch s {
	case Wikidata:
		return "want Q and a number from 1 without leading zeros, e.g. Q190804"
	case ISIL:
		return "want PREFIX-ID, at most 16 characters, e.g. NL-AmRM or DE-MUS-165513"
	case GHCID:
		return "want CC-REGION-CITY-TYPE-ABBR, e.g. GB-ENG-MOR-M-MCBM"
	case GND:
		return "want up to 8 digits, a hyphen and a check character, or 9–11 digits starting with 1, e.g. 4734382-5 or 1198886218"
	case ROR:
		return "want 0, six letters or digits and two check digits, e.g. 02m69r871"
	}
	return "an identifier"
}

// Parse recognises any supported identifier in the whole of s. ok is false
// when s does not look like an identifier at all (it may be a name); err is
// set when it looks like one but is malformed ("Q12x", "wd:abc", a GND
// with a wrong check character).
//
// A bare ROR id needs a cue ("ror:", "ROR", a ror.org URL); a spaced ISIL
// ("DE MUS 117113") needs an upper-case prefix and a digit.
func Parse(s string) (id ID, ok bool, err error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return ID{}, false, nil
	}
	if isURL(s) {
		id, err := parseURL(s)
		return id, true, err
	}
	if c, ok := cueAt(s, 0); ok {
		id, err := parseValue(c.scheme, s[c.end:])
		if err != nil && c.word && !strings.ContainsAny(s[c.end:], "0123456789") {
			// "ISIL code of …", "Wikidata museum": a name, not an id.
			return ID{}, false, nil
		}
		return id, true, err
	}
	if strings.ContainsAny(s, " \t") {
		prefix := s[:strings.IndexAny(s, " \t-")]
		if val, end, ok := scanISIL(s, 0, true); ok && end == len(s) && isUpperWord(prefix) && strings.ContainsAny(val, "0123456789") {
			return ID{ISIL, val}, true, nil
		}
		return ID{}, false, nil
	}
	switch {
	case (s[0] == 'Q' || s[0] == 'q') && len(s) > 1 && isDigit(s[1]):
		id, err = parseValue(Wikidata, s)
		return id, true, err
	case ghcidRe.MatchString(s):
		return ID{GHCID, s}, true, nil
	case gndShape(s):
		id, err = parseValue(GND, s)
		return id, true, err
	}
	i := strings.IndexByte(s, '-')
	if i <= 0 || !isISILPrefix(s[:i]) {
		return ID{}, false, nil
	}
	id, err = parseValue(ISIL, s)
	switch {
	case err == nil:
		return id, true, nil
	case isUpperWord(s[:i]):
		// PREFIX-something that breaks the ISIL grammar.
		return ID{}, true, err
	}
	return ID{}, false, nil
}

// isUpperWord reports whether s has no lower-case letters.
func isUpperWord(s string) bool { return s == strings.ToUpper(s) }
