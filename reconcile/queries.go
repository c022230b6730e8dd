package reconcile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/linking"
)

// query02 is one query of a 0.2 batch. Unknown keys are ignored.
type query02 struct {
	Query      string       `json:"query"`
	Type       stringList   `json:"type"`
	TypeStrict string       `json:"type_strict"`
	Limit      flexInt      `json:"limit"`
	Properties []property02 `json:"properties"`
}

type property02 struct {
	PID string          `json:"pid"`
	V   json.RawMessage `json:"v"`
}

// stringList reads a string or an array of strings (or {id} objects).
type stringList []string

func (s *stringList) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || string(b) == "null" {
		return nil
	}
	var vs []json.RawMessage
	if b[0] == '[' {
		if err := json.Unmarshal(b, &vs); err != nil {
			return err
		}
	} else {
		vs = []json.RawMessage{b}
	}
	for _, v := range vs {
		if str := valueString(v, true); str != "" {
			*s = append(*s, str)
		}
	}
	return nil
}

// flexInt reads a number or a numeric string.
type flexInt int

func (f *flexInt) UnmarshalJSON(b []byte) error {
	s := strings.Trim(strings.TrimSpace(string(b)), `"`)
	if s == "" || s == "null" {
		return nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return fmt.Errorf("limit %q is not a number", s)
	}
	*f = flexInt(v)
	return nil
}

// valueString reads a property value: a string, number, boolean or an
// {id, name} object (the id when preferID, else the name).
func valueString(b json.RawMessage, preferID bool) string {
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return ""
	}
	switch b[0] {
	case '"':
		var s string
		_ = json.Unmarshal(b, &s)
		return strings.TrimSpace(s)
	case '{':
		var o struct{ ID, Name string }
		_ = json.Unmarshal(b, &o)
		if preferID && o.ID != "" || o.Name == "" {
			return strings.TrimSpace(o.ID)
		}
		return strings.TrimSpace(o.Name)
	case '[':
		var vs []json.RawMessage
		_ = json.Unmarshal(b, &vs)
		if len(vs) > 0 {
			return valueString(vs[0], preferID)
		}
		return ""
	case 'n':
		return ""
	}
	return string(b)
}

// linkQuery is a query in the form the linker takes, with the type filter.
type linkQuery struct {
	q      linking.Query
	types  []string // type codes, when filtering
	strict bool
	limit  int
}

// propertyField maps property ids (ours and Wikidata's) to query fields.
func setProperty(q *linking.Query, pid string, v json.RawMessage) {
	switch strings.ToLower(strings.TrimSpace(pid)) {
	case "isil", "p791":
		q.ISIL = valueString(v, true)
	case "qid", "wikidata", "p0", "id":
		q.QID = valueString(v, true)
	case "ghcid":
		q.GHCID = valueString(v, true)
	case "city", "p131", "locality":
		q.City = valueString(v, false)
	case "country", "p17":
		q.Country = valueString(v, true)
		if linking.NormalizeCountry(q.Country) == "" {
			q.Country = valueString(v, false)
		}
	case "postcode", "p281", "postal_code":
		q.Postcode = valueString(v, false)
	case "type", "p31":
		q.Type = valueString(v, true)
	}
}

func (h *Handler) toLinkQuery(q query02) linkQuery {
	lq := linkQuery{q: linking.Query{Text: strings.TrimSpace(q.Query)}, limit: int(q.Limit)}
	for _, p := range q.Properties {
		setProperty(&lq.q, p.PID, p.V)
	}
	for _, t := range q.Type {
		if c := linking.NormalizeType(t); c != "" {
			lq.types = append(lq.types, c)
		}
	}
	switch strings.ToLower(q.TypeStrict) {
	case "any", "all":
		lq.strict = len(lq.types) > 0
	}
	if !lq.strict && len(lq.types) == 1 && lq.q.Type == "" {
		lq.q.Type = lq.types[0]
	}
	return lq
}

// checkBatch refuses a batch of more than MaxQueries queries.
func (h *Handler) checkBatch(n int) error {
	if n > h.limits.MaxQueries {
		return tooLarge("reconcile: %d queries exceed the limit of %d queries per batch (max_queries)", n, h.limits.MaxQueries)
	}
	return nil
}

// checkQuery refuses a query whose text or property values are longer
// than MaxQueryChars, or that asks for more than MaxCandidates candidates,
// before any linking work is done.
func (h *Handler) checkQuery(lq linkQuery) error {
	q := lq.q
	for _, f := range []struct{ name, v string }{
		{"query", q.Text}, {"isil", q.ISIL}, {"qid", q.QID}, {"ghcid", q.GHCID},
		{"city", q.City}, {"country", q.Country}, {"type", q.Type}, {"postcode", q.Postcode},
	} {
		if n := utf8.RuneCountInString(f.v); n > h.limits.MaxQueryChars {
			return badRequest("%s has %d characters, over the limit of %d (max_query_chars)", f.name, n, h.limits.MaxQueryChars)
		}
	}
	if lq.limit > h.limits.MaxCandidates {
		return badRequest("limit %d is over the limit of %d candidates per query (max_candidates)", lq.limit, h.limits.MaxCandidates)
	}
	return nil
}
