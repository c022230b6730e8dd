// Command fitframes fits the frame and intent classifier of package
// frameclass (router/frameclass/weights.bin.gz) on questions generated
// from the bundled dataset, and measures it. Run it from the module root:
//
//	go run ./tools/fitframes
//
// The training questions are those of eval/gen for several seeds (the
// checked-in set's among them), each labelled with the plan frame its
// generator frame is read as (frames.tsv) and the intent the generator
// gives it. The fit is deterministic: the same data, seeds and options
// write the same file.
//
// It measures, before writing the model:
//
//   - a random split (80% of the questions to train, the rest to test);
//   - held-out templates: whole paraphrase templates (Question.Template)
//     kept out of training (20% of them), reported per language and with
//     the reliability of the probabilities before and after temperature
//     scaling; the temperatures are fitted across the other templates,
//     each part read by a model trained without it;
//   - against the rules: the router's frames on the checked-in generated
//     set and on the gold questions (testdata/questions.jsonl), the
//     disagreements, and what frameclass.Backstop would change.
package main

import (
	"bufio"
	"bytes"
	"cmp"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/eval/gen"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/router"
	"github.com/hybridrag/hybridrag/router/frameclass"
)

//go:embed frames.tsv
var framesTSV string

//go:embed fields.tsv
var fieldsTSV string

// checkedSeed and checkedN make the checked-in set
// (testdata/generated/questions.jsonl; see eval/gen's tests).
const (
	checkedSeed = 20261130
	checkedN    = 2714
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "fitframes:", err)
		os.Exit(1)
	}
}

type options struct {
	out      string
	gold     string
	seeds    []int64
	n        int
	evaluate bool
	// againstRules routes the evaluation sets to compare with the rules.
	againstRules bool
	train        frameclass.TrainOptions
}

func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("fitframes", flag.ContinueOnError)
	var o options
	o.train = frameclass.DefaultTrainOptions()
	fs.StringVar(&o.out, "out", filepath.Join("router", "frameclass", "weights.bin.gz"), "where to write the model")
	fs.StringVar(&o.gold, "gold", filepath.Join("testdata", "questions.jsonl"), "gold questions to measure against the rules")
	seeds := fs.String("seeds", "20261130,1,2,3,4", "seeds of the generated training sets (the first is the checked-in set's)")
	fs.IntVar(&o.n, "n", checkedN, "questions asked of the generator per seed")
	fs.BoolVar(&o.evaluate, "eval", true, "measure the model (splits, rules) before writing it")
	fs.BoolVar(&o.againstRules, "rules", true, "with -eval, measure the model against the router's frames too")
	fs.IntVar(&o.train.Buckets, "buckets", o.train.Buckets, "size of the feature table (a power of two)")
	fs.IntVar(&o.train.Epochs, "epochs", o.train.Epochs, "passes over the training questions")
	fs.Float64Var(&o.train.Rate, "rate", o.train.Rate, "AdaGrad learning rate")
	fs.Float64Var(&o.train.L2, "l2", o.train.L2, "weight decay")
	if err := fs.Parse(args); err != nil {
		return err
	}
	for _, s := range strings.Split(*seeds, ",") {
		v, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
		if err != nil {
			return fmt.Errorf("-seeds: %w", err)
		}
		o.seeds = append(o.seeds, v)
	}
	ds, err := heritage.Embedded()
	if err != nil {
		return err
	}
	// the rules as the product runs them, with the embedded model; the
	// rules alone when that model is of a format this build no longer
	// reads (a fit after the format changed)
	var ropts []router.Option
	if _, err := frameclass.Default(); err != nil {
		fmt.Fprintf(stdout, "the embedded model is not read (%v): the rules are measured without it\n", err)
		ropts = append(ropts, router.WithFrameModel(nil))
	}
	rt := router.New(ds, ropts...)
	rows, err := trainingRows(ds, rt, o.seeds, o.n)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "training questions: %d (seeds %v, %d asked of each; %d templates)\n", len(rows), o.seeds, o.n, len(templates(rows)))

	var t temps
	if o.evaluate {
		if t, err = measure(stdout, ds, rt, rows, o); err != nil {
			return err
		}
	} else {
		if _, t, err = heldOut(rows, o); err != nil {
			return err
		}
	}
	o.train.Data = fmt.Sprintf("eval/gen questions, seeds %v, %d each", o.seeds, o.n)
	m, err := frameclass.Train(examples(rows), o.train)
	if err != nil {
		return err
	}
	m = t.apply(m)
	var buf bytes.Buffer
	if err := m.Encode(&buf); err != nil {
		return err
	}
	if err := os.WriteFile(o.out, buf.Bytes(), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s: %d bytes; %d buckets, %d frames, %d intents, %d fields, temperatures %.3f, %.3f and %.3f\n",
		o.out, buf.Len(), m.Buckets(), len(m.Frames()), len(m.Intents()), len(m.Fields()), t.frame, t.intent, t.field)
	return nil
}

// temps are the three heads' temperatures.
type temps struct{ frame, intent, field float64 }

// apply returns the model at the temperatures.
func (t temps) apply(m *frameclass.Model) *frameclass.Model {
	return m.WithTemperatures(t.frame, t.intent).WithFieldTemperature(t.field)
}

// row is one labelled generated question.
type row struct {
	q      eval.Question
	frame  plan.Frame
	intent plan.Intent
	// field is the field a question of a field frame asks for (fields.tsv)
	field string
	// checked marks a question of the checked-in set.
	checked bool
}

// trainingRows generates the questions of each seed (and its main
// paraphrase set), labels them, and
// keeps the first of each wording.
func trainingRows(ds *heritage.Dataset, rt *router.Router, seeds []int64, n int) ([]row, error) {
	table, err := readFrameTable(framesTSV)
	if err != nil {
		return nil, err
	}
	fields, err := readFrameTable(fieldsTSV)
	if err != nil {
		return nil, err
	}
	fieldOf := func(q eval.Question, f string) string {
		if f != string(plan.FrameField) {
			return ""
		}
		return fields[q.Frame]
	}
	seen := map[string]bool{}
	var rows []row
	for _, seed := range seeds {
		for _, q := range gen.Questions(ds, seed, n) {
			if seen[q.Question] {
				continue
			}
			seen[q.Question] = true
			f, ok := table.frame(q.Frame)
			if !ok {
				return nil, fmt.Errorf("generator frame %q has no row in frames.tsv", q.Frame)
			}
			if f == "rules" {
				f = string(rt.Route(q.Question).Frame)
			}
			rows = append(rows, row{q: q, frame: plan.Frame(f), intent: q.Intent, field: fieldOf(q, f), checked: seed == checkedSeed && n == checkedN})
		}
		// the main paraphrase set's wordings too (never the held-out
		// ones), enough needs of each kind that most templates are drawn
		para, err := gen.Paraphrases(ds, seed, paraphrasesPerKind)
		if err != nil {
			return nil, err
		}
		for _, q := range para {
			if seen[q.Question] {
				continue
			}
			seen[q.Question] = true
			f, ok := table.frame(q.Frame)
			if !ok {
				return nil, fmt.Errorf("paraphrase need kind %q has no row in frames.tsv", q.Frame)
			}
			if f == "rules" {
				f = string(rt.Route(q.Question).Frame)
			}
			rows = append(rows, row{q: q, frame: plan.Frame(f), intent: q.Intent, field: fieldOf(q, f)})
		}
	}
	return rows, nil
}

// paraphrasesPerKind is how many needs of each kind of the main paraphrase
// set a seed adds to the training questions.
const paraphrasesPerKind = 20

// frameTable maps generator frames, or their starts, to plan frames.
type frameTable map[string]string

func readFrameTable(s string) (frameTable, error) {
	t := frameTable{}
	sc := bufio.NewScanner(strings.NewReader(s))
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		k, v, ok := strings.Cut(text, "\t")
		if !ok || k == "" || v == "" || t[k] != "" {
			return nil, fmt.Errorf("frames.tsv:%d: want a new generator frame, a tab and a plan frame", line)
		}
		t[k] = v
	}
	return t, sc.Err()
}

// frame is the plan frame of a generator frame: its own row, or the
// longest row ending in "_" it starts with.
func (t frameTable) frame(genFrame string) (string, bool) {
	if f, ok := t[genFrame]; ok {
		return f, true
	}
	best := ""
	for k := range t {
		if strings.HasSuffix(k, "_") && strings.HasPrefix(genFrame, k) && len(k) > len(best) {
			best = k
		}
	}
	return t[best], best != ""
}

func examples(rows []row) []frameclass.Example {
	out := make([]frameclass.Example, len(rows))
	for i, r := range rows {
		out[i] = frameclass.Example{Question: r.q.Question, Frame: r.frame, Intent: r.intent, Field: r.field}
	}
	return out
}

func templates(rows []row) map[string]bool {
	t := map[string]bool{}
	for _, r := range rows {
		t[r.q.Template] = true
	}
	return t
}

// templateFold is the fold (0–9) of a template, by a hash of its text:
// the same template falls in the same fold in every frame and seed.
func templateFold(t string) int {
	h := fnv.New32a()
	h.Write([]byte(t))
	return int(h.Sum32() % 10)
}

// heldFolds gives each template its fold: 0 and 1 are tested on, 2–9
// train. So that no frame is tested only on wordings of
// a kind it never trained on, a group of templates (a plan frame in one
// language) with fewer than half of its templates in training has its
// held-out ones moved there, lowest hash first, until half are.
func heldFolds(rows []row) map[string]int {
	fold := map[string]int{}
	groups := map[string][]string{}
	var keys []string
	for _, r := range rows {
		t := r.q.Template
		if _, ok := fold[t]; ok {
			continue
		}
		fold[t] = templateFold(t)
		g := string(r.frame) + "/" + r.q.Lang
		if groups[g] == nil {
			keys = append(keys, g)
		}
		groups[g] = append(groups[g], t)
	}
	for _, g := range keys {
		ts := groups[g]
		slices.SortFunc(ts, func(a, b string) int { return cmp.Or(cmp.Compare(hash(a), hash(b)), cmp.Compare(a, b)) })
		trained := 0
		for _, t := range ts {
			if fold[t] >= 2 {
				trained++
			}
		}
		for _, t := range ts {
			if 2*trained >= len(ts) {
				break
			}
			if fold[t] < 2 {
				fold[t] = 2
				trained++
			}
		}
	}
	return fold
}

func hash(t string) uint32 {
	h := fnv.New32a()
	h.Write([]byte(t))
	return h.Sum32()
}

// measure reports the random split, the held-out templates and the
// model against the rules; it returns the frame and intent temperatures
// fitted on the held-back templates (as heldOut does).
func measure(w io.Writer, ds *heritage.Dataset, rt *router.Router, rows []row, o options) (temps, error) {
	// random split
	perm := rand.New(rand.NewPCG(o.train.Seed, 1)).Perm(len(rows))
	var train, test []row
	for k, i := range perm {
		if k < len(rows)*8/10 {
			train = append(train, rows[i])
		} else {
			test = append(test, rows[i])
		}
	}
	m, err := frameclass.Train(examples(train), o.train)
	if err != nil {
		return temps{}, err
	}
	fmt.Fprintf(w, "\nRandom split (%d train, %d test questions):\n", len(train), len(test))
	report(w, m, test)

	held, t, err := heldOut(rows, o)
	if err != nil {
		return temps{}, err
	}
	m, test = held.model, held.test
	fmt.Fprintf(w, "\nHeld-out templates (%d templates; %d train, %d test questions):\n",
		len(templates(rows)), held.train, len(test))
	report(w, t.apply(m), test)
	fmt.Fprintf(w, "  temperatures fitted across the training templates, each part read by a model trained without it: frame %.3f, intent %.3f, field %.3f\n", t.frame, t.intent, t.field)
	fieldReport(w, t.apply(m), test)
	reliability(w, "before temperature scaling", m, test)
	reliability(w, "after temperature scaling", t.apply(m), test)
	start := time.Now()
	for _, r := range test {
		m.Predict(r.q.Question)
	}
	fmt.Fprintf(w, "  prediction: %.1f µs per question on average over %d\n", float64(time.Since(start).Microseconds())/float64(len(test)), len(test))

	confusions(w, t.apply(m), test)
	if !o.againstRules {
		return t, nil
	}
	// against the rules: the held-out model on the questions of
	// held-out templates, the full model on the checked-in set
	full, err := frameclass.Train(examples(rows), o.train)
	if err != nil {
		return temps{}, err
	}
	full = t.apply(full)
	var checked []row
	for _, r := range rows {
		if r.checked {
			checked = append(checked, r)
		}
	}
	fmt.Fprintf(w, "\nAgainst the rules, the checked-in generated set (%d questions; the model trained on all of them):\n", len(checked))
	rules(w, rt, full, checked)
	fmt.Fprintf(w, "\nAgainst the rules, the questions of held-out templates (%d; the model never saw their wording):\n", len(test))
	rules(w, rt, t.apply(m), test)
	gold, err := readGold(o.gold, ds)
	if err != nil {
		return temps{}, err
	}
	fmt.Fprintf(w, "\nGold questions (%d, %s; written by hand, no template of the generator):\n", len(gold), o.gold)
	goldReport(w, rt, full, gold)
	return t, nil
}

// heldSplit is a model trained without the held-out templates, and the
// questions it was tested on.
type heldSplit struct {
	model *frameclass.Model
	test  []row
	train int
}

// heldOut trains on the templates of folds 2–9 (heldFolds), fits the
// temperatures across them (crossTemperatures) and returns the model
// with the questions of folds 0–1.
func heldOut(rows []row, o options) (heldSplit, temps, error) {
	var train, test []row
	folds := heldFolds(rows)
	for _, r := range rows {
		if folds[r.q.Template] <= 1 {
			test = append(test, r)
		} else {
			train = append(train, r)
		}
	}
	m, err := frameclass.Train(examples(train), o.train)
	if err != nil {
		return heldSplit{}, temps{}, err
	}
	t, err := crossTemperatures(train, folds, o)
	if err != nil {
		return heldSplit{}, temps{}, err
	}
	return heldSplit{model: m, test: test, train: len(train)}, t, nil
}

// crossTemperatures fits the temperatures on wordings the model did not
// see: the training templates fall in four parts (by fold), a model is
// trained on three and read on the fourth, in turn, and the
// temperatures are fitted on those four readings.
func crossTemperatures(train []row, folds map[string]int, o options) (temps, error) {
	const parts = 4
	var zf, zi, zd [][]float64
	var lf, li, ld []int
	for part := range parts {
		var fit, read []row
		for _, r := range train {
			if folds[r.q.Template]%parts == part {
				read = append(read, r)
			} else {
				fit = append(fit, r)
			}
		}
		m, err := frameclass.Train(examples(fit), o.train)
		if err != nil {
			return temps{}, err
		}
		frames, intents, fields := m.Frames(), m.Intents(), m.Fields()
		for _, r := range read {
			f, i := m.Logits(r.q.Question)
			if k := slices.Index(frames, r.frame); k >= 0 && len(f) == len(frames) {
				zf, lf = append(zf, f), append(lf, k)
			}
			if k := slices.Index(intents, r.intent); k >= 0 {
				zi, li = append(zi, i), append(li, k)
			}
			if k := slices.Index(fields, r.field); k >= 0 {
				zd, ld = append(zd, m.FieldLogits(r.q.Question)), append(ld, k)
			}
		}
	}
	return temps{frameclass.FitTemperature(zf, lf), frameclass.FitTemperature(zi, li), frameclass.FitTemperature(zd, ld)}, nil
}

// tally counts right answers per group.
type tally struct {
	keys     []string
	right, n map[string]int
}

func newTally() *tally { return &tally{right: map[string]int{}, n: map[string]int{}} }

func (t *tally) add(key string, ok bool) {
	if _, seen := t.n[key]; !seen {
		t.keys = append(t.keys, key)
	}
	t.n[key]++
	if ok {
		t.right[key]++
	}
}

func (t *tally) String() string {
	var parts []string
	for _, k := range t.keys {
		parts = append(parts, fmt.Sprintf("%s %.1f%% (%d/%d)", k, 100*float64(t.right[k])/float64(t.n[k]), t.right[k], t.n[k]))
	}
	return strings.Join(parts, ", ")
}

// report prints frame and intent accuracy, overall, per language and per
// noise.
func report(w io.Writer, m *frameclass.Model, test []row) {
	frame, intent := newTally(), newTally()
	byLang, byNoise := newTally(), newTally()
	byFrame := newTally()
	for _, lang := range []string{gen.LangEN, gen.LangNL, gen.LangDE} {
		byLang.add(lang, false)
		byLang.n[lang]--
	}
	for _, r := range test {
		p := m.Predict(r.q.Question)
		okF := p.Frame().Frame == r.frame
		frame.add("frame", okF)
		intent.add("intent", p.Intent().Intent == r.intent)
		byLang.add(r.q.Lang, okF)
		byNoise.add(r.q.Noise, okF)
		byFrame.add(string(r.frame), okF)
	}
	fmt.Fprintf(w, "  accuracy: %s; %s\n", frame, intent)
	fmt.Fprintf(w, "  frame accuracy by language: %s\n", byLang)
	fmt.Fprintf(w, "  frame accuracy by noise: %s\n", byNoise)
	fmt.Fprintf(w, "  frame accuracy by frame: %s\n", byFrame)
}

// fieldReport prints the field head's accuracy on the questions of a
// field frame, by language, and how sure it is when right and wrong.
func fieldReport(w io.Writer, m *frameclass.Model, test []row) {
	field, byLang := newTally(), newTally()
	var sure, sureRight int
	for _, r := range test {
		if r.field == "" {
			continue
		}
		top := m.Predict(r.q.Question).Field()
		ok := top.Field == r.field
		field.add("field", ok)
		byLang.add(r.q.Lang, ok)
		if top.P >= router.MinBackstop {
			sure++
			if ok {
				sureRight++
			}
		}
	}
	fmt.Fprintf(w, "  field head, on the questions of a field frame: %s; by language: %s; at %.2f or more: %d questions, %d right\n",
		field, byLang, router.MinBackstop, sure, sureRight)
}

// confusions prints the most frequent mistakes of the frame head: the
// labelled frame, the frame read, how often.
func confusions(w io.Writer, m *frameclass.Model, test []row) {
	count := map[[2]plan.Frame]int{}
	var keys [][2]plan.Frame
	for _, r := range test {
		if got := m.Predict(r.q.Question).Frame().Frame; got != r.frame {
			k := [2]plan.Frame{r.frame, got}
			if count[k] == 0 {
				keys = append(keys, k)
			}
			count[k]++
		}
	}
	slices.SortStableFunc(keys, func(a, b [2]plan.Frame) int { return cmp.Compare(count[b], count[a]) })
	var parts []string
	for _, k := range keys[:min(8, len(keys))] {
		parts = append(parts, fmt.Sprintf("%s read as %s %d", k[0], k[1], count[k]))
	}
	fmt.Fprintf(w, "  most frequent mistakes: %s\n", strings.Join(parts, ", "))
}

// reliability prints the frame head's reliability table and its
// expected calibration error.
func reliability(w io.Writer, label string, m *frameclass.Model, test []row) {
	var conf []float64
	var right []bool
	for _, r := range test {
		top := m.Predict(r.q.Question).Frame()
		conf = append(conf, top.P)
		right = append(right, top.Frame == r.frame)
	}
	bins, ece := frameclass.Reliability(conf, right, 10)
	fmt.Fprintf(w, "  reliability of the frame, %s: ECE %.3f\n", label, ece)
	for _, b := range bins {
		if b.N > 0 {
			fmt.Fprintf(w, "    p in [%.1f, %.1f): %4d questions, mean p %.3f, accuracy %.3f\n", b.Lo, b.Hi, b.N, b.Confidence, b.Accuracy)
		}
	}
}

// rules compares the model with the router on labelled questions: how
// often each is right, where they disagree, and what the backstop would
// change.
func rules(w io.Writer, rt *router.Router, m *frameclass.Model, rows []row) {
	var rulesRight, modelRight, both, dis, disConf int
	var changed, fixed, broke, stillWrong int
	var changes []string
	sweep := []float64{0.5, 0.7, 0.8, 0.95, 0.99}
	swept := make([][3]int, len(sweep)) // changed, to the label, away from a right one
	for _, r := range rows {
		pl := rt.Route(r.q.Question)
		p := m.Predict(r.q.Question)
		for k, min := range sweep {
			if f, _, ok := frameclass.BackstopAt(pl, p, min); ok {
				swept[k][0]++
				if f == r.frame {
					swept[k][1]++
				} else if pl.Frame == r.frame {
					swept[k][2]++
				}
			}
		}
		okR, okM := pl.Frame == r.frame, p.Frame().Frame == r.frame
		if okR {
			rulesRight++
		}
		if okM {
			modelRight++
		}
		if okR && okM {
			both++
		}
		if _, ok := frameclass.Disagree(pl, p, 0); ok {
			dis++
		}
		if _, ok := frameclass.Disagree(pl, p, frameclass.DefaultThreshold); ok {
			disConf++
		}
		if f, why, ok := frameclass.Backstop(pl, p); ok {
			changes = append(changes, fmt.Sprintf("    %s (%s, %s) %q: %s → %s (%s)", r.q.ID, r.q.Frame, r.frame, r.q.Question, pl.Frame, f, why))
			changed++
			switch {
			case f == r.frame:
				fixed++
			case okR:
				broke++
			default:
				stillWrong++
			}
		}
	}
	n := float64(len(rows))
	fmt.Fprintf(w, "  frame as labelled: rules %.1f%%, model %.1f%%, both %.1f%%\n", 100*float64(rulesRight)/n, 100*float64(modelRight)/n, 100*float64(both)/n)
	fmt.Fprintf(w, "  disagreements: %d at any probability, %d at %.2f or more\n", dis, disConf, frameclass.DefaultThreshold)
	fmt.Fprintf(w, "  backstop at %.2f: %d frames would change: %d to the labelled frame, %d away from it (the rules were right), %d from one wrong frame to another\n",
		frameclass.DefaultThreshold, changed, fixed, broke, stillWrong)
	for _, c := range changes {
		fmt.Fprintln(w, c)
	}
	for k, min := range sweep {
		fmt.Fprintf(w, "  backstop at %.2f: %d changed, %d to the labelled frame, %d away from a right one\n", min, swept[k][0], swept[k][1], swept[k][2])
	}
}

func readGold(path string, ds *heritage.Dataset) ([]eval.Question, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	qs, bad, err := eval.ReadQuestions(f, func(id string) bool { _, ok := ds.Get(id); return ok })
	if err != nil {
		return nil, err
	}
	if len(bad) > 0 {
		return nil, errors.Join(errors.New("bad gold lines"), bad[0])
	}
	return qs, nil
}

// goldReport compares intents with the gold, frames with the rules, and
// lists what the backstop would change.
func goldReport(w io.Writer, rt *router.Router, m *frameclass.Model, gold []eval.Question) {
	var rulesIntent, modelIntent, agree, dis int
	var changes []string
	for _, q := range gold {
		pl := rt.Route(q.Question)
		p := m.Predict(q.Question)
		if pl.Intent == q.Intent {
			rulesIntent++
		}
		if p.Intent().Intent == q.Intent {
			modelIntent++
		}
		if pl.Frame == p.Frame().Frame {
			agree++
		}
		if _, ok := frameclass.Disagree(pl, p, frameclass.DefaultThreshold); ok {
			dis++
		}
		if f, why, ok := frameclass.Backstop(pl, p); ok {
			changes = append(changes, fmt.Sprintf("    %s %q: %s → %s (%s)", q.ID, q.Question, pl.Frame, f, why))
		}
	}
	n := float64(len(gold))
	fmt.Fprintf(w, "  intent as the gold says: rules %.1f%%, model %.1f%%\n", 100*float64(rulesIntent)/n, 100*float64(modelIntent)/n)
	fmt.Fprintf(w, "  frame: model and rules agree on %.1f%%; %d disagreements at %.2f or more\n", 100*float64(agree)/n, dis, frameclass.DefaultThreshold)
	fmt.Fprintf(w, "  backstop at %.2f would change %d frames:\n", frameclass.DefaultThreshold, len(changes))
	for _, c := range changes {
		fmt.Fprintln(w, c)
	}
}
