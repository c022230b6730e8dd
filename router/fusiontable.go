package router

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"github.com/hybridrag/hybridrag/fusion"
)

// fusionJSON is the checked-in fusion table: per intent, the fusion and the
// leg weights chosen by measurement (hybridrag eval --fit-fusion).
//
//go:embed fusion.json
var fusionJSON []byte

// FusionTable is the fusion and the leg weights the router plans per
// intent, with the baseline each choice was measured against. It is data:
// fusion.json, written by the fitting command.
type FusionTable struct {
	// Note says what the table is; Command is the command that wrote it;
	// Objective and Split say how the choice was made. The router reads
	// none of them.
	Note      string `json:"note,omitempty"`
	Command   string `json:"command,omitempty"`
	Objective string `json:"objective,omitempty"`
	Split     string `json:"split,omitempty"`
	// Intents holds one entry for each of the six intents.
	Intents map[Intent]IntentFusion `json:"intents"`
}

// FusionChoice is a fusion with its leg weights.
type FusionChoice struct {
	Method string `json:"method"`
	// K is RRF's rank constant; 0 for the score fusions.
	K float64 `json:"k,omitempty"`
	// Weights holds a base weight for every retriever (the router may
	// still raise one: see LegWeight).
	Weights map[string]float64 `json:"weights"`
}

// Fusion is the plan's view of the choice.
func (c FusionChoice) Fusion() Fusion { return Fusion{Method: c.Method, K: c.K} }

// IntentFusion is one intent's entry: the choice the router plans, the
// baseline it was measured against, and the measurements (read by people
// and by the fitting command, not by the router).
type IntentFusion struct {
	FusionChoice
	Baseline FusionChoice    `json:"baseline"`
	Evidence json.RawMessage `json:"evidence,omitempty"`
}

// Retrievers lists every retriever a plan may name, in a fixed order.
func Retrievers() []string {
	return []string{RetrieverVector, RetrieverBM25, RetrieverKG, RetrieverWikidata}
}

// ParseFusionTable reads a fusion table strictly (no unknown field, one
// object) and validates it: every intent present, a known method, a
// finite K ≥ 0, and a finite weight ≥ 0 for every retriever, in the
// choice and in the baseline.
func ParseFusionTable(data []byte) (FusionTable, error) {
	var t FusionTable
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&t); err != nil {
		return FusionTable{}, fmt.Errorf("router: fusion table: %w", err)
	}
	if dec.More() {
		return FusionTable{}, fmt.Errorf("router: fusion table: more than one JSON value")
	}
	for i := range t.Intents {
		if !i.Valid() {
			return FusionTable{}, fmt.Errorf("router: fusion table: unknown intent %q", i)
		}
	}
	for _, i := range Intents {
		e, ok := t.Intents[i]
		if !ok {
			return FusionTable{}, fmt.Errorf("router: fusion table: no entry for intent %s", i)
		}
		if err := e.FusionChoice.Validate(); err != nil {
			return FusionTable{}, fmt.Errorf("router: fusion table: %s: %w", i, err)
		}
		if err := e.Baseline.Validate(); err != nil {
			return FusionTable{}, fmt.Errorf("router: fusion table: %s baseline: %w", i, err)
		}
	}
	return t, nil
}

// Validate checks the method, K and the weights.
func (c FusionChoice) Validate() error {
	if !fusion.Method(c.Method).Valid() {
		return fmt.Errorf("unknown fusion %q (known: %s)", c.Method, fusion.MethodList())
	}
	if math.IsNaN(c.K) || math.IsInf(c.K, 0) || c.K < 0 {
		return fmt.Errorf("k %v, want a finite value ≥ 0", c.K)
	}
	for name := range c.Weights {
		if !slices.Contains(Retrievers(), name) {
			return fmt.Errorf("weight for unknown retriever %q", name)
		}
	}
	for _, name := range Retrievers() {
		w, ok := c.Weights[name]
		if !ok {
			return fmt.Errorf("no weight for retriever %s", name)
		}
		if math.IsNaN(w) || math.IsInf(w, 0) || w < 0 {
			return fmt.Errorf("weight %v for %s, want a finite value ≥ 0", w, name)
		}
	}
	return nil
}

// DefaultFusionTable is the checked-in table (fusion.json). It is parsed
// on each call; the router parses it once, in New.
func DefaultFusionTable() FusionTable {
	t, err := ParseFusionTable(fusionJSON)
	if err != nil {
		// The file is part of the source and tested: a broken one is a
		// build defect, not a run-time condition.
		panic(err)
	}
	return t
}

// FusionTableJSON is the checked-in table as written.
func FusionTableJSON() []byte { return slices.Clone(fusionJSON) }

// WithFusionTable plans with the given table instead of the checked-in
// one; it must pass ParseFusionTable's checks.
func WithFusionTable(t FusionTable) Option {
	return func(r *Router) { r.fusion = t }
}

// LegWeight is the weight a leg runs with: the table's base weight,
// raised to 0.7 for a secondary leg when the intent is uncertain
// (confidence below 0.5), and to 0.5 for BM25 when the question names an
// institution the router did not recognise (its rare words are what BM25
// weighs best).
func LegWeight(base float64, retriever string, primary, lowConfidence, unknownName bool) float64 {
	w := base
	if lowConfidence && !primary && w < 0.7 {
		w = 0.7
	}
	if unknownName && retriever == RetrieverBM25 && w < 0.5 {
		w = 0.5
	}
	return w
}
