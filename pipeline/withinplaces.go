package pipeline

import (
	"fmt"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/router"
)

// withinPlaces reports whether the record lies in every place of within
// (see Constraints.Within), and whether its record tells: one that states
// nothing at a place's level (most German records name no region) may lie
// there or not.
func withinPlaces(in *heritage.Institution, within []router.Place) (inside, known bool) {
	inside, known = true, true
	for _, pl := range within {
		if placeMatches(in, []router.Place{pl}) {
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
func statesLevel(in *heritage.Institution, pl router.Place) bool {
	switch pl.Level {
	case router.LevelCountry:
		return in.Country != ""
	case router.LevelRegion:
		return in.Region != ""
	case router.LevelSubregion:
		return in.Subregion != ""
	case router.LevelCounty:
		return in.County != "" || in.AdminArea != ""
	case router.LevelCity:
		// a town of its own ("Tübingen") or an area path that places it
		return in.City != "" || in.AdminArea != ""
	}
	return in.AdminArea != ""
}

// unsureWithin counts the institutions of ids whose records do not tell
// whether they lie in the broader places of c (see withinPlaces).
func (p *Pipeline) unsureWithin(ids []string, c router.Constraints) int {
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

// noneWithin answers a list whose narrower places hold n institutions
// that meet its conditions, none of them in its broader places
// ("Which museums in Scotland are in Leeds?").
func (p *Pipeline) noneWithin(plan router.Plan, n int) draft {
	c := plan.Constraints
	noun := typeNoun(c.TypeCodes)
	a := Answer{Kind: KindSet, Exact: len(plan.Unread) == 0}
	if plan.Frame == router.FrameCount {
		a.Value = "0"
	}
	return draft{Answer: a, render: func(func(string) string) string {
		var b strings.Builder
		fmt.Fprintf(&b, "None of the %d %s in %s lies in %s according to the data",
			n, plural(noun, n), placeNames(c.Places, " or "), placeNames(c.Within, " and "))
		writeUnread(&b, plan.Unread)
		return b.String() + "."
	}}
}

// placeNames names places as an answer shows them ("NL" as Netherlands),
// joined by sep.
func placeNames(places []router.Place, sep string) string {
	names := make([]string, len(places))
	for i, pl := range places {
		names[i] = placeShown(pl)
	}
	return strings.Join(names, sep)
}

// placeShown is a place's name as an answer shows it: a country's code
// by its name ("NL" is "Netherlands").
func placeShown(pl router.Place) string {
	if pl.Level == router.LevelCountry {
		return heritage.CountryName(pl.Name)
	}
	return pl.Name
}
