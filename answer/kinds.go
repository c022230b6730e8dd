package answer

// Answer is the answer to a question. Kind says how it was found:
// "field" (an extractive answer: one field of one institution), "set" (the
// exact set of institutions selected from the graph), "ranked" (the best
// matching institutions) or "none".
type Answer struct {
	Kind  string `json:"kind"`
	Text  string `json:"text"`
	Field string `json:"field,omitempty"`
	Value string `json:"value,omitempty"`
	// IDs are the institutions the answer is about, in answer order.
	IDs []string `json:"ids,omitempty"`
	// Exact is true when IDs is the complete set selected by the
	// question's constraints, not a ranking.
	Exact bool `json:"exact"`
	Count int  `json:"count,omitempty"`
	// Groups splits a comparative answer by compared side.
	Groups []AnswerGroup `json:"groups,omitempty"`
	// Citations are numbers into the response's citations.
	Citations []int `json:"citations,omitempty"`
}

// Answer kinds.
const (
	KindField  = "field"
	KindSet    = "set"
	KindRanked = "ranked"
	KindNone   = "none"
)

// AnswerGroup is one side of a comparative answer.
type AnswerGroup struct {
	Label string   `json:"label"`
	IDs   []string `json:"ids"`
	Count int      `json:"count"`
}
