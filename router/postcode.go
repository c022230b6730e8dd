package router

import (
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// rePostcode matches a full UK postcode ("NE61 1PJ"), the only postcodes
// the data records.
var rePostcode = regexp.MustCompile(`(?i)\b([A-Z]{1,2}[0-9][A-Z0-9]?)\s*([0-9][A-Z]{2})\b`)

// postcodePatterns are the patterns of the lexicon's cues around a
// postcode: a radius after a radius cue ("within 10 km"). An outward
// code after a postcode cue is read from the tokens (outwardCodes).
type postcodePatterns struct {
	radius *regexp.Regexp
}

// buildPostcodePatterns makes the postcode patterns from radiusCues and
// radiusUnits.
func (lex *Lexicon) buildPostcodePatterns() postcodePatterns {
	units := slices.Sorted(maps.Keys(lex.radiusUnits))
	return postcodePatterns{
		radius: regexp.MustCompile(`(?i)\b` + alternation(lex.radiusCues) + `\s+(\d+(?:[.,]\d+)?)\s*(` + alternation(units) + `)\b`),
	}
}

// alternation is a pattern that matches any of the phrases as written,
// the first that matches where several do.
func alternation(phrases []string) string {
	quoted := make([]string, len(phrases))
	for i, p := range phrases {
		quoted[i] = regexp.QuoteMeta(p)
	}
	return "(?:" + strings.Join(quoted, "|") + ")"
}

// kilometres is the length of a radius written as v unit, in any case.
func (lex *Lexicon) kilometres(v float64, unit string) float64 {
	for u, km := range lex.radiusUnits {
		if strings.EqualFold(u, unit) {
			return v * km
		}
	}
	return v
}

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
		// every pattern here but a postcode area holds a digit
		outwardCodes(s, c)
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
	if m := s.lex.postcodePatterns.radius.FindStringSubmatchIndex(s.text); m != nil {
		v, err := strconv.ParseFloat(strings.Replace(s.text[m[2]:m[3]], ",", ".", 1), 64)
		if err == nil && v > 0 && v <= 500 {
			c.RadiusKM = s.lex.kilometres(v, s.text[m[4]:m[5]])
			c.NearPlace = true
			mark(m[0], m[1])
		}
	}
}

// outwardCodes reads the outward codes of UK postcodes ("NE61") and
// postcode areas ("NR", written in capitals) next to a word for a
// postcode or its district (postcodeCues: "postcode district",
// "postcodegebied", "Postleitzahlbereich"), after it or before it, and
// marks them and the cue as read.
func outwardCodes(s *scan, c *Constraints) {
	for i := range s.toks {
		for _, cue := range s.lex.postcodeCues {
			n, ok := s.matchAt(i, cue)
			if !ok {
				continue
			}
			if i+n < len(s.toks) && postcodeAt(s, i+n, c) {
				s.mark(i, i+n+1)
			} else if i > 0 && postcodeAt(s, i-1, c) {
				s.mark(i-1, i+n)
			}
		}
	}
	if len(c.Postcodes) > 0 {
		return
	}
	// an outward code written as one ("SW7", with a digit, in capitals
	// unless the question writes none) after a locative or a word of a
	// code's start (postcodeStartCues: "starting with")
	for i := 1; i < len(s.toks); i++ {
		t := s.toks[i]
		code := s.text[t.start:t.end]
		if s.used[i] || !outwardCode(code) || !s.lower && strings.ToUpper(code) != code {
			continue
		}
		if s.lex.locatives[s.toks[i-1].norm] && !s.used[i-1] {
			postcodeAt(s, i, c)
			s.mark(i, i+1)
			continue
		}
		for _, cue := range s.lex.postcodeStartCues {
			if n, ok := s.endsAt(i, cue); ok {
				postcodeAt(s, i, c)
				s.mark(i-n, i+1)
				break
			}
		}
	}
}

// postcodeAt adds the outward code or postcode area token k is, if it is
// one.
func postcodeAt(s *scan, k int, c *Constraints) bool {
	t := s.toks[k]
	code := s.text[t.start:t.end]
	if !outwardCode(code) && !postcodeArea(code) {
		return false
	}
	c.Postcodes = appendUnique(c.Postcodes, strings.ToUpper(code))
	return true
}

// postcodeArea reports a postcode area: one or two capital letters.
func postcodeArea(w string) bool {
	if len(w) < 1 || len(w) > 2 {
		return false
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'A' || w[i] > 'Z' {
			return false
		}
	}
	return true
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
