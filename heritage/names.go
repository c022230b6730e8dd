package heritage

import (
	"iter"
	"strings"
)

// AdminAreaNames yields the names an admin_area path answers to, as the
// filter dict's admin_area key matches them: the path, the path without
// its outer slashes, and each unit with and without its level
// ("Kent (English County)", "Kent"). Empty names are left out; a name
// may come more than once.
func AdminAreaNames(path string) iter.Seq[string] {
	return func(yield func(string) bool) {
		if path == "" {
			return
		}
		trimmed := strings.Trim(path, "/")
		if !yield(path) || trimmed != "" && !yield(trimmed) {
			return
		}
		rest := trimmed
		for rest != "" {
			var unit string
			unit, rest, _ = strings.Cut(rest, "/")
			unit = strings.TrimSpace(unit)
			if unit != "" && !yield(unit) {
				return
			}
			if strings.HasSuffix(unit, ")") {
				if i := strings.LastIndex(unit, " ("); i > 0 && !yield(unit[:i]) {
					return
				}
			}
		}
	}
}

// BroaderSubjects yields a subject and each of its broader levels, cut at
// " / ": "Transport / Trains and railways" gives itself and "Transport".
// An empty subject gives nothing.
func BroaderSubjects(s string) iter.Seq[string] {
	return func(yield func(string) bool) {
		if s == "" {
			return
		}
		for {
			if !yield(s) {
				return
			}
			i := strings.LastIndex(s, " / ")
			if i <= 0 {
				return
			}
			s = s[:i]
		}
	}
}

// MembershipNames yields the names of the groups the record belongs to,
// as normalised and as in the source, ended memberships too; empty
// names are left out.
func (in *Institution) MembershipNames() iter.Seq[string] {
	return func(yield func(string) bool) {
		for _, m := range in.MemberOf() {
			if m.Name != "" && !yield(m.Name) || m.NameInSource != "" && !yield(m.NameInSource) {
				return
			}
		}
	}
}
