// Package bm25 is the sparse retriever: BM25 over a bleve index of the
// dataset, in memory or on disk.
package bm25

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/custom"
	"github.com/blevesearch/bleve/v2/analysis/char/asciifolding"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	"github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"

	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrievers"
)

var _ retrievers.Retriever = (*Retriever)(nil)

// Retriever is the sparse retriever: an in-memory bleve index (scorch, BM25
// scoring) over the fields of retrievers.DocFields. Names weigh most, then
// alternative names, places, subjects and groups, then the description.
//
// The analyzer folds diacritics (asciifolding), splits on Unicode word
// boundaries, drops English possessives and stop words and applies the
// Snowball English stemmer, so "museums" finds "Museum" and "Göttingen"
// finds "Gottingen". The data is mostly English and German; a German
// stemmer would help German names only and split the index by language,
// and every record carries an English generated description.
//
// Query terms found in more than a fifth of the records ("museum") are
// left out while the other terms yield K hits; otherwise the full query
// runs, so up to K hits always come back. Rankings can therefore differ
// between a small and a large K.
//
// Filters are applied exactly: a selective filter restricts the search to
// the matching records; a broad one filters an oversampled result and
// widens it until q.K hits pass or the matches run out.
//
// A Retriever is safe for concurrent use. Close releases the index.
type Retriever struct {
	ds    *heritage.Dataset
	index bleve.Index
	// analyzer is the index analyzer; queries are analyzed with it too.
	analyzer analysis.Analyzer
	// reader gives term statistics for pruning common query terms.
	reader index.Index
	// boosts weigh each field's match at query time.
	boosts []fieldBoost
}

type fieldBoost struct {
	field string
	boost float64
}

const analyzerName = "heritage_en"

// document is what the index stores for one institution.
type document struct {
	Name        string `json:"name"`
	AltNames    string `json:"alt_names"`
	Type        string `json:"type"`
	Place       string `json:"place"`
	Subjects    string `json:"subjects"`
	Members     string `json:"members"`
	Description string `json:"description"`
}

// directSelectivity is the largest number of filter-passing records that
// BM25 restricts the search to by id; above it, results are post-filtered.
const directSelectivity = 2048

// New indexes the dataset in memory.
func New(ds *heritage.Dataset) (*Retriever, error) { return newAt("", ds) }

// newAt indexes the dataset into a new index at path ("" for memory).
func newAt(path string, ds *heritage.Dataset) (*Retriever, error) {
	if ds == nil {
		return nil, errors.New("bm25: nil dataset")
	}
	m, err := newMapping()
	if err != nil {
		return nil, fmt.Errorf("bm25: mapping: %w", err)
	}
	idx, err := bleve.NewUsing(path, m, scorch.Name, scorch.Name, nil)
	if err != nil {
		return nil, fmt.Errorf("bm25: new index: %w", err)
	}
	// One batch makes one segment: no background merging, and every query
	// term is looked up once instead of once per segment.
	const batchSize = 1 << 15
	b := idx.NewBatch()
	for i := range ds.Institutions {
		in := &ds.Institutions[i]
		f := retrievers.Fields(in)
		doc := document(f)
		if err := b.Index(in.ID, doc); err != nil {
			_ = idx.Close()
			return nil, fmt.Errorf("bm25: index %s: %w", in.ID, err)
		}
		if b.Size() >= batchSize || i == len(ds.Institutions)-1 {
			if err := idx.Batch(b); err != nil {
				_ = idx.Close()
				return nil, fmt.Errorf("bm25: index batch: %w", err)
			}
			b.Reset()
		}
	}
	return wrap(ds, idx, m)
}

// wrap makes the retriever over an index with mapping m; it closes idx
// when it fails.
func wrap(ds *heritage.Dataset, idx bleve.Index, m mapping.IndexMapping) (*Retriever, error) {
	an := m.AnalyzerNamed(analyzerName)
	if an == nil {
		_ = idx.Close()
		return nil, fmt.Errorf("bm25: analyzer %s not found", analyzerName)
	}
	adv, err := idx.Advanced()
	if err != nil {
		_ = idx.Close()
		return nil, fmt.Errorf("bm25: %w", err)
	}
	return &Retriever{
		ds:       ds,
		index:    idx,
		analyzer: an,
		reader:   adv,
		boosts: []fieldBoost{
			{"name", 3}, {"alt_names", 2}, {"place", 1.5}, {"subjects", 1.5},
			{"members", 1.5}, {"description", 1},
		},
	}, nil
}

func newMapping() (*mapping.IndexMappingImpl, error) {
	m := bleve.NewIndexMapping()
	m.ScoringModel = index.BM25Scoring
	err := m.AddCustomAnalyzer(analyzerName, map[string]any{
		"type":         custom.Name,
		"char_filters": []any{asciifolding.Name},
		"tokenizer":    unicode.Name,
		"token_filters": []any{
			en.PossessiveName, lowercase.Name, en.StopName, en.SnowballStemmerName,
		},
	})
	if err != nil {
		return nil, err
	}
	m.DefaultAnalyzer = analyzerName
	doc := mapping.NewDocumentStaticMapping()
	for _, f := range []string{"name", "alt_names", "type", "place", "subjects", "members", "description"} {
		fm := mapping.NewTextFieldMapping()
		fm.Analyzer = analyzerName
		fm.Store = false
		fm.IncludeInAll = false
		fm.IncludeTermVectors = false
		fm.DocValues = false
		doc.AddFieldMappingsAt(f, fm)
	}
	m.DefaultMapping = doc
	return m, nil
}

// Close releases the index.
func (b *Retriever) Close() error { return b.index.Close() }

// Retrieve runs the question as a disjunction of per-field matches and
// returns the q.K best records that pass q.Filters, as thin hits from
// plan.RetrieverBM25. A question with no searchable words returns no hits.
func (b *Retriever) Retrieve(ctx context.Context, q retrievers.Query) ([]retrievers.Hit, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if q.K <= 0 {
		return nil, nil
	}
	text := QueryText(q.Text)
	if text == "" {
		return nil, nil
	}
	pruned, full, err := b.textQuery(ctx, text)
	if err != nil {
		return nil, err
	}
	if full == nil {
		return nil, nil
	}
	fs := q.Filters
	var allowed []string
	if len(fs) > 0 {
		// Count the records that pass; restrict by id when they are few.
		for i := range b.ds.Institutions {
			if i%4096 == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			in := &b.ds.Institutions[i]
			if fs.Match(in) {
				allowed = append(allowed, in.ID)
				if len(allowed) > directSelectivity {
					break
				}
			}
		}
		if len(allowed) == 0 {
			return nil, nil
		}
	}
	// The pruned query ranks the records that share a rare term with the
	// question; when fewer than K do, the full query adds the rest.
	var res []result
	if pruned != nil {
		if res, err = b.run(ctx, pruned, q.K, fs, allowed); err != nil {
			return nil, err
		}
	}
	if len(res) < q.K {
		if res, err = b.run(ctx, full, q.K, fs, allowed); err != nil {
			return nil, err
		}
	}
	return b.hits(res), nil
}

// run returns the k best records for tq that pass fs. allowed lists the
// ids that pass when they are at most directSelectivity.
func (b *Retriever) run(ctx context.Context, tq query.Query, k int, fs filter.Set, allowed []string) ([]result, error) {
	if len(fs) == 0 {
		res, _, err := b.search(ctx, tq, k, nil)
		return res, err
	}
	if len(allowed) <= directSelectivity {
		res, _, err := b.search(ctx, bleve.NewConjunctionQuery(tq, bleve.NewDocIDQuery(allowed)), k, nil)
		return res, err
	}
	// Broad filter: at least directSelectivity/len(dataset) of the records
	// pass, so a modest oversample usually holds k passing hits; widen the
	// window until it does or every match has been seen.
	size := k*8 + 64
	for {
		res, total, err := b.search(ctx, tq, size, fs)
		if err != nil {
			return nil, err
		}
		if len(res) >= k || uint64(size) >= total {
			if len(res) > k {
				res = res[:k]
			}
			return res, nil
		}
		size *= 4
	}
}

// textQuery analyzes the question and builds, for every field, a
// disjunction of its terms with the field's boost, and a disjunction of the
// fields. Terms found in more than commonShare of the records in any field
// are left out of the pruned query: their BM25 weight is small, but their
// long posting lists dominate the cost of a query ("museum" is in two
// thirds of all descriptions). full has every term; pruned is nil when no
// term is rare, and both are nil when the text has no searchable terms.
func (b *Retriever) textQuery(ctx context.Context, text string) (pruned, full query.Query, err error) {
	tokens := b.analyzer.Analyze([]byte(text))
	var terms []string
	for _, t := range tokens {
		if term := string(t.Term); !slices.Contains(terms, term) {
			terms = append(terms, term)
		}
	}
	if len(terms) == 0 {
		return nil, nil, nil
	}
	r, err := b.reader.Reader()
	if err != nil {
		return nil, nil, fmt.Errorf("bm25: reader: %w", err)
	}
	defer r.Close()
	limit := uint64(commonShare * float64(len(b.ds.Institutions)))

	var rare, common []termField
	for _, term := range terms {
		var found []termField
		isCommon := false
		for fi, fb := range b.boosts {
			tfr, err := r.TermFieldReader(ctx, []byte(term), fb.field, false, false, false)
			if err != nil {
				return nil, nil, fmt.Errorf("bm25: term %q: %w", term, err)
			}
			n := tfr.Count()
			_ = tfr.Close()
			if n > 0 {
				found = append(found, termField{term, fi})
			}
			isCommon = isCommon || n > limit
		}
		if isCommon {
			common = append(common, found...)
		} else {
			rare = append(rare, found...)
		}
	}
	if len(rare)+len(common) == 0 {
		return nil, nil, nil
	}
	full = b.fieldQuery(append(slices.Clone(rare), common...))
	if len(rare) > 0 && len(common) > 0 {
		pruned = b.fieldQuery(rare)
	}
	return pruned, full, nil
}

type termField struct {
	term  string
	field int
}

// fieldQuery is a disjunction over fields of the disjunction of each
// field's terms, boosted by the field's weight.
func (b *Retriever) fieldQuery(pairs []termField) query.Query {
	byField := make([][]query.Query, len(b.boosts))
	for _, p := range pairs {
		tq := bleve.NewTermQuery(p.term)
		tq.SetField(b.boosts[p.field].field)
		byField[p.field] = append(byField[p.field], tq)
	}
	var fields []query.Query
	for fi, qs := range byField {
		if len(qs) == 0 {
			continue
		}
		d := bleve.NewDisjunctionQuery(qs...)
		d.SetBoost(b.boosts[fi].boost)
		fields = append(fields, d)
	}
	return bleve.NewDisjunctionQuery(fields...)
}

// commonShare is the share of records above which a term is too common to
// search a field for.
const commonShare = 0.2

type result struct {
	in    *heritage.Institution
	score float64
}

// search runs one request of size hits and keeps those that pass fs (all
// when fs is empty); total is the number of matching documents.
func (b *Retriever) search(ctx context.Context, q query.Query, size int, fs filter.Set) ([]result, uint64, error) {
	req := bleve.NewSearchRequestOptions(q, size, 0, false)
	// Equal scores are ordered by id, so that rankings repeat across index
	// builds (segment order would otherwise decide).
	req.SortBy([]string{"-_score", "_id"})
	sr, err := b.index.SearchInContext(ctx, req)
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return nil, 0, ctxErr
		}
		return nil, 0, fmt.Errorf("bm25: search: %w", err)
	}
	out := make([]result, 0, len(sr.Hits))
	for _, h := range sr.Hits {
		in, ok := b.ds.Get(h.ID)
		if !ok {
			return nil, 0, fmt.Errorf("bm25: index holds unknown id %q", h.ID)
		}
		if len(fs) > 0 && !fs.Match(in) {
			continue
		}
		out = append(out, result{in: in, score: h.Score})
	}
	return out, sr.Total, nil
}

func (b *Retriever) hits(res []result) []retrievers.Hit {
	if len(res) == 0 {
		return nil
	}
	out := make([]retrievers.Hit, len(res))
	for i, r := range res {
		out[i] = retrievers.NewHit(r.in, plan.RetrieverBM25, r.score, i+1)
	}
	return out
}

// questionWords are words of question phrasing that say nothing about the
// institutions sought; the analyzer's English stop list covers the rest
// ("which", "what", "are", "in", "the").
var questionWords = map[string]bool{
	"compare": true, "list": true, "show": true, "tell": true, "name": true, "find": true,
	"located": true, "situated": true, "give": true, "please": true, "me": true,
	"called": true, "known": true, "institution": true, "institutions": true,
}

// QueryText drops question phrasing words from a question so that they do
// not score; it keeps everything else verbatim for the analyzer.
func QueryText(question string) string {
	words := strings.FieldsFunc(question, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == '?' || r == '!' || r == ','
	})
	out := words[:0]
	for _, w := range words {
		if questionWords[strings.ToLower(strings.Trim(w, `."'()`))] {
			continue
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}
