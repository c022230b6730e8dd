package qdrantstore

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/qdrant/go-client/qdrant"

	"github.com/hybridrag/hybridrag/filter"
)

// numericKeys are the filter keys stored as integers at the top level of
// the payload; every other key of filter.Keys matches its folded values
// under "fold.<key>".
var numericKeys = []string{"year_opened", "year_closed"}

// payloadField returns the payload field a filter key matches on and
// whether it is numeric; ok is false for a key outside filter.Keys.
func payloadField(key string) (field string, numeric, ok bool) {
	if !slices.Contains(filter.Keys, key) {
		return "", false, false
	}
	if slices.Contains(numericKeys, key) {
		return key, true, true
	}
	return foldKey + "." + key, false, true
}

// Translate turns a filter set into a Qdrant filter with the semantics of
// filter.Set.Match over the payload Ingest writes:
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
func Translate(fs filter.Set) (f *qdrant.Filter, ok bool) {
	if len(fs) == 0 {
		return nil, true
	}
	out := &qdrant.Filter{}
	ranges := make(map[string]*qdrant.Range)
	for _, c := range fs {
		field, numeric, known := payloadField(c.Field)
		if !known {
			return nil, false
		}
		switch c.Op {
		case filter.Eq, filter.In:
			cond, ok := eqCondition(field, numeric, c.Values)
			if !ok {
				return nil, false
			}
			out.Must = append(out.Must, cond)
		case filter.Ne:
			if cond, ok := eqCondition(field, numeric, c.Values); ok {
				out.MustNot = append(out.MustNot, cond)
			}
		case filter.Contains:
			if numeric || len(c.Values) == 0 {
				return nil, false
			}
			out.Must = append(out.Must, containsCondition(field, c.Values))
		case filter.Gte, filter.Lte:
			if !numeric || math.IsNaN(c.Number) {
				return nil, false
			}
			r, seen := ranges[field]
			if !seen {
				r = &qdrant.Range{}
				ranges[field] = r
				out.Must = append(out.Must, qdrant.NewRange(field, r))
			}
			n := c.Number
			if c.Op == filter.Gte {
				if r.Gte != nil {
					n = max(n, *r.Gte)
				}
				r.Gte = &n
			} else {
				if r.Lte != nil {
					n = min(n, *r.Lte)
				}
				r.Lte = &n
			}
		default:
			return nil, false
		}
	}
	if len(out.Must) == 0 && len(out.MustNot) == 0 {
		return nil, true
	}
	return out, true
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
