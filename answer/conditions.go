package answer

import (
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/plan"
)

// recordConditions is the test of the conditions a list puts on each
// member that the graph's selection does not apply: fields it has ("…
// that have a website") or lacks, words of its name ("… war in their
// name"), places it lies outside ("… except those in Cardiff") and
// broader places it lies in ("… in Aalst in the Netherlands": a record
// that states nothing at such a place's level passes, see withinPlaces);
// nil when there are none.
func recordConditions(c plan.Constraints) func(*heritage.Institution) bool {
	if len(c.Has)+len(c.Lacks)+len(c.NameHas)+len(c.Except)+len(c.Within) == 0 {
		return nil
	}
	return func(in *heritage.Institution) bool {
		if inside, known := withinPlaces(in, c.Within); known && !inside {
			return false
		}
		for _, f := range c.Has {
			if !HasValue(in, f) {
				return false
			}
		}
		for _, f := range c.Lacks {
			if HasValue(in, f) {
				return false
			}
		}
		return (len(c.NameHas) == 0 || Named(in, c.NameHas)) && !placeMatches(in, c.Except)
	}
}

// anyPasses reports whether one of ids passes keep (nil passes all).
func (p *Base) anyPasses(ids []string, keep func(*heritage.Institution) bool) bool {
	return len(ids) > 0 && (keep == nil || len(p.filter(ids, keep)) > 0)
}

// filter keeps the institutions that pass keep.
func (p *Base) filter(ids []string, keep func(*heritage.Institution) bool) []string {
	var out []string
	for _, id := range ids {
		if in, ok := p.data.Get(id); ok && keep(in) {
			out = append(out, id)
		}
	}
	return out
}

// HasValue reports whether the record has a value for the field.
func HasValue(in *heritage.Institution, field string) bool {
	if field == "address" {
		return in.Address() != "" // FieldValue falls back to the place
	}
	_, v := FieldValue(in, field)
	return v != ""
}
