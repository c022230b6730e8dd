package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/pipeline"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/router"
)

const askUsage = `Usage: hybridrag ask [flags] "<question>"

Answers a question about heritage institutions with cited sources: a field
("What is the ISIL code of X?"), the exact set of institutions a list
question describes ("Which museums are part of National Museums Scotland?"),
or the best matching institutions.

Examples:
  hybridrag ask "What is the ISIL code of Heimatstube im Elbtor?"
  hybridrag ask --json --k 5 "Which accredited museums are in Rye?"
  hybridrag ask --filters '{"country": "DE", "type": ["MUSEUM"]}' "Porzellan"
  hybridrag ask --explain "Compare the railway museums in Lincolnshire and Suffolk."
  hybridrag ask --explain --fusion dbsf "Which museums are about porcelain?"
  hybridrag ask --lang nl "Which museums in Utrecht are about trains?"
  hybridrag ask --llm http://127.0.0.1:11434/v1 --llm-model llama3.2 "When was Naturmuseum Solothurn founded?"

Answers are in the question's language (English, Dutch or German, told
from its words); --lang en|nl|de chooses one instead. Names, identifiers
and cited text stay as the records hold them.

With --llm (or config llm.base_url) a language model also writes a short
answer from the context; it is shown only when every sentence cites a
source that holds what it states, else the extractive answer stands with
a warning.

Filter keys: ` + "%s" + `
Operators: a scalar means equals, a list means any of, or an object with
$eq, $ne, $in, $gte, $lte, $contains.
`

func runAsk(ctx context.Context, e *env, args []string) error {
	stdout := e.stdout
	fs := newFlagSet("ask", fmt.Sprintf(askUsage, strings.Join(filter.Keys, ", ")), stdout)
	var (
		df      dataFlags
		asJSON  = fs.Bool("json", false, "print one JSON object (plan, answer, hits, context, citations, warnings, errors, timings)")
		k       = fs.Int("k", pipeline.DefaultK, fmt.Sprintf("number of ranked institutions to return (1-%d)", pipeline.MaxK))
		budget  = fs.Int("budget", pipeline.DefaultBudget, fmt.Sprintf("context budget in tokens (%d-%d)", pipeline.MinBudget, pipeline.MaxBudget))
		explain = fs.Bool("explain", false, "show the plan, each retriever's ranking, the fused ranks, timings, cache counters and the spans each reader of the question recognised")
		filters = fs.String("filters", "", "JSON filter object applied to every retriever, e.g. '{\"country\":\"GB\"}'")
		noCache = fs.Bool("no-cache", false, "bypass the answer cache")
		showCtx = fs.Bool("context", false, "print the assembled context")
		repeat  = fs.Int("repeat", 1, "ask the same question N times in one process (shows the cache at work with --explain)")
		fuse    = fs.String("fusion", "", "merge the retrievers' rankings with rrf, relative or dbsf instead of the fusion the router chose for the intent")
		lang    = fs.String("lang", "", "answer in en, nl or de (default: the question's language)")
	)
	df.register(fs)
	df.registerLLM(fs)
	pos, err := fs.parse(args)
	if err != nil {
		return err
	}
	question := strings.TrimSpace(strings.Join(pos, " "))
	req := pipeline.Request{Question: question, K: *k, Budget: *budget, NoCache: *noCache, Explain: *explain}
	if *fuse != "" {
		m, err := fusion.ParseMethod(*fuse)
		if err != nil {
			return usagef("--fusion must be one of %s, got %.40q", fusion.MethodList(), *fuse)
		}
		req.Fusion = m
	}
	if req.Lang, err = locale.Parse(*lang); err != nil {
		return usagef("--lang must be en, nl or de, got %.40q", *lang)
	}
	if *filters != "" {
		fset, err := filter.Parse([]byte(*filters))
		if err != nil {
			return usagef("--filters: %v", err)
		}
		req.Filters = fset
	}
	if *k < 1 || *k > pipeline.MaxK {
		return usagef("--k must be between 1 and %d, got %d", pipeline.MaxK, *k)
	}
	if *budget < pipeline.MinBudget || *budget > pipeline.MaxBudget {
		return usagef("--budget must be between %d and %d tokens, got %d", pipeline.MinBudget, pipeline.MaxBudget, *budget)
	}
	if *repeat < 1 || *repeat > 1000 {
		return usagef("--repeat must be between 1 and 1000")
	}
	// Check the request before the (slower) start-up, so that bad input
	// fails fast.
	check := req
	if err := check.Validate(); err != nil {
		return usagef("%v", err)
	}

	st, err := e.stack(ctx, df)
	if err != nil {
		return err
	}
	defer st.Close()
	p, err := st.answerer()
	if err != nil {
		return err
	}
	req.LLM = st.cfg.LLM.BaseURL != ""
	var resp *pipeline.Response
	for range *repeat {
		rctx, cancel := context.WithTimeout(ctx, st.cfg.RequestTimeout.Std())
		resp, err = p.Ask(rctx, req)
		cancel()
		if err != nil {
			if isUsage(err) {
				return usagef("%v", err)
			}
			return err
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(resp)
	}
	printResponse(stdout, resp, *showCtx)
	if *explain && st.built.Engines != nil && st.built.Engines.Router != nil {
		printSpans(stdout, st.built.Engines.Router.Spans(question))
	}
	return nil
}

// printSpans lists what each reader of the router recognised in the
// question, ticked where the router's reading used the words.
func printSpans(w io.Writer, spans []router.Span) {
	fmt.Fprintln(w, "\nSpans (reader/slot = value; ✓ where the reading used the words):")
	for _, sp := range spans {
		fmt.Fprintf(w, "  %s\n", sp)
	}
}

func isUsage(err error) bool {
	return errors.Is(err, pipeline.ErrEmptyQuestion) || errors.Is(err, pipeline.ErrTooLong) || errors.Is(err, pipeline.ErrBadOption)
}

func printResponse(w io.Writer, r *pipeline.Response, showCtx bool) {
	pr := locale.For(r.Lang)
	printAnswer(w, pr, r)

	if len(r.Hits) > 0 {
		fmt.Fprintln(w, resultsHeading(pr))
		for _, h := range r.Hits {
			var ids []string
			if h.Identifiers.ISIL != "" {
				ids = append(ids, "ISIL "+h.Identifiers.ISIL)
			}
			if h.Identifiers.Wikidata != "" {
				ids = append(ids, h.Identifiers.Wikidata)
			}
			var via []string
			for _, s := range h.Sources {
				via = append(via, fmt.Sprintf("%s#%d", s.Source, s.Rank))
			}
			viaText := strings.Join(via, " ")
			if viaText == "" {
				viaText = "graph selection"
			}
			fmt.Fprintf(w, "%3d. %s  [%s]", h.Rank, h.Name, h.ID)
			if len(ids) > 0 {
				fmt.Fprintf(w, "  %s", strings.Join(ids, ", "))
			}
			fmt.Fprintf(w, "\n     score %.4f via %s\n", h.Score, viaText)
		}
	}

	if len(r.Wikidata) > 0 {
		fmt.Fprintln(w, "\nWikidata:")
		for _, f := range r.Wikidata {
			e := f.Entity
			var facts []string
			add := func(label string, vals []string) {
				if len(vals) > 0 {
					facts = append(facts, label+" "+strings.Join(vals, ", "))
				}
			}
			add("ISIL", e.ISIL)
			add("GND", e.GND)
			add("VIAF", e.VIAF)
			add("ISNI", e.ISNI)
			add("website", e.Websites)
			var kinds []string
			for _, k := range e.InstanceOf {
				kinds = append(kinds, cmp.Or(k.Label, k.QID))
			}
			add("instance of", kinds)
			var countries []string
			for _, c := range e.Countries {
				countries = append(countries, cmp.Or(c.Label, c.QID))
			}
			add("country", countries)
			fmt.Fprintf(w, "  %s %s: %s [%d]\n", e.QID, e.Label, strings.Join(facts, "; "), f.Citation)
		}
	}

	if len(r.Citations) > 0 {
		fmt.Fprintln(w, sourcesHeading(pr))
		for _, c := range r.Citations {
			fmt.Fprintf(w, "  [%d] %s (%s) — %s, %s, %s\n", c.N, c.Name, c.ID, c.Source, c.License, c.Tier)
		}
	}
	for _, wn := range r.Warnings {
		fmt.Fprintf(w, "warning: %s\n", wn)
	}
	for _, e := range r.Errors {
		fmt.Fprintf(w, "error from %s: %s\n", e.Source, e.Error)
	}
	if showCtx {
		fmt.Fprintf(w, "\nContext (%d of %d tokens):\n%s\n", r.Context.Tokens, r.Context.Budget, r.Context.Text)
	}
	if r.Explain != nil {
		printExplain(w, r)
	}
	fmt.Fprintf(w, "\n(intent %s, frame %s, confidence %.2f, answered in %s; %.1f ms%s)\n", r.Plan.Intent, r.Plan.Frame, r.Plan.Confidence, r.Lang, r.Timings.TotalMS, cachedNote(r.Cached))
}

func cachedNote(c bool) string {
	if c {
		return ", from cache"
	}
	return ""
}

func printExplain(w io.Writer, r *pipeline.Response) {
	fmt.Fprintln(w, "\nPlan:")
	fmt.Fprintf(w, "  frame %s, intent %s%s\n", r.Plan.Frame, r.Plan.Intent, frameSlots(r.Plan))
	plan, _ := json.MarshalIndent(r.Plan, "  ", "  ")
	fmt.Fprintf(w, "  %s\n", plan)
	printFrames(w, r.Explain.Frames)
	fmt.Fprintln(w, "\nRetrievers:")
	for _, l := range r.Explain.Legs {
		fmt.Fprintf(w, "  %s (weight %.2f, k %d, %d filters): %d hits in %.2f ms", l.Source, l.Weight, l.K, l.Filters, len(l.Hits), l.DurationMS)
		if l.Error != "" {
			fmt.Fprintf(w, " — error: %s", l.Error)
		}
		fmt.Fprintln(w)
		for _, h := range l.Hits {
			fmt.Fprintf(w, "    %2d. %-50s %.4f  %s\n", h.Rank, trim(h.Name, 50), h.Score, h.ID)
		}
	}
	fmt.Fprintf(w, "\nFused (%s):\n", fusionName(r.Explain.Fusion))
	for _, h := range r.Hits {
		var parts []string
		for _, s := range h.Sources {
			parts = append(parts, fmt.Sprintf("%s rank %d raw %.4f norm %.4f × %.2f = %.5f", s.Source, s.Rank, s.RawScore, s.Normalized, s.Weight, s.Weighted))
		}
		fmt.Fprintf(w, "  %2d. %-50s %.5f  %s\n", h.Rank, trim(h.Name, 50), h.Score, strings.Join(parts, "; "))
	}
	t := r.Timings
	fmt.Fprintf(w, "\nTimings (ms): route %.3f, retrieve %.3f, fuse %.3f, answer %.3f, context %.3f, total %.3f\n",
		t.RouteMS, t.RetrieveMS, t.FuseMS, t.AnswerMS, t.ContextMS, t.TotalMS)
	legs := make([]string, 0, len(t.Legs))
	for k := range t.Legs {
		legs = append(legs, k)
	}
	sort.Strings(legs)
	for _, k := range legs {
		fmt.Fprintf(w, "  %s %.3f\n", k, t.Legs[k])
	}
	c := r.Explain.Cache
	fmt.Fprintf(w, "Cache: answers %d hits / %d misses; entity look-ups %d hits / %d misses\n",
		c.QueryHits, c.QueryMisses, c.EntityHits, c.EntityMisses)
}

// fusionName says which fusion merged the legs and who chose it.
func fusionName(f pipeline.FusionReport) string {
	var name string
	switch f.Method {
	case fusion.MethodRRF:
		name = fmt.Sprintf("Reciprocal Rank Fusion, k %g; norm = 1/(k + rank)", f.K)
	case fusion.MethodRelative:
		name = "relative score fusion; norm = the raw score min–max scaled within its retriever"
	case fusion.MethodDBSF:
		name = fmt.Sprintf("distribution-based score fusion; norm = the raw score scaled by its retriever's mean ± %gσ, clamped", f.Sigmas)
	default:
		name = string(f.Method)
	}
	switch f.ChosenBy {
	case pipeline.FusionByRequest:
		return name + "; chosen by --fusion"
	case pipeline.FusionByPlan:
		return name + "; the router's choice for the intent"
	}
	return name
}

// frameSlots names the slots the frame filled: the yes/no test, the
// compared attribute, and the words no rule understood.
func frameSlots(p plan.Plan) string {
	var b strings.Builder
	if t := p.Test; t != nil {
		fmt.Fprintf(&b, "; tests %s", t.Property)
		if len(t.Want) > 0 {
			fmt.Fprintf(&b, " = %s", strings.Join(t.Want, " or "))
		}
	}
	if pr := p.Pair; pr != nil {
		order := "lowest"
		if pr.Highest {
			order = "highest"
		}
		fmt.Fprintf(&b, "; compares %s, %s wins", pr.Attribute, order)
	}
	if f := p.Constraints.Field; f != "" {
		fmt.Fprintf(&b, "; field %s", f)
	}
	if len(p.Unused(plan.UnusedDropped)) > 0 {
		fmt.Fprintf(&b, "; not understood, in a constraint's place: %s", strings.Join(p.Unused(plan.UnusedDropped), ", "))
	} else if len(p.Unused(plan.UnusedUnknown)) > 0 {
		fmt.Fprintf(&b, "; not understood: %s", strings.Join(p.Unused(plan.UnusedUnknown), ", "))
	}
	return b.String()
}

func trim(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// printFrames shows the frame classifier's reading beside the plan's: its
// most probable frames and intents, where it disagrees, and what its
// backstop would propose (not applied).
func printFrames(w io.Writer, f *pipeline.FrameReading) {
	if f == nil {
		return
	}
	guesses := func(gs []pipeline.Guess) string {
		parts := make([]string, len(gs))
		for i, g := range gs {
			parts[i] = fmt.Sprintf("%s %.2f", g.Label, g.P)
		}
		return strings.Join(parts, ", ")
	}
	fmt.Fprintf(w, "\nClassifier (a second reading; the plan above decides):\n  frames: %s\n  intents: %s\n", guesses(f.Frames), guesses(f.Intents))
	if len(f.Fields) > 0 {
		fmt.Fprintf(w, "  fields, were it a question for one: %s\n", guesses(f.Fields))
	}
	if f.Disagreement != "" {
		fmt.Fprintf(w, "  disagrees: %s\n", f.Disagreement)
	}
	if f.Backstop != "" {
		fmt.Fprintf(w, "  backstop would read: %s\n", f.Backstop)
	}
}
