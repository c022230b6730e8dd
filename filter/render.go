package filter

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// String renders the filter for people: `country $eq ["GB"]`,
// `year_opened $gte 1990`.
func (f Filter) String() string {
	if f.Op == Gte || f.Op == Lte {
		return fmt.Sprintf("%s %s %g", f.Field, f.Op, f.Number)
	}
	return fmt.Sprintf("%s %s %q", f.Field, f.Op, f.Values)
}

// String renders the set for people, filters joined by " AND " in the
// order given; Key is the canonical form.
func (s Set) String() string {
	parts := make([]string, len(s))
	for i, f := range s {
		parts[i] = f.String()
	}
	return strings.Join(parts, " AND ")
}

// Key is the set's canonical form, for cache keys: equal conjunctions
// have equal keys however they are written (filters in any order, $in
// values in any order), and different ones differ.
func (s Set) Key() string {
	parts := make([]string, len(s))
	for i, f := range s {
		vals := f.Values
		if f.Op == In {
			vals = slices.Clone(vals)
			slices.Sort(vals)
		}
		var b strings.Builder
		b.WriteString(strconv.Quote(f.Field))
		b.WriteString(string(f.Op))
		for _, v := range vals {
			b.WriteString(strconv.Quote(v))
		}
		b.WriteString(strconv.FormatFloat(f.Number, 'g', -1, 64))
		parts[i] = b.String()
	}
	slices.Sort(parts)
	return strings.Join(parts, "\n")
}
