package router

import (
	"regexp"
	"strings"
)

var (
	reQID   = regexp.MustCompile(`(?i)(?:wd:|wikidata\.org/(?:wiki|entity)/)(q[1-9][0-9]*)\b|\b(Q[1-9][0-9]{0,9})\b`)
	reCode  = regexp.MustCompile(`\b[A-Za-z]{2,4}(?:-[A-Za-z0-9_:/]+)+`)
	reISIL  = regexp.MustCompile(`^[A-Z]{2}-[A-Za-z0-9:/-]{1,16}$|^[A-Z]{2,4}-[A-Z]{2}(?:-[A-Za-z0-9]+)?$`)
	reGHCID = regexp.MustCompile(`^[A-Z]{2}-[A-Z0-9]{1,3}-[A-Z]{3}-[A-Z]-[A-Z0-9]+(?:-[a-z0-9_]+)*$`)
	reGND   = regexp.MustCompile(`\b([0-9]{6,10}-[0-9Xx]|[0-9]{8,10}[0-9Xx])\b`)
)

// identifiers are the ids found verbatim in a question, and the byte spans
// they cover.
type identifiers struct {
	isils, qids, ghcids, gnds []string
	spans                     [][2]int
}

// extractIDs finds ISILs, QIDs, GHCIDs and GND ids. Codes present in the
// data are preferred; an unknown code counts only when it has the shape of
// an ISIL and the question speaks of ISILs or the code holds a digit.
func (g *gazetteer) extractIDs(q string) identifiers {
	var ids identifiers
	lower := strings.ToLower(q)
	for _, m := range reQID.FindAllStringSubmatchIndex(q, -1) {
		s, e := m[2], m[3]
		if s < 0 {
			s, e = m[4], m[5]
		}
		ids.qids = appendUnique(ids.qids, strings.ToUpper(q[s:e]))
		ids.spans = append(ids.spans, [2]int{m[0], m[1]})
	}
	mentionsISIL := strings.Contains(lower, "isil")
	for _, m := range reCode.FindAllStringIndex(q, -1) {
		code := strings.TrimRight(q[m[0]:m[1]], "-/:_")
		end := m[0] + len(code)
		if overlaps(ids.spans, m[0], end) {
			continue
		}
		lc := strings.ToLower(code)
		if c, ok := g.ghcids[lc]; ok {
			ids.ghcids = appendUnique(ids.ghcids, c)
			ids.spans = append(ids.spans, [2]int{m[0], end})
			continue
		}
		if c, ok := g.isils[lc]; ok {
			ids.isils = appendUnique(ids.isils, c)
			ids.spans = append(ids.spans, [2]int{m[0], end})
			continue
		}
		switch {
		case reGHCID.MatchString(code) && strings.Count(code, "-") >= 4:
			ids.ghcids = appendUnique(ids.ghcids, code)
		case reISIL.MatchString(code) && (mentionsISIL || strings.ContainsAny(code, "0123456789")):
			ids.isils = appendUnique(ids.isils, code)
		default:
			continue
		}
		ids.spans = append(ids.spans, [2]int{m[0], end})
	}
	mentionsGND := strings.Contains(lower, "gnd")
	for _, m := range reGND.FindAllStringIndex(q, -1) {
		if overlaps(ids.spans, m[0], m[1]) {
			continue
		}
		v := strings.ToUpper(q[m[0]:m[1]])
		if mentionsGND || g.gnds[v] {
			ids.gnds = appendUnique(ids.gnds, v)
			ids.spans = append(ids.spans, [2]int{m[0], m[1]})
		}
	}
	return ids
}

func (ids identifiers) any() bool {
	return len(ids.isils)+len(ids.qids)+len(ids.ghcids)+len(ids.gnds) > 0
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
	if contains(s, x) {
		return s
	}
	return append(s, x)
}
