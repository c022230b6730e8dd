package ident

import (
	"fmt"
	"net/url"
	"strings"
)

// urlHosts are the hosts whose URLs are read without a scheme
// ("ror.org/02m69r871").
var urlHosts = []string{"wikidata.org/", "www.wikidata.org/", "m.wikidata.org/", "d-nb.info/", "ror.org/", "www.ror.org/"}

// isURL reports whether s starts like a URL Parse and Find read.
func isURL(s string) bool {
	if hasPrefixFold(s, "http://") || hasPrefixFold(s, "https://") {
		return true
	}
	for _, h := range urlHosts {
		if hasPrefixFold(s, h) {
			return true
		}
	}
	return false
}

// urlEnd returns where the URL starting at s[i:] ends: at a space, a quote
// or a non-ASCII byte, without trailing punctuation.
func urlEnd(s string, i int) int {
	j := i
	for j < len(s) && s[j] > ' ' && s[j] < 0x7f && !strings.ContainsRune(`"'<>\^{|}`+"`", rune(s[j])) {
		j++
	}
	for j > i && strings.IndexByte(".,;:!?)]", s[j-1]) >= 0 {
		j--
	}
	return j
}

// parseURL reads identifier URLs: Wikidata items, d-nb.info GND URLs,
// ror.org ids and ISIL look-up URLs (…/DE-1a, …?isil=DE-1a).
func parseURL(s string) (ID, error) {
	raw := s
	if !hasPrefixFold(s, "http://") && !hasPrefixFold(s, "https://") {
		raw = "https://" + s
	}
	u, err := url.Parse(raw)
	if err != nil {
		return ID{}, malformedURL(s)
	}
	host := strings.ToLower(u.Hostname())
	host = strings.TrimPrefix(strings.TrimPrefix(host, "www."), "m.")
	segs := strings.Split(strings.Trim(u.Path, "/"), "/")
	last := segs[len(segs)-1]
	switch host {
	case "wikidata.org":
		if len(segs) >= 2 && (segs[0] == "wiki" || segs[0] == "entity") {
			return parseValue(Wikidata, last)
		}
	case "d-nb.info":
		if len(segs) == 2 && segs[0] == "gnd" {
			return parseValue(GND, last)
		}
	case "ror.org":
		if len(segs) == 1 {
			return parseValue(ROR, last)
		}
	default:
		q := u.Query()
		for _, v := range []string{q.Get("isil"), q.Get("ISIL"), last} {
			if val, end, ok := scanISIL(v, 0, false); ok && end == len(v) {
				return ID{ISIL, val}, nil
			}
		}
	}
	return ID{}, malformedURL(s)
}

func malformedURL(s string) error {
	return fmt.Errorf("%w: %q is not an identifier URL (Wikidata, d-nb.info/gnd, ror.org or an ISIL look-up)", ErrMalformed, s)
}
