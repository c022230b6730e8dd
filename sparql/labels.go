package sparql

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/ident"
)

// searchQuery asks for items whose label or alias contains needle (already
// lower-cased), exact matches first, then prefix matches, then the rest,
// shorter labels first. needle appears once, as one escaped literal.
func searchQuery(needle string, limit int) string {
	return prefixes + "SELECT ?item (MAX(?s) AS ?score) (MIN(STRLEN(?l)) AS ?len) WHERE {\n" +
		"  VALUES ?needle { " + literal(needle) + " }\n" +
		"  { ?item rdfs:label ?l } UNION { ?item skos:altLabel ?l }\n" +
		"  FILTER(isIRI(?item) && STRSTARTS(STR(?item), \"" + entityQRef + "\"))\n" +
		"  BIND(LCASE(STR(?l)) AS ?lc)\n" +
		"  FILTER(CONTAINS(?lc, ?needle))\n" +
		"  BIND(IF(?lc = ?needle, 3, IF(STRSTARTS(?lc, ?needle), 2, 1)) AS ?s)\n" +
		"}\n" +
		"GROUP BY ?item\n" +
		"ORDER BY DESC(?score) ?len " + orderByQID + "\n" +
		"LIMIT " + strconv.Itoa(limit) + "\n"
}

// Scores of label search matches.
const (
	scoreExact    = 1.0
	scorePrefix   = 0.8
	scoreContains = 0.6
)

// SearchLabel returns up to limit items whose label (rdfs:label) or alias
// (skos:altLabel), in any language, contains text, ignoring case: exact
// matches first (score 1), then labels starting with text (0.8), then the
// rest (0.6); shorter labels first within each. The text is written into
// the query as one escaped string literal. Empty text, text longer than
// MaxSearchRunes or invalid UTF-8 is rejected.
//
// The search scans every label, which is fine for a subset like the
// bundled one but not for the full Wikidata Query Service, where a
// full-text service would be needed.
func (c *Client) SearchLabel(ctx context.Context, text string, limit int) ([]Match, error) {
	needle, err := searchNeedle(text)
	if err != nil {
		return nil, fmt.Errorf("sparql: label search: %w", err)
	}
	if err := checkLimit(limit); err != nil {
		return nil, fmt.Errorf("sparql: label search: %w", err)
	}
	out, complete, err := c.scanLabels(ctx, needle, limit)
	if err != nil {
		return nil, fmt.Errorf("sparql: label search: %w", err)
	}
	if !complete {
		if out, err = c.rankedSearch(ctx, needle, limit); err != nil {
			return nil, fmt.Errorf("sparql: label search: %w", err)
		}
	}
	if err := c.fillLabels(ctx, out); err != nil {
		return out, fmt.Errorf("sparql: label search: %w", err)
	}
	return out, nil
}

// scanQuery asks for every label and alias containing needle, at most
// maxRows+1 of them. needle appears once, as one escaped literal.
func scanQuery(needle string, maxRows int) string {
	return prefixes + "SELECT ?item ?l WHERE {\n" +
		"  VALUES ?needle { " + literal(needle) + " }\n" +
		"  ?item rdfs:label|skos:altLabel ?l .\n" +
		"  FILTER(CONTAINS(LCASE(STR(?l)), ?needle))\n" +
		"}\n" +
		"LIMIT " + strconv.Itoa(maxRows+1) + "\n"
}

// scanLabels fetches the matching labels and ranks them here, which is
// several times faster on Oxigraph than grouping and ordering in the
// query. complete is false when more than c.scanRows labels match: then
// the ranking needs every match, and rankedSearch asks the server.
func (c *Client) scanLabels(ctx context.Context, needle string, limit int) (out []Match, complete bool, err error) {
	res, err := c.Select(ctx, scanQuery(needle, c.scanRows))
	if err != nil {
		return nil, false, err
	}
	sols := res.Solutions()
	if len(sols) > c.scanRows {
		return nil, false, nil
	}
	type best struct {
		score float64
		len   int
	}
	found := map[string]best{}
	for _, s := range sols {
		item := qidOf(termString(s["item"]))
		if item == "" || s["l"] == nil {
			continue
		}
		l := termString(s["l"])
		lc := strings.ToLower(l)
		score := scoreContains
		switch {
		case lc == needle:
			score = scoreExact
		case strings.HasPrefix(lc, needle):
			score = scorePrefix
		}
		n := utf8.RuneCountInString(l)
		b, ok := found[item]
		if !ok {
			b = best{score, n}
		}
		b.score, b.len = max(b.score, score), min(b.len, n)
		found[item] = b
	}
	out = make([]Match, 0, len(found))
	for qid, b := range found {
		out = append(out, Match{QID: qid, Score: b.score})
	}
	slices.SortFunc(out, func(x, y Match) int {
		return cmp.Or(cmp.Compare(y.Score, x.Score), cmp.Compare(found[x.QID].len, found[y.QID].len), compareQID(x.QID, y.QID))
	})
	if len(out) > limit {
		out = out[:limit]
	}
	return out, true, nil
}

// rankedSearch ranks on the server (searchQuery).
func (c *Client) rankedSearch(ctx context.Context, needle string, limit int) ([]Match, error) {
	res, err := c.Select(ctx, searchQuery(needle, limit))
	if err != nil {
		return nil, err
	}
	var out []Match
	for _, s := range res.Solutions() {
		item := qidOf(termString(s["item"]))
		if item == "" {
			continue
		}
		score := scoreContains
		switch termString(s["score"]) {
		case "3":
			score = scoreExact
		case "2":
			score = scorePrefix
		}
		out = append(out, Match{QID: item, Score: score})
	}
	return out, nil
}

// searchNeedle validates search text and lower-cases it.
func searchNeedle(text string) (string, error) {
	if !utf8.ValidString(text) {
		return "", fmt.Errorf("%w: search text is not valid UTF-8", ErrInvalid)
	}
	// NUL cannot be written in a literal (it is dropped there): drop it
	// here so the search is for what the query says.
	text = strings.TrimSpace(strings.ReplaceAll(text, "\x00", ""))
	if text == "" {
		return "", fmt.Errorf("%w: empty search text", ErrInvalid)
	}
	if n := utf8.RuneCountInString(text); n > MaxSearchRunes {
		return "", fmt.Errorf("%w: search text has %d characters, at most %d allowed", ErrInvalid, n, MaxSearchRunes)
	}
	return strings.ToLower(text), nil
}

// fillLabels sets the label of each match, preferring c.langs.
func (c *Client) fillLabels(ctx context.Context, ms []Match) error {
	if len(ms) == 0 {
		return nil
	}
	ids := make([]string, len(ms))
	for i, m := range ms {
		ids[i] = m.QID
	}
	labels, err := c.Labels(ctx, ids)
	for i := range ms {
		ms[i].Label = labels[ms[i].QID]
	}
	return err
}

// Labels returns each item's label in the most preferred language (any
// language when it has none of them), keyed by normalised QID; items
// without a label are absent.
func (c *Client) Labels(ctx context.Context, qids []string) (map[string]string, error) {
	ids, err := parseQIDs(qids)
	if err != nil {
		return nil, fmt.Errorf("sparql: labels: %w", err)
	}
	slices.SortFunc(ids, func(a, b ident.ID) int { return compareQID(a.Value, b.Value) })
	found := map[string][]langString{}
	gather := func(q string) error {
		res, err := c.Select(ctx, q)
		if err != nil {
			return err
		}
		for _, s := range res.Solutions() {
			if qid := qidOf(termString(s["item"])); qid != "" && s["v"] != nil {
				found[qid] = append(found[qid], langOf(s["v"]))
			}
		}
		return nil
	}
	var errs []error
	for _, b := range chunk(ids, c.batch) {
		vals, err := itemValues(b)
		if err != nil {
			return nil, err
		}
		q := prefixes + "SELECT ?item ?v WHERE {\n  " + vals + "\n  ?item rdfs:label ?v .\n  FILTER" +
			langFilter("?v", c.langs, true) + "\n}\n"
		if err := gather(q); err != nil {
			errs = append(errs, err)
			continue
		}
		var missing []ident.ID
		for _, id := range b {
			if len(found[id.Value]) == 0 {
				missing = append(missing, id)
			}
		}
		if len(missing) > 0 {
			q, err := anyTextQuery(missing, false)
			if err != nil {
				return nil, err
			}
			if err := gather(q); err != nil {
				errs = append(errs, err)
			}
		}
	}
	out := make(map[string]string, len(found))
	for qid, ls := range found {
		if l, ok := pick(ls, c.langs); ok {
			out[qid] = l.value
		}
	}
	if err := errors.Join(errs...); err != nil {
		return out, fmt.Errorf("sparql: labels: %w", err)
	}
	return out, nil
}
