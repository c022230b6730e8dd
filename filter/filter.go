// Package filter is the typed metadata filter model shared by every
// retriever. It also reads the operator dict users know from other RAG
// stacks: {"country": "GB", "type": ["MUSEUM", "ARCHIVE"],
// "year_opened": {"$gte": 1990}, "subjects": {"$contains": "Railways"}}.
package filter

// Op is a comparison operator.
type Op string

// Operators.
const (
	Eq       Op = "$eq"
	Ne       Op = "$ne"
	In       Op = "$in"
	Gte      Op = "$gte"
	Lte      Op = "$lte"
	Contains Op = "$contains"
)

// Filter is one condition on a record field. Values holds the operand(s)
// of Eq, Ne, In and Contains; Number holds the bound of Gte and Lte.
type Filter struct {
	Field  string   `json:"field"`
	Op     Op       `json:"op"`
	Values []string `json:"values,omitempty"`
	Number float64  `json:"number,omitempty"`
}

// Set is a conjunction of filters.
type Set []Filter
