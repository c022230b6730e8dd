package query

import (
	"fmt"
	"slices"
	"strings"
)

// SubjectKey is the key the stores index a subject by: its levels as
// Subject compares them (split at "/", trimmed, lower-cased), joined by
// "/". Subject{Levels: l} with Narrower is met by a record one of whose
// SubjectKeys prefixes is SubjectKey of l; without Narrower, by one whose
// exact keys hold it. ok is false for levels no record's subject can
// have (none, or a level holding "/"): the predicate is met by no record.
func (s Subject) Key() (key string, ok bool) {
	if len(s.Levels) == 0 {
		return "", false
	}
	for _, l := range s.Levels {
		if strings.Contains(l, "/") {
			return "", false
		}
	}
	return strings.Join(s.Levels, "/"), true
}

// SubjectKeys lists the keys a record with the subject codes have is
// indexed by, sorted and each once: prefixes holds the key of every
// leading run of levels of every subject ("natural world" and "natural
// world/geology" for "Natural world / Geology"), which a Subject with
// Narrower looks up; exact holds the key of each whole subject, which a
// Subject without Narrower looks up. A subject's levels are taken as
// Subject.Match reads them: a trailing empty level stays.
func SubjectKeys(have []string) (prefixes, exact []string) {
	for _, h := range have {
		parts := strings.Split(h, "/")
		for i, p := range parts {
			parts[i] = strings.ToLower(strings.TrimSpace(p))
		}
		for n := 1; n <= len(parts); n++ {
			prefixes = append(prefixes, strings.Join(parts[:n], "/"))
		}
		exact = append(exact, strings.Join(parts, "/"))
	}
	slices.Sort(prefixes)
	slices.Sort(exact)
	return slices.Compact(prefixes), slices.Compact(exact)
}

// Kind names the kind of an expression, for reports of what a backend
// declares: "place:city" and the other place levels, "type", "subject",
// "subject:exact", "years", "member", "related", "and", "or", "not",
// "const" and so on.
func Kind(e Expr) string {
	switch x := e.(type) {
	case Const:
		return "const"
	case And:
		return "and"
	case Or:
		return "or"
	case Not:
		return "not"
	case Place:
		return "place:" + string(x.Level)
	case Type:
		return "type"
	case Governance:
		return "governance"
	case Accreditation:
		return "accreditation"
	case Size:
		return "size"
	case Status:
		return "status"
	case Subject:
		if x.Narrower {
			return "subject"
		}
		return "subject:exact"
	case YearRange:
		return "years"
	case MemberOf:
		return "member"
	case Related:
		return "related"
	case Radius:
		return "radius"
	case IDs:
		return "ids"
	case Field:
		return "field:" + x.Key
	}
	return fmt.Sprintf("%T", e)
}

// Leaves lists the kinds (Kind) of the predicates e is made of, each
// once, in the order met: an And, Or or Not gives those of its parts.
func Leaves(e Expr) []string {
	var out []string
	var walk func(Expr)
	walk = func(e Expr) {
		var parts []Expr
		switch x := e.(type) {
		case And:
			parts = x
		case Or:
			parts = x
		case Not:
			parts = []Expr{x.X}
		default:
			if k := Kind(e); !slices.Contains(out, k) {
				out = append(out, k)
			}
			return
		}
		for _, p := range parts {
			walk(p)
		}
	}
	walk(e)
	return out
}
