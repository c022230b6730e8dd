package eval

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/pipeline"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/router"
)

// Configuration names.
const (
	ConfigVector  = "vector"
	ConfigBM25    = "bm25"
	ConfigKG      = "kg"
	ConfigUniform = "hybrid-uniform"
	ConfigRouter  = "hybrid-router"
)

// Scored says which ranked list of a response a configuration is judged on.
type Scored int

const (
	// ScoreHits judges Response.Hits in order: the answer's institutions
	// (an exact set or the field answer's record) first, then the fused
	// ranking.
	ScoreHits Scored = iota
	// ScoreFused judges the Reciprocal Rank Fusion of the legs' own
	// rankings (Response.Explain.Legs) with the legs' weights: the fused
	// list before the answer is promoted into it.
	ScoreFused
	// ScoreLeg judges the one retriever's own ranking
	// (Response.Explain.Legs): the answer's exact set, which the pipeline
	// promotes into Hits whatever the retrievers found, does not count.
	ScoreLeg
)

func (s Scored) String() string {
	switch s {
	case ScoreHits:
		return "Response.Hits (answer set first, then the fused ranking)"
	case ScoreFused:
		return "RRF of the legs' own rankings, before the answer is promoted"
	case ScoreLeg:
		return "the retriever's own ranking (Explain legs)"
	}
	return fmt.Sprintf("Scored(%d)", int(s))
}

// LegK is the depth of every leg of a fixed-leg configuration.
const LegK = 10

// Config is one way of running the pipeline for evaluation.
type Config struct {
	Name string
	// Summary says in a few words what runs.
	Summary string
	// Retrievers are the retrievers the pipeline is built with.
	Retrievers []string
	// Legs, when set, replace the router's legs in every plan (intent and
	// constraints stay the router's); nil keeps the router's plan.
	Legs []plan.Leg
	// Table, when set, gives every plan the fusion and the leg weights of
	// this fusion table instead of the router's (TableRouter).
	Table *router.FusionTable
	// Scored is the list the ranking metrics judge.
	Scored Scored
	// Answers says whether the answer metrics (exact match, answer-set
	// precision and recall) are computed; they are left empty (null)
	// otherwise.
	Answers bool
}

// Configs returns the standard configurations in report order: each
// retriever alone, the three fused with uniform weights, and the full
// pipeline.
func Configs() []Config {
	single := func(name, summary string) Config {
		return Config{
			Name:       name,
			Summary:    summary,
			Retrievers: []string{name},
			Legs:       []plan.Leg{{Retriever: name, Weight: 1, K: LegK, Primary: true}},
			Scored:     ScoreLeg,
		}
	}
	all := []string{plan.RetrieverVector, plan.RetrieverBM25, plan.RetrieverKG}
	uniform := make([]plan.Leg, len(all))
	for i, r := range all {
		uniform[i] = plan.Leg{Retriever: r, Weight: 1, K: LegK}
	}
	return []Config{
		single(ConfigVector, "vector retriever alone (hashing embedder; the router's place and type filters on exploratory and collection questions)"),
		single(ConfigBM25, "BM25 retriever alone"),
		single(ConfigKG, "knowledge-graph retriever alone (reads the router's constraints)"),
		{
			Name:       ConfigUniform,
			Summary:    "vector + BM25 + KG, weight 1 and k 10 each, plain RRF",
			Retrievers: all,
			Legs:       uniform,
			Scored:     ScoreFused,
		},
		{
			Name:       ConfigRouter,
			Summary:    "full pipeline: the router's legs and weights, answer extraction",
			Retrievers: all,
			Scored:     ScoreHits,
			Answers:    true,
		},
	}
}

// ConfigNames lists the standard configuration names in report order.
func ConfigNames() []string {
	cs := Configs()
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.Name
	}
	return names
}

// SelectConfigs returns the named standard configurations in the order
// given, each once; no names means all of them.
func SelectConfigs(names []string) ([]Config, error) {
	all := Configs()
	if len(names) == 0 {
		return all, nil
	}
	var out []Config
	for _, n := range names {
		n = strings.TrimSpace(n)
		i := slices.IndexFunc(all, func(c Config) bool { return c.Name == n })
		if i < 0 {
			return nil, fmt.Errorf("eval: unknown configuration %q (known: %s)", n, strings.Join(ConfigNames(), ", "))
		}
		if !slices.ContainsFunc(out, func(c Config) bool { return c.Name == n }) {
			out = append(out, all[i])
		}
	}
	return out, nil
}

// FixedLegs wraps a router so that every plan runs the given legs instead
// of the router's own; the intent, constraints and compared sides stay the
// router's (the knowledge-graph retriever reads them).
func FixedLegs(r pipeline.Router, legs []plan.Leg) pipeline.Router {
	return fixedLegs{next: r, legs: slices.Clone(legs)}
}

// TableRouter wraps a router so that every plan takes its fusion and its
// legs' base weights from t, raised as router.LegWeight raises them: the
// plan a router built with router.WithFusionTable(t) makes.
func TableRouter(r pipeline.Router, t router.FusionTable) pipeline.Router {
	return tableRouter{next: r, table: t}
}

type tableRouter struct {
	next  pipeline.Router
	table router.FusionTable
}

func (t tableRouter) Route(question string) plan.Plan {
	p := t.next.Route(question)
	e := t.table.Intents[p.Intent]
	p.Legs = slices.Clone(p.Legs)
	for i, l := range p.Legs {
		p.Legs[i].Weight = router.LegWeight(e.Weights[l.Retriever], l.Retriever, l.Primary, p.Confidence < 0.5, p.UnusedPhrase(plan.UnusedName) != "")
	}
	p.Fusion = e.Fusion()
	return p
}

type fixedLegs struct {
	next pipeline.Router
	legs []plan.Leg
}

func (f fixedLegs) Route(question string) plan.Plan {
	p := f.next.Route(question)
	p.Legs = slices.Clone(f.legs)
	return p
}
