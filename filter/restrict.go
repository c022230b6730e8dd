package filter

import (
	"fmt"
	"slices"
	"strings"
)

// Restrict keeps the filters whose field is in allowed and reports every
// other field once, in order, as a warning that names source (the
// retriever): `filter key "foo" is not supported by bm25; ignored`. The set
// is not modified.
func (s Set) Restrict(source string, allowed []string) (kept Set, warnings []string) {
	var dropped []string
	for _, f := range s {
		if slices.Contains(allowed, f.Field) {
			kept = append(kept, f)
			continue
		}
		if !slices.Contains(dropped, f.Field) {
			dropped = append(dropped, f.Field)
			warnings = append(warnings, fmt.Sprintf("filter key %q is not supported by %s; ignored", f.Field, source))
		}
	}
	return kept, warnings
}

// Fields lists the distinct fields the set names, in order.
func (s Set) Fields() []string {
	var out []string
	for _, f := range s {
		if !slices.Contains(out, f.Field) {
			out = append(out, f.Field)
		}
	}
	return out
}

// String renders the filter canonically: `country $eq ["GB"]`,
// `year_opened $gte 1990`.
func (f Filter) String() string {
	if f.Op == Gte || f.Op == Lte {
		return fmt.Sprintf("%s %s %g", f.Field, f.Op, f.Number)
	}
	return fmt.Sprintf("%s %s %q", f.Field, f.Op, f.Values)
}

// String renders the set canonically, filters joined by " AND "; equal
// sets render equally, so caches can key on it.
func (s Set) String() string {
	parts := make([]string, len(s))
	for i, f := range s {
		parts[i] = f.String()
	}
	return strings.Join(parts, " AND ")
}
