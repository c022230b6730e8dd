package reconcile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/linking"
)

// Manifest is the 0.2 service manifest.
type Manifest struct {
	Versions        []string      `json:"versions"`
	Name            string        `json:"name"`
	IdentifierSpace string        `json:"identifierSpace"`
	SchemaSpace     string        `json:"schemaSpace"`
	ServiceVersion  string        `json:"serviceVersion,omitempty"`
	DefaultTypes    []TypeRef     `json:"defaultTypes"`
	View            URLTemplate   `json:"view"`
	FeatureView     *URLTemplate  `json:"feature_view,omitempty"`
	Preview         PreviewConfig `json:"preview"`
	Suggest         SuggestConfig `json:"suggest"`
	Extend          ExtendConfig  `json:"extend"`
	BatchSize       int           `json:"batchSize"`
}

// TypeRef is a type given by id and name.
type TypeRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// URLTemplate holds a URL containing {{id}}.
type URLTemplate struct {
	URL string `json:"url"`
}

// PreviewConfig describes the preview service.
type PreviewConfig struct {
	URL    string `json:"url"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
}

// ServiceRef locates a sub-service: service_url + service_path.
type ServiceRef struct {
	ServiceURL  string `json:"service_url"`
	ServicePath string `json:"service_path"`
}

// SuggestConfig locates the suggest services.
type SuggestConfig struct {
	Entity   ServiceRef `json:"entity"`
	Type     ServiceRef `json:"type"`
	Property ServiceRef `json:"property"`
}

// ExtendConfig describes data extension.
type ExtendConfig struct {
	ProposeProperties ServiceRef        `json:"propose_properties"`
	PropertySettings  []PropertySetting `json:"property_settings"`
}

// PropertySetting is a setting clients may send with an extend property.
type PropertySetting struct {
	Name     string `json:"name"`
	Label    string `json:"label"`
	Type     string `json:"type"`
	Default  any    `json:"default"`
	HelpText string `json:"help_text"`
}

func (h *Handler) manifest(r *http.Request) Manifest {
	b := h.base(r)
	view := h.viewURL
	if view == "" {
		view = b + "/preview?id={{id}}"
	}
	var types []TypeRef
	for _, t := range linking.Types {
		if t.Code != "U" {
			types = append(types, TypeRef{t.Name, t.Label})
		}
	}
	return Manifest{
		Versions: []string{"0.2"}, Name: h.name,
		IdentifierSpace: h.identifierSpace, SchemaSpace: h.schemaSpace,
		ServiceVersion: h.serviceVersion,
		DefaultTypes:   types,
		View:           URLTemplate{view},
		Preview:        PreviewConfig{URL: b + "/preview?id={{id}}", Width: 430, Height: 220},
		Suggest: SuggestConfig{
			Entity:   ServiceRef{b, "/suggest/entity"},
			Type:     ServiceRef{b, "/suggest/type"},
			Property: ServiceRef{b, "/suggest/property"},
		},
		Extend: ExtendConfig{
			ProposeProperties: ServiceRef{b, "/extend/propose"},
			PropertySettings: []PropertySetting{{
				Name: "limit", Label: "Limit", Type: "number", Default: 0,
				HelpText: "Most values to return per entity and property (0: all)",
			}},
		},
		BatchSize: h.limits.MaxQueries,
	}
}

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

// Candidate is a 0.2 reconciliation candidate.
type Candidate struct {
	ID          string    `json:"id"`
	Name        string    `json:"name"`
	Type        []TypeRef `json:"type"`
	Score       float64   `json:"score"`
	Description string    `json:"description,omitempty"`
	Match       bool      `json:"match"`
	Features    []Feature `json:"features,omitempty"`
}

// Feature is a candidate feature; Name is set for 1.0 responses only.
type Feature struct {
	ID    string  `json:"id"`
	Name  string  `json:"name,omitempty"`
	Value float64 `json:"value"`
}

// Result is the 0.2 answer to one query.
type Result struct {
	Result []Candidate `json:"result"`
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

func containsCode(codes []string, c string) bool {
	for _, x := range codes {
		if x == c {
			return true
		}
	}
	return false
}

var featureNames = map[string]string{
	linking.FeatureNameSim:       "Name similarity",
	linking.FeatureCity:          "City agreement",
	linking.FeatureCountry:       "Country agreement",
	linking.FeatureType:          "Type agreement",
	linking.FeaturePostcode:      "Postcode agreement",
	linking.FeatureID:            "Identifier match",
	linking.FeatureAmbiguity:     "Share among namesakes",
	linking.FeatureQueryCoverage: "Share of the query found in the name",
	linking.FeatureNameCoverage:  "Share of the name found in the query",
}

func (h *Handler) candidate(in *heritage.Institution, c linking.Candidate, withNames bool) Candidate {
	out := Candidate{
		ID: in.ID, Name: in.Name, Type: []TypeRef{typeRef(in)},
		Score: c.Score, Description: shortDescription(in), Match: c.Match,
	}
	for _, f := range c.Features {
		nf := Feature{ID: f.ID, Value: f.Value}
		if withNames {
			nf.Name = featureNames[f.ID]
			if nf.Name == "" {
				nf.Name = f.ID
			}
		}
		out.Features = append(out.Features, nf)
	}
	return out
}

func typeRef(in *heritage.Institution) TypeRef {
	if t, ok := linking.TypeByCode(in.TypeCode); ok {
		return TypeRef{t.Name, t.Label}
	}
	return TypeRef{in.Type, in.Type}
}

// place joins city, county, region and country without repeats.
func place(in *heritage.Institution) string {
	var ps []string
	for _, v := range []string{in.City, in.County, in.Region, in.Country} {
		if v != "" && (len(ps) == 0 || ps[len(ps)-1] != v) {
			ps = append(ps, v)
		}
	}
	return strings.Join(ps, ", ")
}

func shortDescription(in *heritage.Institution) string {
	parts := []string{typeRef(in).Name}
	if p := place(in); p != "" {
		parts[0] += " in " + p
	}
	if in.ISIL != "" {
		parts = append(parts, "ISIL "+in.ISIL)
	}
	if in.Wikidata != "" {
		parts = append(parts, in.Wikidata)
	}
	if in.Status == "closed" {
		parts = append(parts, "closed")
	}
	return strings.Join(parts, " · ")
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
