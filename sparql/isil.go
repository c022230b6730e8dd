package sparql

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/ident"
)

// isilQuery asks for the items carrying the ISILs (P791).
func isilQuery(isils []ident.ID) string {
	var b strings.Builder
	b.WriteString(prefixes + "SELECT ?isil ?item WHERE {\n  VALUES ?isil {")
	for _, id := range isils {
		b.WriteByte(' ')
		b.WriteString(literal(id.Value))
	}
	b.WriteString(" }\n  ?item wdt:P791 ?isil .\n}\n")
	return b.String()
}

// LookupISIL returns the items carrying each ISIL (P791), keyed by the
// normalised ISIL, QIDs in numeric order; ISILs no item carries are
// absent. A malformed ISIL rejects the call before any query.
func (c *Client) LookupISIL(ctx context.Context, isils []string) (map[string][]string, error) {
	ids, err := parseISILs(isils)
	if err != nil {
		return nil, fmt.Errorf("sparql: isil look-up: %w", err)
	}
	slices.SortFunc(ids, func(a, b ident.ID) int { return strings.Compare(a.Value, b.Value) })
	out := map[string][]string{}
	var errs []error
	for _, b := range chunk(ids, c.batch) {
		res, err := c.Select(ctx, isilQuery(b))
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, s := range res.Solutions() {
			isil, qid := termString(s["isil"]), qidOf(termString(s["item"]))
			if isil != "" && qid != "" && !slices.Contains(out[isil], qid) {
				out[isil] = append(out[isil], qid)
			}
		}
	}
	for _, v := range out {
		slices.SortFunc(v, compareQID)
	}
	if err := errors.Join(errs...); err != nil {
		return out, fmt.Errorf("sparql: isil look-up: %w", err)
	}
	return out, nil
}
