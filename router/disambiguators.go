package router

import (
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
)

// narrowNames uses place and type disambiguators ("Tolbooth Museum in
// Stonehaven", "the museum itself, not its library") to narrow names
// shared by several records.
func (r *Router) narrowNames(c *Constraints, neg []string) {
	for i := range c.Names {
		n := &c.Names[i]
		if len(n.IDs) < 2 {
			continue
		}
		keep := func(pred func(*heritage.Institution) bool) {
			var out []string
			for _, id := range n.IDs {
				if in, ok := r.g.ds.Get(id); ok && pred(in) {
					out = append(out, id)
				}
			}
			if len(out) > 0 {
				n.IDs = out
			}
		}
		if len(c.Places) > 0 {
			keep(func(in *heritage.Institution) bool {
				for _, p := range c.Places {
					if placeHolds(in, p) {
						return true
					}
				}
				return false
			})
		}
		if len(neg) > 0 {
			keep(func(in *heritage.Institution) bool { return !slices.Contains(neg, in.TypeCode) })
		}
		if len(c.TypeCodes) > 0 {
			keep(func(in *heritage.Institution) bool { return slices.Contains(c.TypeCodes, in.TypeCode) })
		}
	}
}

// placeHolds reports whether an institution lies in the place.
func placeHolds(in *heritage.Institution, p Place) bool {
	eq := func(a string) bool { return a != "" && normalize(a) == normalize(p.Name) }
	switch p.Level {
	case LevelCountry:
		return in.Country == p.Name
	case LevelRegion:
		return in.Region() == p.Name
	case LevelCity:
		if p.Area != "" && inUnit(in, p.Name, p.Area) {
			return true
		}
		return eq(in.City) || strings.Contains(normalize(in.Address()), normalize(p.Name))
	case LevelAdmin:
		return inUnit(in, p.Name, p.AdminLevel) || eq(in.City)
	}
	return eq(in.County()) || eq(in.District()) || eq(in.City)
}

// inUnit reports whether an institution lies in the administrative unit
// of the name and level.
func inUnit(in *heritage.Institution, name, level string) bool {
	for _, u := range in.AdminAreas() {
		if u.Level == level && u.Name == name {
			return true
		}
	}
	return false
}
