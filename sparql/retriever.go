package sparql

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"

	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/wikidata"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/ident"
	"github.com/hybridrag/hybridrag/plan"
)

// Retriever finds institutions through the SPARQL endpoint and maps the
// items it finds to dataset records by QID. It reads the plan, not the
// question text: QIDs in the question select their records (score 1),
// ISILs are looked up on the endpoint (P791, score 1), and each
// recognised name is searched among labels and aliases (score = the label
// match score times the name match score). Hits come in that order, each
// record once; a plan with none of these yields no hits.
//
// When one look-up fails and another finds hits, the hits are returned and
// the failure is logged; the error is returned only when nothing was found.
type Retriever struct {
	c     *Client
	ds    *heritage.Dataset
	byQID map[string][]string // QID → record ids, most authoritative tier first
	log   *slog.Logger
}

var _ retrieval.Retriever = (*Retriever)(nil)

// NewRetriever returns a retriever that asks c and maps answers to records
// of ds.
func NewRetriever(c *Client, ds *heritage.Dataset) *Retriever {
	r := &Retriever{c: c, ds: ds, byQID: map[string][]string{}, log: c.log}
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		seen := map[string]bool{}
		for _, q := range []string{in.Wikidata, in.Identifiers.Wikidata} {
			id, err := ident.ParseQID(q)
			if q == "" || err != nil || seen[id.Value] {
				continue
			}
			seen[id.Value] = true
			r.byQID[id.Value] = append(r.byQID[id.Value], in.ID)
		}
	}
	for _, ids := range r.byQID {
		slices.SortStableFunc(ids, func(a, b string) int {
			ia, _ := ds.Get(a)
			ib, _ := ds.Get(b)
			return cmp.Or(cmp.Compare(ia.Tier.Rank(), ib.Tier.Rank()), cmp.Compare(a, b))
		})
	}
	return r
}

// Records returns the ids of the dataset records carrying qid.
func (r *Retriever) Records(qid string) []string {
	id, err := ident.ParseQID(qid)
	if err != nil {
		return nil
	}
	return slices.Clone(r.byQID[id.Value])
}

// scored is a QID found by one look-up.
type scored struct {
	qid   string
	score float64
}

// Retrieve returns at most q.K hits that pass q.Filters (keys outside
// filter.Keys are dropped), best first.
func (r *Retriever) Retrieve(ctx context.Context, q retrieval.Query) ([]retrieval.Hit, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("wikidata: %w", err)
	}
	if q.K <= 0 || q.Plan == nil {
		return nil, nil
	}
	c := q.Plan.Constraints
	fs := q.Filters

	// The look-ups run concurrently; the client bounds requests.
	var (
		mu     sync.Mutex
		errs   []error
		byQID  []scored
		byISIL []scored
	)
	byName := make([][]scored, len(c.Names))
	for _, s := range c.QIDs {
		if id, err := ident.ParseQID(s); err == nil {
			byQID = append(byQID, scored{id.Value, 1})
		}
	}
	var wg sync.WaitGroup
	fail := func(err error) {
		mu.Lock()
		errs = append(errs, err)
		mu.Unlock()
	}
	if isils := validISILs(c.ISILs); len(isils) > 0 {
		wg.Go(func() {
			m, err := r.c.LookupISIL(ctx, isils)
			if err != nil {
				fail(err)
			}
			for _, s := range isils {
				id, _ := ident.ParseISIL(s)
				for _, qid := range m[id.Value] {
					byISIL = append(byISIL, scored{qid, 1})
				}
			}
		})
	}
	for i, n := range c.Names {
		text := n.Name
		if text == "" {
			text = n.Text
		}
		if _, err := searchNeedle(text); err != nil {
			continue
		}
		nameScore := n.Score
		if nameScore <= 0 || nameScore > 1 {
			nameScore = 1
		}
		wg.Go(func() {
			ms, err := r.c.SearchLabel(ctx, text, min(q.K, MaxLimit))
			if err != nil {
				fail(err)
			}
			for _, m := range ms {
				byName[i] = append(byName[i], scored{m.QID, m.Score * nameScore})
			}
		})
	}
	wg.Wait()

	hits := make([]retrieval.Hit, 0, q.K)
	seen := map[string]bool{}
	add := func(found []scored) {
		for _, s := range found {
			for _, id := range r.byQID[s.qid] {
				if len(hits) == q.K || seen[id] {
					continue
				}
				seen[id] = true
				in, ok := r.ds.Get(id)
				if !ok || !fs.Match(in) {
					continue
				}
				hits = append(hits, retrieval.NewHit(in, plan.RetrieverWikidata, s.score, len(hits)+1))
			}
		}
	}
	add(byQID)
	add(byISIL)
	for _, found := range byName {
		add(found)
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("wikidata: %w", err)
	}
	if err := errors.Join(errs...); err != nil {
		if len(hits) == 0 {
			return nil, fmt.Errorf("wikidata: %w", err)
		}
		r.log.Warn("wikidata look-up failed; returning the other look-ups' hits", "hits", len(hits), "err", err)
	}
	return hits, nil
}

func validISILs(in []string) []string {
	var out []string
	for _, s := range in {
		if _, err := ident.ParseISIL(s); err == nil {
			out = append(out, s)
		}
	}
	return out
}

// Enrichment is the Wikidata entity behind one dataset record, for the
// answer to show next to the record.
type Enrichment = wikidata.Enrichment

// Enrich fetches the Wikidata entities of the records with the given ids,
// in the order given; records without a QID, unknown ids and items the
// endpoint does not know are skipped. On a partial failure it returns what
// it found with the error.
func (r *Retriever) Enrich(ctx context.Context, recordIDs []string) ([]Enrichment, error) {
	type pair struct{ id, qid string }
	var pairs []pair
	var qids []string
	for _, id := range recordIDs {
		in, ok := r.ds.Get(id)
		if !ok {
			continue
		}
		q := cmp.Or(in.Wikidata, in.Identifiers.Wikidata)
		qid, err := ident.ParseQID(q)
		if q == "" || err != nil {
			continue
		}
		pairs = append(pairs, pair{id, qid.Value})
		qids = append(qids, qid.Value)
	}
	if len(qids) == 0 {
		return nil, nil
	}
	ents, err := r.c.Enrich(ctx, qids)
	var out []Enrichment
	seen := map[string]bool{}
	for _, p := range pairs {
		e, ok := ents[p.qid]
		if !ok || seen[p.id] {
			continue
		}
		seen[p.id] = true
		out = append(out, Enrichment{ID: p.id, Entity: e})
	}
	if err != nil {
		return out, fmt.Errorf("wikidata: %w", err)
	}
	return out, nil
}
