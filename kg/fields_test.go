package kg

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/query"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// fieldExprs returns predicates on the value fields and years of ds's
// records: each value the data holds, as it is, in capitals and padded
// with spaces, and values no record holds; year ranges with bounds at
// the data's years (one-sided, both, inverted and none). Each is
// translated by the field index alone.
func fieldExprs(ds *heritage.Dataset) []query.Expr {
	var values [valueFields][]string
	var opened []int
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		for f := range valueFields {
			if v := f.of(in); !slices.Contains(values[f], v) {
				values[f] = append(values[f], v)
			}
		}
		if y, ok := in.OpenedFrom(); ok {
			opened = append(opened, y)
		}
	}
	var out []query.Expr
	for f, vs := range values {
		vs = append(vs, "", "no such value", "huge", "large", "closed", "open")
		var lists [][]string
		for k, v := range vs {
			lists = append(lists, []string{v}, []string{strings.ToUpper(v)}, []string{" " + v + " "})
			if k > 0 {
				lists = append(lists, []string{vs[k-1], v})
			}
		}
		for _, l := range lists {
			switch valueField(f) {
			case fieldType:
				out = append(out, query.Type{Codes: l})
			case fieldGovernance:
				out = append(out, query.Governance{Codes: l})
			case fieldAccreditation:
				out = append(out, query.Accreditation{Value: l[0]})
			case fieldSize:
				out = append(out, query.Size{Values: l})
			case fieldStatus:
				out = append(out, query.Status(l[0]))
			}
		}
	}
	out = append(out, query.Type{}, query.Size{})
	slices.Sort(opened)
	var bounds []int
	for _, q := range []float64{0, 0.1, 0.5, 0.9, 1} {
		if len(opened) > 0 {
			bounds = append(bounds, opened[min(len(opened)-1, int(q*float64(len(opened))))])
		}
	}
	bounds = append(bounds, 0, -5, 3000)
	for _, field := range []string{"opened", "closed", "other"} {
		for _, from := range bounds {
			for _, to := range bounds {
				out = append(out, query.YearRange{Field: field, From: from, To: to})
			}
		}
	}
	return out
}

// TestFieldSetsAsScan holds the field index to the reference evaluator
// over the bundled data: every predicate of fieldExprs alone (which
// the index answers without a test of any record), negated, and
// combined with another and with places, as Or, And and Not.
func TestFieldSetsAsScan(t *testing.T) {
	ds := testfixture.Dataset(t)
	g := testGraph(t)
	ctx := query.NewContext(ds)
	exprs := fieldExprs(ds)
	kent := query.Place{Level: query.LevelAdmin, Name: "Kent", AdminLevel: "English County"}
	scotland := query.Place{Level: query.LevelRegion, Name: "Scotland"}
	check := func(e query.Expr) []string {
		t.Helper()
		want := query.Select(e, ds.Institutions, ctx)
		require.Equal(t, want, g.SelectExpr(e), "%s", e)
		return want
	}
	nonEmpty := 0
	for k, e := range exprs {
		if len(check(e)) > 0 {
			nonEmpty++
		}
		_, post := g.SelectDeclared(e)
		require.Empty(t, post, "%s", e)
		check(query.Not{X: e})
		other := exprs[(k*7+3)%len(exprs)]
		check(query.Or{e, other})
		check(query.And{e, other})
		check(query.And{e, query.Not{X: other}})
		check(query.And{kent, e})
		check(query.And{e, other, scotland})
		check(query.Or{query.And{scotland, e}, query.Not{X: other}})
	}
	require.Greater(t, nonEmpty, len(exprs)/3)
}

// TestYearSetsUnbounded holds the year index to the reference evaluator
// on records whose ranges end before they begin, where the ranges within
// a bound may begin after it, and whose ids are not in the order of the
// records.
func TestYearSetsUnbounded(t *testing.T) {
	var lines strings.Builder
	ids := []int{5, 30, 100, 2, 17, 9, 41}
	for i, span := range []string{"1990:1980", "1985:1995", "1970", "", "2000:2010", "abc", "1980:1980"} {
		fmt.Fprintf(&lines, `{"id":"mm:r%d","name":"R %d","type":"MUSEUM","type_code":"M","tier":"TIER_1_AUTHORITATIVE","country":"GB","year_opened":%q,"year_closed":%q}`+"\n", ids[i], i, span, span)
	}
	ds, err := heritage.LoadBytes([]byte(lines.String()), heritage.LoadOptions{})
	require.NoError(t, err)
	g := New(ds)
	require.False(t, g.fields().years[0].bounded)
	ctx := query.NewContext(ds)
	for _, field := range []string{"opened", "closed"} {
		for _, from := range []int{0, 1970, 1981, 1985, 1990, 2001} {
			for _, to := range []int{0, 1970, 1980, 1985, 1995, 2010} {
				e := query.YearRange{Field: field, From: from, To: to}
				require.Equal(t, query.Select(e, ds.Institutions, ctx), g.SelectExpr(e), "%s", e)
			}
		}
	}
	all := query.Type{Codes: []string{"M"}}
	require.Len(t, g.SelectExpr(all), len(ids))
	require.Equal(t, query.Select(all, ds.Institutions, ctx), g.SelectExpr(all))
}

// TestFilterLists holds the filter of candidates by lists, which a field
// with more values than its codes hold falls back to, to a filter by a
// set, on random lists of every density.
func TestFilterLists(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 200 {
		n := 1 + rng.IntN(2000)
		lists := make([][]int32, 1+rng.IntN(4))
		in := map[int32]bool{}
		var cand []int32
		density := rng.Float64()
		for i := range int32(n) {
			if k := rng.IntN(len(lists) + 1); k < len(lists) && rng.Float64() < density {
				lists[k] = append(lists[k], i)
				in[i] = true
			}
			if rng.IntN(3) == 0 {
				cand = append(cand, i)
			}
		}
		for _, without := range []bool{false, true} {
			var want []int32
			for _, i := range cand {
				if in[i] != without {
					want = append(want, i)
				}
			}
			require.Equal(t, want, filterLists(cand, lists, without), "round %d", round)
		}
	}
}

// TestSelectionIndexesConcurrentFirstUse selects from a new graph in
// several goroutines at once, each the first to need the indexes made on
// first use: under -race, a check that they are made once and safely.
func TestSelectionIndexesConcurrentFirstUse(t *testing.T) {
	ds := testfixture.Sample(t, 5)
	g := New(ds)
	ctx := query.NewContext(ds)
	exprs := []query.Expr{
		query.Type{Codes: []string{"M"}},
		query.And{query.Status(query.StatusOpen), query.YearRange{Field: "opened", From: 1950}},
		query.Not{X: query.Size{Values: []string{"small"}}},
	}
	got := make([][][]string, 4)
	var wg sync.WaitGroup
	for w := range got {
		wg.Go(func() {
			for _, e := range exprs {
				got[w] = append(got[w], g.SelectExpr(e))
			}
		})
	}
	wg.Wait()
	for _, ids := range got {
		for k, e := range exprs {
			require.Equal(t, query.Select(e, ds.Institutions, ctx), ids[k], "%s", e)
		}
	}
}
