package gen

import (
	"fmt"
	"maps"
	"slices"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/linking"
)

// ambiguity is a name several records answer to: a name they share, or
// a name without its town that several records' names hold.
type ambiguity struct {
	text string
	recs []*heritage.Institution
	how  string
}

// ambiguities lists shared names and shared partial names (2 to 20
// records each), in a fixed order.
func (g *rgen) ambiguities() []ambiguity {
	var out []ambiguity
	seen := map[string]bool{}
	for _, k := range slices.Sorted(maps.Keys(g.x.byName)) {
		if recs := g.x.byName[k]; len(recs) >= 2 && len(recs) <= 20 && len(g.x.anyName[k]) == len(recs) {
			seen[k] = true
			out = append(out, ambiguity{recs[0].Name, recs, fmt.Sprintf("%d records are named %q", len(recs), recs[0].Name)})
		}
	}
	for _, in := range g.x.recs {
		rest, ok := partial(in)
		if !ok || seen[fold(rest)] || len(g.x.anyName[fold(rest)]) > 0 {
			continue
		}
		seen[fold(rest)] = true
		if h := g.holders(rest, ""); len(h) >= 2 && len(h) <= 20 {
			out = append(out, ambiguity{rest, h, fmt.Sprintf("the names of %d records hold %q", len(h), rest)})
		}
	}
	return out
}

// refAmbiguous gives a name several records answer to: without a hint
// nothing should be matched (they are acceptable); with the city of one of
// them, when no other is in that city, that one is expected.
func refAmbiguous(withCity bool) func(*rgen, int) {
	return func(g *rgen, quota int) {
		if g.ambiguous == nil {
			g.ambiguous = g.ambiguities()
		}
		added := 0
		for _, a := range shuffled(g.r, g.ambiguous) {
			if added >= quota {
				return
			}
			if !withCity {
				if g.add(linking.Query{Text: a.text}, "", ids(a.recs), a.how+"; without a hint none should be a match.") {
					added++
				}
				continue
			}
			in := pick(g.r, a.recs)
			if in.City == "" {
				continue
			}
			n := 0
			for _, other := range a.recs {
				if fold(other.City) == fold(in.City) {
					n++
				}
			}
			if n == 1 && g.add(linking.Query{Text: a.text, City: in.City}, in.ID, nil, a.how+"; the city picks one.") {
				added++
			}
		}
	}
}

// refAbsent gives names and identifiers no record has.
func refAbsent(g *rgen, quota int) {
	for added, try := 0, 0; added < quota && try < quota*10; try++ {
		var q linking.Query
		var note string
		switch g.r.IntN(6) {
		case 0, 1:
			q, note = linking.Query{Text: g.x.absentName(g.r)}, "A plausible name no record has."
			if g.r.IntN(2) == 0 {
				q.City = pick(g.r, []string{"Kelsford", "Unterwaldbach", "Oosterwaarde", "York", "Berlin", "Leiden"})
			}
		case 2:
			q, note = linking.Query{Text: g.x.absentISIL(g.r)}, "An ISIL no record has."
		case 3:
			q, note = linking.Query{Text: "wd:" + g.x.absentQID(g.r)}, "A QID no record has."
		case 4:
			q, note = linking.Query{Text: "GND " + g.x.absentGND(g.r)}, "A GND id no record has."
		default:
			q, note = linking.Query{Text: "https://ror.org/" + g.x.absentROR(g.r)}, "A ROR id no record has."
		}
		if g.add(q, "", nil, note) {
			added++
		}
	}
}
