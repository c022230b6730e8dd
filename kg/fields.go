package kg

import (
	"cmp"
	"math"
	"slices"
	"sort"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/query"
)

// valueField is a record field that a predicate compares as a whole
// value, and that nothing but that predicate reads: the type code,
// governance code, accreditation, size and status.
type valueField uint8

const (
	fieldType valueField = iota
	fieldGovernance
	fieldAccreditation
	fieldSize
	fieldStatus
	valueFields // the number of value fields
)

// of returns the record's value of field f.
func (f valueField) of(in *heritage.Institution) string {
	switch f {
	case fieldType:
		return in.TypeCode
	case fieldGovernance:
		return in.GovernanceCode()
	case fieldAccreditation:
		return in.Accreditation()
	case fieldSize:
		return in.Size()
	}
	return in.Status()
}

// set sets the record's field f to v.
func (f valueField) set(in *heritage.Institution, v string) {
	switch f {
	case fieldType:
		in.TypeCode = v
	case fieldGovernance:
		in.SetText(heritage.FieldGovernanceCode, v)
	case fieldAccreditation:
		in.SetText(heritage.FieldAccreditation, v)
	case fieldSize:
		in.SetText(heritage.FieldSize, v)
	default:
		in.SetText(heritage.FieldStatus, v)
	}
}

// valueFieldOf returns the field whose value alone decides whether a
// record meets e, when e is such a predicate (query.Type, Governance,
// Accreditation, Size, Status: their Match reads that field and nothing
// else).
func valueFieldOf(e query.Expr) (valueField, bool) {
	switch e.(type) {
	case query.Type:
		return fieldType, true
	case query.Governance:
		return fieldGovernance, true
	case query.Accreditation:
		return fieldAccreditation, true
	case query.Size:
		return fieldSize, true
	case query.Status:
		return fieldStatus, true
	}
	return 0, false
}

// fewCandidates is the number of candidates up to which a selection
// tests the predicates the field index answers on each candidate rather
// than ask the index: testing a few records costs less than weighing
// the index's sets.
const fewCandidates = 64

// listedPerCandidate bounds a year range's set that a selection lists
// and intersects with its candidates, as a multiple of the candidates:
// listing a record's number costs less than reading the record, which
// testing it does.
const listedPerCandidate = 8

// fieldIndexed reports whether e is a predicate the field index may
// answer (fieldSet).
func fieldIndexed(e query.Expr) bool {
	if _, ok := e.(query.YearRange); ok {
		return true
	}
	_, ok := valueFieldOf(e)
	return ok
}

// fieldIndex holds the records by the fields of the predicates that
// test one field's value or year.
type fieldIndex struct {
	// values lists, for each value field, the records holding each of
	// its values but the empty one (most records have none for all but
	// the type; those without it are the complement of the rest)
	values [valueFields]table
	// codes gives, for each value field, each record's value as its place
	// in values' keys plus one (0 for none), when the keys are few
	// enough for a byte; nil when they are not. A selection filters its
	// candidates by them, reading neither the records nor the lists.
	codes [valueFields][]uint8
	// years holds the opening (0) and closing (1) year ranges.
	years [2]yearIndex
}

// yearIndex is the records with a year range (heritage.Institution.Opened
// or Closed), ascending by its first year, then by record, with the range.
type yearIndex struct {
	from, to []int32 // the first and the last year of recs[k]'s range
	recs     []int32
	// bounded is true when no range ends before it begins: a range
	// within a bound then begins within it, so the records beginning
	// after the bound need no test.
	bounded bool
	// usable is false when a year does not fit in from or to: the index
	// then answers nothing.
	usable bool
}

// fields returns the field index, made on the first call: one pass over
// the records.
func (g *Graph) fields() *fieldIndex {
	g.fieldsOnce.Do(func() {
		var values [valueFields]map[string][]int32
		for f := range values {
			values[f] = map[string][]int32{}
		}
		type dated struct{ from, to, rec int32 }
		var years [2][]dated
		bounded, usable := [2]bool{true, true}, [2]bool{true, true}
		for i := range g.ds.Institutions {
			in := &g.ds.Institutions[i]
			for f := range valueFields {
				if v := f.of(in); v != "" {
					values[f][v] = append(values[f][v], int32(i))
				}
			}
			for k, span := range [2]func() (int, int, bool){in.Opened, in.Closed} {
				from, to, ok := span()
				if !ok {
					continue
				}
				usable[k] = usable[k] && fitsInt32(from) && fitsInt32(to)
				bounded[k] = bounded[k] && from <= to
				years[k] = append(years[k], dated{from: int32(from), to: int32(to), rec: int32(i)})
			}
		}
		x := &fieldIndex{}
		for f := range values {
			x.values[f] = packTable(values[f])
			t := &x.values[f]
			if t.keys.Len() > math.MaxUint8 {
				continue
			}
			codes := make([]uint8, len(g.ds.Institutions))
			for k := range int32(t.keys.Len()) {
				for _, i := range t.at(k) {
					codes[i] = uint8(k + 1)
				}
			}
			x.codes[f] = codes
		}
		for k, ys := range years {
			slices.SortFunc(ys, func(a, b dated) int { return cmp.Or(cmp.Compare(a.from, b.from), cmp.Compare(a.rec, b.rec)) })
			yx := yearIndex{from: make([]int32, len(ys)), to: make([]int32, len(ys)), recs: make([]int32, len(ys)),
				bounded: bounded[k], usable: usable[k]}
			for j, y := range ys {
				yx.from[j], yx.to[j], yx.recs[j] = y.from, y.to, y.rec
			}
			x.years[k] = yx
		}
		g.fieldIdx = x
	})
	return g.fieldIdx
}

func fitsInt32(v int) bool { return v >= math.MinInt32 && v <= math.MaxInt32 }

// pending is a set of records an index gives, of a size known before its
// records are listed.
type pending struct {
	size    int
	records func() []int32 // ascending, each once
	// filter, when not nil, returns the candidates (ascending) in the
	// set, without listing it.
	filter func(cand []int32) []int32
}

// fieldSet returns the records meeting e when the field index answers
// e: a predicate on one value field, or a year range.
func (g *Graph) fieldSet(e query.Expr) (pending, bool) {
	if y, ok := e.(query.YearRange); ok {
		return g.yearSet(y)
	}
	f, ok := valueFieldOf(e)
	if !ok {
		return pending{}, false
	}
	t := &g.fields().values[f]
	// Whether a record meets e follows from its value of f alone, so e
	// is asked of each value the data holds, as a record holding only it.
	probe := new(heritage.Institution) // one, as Match's record escapes
	meets := func(v string) bool {
		f.set(probe, v)
		return e.Match(probe, query.EvalContext{})
	}
	empty := meets("")
	var lists [][]int32
	size := 0
	accept := make([]bool, t.keys.Len()+1) // by code
	accept[0] = empty
	for k := range int32(t.keys.Len()) {
		accept[k+1] = meets(t.keys.At(k))
		if accept[k+1] != empty {
			l := t.at(k)
			lists = append(lists, l)
			size += len(l)
		}
	}
	n := len(g.ds.Institutions)
	filter := func(cand []int32) []int32 { return filterLists(cand, lists, empty) }
	if codes := g.fields().codes[f]; codes != nil {
		filter = func(cand []int32) []int32 {
			var out []int32
			for _, i := range cand {
				if accept[codes[i]] {
					out = append(out, i)
				}
			}
			return out
		}
	}
	if !empty {
		return pending{size: size, records: func() []int32 { return unionAll(lists) }, filter: filter}, true
	}
	// e meets a record without a value: the records it meets are those
	// holding none of the values it does not meet.
	return pending{size: n - size, records: func() []int32 { return complementSorted(unionAll(lists), int32(n)) }, filter: filter}, true
}

// filterLists returns the candidates (ascending) that one of the
// ascending lists holds, or, when without, that none of them holds. It
// steps through each list by growing strides, so that a few candidates
// cost little against long lists.
func filterLists(cand []int32, lists [][]int32, without bool) []int32 {
	at := make([]int, len(lists))
	var out []int32
	for _, x := range cand {
		in := false
		for k, l := range lists {
			at[k] = seek(l, at[k], x)
			if at[k] < len(l) && l[at[k]] == x {
				in = true
				break
			}
		}
		if in != without {
			out = append(out, x)
		}
	}
	return out
}

// seek returns the first index from i on where the ascending list l
// holds x or more (len(l) when none does).
func seek(l []int32, i int, x int32) int {
	if i >= len(l) || l[i] >= x {
		return i
	}
	// l[lo] < x; the strides double until l[lo+step] >= x
	lo, step := i, 1
	for lo+step < len(l) && l[lo+step] < x {
		lo += step
		step *= 2
	}
	hi := min(lo+step, len(l))
	j, _ := slices.BinarySearch(l[lo+1:hi], x)
	return lo + 1 + j
}

// yearSet returns the records meeting y from the year index: those whose
// range begins and ends within y's bounds.
func (g *Graph) yearSet(y query.YearRange) (pending, bool) {
	var yx *yearIndex
	switch y.Field {
	case "opened":
		yx = &g.fields().years[0]
	case "closed":
		yx = &g.fields().years[1]
	default:
		return pending{records: func() []int32 { return nil }}, true
	}
	if !yx.usable {
		return pending{}, false
	}
	lo, hi := 0, len(yx.from)
	if y.From > 0 {
		lo = sort.Search(len(yx.from), func(j int) bool { return int(yx.from[j]) >= y.From })
	}
	if y.To > 0 && yx.bounded {
		hi = max(lo, sort.Search(len(yx.from), func(j int) bool { return int(yx.from[j]) > y.To }))
	}
	return pending{size: hi - lo, records: func() []int32 {
		var out []int32
		for k := lo; k < hi; k++ {
			if y.To <= 0 || int(yx.to[k]) <= y.To {
				out = append(out, yx.recs[k])
			}
		}
		slices.Sort(out)
		return out
	}}, true
}

// at returns the list of the k-th key; the caller must not change it.
func (t table) at(k int32) []int32 {
	lo, hi := t.off[k], t.off[k+1]
	return t.list[lo:hi:hi]
}

// unionAll returns the values the ascending lists hold, ascending and
// each once; a new list.
func unionAll(lists [][]int32) []int32 {
	switch len(lists) {
	case 0:
		return nil
	case 1:
		return slices.Clone(lists[0])
	}
	// merge the shortest first, so that few values are copied often
	lists = slices.Clone(lists)
	slices.SortFunc(lists, func(a, b []int32) int { return cmp.Compare(len(a), len(b)) })
	out := lists[0]
	for _, l := range lists[1:] {
		out = unionSorted(out, l)
	}
	return out
}

// unionSorted returns the values either ascending list holds, ascending
// and each once when each list holds a value once.
func unionSorted[T cmp.Ordered](a, b []T) []T {
	out := make([]T, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			out = append(out, a[i])
			i++
		case a[i] > b[j]:
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i++
			j++
		}
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...)
}

// bytes is about the memory the index holds: its lists (the few keys
// left out).
func (x *fieldIndex) bytes() int {
	n := 0
	for f, t := range x.values {
		n += 4*(len(t.list)+len(t.off)) + len(x.codes[f])
	}
	for _, y := range x.years {
		n += 4 * (len(y.from) + len(y.to) + len(y.recs))
	}
	return n
}
