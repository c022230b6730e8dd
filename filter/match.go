package filter

import (
	"math"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/query"
)

// Keys lists every record field a filter can name, sorted: the keys of
// query.Field (query.FieldKeys), which says what each means. In short,
// matching is case-insensitive for text; admin_area matches a unit of
// the path by its name ("Kent"), its name with level ("Kent (English
// County)") or the whole path, and $contains any part of the path;
// subjects is a list, and $eq and $in match a subject or any of its
// broader levels ("Transport" matches "Transport / Trains and
// railways"); member_of lists the group names, ended links too;
// year_opened and year_closed are the first years of the ranges, with
// the records' events as the fallback.
//
// A record without a value for the field matches no operator but $ne: $ne
// is the exact negation of $eq. $gte and $lte apply to the numeric fields
// only (Validate rejects them elsewhere). A text operand on a numeric field
// is read as a number.
var Keys = query.FieldKeys

// Known reports whether key is one of Keys.
func Known(key string) bool { return query.KnownField(key) }

// numeric reports whether key is a numeric key of Keys.
func numeric(key string) bool { return query.NumericField(key) }

// Expr translates the set into the query algebra: the And of its
// filters' expressions, in the set's order, with the $gte and $lte
// bounds of one key merged into one range where the first of them
// stands. Set.Match is the expression's Match.
func (s Set) Expr() query.Expr {
	out := make(query.And, 0, len(s))
	ranges := make(map[string]int)
	for _, f := range s {
		e := f.Expr()
		r, ok := e.(query.Field)
		if !ok || r.Op != query.FieldRange {
			out = append(out, e)
			continue
		}
		if i, seen := ranges[r.Key]; seen {
			prev := out[i].(query.Field)
			prev.Min, prev.Max = bound(prev.Min, r.Min, math.Max), bound(prev.Max, r.Max, math.Min)
			out[i] = prev
			continue
		}
		ranges[r.Key] = len(out)
		out = append(out, r)
	}
	return out
}

// bound merges two bounds of one side with pick (math.Max for lower
// bounds, math.Min for upper ones); a NaN stays, as it bounds nothing.
func bound(a, b float64, pick func(x, y float64) float64) float64 {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.NaN()
	}
	return pick(a, b)
}

// Expr translates the filter into the query algebra: $eq and $in are a
// query.Field with FieldIs, $contains with FieldContains, $gte and $lte
// a FieldRange open on the other side, $ne the Not of $eq. A key outside
// Keys, an unknown operator, a range on a text key and $contains on a
// numeric key give query.False.
func (f Filter) Expr() query.Expr {
	fd, not, ok := f.field()
	switch {
	case !ok:
		return query.False
	case not:
		return query.Not{X: fd}
	}
	return fd
}

// field is the predicate of Expr, and whether it is negated; ok is false
// when the filter matches nothing.
func (f Filter) field() (fd query.Field, not, ok bool) {
	if !Known(f.Field) {
		return fd, false, false
	}
	switch f.Op {
	case Eq, In, Ne:
		return query.Field{Key: f.Field, Op: query.FieldIs, Values: f.Values}, f.Op == Ne, true
	case Contains:
		return query.Field{Key: f.Field, Op: query.FieldContains, Values: f.Values}, false, !numeric(f.Field)
	case Gte, Lte:
		fd = query.Field{Key: f.Field, Op: query.FieldRange, Min: math.Inf(-1), Max: math.Inf(1)}
		if f.Op == Gte {
			fd.Min = f.Number
		} else {
			fd.Max = f.Number
		}
		return fd, false, numeric(f.Field)
	}
	return fd, false, false
}

// Match reports whether the record satisfies every filter of the set: the
// Match of the set's expression (Expr). An empty set matches everything;
// a filter on an unknown key matches nothing (Restrict such keys away
// first).
func (s Set) Match(in *heritage.Institution) bool {
	for i := range s {
		if !s[i].Match(in) {
			return false
		}
	}
	return true
}

// Match reports whether the record satisfies the filter: the Match of its
// expression (Expr), evaluated without boxing it.
func (f Filter) Match(in *heritage.Institution) bool {
	fd, not, ok := f.field()
	return ok && fd.Match(in, query.EvalContext{}) != not
}
