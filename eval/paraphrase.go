package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/pipeline"
)

// A paraphrase set (testdata/generated/paraphrases*.jsonl, package
// eval/gen) is a questions file whose questions are grouped into needs
// (Question.Need): every wording of a need asks the same thing in another
// style (Question.Style) or language and has the same gold answer. It is
// scored on the routed pipeline by two figures: how many needs get the
// same answer from all their wordings (consistency, see AnswerSignature),
// and how many wordings get the right answer (see JudgeWording).

// ErrorKind is the answer kind of a wording the pipeline failed on.
const ErrorKind = "error"

// AnswerSignature is what the answers to two wordings of one need must
// share to count as the same answer:
//   - the answer kind (field, yesno, set, ranked, none);
//   - for a set or a count (an answer over several institutions),
//     whether it says it is complete (Answer.Exact): "3 museums" and "3
//     museums; not an exact answer" are different answers. Of one
//     institution's field or a yes/no the flag says how sure the reading
//     of the words is (words left unread make it not exact), not what the
//     answer is, and is left out;
//   - the answer value (a field's value, "yes"/"no", a count, the place
//     that has more), as NormalizeAnswer folds it, so that "DE-Ma54" and
//     "de-ma54" agree;
//   - the answer's institutions: as a set, except in a ranking (kind
//     "ranked"), whose order is part of the answer.
//
// The answer's text, citations and the hits beyond the answer are left
// out: a ranking of further hits follows the words without the answer
// changing. A failed question has the signature "error" and agrees with
// nothing.
func AnswerSignature(a pipeline.Answer) string {
	var b strings.Builder
	b.WriteString(a.Kind)
	if a.Exact && (a.Kind == pipeline.KindSet || len(a.IDs) > 1) {
		b.WriteString(" exact")
	}
	if v := NormalizeAnswer(a.Value); v != "" {
		b.WriteString(" value=")
		b.WriteString(v)
	}
	ids := a.IDs
	if a.Kind != pipeline.KindRanked {
		ids = slices.Clone(ids)
		slices.Sort(ids)
	}
	b.WriteString(" ids=")
	b.WriteString(strings.Join(ids, ","))
	return b.String()
}

// WordingResult is one wording of a need asked of the routed pipeline.
type WordingResult struct {
	ID       string `json:"id"`
	Need     string `json:"need"`
	Frame    string `json:"frame,omitempty"`
	Lang     string `json:"lang,omitempty"`
	Style    string `json:"style,omitempty"`
	Question string `json:"question"`
	// Kind is the answer kind, ErrorKind when the pipeline failed.
	Kind string `json:"kind"`
	// Signature is the answer's AnswerSignature ("error" on failure).
	Signature string `json:"signature"`
	// Answer is the predicted short answer (PredictedAnswer), when the
	// gold answer is short.
	Answer string `json:"answer,omitempty"`
	// Gold is the gold answer.
	Gold string `json:"gold"`
	// Right says whether the answer is the gold one (see JudgeWording).
	Right bool   `json:"right"`
	Error string `json:"error,omitempty"`
}

// JudgeWording judges one wording's response against its gold. The
// answer is right when
//   - the question expects nothing: the answer kind is "none";
//   - the gold answer is short (ShortAnswer: a value, a name, "yes", a
//     count, the place with more): the predicted short answer
//     (PredictedAnswer) matches it (ExactMatch);
//   - otherwise (a list): the answer is a set (kind "set", or any exact
//     answer) holding every expected id and nothing but expected and
//     acceptable ids. A set the pipeline says may be incomplete (records
//     that name no town might lie in the place asked about) counts when
//     its members are right: the caveat is about the data, not about how
//     the question was read. A ranking is never a right list.
func JudgeWording(q Question, resp *pipeline.Response, data *heritage.Dataset) WordingResult {
	w := wordingOf(q)
	w.Kind, w.Signature = resp.Answer.Kind, AnswerSignature(resp.Answer)
	switch {
	case NothingExpected(q):
		w.Right = resp.Answer.Kind == pipeline.KindNone
	case ShortAnswer(q):
		w.Answer = PredictedAnswer(resp, data)
		w.Right = ExactMatch(w.Answer, q.Answer)
	default:
		if (resp.Answer.Exact || resp.Answer.Kind == pipeline.KindSet) && len(resp.Answer.IDs) > 0 {
			p, r, _ := SetPRF(resp.Answer.IDs, q.Expected, q.Acceptable)
			w.Right = p == 1 && r == 1
		}
	}
	return w
}

// failedWording is a wording the pipeline gave no response to: wrong, and
// agreeing with no other wording.
func failedWording(q Question, err error) WordingResult {
	w := wordingOf(q)
	w.Kind, w.Signature, w.Error = ErrorKind, ErrorKind, err.Error()
	return w
}

func wordingOf(q Question) WordingResult {
	need := q.Need
	if need == "" {
		need = q.ID // a question without a need is a need of its own
	}
	return WordingResult{ID: q.ID, Need: need, Frame: q.Frame, Lang: q.Lang, Style: q.Style, Question: q.Question, Gold: q.Answer}
}

// Paraphrases asks every wording of a paraphrase set of the routed
// pipeline (hybrid-router) and scores it (NewParaphraseReport). A
// question the pipeline fails on is wrong and agrees with nothing; it
// fails only when ctx ends or the pipeline cannot be built.
func (s *Suite) Paraphrases(ctx context.Context, qs []Question, opt RunOptions) (*ParaphraseReport, error) {
	cfgs, err := SelectConfigs([]string{ConfigRouter})
	if err != nil {
		return nil, err
	}
	cfg := cfgs[0]
	p, err := s.Pipeline(cfg)
	if err != nil {
		return nil, err
	}
	out := make([]WordingResult, 0, len(qs))
	for i, q := range qs {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("eval: %w", err)
		}
		actx, cancel := ctx, context.CancelFunc(func() {})
		if opt.Timeout > 0 {
			actx, cancel = context.WithTimeout(ctx, opt.Timeout)
		}
		resp, err := p.Ask(actx, pipeline.Request{Question: q.Question, K: AskK, NoCache: true})
		cancel()
		switch {
		case err != nil && ctx.Err() != nil:
			return nil, fmt.Errorf("eval: %w", ctx.Err())
		case err != nil:
			out = append(out, failedWording(q, err))
		default:
			out = append(out, JudgeWording(q, resp, s.data))
		}
		if opt.Progress != nil {
			opt.Progress(Progress{Config: cfg.Name, Done: i + 1, Total: len(qs)})
		}
	}
	return NewParaphraseReport(out), nil
}

// Share is a count of successes out of a total.
type Share struct {
	N  int `json:"n"`
	Of int `json:"of"`
}

// Rate is N/Of, 0 when Of is 0.
func (s Share) Rate() float64 {
	if s.Of == 0 {
		return 0
	}
	return float64(s.N) / float64(s.Of)
}

func (s *Share) add(ok bool) {
	s.Of++
	if ok {
		s.N++
	}
}

// MarshalJSON adds the rate.
func (s Share) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		N    int     `json:"n"`
		Of   int     `json:"of"`
		Rate float64 `json:"rate"`
	}{s.N, s.Of, s.Rate()})
}

// WordingFigures are the figures of a group of wordings (one style or one
// language).
type WordingFigures struct {
	// Right are the wordings answered right.
	Right Share `json:"right"`
	// Agree are the wordings whose answer is their need's usual answer:
	// the signature most of the need's wordings share (a tie goes to the
	// one that comes first in the file).
	Agree Share `json:"agree"`
}

// NeedFigures are the figures of a group of needs (one need kind).
type NeedFigures struct {
	// Consistent are the needs whose wordings all got the same answer.
	Consistent Share `json:"consistent"`
	// AllRight are the needs whose wordings were all answered right.
	AllRight Share `json:"all_right"`
	// Right are the needs' wordings answered right.
	Right Share `json:"right"`
}

// ParaphraseReport scores a paraphrase set.
type ParaphraseReport struct {
	Needs    int `json:"needs"`
	Wordings int `json:"wordings"`
	// Overall: the consistent and all-right needs, the right wordings.
	Overall NeedFigures `json:"overall"`
	// ByStyle and ByLang break the wordings down by style and language,
	// ByFrame the needs by kind; Styles, Langs and Frames list the keys in
	// the order they first appear in the file.
	ByStyle map[string]*WordingFigures `json:"by_style"`
	ByLang  map[string]*WordingFigures `json:"by_lang"`
	ByFrame map[string]*NeedFigures    `json:"by_frame"`
	Styles  []string                   `json:"styles"`
	Langs   []string                   `json:"langs"`
	Frames  []string                   `json:"frames"`
	// Results are the wordings in file order.
	Results []WordingResult `json:"results"`
}

// NewParaphraseReport aggregates judged wordings (in file order) by need.
func NewParaphraseReport(rs []WordingResult) *ParaphraseReport {
	rep := &ParaphraseReport{
		Wordings: len(rs),
		ByStyle:  map[string]*WordingFigures{}, ByLang: map[string]*WordingFigures{}, ByFrame: map[string]*NeedFigures{},
		Results: rs,
	}
	var needs []string
	byNeed := map[string][]WordingResult{}
	for _, w := range rs {
		if _, ok := byNeed[w.Need]; !ok {
			needs = append(needs, w.Need)
		}
		byNeed[w.Need] = append(byNeed[w.Need], w)
	}
	rep.Needs = len(needs)
	group := func(m map[string]*WordingFigures, order *[]string, key string) *WordingFigures {
		if m[key] == nil {
			m[key] = &WordingFigures{}
			*order = append(*order, key)
		}
		return m[key]
	}
	for _, need := range needs {
		ws := byNeed[need]
		usual := usualSignature(ws)
		consistent, allRight := true, true
		fr := ws[0].Frame
		if rep.ByFrame[fr] == nil {
			rep.ByFrame[fr] = &NeedFigures{}
			rep.Frames = append(rep.Frames, fr)
		}
		f := rep.ByFrame[fr]
		for _, w := range ws {
			agree := w.Signature == usual && w.Kind != ErrorKind
			consistent = consistent && agree
			allRight = allRight && w.Right
			rep.Overall.Right.add(w.Right)
			f.Right.add(w.Right)
			for _, g := range []*WordingFigures{group(rep.ByStyle, &rep.Styles, w.Style), group(rep.ByLang, &rep.Langs, w.Lang)} {
				g.Right.add(w.Right)
				g.Agree.add(agree)
			}
		}
		rep.Overall.Consistent.add(consistent)
		rep.Overall.AllRight.add(allRight)
		f.Consistent.add(consistent)
		f.AllRight.add(allRight)
	}
	return rep
}

// usualSignature is the signature most of ws share; a tie goes to the one
// that comes first.
func usualSignature(ws []WordingResult) string {
	n := map[string]int{}
	best := ""
	for _, w := range ws {
		n[w.Signature]++
	}
	for _, w := range ws {
		if best == "" || n[w.Signature] > n[best] {
			best = w.Signature
		}
	}
	return best
}

// WriteJSON writes the report as one JSON object.
func (r *ParaphraseReport) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}

// WriteTable writes the figures as plain-text tables.
func (r *ParaphraseReport) WriteTable(w io.Writer) error {
	o := r.Overall
	fmt.Fprintf(w, "Paraphrases (hybrid-router): %d needs, %d wordings\n", r.Needs, r.Wordings)
	fmt.Fprintf(w, "consistent needs  %s  every wording of the need got the same answer\n", share(o.Consistent))
	fmt.Fprintf(w, "right wordings    %s  the wording got the gold answer\n", share(o.Right))
	fmt.Fprintf(w, "all-right needs   %s  every wording of the need got the gold answer\n", share(o.AllRight))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, by := range []struct {
		title string
		keys  []string
		m     map[string]*WordingFigures
	}{{"style", r.Styles, r.ByStyle}, {"language", r.Langs, r.ByLang}} {
		fmt.Fprintf(tw, "\nBy %s\n%s\tn\tright\tagree\n", by.title, by.title)
		for _, k := range by.keys {
			g := by.m[k]
			fmt.Fprintf(tw, "%s\t%d\t%.3f\t%.3f\n", orDash(k), g.Right.Of, g.Right.Rate(), g.Agree.Rate())
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	fmt.Fprintf(tw, "\nBy need kind\nkind\tneeds\tconsistent\tall-right\tright\n")
	for _, k := range r.Frames {
		f := r.ByFrame[k]
		fmt.Fprintf(tw, "%s\t%d\t%.3f\t%.3f\t%.3f\n", orDash(k), f.Consistent.Of, f.Consistent.Rate(), f.AllRight.Rate(), f.Right.Rate())
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w, "\nagree: the wording got its need's usual answer (the one most of its wordings got)")
	return nil
}

func share(s Share) string { return fmt.Sprintf("%.3f (%d/%d)", s.Rate(), s.N, s.Of) }

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
