package pipeline

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"

	"time"

	"github.com/hybridrag/hybridrag/fusion"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/writing"
)

// SourceLLM names the language model in Response.Errors.
const SourceLLM = "llm"

// Writer writes a checked answer from a question's context; *llm.Client
// is one (see package writing).
type Writer = writing.Writer

// DefaultWriterTimeout bounds a writer when Options.WriterTimeout does
// not.
const DefaultWriterTimeout = 20 * time.Second

// Progress hears of an answer as it forms, for a caller that streams it.
// A cached answer is not heard of: it is complete at once. The callbacks
// run on the asking goroutine and must not keep or change what they get.
type Progress struct {
	// Retrieved receives the plan and the hits once they are known.
	Retrieved func(pln plan.Plan, hits []fusion.Fused)
	// Token receives the model's reply as it is written, a checked
	// sentence at a time: only sentences the check keeps, each with the
	// space before it, so that the pieces make up Generated.Text. A
	// sentence that gets the whole reply rejected stops the pieces, and
	// the response then has no Generated.
	Token func(text string)
}

// Generated is the answer a language model wrote from the context, after
// the check that every sentence cites a given source and states only what
// its sources hold. Response.Answer stays the extractive answer.
type Generated struct {
	Text  string `json:"text"`
	Model string `json:"model"`
	// Citations are numbers into Response.Citations, in order of first
	// citation.
	Citations []int `json:"citations"`
}

// WithWriter returns a pipeline that shares p's components and entity
// cache and has w as its writer, bounded by timeout (0: the default). It
// has an answer cache of its own, of p's size.
func (p *Pipeline) WithWriter(w Writer, timeout time.Duration) *Pipeline {
	q := *p
	q.opts.Writer = w
	q.opts.WriterTimeout = cmp.Or(max(timeout, 0), DefaultWriterTimeout)
	if p.answers != nil {
		q.answers = q.answerCache(q.opts.CacheSize, q.opts.CacheTTL)
	}
	return &q
}

// generateMargin is kept from the request's deadline for the rest of the
// answer after the model, so that a slow model falls back rather than
// failing the request.
const generateMargin = 100 * time.Millisecond

// generate asks the writer for an answer from resp's context and checks
// it. On failure, or when the model is slower than its deadline, the
// extractive answer stands with a warning that says why. A model that
// failed to answer is also an llm error, so that the answer is not cached;
// a rejected answer is cached like any other, since the same model given
// the same context writes it again.
func (p *Pipeline) generate(ctx context.Context, req Request, resp *Response) {
	pr := locale.For(resp.Plan.Lang)
	w := p.opts.Writer
	if w == nil {
		resp.Warnings = append(resp.Warnings, pr.Text("no language model is configured (--llm); the answer is the extractive one"))
		return
	}
	if len(resp.Citations) == 0 {
		resp.Warnings = append(resp.Warnings, pr.Text("llm: no sources to cite; the answer is the extractive one"))
		return
	}
	t := time.Now()
	defer func() { resp.Timings.GenerateMS = ms(time.Since(t)) }()
	warn := func(why string) {
		resp.Warnings = append(resp.Warnings, pr.Text("llm: the model's answer is not used (")+why+pr.Text("); the answer is the extractive one"))
	}
	fail := func(why string) {
		resp.Errors = append(resp.Errors, SourceError{Source: SourceLLM, Error: why})
		warn(why)
	}
	timeout := p.opts.WriterTimeout
	if dl, ok := ctx.Deadline(); ok {
		timeout = min(timeout, time.Until(dl)-generateMargin)
	}
	if timeout <= 0 {
		fail(pr.Text("no time left before the request's deadline"))
		return
	}
	gctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var onText func(string)
	if req.Progress != nil {
		onText = req.Progress.Token
	}
	in := writing.Input{Question: req.Question, Context: resp.Context.Text, Extract: resp.Answer.Text, Sources: p.sources(resp)}
	written, err := w.Write(gctx, in, onText)
	switch {
	case errors.Is(err, writing.ErrRejected):
		warn(err.Error())
		return
	case err != nil && gctx.Err() != nil && ctx.Err() == nil:
		fail(pr.Sprintf("the model did not answer within %v", timeout.Round(time.Millisecond)))
		return
	case err != nil:
		fail(err.Error())
		return
	}
	for _, r := range written.Removed {
		resp.Warnings = append(resp.Warnings, pr.Text("llm: removed from the model's answer: ")+r)
	}
	resp.Generated = &Generated{Text: written.Text, Model: w.Model(), Citations: written.Citations}
}

// sources are resp's citations with what each cited record states: the
// dataset record, or the Wikidata facts an enrichment citation stands for.
func (p *Pipeline) sources(resp *Response) []writing.Source {
	out := make([]writing.Source, 0, len(resp.Citations))
	for _, c := range resp.Citations {
		s := writing.Source{N: c.N, Names: []string{c.Name}, Text: c.ID}
		if in, ok := p.data.Get(c.ID); ok {
			s.Names = recordNames(in)
			s.Text = recordText(in) + " " + heritage.CountryName(in.Country)
		}
		for _, f := range resp.Wikidata {
			if f.Citation == c.N {
				b, _ := json.Marshal(f.Entity)
				s.Text += " " + string(b)
			}
		}
		out = append(out, s)
	}
	return out
}

func recordNames(in *heritage.Institution) []string {
	names := []string{in.Name}
	for _, a := range in.AltNames() {
		names = append(names, a.Name)
	}
	return names
}

// recordText is every value the record states, as text.
func recordText(in *heritage.Institution) string {
	b, err := json.Marshal(in)
	if err != nil {
		return in.Name
	}
	return string(b)
}
