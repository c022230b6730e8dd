package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/hybridrag/hybridrag/compose"
	"github.com/hybridrag/hybridrag/config"
	"github.com/hybridrag/hybridrag/engines"
	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/linking"
	"github.com/hybridrag/hybridrag/pipeline"
	"github.com/hybridrag/hybridrag/router"
)

const evalUsage = `Usage: hybridrag eval --questions FILE.jsonl [flags]
       hybridrag eval --links FILE.jsonl [--json]
       hybridrag eval --paraphrases FILE.jsonl[,FILE.jsonl] [--json]

Measures retrieval quality on a gold question file and prints one table.
Each line of the file is a JSON object:
  {"id", "question", "intent", "expected_ids", "acceptable_ids", "answer", "notes"}
(id, question, intent and expected_ids are required; intent is one of
factual, exploratory, relationship, temporal, comparative, collection).
A line that is not a valid question (bad JSON, a missing field, an unknown
intent, an id not in the data) is reported on stderr with its line number
and skipped.

Every question is asked of each configuration (the indexes are built once):
%s
Metrics, against expected_ids, per configuration overall and per intent:
  recall@1/5/10    share of the expected ids in the top 1/5/10
  all_found@10     1 when every expected id is in the top 10
  mrr              1/rank of the first expected id
  ndcg@10          binary-relevance nDCG of the top 10
  exact_match      the extracted answer equals the gold answer (case,
                   whitespace and punctuation normalised), on questions
                   with one expected id and a short answer (hybrid-router)
  answer_p/r/f1    the exact answer set against expected_ids
                   (hybrid-router, when the pipeline returns one)
  p50/p95/p99 ms   wall time of one answer, cache bypassed
A question may also state "lang" (en, nl, de), "frame" (its template, as in
testdata/generated/questions.jsonl) and "noise"; then the report adds
figures per language and per frame and the router's intent accuracy per
language, and exact match also counts for a framed question with several
expected ids ("Which opened first, A or B?" is answered by a name). A
question with an empty expected_ids expects nothing: it is left out of the
rank-based metrics, and "honesty" is the share of such questions answered
with kind "none".
Ids in acceptable_ids are correct but optional: they are dropped from a
ranking before scoring and never count as wrong. The router's intent
accuracy is reported too, and a "(ceiling)" row: what a perfect ranking
scores (recall@k is below 1 when more than k ids are expected).

The run uses the embedded backends (in-memory vectors, BM25 and knowledge
graph), whatever servers are configured; --embedder minilm embeds with the
MiniLM model instead of the hashing embedder, --embedder minilm-q with the
same model quantized to 8-bit weights.

With --fit-fusion, the fusions are compared instead: every question is
asked once of the routed pipeline, and the legs' own rankings are fused
with RRF (k 10, 30, 60, 100), relative score fusion and DBSF, with the
baseline weights of router/fusion.json and with every weighting of the
secondary legs (0.1 to 2; the primary keeps 1). Per routed intent, the
fusion and weights that score best (mean of recall@10, all-found@10 and
MRR) on the half of the questions whose hashed id is even are chosen, and
kept only when they beat the baseline on the odd half too. --write-fusion
writes the chosen table, with its evidence, for the router to embed.

With --links, entity linking is measured instead, on references (one JSON
object a line):
  {"id", "kind", "query": {"text", "city", "country", "type", "isil", "qid",
   "ghcid", "postcode"}, "expected_id", "acceptable_ids", "notes"}
(expected_id "" means nothing should be matched). Per kind and overall:
  precision        matches (match: true) that name the referent
  recall           references with a referent whose match is right
  false-match      references that want no match but got one
  top-1            references whose best candidate is the referent

With --paraphrases, the routed pipeline is scored on paraphrase sets
(testdata/generated/paraphrases.jsonl and paraphrases_heldout.jsonl):
questions files whose lines also state "need" (the wordings of one need
ask the same thing and share the gold answer) and "style" (question,
imperative, keywords, polite, fronted, clause). Each file is reported on
its own:
  consistent needs  every wording of the need got the same answer: the
                    same answer kind, equally complete (exact or not), the
                    same value (normalised as for exact match) and the
                    same institutions (as a set; in order in a ranking)
  right wordings    the wording got the gold answer: the short answer
                    matches it, or, for a list, the answer is a set
                    (exact, or said to be maybe incomplete) with every
                    expected id and no id that is neither expected nor
                    acceptable; a ranking is never right
  by style, by language: right, and agree (the wording got the answer
                    most of its need's wordings got); by need kind

Examples:
  hybridrag eval --questions testdata/questions.jsonl
  hybridrag eval --questions testdata/generated/questions.jsonl --config hybrid-router
  hybridrag eval --links testdata/generated/references.jsonl
  hybridrag eval --paraphrases testdata/generated/paraphrases.jsonl,testdata/generated/paraphrases_heldout.jsonl
  hybridrag eval --questions testdata/questions.jsonl --config kg,hybrid-router
  hybridrag eval --questions testdata/questions.jsonl --json > quality.json
  hybridrag eval --questions testdata/questions.jsonl --chart recall.svg
  hybridrag eval --questions testdata/generated/questions.jsonl --fit-fusion --write-fusion router/fusion.json
  hybridrag index build --dir idx --embedder minilm
  hybridrag eval --questions testdata/questions.jsonl --embedder minilm --index idx
`

// configList collects --config values: repeatable, each a comma list.
type configList []string

func (c *configList) String() string { return strings.Join(*c, ",") }

func (c *configList) Set(v string) error {
	for _, part := range strings.Split(v, ",") {
		if part = strings.TrimSpace(part); part != "" {
			*c = append(*c, part)
		}
	}
	return nil
}

func runEval(ctx context.Context, e *env, args []string) error {
	var cfgHelp strings.Builder
	for _, c := range eval.Configs() {
		fmt.Fprintf(&cfgHelp, "  %-15s %s\n", c.Name, c.Summary)
	}
	fs := newFlagSet("eval", fmt.Sprintf(evalUsage, cfgHelp.String()), e.stdout)
	var (
		df        dataFlags
		configs   configList
		questions = fs.String("questions", "", "gold questions, JSON Lines")
		links     = fs.String("links", "", "gold linking references, JSON Lines (instead of --questions)")
		paras     configList
		asJSON    = fs.Bool("json", false, `print one JSON object: {"configs": {name: {"overall", "by_intent", "by_lang", "by_frame"}}, "intent_accuracy_by_lang", "questions": [...]} (with --links: {"overall", "by_kind", "kinds", "results"})`)
		chart     = fs.String("chart", "", "also write an SVG bar chart of recall@10 by intent and configuration to this file")
		quiet     = fs.Bool("quiet", false, "no progress on stderr")
		fusions   = fs.Bool("fit-fusion", false, "instead of the configurations: ask every question once of the routed pipeline, fuse the legs' rankings with every fusion (RRF k 10/30/60/100, relative, dbsf) and weighting, choose per intent on the even half of the question ids and report on the odd half")
		writeFus  = fs.String("write-fusion", "", "with --fit-fusion: write the chosen fusion table (JSON, as router/fusion.json) to this file")
	)
	fs.Var(&paras, "paraphrases", "paraphrase set(s), JSON Lines, repeatable or a comma list (instead of --questions): score the routed pipeline's consistency and correctness across the wordings of each need, each file on its own")
	fs.Var(&configs, "config", "configuration(s) to run, repeatable or a comma list: "+strings.Join(eval.ConfigNames(), ", ")+" (default all)")
	// The run always uses the embedded backends, so only the data and
	// timeout settings apply.
	fs.StringVar(&df.config, "config-file", "", "JSON configuration file (default $HYBRIDRAG_CONFIG); its data and timeouts apply")
	fs.StringVar(&df.data, "data", "", "institutions JSON Lines file (.jsonl or .jsonl.gz) instead of the bundled dataset")
	fs.BoolVar(&df.skipInvalid, "skip-invalid", false, "with --data: skip and count invalid lines instead of failing")
	fs.DurationVar(&df.timeout, "timeout", 0, "deadline for each question (default 30s)")
	fs.DurationVar(&df.legTimeout, "leg-timeout", 0, "deadline for each retriever (default 2s)")
	fs.StringVar(&df.embedder, "embedder", "", "hashing (default), minilm or minilm-q (run scripts/install-model.sh first)")
	fs.StringVar(&df.index, "index", "", "directory of prebuilt indexes (hybridrag index build) instead of building them")
	pos, err := fs.parse(args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q; the questions file is given with --questions", pos[0])
	}
	modes := 0
	for _, given := range []bool{*questions != "", *links != "", len(paras) > 0} {
		if given {
			modes++
		}
	}
	switch {
	case modes > 1:
		return usagef("give one of --questions, --links or --paraphrases")
	case len(paras) > 0:
		if len(configs) > 0 || *fusions || *chart != "" {
			return usagef("--paraphrases runs the routed pipeline only; leave out --config, --fit-fusion and --chart")
		}
		return runEvalParaphrases(ctx, e, df, paras, *asJSON, *quiet)
	case *links != "":
		return runEvalLinks(ctx, e, df, *links, *asJSON)
	case *questions == "":
		return usagef("--questions FILE.jsonl is required (or --links FILE.jsonl)")
	}
	if *writeFus != "" && !*fusions {
		return usagef("--write-fusion needs --fit-fusion")
	}
	if *fusions && len(configs) > 0 {
		return usagef("--fit-fusion runs the routed pipeline only; leave out --config")
	}
	cfgs, err := eval.SelectConfigs(configs)
	if err != nil {
		return usagef("--config: %v", strings.TrimPrefix(err.Error(), "eval: "))
	}

	cfg, err := df.resolve(e.getenv)
	if err != nil {
		return err
	}
	ds, err := e.data(df)
	if err != nil {
		return err
	}
	f, err := os.Open(*questions)
	if err != nil {
		return usagef("--questions: %v", err)
	}
	defer f.Close()
	qs, bad, err := eval.ReadQuestions(f, func(id string) bool { _, ok := ds.Get(id); return ok })
	if err != nil {
		return err
	}
	reportBadLines(e, *questions, bad)
	if len(qs) == 0 {
		return usagef("--questions: %s holds no valid question (%d line(s) rejected)", *questions, len(bad))
	}

	if !*quiet {
		fmt.Fprintf(e.stderr, "eval: %d questions, %d configuration(s); loading the indexes\n", len(qs), len(cfgs))
	}
	suite, closeSuite, err := newEvalSuite(ctx, e, cfg, ds)
	if err != nil {
		return err
	}
	defer closeSuite()
	run := evalRunOptions(e, cfg, len(qs), *quiet)
	if *fusions {
		return runFitFusion(ctx, e, suite, qs, run, *writeFus, *asJSON, "hybridrag "+strings.Join(append([]string{"eval"}, args...), " "))
	}
	rep, err := suite.Run(ctx, qs, cfgs, run)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return fmt.Errorf("interrupted: %w", err)
		}
		return err
	}
	if *chart != "" {
		if err := writeChart(*chart, rep); err != nil {
			return err
		}
	}
	if *asJSON {
		return rep.WriteJSON(e.stdout)
	}
	return rep.WriteTable(e.stdout)
}

// newEvalSuite builds the evaluation suite over ds: the embedder the
// configuration names and the vector and BM25 indexes ask and serve use
// (--index, or the cache, built first when needed). release releases the
// indexes.
func newEvalSuite(ctx context.Context, e *env, cfg config.Config, ds *heritage.Dataset) (suite *eval.Suite, release func(), err error) {
	opts := pipeline.DefaultOptions()
	opts.LegTimeout = cfg.LegTimeout.Std()
	log := newLogger(e.stderr)
	emb, err := compose.Embedder(cfg, e.getenv, log)
	if err != nil {
		return nil, nil, err
	}
	ecfg := engines.Config{Embedder: emb}
	x, err := openIndexes(ctx, cfg, ds, emb, e.stderr, log, func() {})
	if err != nil {
		return nil, nil, err
	}
	release = func() {}
	if x != nil {
		release = x.close
		ecfg.Embedder, ecfg.Vector, ecfg.BM25 = x.embedder, x.Vector, x.BM25
	}
	suite, err = eval.NewSuite(ctx, ds, e.indexes(ds, ecfg), opts)
	if err != nil {
		release()
		return nil, nil, err
	}
	return suite, release, nil
}

// evalRunOptions are the run options of n questions: the configured
// deadline and, unless quiet, progress on stderr.
func evalRunOptions(e *env, cfg config.Config, n int, quiet bool) eval.RunOptions {
	run := eval.RunOptions{Timeout: cfg.RequestTimeout.Std()}
	if !quiet {
		step := min(40, max(1, n/4))
		run.Progress = func(p eval.Progress) {
			if p.Done%step == 0 || p.Done == p.Total {
				fmt.Fprintf(e.stderr, "eval: %d/%d %s\n", p.Done, p.Total, p.Config)
			}
		}
	}
	return run
}

// runEvalParaphrases scores the routed pipeline on paraphrase sets, each
// file reported on its own.
func runEvalParaphrases(ctx context.Context, e *env, df dataFlags, paths []string, asJSON, quiet bool) error {
	cfg, err := df.resolve(e.getenv)
	if err != nil {
		return err
	}
	ds, err := e.data(df)
	if err != nil {
		return err
	}
	sets := make([][]eval.Question, len(paths))
	for i, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			return usagef("--paraphrases: %v", err)
		}
		qs, bad, err := eval.ReadQuestions(f, func(id string) bool { _, ok := ds.Get(id); return ok })
		f.Close()
		if err != nil {
			return err
		}
		reportBadLines(e, path, bad)
		if len(qs) == 0 {
			return usagef("--paraphrases: %s holds no valid question (%d line(s) rejected)", path, len(bad))
		}
		sets[i] = qs
	}
	if !quiet {
		fmt.Fprintf(e.stderr, "eval: %d paraphrase set(s); loading the indexes\n", len(paths))
	}
	suite, closeSuite, err := newEvalSuite(ctx, e, cfg, ds)
	if err != nil {
		return err
	}
	defer closeSuite()
	type fileReport struct {
		File string `json:"file"`
		*eval.ParaphraseReport
	}
	var reps []fileReport
	for i, qs := range sets {
		rep, err := suite.Paraphrases(ctx, qs, evalRunOptions(e, cfg, len(qs), quiet))
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return fmt.Errorf("interrupted: %w", err)
			}
			return err
		}
		reps = append(reps, fileReport{paths[i], rep})
	}
	if asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(map[string]any{"paraphrases": reps})
	}
	for i, r := range reps {
		if i > 0 {
			fmt.Fprintln(e.stdout)
		}
		fmt.Fprintf(e.stdout, "== %s\n", r.File)
		if err := r.WriteTable(e.stdout); err != nil {
			return err
		}
	}
	return nil
}

func writeChart(path string, rep *eval.Report) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("--chart: %w", err)
	}
	if err := rep.WriteChart(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("--chart: %w", err)
	}
	return nil
}

// runEvalLinks scores the linker on a references file.
func runEvalLinks(ctx context.Context, e *env, df dataFlags, path string, asJSON bool) error {
	ds, err := e.data(df)
	if err != nil {
		return err
	}
	f, err := os.Open(path)
	if err != nil {
		return usagef("--links: %v", err)
	}
	defer f.Close()
	refs, bad, err := eval.ReadReferences(f, func(id string) bool { _, ok := ds.Get(id); return ok })
	if err != nil {
		return err
	}
	reportBadLines(e, path, bad)
	if len(refs) == 0 {
		return usagef("--links: %s holds no valid reference (%d line(s) rejected)", path, len(bad))
	}
	linker := e.linker(ds)
	rep := eval.ScoreLinks(refs, func(q linking.Query) ([]linking.Candidate, error) {
		return linker.Link(ctx, q, 5)
	})
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("interrupted: %w", err)
	}
	if asJSON {
		return rep.WriteJSON(e.stdout)
	}
	return rep.WriteTable(e.stdout)
}

// reportBadLines writes the rejected lines of a gold file to stderr.
func reportBadLines(e *env, path string, bad []*eval.LineError) {
	for _, le := range bad {
		id := ""
		if le.ID != "" {
			id = " (" + le.ID + ")"
		}
		fmt.Fprintf(e.stderr, "eval: %s:%d%s: %s; skipped\n", path, le.Line, id, oneLine(strings.TrimPrefix(le.Err.Error(), eval.ErrInvalidQuestion.Error()+": ")))
	}
}

// runFitFusion runs the fusion sweep and fit (eval.FitFusion) and prints
// it; with a path it writes the chosen table there.
func runFitFusion(ctx context.Context, e *env, suite *eval.Suite, qs []eval.Question, run eval.RunOptions, path string, asJSON bool, command string) error {
	samples, err := suite.FusionSamples(ctx, qs, run)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return fmt.Errorf("interrupted: %w", err)
		}
		return err
	}
	current := router.DefaultFusionTable()
	fits := eval.FitFusion(samples, current, eval.FitOptions{})
	// The same suite, twice more: the full pipeline with the baselines
	// and with the fitted choices, judged on the answer-first ranking.
	fits, err = suite.CheckHits(ctx, qs, fits, current, run)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return fmt.Errorf("interrupted: %w", err)
		}
		return err
	}
	if path != "" {
		f, err := os.Create(path)
		if err != nil {
			return fmt.Errorf("--write-fusion: %w", err)
		}
		if err := eval.WriteFusionTable(f, eval.FusionTable(fits, current, command)); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return fmt.Errorf("--write-fusion: %w", err)
		}
	}
	if asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(fits)
	}
	fmt.Fprintf(e.stdout, "Fusion sweep on %d questions (questions that expect nothing left out), by routed intent; fit = even half of the hashed ids, held-out = odd half\n\n", len(samples))
	return eval.WriteFusionFits(e.stdout, fits)
}
