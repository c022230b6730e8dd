package query

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/textfold"
)

// Level is the record field a Place predicate compares.
type Level string

// Place levels. Every name is compared after heritage.NormalizeName, and
// a record field without a value matches no name.
const (
	// LevelCountry, LevelRegion (a nation), LevelSubregion (an English
	// region), LevelCounty and LevelDistrict compare the field of that
	// name.
	LevelCountry   Level = "country"
	LevelRegion    Level = "region"
	LevelSubregion Level = "subregion"
	LevelCounty    Level = "county"
	LevelDistrict  Level = "district"
	// LevelCity compares the towns a record states: its city, and the
	// town of its address (and the other names of each, heritage.TownNames).
	LevelCity Level = "city"
	// LevelAdmin compares each unit of the admin_area path by name and,
	// when Place.AdminLevel is set, by the unit's level.
	LevelAdmin Level = "admin"
	// LevelTown compares the towns a record does not state but which
	// are read from it: for a record without a city, the town its admin
	// area or its name bears (heritage.Town); likely, not stated.
	LevelTown Level = "town"
	// LevelNear compares the towns whose centre lies within
	// heritage.NearRadiusKm of the record (heritage.Dataset.NearTowns).
	LevelNear Level = "near"
)

// Place is met by a record whose field at Level names Name. AdminLevel
// applies to LevelAdmin only: "" accepts a unit of any level.
type Place struct {
	Level      Level
	Name       string
	AdminLevel string
}

// Match reports whether the record's field at p.Level names p.Name.
func (p Place) Match(in *heritage.Institution, ctx EvalContext) bool {
	key := heritage.NormalizeName(p.Name)
	switch p.Level {
	case LevelCountry:
		return fieldIs(in.Country, key)
	case LevelRegion:
		return fieldIs(in.Region(), key)
	case LevelSubregion:
		return fieldIs(in.Subregion(), key)
	case LevelCounty:
		return fieldIs(in.County(), key)
	case LevelDistrict:
		return fieldIs(in.District(), key)
	case LevelCity:
		if fieldIs(in.City, key) {
			return true
		}
		return anyTown(in, ctx, key, true)
	case LevelTown:
		return anyTown(in, ctx, key, false)
	case LevelAdmin:
		level := heritage.NormalizeName(p.AdminLevel)
		for _, u := range in.AdminAreas() {
			if heritage.NormalizeName(u.Name) == key && (p.AdminLevel == "" || heritage.NormalizeName(u.Level) == level) {
				return true
			}
		}
	case LevelNear:
		for _, t := range ctx.Records.NearTowns(in) {
			if heritage.NormalizeName(t) == key {
				return true
			}
		}
	}
	return false
}

func (p Place) String() string {
	if p.Level == LevelAdmin && p.AdminLevel != "" {
		return fmt.Sprintf("(%s %q %q)", p.Level, p.Name, p.AdminLevel)
	}
	return fmt.Sprintf("(%s %q)", p.Level, p.Name)
}

// fieldIs reports whether a field with a value names the place key.
func fieldIs(v, key string) bool { return v != "" && heritage.NormalizeName(v) == key }

// anyTown reports whether one of the towns the record lies in other than
// its city, stated or not as asked, is the town key.
func anyTown(in *heritage.Institution, ctx EvalContext, key string, stated bool) bool {
	for _, t := range ctx.Records.Towns(in) {
		if t.Name != in.City && t.Stated() == stated && heritage.NormalizeName(t.Name) == key {
			return true
		}
	}
	return false
}

// Type is met by a record whose custodian type code is one of Codes
// (ignoring case and the space around them).
type Type struct{ Codes []string }

// Match reports whether the record's type code is one of t.Codes.
func (t Type) Match(in *heritage.Institution, _ EvalContext) bool {
	return OneOf(t.Codes, in.TypeCode)
}

func (t Type) String() string { return words("type", t.Codes) }

// Governance is met by a record whose governance code is one of Codes
// (ignoring case and the space around them).
type Governance struct{ Codes []string }

// Match reports whether the record's governance code is one of g.Codes.
func (g Governance) Match(in *heritage.Institution, _ EvalContext) bool {
	return OneOf(g.Codes, in.GovernanceCode())
}

func (g Governance) String() string { return words("governance", g.Codes) }

// OneOf reports whether the value v is one of list, ignoring case and
// the space around list's values; an empty value is none.
func OneOf(list []string, v string) bool {
	if v == "" {
		return false
	}
	for _, x := range list {
		if strings.EqualFold(strings.TrimSpace(x), v) {
			return true
		}
	}
	return false
}

// Accreditation is met by a record whose accreditation is Value,
// ignoring case.
type Accreditation struct{ Value string }

// Match reports whether the record's accreditation is a.Value.
func (a Accreditation) Match(in *heritage.Institution, _ EvalContext) bool {
	return strings.EqualFold(a.Value, in.Accreditation())
}

func (a Accreditation) String() string { return words("accreditation", []string{a.Value}) }

// Size is met by a record whose size is one of Values, ignoring case;
// "large" also admits "huge".
type Size struct{ Values []string }

// Match reports whether the record's size is one of s.Values.
func (s Size) Match(in *heritage.Institution, _ EvalContext) bool { return SizeIn(s.Values, in.Size()) }

// SizeIn reports whether the size v is one of sizes, ignoring case; a
// "large" asked for also admits "huge".
func SizeIn(sizes []string, v string) bool {
	for _, s := range sizes {
		if strings.EqualFold(s, v) || strings.EqualFold(s, "large") && v == "huge" {
			return true
		}
	}
	return false
}

func (s Size) String() string { return words("size", s.Values) }

// Status values.
const (
	StatusOpen   Status = "open"
	StatusClosed Status = "closed"
)

// Status is met by an open record (StatusOpen: any status but "closed",
// heritage.Institution.IsOpen) or a closed one (StatusClosed). Any other
// value is met by every record.
type Status string

// Match reports whether the record is open or closed as s asks.
func (s Status) Match(in *heritage.Institution, _ EvalContext) bool {
	switch s {
	case StatusOpen:
		return in.IsOpen()
	case StatusClosed:
		return !in.IsOpen()
	}
	return true
}

func (s Status) String() string { return "(status " + string(s) + ")" }

// Subject is met by a record with a subject whose levels (split at "/",
// trimmed, lower-cased: SubjectLevels) are Levels, or, with Narrower,
// begin with them ("Natural world" takes in "Natural world / Geology").
type Subject struct {
	Levels   []string
	Narrower bool
}

// SubjectLevels folds a subject code into its levels, as Subject compares
// them: "Natural world / Geology" → ["natural world", "geology"]. A
// trailing "*" or "/" asks for the code and what lies below it, as the
// bare code does; a code that folds to nothing has no levels.
func SubjectLevels(code string) []string {
	parts := strings.Split(strings.TrimSuffix(strings.TrimSpace(code), "*"), "/")
	for i, p := range parts {
		parts[i] = strings.ToLower(strings.TrimSpace(p))
	}
	if parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	return parts
}

// Match reports whether one of the record's subjects is s, or lies below
// it when s.Narrower.
func (s Subject) Match(in *heritage.Institution, _ EvalContext) bool {
	return s.MatchSubjects(in.Subjects)
}

// MatchSubjects reports whether one of the subject codes have is s, or
// lies below it when s.Narrower: Match for a record with those subjects.
func (s Subject) MatchSubjects(have []string) bool {
	if len(s.Levels) == 0 {
		return false
	}
	for _, h := range have {
		if subjectUnder(h, s.Levels, !s.Narrower) {
			return true
		}
	}
	return false
}

func (s Subject) String() string {
	q := strconv.Quote(strings.Join(s.Levels, " / "))
	if s.Narrower {
		return "(subject " + q + " narrower)"
	}
	return "(subject " + q + ")"
}

// subjectUnder reports whether the levels of the subject h begin with
// levels (are levels, when exact). It compares level by level, so that
// a selection reading every record folds no strings.
func subjectUnder(h string, levels []string, exact bool) bool {
	rest, more := h, true
	for _, w := range levels {
		if !more {
			return false
		}
		var level string
		level, rest, more = strings.Cut(rest, "/")
		if !foldedIs(strings.TrimSpace(level), w) {
			return false
		}
	}
	return !exact || !more
}

// foldedIs reports whether strings.ToLower(s) == lower, for lower already
// lower-cased; two ASCII strings need no new string for it.
func foldedIs(s, lower string) bool {
	if textfold.IsASCII(s) && textfold.IsASCII(lower) {
		return strings.EqualFold(s, lower)
	}
	return strings.ToLower(s) == lower
}

// YearRange is met by a record whose opening (Field "opened") or closing
// ("closed") year range lies within From and To, inclusive bounds, 0 when
// open-ended: a range straddling a bound is not within. A record without
// the year (heritage.Institution.Opened, Closed), or any other Field,
// meets none.
type YearRange struct {
	Field    string
	From, To int
}

// Match reports whether the record's year range of y.Field lies within
// y.From and y.To.
func (y YearRange) Match(in *heritage.Institution, _ EvalContext) bool {
	var from, to int
	var ok bool
	switch y.Field {
	case "closed":
		from, to, ok = in.Closed()
	case "opened":
		from, to, ok = in.Opened()
	}
	return ok && (y.To <= 0 || to <= y.To) && (y.From <= 0 || from >= y.From)
}

func (y YearRange) String() string {
	bound := func(v int) string {
		if v <= 0 {
			return ""
		}
		return strconv.Itoa(v)
	}
	return fmt.Sprintf("(years %s %s..%s)", y.Field, bound(y.From), bound(y.To))
}

// MemberOf is met by a member of a body: a record whose membership
// (part_of or operated_by) names the body, either by its name as
// normalised or in a source (Bodies.BodyKey), or, when Body is the id of
// a record, by that id; the members of a body record also include the
// records it lists as has_part. AsOf > 0 leaves out memberships whose
// until year is ≤ AsOf (has_part links have none).
type MemberOf struct {
	Body string
	AsOf int
}

// Match reports whether the record is a member of m.Body.
func (m MemberOf) Match(in *heritage.Institution, ctx EvalContext) bool {
	return memberOf(in, ctx, m.Body, m.AsOf)
}

func (m MemberOf) String() string {
	if m.AsOf > 0 {
		return fmt.Sprintf("(member %q as-of %d)", m.Body, m.AsOf)
	}
	return fmt.Sprintf("(member %q)", m.Body)
}

func memberOf(in *heritage.Institution, ctx EvalContext, body string, asOf int) bool {
	current := func(ms heritage.Membership) bool { return asOf <= 0 || ms.Current(asOf) }
	if parent, ok := ctx.Records.Get(body); ok {
		for _, ms := range in.MemberOf() {
			if ms.ID == body && current(ms) {
				return true
			}
		}
		for _, r := range parent.Related() {
			if r.Relation == "has_part" && r.ID == in.ID && r.ID != "" {
				return true
			}
		}
		return false
	}
	key := ctx.Bodies.BodyKey(body)
	for _, ms := range in.MemberOf() {
		if current(ms) && heritage.NormalizeName(ms.Name) == key {
			return true
		}
	}
	return false
}

// Related is met by the records related to a named institution: the one
// with the ids IDs, or, without ids, every record named Name
// (Bodies.Named). By Relation:
//
//   - part_of, operated_by, has_part: its members, as MemberOf gives them
//     for its id and for its name.
//   - houses: the records its houses links name, and the records whose
//     located_in links name it.
//   - any other: the records its links of that relation name.
type Related struct {
	Name     string
	IDs      []string
	Relation string
	AsOf     int
}

// Match reports whether the record is related to the named institution.
func (r Related) Match(in *heritage.Institution, ctx EvalContext) bool {
	ids := r.IDs
	if len(ids) == 0 {
		ids = ctx.Bodies.Named(r.Name)
	}
	for _, id := range ids {
		anchor, ok := ctx.Records.Get(id)
		if !ok {
			continue
		}
		switch r.Relation {
		case heritage.RelPartOf, heritage.RelOperatedBy, "has_part":
			if memberOf(in, ctx, id, r.AsOf) || memberOf(in, ctx, anchor.Name, r.AsOf) {
				return true
			}
			continue
		}
		for _, l := range anchor.Related() {
			if l.Relation == r.Relation && l.ID == in.ID && l.ID != "" {
				return true
			}
		}
		if r.Relation == "houses" {
			for _, l := range in.Related() {
				if l.Relation == "located_in" && l.ID == id {
					return true
				}
			}
		}
	}
	return false
}

func (r Related) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "(related %s %q", r.Relation, r.Name)
	for _, id := range r.IDs {
		fmt.Fprintf(&b, " %q", id)
	}
	if r.AsOf > 0 {
		fmt.Fprintf(&b, " as-of %d", r.AsOf)
	}
	b.WriteString(")")
	return b.String()
}

// words writes (op "v" …).
func words(op string, vs []string) string {
	var b strings.Builder
	b.WriteString("(" + op)
	for _, v := range vs {
		b.WriteString(" " + strconv.Quote(v))
	}
	b.WriteString(")")
	return b.String()
}

// Radius is met by a record whose coordinates lie within Km of Lat, Lon
// (heritage.DistanceKm, the bound included); a record without
// coordinates meets none. Compile does not produce it yet: distances
// from a postcode or a town (plan.Constraints.Postcodes, RadiusKM) are
// measured after the selection.
type Radius struct {
	Lat, Lon, Km float64
}

// Match reports whether the record lies within r.Km of r.Lat, r.Lon.
func (r Radius) Match(in *heritage.Institution, _ EvalContext) bool {
	return in.Lat != nil && in.Lon != nil && heritage.DistanceKm(r.Lat, r.Lon, *in.Lat, *in.Lon) <= r.Km
}

func (r Radius) String() string {
	return fmt.Sprintf("(radius %s %s %s)", fmtFloat(r.Lat), fmtFloat(r.Lon), fmtFloat(r.Km))
}

func fmtFloat(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// IDs is met by the records with one of the ids: a set selected before
// (identifiers looked up, a side of a comparison) in an expression.
type IDs []string

// Match reports whether the record's id is one of ids.
func (ids IDs) Match(in *heritage.Institution, _ EvalContext) bool {
	return slices.Contains(ids, in.ID)
}

func (ids IDs) String() string { return words("ids", ids) }
