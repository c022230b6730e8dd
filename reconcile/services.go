package reconcile

import (
	"encoding/json"
	"html/template"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/linking"
)

// Preview.

var previewTmpl = template.Must(template.New("preview").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{.Name}}</title>
<style>body{font:13px/1.35 sans-serif;margin:6px;overflow:hidden}h1{font-size:15px;margin:0 0 4px}
p{margin:2px 0}.id{color:#555}.d{color:#333;max-height:7.5em;overflow:hidden}</style></head>
<body><h1>{{.Name}}</h1>
<p>{{.Type}}{{if .Place}} · {{.Place}}{{end}}{{if .Status}} · {{.Status}}{{end}}</p>
<p class="id">{{.ID}}{{if .ISIL}} · ISIL {{.ISIL}}{{end}}{{if .Wikidata}} · {{.Wikidata}}{{end}}</p>
{{if .Link}}<p><a href="{{.Link}}" target="_blank" rel="noopener noreferrer">{{.Link}}</a></p>{{else if .Website}}<p>{{.Website}}</p>{{end}}
<p class="d">{{.Description}}</p>
<p class="id">Source: {{.Source}}, {{.License}}</p>
</body></html>
`))

func (h *Handler) preview(w http.ResponseWriter, r *http.Request) {
	id := idParam(r)
	in, ok := h.ds.Get(id)
	if !ok {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusNotFound)
		_ = template.Must(template.New("nf").Parse(`<!DOCTYPE html><html><body><p>No institution with id {{.}}</p></body></html>`)).Execute(w, id)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	website, link := strings.TrimSpace(in.Website()), ""
	if webURL(website) {
		website, link = "", website
	}
	_ = previewTmpl.Execute(w, struct {
		ID, Name, Type, Place, Status, ISIL, Wikidata, Link, Website, Description, Source, License string
	}{in.ID, in.Name, typeRef(in).Name, place(in), in.Status(), in.ISIL, in.Wikidata, link, website,
		in.Description, in.Source, in.License})
}

// webURL reports whether a record's URL may become a link: an absolute
// http or https URL with a host. Anything else ("javascript:…", "data:…",
// a relative path) is shown as text.
func webURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (strings.EqualFold(u.Scheme, "http") || strings.EqualFold(u.Scheme, "https")) && u.Host != "" &&
		!strings.ContainsAny(s, " \t\n\r")
}

// Suggest.

// SuggestItem is one suggest result.
type SuggestItem struct {
	ID          string    `json:"id"`
	Name        string    `json:"name"`
	Description string    `json:"description,omitempty"`
	Notable     []TypeRef `json:"notable,omitempty"`
}

type suggestResponse struct {
	Result []SuggestItem `json:"result"`
}

// page reads cursor (0.2) or offset and limit (1.0).
func page(r *http.Request) (offset, limit int) {
	q := r.URL.Query()
	for _, k := range []string{"cursor", "offset", "start"} {
		if v, err := strconv.Atoi(q.Get(k)); err == nil && v > 0 {
			offset = v
			break
		}
	}
	limit = 10
	if v, err := strconv.Atoi(q.Get("limit")); err == nil && v > 0 {
		limit = min(v, maxLimit)
	}
	return offset, limit
}

func (h *Handler) suggestEntity(w http.ResponseWriter, r *http.Request) {
	prefix := strings.TrimSpace(r.URL.Query().Get("prefix"))
	offset, limit := page(r)
	want := offset + limit
	var idx []int32
	seen := map[int32]bool{}
	add := func(i int32) {
		if !seen[i] {
			seen[i] = true
			idx = append(idx, i)
		}
	}
	if prefix != "" {
		// An identifier or record id finds its entity first.
		if in, ok := h.ds.Get(prefix); ok {
			add(h.index(in.ID))
		} else if cs, err := h.l.Link(r.Context(), linking.Query{Text: prefix}, want); err == nil && len(cs) > 0 && cs[0].Via != linking.ViaName && cs[0].Match {
			for _, c := range cs {
				add(h.index(c.ID))
			}
		}
		key := kg.NormalizeName(prefix)
		if key != "" {
			var hits []prefixEntry
			names := h.prefix()
			lo := sort.Search(len(names), func(i int) bool { return names[i].key >= key })
			for i := lo; i < len(names) && strings.HasPrefix(names[i].key, key) && len(hits) < 2000; i++ {
				hits = append(hits, names[i])
			}
			sort.SliceStable(hits, func(a, b int) bool { return len(hits[a].key) < len(hits[b].key) })
			for _, e := range hits {
				add(e.i)
			}
		}
		if len(idx) < want {
			// fuzzy completion: names containing the words
			if cs, err := h.l.Link(r.Context(), linking.Query{Text: prefix}, want); err == nil {
				for _, c := range cs {
					add(h.index(c.ID))
				}
			}
		}
	}
	out := suggestResponse{Result: []SuggestItem{}}
	for k := offset; k < len(idx) && k < want; k++ {
		if idx[k] < 0 {
			continue
		}
		in := &h.ds.Institutions[idx[k]]
		out.Result = append(out.Result, SuggestItem{ID: in.ID, Name: in.Name, Description: shortDescription(in), Notable: []TypeRef{typeRef(in)}})
	}
	writeJSON(w, r, http.StatusOK, out)
}

func (h *Handler) index(id string) int32 {
	if i, ok := h.ds.Index(id); ok {
		return int32(i)
	}
	return -1
}

func matchesPrefix(prefix string, fields ...string) bool {
	p := strings.ToLower(strings.TrimSpace(prefix))
	if p == "" {
		return true
	}
	for _, f := range fields {
		f = strings.ToLower(f)
		if strings.HasPrefix(f, p) {
			return true
		}
		for _, w := range strings.FieldsFunc(f, func(r rune) bool { return r == ' ' || r == '_' }) {
			if strings.HasPrefix(w, p) {
				return true
			}
		}
	}
	return false
}

func (h *Handler) suggestType(w http.ResponseWriter, r *http.Request) {
	prefix := r.URL.Query().Get("prefix")
	offset, limit := page(r)
	out := suggestResponse{Result: []SuggestItem{}}
	n := 0
	for _, t := range linking.Types {
		if !matchesPrefix(prefix, t.Name, t.Label, t.Code) {
			continue
		}
		if n >= offset && len(out.Result) < limit {
			out.Result = append(out.Result, SuggestItem{ID: t.Name, Name: t.Label, Description: "Institution type " + t.Code})
		}
		n++
	}
	writeJSON(w, r, http.StatusOK, out)
}

// Property is a property of institutions, for reconciliation hints and
// data extension.
type Property struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	value       func(in *heritage.Institution) []Value
	reconcile   bool // usable as a reconciliation property
}

// Properties returns the properties the service knows, in proposal order.
func Properties() []Property {
	str := func(f func(in *heritage.Institution) string) func(in *heritage.Institution) []Value {
		return func(in *heritage.Institution) []Value {
			if v := f(in); v != "" {
				return []Value{{Str: &v}}
			}
			return []Value{}
		}
	}
	return []Property{
		{ID: "isil", Name: "ISIL", Description: "International Standard Identifier for Libraries and Related Organizations", value: str(func(in *heritage.Institution) string { return in.ISIL }), reconcile: true},
		{ID: "qid", Name: "Wikidata QID", value: str(func(in *heritage.Institution) string { return in.Wikidata }), reconcile: true},
		{ID: "ghcid", Name: "GHCID (provisional)", value: str(func(in *heritage.Institution) string { return in.GHCID }), reconcile: true},
		{ID: "type", Name: "Institution type", value: str(func(in *heritage.Institution) string { return in.Type }), reconcile: true},
		{ID: "city", Name: "City", value: str(func(in *heritage.Institution) string { return in.City }), reconcile: true},
		{ID: "country", Name: "Country (ISO 3166-1 alpha-2)", value: str(func(in *heritage.Institution) string { return in.Country }), reconcile: true},
		{ID: "postcode", Name: "Postcode", value: str(func(in *heritage.Institution) string { return in.Postcode() }), reconcile: true},
		{ID: "website", Name: "Website", value: str(func(in *heritage.Institution) string { return in.Website() })},
		{ID: "coordinates", Name: "Coordinates (lat,lon)", value: str(func(in *heritage.Institution) string {
			if in.Lat == nil || in.Lon == nil {
				return ""
			}
			return strconv.FormatFloat(*in.Lat, 'f', -1, 64) + "," + strconv.FormatFloat(*in.Lon, 'f', -1, 64)
		})},
		{ID: "year_opened", Name: "Opening year", value: openingYear},
		{ID: "governance", Name: "Governance", value: str(func(in *heritage.Institution) string { return in.Governance() })},
		{ID: "status", Name: "Status (open/closed)", value: str(func(in *heritage.Institution) string { return in.Status() })},
	}
}

// openingYear is an integer year, or the range "1960/2017" as text when
// the source gives only a range.
func openingYear(in *heritage.Institution) []Value {
	a, b, ok := strings.Cut(in.YearOpened(), ":")
	if in.YearOpened() == "" {
		return []Value{}
	}
	if !ok || a == b {
		if y, err := strconv.Atoi(a); err == nil {
			return []Value{{Int: &y}}
		}
	}
	s := a + "/" + b
	if !ok {
		s = in.YearOpened()
	}
	return []Value{{Str: &s}}
}

// Value is a data extension value: exactly one field is set.
type Value struct {
	Str *string `json:"str,omitempty"`
	Int *int    `json:"int,omitempty"`
}

func (h *Handler) suggestProperty(w http.ResponseWriter, r *http.Request) {
	prefix := r.URL.Query().Get("prefix")
	offset, limit := page(r)
	out := suggestResponse{Result: []SuggestItem{}}
	n := 0
	for _, p := range Properties() {
		if !matchesPrefix(prefix, p.ID, p.Name) {
			continue
		}
		if n >= offset && len(out.Result) < limit {
			out.Result = append(out.Result, SuggestItem{ID: p.ID, Name: p.Name, Description: p.Description})
		}
		n++
	}
	writeJSON(w, r, http.StatusOK, out)
}

// Data extension.

func (h *Handler) propose(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	typ := q.Get("type")
	limit := 0
	if v, err := strconv.Atoi(q.Get("limit")); err == nil && v > 0 {
		limit = v
	}
	props := []Property{}
	for _, p := range Properties() {
		if limit > 0 && len(props) == limit {
			break
		}
		props = append(props, p)
	}
	items := make([]SuggestItem, len(props))
	for i, p := range props {
		items[i] = SuggestItem{ID: p.ID, Name: p.Name, Description: p.Description}
	}
	resp := map[string]any{"properties": items}
	if typ != "" {
		resp["type"] = typ
	}
	if limit > 0 {
		resp["limit"] = limit
	}
	writeJSON(w, r, http.StatusOK, resp)
}

type extendQuery struct {
	IDs        []string `json:"ids"`
	Properties []struct {
		ID       string `json:"id"`
		Settings struct {
			Limit flexInt `json:"limit"`
		} `json:"settings"`
	} `json:"properties"`
}

type metaEntry struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// extendRows computes the values of the requested properties.
func (h *Handler) extendRows(raw []byte) ([]metaEntry, []string, map[string]map[string][]Value, error) {
	var q extendQuery
	if err := json.Unmarshal(raw, &q); err != nil {
		return nil, nil, nil, badRequest("reconcile: extend is not a data extension query: %v", err)
	}
	lim := h.limits
	if len(q.IDs) > lim.MaxExtendIDs {
		return nil, nil, nil, tooLarge("reconcile: %d ids exceed the limit of %d ids per data extension (max_extend_ids)", len(q.IDs), lim.MaxExtendIDs)
	}
	if cells := len(q.IDs) * len(q.Properties); cells > lim.MaxExtendCells {
		return nil, nil, nil, tooLarge("reconcile: %d ids × %d properties = %d cells exceed the limit of %d cells per data extension (max_extend_cells)",
			len(q.IDs), len(q.Properties), cells, lim.MaxExtendCells)
	}
	byID := map[string]Property{}
	for _, p := range Properties() {
		byID[p.ID] = p
	}
	meta := make([]metaEntry, 0, len(q.Properties))
	for _, p := range q.Properties {
		name := p.ID
		if pp, ok := byID[p.ID]; ok {
			name = pp.Name
		}
		meta = append(meta, metaEntry{p.ID, name})
	}
	rows := make(map[string]map[string][]Value, len(q.IDs))
	for _, id := range q.IDs {
		row := make(map[string][]Value, len(q.Properties))
		in, ok := h.ds.Get(id)
		for _, p := range q.Properties {
			vals := []Value{}
			if pp, known := byID[p.ID]; known && ok {
				vals = pp.value(in)
				if l := int(p.Settings.Limit); l > 0 && len(vals) > l {
					vals = vals[:l]
				}
			}
			row[p.ID] = vals
		}
		rows[id] = row
	}
	return meta, q.IDs, rows, nil
}

func (h *Handler) extend02(w http.ResponseWriter, r *http.Request, raw []byte) {
	meta, _, rows, err := h.extendRows(raw)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, struct {
		Meta []metaEntry                   `json:"meta"`
		Rows map[string]map[string][]Value `json:"rows"`
	}{meta, rows})
}

// extend10 serves POST /extend: a JSON body gives the 1.0-draft response
// shape, a form field extend= the 0.2 shape.
func (h *Handler) extend10(w http.ResponseWriter, r *http.Request) {
	form, body, err := h.params(w, r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if len(body) == 0 {
		if e := first(form, "extend"); e != "" {
			h.extend02(w, r, []byte(e))
			return
		}
		writeError(w, r, badRequest("reconcile: POST a JSON data extension query to /extend"))
		return
	}
	meta, ids, rows, err := h.extendRows(body)
	if err != nil {
		writeError(w, r, err)
		return
	}
	type propVals struct {
		ID     string  `json:"id"`
		Values []Value `json:"values"`
	}
	type row struct {
		ID         string     `json:"id"`
		Properties []propVals `json:"properties"`
	}
	out := struct {
		Meta []metaEntry `json:"meta"`
		Rows []row       `json:"rows"`
	}{Meta: meta, Rows: []row{}}
	for _, id := range ids {
		rw := row{ID: id, Properties: []propVals{}}
		for _, m := range meta {
			rw.Properties = append(rw.Properties, propVals{m.ID, rows[id][m.ID]})
		}
		out.Rows = append(out.Rows, rw)
	}
	writeJSON(w, r, http.StatusOK, out)
}
