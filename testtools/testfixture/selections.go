package testfixture

import (
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/query"
)

// Selections are the expressions of a plan's selections: its own
// constraints and each compared side's, places matched up to
// query.Derived, and up to query.Near for an "in or near" question.
func Selections(p plan.Plan) []query.Expr {
	var out []query.Expr
	for _, c := range append([]plan.Constraints{p.Constraints}, p.Sides...) {
		m := query.Derived
		if c.NearPlace {
			m = query.Near
		}
		out = append(out, query.CompileMatching(c, 0, m))
	}
	return out
}
