package eval

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/hybridrag/hybridrag/router"
)

// QuestionMetrics are one question's scores for one configuration. The
// answer metrics are null when they do not apply: exact match only for
// short-answer questions (see ShortAnswer), the answer-set scores only
// when the pipeline returned an exact answer set, and both only for
// configurations that score answers.
type QuestionMetrics struct {
	RecallAt1       float64  `json:"recall@1"`
	RecallAt5       float64  `json:"recall@5"`
	RecallAt10      float64  `json:"recall@10"`
	AllFoundAt10    float64  `json:"all_found@10"`
	MRR             float64  `json:"mrr"`
	NDCGAt10        float64  `json:"ndcg@10"`
	ExactMatch      *float64 `json:"exact_match"`
	AnswerPrecision *float64 `json:"answer_precision"`
	AnswerRecall    *float64 `json:"answer_recall"`
	AnswerF1        *float64 `json:"answer_f1"`
	LatencyMS       float64  `json:"latency_ms"`
	// Honest is 1 when a question that expects nothing was answered with
	// kind "none" (configurations that score answers only).
	Honest *float64 `json:"honest,omitempty"`
}

// QuestionResult is one question asked of one configuration.
type QuestionResult struct {
	ID              string          `json:"id"`
	Intent          router.Intent   `json:"intent"`
	Config          string          `json:"config"`
	Metrics         QuestionMetrics `json:"metrics"`
	TopIDs          []string        `json:"top_ids"`
	PredictedIntent router.Intent   `json:"predicted_intent"`
	// Answer is the predicted short answer of a short-answer question.
	Answer string `json:"answer,omitempty"`
	// Error is why the pipeline gave no response (scored as a miss).
	Error string `json:"error,omitempty"`
	// Lang and Frame are the question's language and frame, when given.
	Lang  string `json:"lang,omitempty"`
	Frame string `json:"frame,omitempty"`
	// NothingExpected marks a question with no expected ids: it is left
	// out of the rank-based averages, which it has nothing to recall for.
	NothingExpected bool `json:"nothing_expected,omitempty"`
}

// Summary aggregates questions: the mean of each metric (answer metrics
// over the questions they apply to, null when none does) and latency
// percentiles (nearest rank).
type Summary struct {
	RecallAt1       float64  `json:"recall@1"`
	RecallAt5       float64  `json:"recall@5"`
	RecallAt10      float64  `json:"recall@10"`
	AllFoundAt10    float64  `json:"all_found@10"`
	MRR             float64  `json:"mrr"`
	NDCGAt10        float64  `json:"ndcg@10"`
	ExactMatch      *float64 `json:"exact_match"`
	AnswerPrecision *float64 `json:"answer_precision"`
	AnswerRecall    *float64 `json:"answer_recall"`
	AnswerF1        *float64 `json:"answer_f1"`
	P50MS           float64  `json:"p50_ms"`
	P95MS           float64  `json:"p95_ms"`
	P99MS           float64  `json:"p99_ms"`
	// Honesty is the share of questions that expect nothing answered with
	// kind "none"; null when there are none.
	Honesty *float64 `json:"honesty,omitempty"`
	// N is the number of questions summarised, in the JSON form of the
	// per-language and per-frame breakdowns only.
	N int `json:"n,omitempty"`

	// Questions is the number of questions summarised; Ranked those the
	// rank-based metrics average over (the ones that expect something);
	// ShortAnswers, AnswerSets and Probes count those the answer metrics
	// and honesty apply to; Errors those the pipeline failed on.
	Questions    int `json:"-"`
	Ranked       int `json:"-"`
	ShortAnswers int `json:"-"`
	AnswerSets   int `json:"-"`
	Probes       int `json:"-"`
	Errors       int `json:"-"`
}

// ConfigReport is one configuration's results. ByLang and ByFrame are
// filled only when the questions state languages or frames.
type ConfigReport struct {
	Overall  Summary                   `json:"overall"`
	ByIntent map[router.Intent]Summary `json:"by_intent"`
	ByLang   map[string]Summary        `json:"by_lang,omitempty"`
	ByFrame  map[string]Summary        `json:"by_frame,omitempty"`
}

// IntentCount is the router's record on one gold intent (or language).
type IntentCount struct {
	Correct int `json:"correct"`
	Total   int `json:"total"`
}

// RouterAccuracy is how often the router's intent equals the gold intent.
type RouterAccuracy struct {
	Correct, Total int
	ByIntent       map[router.Intent]IntentCount
	// Confusion counts gold → predicted intent for wrong predictions.
	Confusion map[router.Intent]map[router.Intent]int
	// ByLang is the record per question language (questions that state
	// one).
	ByLang map[string]IntentCount
}

// Accuracy is Correct/Total (0 when empty).
func (a RouterAccuracy) Accuracy() float64 {
	if a.Total == 0 {
		return 0
	}
	return float64(a.Correct) / float64(a.Total)
}

// Report is the outcome of a run. Its JSON form is
// {"configs": {name: {"overall": …, "by_intent": {intent: …}}},
// "questions": […]}.
type Report struct {
	Configs   map[string]ConfigReport `json:"configs"`
	Questions []QuestionResult        `json:"questions"`
	// IntentByLang is the router's intent accuracy per question language,
	// when the questions state languages.
	IntentByLang map[string]IntentCount `json:"intent_accuracy_by_lang,omitempty"`

	// Order lists the configurations in run order.
	Order []string `json:"-"`
	// Setups are the configurations run, in Order.
	Setups []Config `json:"-"`
	// Router is the router's intent accuracy (the router is shared by all
	// configurations; each question counts once).
	Router RouterAccuracy `json:"-"`
	// Intents lists the gold intents present, in router.Intents order.
	Intents []router.Intent `json:"-"`
	// Langs and Frames list the languages and frames present, sorted.
	Langs  []string `json:"-"`
	Frames []string `json:"-"`
	// Ceiling is what a perfect ranking (the expected ids, in order)
	// scores: recall@k cannot reach 1 when more than k ids are expected.
	Ceiling ConfigReport `json:"-"`
}

// NewReport aggregates per-question results.
func NewReport(qs []Question, cfgs []Config, results []QuestionResult) *Report {
	r := &Report{Configs: map[string]ConfigReport{}, Questions: results}
	present := map[router.Intent]bool{}
	for _, q := range qs {
		present[q.Intent] = true
	}
	for _, in := range router.Intents {
		if present[in] {
			r.Intents = append(r.Intents, in)
		}
	}
	langs, frames := map[string]bool{}, map[string]bool{}
	for _, q := range qs {
		if q.Lang != "" {
			langs[q.Lang] = true
		}
		if q.Frame != "" {
			frames[q.Frame] = true
		}
	}
	r.Langs, r.Frames = slices.Sorted(maps.Keys(langs)), slices.Sorted(maps.Keys(frames))
	for _, c := range cfgs {
		r.Order = append(r.Order, c.Name)
		r.Setups = append(r.Setups, c)
		var mine []QuestionResult
		for _, res := range results {
			if res.Config == c.Name {
				mine = append(mine, res)
			}
		}
		cr := ConfigReport{Overall: Summarize(mine), ByIntent: map[router.Intent]Summary{}}
		for _, in := range r.Intents {
			cr.ByIntent[in] = Summarize(slices.DeleteFunc(slices.Clone(mine), func(x QuestionResult) bool { return x.Intent != in }))
		}
		cr.ByLang = breakdown(mine, r.Langs, func(x QuestionResult) string { return x.Lang })
		cr.ByFrame = breakdown(mine, r.Frames, func(x QuestionResult) string { return x.Frame })
		r.Configs[c.Name] = cr
	}
	r.Router = routerAccuracy(results)
	if len(r.Router.ByLang) > 0 {
		r.IntentByLang = r.Router.ByLang
	}
	r.Ceiling = ceiling(qs, r.Intents)
	return r
}

// breakdown summarises the results per key (nil when keys is empty); each
// summary carries its question count N.
func breakdown(results []QuestionResult, keys []string, key func(QuestionResult) string) map[string]Summary {
	if len(keys) == 0 {
		return nil
	}
	out := make(map[string]Summary, len(keys))
	for _, k := range keys {
		s := Summarize(slices.DeleteFunc(slices.Clone(results), func(x QuestionResult) bool { return key(x) != k }))
		s.N = s.Questions
		out[k] = s
	}
	return out
}

// ceiling scores the perfect ranking of every question.
func ceiling(qs []Question, intents []router.Intent) ConfigReport {
	perfect := Config{Name: "ceiling", Scored: ScoreHits}
	all := make([]QuestionResult, len(qs))
	for i, q := range qs {
		all[i] = QuestionResult{ID: q.ID, Intent: q.Intent, Config: perfect.Name, Metrics: rankMetrics(Ranking(q.Expected, nil), q.Expected, 0), NothingExpected: NothingExpected(q)}
	}
	c := ConfigReport{Overall: Summarize(all), ByIntent: map[router.Intent]Summary{}}
	for _, in := range intents {
		c.ByIntent[in] = Summarize(slices.DeleteFunc(slices.Clone(all), func(x QuestionResult) bool { return x.Intent != in }))
	}
	return c
}

func routerAccuracy(results []QuestionResult) RouterAccuracy {
	a := RouterAccuracy{ByIntent: map[router.Intent]IntentCount{}, Confusion: map[router.Intent]map[router.Intent]int{}, ByLang: map[string]IntentCount{}}
	seen := map[string]bool{}
	for _, res := range results {
		if seen[res.ID] || res.Error != "" {
			continue
		}
		seen[res.ID] = true
		c, l := a.ByIntent[res.Intent], a.ByLang[res.Lang]
		c.Total++
		l.Total++
		a.Total++
		if res.PredictedIntent == res.Intent {
			c.Correct++
			l.Correct++
			a.Correct++
		} else {
			if a.Confusion[res.Intent] == nil {
				a.Confusion[res.Intent] = map[router.Intent]int{}
			}
			a.Confusion[res.Intent][res.PredictedIntent]++
		}
		a.ByIntent[res.Intent] = c
		if res.Lang != "" {
			a.ByLang[res.Lang] = l
		}
	}
	return a
}

// Summarize aggregates results.
func Summarize(results []QuestionResult) Summary {
	s := Summary{Questions: len(results)}
	if len(results) == 0 {
		return s
	}
	var em, ap, ar, af, hon float64
	lat := make([]float64, 0, len(results))
	for _, res := range results {
		m := res.Metrics
		lat = append(lat, m.LatencyMS)
		if res.Error != "" {
			s.Errors++
		}
		if m.Honest != nil {
			s.Probes++
			hon += *m.Honest
		}
		if res.NothingExpected {
			continue
		}
		s.Ranked++
		s.RecallAt1 += m.RecallAt1
		s.RecallAt5 += m.RecallAt5
		s.RecallAt10 += m.RecallAt10
		s.AllFoundAt10 += m.AllFoundAt10
		s.MRR += m.MRR
		s.NDCGAt10 += m.NDCGAt10
		if m.ExactMatch != nil {
			s.ShortAnswers++
			em += *m.ExactMatch
		}
		if m.AnswerPrecision != nil && m.AnswerRecall != nil && m.AnswerF1 != nil {
			s.AnswerSets++
			ap += *m.AnswerPrecision
			ar += *m.AnswerRecall
			af += *m.AnswerF1
		}
	}
	if s.Ranked > 0 {
		n := float64(s.Ranked)
		s.RecallAt1 /= n
		s.RecallAt5 /= n
		s.RecallAt10 /= n
		s.AllFoundAt10 /= n
		s.MRR /= n
		s.NDCGAt10 /= n
	}
	if s.Probes > 0 {
		s.Honesty = ptr(hon / float64(s.Probes))
	}
	if s.ShortAnswers > 0 {
		s.ExactMatch = ptr(em / float64(s.ShortAnswers))
	}
	if s.AnswerSets > 0 {
		k := float64(s.AnswerSets)
		s.AnswerPrecision, s.AnswerRecall, s.AnswerF1 = ptr(ap/k), ptr(ar/k), ptr(af/k)
	}
	slices.Sort(lat)
	s.P50MS, s.P95MS, s.P99MS = Percentile(lat, 50), Percentile(lat, 95), Percentile(lat, 99)
	return s
}

// Percentile is the nearest-rank percentile p (0 < p ≤ 100) of sorted
// values: the smallest value with at least p% of the values at or below it.
func Percentile(sorted []float64, p float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	i := int(math.Ceil(p/100*float64(len(sorted)))) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

// WriteJSON writes the report as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return fmt.Errorf("eval: write json: %w", err)
	}
	return nil
}

func f3(v float64) string { return fmt.Sprintf("%.3f", v) }

func opt3(v *float64) string {
	if v == nil {
		return "–"
	}
	return f3(*v)
}

func f1ms(v float64) string { return fmt.Sprintf("%.1f", v) }

// WriteTable writes the report for people: every configuration overall,
// recall@10, all-found@10 and MRR per intent, the answer metrics, the
// router's intent accuracy, and which list each configuration is judged on.
func (r *Report) WriteTable(w io.Writer) error {
	var b strings.Builder
	n := 0
	if len(r.Order) > 0 {
		n = r.Configs[r.Order[0]].Overall.Questions
	}
	fmt.Fprintf(&b, "Retrieval quality on %d questions, %d configuration(s)\n\n", n, len(r.Order))

	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "config\tR@1\tR@5\tR@10\tall@10\tMRR\tnDCG@10\tEM\tans-P\tans-R\tans-F1\tp50 ms\tp95 ms\tp99 ms\terrors")
	for _, name := range r.Order {
		s := r.Configs[name].Overall
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\n", name,
			f3(s.RecallAt1), f3(s.RecallAt5), f3(s.RecallAt10), f3(s.AllFoundAt10), f3(s.MRR), f3(s.NDCGAt10),
			opt3(s.ExactMatch), opt3(s.AnswerPrecision), opt3(s.AnswerRecall), opt3(s.AnswerF1),
			f1ms(s.P50MS), f1ms(s.P95MS), f1ms(s.P99MS), s.Errors)
	}
	if c := r.Ceiling.Overall; c.Questions > 0 {
		fmt.Fprintf(tw, "(ceiling)\t%s\t%s\t%s\t%s\t%s\t%s\n",
			f3(c.RecallAt1), f3(c.RecallAt5), f3(c.RecallAt10), f3(c.AllFoundAt10), f3(c.MRR), f3(c.NDCGAt10))
	}
	tw.Flush()
	b.WriteString("(ceiling: a perfect ranking; recall@k is below 1 when more than k ids are expected)\n")

	for _, m := range []struct {
		title string
		get   func(Summary) float64
	}{
		{"Recall@10 by intent", func(s Summary) float64 { return s.RecallAt10 }},
		{"All-found@10 by intent", func(s Summary) float64 { return s.AllFoundAt10 }},
		{"MRR by intent", func(s Summary) float64 { return s.MRR }},
	} {
		fmt.Fprintf(&b, "\n%s\n", m.title)
		r.byIntentTable(&b, m.get)
	}

	for _, c := range r.Setups {
		if !c.Answers {
			continue
		}
		s := r.Configs[c.Name].Overall
		fmt.Fprintf(&b, "\nAnswers (%s): exact match %s on %d short-answer questions; exact answer sets on %d of %d questions: precision %s, recall %s, F1 %s\n",
			c.Name, opt3(s.ExactMatch), s.ShortAnswers, s.AnswerSets, s.Questions, opt3(s.AnswerPrecision), opt3(s.AnswerRecall), opt3(s.AnswerF1))
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "intent\tEM\tn\tans-P\tans-R\tans-F1\tsets")
		for _, in := range r.Intents {
			s := r.Configs[c.Name].ByIntent[in]
			fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t%s\t%d\n", in, opt3(s.ExactMatch), s.ShortAnswers,
				opt3(s.AnswerPrecision), opt3(s.AnswerRecall), opt3(s.AnswerF1), s.AnswerSets)
		}
		tw.Flush()
	}

	a := r.Router
	fmt.Fprintf(&b, "\nRouter intent accuracy: %s (%d/%d)\n", f3(a.Accuracy()), a.Correct, a.Total)
	for _, in := range r.Intents {
		c := a.ByIntent[in]
		fmt.Fprintf(&b, "  %-12s %d/%d", in, c.Correct, c.Total)
		if conf := a.Confusion[in]; len(conf) > 0 {
			preds := slices.Sorted(maps.Keys(conf))
			slices.SortStableFunc(preds, func(x, y router.Intent) int { return cmp.Compare(conf[y], conf[x]) })
			parts := make([]string, len(preds))
			for i, p := range preds {
				parts[i] = fmt.Sprintf("%s %d", p, conf[p])
			}
			fmt.Fprintf(&b, "  (routed as %s)", strings.Join(parts, ", "))
		}
		b.WriteString("\n")
	}
	if len(r.Langs) > 0 {
		b.WriteString("  by language:")
		for _, l := range r.Langs {
			c := a.ByLang[l]
			fmt.Fprintf(&b, "  %s %s (%d/%d)", l, f3(ratio(c.Correct, c.Total)), c.Correct, c.Total)
		}
		b.WriteString("\n")
	}
	r.writeBreakdowns(&b)

	b.WriteString("\nScored lists (acceptable ids dropped before scoring):\n")
	for _, c := range r.Setups {
		fmt.Fprintf(&b, "  %-15s %s; judged on %s\n", c.Name, c.Summary, c.Scored)
	}
	_, err := io.WriteString(w, b.String())
	if err != nil {
		return fmt.Errorf("eval: write table: %w", err)
	}
	return nil
}

// writeBreakdowns writes, for each configuration that scores answers, its
// honesty and its figures per language and per frame (when the questions
// state them).
func (r *Report) writeBreakdowns(b *strings.Builder) {
	for _, c := range r.Setups {
		if !c.Answers {
			continue
		}
		cr := r.Configs[c.Name]
		if s := cr.Overall; s.Probes > 0 {
			fmt.Fprintf(b, "\nHonesty (%s): %s of %d questions that expect nothing were answered \"none\" (left out of the rank-based metrics)\n",
				c.Name, opt3(s.Honesty), s.Probes)
		}
		for _, part := range []struct {
			title string
			keys  []string
			by    map[string]Summary
		}{{"language", r.Langs, cr.ByLang}, {"frame", r.Frames, cr.ByFrame}} {
			if len(part.keys) == 0 {
				continue
			}
			fmt.Fprintf(b, "\nBy %s (%s)\n", part.title, c.Name)
			tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
			fmt.Fprintf(tw, "%s\tn\tR@10\tMRR\tEM\tn-EM\tans-F1\tsets\thonesty\tprobes\n", part.title)
			for _, k := range part.keys {
				s := part.by[k]
				recall, mrr := "–", "–"
				if s.Ranked > 0 {
					recall, mrr = f3(s.RecallAt10), f3(s.MRR)
				}
				fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%d\t%s\t%d\t%s\t%d\n", k, s.Questions, recall, mrr,
					opt3(s.ExactMatch), s.ShortAnswers, opt3(s.AnswerF1), s.AnswerSets, opt3(s.Honesty), s.Probes)
			}
			tw.Flush()
		}
	}
}

func (r *Report) byIntentTable(b *strings.Builder, get func(Summary) float64) {
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "intent\tn\t"+strings.Join(r.Order, "\t")+"\t(ceiling)")
	row := func(label string, pick func(ConfigReport) Summary) {
		c := pick(r.Ceiling)
		cells := []string{label, fmt.Sprint(c.Questions)}
		for _, name := range r.Order {
			cells = append(cells, f3(get(pick(r.Configs[name]))))
		}
		cells = append(cells, f3(get(c)))
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	for _, in := range r.Intents {
		row(string(in), func(c ConfigReport) Summary { return c.ByIntent[in] })
	}
	row("all", func(c ConfigReport) Summary { return c.Overall })
	tw.Flush()
}
