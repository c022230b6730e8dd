package filter

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/textfold"
)

// Keys lists every record field a filter can name, sorted. Matching is
// case-insensitive for text:
//
//   - id, type, type_code, country, region, region_code, subregion, county,
//     district, city, governance, governance_code, accreditation, size,
//     status, source, tier, isil, wikidata, ghcid: the field's text.
//   - admin_area: $eq and $in match one unit of the admin_area path by its
//     name ("Kent"), its name with level ("Kent (English County)") or the
//     whole path; $contains matches any part of the path.
//   - subjects: a list; $eq and $in match a subject or any of its broader
//     levels ("Transport" matches "Transport / Trains and railways");
//     $contains matches part of a subject.
//   - member_of: a list of group names (as normalised and as in the source);
//     every link counts, ended ones too.
//   - year_opened, year_closed: numbers, the lower bound of the year range
//     ("1960:2017" is 1960). Records still open (9999) have no year_closed;
//     records without a year_opened fall back to their founded event, and
//     closed records without year_closed to their closed event.
//
// A record without a value for the field matches no operator but $ne: $ne
// is the exact negation of $eq. $gte and $lte apply to the numeric fields
// only (Validate rejects them elsewhere). A text operand on a numeric field
// is read as a number.
var Keys = []string{
	"accreditation", "admin_area", "city", "country", "county", "district",
	"ghcid", "governance", "governance_code", "id", "isil", "member_of",
	"region", "region_code", "size", "source", "status", "subjects",
	"subregion", "tier", "type", "type_code", "wikidata", "year_closed",
	"year_opened",
}

type fieldKind int

const (
	kindText fieldKind = iota
	kindAdmin
	kindSubjects
	kindMembers
	kindYearOpened
	kindYearClosed
)

type keyInfo struct {
	kind    fieldKind
	numeric bool
	text    func(in *heritage.Institution) string
}

func lookup(key string) (keyInfo, bool) {
	switch key {
	case "admin_area":
		return keyInfo{kind: kindAdmin}, true
	case "subjects":
		return keyInfo{kind: kindSubjects}, true
	case "member_of":
		return keyInfo{kind: kindMembers}, true
	case "year_opened":
		return keyInfo{kind: kindYearOpened, numeric: true}, true
	case "year_closed":
		return keyInfo{kind: kindYearClosed, numeric: true}, true
	}
	if f := textField(key); f != nil {
		return keyInfo{kind: kindText, text: f}, true
	}
	return keyInfo{}, false
}

func textField(key string) func(in *heritage.Institution) string {
	switch key {
	case "id":
		return func(in *heritage.Institution) string { return in.ID }
	case "type":
		return func(in *heritage.Institution) string { return in.Type }
	case "type_code":
		return func(in *heritage.Institution) string { return in.TypeCode }
	case "country":
		return func(in *heritage.Institution) string { return in.Country }
	case "region":
		return func(in *heritage.Institution) string { return in.Region }
	case "region_code":
		return func(in *heritage.Institution) string { return in.RegionCode }
	case "subregion":
		return func(in *heritage.Institution) string { return in.Subregion }
	case "county":
		return func(in *heritage.Institution) string { return in.County }
	case "district":
		return func(in *heritage.Institution) string { return in.District }
	case "city":
		return func(in *heritage.Institution) string { return in.City }
	case "governance":
		return func(in *heritage.Institution) string { return in.Governance }
	case "governance_code":
		return func(in *heritage.Institution) string { return in.GovernanceCode }
	case "accreditation":
		return func(in *heritage.Institution) string { return in.Accreditation }
	case "size":
		return func(in *heritage.Institution) string { return in.Size }
	case "status":
		return func(in *heritage.Institution) string { return in.Status }
	case "source":
		return func(in *heritage.Institution) string { return in.Source }
	case "tier":
		return func(in *heritage.Institution) string { return string(in.Tier) }
	case "isil":
		return func(in *heritage.Institution) string { return in.ISIL }
	case "wikidata":
		return func(in *heritage.Institution) string { return in.Wikidata }
	case "ghcid":
		return func(in *heritage.Institution) string { return in.GHCID }
	}
	return nil
}

// Known reports whether key is one of Keys.
func Known(key string) bool {
	_, ok := lookup(key)
	return ok
}

// Match reports whether the record satisfies every filter of the set. An
// empty set matches everything; a filter on an unknown key matches nothing
// (Restrict such keys away first).
func (s Set) Match(in *heritage.Institution) bool {
	for i := range s {
		if !s[i].Match(in) {
			return false
		}
	}
	return true
}

// Match reports whether the record satisfies the filter (see Keys).
func (f Filter) Match(in *heritage.Institution) bool {
	k, ok := lookup(f.Field)
	if !ok {
		return false
	}
	if f.Op == Ne {
		return !Filter{Field: f.Field, Op: Eq, Values: f.Values}.Match(in)
	}
	switch k.kind {
	case kindText:
		return matchText(f, k.text(in))
	case kindAdmin:
		return matchAdmin(f, in.AdminArea)
	case kindSubjects:
		for _, s := range in.Subjects {
			if matchSubject(f, s) {
				return true
			}
		}
		return false
	case kindMembers:
		for _, m := range in.MemberOf {
			if matchText(f, m.Name) || m.NameInSource != "" && matchText(f, m.NameInSource) {
				return true
			}
		}
		return false
	case kindYearOpened:
		y, ok := in.OpenedFrom()
		return ok && matchNumber(f, y)
	case kindYearClosed:
		y, ok := in.ClosedFrom()
		return ok && matchNumber(f, y)
	}
	return false
}

// matchText applies Eq, In and Contains to one text value; an empty value
// matches nothing.
func matchText(f Filter, v string) bool {
	if v == "" {
		return false
	}
	switch f.Op {
	case Eq, In:
		for _, want := range f.Values {
			if strings.EqualFold(v, strings.TrimSpace(want)) {
				return true
			}
		}
	case Contains:
		for _, want := range f.Values {
			if containsFold(v, strings.TrimSpace(want)) {
				return true
			}
		}
	}
	return false
}

// matchSubject is matchText with broader levels: "Transport" equals
// "Transport / Trains and railways" at its first level.
func matchSubject(f Filter, s string) bool {
	if matchText(f, s) {
		return true
	}
	if f.Op != Eq && f.Op != In {
		return false
	}
	for i := strings.LastIndex(s, " / "); i > 0; i = strings.LastIndex(s, " / ") {
		s = s[:i]
		if matchText(f, s) {
			return true
		}
	}
	return false
}

// matchAdmin matches units of an admin_area path without allocating.
func matchAdmin(f Filter, path string) bool {
	if path == "" {
		return false
	}
	if f.Op == Contains {
		return matchText(f, path)
	}
	if matchText(f, path) || matchText(f, strings.Trim(path, "/")) {
		return true
	}
	rest := strings.Trim(path, "/")
	for rest != "" {
		var unit string
		unit, rest, _ = strings.Cut(rest, "/")
		unit = strings.TrimSpace(unit)
		if matchText(f, unit) {
			return true
		}
		if strings.HasSuffix(unit, ")") {
			if i := strings.LastIndex(unit, " ("); i > 0 && matchText(f, unit[:i]) {
				return true
			}
		}
	}
	return false
}

func matchNumber(f Filter, y int) bool {
	v := float64(y)
	switch f.Op {
	case Gte:
		return v >= f.Number
	case Lte:
		return v <= f.Number
	case Eq, In:
		for _, want := range f.Values {
			n, err := strconv.ParseFloat(strings.TrimSpace(want), 64)
			if err == nil && n == v {
				return true
			}
		}
	}
	return false
}

// containsFold reports whether substr is within s, ignoring case.
func containsFold(s, substr string) bool {
	if substr == "" {
		return true
	}
	n := len(substr)
	first := lowerASCII(substr[0])
	for i := 0; i+n <= len(s); i++ {
		// Two ASCII bytes fold together only if they lower to the same
		// byte: a cheap test before the full comparison at each offset.
		if c := s[i]; c < utf8.RuneSelf && first < utf8.RuneSelf && lowerASCII(c) != first {
			continue
		}
		if strings.EqualFold(s[i:i+n], substr) {
			return true
		}
	}
	// Case folding can change byte lengths (ẞ/ß); fall back for non-ASCII.
	return !(textfold.IsASCII(s) && textfold.IsASCII(substr)) && strings.Contains(strings.ToLower(s), strings.ToLower(substr))
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
