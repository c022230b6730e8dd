package answer

import (
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
)

// withinPlaces reports whether the record lies in every place of within
// (see Constraints.Within), and whether its record tells: one that states
// nothing at a place's level (most German records name no region) may lie
// there or not.
func withinPlaces(in *heritage.Institution, within []plan.Place) (inside, known bool) {
	inside, known = true, true
	for _, pl := range within {
		if placeMatches(in, []plan.Place{pl}) {
			continue
		}
		inside = false
		if !statesLevel(in, pl) {
			known = false
		}
	}
	return inside, known || inside
}

// statesLevel reports whether the record names a place at pl's level.
func statesLevel(in *heritage.Institution, pl plan.Place) bool {
	switch pl.Level {
	case plan.LevelCountry:
		return in.Country != ""
	case plan.LevelRegion:
		return in.Region() != ""
	case plan.LevelSubregion:
		return in.Subregion() != ""
	case plan.LevelCounty:
		return in.County() != "" || in.AdminArea() != ""
	case plan.LevelCity:
		// a town of its own ("Tübingen") or an area path that places it
		return in.City != "" || in.AdminArea() != ""
	}
	return in.AdminArea() != ""
}

// unsureWithin counts the institutions of ids whose records do not tell
// whether they lie in the broader places of c (see withinPlaces).
func (p *Base) unsureWithin(ids []string, c plan.Constraints) int {
	if len(c.Within) == 0 {
		return 0
	}
	n := 0
	for _, id := range ids {
		if in, ok := p.data.Get(id); ok {
			if _, known := withinPlaces(in, c.Within); !known {
				n++
			}
		}
	}
	return n
}

// outsideWithin counts the institutions of the selection that meet the
// list's other conditions but whose records put them outside its broader
// places: "museums in Bath, Somerset" selects the one museum of Bath the
// data puts in the county of Somerset, and the others are said apart.
func (p *Base) outsideWithin(ids []string, c plan.Constraints) int {
	if len(c.Within) == 0 {
		return 0
	}
	others := c
	others.Within = nil
	keep := recordConditions(others)
	n := 0
	for _, id := range ids {
		in, ok := p.data.Get(id)
		if !ok || keep != nil && !keep(in) {
			continue
		}
		if inside, known := withinPlaces(in, c.Within); known && !inside {
			n++
		}
	}
	return n
}

// noneWithin answers a list whose narrower places hold n institutions
// that meet its conditions, none of them in its broader places
// ("Which museums in Scotland are in Leeds?").
func (p *Base) noneWithin(pln plan.Plan, n int) Draft {
	pr := locale.For(pln.Lang)
	c := pln.Constraints
	noun := TypeNoun(pr, c.TypeCodes)
	a := Answer{Kind: KindSet, Exact: len(pln.Unused(plan.UnusedUnread)) == 0}
	if pln.Frame == plan.FrameCount {
		a.Value = "0"
	}
	return Draft{Answer: a, render: func(func(string) string) string {
		var b strings.Builder
		pr.Fprintf(&b, "None of the %d %s in %s lies in %s according to the data",
			n, pr.Plural(noun, n), placeNames(c.Places, pr.Text(" or ")), placeNames(c.Within, pr.Text(" and ")))
		writeNotes(pr, &b, nil, p.unreadNotes(pln.Unused(plan.UnusedUnread))...)
		return b.String() + "."
	}}
}

// placeNames names places as an answer shows them ("NL" as Netherlands),
// joined by sep.
func placeNames(places []plan.Place, sep string) string {
	names := make([]string, len(places))
	for i, pl := range places {
		names[i] = placeShown(pl)
	}
	return strings.Join(names, sep)
}

// placeShown is a place's name as an answer shows it: a country's code
// by its name ("NL" is "Netherlands").
func placeShown(pl plan.Place) string {
	if pl.Level == plan.LevelCountry {
		return heritage.CountryName(pl.Name)
	}
	return pl.Name
}
