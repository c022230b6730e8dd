package ident

import (
	"errors"
	"math/big"
	"regexp"
	"strings"
	"testing"
)

// schemeParsers are the exported per-scheme parsers.
var schemeParsers = []struct {
	scheme Scheme
	parse  func(string) (ID, error)
}{
	{ISIL, ParseISIL}, {GND, ParseGND}, {ROR, ParseROR}, {Wikidata, ParseQID}, {GHCID, ParseGHCID},
}

// FuzzSchemeParsers feeds the same text to every per-scheme parser. An id a
// parser accepts must be of its scheme and canonical, its check characters
// must hold (recomputed here independently), and its canonical value, its
// scheme:value form and its bare value must all parse back to it, also
// through Parse. A failure wraps ErrMalformed. When Parse reads the text as
// a valid id, the parser of that scheme reads the same id.
func FuzzSchemeParsers(f *testing.F) {
	for _, s := range []string{
		"DE-MUS-117113", "de-2291", "NL-AmRM", "OCLC-NLAMF", "isil DE MUS 117113", "https://example.org/x?isil=DE-1a",
		"4734382-5", "10010812-x", "1198886218", "(DE-588)511250-3", "https://d-nb.info/gnd/2022729-2",
		"02m69r871", "ROR: 02m69r871", "https://ror.org/02M69R871", "Q42", "q42", "wd:Q190804",
		"http://www.wikidata.org/entity/Q42", "GB-ENG-MOR-M-MCBM", "ghcid: DE-XX-XXX-L-BMPIFM-bibliothek_des",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range schemeParsers {
			id, err := p.parse(s)
			if err != nil {
				if !errors.Is(err, ErrMalformed) {
					t.Fatalf("Parse %s %q: error %v does not wrap ErrMalformed", p.scheme, s, err)
				}
				continue
			}
			checkCanonical(t, s, id, p.scheme)
			for _, form := range []string{id.Value, id.String(), " " + id.String() + "\t"} {
				back, err := p.parse(form)
				if err != nil || back != id {
					t.Fatalf("Parse %s %q = %v, but %q reads back as %v, %v", p.scheme, s, id, form, back, err)
				}
			}
			back, ok, err := Parse(id.String())
			if !ok || err != nil || back != id {
				t.Fatalf("Parse %s %q = %v, but Parse(%q) = %v, %v, %v", p.scheme, s, id, id.String(), back, ok, err)
			}
		}
		if id, ok, err := Parse(s); ok && err == nil {
			for _, p := range schemeParsers {
				if p.scheme != id.Scheme {
					continue
				}
				if back, err := p.parse(s); err != nil || back != id {
					t.Fatalf("Parse(%q) = %v, but the %s parser gives %v, %v", s, id, p.scheme, back, err)
				}
			}
		}
	})
}

var (
	canonQID   = regexp.MustCompile(`^Q[1-9][0-9]*$`)
	canonISIL  = regexp.MustCompile(`^[A-Z]{1,4}(-[A-Za-z0-9:/]+)+$`)
	canonGHCID = regexp.MustCompile(`^[A-Z]{2}-[A-Z0-9]{1,3}-[A-Z]{3}-[A-Z]-[A-Z0-9]+(-[a-z0-9_]+)*$`)
	canonGND   = regexp.MustCompile(`^([0-9]{1,8}-[0-9X]|1[0-9]{7,9}[0-9X])$`)
	canonROR   = regexp.MustCompile(`^0[0-9a-hjkmnp-tv-z]{6}[0-9]{2}$`)
)

// checkCanonical checks the shape and the check characters of a parsed id.
func checkCanonical(t *testing.T, input string, id ID, want Scheme) {
	t.Helper()
	if id.Scheme != want {
		t.Fatalf("%s parser read %q as scheme %s", want, input, id.Scheme)
	}
	v := id.Value
	switch want {
	case Wikidata:
		if !canonQID.MatchString(v) || len(v) > 13 {
			t.Fatalf("%q: QID %q is not canonical", input, v)
		}
	case ISIL:
		if !canonISIL.MatchString(v) || len(v) > maxISIL {
			t.Fatalf("%q: ISIL %q is not canonical", input, v)
		}
	case GHCID:
		if !canonGHCID.MatchString(v) {
			t.Fatalf("%q: GHCID %q is not canonical", input, v)
		}
	case GND:
		if !canonGND.MatchString(v) || !gndCheckHolds(v) {
			t.Fatalf("%q: GND %q is not canonical or fails its check character", input, v)
		}
	case ROR:
		if !canonROR.MatchString(v) || !rorChecksumHolds(v) {
			t.Fatalf("%q: ROR %q is not canonical or fails its checksum", input, v)
		}
	}
}

// gndCheckHolds verifies a GND check character from the definition:
// hyphenated ids weight the digits 2, 3, … from the right and take the sum
// modulo 11; unhyphenated ids take 11 minus that, modulo 11; 10 is X.
func gndCheckHolds(v string) bool {
	body, check, hyphen := strings.Cut(v, "-")
	if !hyphen {
		body, check = v[:len(v)-1], v[len(v)-1:]
	}
	sum := 0
	for i := range len(body) {
		sum += int(body[i]-'0') * (len(body) - i + 1)
	}
	r := sum % 11
	if !hyphen {
		r = (11 - r) % 11
	}
	want := "X"
	if r < 10 {
		want = string(rune('0' + r))
	}
	return check == want
}

// rorChecksumHolds verifies a ROR id's ISO 7064 mod 97-10 checksum over the
// Crockford base32 number its middle six characters encode.
func rorChecksumHolds(v string) bool {
	n, ok := new(big.Int).SetString(crockfordToStd(v[1:7]), 32)
	if !ok {
		return false
	}
	sum := new(big.Int).Mul(n, big.NewInt(100))
	check := 98 - int(new(big.Int).Mod(sum, big.NewInt(97)).Int64())
	return v[7:] == string(rune('0'+check/10))+string(rune('0'+check%10))
}

// crockfordToStd rewrites Crockford base32 digits into the digits
// big.Int reads in base 32 (0-9a-v).
func crockfordToStd(s string) string {
	const (
		from = "0123456789abcdefghjkmnpqrstvwxyz" // Crockford: no i, l, o, u
		std  = "0123456789abcdefghijklmnopqrstuv"
	)
	var b strings.Builder
	for i := range len(s) {
		b.WriteByte(std[strings.IndexByte(from, s[i])])
	}
	return b.String()
}
