package query

import (
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/plan"
)

// PlaceMatch is how far a place constraint reaches beyond what records
// state.
type PlaceMatch int

const (
	// Stated: the record's city, the town of its address, a unit of its
	// admin_area, its country, region, subregion, county or district.
	Stated PlaceMatch = iota
	// Derived adds a town read from an admin-area unit or from the name
	// of a record without a city (LevelTown): likely, not stated.
	Derived
	// Near adds, for "in or near" questions (plan.Constraints.NearPlace),
	// the records within heritage.NearRadiusKm of the town (LevelNear).
	Near
)

// CurrentYear stands for "now" when a present-tense question drops ended
// memberships: any until year in the data has passed.
const CurrentYear = 9999

// Compile returns the condition a record must meet to be in the exact set
// the constraints select, with places matched up to Derived and
// memberships judged at asOf (asOf > 0 leaves out those ended by then;
// a question for open institutions judges them now). It is
// CompileMatching(c, asOf, Derived).
//
// Constraints that select no exact set (plan.Constraints.Selective is
// false and no one name with a relation is given) compile to False.
//
// Compile reads the constraints the graph's selection reads (Names with
// Relation, Bodies, Places with NearPlace, TypeCodes, Subjects, Status,
// Accreditation, Sizes, GovernanceCodes, Years). It leaves out those
// applied after the selection, which it does not yet express: Within,
// Except, Has, Lacks, NameHas and Not (the answer's record conditions),
// Postcodes and RadiusKM (distances), and Order, Group, Limit, Share
// and Change (what is asked of the set).
func Compile(c plan.Constraints, asOf int) Expr {
	return CompileMatching(c, asOf, Derived)
}

// CompileMatching is Compile with places matched up to level m.
func CompileMatching(c plan.Constraints, asOf int, m PlaceMatch) Expr {
	named := len(c.Names) == 1 && c.Relation != ""
	if !c.Selective() && !named {
		return False
	}
	if c.Status == "open" && asOf == 0 {
		asOf = CurrentYear
	}
	// The cheap record fields first: And stops at the first unmet.
	var and And
	if len(c.TypeCodes) > 0 {
		and = append(and, Type{Codes: c.TypeCodes})
	}
	switch strings.ToLower(c.Status) {
	case "open":
		and = append(and, StatusOpen)
	case "closed":
		and = append(and, StatusClosed)
	}
	if c.Accreditation != "" {
		and = append(and, Accreditation{Value: c.Accreditation})
	}
	if len(c.Sizes) > 0 {
		and = append(and, Size{Values: c.Sizes})
	}
	if len(c.GovernanceCodes) > 0 {
		and = append(and, Governance{Codes: c.GovernanceCodes})
	}
	if y := c.Years; y != nil {
		and = append(and, YearRange{Field: y.Field, From: y.From, To: y.To})
	}
	if len(c.Subjects) > 0 {
		groups := [][]string{c.Subjects}
		if c.SubjectsAll {
			groups = subjectGroups(c)
		}
		for _, g := range groups {
			var or Or
			for _, s := range g {
				if levels := SubjectLevels(s); len(levels) > 0 {
					or = append(or, Subject{Levels: levels, Narrower: true})
				}
			}
			if len(or) > 0 || !c.SubjectsAll {
				and = append(and, single(or))
			}
		}
	}
	if len(c.Places) > 0 {
		var or Or
		for _, p := range c.Places {
			for _, pl := range PlacePredicates(p, m, c.NearPlace) {
				or = append(or, pl)
			}
		}
		and = append(and, single(or))
	}
	if len(c.Bodies) > 0 {
		// "part of", "run by", "operated by", "belongs to" all mean
		// membership: the data's part_of and operated_by come from the
		// sources' fields, not from what a user means.
		var or Or
		for _, b := range c.Bodies {
			or = append(or, MemberOf{Body: b.Name, AsOf: asOf})
			for _, id := range b.IDs {
				or = append(or, MemberOf{Body: id, AsOf: asOf})
			}
		}
		and = append(and, single(or))
	}
	if named {
		n := c.Names[0]
		and = append(and, Related{Name: n.Name, IDs: n.IDs, Relation: c.Relation, AsOf: asOf})
	}
	switch len(and) {
	case 0:
		return True
	case 1:
		return and[0]
	}
	return and
}

// PlacePredicates returns what a record meeting the place p meets one
// of, up to level m; LevelNear only when near (an "in or near" question).
// Those of a lower level come first, so the predicates up to Stated are
// the first of those up to Derived, and those the first of those up to
// Near. A town named without a qualifier that is also an administrative
// unit (Area) means both. A place of a level no record field has gives
// none: it matches nothing.
func PlacePredicates(p plan.Place, m PlaceMatch, near bool) []Place {
	var stated, derived []Place
	switch p.Level {
	case plan.LevelCity:
		stated = []Place{{Level: LevelCity, Name: p.Name}}
		if p.Area != "" {
			stated = append(stated, Place{Level: LevelAdmin, Name: p.Name, AdminLevel: p.Area})
		}
		derived = []Place{{Level: LevelTown, Name: p.Name}}
	case plan.LevelAdmin:
		stated = []Place{{Level: LevelAdmin, Name: p.Name, AdminLevel: p.AdminLevel}}
		derived = []Place{{Level: LevelTown, Name: p.Name}}
	case plan.LevelCountry, plan.LevelRegion, plan.LevelSubregion, plan.LevelCounty, plan.LevelDistrict:
		stated = []Place{{Level: Level(p.Level), Name: p.Name}}
	default:
		return nil
	}
	out := stated
	if m >= Derived {
		out = append(out, derived...)
	}
	if m >= Near && near {
		out = append(out, Place{Level: LevelNear, Name: p.Name})
	}
	return out
}

// single returns the one expression of an Or of one.
func single(or Or) Expr {
	if len(or) == 1 {
		return or[0]
	}
	return or
}

// subjectGroups returns the groups of subjects that must each hold (see
// plan.Constraints.SubjectGroups): c's groups when they hold exactly its
// subjects, else each subject alone.
func subjectGroups(c plan.Constraints) [][]string {
	var in []string
	for _, g := range c.SubjectGroups {
		in = append(in, g...)
	}
	slices.Sort(in)
	in = slices.Compact(in)
	all := slices.Sorted(slices.Values(c.Subjects))
	if len(c.SubjectGroups) > 0 && slices.Equal(in, slices.Compact(all)) {
		return c.SubjectGroups
	}
	out := make([][]string, len(c.Subjects))
	for i, s := range c.Subjects {
		out[i] = []string{s}
	}
	return out
}
