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

	"github.com/knakk/rdf"
	"golang.org/x/sync/errgroup"

	"github.com/hybridrag/hybridrag/ident"
)

// Limits on query inputs.
const (
	// MaxSearchRunes bounds the text of a label search.
	MaxSearchRunes = 200
	// MaxLimit bounds the limit of Similar and SearchLabel.
	MaxLimit = 1000
)

const prefixes = `PREFIX wd: <http://www.wikidata.org/entity/>
PREFIX wdt: <http://www.wikidata.org/prop/direct/>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
PREFIX schema: <http://schema.org/>
PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
`

// Property IRIs as they come back in results.
const (
	nsWdt      = "http://www.wikidata.org/prop/direct/"
	iriLabel   = "http://www.w3.org/2000/01/rdf-schema#label"
	iriAlt     = "http://www.w3.org/2004/02/skos/core#altLabel"
	iriDesc    = "http://schema.org/description"
	entityQRef = "http://www.wikidata.org/entity/Q"
)

// enrichProps are the predicates an enrichment query asks for. They are
// selected with FILTER(?p IN (…)), not a second VALUES block: Oxigraph
// evaluates two VALUES blocks as a cross product and took 40 times longer.
const enrichProps = "rdfs:label, skos:altLabel, schema:description, wdt:P31, wdt:P17, wdt:P625, wdt:P856, wdt:P214, wdt:P213, wdt:P791, wdt:P227"

// langFilter is a FILTER expression true when ?v is untagged or in one of
// the preferred languages (or not a literal, when nonLiterals is set).
func langFilter(v string, langs []string, untagged bool) string {
	var parts []string
	if untagged {
		parts = append(parts, "!isLiteral("+v+")", "LANG("+v+") = \"\"")
	}
	for _, l := range langs {
		parts = append(parts, "langMatches(LANG("+v+"), "+literal(l)+")")
	}
	return "(" + strings.Join(parts, " || ") + ")"
}

// values writes a VALUES block of item terms.
func itemValues(ids []ident.ID) (string, error) {
	var b strings.Builder
	b.WriteString("VALUES ?item {")
	for _, id := range ids {
		t, err := itemTerm(id)
		if err != nil {
			return "", err
		}
		b.WriteByte(' ')
		b.WriteString(t)
	}
	b.WriteString(" }")
	return b.String(), nil
}

// enrichQuery asks for every enrichment property of ids, with labels in
// the preferred languages (untagged literals are kept too). The labels of
// the classes and countries are fetched apart (see Labels): few items are
// referred to by many, so they are asked for once per batch and mostly
// come from the cache, and an OPTIONAL per row made the query twice as
// slow on Oxigraph.
func enrichQuery(ids []ident.ID, langs []string) (string, error) {
	vals, err := itemValues(ids)
	if err != nil {
		return "", err
	}
	return prefixes + "SELECT ?item ?p ?v WHERE {\n" +
		"  " + vals + "\n" +
		"  ?item ?p ?v .\n" +
		"  FILTER(?p IN (" + enrichProps + "))\n" +
		"  FILTER" + langFilter("?v", langs, true) + "\n" +
		"}\n", nil
}

// anyTextQuery asks for labels (and descriptions) in every language, for
// items that have none in a preferred language.
func anyTextQuery(ids []ident.ID, descriptions bool) (string, error) {
	vals, err := itemValues(ids)
	if err != nil {
		return "", err
	}
	props := "rdfs:label"
	if descriptions {
		props += ", schema:description"
	}
	return prefixes + "SELECT ?item ?p ?v WHERE {\n" +
		"  " + vals + "\n" +
		"  ?item ?p ?v .\n" +
		"  FILTER(?p IN (" + props + "))\n" +
		"}\n", nil
}

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

// orderByQID sorts items numerically (older items first).
const orderByQID = `(xsd:integer(STRAFTER(STR(?item), "/entity/Q")))`

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

// Enrich returns what the endpoint states about each item, keyed by the
// normalised QID; items the endpoint does not know are absent. QIDs may be
// written Q42, wd:Q42 or as item URLs; a malformed one rejects the call
// before any query (the error wraps ErrInvalid and ident.ErrMalformed).
// Items are asked for in batches of the batch size, several batches at
// once; when some batches fail, the map holds the others and the error
// says which failed.
func (c *Client) Enrich(ctx context.Context, qids []string) (map[string]Entity, error) {
	ids, err := parseQIDs(qids)
	if err != nil {
		return nil, fmt.Errorf("sparql: enrich: %w", err)
	}
	// A stable order makes batches, and so cache keys, independent of the
	// caller's order.
	slices.SortFunc(ids, func(a, b ident.ID) int { return compareQID(a.Value, b.Value) })
	batches := chunk(ids, c.batch)
	parts := make([]map[string]Entity, len(batches))
	errs := make([]error, len(batches))
	var g errgroup.Group
	g.SetLimit(cap(c.sem))
	for i, b := range batches {
		g.Go(func() error {
			parts[i], errs[i] = c.enrichBatch(ctx, b)
			return nil
		})
	}
	_ = g.Wait()
	out := make(map[string]Entity, len(ids))
	for _, p := range parts {
		for k, v := range p {
			out[k] = v
		}
	}
	if err := errors.Join(errs...); err != nil {
		return out, fmt.Errorf("sparql: enrich: %d of %d batches failed: %w", countErrs(errs), len(batches), err)
	}
	return out, nil
}

func countErrs(errs []error) int {
	n := 0
	for _, e := range errs {
		if e != nil {
			n++
		}
	}
	return n
}

func chunk[T any](s []T, n int) [][]T {
	var out [][]T
	for len(s) > 0 {
		k := min(n, len(s))
		out = append(out, s[:k:k])
		s = s[k:]
	}
	return out
}

// entityAcc gathers one item's rows.
type entityAcc struct {
	labels, descs, aliases []langString
	refs                   map[string]map[string]bool // P31/P17 → QIDs
	strs                   map[string][]string        // other properties
}

func (c *Client) enrichBatch(ctx context.Context, ids []ident.ID) (map[string]Entity, error) {
	q, err := enrichQuery(ids, c.langs)
	if err != nil {
		return nil, err
	}
	res, err := c.Select(ctx, q)
	if err != nil {
		return nil, err
	}
	accs := map[string]*entityAcc{}
	for _, s := range res.Solutions() {
		qid := qidOf(termString(s["item"]))
		p, v := termString(s["p"]), s["v"]
		if qid == "" || v == nil {
			continue
		}
		a := accs[qid]
		if a == nil {
			a = &entityAcc{refs: map[string]map[string]bool{}, strs: map[string][]string{}}
			accs[qid] = a
		}
		switch p {
		case iriLabel:
			a.labels = append(a.labels, langOf(v))
		case iriDesc:
			a.descs = append(a.descs, langOf(v))
		case iriAlt:
			a.aliases = append(a.aliases, langOf(v))
		case nsWdt + "P31", nsWdt + "P17":
			ref := qidOf(termString(v))
			if ref == "" {
				continue
			}
			if a.refs[p] == nil {
				a.refs[p] = map[string]bool{}
			}
			a.refs[p][ref] = true
		default:
			a.strs[p] = append(a.strs[p], termString(v))
		}
	}

	// Labels and descriptions in any language, for items that have none
	// in a preferred one.
	var missing []ident.ID
	needDesc := false
	for qid, a := range accs {
		if len(a.labels) == 0 || len(a.descs) == 0 {
			missing = append(missing, ident.ID{Scheme: ident.Wikidata, Value: qid})
			needDesc = needDesc || len(a.descs) == 0
		}
	}
	if len(missing) > 0 {
		slices.SortFunc(missing, func(a, b ident.ID) int { return compareQID(a.Value, b.Value) })
		q, err := anyTextQuery(missing, needDesc)
		if err != nil {
			return nil, err
		}
		res, err := c.Select(ctx, q)
		if err != nil {
			return nil, err
		}
		for _, s := range res.Solutions() {
			a := accs[qidOf(termString(s["item"]))]
			if a == nil || s["v"] == nil {
				continue
			}
			switch termString(s["p"]) {
			case iriLabel:
				// Labels in preferred languages still win in pick.
				a.labels = append(a.labels, langOf(s["v"]))
			case iriDesc:
				a.descs = append(a.descs, langOf(s["v"]))
			}
		}
	}

	// Labels of the classes and countries referred to.
	var refQIDs []string
	seen := map[string]bool{}
	for _, a := range accs {
		for _, m := range a.refs {
			for ref := range m {
				if !seen[ref] {
					seen[ref] = true
					refQIDs = append(refQIDs, ref)
				}
			}
		}
	}
	var refLabels map[string]string
	if len(refQIDs) > 0 {
		if refLabels, err = c.Labels(ctx, refQIDs); err != nil {
			return nil, err
		}
	}

	out := make(map[string]Entity, len(accs))
	for qid, a := range accs {
		out[qid] = a.entity(qid, c.langs, refLabels)
	}
	return out, nil
}

func (a *entityAcc) entity(qid string, langs []string, refLabels map[string]string) Entity {
	e := Entity{QID: qid}
	if l, ok := pick(a.labels, langs); ok {
		e.Label, e.LabelLang = l.value, l.lang
	}
	if d, ok := pick(a.descs, langs); ok {
		e.Description = d.value
	}
	for _, al := range a.aliases {
		e.Aliases = append(e.Aliases, al.value)
	}
	e.Aliases = sortedUnique(e.Aliases)
	e.InstanceOf = refs(a.refs[nsWdt+"P31"], refLabels)
	e.Countries = refs(a.refs[nsWdt+"P17"], refLabels)
	for _, s := range sortedUnique(a.strs[nsWdt+"P625"]) {
		if pt, ok := parseWKTPoint(s); ok {
			e.Coordinates = append(e.Coordinates, pt)
		}
	}
	e.Websites = sortedUnique(a.strs[nsWdt+"P856"])
	e.VIAF = sortedUnique(a.strs[nsWdt+"P214"])
	e.ISNI = sortedUnique(a.strs[nsWdt+"P213"])
	e.ISIL = sortedUnique(a.strs[nsWdt+"P791"])
	e.GND = sortedUnique(a.strs[nsWdt+"P227"])
	return e
}

func refs(m map[string]bool, labels map[string]string) []Ref {
	if len(m) == 0 {
		return nil
	}
	out := make([]Ref, 0, len(m))
	for qid := range m {
		out = append(out, Ref{QID: qid, Label: labels[qid]})
	}
	slices.SortFunc(out, func(a, b Ref) int { return compareQID(a.QID, b.QID) })
	return out
}

func sortedUnique(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	s = slices.Clone(s)
	slices.Sort(s)
	return slices.Compact(s)
}

func termString(t rdf.Term) string {
	if t == nil {
		return ""
	}
	return t.String()
}

func langOf(t rdf.Term) langString {
	ls := langString{value: t.String()}
	if l, ok := t.(rdf.Literal); ok {
		ls.lang = strings.ToLower(l.Lang())
	}
	return ls
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

func checkLimit(limit int) error {
	if limit < 1 || limit > MaxLimit {
		return fmt.Errorf("%w: limit must be between 1 and %d, got %d", ErrInvalid, MaxLimit, limit)
	}
	return nil
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
