package ident

// Mention is an identifier found in free text.
type Mention struct {
	ID ID
	// Start and End are the byte span in the text, cue included: Parse
	// reads text[Start:End] back to ID.
	Start, End int
	// Cued is set when a scheme cue introduced the identifier: a word
	// ("ISIL", "GND", "ROR", "Wikidata", "QID"), a prefix ("isil:", "wd:",
	// "(DE-588)") or a URL.
	Cued bool
}

// Find returns the identifiers in text, in order, without overlaps.
//
// Strict forms count anywhere: a hyphenated ISIL with a country prefix and
// a digit or an upper-case code (DE-MUS-117113, NL-AmRM, OCLC-NLAMF), a
// GHCID, an upper-case QID (Q190804) and a hyphenated GND id whose check
// character is right (2016830-5). Loose forms count only after a cue: a
// spaced ISIL ("ISIL DE MUS 117113"), an unhyphenated GND number
// ("GND 1198886218"), a bare ROR id ("ROR 02m69r871"), a lower-case QID
// ("wikidata q42"). Hyphenated names, year ranges, postcodes and plain
// numbers are not identifiers. Callers decide what to do with mentions
// that are not Cued.
func Find(text string) []Mention {
	var out []Mention
	for i := 0; i < len(text); {
		c := text[i]
		if !(isAlnum(c) || c == '(') || !boundaryBefore(text, i) {
			i++
			continue
		}
		m, next, ok := mentionAt(text, i)
		if ok {
			out = append(out, m)
			i = m.End
			continue
		}
		for i = max(next, i+1); i < len(text) && isAlnum(text[i]); i++ {
		}
	}
	return out
}

// mentionAt reads a mention starting at text[i]. When there is none, next
// is where scanning goes on (past a URL that names no identifier).
func mentionAt(text string, i int) (m Mention, next int, ok bool) {
	if isURL(text[i:]) {
		end := urlEnd(text, i)
		id, err := parseURL(text[i:end])
		if err != nil {
			return Mention{}, end, false
		}
		return Mention{id, i, end, true}, end, true
	}
	if c, ok := cueAt(text, i); ok {
		if v, end, ok := scanValue(c.scheme, text, c.end); ok {
			return Mention{ID{c.scheme, v}, i, end, true}, end, true
		}
	}
	if v, end, ok := scanGHCID(text, i); ok {
		return Mention{ID{GHCID, v}, i, end, false}, end, true
	}
	if v, end, ok := scanISIL(text, i, false); ok && plausibleISIL(text[i:end]) {
		if ghcidRe.MatchString(text[i:end]) {
			// the GHCID grammar wins, as in Parse ("AA-0-AAA-A-00--0")
			return Mention{ID{GHCID, text[i:end]}, i, end, false}, end, true
		}
		return Mention{ID{ISIL, v}, i, end, false}, end, true
	}
	if v, end, ok := scanQID(text, i, false); ok {
		return Mention{ID{Wikidata, v}, i, end, false}, end, true
	}
	if v, end, ok := scanGND(text, i, false); ok {
		return Mention{ID{GND, v}, i, end, false}, end, true
	}
	return Mention{}, i, false
}
