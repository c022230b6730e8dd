package eval

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"

	"github.com/hybridrag/hybridrag/plan"
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
	Intent          plan.Intent     `json:"intent"`
	Config          string          `json:"config"`
	Metrics         QuestionMetrics `json:"metrics"`
	TopIDs          []string        `json:"top_ids"`
	PredictedIntent plan.Intent     `json:"predicted_intent"`
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
	Overall  Summary                 `json:"overall"`
	ByIntent map[plan.Intent]Summary `json:"by_intent"`
	ByLang   map[string]Summary      `json:"by_lang,omitempty"`
	ByFrame  map[string]Summary      `json:"by_frame,omitempty"`
}

// IntentCount is the router's record on one gold intent (or language).
type IntentCount struct {
	Correct int `json:"correct"`
	Total   int `json:"total"`
}

// RouterAccuracy is how often the router's intent equals the gold intent.
type RouterAccuracy struct {
	Correct, Total int
	ByIntent       map[plan.Intent]IntentCount
	// Confusion counts gold → predicted intent for wrong predictions.
	Confusion map[plan.Intent]map[plan.Intent]int
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
	Intents []plan.Intent `json:"-"`
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
	present := map[plan.Intent]bool{}
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
		cr := ConfigReport{Overall: Summarize(mine), ByIntent: map[plan.Intent]Summary{}}
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
func ceiling(qs []Question, intents []plan.Intent) ConfigReport {
	perfect := Config{Name: "ceiling", Scored: ScoreHits}
	all := make([]QuestionResult, len(qs))
	for i, q := range qs {
		all[i] = QuestionResult{ID: q.ID, Intent: q.Intent, Config: perfect.Name, Metrics: rankMetrics(Ranking(q.Expected, nil), q.Expected, 0), NothingExpected: NothingExpected(q)}
	}
	c := ConfigReport{Overall: Summarize(all), ByIntent: map[plan.Intent]Summary{}}
	for _, in := range intents {
		c.ByIntent[in] = Summarize(slices.DeleteFunc(slices.Clone(all), func(x QuestionResult) bool { return x.Intent != in }))
	}
	return c
}

func routerAccuracy(results []QuestionResult) RouterAccuracy {
	a := RouterAccuracy{ByIntent: map[plan.Intent]IntentCount{}, Confusion: map[plan.Intent]map[plan.Intent]int{}, ByLang: map[string]IntentCount{}}
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
				a.Confusion[res.Intent] = map[plan.Intent]int{}
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
