// Package query is the meaning of a plan's constraints, written once: a
// typed predicate algebra over heritage records (And, Or, Not over
// predicates such as Place, Type, Subject, YearRange, MemberOf, and
// Field for the filter dict's keys), one place that compiles
// plan.Constraints into it (Compile), and one reference evaluator
// (Expr.Match).
//
// Backends translate an Expr: the in-memory graph into index look-ups
// (kg.Graph.SelectExpr, which kg.Graph.Select answers with), Neo4j into
// parameterised Cypher (neo4jkg.Store.SelectExpr) and Qdrant into a
// payload filter (qdrantstore.TranslateExpr); the filter dict
// translates into it (filter.Set.Expr). Each backend translates what it
// can and declares the rest, which it applies with Match as a
// post-filter. Match is the reference every translation is tested
// against (the query/parity suite).
package query

import (
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
)

// Expr is a condition on one heritage record. Match reports whether the
// record meets it; ctx gives what a predicate needs beyond the record
// (the dataset's towns, bodies and names). String is a readable,
// deterministic form of the whole expression: two expressions with the
// same String select the same records.
type Expr interface {
	Match(in *heritage.Institution, ctx EvalContext) bool
	String() string
}

// Const is an expression every record meets (true) or none does (false).
type Const bool

// True and False are the constant expressions.
const (
	True  Const = true
	False Const = false
)

// Match returns the constant.
func (c Const) Match(*heritage.Institution, EvalContext) bool { return bool(c) }

func (c Const) String() string {
	if c {
		return "true"
	}
	return "false"
}

// And is met when every one of its expressions is; an empty And by every
// record. Match tests them in order and stops at the first unmet.
type And []Expr

// Match reports whether in meets every expression.
func (a And) Match(in *heritage.Institution, ctx EvalContext) bool {
	for _, x := range a {
		if !x.Match(in, ctx) {
			return false
		}
	}
	return true
}

func (a And) String() string { return list("and", a) }

// Or is met when one of its expressions is; an empty Or by no record.
type Or []Expr

// Match reports whether in meets one of the expressions.
func (o Or) Match(in *heritage.Institution, ctx EvalContext) bool {
	for _, x := range o {
		if x.Match(in, ctx) {
			return true
		}
	}
	return false
}

func (o Or) String() string { return list("or", o) }

// Not is met when X is not.
type Not struct{ X Expr }

// Match reports whether in does not meet X.
func (n Not) Match(in *heritage.Institution, ctx EvalContext) bool { return !n.X.Match(in, ctx) }

func (n Not) String() string { return "(not " + n.X.String() + ")" }

// list writes (op x y …).
func list[E Expr](op string, xs []E) string {
	var b strings.Builder
	b.WriteString("(" + op)
	for _, x := range xs {
		b.WriteString(" " + x.String())
	}
	b.WriteString(")")
	return b.String()
}

// Select returns the ids of the records that meet e, sorted; nil when
// none does.
func Select(e Expr, records []heritage.Institution, ctx EvalContext) []string {
	var out []string
	for i := range records {
		if in := &records[i]; e.Match(in, ctx) {
			out = append(out, in.ID)
		}
	}
	slices.Sort(out)
	return out
}
