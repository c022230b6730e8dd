package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"

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

// enrich answers POST /v1/enrich.
func (s *Server) enrich(w http.ResponseWriter, r *http.Request) {
	if s.opts.RowLinker == nil {
		writeError(w, http.StatusNotImplemented, CodeNotImplemented, "this server has no row linker")
		return
	}
	var body EnrichRequest
	if !s.decode(w, r, &body) {
		return
	}
	switch {
	case len(body.Columns) == 0:
		writeError(w, http.StatusBadRequest, CodeBadParameter, "columns: give the table's column names")
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
