package router

import (
	"regexp"
	"strconv"
	"strings"
)

// rePostcode matches a UK postcode (full "NE61 1PJ" or outward code
// "NE61" after a postcode cue), the only postcodes the data records.
var (
	rePostcode = regexp.MustCompile(`(?i)\b([A-Z]{1,2}[0-9][A-Z0-9]?)\s*([0-9][A-Z]{2})\b`)
	reRadius   = regexp.MustCompile(`(?i)\b(?:within|in a radius of|less than|under|up to|binnen|innerhalb von|im umkreis von)\s+(\d+(?:[.,]\d+)?)\s*(km|kilometres?|kilometers?|kilometer|miles?|mi)\b`)
)

// postcodes reads UK postcodes and a search radius, and marks their
// tokens as read.
func postcodes(s *scan, c *Constraints) {
	mark := func(start, end int) {
		for i, t := range s.toks {
			if t.start >= start && t.end <= end {
				s.used[i] = true
			}
		}
	}
	if !strings.ContainsAny(s.text, "0123456789") {
		// every pattern here holds a digit
		return
	}
	for _, m := range rePostcode.FindAllStringSubmatchIndex(s.text, -1) {
		pc := strings.ToUpper(s.text[m[2]:m[3]] + " " + s.text[m[4]:m[5]])
		c.Postcodes = appendUnique(c.Postcodes, pc)
		mark(m[0], m[1])
	}
	if len(c.Postcodes) == 0 {
		outwardCodes(s, c)
	}
	if len(c.Postcodes) > 0 && s.hasAny(s.lex.postcodeNearCues...) {
		c.NearPlace = true
	}
	if m := reRadius.FindStringSubmatchIndex(s.text); m != nil {
		v, err := strconv.ParseFloat(strings.Replace(s.text[m[2]:m[3]], ",", ".", 1), 64)
		if err == nil && v > 0 && v <= 500 {
			if strings.HasPrefix(strings.ToLower(s.text[m[4]:m[5]]), "mi") {
				v *= 1.609344
			}
			c.RadiusKM = v
			c.NearPlace = true
			mark(m[0], m[1])
		}
	}
}

// outwardCodes reads the outward codes of UK postcodes ("NE61") written
// after a word for a postcode or its district (postcodeCues: "postcode
// district", "postcodegebied", "Postleitzahlbereich"), and marks them
// and the cue as read.
func outwardCodes(s *scan, c *Constraints) {
	for i := range s.toks {
		for _, cue := range s.lex.postcodeCues {
			n, ok := s.matchAt(i, cue)
			if !ok || i+n >= len(s.toks) {
				continue
			}
			t := s.toks[i+n]
			if code := s.text[t.start:t.end]; outwardCode(code) {
				c.Postcodes = appendUnique(c.Postcodes, strings.ToUpper(code))
				s.mark(i, i+n+1)
			}
		}
	}
}

// outwardCode reports whether a word is the outward code of a UK
// postcode: one or two letters, a digit, and a letter or digit or none.
func outwardCode(w string) bool {
	letters := 0
	for letters < len(w) && letters < 3 && isASCIILetter(w[letters]) {
		letters++
	}
	if letters < 1 || letters > 2 || letters >= len(w) || w[letters] < '0' || w[letters] > '9' {
		return false
	}
	rest := w[letters+1:]
	return rest == "" || len(rest) == 1 && (isASCIILetter(rest[0]) || rest[0] >= '0' && rest[0] <= '9')
}

func isASCIILetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }
