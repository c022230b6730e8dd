package query

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/textfold"
)

// FieldKeys lists every record field a Field predicate can name, sorted
// (the keys of the filter dict, filter.Keys). Text is compared ignoring
// case:
//
//   - id, type, type_code, country, region, region_code, subregion, county,
//     district, city, governance, governance_code, accreditation, size,
//     status, source, tier, isil, wikidata, ghcid: the field's text.
//   - admin_area: the names heritage.AdminAreaNames gives (the path, and
//     each unit with and without its level); FieldContains looks for
//     part of any of them, which is part of the path.
//   - subjects: each subject and its broader levels
//     (heritage.BroaderSubjects).
//   - member_of: the group names as normalised and as in the source
//     (heritage.Institution.MembershipNames); ended memberships count.
//   - year_opened, year_closed: numbers, the first year of the range
//     (heritage.Institution.OpenedFrom, ClosedFrom, which fall back to the
//     record's events).
//
// A record without a value for the key meets no Field on it.
var FieldKeys = []string{
	"accreditation", "admin_area", "city", "country", "county", "district",
	"ghcid", "governance", "governance_code", "id", "isil", "member_of",
	"region", "region_code", "size", "source", "status", "subjects",
	"subregion", "tier", "type", "type_code", "wikidata", "year_closed",
	"year_opened",
}

// FieldOp is how a Field compares.
type FieldOp string

// Field operators.
const (
	// FieldIs: a value of the field equals one of Values (trimmed; as a
	// number on a numeric key).
	FieldIs FieldOp = "is"
	// FieldContains: a value of a text field holds one of Values
	// (trimmed) as a part.
	FieldContains FieldOp = "contains"
	// FieldRange: the numeric field lies within Min and Max, inclusive
	// (math.Inf for no bound; NaN bounds nothing).
	FieldRange FieldOp = "range"
)

// Field is met by a record whose field Key (one of FieldKeys) compares
// with Values, or Min and Max, as Op says. An unknown key, an operator
// that does not fit the key (a range on text, a part of a number) and a
// record without a value for the key meet none.
type Field struct {
	Key      string
	Op       FieldOp
	Values   []string
	Min, Max float64
}

// NumericField reports whether key is one of the numeric keys of
// FieldKeys (year_opened, year_closed).
func NumericField(key string) bool { return key == "year_opened" || key == "year_closed" }

// KnownField reports whether key is one of FieldKeys.
func KnownField(key string) bool { return slices.Contains(FieldKeys, key) }

// Match reports whether the record's field f.Key compares as f says.
func (f Field) Match(in *heritage.Institution, _ EvalContext) bool {
	switch f.Key {
	case "year_opened":
		y, ok := in.OpenedFrom()
		return ok && f.number(y)
	case "year_closed":
		y, ok := in.ClosedFrom()
		return ok && f.number(y)
	case "admin_area":
		if f.Op == FieldContains {
			// every name is part of the path
			return f.text(in.AdminArea())
		}
		for v := range heritage.AdminAreaNames(in.AdminArea()) {
			if f.text(v) {
				return true
			}
		}
	case "subjects":
		for _, s := range in.Subjects {
			if f.Op == FieldContains {
				// every broader level is part of the subject
				if f.text(s) {
					return true
				}
				continue
			}
			for v := range heritage.BroaderSubjects(s) {
				if f.text(v) {
					return true
				}
			}
		}
	case "member_of":
		for v := range in.MembershipNames() {
			if f.text(v) {
				return true
			}
		}
	default:
		if get := textField(f.Key); get != nil {
			return f.text(get(in))
		}
	}
	return false
}

// text compares one text value; an empty value matches nothing.
func (f Field) text(v string) bool {
	if v == "" {
		return false
	}
	switch f.Op {
	case FieldIs:
		for _, want := range f.Values {
			if strings.EqualFold(v, strings.TrimSpace(want)) {
				return true
			}
		}
	case FieldContains:
		for _, want := range f.Values {
			if containsFold(v, strings.TrimSpace(want)) {
				return true
			}
		}
	}
	return false
}

// number compares one numeric value.
func (f Field) number(y int) bool {
	v := float64(y)
	switch f.Op {
	case FieldRange:
		return v >= f.Min && v <= f.Max
	case FieldIs:
		for _, want := range f.Values {
			n, err := strconv.ParseFloat(strings.TrimSpace(want), 64)
			if err == nil && n == v {
				return true
			}
		}
	}
	return false
}

func (f Field) String() string {
	if f.Op == FieldRange {
		return fmt.Sprintf("(field %s range %s %s)", f.Key, fmtFloat(f.Min), fmtFloat(f.Max))
	}
	return words("field "+f.Key+" "+string(f.Op), f.Values)
}

// textField returns the getter of a single-valued text key, nil for any
// other key.
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
		return func(in *heritage.Institution) string { return in.Region() }
	case "region_code":
		return func(in *heritage.Institution) string { return in.RegionCode() }
	case "subregion":
		return func(in *heritage.Institution) string { return in.Subregion() }
	case "county":
		return func(in *heritage.Institution) string { return in.County() }
	case "district":
		return func(in *heritage.Institution) string { return in.District() }
	case "city":
		return func(in *heritage.Institution) string { return in.City }
	case "governance":
		return func(in *heritage.Institution) string { return in.Governance() }
	case "governance_code":
		return func(in *heritage.Institution) string { return in.GovernanceCode() }
	case "accreditation":
		return func(in *heritage.Institution) string { return in.Accreditation() }
	case "size":
		return func(in *heritage.Institution) string { return in.Size() }
	case "status":
		return func(in *heritage.Institution) string { return in.Status() }
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

// FieldText returns the value of a single-valued text key of FieldKeys
// (not admin_area, subjects, member_of or the years); ok is false for
// any other key.
func FieldText(in *heritage.Institution, key string) (v string, ok bool) {
	get := textField(key)
	if get == nil {
		return "", false
	}
	return get(in), true
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
