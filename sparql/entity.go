package sparql

import (
	"cmp"

	"github.com/hybridrag/hybridrag/wikidata"
	"slices"
	"strconv"
	"strings"
)

// The facts of an item, declared in package wikidata.
type (
	Entity      = wikidata.Entity
	Ref         = wikidata.Ref
	Coordinates = wikidata.Coordinates
)

// Match is an item found by Similar or SearchLabel, best first.
type Match struct {
	QID   string  `json:"qid"`
	Label string  `json:"label,omitempty"`
	Score float64 `json:"score"` // in (0, 1]
}

// langString is a literal with its language tag ("" when untagged).
type langString struct {
	value, lang string
}

// pick chooses the value in the most preferred language: the languages in
// prefs in order (a tag matches its own subtags: "en" takes "en-gb"), then
// an untagged value, then any, ordered by tag and value so the choice is
// deterministic.
func pick(vals []langString, prefs []string) (langString, bool) {
	if len(vals) == 0 {
		return langString{}, false
	}
	rank := func(l string) int {
		l = strings.ToLower(l)
		for i, p := range prefs {
			if l == p {
				return 2 * i
			}
			if strings.HasPrefix(l, p+"-") {
				return 2*i + 1
			}
		}
		if l == "" {
			return 2 * len(prefs)
		}
		return 2*len(prefs) + 1
	}
	return slices.MinFunc(vals, func(a, b langString) int {
		return cmp.Or(cmp.Compare(rank(a.lang), rank(b.lang)), cmp.Compare(a.lang, b.lang), cmp.Compare(a.value, b.value))
	}), true
}

// parseWKTPoint reads a GeoSPARQL WKT point, "Point(lon lat)", optionally
// preceded by a CRS IRI as Wikidata writes it for other globes.
func parseWKTPoint(s string) (Coordinates, bool) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "<") {
		i := strings.IndexByte(s, '>')
		if i < 0 {
			return Coordinates{}, false
		}
		s = strings.TrimSpace(s[i+1:])
	}
	if len(s) < 6 || !strings.EqualFold(s[:5], "point") {
		return Coordinates{}, false
	}
	s = strings.TrimSpace(s[5:])
	if !strings.HasPrefix(s, "(") || !strings.HasSuffix(s, ")") {
		return Coordinates{}, false
	}
	f := strings.Fields(s[1 : len(s)-1])
	if len(f) != 2 {
		return Coordinates{}, false
	}
	lon, err1 := strconv.ParseFloat(f[0], 64)
	lat, err2 := strconv.ParseFloat(f[1], 64)
	if err1 != nil || err2 != nil || lat < -90 || lat > 90 || lon < -180 || lon > 180 {
		return Coordinates{}, false
	}
	return Coordinates{Lat: lat, Lon: lon}, true
}

// qidOf returns the QID of a Wikidata entity IRI, or "".
func qidOf(iri string) string {
	const ns = "http://www.wikidata.org/entity/"
	q, ok := strings.CutPrefix(iri, ns)
	if !ok || len(q) < 2 || q[0] != 'Q' {
		return ""
	}
	for i := 1; i < len(q); i++ {
		if q[i] < '0' || q[i] > '9' {
			return ""
		}
	}
	return q
}

// compareQID orders QIDs numerically.
func compareQID(a, b string) int {
	return cmp.Or(cmp.Compare(qidNumber(a), qidNumber(b)), cmp.Compare(a, b))
}
