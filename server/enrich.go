package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"strings"

	"github.com/hybridrag/hybridrag/enrich"
)

// RowLinker links spreadsheet rows as the enrich command links the rows of
// a file; *enrich.RowLinker is one.
type RowLinker interface {
	Mapping(columns []string, want enrich.Mapping) (enrich.Mapping, error)
	Link(ctx context.Context, m enrich.Mapping, columns []string, row int, values []string) (enrich.Output, error)
}

// EnrichRequest is the body of POST /v1/enrich: a batch of rows of one
// table.
type EnrichRequest struct {
	Columns []string `json:"columns"`
	// Mapping names the column of each role; an empty role is guessed
	// from the header names and "-" turns a guessed role off.
	Mapping enrich.Mapping `json:"mapping"`
	// FirstRow is the 1-based number of the first row of the batch in the
	// table (default 1).
	FirstRow int        `json:"first_row,omitempty"`
	Rows     [][]string `json:"rows"`
}

// EnrichResponse is the body of POST /v1/enrich: the mapping used and one
// result per row, in order, as "hybridrag enrich" writes them.
type EnrichResponse struct {
	Mapping enrich.Mapping  `json:"mapping"`
	Results []enrich.Output `json:"results"`
}

// Enrich limits.
const (
	MaxEnrichRows    = 500
	MaxEnrichColumns = 200
)

// enrichShape shows the body POST /v1/enrich takes, for error messages.
const enrichShape = `send {"columns": ["name", "city"], "rows": [["Heimatstube im Elbtor", "Tangermünde"]]}: ` +
	`the column names, then each row as an array of strings in the order of the columns; ` +
	`optional: "mapping" (the column of each role, e.g. {"name": "name", "city": "city"}) and "first_row" (a number)`

// decodeEnrich reads a JSON value as an EnrichRequest, saying in terms of
// the request what does not fit.
func decodeEnrich(raw json.RawMessage) (EnrichRequest, string, error) {
	var body EnrichRequest
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	err := dec.Decode(&body)
	if err == nil {
		return body, "", nil
	}
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) {
		if rest, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			return body, CodeUnknownField, fmt.Errorf("unknown field %s", rest)
		}
		return body, CodeInvalidJSON, fmt.Errorf("invalid JSON: %v", err)
	}
	var what string
	switch field, kind := te.Field, te.Type.Kind(); {
	case field == "":
		what = "the body must be a JSON object"
	case field == "rows" && kind == reflect.Slice && te.Type.Elem().Kind() == reflect.Slice:
		what = "rows must be an array of rows"
	case field == "rows" && kind == reflect.Slice:
		what = "each row must be an array of strings, one per column"
	case field == "rows":
		what = "each value in a row must be a string"
	case field == "columns" && kind == reflect.Slice:
		what = "columns must be an array of column names"
	case field == "columns":
		what = "each column name must be a string"
	case field == "mapping" || strings.HasPrefix(field, "mapping."):
		what = "mapping must be an object naming the column of each role (name, city, country, type, postcode, isil, qid, ghcid, id)"
	default:
		what = field + " must be " + jsonKind(kind.String())
	}
	return body, CodeInvalidJSON, fmt.Errorf("%s, not %s", what, te.Value)
}

// enrich answers POST /v1/enrich.
func (s *Server) enrich(w http.ResponseWriter, r *http.Request) {
	if s.opts.RowLinker == nil {
		writeError(w, http.StatusNotImplemented, CodeNotImplemented, "this server has no row linker")
		return
	}
	// The body is read as any JSON first (content type, size and syntax
	// errors as every route reports them), then as a request, so that a
	// body of the wrong shape is told the right one.
	var raw json.RawMessage
	if !s.decode(w, r, &raw) {
		return
	}
	body, code, err := decodeEnrich(raw)
	if err != nil {
		writeError(w, http.StatusBadRequest, code, err.Error()+"; "+enrichShape)
		return
	}
	switch {
	case len(body.Columns) == 0:
		writeError(w, http.StatusBadRequest, CodeBadParameter, "columns: give the table's column names; "+enrichShape)
		return
	case len(body.Columns) > MaxEnrichColumns:
		writeError(w, http.StatusBadRequest, CodeBadParameter, fmt.Sprintf("columns: %d, more than %d", len(body.Columns), MaxEnrichColumns))
		return
	case len(body.Rows) > MaxEnrichRows:
		writeError(w, http.StatusBadRequest, CodeBadParameter, fmt.Sprintf("rows: %d, more than %d in one request", len(body.Rows), MaxEnrichRows))
		return
	case body.FirstRow < 0:
		writeError(w, http.StatusBadRequest, CodeBadParameter, "first_row must be 1 or more")
		return
	}
	m, err := s.opts.RowLinker.Mapping(body.Columns, body.Mapping)
	if err != nil {
		code := http.StatusBadRequest
		if !errors.Is(err, enrich.ErrInput) {
			code = http.StatusInternalServerError
		}
		writeError(w, code, CodeBadParameter, "mapping: "+err.Error())
		return
	}
	out := EnrichResponse{Mapping: m, Results: make([]enrich.Output, 0, len(body.Rows))}
	first := max(body.FirstRow, 1)
	for i, values := range body.Rows {
		o, err := s.opts.RowLinker.Link(r.Context(), m, body.Columns, first+i, values)
		if err != nil {
			s.writeErr(w, r, err)
			return
		}
		out.Results = append(out.Results, o)
	}
	writeJSON(w, http.StatusOK, out)
}
