package router

import (
	"strings"

	"github.com/hybridrag/hybridrag/ident"
)

// identifiers are the ids found verbatim in a question, and the byte spans
// they cover.
type identifiers struct {
	isils, qids, ghcids, gnds []string
	spans                     [][2]int
}

// extractIDs takes the ISILs, QIDs, GHCIDs and GND ids ident.Find sees in
// the question. An id present in the data always counts, written as the
// data writes it. An unknown id counts when a cue introduced it; otherwise
// an unknown ISIL counts when it holds a digit or the question speaks of
// ISILs, and an unknown GND id when the question speaks of the GND.
func (g *gazetteer) extractIDs(q string) identifiers {
	var ids identifiers
	lower := strings.ToLower(q)
	mentionsISIL := strings.Contains(lower, "isil")
	mentionsGND := strings.Contains(lower, "gnd")
	for _, m := range ident.Find(q) {
		v := m.ID.Value
		switch m.ID.Scheme {
		case ident.Wikidata:
			ids.qids = appendUnique(ids.qids, v)
		case ident.ISIL, ident.GHCID:
			lc := strings.ToLower(v)
			if c, ok := g.ghcids[lc]; ok {
				ids.ghcids = appendUnique(ids.ghcids, c)
			} else if c, ok := g.isils[lc]; ok {
				ids.isils = appendUnique(ids.isils, c)
			} else if m.ID.Scheme == ident.GHCID {
				ids.ghcids = appendUnique(ids.ghcids, v)
			} else if m.Cued || mentionsISIL || strings.ContainsAny(v, "0123456789") {
				ids.isils = appendUnique(ids.isils, v)
			} else {
				continue
			}
		case ident.GND:
			if !m.Cued && !mentionsGND && !g.gnds[v] {
				continue
			}
			ids.gnds = appendUnique(ids.gnds, v)
		default:
			continue
		}
		ids.spans = append(ids.spans, [2]int{m.Start, m.End})
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
