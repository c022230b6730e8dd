// Command fitlinks fits the match model of package linking
// (linking/data/match_model.json) on references generated from the
// bundled dataset with another seed than the evaluation sets of
// testdata/generated, keeping only references none of whose records those
// sets use, so that the sets measure a model that never saw their
// records. Run it from the module root:
//
//	go run ./tools/fitlinks
//
// It prints what it fitted and writes the model; `hybridrag eval --links`
// on the evaluation sets then measures it.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/eval/gen"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/linking"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "fitlinks:", err)
		os.Exit(1)
	}
}

// options of one fit.
type options struct {
	out       string
	heldOut   []string
	seed      int64
	scale     int
	l2        float64
	precision float64
	inputs    []string
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("fitlinks", flag.ContinueOnError)
	var o options
	fs.StringVar(&o.out, "out", filepath.Join("linking", "data", "match_model.json"), "where to write the model")
	held := fs.String("held-out", filepath.Join("testdata", "generated", "references.jsonl")+","+filepath.Join("testdata", "generated", "registry_references.jsonl"),
		"comma-separated reference files whose records and queries are kept out of training")
	fs.Int64Var(&o.seed, "seed", 7321, "seed of the training references (not the evaluation sets')")
	fs.IntVar(&o.scale, "scale", 2, "training references generated: scale × the size of each evaluation set")
	fs.Float64Var(&o.l2, "l2", 1, "L2 penalty on the weights")
	fs.Float64Var(&o.precision, "precision", 0.995, "precision of match: true the threshold is chosen for, on the training references")
	inputs := fs.String("inputs", strings.Join(defaultInputs, ","), "the model's inputs (see linking.MatchInputs)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	o.heldOut = strings.Split(*held, ",")
	o.inputs = strings.Split(*inputs, ",")
	ds, err := heritage.Embedded()
	if err != nil {
		return err
	}
	m, err := fit(ctx, ds, o, stdout)
	if err != nil {
		return err
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(o.out, append(b, '\n'), 0o644)
}

// defaultInputs are the inputs of the model: every input of
// linking.MatchInputNames, and the products that let a partial or
// misspelt name count only when no other candidate holds the query as
// well, or the town agrees.
var defaultInputs = append(slices.Clone(linking.MatchInputNames),
	"partial_name*sole_holder", "partial_name*city_agree", "partial_name*query_weight",
	"fuzzy_name*sole_holder", "sole_holder*margin", "sole_holder*evidence", "rules_match*evidence", "rules_match*margin")

// row is one name candidate of a training reference.
type row struct {
	x    []float64
	good bool
}

// fit generates the training references, links them, fits the model and
// chooses its threshold.
func fit(ctx context.Context, ds *heritage.Dataset, o options, w io.Writer) (linking.MatchModel, error) {
	heldIDs, heldQueries, nHeld, err := heldOut(o.heldOut)
	if err != nil {
		return linking.MatchModel{}, err
	}
	refs := append(gen.References(ds, o.seed, o.scale*4536), gen.RegistryReferences(ds, o.seed, o.scale*1620)...)
	var train []eval.Reference
	for _, r := range refs {
		// a reference of a record the held-out sets name, or with one of
		// their queries (a name several records share is judged by its
		// query: its records are the namesakes of any reference to it)
		if heldQueries[queryKey(r.Query)] || heldIDs[r.Expected] {
			continue
		}
		train = append(train, r)
	}
	fmt.Fprintf(w, "held out: %d references of %d records; training: %d of %d references generated with seed %d\n",
		nHeld, len(heldIDs), len(train), len(refs), o.seed)
	l := linking.New(ds, kg.New(ds))
	var rows []row
	var byRef [][]int // the rows of each reference with name candidates
	for _, r := range train {
		cands, err := l.Link(ctx, r.Query, 5)
		if err != nil || len(cands) == 0 || slices.ContainsFunc(cands, func(c linking.Candidate) bool { return c.Features == nil || idFound(c) }) {
			continue
		}
		good := map[string]bool{}
		if r.Expected != "" {
			good[r.Expected] = true
			for _, id := range r.Acceptable {
				good[id] = true
			}
		}
		var at []int
		for _, c := range cands {
			at = append(at, len(rows))
			rows = append(rows, row{x: linking.MatchInputs(c, o.inputs), good: good[c.ID]})
		}
		byRef = append(byRef, at)
	}
	xs := make([][]float64, len(rows))
	ys := make([]bool, len(rows))
	for k, r := range rows {
		xs[k], ys[k] = r.x, r.good
	}
	m, err := linking.FitMatchModel(o.inputs, xs, ys, o.l2)
	if err != nil {
		return linking.MatchModel{}, err
	}
	// The threshold: the lowest probability of a reference's best
	// candidate from which the best candidates are right o.precision of
	// the time.
	type top struct {
		p    float64
		good bool
	}
	var tops []top
	loss := 0.0
	for _, at := range byRef {
		best := top{p: -1}
		for _, k := range at {
			p := sigmoid(m.Bias + dotp(m.Weights, rows[k].x))
			loss -= math.Log(max(1e-12, pick(rows[k].good, p, 1-p)))
			if p > best.p {
				best = top{p, rows[k].good}
			}
		}
		tops = append(tops, best)
	}
	sort.SliceStable(tops, func(a, b int) bool { return tops[a].p > tops[b].p })
	m.Threshold = 1
	right, taken, positives := 0, 0, 0
	for _, at := range byRef {
		if slices.ContainsFunc(at, func(k int) bool { return rows[k].good }) {
			positives++
		}
	}
	var recall, prec float64
	for k, t := range tops {
		taken++
		if t.good {
			right++
		}
		if k+1 < len(tops) && tops[k+1].p == t.p {
			continue
		}
		if float64(right) >= o.precision*float64(taken) && t.p >= 0.5 {
			m.Threshold = math.Floor(t.p*1000) / 1000
			prec, recall = float64(right)/float64(taken), float64(right)/float64(positives)
		}
	}
	if m.Threshold >= 1 {
		return linking.MatchModel{}, errors.New("no threshold reaches the precision asked for")
	}
	for k := range m.Weights {
		m.Weights[k] = math.Round(m.Weights[k]*1e4) / 1e4
	}
	m.Bias = math.Round(m.Bias*1e4) / 1e4
	m.Trained = fmt.Sprintf("go run ./tools/fitlinks: %d name candidates of %d references generated with seed %d (eval/gen References and RegistryReferences), "+
		"none of whose records testdata/generated uses; L2 %g; threshold for precision %.3f on them: precision %.4f, recall %.4f; log-loss %.4f a candidate",
		len(rows), len(byRef), o.seed, o.l2, o.precision, prec, recall, loss/float64(len(rows)))
	fmt.Fprintln(w, m.Trained)
	for k, in := range m.Inputs {
		fmt.Fprintf(w, "  %-18s %8.3f\n", in, m.Weights[k])
	}
	fmt.Fprintf(w, "  %-18s %8.3f\n  threshold %.3f\n", "bias", m.Bias, m.Threshold)
	return m, m.Validate()
}

// idFound reports a candidate found by an identifier, which the model
// does not score.
func idFound(c linking.Candidate) bool {
	for _, f := range c.Features {
		if f.ID == linking.FeatureID {
			return f.Value == 1
		}
	}
	return false
}

// heldOut reads the reference files that measure the model: the records
// they name and their queries.
func heldOut(paths []string) (ids, queries map[string]bool, n int, err error) {
	ids, queries = map[string]bool{}, map[string]bool{}
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return nil, nil, 0, err
		}
		refs, _, err := eval.ReadReferences(f, nil)
		f.Close()
		if err != nil {
			return nil, nil, 0, fmt.Errorf("%s: %w", p, err)
		}
		for _, r := range refs {
			n++
			queries[queryKey(r.Query)] = true
			for _, id := range append([]string{r.Expected}, r.Acceptable...) {
				if id != "" {
					ids[id] = true
				}
			}
		}
	}
	return ids, queries, n, nil
}

func queryKey(q linking.Query) string {
	return strings.ToLower(strings.Join([]string{q.Text, q.City, q.Country, q.Type, q.ISIL, q.QID, q.GHCID, q.Postcode}, "\x00"))
}

func sigmoid(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

func dotp(a, b []float64) float64 {
	s := 0.0
	for k := range a {
		s += a[k] * b[k]
	}
	return s
}

func pick(c bool, a, b float64) float64 {
	if c {
		return a
	}
	return b
}
