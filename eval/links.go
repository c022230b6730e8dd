package eval

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/hybridrag/hybridrag/linking"
)

// Reference is one gold reference for entity linking (one line of a
// references file): a query and the record it refers to, "" when nothing
// should be matched (the referent is not in the data, or the query is
// ambiguous without a hint).
type Reference struct {
	ID    string        `json:"id"`
	Kind  string        `json:"kind"`
	Query linking.Query `json:"query"`
	// Expected is the referent's id; "" means no candidate should be a
	// match.
	Expected string `json:"expected_id"`
	// Acceptable are other ids a match may name without being wrong (for
	// an ambiguous name: the records that share it).
	Acceptable []string `json:"acceptable_ids"`
	Notes      string   `json:"notes"`
	// Line is the 1-based line of the reference in its file.
	Line int `json:"-"`
}

// rawReference detects missing keys.
type rawReference struct {
	ID         *string        `json:"id"`
	Kind       *string        `json:"kind"`
	Query      *linking.Query `json:"query"`
	Expected   *string        `json:"expected_id"`
	Acceptable []string       `json:"acceptable_ids"`
	Notes      string         `json:"notes"`
}

// ReadReferences reads a JSON Lines references file. Blank lines are
// ignored. A line that is not valid JSON, lacks id, kind, query (with a
// text or an identifier) or the expected_id key, repeats an id, or names
// an id for which known returns false is returned as a LineError and
// skipped. known may be nil to accept every id. The error is non-nil only
// when r fails.
func ReadReferences(r io.Reader, known func(id string) bool) ([]Reference, []*LineError, error) {
	return readLines(r, "references", func(b []byte, line int) (Reference, string, *LineError) {
		ref, lerr := parseReference(b, line, known)
		return ref, ref.ID, lerr
	})
}

func parseReference(b []byte, line int, known func(string) bool) (Reference, *LineError) {
	var raw rawReference
	fail := func(id, format string, a ...any) (Reference, *LineError) {
		return Reference{}, &LineError{Line: line, ID: id, Err: fmt.Errorf("%w: "+format, append([]any{ErrInvalidQuestion}, a...)...)}
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return fail("", "invalid JSON: %v", err)
	}
	id := trimmed(raw.ID)
	missing := missingKeys(
		keyCheck{"id", id == ""},
		keyCheck{"kind", trimmed(raw.Kind) == ""},
		keyCheck{"query", raw.Query == nil || strings.TrimSpace(raw.Query.Text+raw.Query.ISIL+raw.Query.QID+raw.Query.GHCID) == ""},
		keyCheck{"expected_id", raw.Expected == nil},
	)
	if len(missing) > 0 {
		return fail(id, "missing or empty %s", strings.Join(missing, ", "))
	}
	ref := Reference{ID: id, Kind: *raw.Kind, Query: *raw.Query, Expected: strings.TrimSpace(*raw.Expected), Acceptable: raw.Acceptable, Notes: raw.Notes, Line: line}
	if ref.Acceptable == nil {
		ref.Acceptable = []string{}
	}
	if known != nil {
		for _, x := range append([]string{ref.Expected}, ref.Acceptable...) {
			if x != "" && !known(x) {
				return fail(id, "%s is not in the data", x)
			}
		}
	}
	return ref, nil
}

// LinkResult is how the linker did on one reference.
type LinkResult struct {
	ID       string `json:"id"`
	Kind     string `json:"kind"`
	Expected string `json:"expected_id"`
	// Matched is the first candidate marked as a match, "" when none is.
	Matched string `json:"matched,omitempty"`
	// Top is the best candidate, matched or not, TopScore its score and
	// TopRight whether it is the referent or acceptable.
	Top      string  `json:"top,omitempty"`
	TopScore float64 `json:"top_score,omitempty"`
	TopRight bool    `json:"top_right,omitempty"`
	Error    string  `json:"error,omitempty"`
}

// ReliabilityBand is one band of scores of the references' best
// candidates: how many fell in [Low, High) (the last band holds 1) and
// the share of them that were the referent, to set beside the scores a
// calibrated linker gives.
type ReliabilityBand struct {
	Low      float64 `json:"low"`
	High     float64 `json:"high"`
	N        int     `json:"n"`
	Right    int     `json:"right"`
	Observed float64 `json:"observed"`
	// MeanScore is the mean score of the band's candidates.
	MeanScore float64 `json:"mean_score"`
}

// LinkSummary aggregates references.
//
//   - Precision: the share of matches (candidates with match: true) that
//     name the referent or an acceptable id; a match on a reference that
//     wants none is wrong.
//   - Recall: the share of references with an expected id whose match is
//     right.
//   - FalseMatchRate: the share of references that want no match
//     (expected_id "") that got one.
//   - Top1: the share of references with an expected id whose best
//     candidate, matched or not, is the referent (or acceptable).
type LinkSummary struct {
	Refs           int     `json:"refs"`
	WithExpected   int     `json:"with_expected"`
	WantNone       int     `json:"want_none"`
	Matches        int     `json:"matches"`
	CorrectMatches int     `json:"correct_matches"`
	FalseMatches   int     `json:"false_matches"`
	Top1Correct    int     `json:"top1_correct"`
	Errors         int     `json:"errors"`
	Precision      float64 `json:"precision"`
	Recall         float64 `json:"recall"`
	FalseMatchRate float64 `json:"false_match_rate"`
	Top1           float64 `json:"top1"`
}

// LinkReport is the outcome of ScoreLinks: overall and by kind (in Kinds
// order, first appearance in the file).
type LinkReport struct {
	Overall LinkSummary            `json:"overall"`
	ByKind  map[string]LinkSummary `json:"by_kind"`
	Kinds   []string               `json:"kinds"`
	// Reliability is the observed precision of the best candidates by
	// score band, ten bands of 0.1.
	Reliability []ReliabilityBand `json:"reliability"`
	Results     []LinkResult      `json:"results"`
}

// ScoreLinks links every reference with link (candidates best first) and
// scores the answers. An error from link is recorded and scored as no
// candidate.
func ScoreLinks(refs []Reference, link func(linking.Query) ([]linking.Candidate, error)) LinkReport {
	rep := LinkReport{ByKind: map[string]LinkSummary{}}
	results := make([]LinkResult, 0, len(refs))
	ok := make([]func(string) bool, 0, len(refs))
	for _, ref := range refs {
		res := LinkResult{ID: ref.ID, Kind: ref.Kind, Expected: ref.Expected}
		cands, err := link(ref.Query)
		if err != nil {
			res.Error = err.Error()
		}
		good := idSet(ref.Acceptable)
		if ref.Expected != "" {
			good[ref.Expected] = true
		}
		if len(cands) > 0 {
			res.Top, res.TopScore = cands[0].ID, cands[0].Score
			res.TopRight = ref.Expected != "" && good[cands[0].ID]
		}
		for _, c := range cands {
			if c.Match {
				res.Matched = c.ID
				break
			}
		}
		if _, seen := rep.ByKind[ref.Kind]; !seen {
			rep.Kinds = append(rep.Kinds, ref.Kind)
			rep.ByKind[ref.Kind] = LinkSummary{}
		}
		results = append(results, res)
		ok = append(ok, func(id string) bool { return good[id] })
	}
	rep.Results = results
	for _, kind := range rep.Kinds {
		rep.ByKind[kind] = summarizeLinks(results, ok, func(r LinkResult) bool { return r.Kind == kind })
	}
	rep.Overall = summarizeLinks(results, ok, func(LinkResult) bool { return true })
	rep.Reliability = reliability(results)
	return rep
}

// reliabilityBands is the number of score bands of a reliability table.
const reliabilityBands = 10

// reliability bands the best candidates of results by score.
func reliability(results []LinkResult) []ReliabilityBand {
	bands := make([]ReliabilityBand, reliabilityBands)
	sum := make([]float64, reliabilityBands)
	for k := range bands {
		bands[k].Low, bands[k].High = float64(k)/reliabilityBands, float64(k+1)/reliabilityBands
	}
	for _, r := range results {
		if r.Top == "" {
			continue
		}
		k := min(reliabilityBands-1, max(0, int(r.TopScore*reliabilityBands)))
		bands[k].N++
		sum[k] += r.TopScore
		if r.TopRight {
			bands[k].Right++
		}
	}
	for k := range bands {
		bands[k].Observed = ratio(bands[k].Right, bands[k].N)
		if bands[k].N > 0 {
			bands[k].MeanScore = sum[k] / float64(bands[k].N)
		}
	}
	return bands
}

func summarizeLinks(results []LinkResult, ok []func(string) bool, keep func(LinkResult) bool) LinkSummary {
	var s LinkSummary
	for i, r := range results {
		if !keep(r) {
			continue
		}
		s.Refs++
		if r.Error != "" {
			s.Errors++
		}
		if r.Matched != "" {
			s.Matches++
		}
		if r.Expected == "" {
			s.WantNone++
			if r.Matched != "" {
				s.FalseMatches++
			}
			continue
		}
		s.WithExpected++
		if r.Matched != "" && ok[i](r.Matched) {
			s.CorrectMatches++
		}
		if r.Top != "" && ok[i](r.Top) {
			s.Top1Correct++
		}
	}
	s.Precision = ratio(s.CorrectMatches, s.Matches)
	s.Recall = ratio(s.CorrectMatches, s.WithExpected)
	s.FalseMatchRate = ratio(s.FalseMatches, s.WantNone)
	s.Top1 = ratio(s.Top1Correct, s.WithExpected)
	return s
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// WriteJSON writes the report as indented JSON.
func (r LinkReport) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return fmt.Errorf("eval: write json: %w", err)
	}
	return nil
}

// WriteTable writes the report for people: one row per kind and overall.
func (r LinkReport) WriteTable(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Linking quality on %d references (%d with a referent, %d that want no match)\n\n", r.Overall.Refs, r.Overall.WithExpected, r.Overall.WantNone)
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "kind\tn\tprecision\trecall\tfalse-match\ttop-1\tmatches\terrors")
	// A figure with nothing to judge is shown as "–".
	cell := func(v float64, n int) string {
		if n == 0 {
			return "–"
		}
		return f3(v)
	}
	row := func(label string, s LinkSummary) {
		fm := "–"
		if s.WantNone > 0 {
			fm = fmt.Sprintf("%s (%d/%d)", f3(s.FalseMatchRate), s.FalseMatches, s.WantNone)
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%s\t%d\t%d\n", label, s.Refs, cell(s.Precision, s.Matches),
			cell(s.Recall, s.WithExpected), fm, cell(s.Top1, s.WithExpected), s.Matches, s.Errors)
	}
	for _, k := range r.Kinds {
		row(k, r.ByKind[k])
	}
	row("all", r.Overall)
	tw.Flush()
	b.WriteString("\nprecision: right matches / matches; recall: right matches / references with a referent;\n" +
		"false-match: references that want no match but got one; top-1: best candidate is the referent.\n")
	b.WriteString("\nReliability of the best candidate's score (observed: the share that is the referent)\n\n")
	tw = tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "score\tn\tmean score\tobserved")
	for _, band := range r.Reliability {
		fmt.Fprintf(tw, "%.1f–%.1f\t%d\t%s\t%s\n", band.Low, band.High, band.N, cell(band.MeanScore, band.N), cell(band.Observed, band.N))
	}
	tw.Flush()
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("eval: write table: %w", err)
	}
	return nil
}
