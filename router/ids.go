package router

import (
	"bytes"
	"regexp"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/ident"
)

// identifiers are the ids found verbatim in a question, and the byte spans
// they cover.
type identifiers struct {
	isils, qids, ghcids, gnds, rors []string
	spans                           [][2]int
}

// extractIDs takes the ISILs, QIDs, GHCIDs, GND and ROR ids ident.Find sees in
// the question. An id present in the data always counts, written as the
// data writes it. An unknown id counts when a cue introduced it; otherwise
// an unknown ISIL counts when it holds a digit, has a capital inside its
// second part (see camelSuffix) or the question speaks of ISILs, and an
// unknown GND id when the question speaks of the GND.
func (g *gazetteer) extractIDs(q string) identifiers {
	var ids identifiers
	found := ident.Find(q)
	if len(found) == 0 {
		found = g.knownLowerQIDs(q)
	}
	if len(found) == 0 {
		return ids
	}
	lower := strings.ToLower(q)
	// the question names the scheme
	mentionsISIL := strings.Contains(lower, string(ident.ISIL))
	mentionsGND := strings.Contains(lower, string(ident.GND))
	for _, m := range found {
		v := m.ID.Value
		switch m.ID.Scheme {
		case ident.Wikidata:
			ids.qids = appendUnique(ids.qids, v)
		case ident.ISIL, ident.GHCID:
			lc := strings.ToLower(v)
			if prefix, _, _ := strings.Cut(lc, "-"); g.lex.schemeWords[prefix] && !g.knownISIL(lc) {
				continue // "ROR-ID 0qpf1pb24" names a scheme, not an ISIL
			}
			if c, ok := g.ghcid(lc); ok {
				ids.ghcids = appendUnique(ids.ghcids, c)
			} else if c, ok := g.isil(lc); ok {
				ids.isils = appendUnique(ids.isils, c)
			} else if m.ID.Scheme == ident.GHCID {
				ids.ghcids = appendUnique(ids.ghcids, v)
			} else if m.Cued || mentionsISIL || strings.ContainsAny(v, "0123456789") || camelSuffix(v) {
				ids.isils = appendUnique(ids.isils, v)
			} else {
				continue
			}
		case ident.GND:
			if !m.Cued && !mentionsGND && !g.knownGND(v) {
				continue
			}
			ids.gnds = appendUnique(ids.gnds, v)
		case ident.ROR:
			ids.rors = appendUnique(ids.rors, v)
		default:
			continue
		}
		ids.spans = append(ids.spans, [2]int{m.Start, m.End})
	}
	return ids
}

// knownLowerQIDs finds the QIDs written in lower case without a cue
// ("what is q190804"), for a question with no identifier ident.Find
// sees: one the data holds, or a "q" and four digits or more, is no other
// word (ident.Find asks for a cue, as a scan of any text must).
func (g *gazetteer) knownLowerQIDs(q string) []ident.Mention {
	if !lowerQAndDigit(q) {
		return nil // most questions: no need to read the words again
	}
	var out []ident.Mention
	for _, t := range tokenize(q, false) {
		v := strings.ToUpper(q[t.start:t.end])
		if q[t.start] == 'q' && (g.knownQID(v) || len(v) >= 5) {
			if id, err := ident.ParseQID(v); err == nil {
				out = append(out, ident.Mention{ID: id, Start: t.start, End: t.end})
			}
		}
	}
	return out
}

// lowerQAndDigit reports whether q holds a "q" followed by a digit.
func lowerQAndDigit(q string) bool {
	for i := 0; i+1 < len(q); i++ {
		if q[i] == 'q' && q[i+1] >= '0' && q[i+1] <= '9' {
			return true
		}
	}
	return false
}

// camelSuffix reports whether the part of an ISIL after its prefix has a
// capital after a small letter, as the UK's do ("GB-UkOxU"), which no
// hyphenated word of a question has.
func camelSuffix(v string) bool {
	_, rest, ok := strings.Cut(v, "-")
	for i := 1; ok && i < len(rest); i++ {
		if rest[i-1] >= 'a' && rest[i-1] <= 'z' && rest[i] >= 'A' && rest[i] <= 'Z' {
			return true
		}
	}
	return false
}

// buildCuedID makes the pattern of a scheme cue (idSchemeCues, perhaps
// with one of idNouns) and the value after it, for reporting values that
// look like an identifier of that scheme but are not one.
func (lex *Lexicon) buildCuedID() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(` + alternation(lex.idSchemeCues) + `)(?:[- ]?` + alternation(lex.idNouns) +
		`)?\s*[:#]?\s*((?:https?://)?[A-Za-z0-9][A-Za-z0-9./:_-]*[A-Za-z0-9])`)
}

// malformedIDs returns the identifiers the question gives after a scheme
// cue that do not parse ("ROR 0degcx868" fails the ROR check digits), and
// ror.org or wikidata.org URLs that do not hold a valid id.
func (lex *Lexicon) malformedIDs(q string, spans [][2]int) []string {
	var out []string
	add := func(s string, start, end int) {
		if overlaps(spans, start, end) {
			return
		}
		if _, ok, err := ident.Parse(s); ok && err != nil {
			out = appendUnique(out, strings.TrimSpace(s))
		}
	}
	if lex.mayHoldCue(q) {
		for _, m := range lex.cuedID.FindAllStringSubmatchIndex(q, -1) {
			add(q[m[2]:m[3]]+" "+q[m[4]:m[5]], m[4], m[5])
		}
	}
	if !strings.Contains(q, "ror.org/") && !strings.Contains(q, "wikidata.org/") && !strings.Contains(q, "d-nb.info/") {
		return out
	}
	for _, f := range strings.Fields(q) {
		f = strings.TrimRight(f, "?.,;!")
		if strings.Contains(f, "ror.org/") || strings.Contains(f, "wikidata.org/") || strings.Contains(f, "d-nb.info/") {
			i := strings.Index(q, f)
			add(f, i, i+len(f))
		}
	}
	return out
}

// mayHoldCue reports whether q may hold a scheme cue of cuedID: a text
// of ASCII without any of the scheme words, in any case, holds none (the
// pattern's case folding also matches two letters outside ASCII, so any
// other text may).
func (lex *Lexicon) mayHoldCue(q string) bool {
	lower := make([]byte, 0, 256) // on the stack for a question of common length
	for i := 0; i < len(q); i++ {
		c := q[i]
		if c >= 0x80 {
			return true
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		lower = append(lower, c)
	}
	for _, w := range lex.idSchemeCues {
		if bytes.Contains(lower, []byte(w)) {
			return true
		}
	}
	return false
}

func (ids identifiers) any() bool {
	return len(ids.isils)+len(ids.qids)+len(ids.ghcids)+len(ids.gnds)+len(ids.rors) > 0
}

func overlaps(spans [][2]int, s, e int) bool {
	for _, sp := range spans {
		if s < sp[1] && sp[0] < e {
			return true
		}
	}
	return false
}

func appendUnique(s []string, x string) []string {
	if slices.Contains(s, x) {
		return s
	}
	return append(s, x)
}

// idHolderAsked reports a cue of idHolderCues right before or right after
// an identifier the question writes (articles and the scheme's name
// aside), and marks it read.
func idHolderAsked(s *scan, rd *reading) bool {
	if !rd.ids.any() {
		return false
	}
	isID := func(k int) bool { return overlaps(rd.ids.spans, s.toks[k].start, s.toks[k].end) }
	aside := func(k int) bool { return s.lex.articles[s.toks[k].norm] || s.lex.schemeWords[s.toks[k].norm] }
	for _, p := range s.lex.idHolderCues {
		at := s.find(p)
		end := at + len(strings.Fields(p))
		if at < 0 || !s.free(at, end) {
			continue
		}
		j := end
		for j < len(s.toks) && aside(j) {
			j++
		}
		k := at - 1
		for k >= 0 && aside(k) {
			k--
		}
		if j < len(s.toks) && isID(j) || k >= 0 && isID(k) {
			s.mark(at, end)
			return true
		}
	}
	return false
}
