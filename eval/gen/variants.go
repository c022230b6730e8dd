package gen

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/linking"
)

// variant rewrites a name the way other sources spell it; ok is false
// when no rule applies.
func variant(r *rand.Rand, name string) (v, rule string, ok bool) {
	type rewrite struct {
		rule string
		f    func(string) (string, bool)
	}
	swapWord := func(from, to string) func(string) (string, bool) {
		return func(s string) (string, bool) {
			f := strings.Fields(s)
			for i, w := range f {
				if w == from {
					f[i] = to
					return strings.Join(f, " "), true
				}
			}
			return s, false
		}
	}
	rules := []rewrite{
		{"St → Saint", swapWord("St", "Saint")},
		{"St. → Saint", swapWord("St.", "Saint")},
		{"Saint → St", swapWord("Saint", "St")},
		{"St → St.", swapWord("St", "St.")},
		{"leading The dropped", func(s string) (string, bool) { return strings.CutPrefix(s, "The ") }},
		{"leading The added", func(s string) (string, bool) {
			if strings.HasPrefix(s, "The ") || !strings.HasSuffix(s, " Museum") && !strings.HasSuffix(s, " Gallery") {
				return s, false
			}
			return "The " + s, true
		}},
		{"suffix dropped", func(s string) (string, bool) {
			for _, suf := range []string{" Trust", " Society", " Ltd", " Limited"} {
				if t, ok := strings.CutSuffix(s, suf); ok && len(t) > 5 {
					return t, true
				}
			}
			return s, false
		}},
		{"suffix Trust added", func(s string) (string, bool) {
			if !strings.HasSuffix(s, "Museum") {
				return s, false
			}
			return s + " Trust", true
		}},
		{"X Museum → Museum of X", func(s string) (string, bool) {
			t, ok := strings.CutSuffix(s, " Museum")
			if !ok || strings.Contains(t, " of ") || len(strings.Fields(t)) > 3 {
				return s, false
			}
			return "Museum of " + t, true
		}},
		{"Museum of X → X Museum", func(s string) (string, bool) {
			t, ok := strings.CutPrefix(s, "Museum of ")
			if !ok {
				return s, false
			}
			return strings.TrimPrefix(t, "the ") + " Museum", true
		}},
		{"German compound split", func(s string) (string, bool) {
			for _, head := range []string{"Stadt", "Kreis", "Heimat", "Landes", "Gemeinde", "Universitäts", "Kunst"} {
				for _, tail := range []string{"bibliothek", "archiv", "museum", "bücherei", "halle"} {
					if strings.Contains(s, head+tail) {
						sep := pick(r, []string{" ", "-"})
						return strings.Replace(s, head+tail, head+sep+strings.ToUpper(tail[:1])+tail[1:], 1), true
					}
				}
			}
			return s, false
		}},
		{"German compound joined", func(s string) (string, bool) {
			for _, head := range []string{"Stadt", "Kreis", "Heimat", "Landes", "Gemeinde"} {
				for _, tail := range []string{"Bibliothek", "Archiv", "Museum", "Bücherei"} {
					for _, sep := range []string{" ", "-"} {
						if strings.Contains(s, head+sep+tail) {
							return strings.Replace(s, head+sep+tail, head+strings.ToLower(tail), 1), true
						}
					}
				}
			}
			return s, false
		}},
	}
	for _, i := range r.Perm(len(rules)) {
		if v, ok := rules[i].f(name); ok && v != name {
			return v, rules[i].rule, true
		}
	}
	return name, "", false
}

func refVariants(g *rgen, quota int) {
	g.each(quota, g.x.recs, func(in *heritage.Institution) bool {
		if !g.x.unique(in) {
			return false
		}
		v, rule, ok := variant(g.r, in.Name)
		if !ok || !g.sole(v, in) {
			return false
		}
		return g.add(linking.Query{Text: v}, in.ID, nil, fmt.Sprintf("%q spelt another way (%s).", in.Name, rule))
	})
}
