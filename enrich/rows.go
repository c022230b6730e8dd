package enrich

import (
	"context"
	"errors"
	"fmt"

	"github.com/hybridrag/hybridrag/heritage"
)

// RowLinker links rows that arrive as values rather than in a file (an
// HTTP client sending a spreadsheet a batch at a time): each row is
// linked exactly as Run links a row of a file, without the Wikidata
// enrichment.
type RowLinker struct {
	j *Job
}

// NewRowLinker returns a RowLinker over the dataset and linker.
func NewRowLinker(ds *heritage.Dataset, l Linker) (*RowLinker, error) {
	if ds == nil || l == nil {
		return nil, errors.New("enrich: dataset and linker are required")
	}
	return &RowLinker{j: &Job{ds: ds, linker: l}}, nil
}

// Mapping resolves a column mapping as New does for a file with these
// columns: the explicit columns of want over the guess from the header
// names ("-" turns a guessed column off). Errors wrap ErrInput.
func (r *RowLinker) Mapping(columns []string, want Mapping) (Mapping, error) {
	return resolveMapping(columns, want)
}

// Link links one row: values in the order of columns, row its 1-based
// number (reported as both row and line). m should come from Mapping. A
// returned error means ctx ended; a row that cannot be linked is an
// Output with status error.
func (r *RowLinker) Link(ctx context.Context, m Mapping, columns []string, row int, values []string) (Output, error) {
	rec := record{row: row, line: row}
	if msg := invalidUTF8(values); msg != "" {
		rec.err = msg
		rec.input = []byte("null")
	} else {
		rec.input, rec.fields = columnValues(columns, values)
		if len(values) != len(columns) {
			rec.err = fmt.Sprintf("%d fields, the header has %d", len(values), len(columns))
		}
		if err := checkRow(&rec); err != nil {
			rec.err = err.Error()
		}
	}
	j := *r.j
	j.mapping = m
	return j.linkRow(ctx, rec)
}
