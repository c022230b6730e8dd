// Command bm25anchor compares the sparse retriever (retrievers/bm25) with
// an outside BM25 on the same text and the same questions. It is test
// tooling, run by scripts/bm25-anchor.sh:
//
//	bm25anchor corpus > corpus.jsonl
//	    writes {"id", "text"} per record, text = retrievers.FullText, the
//	    text the sparse index holds
//	bm25anchor score -questions Q.jsonl -anchor NAME=RANKING.jsonl ...
//	    scores each anchor's rankings ({"id", "top": [ids], "ms"} per
//	    question, as bm25s_anchor.py writes them) and the sparse retriever
//	    itself (its Retrieve, K 10, timed here) with the eval package's
//	    metrics: recall@10 and MRR over the questions that expect ids
//	    (acceptable ids dropped first), p50 and p95 of the per-question time
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/retrievers"
	"github.com/hybridrag/hybridrag/retrievers/bm25"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "bm25anchor:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return errors.New("usage: bm25anchor corpus | score -questions FILE -anchor NAME=FILE")
	}
	ds, err := heritage.Embedded()
	if err != nil {
		return err
	}
	switch args[0] {
	case "corpus":
		return writeCorpus(ds, stdout)
	case "score":
		return score(ctx, ds, args[1:], stdout)
	}
	return fmt.Errorf("unknown command %q", args[0])
}

func writeCorpus(ds *heritage.Dataset, stdout io.Writer) error {
	w := bufio.NewWriter(stdout)
	enc := json.NewEncoder(w)
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		if err := enc.Encode(struct {
			ID   string `json:"id"`
			Text string `json:"text"`
		}{in.ID, retrievers.FullText(in)}); err != nil {
			return err
		}
	}
	return w.Flush()
}

type anchors []string

func (a *anchors) String() string     { return strings.Join(*a, ",") }
func (a *anchors) Set(v string) error { *a = append(*a, v); return nil }

// ranked is one system's answer to one question.
type ranked struct {
	ID  string   `json:"id"`
	Top []string `json:"top"`
	MS  float64  `json:"ms"`
}

func score(ctx context.Context, ds *heritage.Dataset, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("score", flag.ContinueOnError)
	questions := fs.String("questions", "", "gold questions, JSON Lines")
	label := fs.String("label", "", "name of the question set in the output (default: the file name)")
	var anch anchors
	fs.Var(&anch, "anchor", "NAME=FILE: rankings of another system (repeatable)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	f, err := os.Open(*questions)
	if err != nil {
		return err
	}
	defer f.Close()
	qs, _, err := eval.ReadQuestions(f, func(id string) bool { _, ok := ds.Get(id); return ok })
	if err != nil {
		return err
	}
	if *label == "" {
		*label = *questions
	}

	start := time.Now()
	r, err := bm25.New(ds)
	if err != nil {
		return err
	}
	defer r.Close()
	build := time.Since(start)
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)

	ours := make(map[string]ranked, len(qs))
	for _, q := range qs {
		t := time.Now()
		hits, err := r.Retrieve(ctx, retrieval.Query{Text: q.Question, K: eval.LegK})
		el := time.Since(t)
		if err != nil {
			return fmt.Errorf("%s: %w", q.ID, err)
		}
		top := make([]string, len(hits))
		for i, h := range hits {
			top[i] = h.ID
		}
		ours[q.ID] = ranked{ID: q.ID, Top: top, MS: float64(el.Nanoseconds()) / 1e6}
	}
	fmt.Fprintf(stdout, "# %s: sparse index built in %.2f s, heap after build %.0f MB\n",
		*label, build.Seconds(), float64(ms.HeapAlloc)/(1<<20))
	fmt.Fprintf(stdout, "%-10s %-12s %5s %6s %6s %7s %7s\n", "set", "system", "n", "R@10", "MRR", "p50 ms", "p95 ms")
	print := func(name string, rs map[string]ranked) {
		var rec, mrr float64
		var lat []float64
		n := 0
		for _, q := range qs {
			if eval.NothingExpected(q) {
				continue
			}
			x, ok := rs[q.ID]
			if !ok {
				continue // a missing answer scores 0 below
			}
			top := eval.Ranking(x.Top, q.Acceptable)
			rec += eval.RecallAt(top, q.Expected, 10)
			mrr += eval.ReciprocalRank(top, q.Expected)
			lat = append(lat, x.MS)
		}
		for _, q := range qs {
			if !eval.NothingExpected(q) {
				n++
			}
		}
		slices.Sort(lat)
		fmt.Fprintf(stdout, "%-10s %-12s %5d %6.3f %6.3f %7.3f %7.3f\n", *label, name, n,
			rec/float64(n), mrr/float64(n), pct(lat, 50), pct(lat, 95))
	}
	print("hybridrag", ours)
	for _, a := range anch {
		name, path, ok := strings.Cut(a, "=")
		if !ok {
			return fmt.Errorf("-anchor %q: want NAME=FILE", a)
		}
		rs, err := readRankings(path)
		if err != nil {
			return err
		}
		print(name, rs)
	}
	return nil
}

// pct is the nearest-rank percentile p of sorted xs.
func pct(xs []float64, p int) float64 {
	if len(xs) == 0 {
		return 0
	}
	i := (p*len(xs)+99)/100 - 1
	return xs[max(0, min(i, len(xs)-1))]
}

func readRankings(path string) (map[string]ranked, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]ranked{}
	dec := json.NewDecoder(f)
	for {
		var r ranked
		if err := dec.Decode(&r); err == io.EOF {
			return out, nil
		} else if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		out[r.ID] = r
	}
}
