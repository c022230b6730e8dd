package qdrantstore

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/qdrant/go-client/qdrant"

	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/query"
)

// payloadField returns the payload field a filter key matches on and
// whether it is numeric; ok is false for a key outside filter.Keys.
// Numeric keys are integers at the top level of the payload; every other
// key matches its folded values under "fold.<key>".
func payloadField(key string) (field string, numeric, ok bool) {
	if !query.KnownField(key) {
		return "", false, false
	}
	if query.NumericField(key) {
		return key, true, true
	}
	return foldKey + "." + key, false, true
}

// Translate turns a filter set into a Qdrant filter with the semantics of
// filter.Set.Match over the payload Ingest writes: it is TranslateExpr of
// the set's expression (filter.Set.Expr), whose query.Field predicates
// all translate (fieldCondition), so it declares no post-filter:
//
//   - $eq and $in on a text key: match keyword (one value) or match any
//     (several) on "fold.<key>", operands trimmed and folded with Fold;
//     the folded values already list admin units, broader subject levels
//     and group names, so no other expansion is needed;
//   - $eq and $in on year_opened or year_closed: match integer or match
//     any integers; operands that are not whole numbers can match nothing;
//   - $ne: the $eq condition under must_not (a record without the field
//     passes, as $ne is the exact negation of $eq). Match except is not
//     used: on a list it passes when any one value differs;
//   - $contains: match text on "fold.<key>" with the folded operand. The
//     fold fields carry a keyword index, not a full-text index, and Qdrant
//     evaluates match text on such a field as an exact substring test, so
//     this is a case-insensitive substring match on any value. Several
//     operands become a should clause;
//   - $gte and $lte: one range condition per numeric key, bounds merged.
//
// Conditions are ANDed in the order of the set (must, then must_not). An
// empty set gives a nil filter. ok is false when the set can match
// nothing: an unknown key or operator, a range or $contains on the wrong
// kind of key, an $eq or $in without a usable operand (Set.Match is false
// for every record in those cases); the caller then skips the search.
func Translate(fs filter.Set) (f *qdrant.Filter, ok bool) { return translateSet(fs, nil) }

// translateSet is Translate, with each $contains resolved over the
// records' values when values is not nil (recordValues.contains).
func translateSet(fs filter.Set, values *recordValues) (f *qdrant.Filter, ok bool) {
	if len(fs) == 0 {
		return nil, true
	}
	t := translator{values: values}.translate(fs.Expr())
	if t.None || len(t.Post) > 0 {
		// Post is empty: every part of a filter set translates.
		return nil, false
	}
	return t.Filter, true
}

// fieldCondition translates a query.Field over the fold fields and the
// numeric top-level fields, as Translate describes for the operators; a
// $contains is resolved over values when it is not nil.
func fieldCondition(f query.Field, values *recordValues) cond {
	field, numeric, known := payloadField(f.Key)
	if !known {
		return never
	}
	switch f.Op {
	case query.FieldIs:
		if c, ok := eqCondition(field, numeric, f.Values); ok {
			return is(c)
		}
	case query.FieldContains:
		switch {
		case numeric || len(f.Values) == 0:
		case values != nil:
			return values.contains(f.Key, field, f.Values)
		default:
			return is(containsCondition(field, f.Values))
		}
	case query.FieldRange:
		if !numeric || math.IsNaN(f.Min) || math.IsNaN(f.Max) {
			return never
		}
		r := &qdrant.Range{}
		if !math.IsInf(f.Min, -1) {
			r.Gte = qdrant.PtrOf(f.Min)
		}
		if !math.IsInf(f.Max, 1) {
			r.Lte = qdrant.PtrOf(f.Max)
		}
		return is(qdrant.NewRange(field, r))
	}
	return never
}

// eqCondition is the condition of $eq/$in; ok is false when no operand can
// match.
func eqCondition(field string, numeric bool, values []string) (*qdrant.Condition, bool) {
	if numeric {
		ints := make([]int64, 0, len(values))
		for _, v := range values {
			n, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil || n != math.Trunc(n) || math.Abs(n) > 1<<53 {
				continue
			}
			if i := int64(n); !slices.Contains(ints, i) {
				ints = append(ints, i)
			}
		}
		switch len(ints) {
		case 0:
			return nil, false
		case 1:
			return qdrant.NewMatchInt(field, ints[0]), true
		}
		return qdrant.NewMatchInts(field, ints...), true
	}
	words := make([]string, 0, len(values))
	for _, v := range values {
		if w := Fold(strings.TrimSpace(v)); !slices.Contains(words, w) {
			words = append(words, w)
		}
	}
	switch len(words) {
	case 0:
		return nil, false
	case 1:
		return qdrant.NewMatchKeyword(field, words[0]), true
	}
	return qdrant.NewMatchKeywords(field, words...), true
}

// containsCondition is the substring condition of $contains.
func containsCondition(field string, values []string) *qdrant.Condition {
	if len(values) == 1 {
		return qdrant.NewMatchText(field, Fold(strings.TrimSpace(values[0])))
	}
	should := make([]*qdrant.Condition, len(values))
	for i, v := range values {
		should[i] = qdrant.NewMatchText(field, Fold(strings.TrimSpace(v)))
	}
	return qdrant.NewFilterAsCondition(&qdrant.Filter{Should: should})
}
