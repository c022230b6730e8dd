package reconcile

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/hybridrag/hybridrag/linking"
)

// run links one query and shapes the candidates. It stops when the
// request's context is done.
func (h *Handler) run(r *http.Request, lq linkQuery, withNames bool) ([]Candidate, error) {
	if err := r.Context().Err(); err != nil {
		return nil, err
	}
	limit := lq.limit
	if limit <= 0 {
		limit = DefaultLimit
	}
	limit = min(limit, h.limits.MaxCandidates)
	fetch := limit
	if lq.strict {
		fetch = limit*4 + 20
	}
	if lq.q.Text == "" && lq.q.ISIL == "" && lq.q.QID == "" && lq.q.GHCID == "" {
		return []Candidate{}, nil
	}
	cs, err := h.l.Link(r.Context(), lq.q, fetch)
	if err != nil {
		if r.Context().Err() != nil {
			return nil, err
		}
		// A malformed identifier is a query without candidates, not a
		// failed batch.
		return []Candidate{}, nil
	}
	out := make([]Candidate, 0, min(len(cs), limit))
	for _, c := range cs {
		in, ok := h.ds.Get(c.ID)
		if !ok {
			continue
		}
		if lq.strict && !containsCode(lq.types, in.TypeCode) {
			continue
		}
		out = append(out, h.candidate(in, c, withNames))
		if len(out) == limit {
			break
		}
	}
	return out, nil
}

func (h *Handler) reconcile02(w http.ResponseWriter, r *http.Request, raw []byte) {
	var batch map[string]json.RawMessage
	if err := json.Unmarshal(raw, &batch); err != nil {
		writeError(w, r, badRequest("reconcile: queries is not a JSON object keyed by query id: %v", err))
		return
	}
	if err := h.checkBatch(len(batch)); err != nil {
		writeError(w, r, err)
		return
	}
	queries := make(map[string]linkQuery, len(batch))
	for key, rq := range batch {
		var q query02
		if err := json.Unmarshal(rq, &q); err != nil {
			writeError(w, r, badRequest("reconcile: query %q: %v", key, err))
			return
		}
		lq := h.toLinkQuery(q)
		if err := h.checkQuery(lq); err != nil {
			writeError(w, r, fmt.Errorf("reconcile: query %q: %w", key, err))
			return
		}
		queries[key] = lq
	}
	out := make(map[string]Result, len(batch))
	for key, lq := range queries {
		cs, err := h.run(r, lq, false)
		if err != nil {
			writeError(w, r, fmt.Errorf("reconcile: query %q: %w", key, err))
			return
		}
		out[key] = Result{cs}
	}
	writeBatch(w, r, out)
}

// writeBatch writes a batch's results, unless the request's deadline
// passed while they were computed: a late answer is a timeout.
func writeBatch(w http.ResponseWriter, r *http.Request, out any) {
	if err := r.Context().Err(); err != nil {
		writeError(w, r, fmt.Errorf("reconcile: %w", err))
		return
	}
	writeJSON(w, r, http.StatusOK, out)
}

// 1.0-draft match.

type query10 struct {
	Conditions []condition10 `json:"conditions"`
	Type       string        `json:"type"`
	Limit      flexInt       `json:"limit"`
}

type condition10 struct {
	MatchType     string          `json:"matchType"`
	PropertyID    string          `json:"propertyId"`
	PropertyValue json.RawMessage `json:"propertyValue"`
	Required      bool            `json:"required"`
}

type result10 struct {
	Candidates []Candidate `json:"candidates"`
}

func (h *Handler) match10(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		writeError(w, r, &errStatus{http.StatusMethodNotAllowed, "reconcile: /match takes POST with a JSON body"})
		return
	}
	form, body, err := h.params(w, r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if len(body) == 0 {
		body = []byte(first(form, "queries"))
		if len(body) > 0 && body[0] == '[' {
			body = append(append([]byte(`{"queries":`), body...), '}')
		}
	}
	h.match10Body(w, r, body)
}

func (h *Handler) match10Body(w http.ResponseWriter, r *http.Request, body []byte) {
	var batch struct {
		Queries []query10 `json:"queries"`
	}
	if err := json.Unmarshal(body, &batch); err != nil {
		writeError(w, r, badRequest("reconcile: body is not a 1.0 query batch {\"queries\": [...]}: %v", err))
		return
	}
	if err := h.checkBatch(len(batch.Queries)); err != nil {
		writeError(w, r, err)
		return
	}
	queries := make([]linkQuery, 0, len(batch.Queries))
	for i, q := range batch.Queries {
		lq := linkQuery{limit: int(q.Limit)}
		for _, c := range q.Conditions {
			switch c.MatchType {
			case "name":
				lq.q.Text = valueString(c.PropertyValue, false)
			case "id":
				lq.q.Text = valueString(c.PropertyValue, true)
			case "property":
				setProperty(&lq.q, c.PropertyID, c.PropertyValue)
			}
		}
		if code := linking.NormalizeType(q.Type); code != "" {
			lq.q.Type = code
		}
		if err := h.checkQuery(lq); err != nil {
			writeError(w, r, fmt.Errorf("reconcile: query %d: %w", i, err))
			return
		}
		queries = append(queries, lq)
	}
	out := struct {
		Results []result10 `json:"results"`
	}{Results: make([]result10, 0, len(queries))}
	for i, lq := range queries {
		cs, err := h.run(r, lq, true)
		if err != nil {
			writeError(w, r, fmt.Errorf("reconcile: query %d: %w", i, err))
			return
		}
		out.Results = append(out.Results, result10{cs})
	}
	writeBatch(w, r, out)
}

// idParam reads the id query parameter, tolerating clients that send the
// {{id}} template already percent-encoded twice.
func idParam(r *http.Request) string {
	id := strings.TrimSpace(r.URL.Query().Get("id"))
	if strings.Contains(id, "%") {
		if u, err := url.QueryUnescape(id); err == nil {
			id = u
		}
	}
	return id
}
