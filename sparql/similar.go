package sparql

import (
	"context"
	"fmt"
	"strconv"

	"github.com/hybridrag/hybridrag/ident"
)

// similarQuery asks for items sharing a class (P31) and the country (P17)
// of id, most shared classes first.
func similarQuery(id ident.ID, limit int) (string, error) {
	t, err := itemTerm(id)
	if err != nil {
		return "", err
	}
	return prefixes + "SELECT ?item ?shared ?total WHERE {\n" +
		"  { SELECT (COUNT(DISTINCT ?c0) AS ?total) WHERE { " + t + " wdt:P31 ?c0 } }\n" +
		"  { SELECT ?item (COUNT(DISTINCT ?class) AS ?shared) WHERE {\n" +
		"      " + t + " wdt:P31 ?class ; wdt:P17 ?country .\n" +
		"      ?item wdt:P31 ?class ; wdt:P17 ?country .\n" +
		"      FILTER(?item != " + t + " && STRSTARTS(STR(?item), \"" + entityQRef + "\"))\n" +
		"    }\n" +
		"    GROUP BY ?item\n" +
		"    ORDER BY DESC(?shared) " + orderByQID + "\n" +
		"    LIMIT " + strconv.Itoa(limit) + "\n" +
		"  }\n" +
		"}\n" +
		"ORDER BY DESC(?shared) " + orderByQID + "\n", nil
}

// Similar returns up to limit items that share at least one class
// (instance of, P31) and the country (P17) with qid, most shared classes
// first, then by QID. Score is the share of qid's classes they have.
func (c *Client) Similar(ctx context.Context, qid string, limit int) ([]Match, error) {
	id, err := ident.ParseQID(qid)
	if err != nil {
		return nil, fmt.Errorf("sparql: similar: %w: %w", ErrInvalid, err)
	}
	if err := checkLimit(limit); err != nil {
		return nil, fmt.Errorf("sparql: similar: %w", err)
	}
	q, err := similarQuery(id, limit)
	if err != nil {
		return nil, fmt.Errorf("sparql: similar: %w", err)
	}
	res, err := c.Select(ctx, q)
	if err != nil {
		return nil, fmt.Errorf("sparql: similar: %w", err)
	}
	var out []Match
	for _, s := range res.Solutions() {
		item := qidOf(termString(s["item"]))
		shared, _ := strconv.Atoi(termString(s["shared"]))
		total, _ := strconv.Atoi(termString(s["total"]))
		if item == "" || shared <= 0 || total <= 0 {
			continue
		}
		out = append(out, Match{QID: item, Score: float64(shared) / float64(total)})
	}
	if err := c.fillLabels(ctx, out); err != nil {
		return out, fmt.Errorf("sparql: similar: %w", err)
	}
	return out, nil
}
