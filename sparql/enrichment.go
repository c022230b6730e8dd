package sparql

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/hybridrag/hybridrag/ident"
)

// enrichProps are the predicates an enrichment query asks for. They are
// selected with FILTER(?p IN (…)), not a second VALUES block: Oxigraph
// evaluates two VALUES blocks as a cross product and took 40 times longer.
const enrichProps = "rdfs:label, skos:altLabel, schema:description, wdt:P31, wdt:P17, wdt:P625, wdt:P856, wdt:P214, wdt:P213, wdt:P791, wdt:P227"

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
