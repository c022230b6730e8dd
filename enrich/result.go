package enrich

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/ident"
	"github.com/hybridrag/hybridrag/linking"
)

// Status is the outcome of linking one row.
type Status string

// Row outcomes.
const (
	// StatusMatched: the best candidate is the referent with high
	// confidence (an identifier match or an unambiguous, supported name).
	StatusMatched Status = "matched"
	// StatusAmbiguous: candidates were found but none is a sure match.
	StatusAmbiguous Status = "ambiguous"
	// StatusUnmatched: no candidate.
	StatusUnmatched Status = "unmatched"
	// StatusError: the row could not be read or linked.
	StatusError Status = "error"
)

// Output is one line of the output file.
type Output struct {
	Row        int             `json:"row"`
	Line       int             `json:"line"`
	Input      json.RawMessage `json:"input"`
	Status     Status          `json:"status"`
	Match      *Match          `json:"match"`
	Score      float64         `json:"score"`
	Candidates []CandidateRef  `json:"candidates"`
	Provenance *Provenance     `json:"provenance"`
	// Wikidata is what the Enricher returned for the match's QID (a
	// sparql.Entity), null
	// when it has none or the item is unknown; absent without an Enricher.
	Wikidata json.RawMessage `json:"wikidata,omitempty"`
	Warnings []string        `json:"warnings,omitempty"`
	Error    string          `json:"error,omitempty"`
}

// Match is the best candidate's record.
type Match struct {
	ID         string   `json:"id"`
	Name       string   `json:"name"`
	Type       string   `json:"type"`
	ISIL       string   `json:"isil,omitempty"`
	Wikidata   string   `json:"wikidata,omitempty"`
	GHCID      string   `json:"ghcid,omitempty"`
	Website    string   `json:"website,omitempty"`
	City       string   `json:"city,omitempty"`
	Country    string   `json:"country"`
	Lat        *float64 `json:"lat,omitempty"`
	Lon        *float64 `json:"lon,omitempty"`
	YearOpened string   `json:"year_opened,omitempty"` // 1971, or 1960/2017 when only a range is known
	Governance string   `json:"governance,omitempty"`
	MemberOf   []string `json:"member_of,omitempty"`
	Source     string   `json:"source"`
	License    string   `json:"license"`
}

// CandidateRef is one of the top candidates.
type CandidateRef struct {
	ID    string  `json:"id"`
	Name  string  `json:"name"`
	Score float64 `json:"score"`
	Via   string  `json:"via"`
}

// Provenance says how the match was found and where its record comes from.
type Provenance struct {
	Via            string `json:"via"` // linking.Via*: isil, wikidata, ghcid, gnd, name, …
	Source         string `json:"source"`
	License        string `json:"license"`
	Attribution    string `json:"attribution,omitempty"`
	DatasetVersion string `json:"dataset_version"`
}

// ErrorEntry is one line of the errors file.
type ErrorEntry struct {
	Row   int             `json:"row"`
	Line  int             `json:"line"`
	Error string          `json:"error"`
	Input json.RawMessage `json:"input"`
}

// maxNameBytes bounds a name sent to the linker.
const maxNameBytes = 512

// topCandidates is how many candidates a row lists.
const topCandidates = 3

// linkRow resolves one read row. A returned error is fatal (the context
// ended); problems with the row itself are reported in the Output.
func (j *Job) linkRow(ctx context.Context, rec record) (Output, error) {
	out := Output{Row: rec.row, Line: rec.line, Input: rec.input, Candidates: []CandidateRef{}}
	if rec.err != "" {
		out.Status, out.Error = StatusError, rec.err
		return out, nil
	}
	m := j.mapping
	get := func(col string) string {
		if col == "" {
			return ""
		}
		return rec.fields[col]
	}
	name := get(m.Name)
	hints := linking.Query{City: get(m.City), Country: get(m.Country), Type: get(m.Type), Postcode: get(m.Postcode)}
	idq := hints
	idq.ISIL, idq.QID, idq.GHCID = get(m.ISIL), get(m.QID), get(m.GHCID)
	if v := get(m.ID); v != "" {
		if looksLikeIdentifier(v) {
			idq.Text = v
		} else {
			out.Warnings = append(out.Warnings, fmt.Sprintf("%s %q is not an identifier; ignored", m.ID, v))
		}
	}
	hasID := idq.Text != "" || idq.ISIL != "" || idq.QID != "" || idq.GHCID != ""
	if name == "" && !hasID {
		out.Status, out.Error = StatusError, "empty name and no identifier"
		return out, nil
	}
	if len(name) > maxNameBytes {
		out.Status, out.Error = StatusError, fmt.Sprintf("name longer than %d bytes", maxNameBytes)
		return out, nil
	}
	var cands []linking.Candidate
	if hasID {
		c, err := j.linker.Link(ctx, idq, topCandidates)
		switch {
		case ctx.Err() != nil:
			return Output{}, ctx.Err()
		case err != nil && name == "":
			out.Status, out.Error = StatusError, errorText(err)
			return out, nil
		case err != nil:
			out.Warnings = append(out.Warnings, errorText(err)+"; linked by name")
		case len(c) == 0 && name != "":
			out.Warnings = append(out.Warnings, "no institution has the given identifier; linked by name")
		}
		cands = c
	}
	if len(cands) == 0 && name != "" {
		q := hints
		q.Text = name
		if _, ok, _ := ident.Parse(name); ok {
			// The linker reads a one-word name such as
			// "ARNO-SCHMIDT-MUSEUM" as an identifier. Keep a real
			// identifier that resolves; otherwise match the words.
			c, err := j.linker.Link(ctx, q, topCandidates)
			if ctx.Err() != nil {
				return Output{}, ctx.Err()
			}
			if err == nil && len(c) > 0 {
				j.fill(&out, c)
				return out, nil
			}
			if words := strings.ReplaceAll(name, "-", " "); words != name {
				q.Text = words
			}
		}
		c, err := j.linker.Link(ctx, q, topCandidates)
		switch {
		case ctx.Err() != nil:
			return Output{}, ctx.Err()
		case err != nil:
			out.Status, out.Error = StatusError, errorText(err)
			return out, nil
		}
		cands = c
	}
	j.fill(&out, cands)
	return out, nil
}

// fill sets the status, match, score, candidates and provenance.
func (j *Job) fill(out *Output, cands []linking.Candidate) {
	if len(cands) == 0 {
		out.Status = StatusUnmatched
		return
	}
	for _, c := range cands[:min(len(cands), topCandidates)] {
		out.Candidates = append(out.Candidates, CandidateRef{ID: c.ID, Name: c.Name, Score: c.Score, Via: c.Via})
	}
	best := cands[0]
	out.Score = best.Score
	if !best.Match {
		out.Status = StatusAmbiguous
		return
	}
	in, ok := j.ds.Get(best.ID)
	if !ok {
		out.Status = StatusError
		out.Error = fmt.Sprintf("candidate %s is not in the dataset", best.ID)
		return
	}
	out.Status = StatusMatched
	out.Match = newMatch(in)
	out.Provenance = &Provenance{
		Via: best.Via, Source: in.Source, License: in.License, Attribution: in.Attribution,
		DatasetVersion: j.ds.Version,
	}
}

func newMatch(in *heritage.Institution) *Match {
	m := &Match{
		ID: in.ID, Name: in.Name, Type: in.Type, ISIL: in.ISIL, Wikidata: in.Wikidata, GHCID: in.GHCID,
		Website: in.Website(), City: in.City, Country: in.Country, Lat: in.Lat, Lon: in.Lon,
		Governance: in.Governance(), Source: in.Source, License: in.License,
	}
	if from, to, ok := in.Opened(); ok {
		m.YearOpened = strconv.Itoa(from)
		if to != from {
			m.YearOpened += "/" + strconv.Itoa(to)
		}
	}
	for _, mb := range in.MemberOf() {
		if mb.Name != "" {
			m.MemberOf = append(m.MemberOf, mb.Name)
		}
	}
	return m
}

// looksLikeIdentifier reports whether s is worth resolving as an
// identifier: anything ident reads (even malformed, URLs included) or a
// Mapping Museums record id.
func looksLikeIdentifier(s string) bool {
	if _, ok, _ := ident.Parse(s); ok {
		return true
	}
	return strings.HasPrefix(s, "mm:")
}

// errorText shortens a linker error for the output: the "linking: "
// prefix says nothing to the reader of a row.
func errorText(err error) string {
	s := strings.TrimPrefix(err.Error(), "linking: ")
	if errors.Is(err, ident.ErrMalformed) && !strings.Contains(s, "malformed") {
		s = "malformed identifier: " + s
	}
	return s
}
