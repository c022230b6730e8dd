package eval

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/hybridrag/hybridrag/plan"
)

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
			slices.SortStableFunc(preds, func(x, y plan.Intent) int { return cmp.Compare(conf[y], conf[x]) })
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
