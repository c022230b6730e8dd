package retrievers

import (
	"container/heap"
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/plan"
)

var _ Retriever = (*VectorIndex)(nil)

// VectorIndex is an exact (brute-force) vector index over a dataset's
// institutions and the semantic retriever built on it. Vectors are stored
// dimension-major: the j-th components of all records are contiguous. A
// query then costs one pass over the records per non-zero query component,
// which for the sparse vectors of a hashing embedder is a small fraction of
// a full dot product per record, and is never more.
//
// A VectorIndex is read-only after construction and safe for concurrent use.
type VectorIndex struct {
	ds      *heritage.Dataset
	emb     embed.Embedder
	dim, n  int
	cols    []float32 // cols[j*n+i] is component j of record i; nil when sparse
	sparse  *sparseCols
	workers int
	scores  sync.Pool // *[]float32 of length n
	passing filterMemo
}

type vectorConfig struct {
	ctx       context.Context
	batchSize int
	workers   int
}

// VectorOption tunes NewVectorIndex.
type VectorOption func(*vectorConfig)

// WithBuildContext bounds the embedding of the dataset by ctx.
func WithBuildContext(ctx context.Context) VectorOption {
	return func(c *vectorConfig) { c.ctx = ctx }
}

// WithBatchSize sets how many texts go to the embedder at once (default 256).
func WithBatchSize(n int) VectorOption {
	return func(c *vectorConfig) { c.batchSize = n }
}

// WithWorkers sets how many goroutines embed batches and score queries
// (default GOMAXPROCS, at most 4). Scoring splits the records into one
// range per worker when the index is large enough to gain from it.
func WithWorkers(n int) VectorOption {
	return func(c *vectorConfig) { c.workers = n }
}

// NewVectorIndex embeds every institution's DocText with e, in batches,
// and builds an exact index.
func NewVectorIndex(ds *heritage.Dataset, e embed.Embedder, opts ...VectorOption) (*VectorIndex, error) {
	cfg := vectorConfig{ctx: context.Background(), batchSize: 256, workers: min(runtime.GOMAXPROCS(0), 4)}
	for _, o := range opts {
		o(&cfg)
	}
	cfg.batchSize = max(cfg.batchSize, 1)
	cfg.workers = max(cfg.workers, 1)
	if ds == nil || e == nil {
		return nil, errors.New("vector: nil dataset or embedder")
	}
	n, dim := len(ds.Institutions), e.Dim()
	if dim <= 0 {
		return nil, fmt.Errorf("vector: embedder %s: dimension %d", e.ID(), dim)
	}
	x := &VectorIndex{ds: ds, emb: e, dim: dim, n: n, cols: make([]float32, n*dim), workers: cfg.workers}
	x.scores.New = func() any { s := make([]float32, n); return &s }

	batches := make(chan int)
	errs := make(chan error, cfg.workers)
	ctx, cancel := context.WithCancel(cfg.ctx)
	defer cancel()
	var wg sync.WaitGroup
	for range cfg.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			texts := make([]string, 0, cfg.batchSize)
			for lo := range batches {
				hi := min(lo+cfg.batchSize, n)
				texts = texts[:0]
				for i := lo; i < hi; i++ {
					texts = append(texts, DocText(&ds.Institutions[i]))
				}
				vecs, err := e.Embed(ctx, texts)
				if err == nil && len(vecs) != len(texts) {
					err = fmt.Errorf("embedder %s returned %d vectors for %d texts", e.ID(), len(vecs), len(texts))
				}
				if err != nil {
					errs <- err
					cancel()
					return
				}
				for k, v := range vecs {
					if len(v) != dim {
						errs <- fmt.Errorf("embedder %s returned a vector of %d dimensions, want %d", e.ID(), len(v), dim)
						cancel()
						return
					}
					i := lo + k
					for j, c := range v {
						x.cols[j*n+i] = c
					}
				}
			}
		}()
	}
feed:
	for lo := 0; lo < n; lo += cfg.batchSize {
		select {
		case batches <- lo:
		case <-ctx.Done():
			break feed
		}
	}
	close(batches)
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return nil, fmt.Errorf("vector: embed dataset: %w", err)
	}
	if err := cfg.ctx.Err(); err != nil {
		return nil, fmt.Errorf("vector: embed dataset: %w", err)
	}
	x.compact()
	return x, nil
}

// Len is the number of indexed records.
func (x *VectorIndex) Len() int { return x.n }

// Dim is the vector dimension.
func (x *VectorIndex) Dim() int { return x.dim }

// Embedder is the embedder the index was built with; queries must use it.
func (x *VectorIndex) Embedder() embed.Embedder { return x.emb }

// Vector returns a copy of record i's vector (i indexes ds.Institutions).
func (x *VectorIndex) Vector(i int) []float32 {
	v := make([]float32, x.dim)
	for j := range v {
		if x.sparse != nil {
			v[j] = x.sparse.at(i, j)
			continue
		}
		v[j] = x.cols[j*x.n+i]
	}
	return v
}

// Scored is one search result: a record index into ds.Institutions and its
// cosine similarity to the query.
type Scored struct {
	Index int
	Score float32
}

// Search returns the k records most similar to the query vector q that pass
// fs (see filter.Set.Match: a filter on an unknown key matches nothing),
// best first; ties go to the
// earlier record. It checks ctx between blocks of work.
func (x *VectorIndex) Search(ctx context.Context, q []float32, k int, fs filter.Set) ([]Scored, error) {
	if len(q) != x.dim {
		return nil, fmt.Errorf("vector: query has %d dimensions, want %d", len(q), x.dim)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if k <= 0 || x.n == 0 {
		return nil, nil
	}
	var nz []int
	for j, c := range q {
		if c != 0 {
			nz = append(nz, j)
		}
	}
	sp := x.scores.Get().(*[]float32)
	defer x.scores.Put(sp)
	scores := *sp
	clear(scores)

	workers := x.workers
	if len(nz)*x.n < 1<<20 { // too little work to gain from a second core
		workers = 1
	}
	if err := x.score(ctx, q, nz, scores, workers); err != nil {
		return nil, err
	}

	var pass recordSet
	if len(fs) > 0 {
		var err error
		if pass, err = x.passing.passing(ctx, x.ds, fs); err != nil {
			return nil, err
		}
	}
	h := make(minHeap, 0, min(k, x.n))
	for i, s := range scores {
		if len(h) == k && !better(s, i, h[0].Score, h[0].Index) {
			continue
		}
		if pass != nil && !pass.has(i) {
			continue
		}
		if len(h) < k {
			heap.Push(&h, Scored{Index: i, Score: s})
		} else {
			h[0] = Scored{Index: i, Score: s}
			heap.Fix(&h, 0)
		}
	}
	out := make([]Scored, len(h))
	for i := len(h) - 1; i >= 0; i-- {
		out[i] = heap.Pop(&h).(Scored)
	}
	return out, nil
}

// score adds q[j]·column j to scores for every non-zero component j,
// splitting the records into one range per worker.
func (x *VectorIndex) score(ctx context.Context, q []float32, nz []int, scores []float32, workers int) error {
	run := func(lo, hi int) error {
		if x.sparse != nil {
			x.sparse.score(q, nz, scores, lo, hi)
			return nil
		}
		dst := scores[lo:hi]
		for c, j := range nz {
			if c%32 == 31 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			axpy(dst, x.cols[j*x.n+lo:j*x.n+hi], q[j])
		}
		return nil
	}
	if workers <= 1 {
		return run(0, x.n)
	}
	errs := make([]error, workers)
	var wg sync.WaitGroup
	chunk := (x.n + workers - 1) / workers
	for w := range workers {
		lo, hi := w*chunk, min((w+1)*chunk, x.n)
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[w] = run(lo, hi)
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// axpy adds a·x to y; len(x) == len(y).
func axpy(y, x []float32, a float32) {
	x = x[:len(y)]
	i := 0
	for ; i+4 <= len(y); i += 4 {
		y[i] += a * x[i]
		y[i+1] += a * x[i+1]
		y[i+2] += a * x[i+2]
		y[i+3] += a * x[i+3]
	}
	for ; i < len(y); i++ {
		y[i] += a * x[i]
	}
}

// better orders results: higher score first, then lower index.
func better(s float32, i int, t float32, j int) bool {
	if s != t {
		return s > t
	}
	return i < j
}

// minHeap keeps the worst kept result at the root.
type minHeap []Scored

func (h minHeap) Len() int           { return len(h) }
func (h minHeap) Less(a, b int) bool { return better(h[b].Score, h[b].Index, h[a].Score, h[a].Index) }
func (h minHeap) Swap(a, b int)      { h[a], h[b] = h[b], h[a] }
func (h *minHeap) Push(v any)        { *h = append(*h, v.(Scored)) }
func (h *minHeap) Pop() any {
	old := *h
	v := old[len(old)-1]
	*h = old[:len(old)-1]
	return v
}

// Retrieve embeds the question and returns the q.K most similar records
// that pass q.Filters, as thin hits from plan.RetrieverVector. A question
// with no content words (an empty embedding) returns no hits.
func (x *VectorIndex) Retrieve(ctx context.Context, q Query) ([]Hit, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if q.K <= 0 {
		return nil, nil
	}
	vecs, err := x.emb.Embed(ctx, []string{q.Text})
	if err != nil {
		return nil, fmt.Errorf("vector: embed query: %w", err)
	}
	if len(vecs) != 1 || len(vecs[0]) != x.dim {
		return nil, fmt.Errorf("vector: embedder %s returned no %d-dimensional query vector", x.emb.ID(), x.dim)
	}
	if isZero(vecs[0]) {
		return nil, nil
	}
	res, err := x.Search(ctx, vecs[0], q.K, q.Filters)
	if err != nil {
		return nil, err
	}
	hits := make([]Hit, len(res))
	for r, s := range res {
		hits[r] = NewHit(&x.ds.Institutions[s.Index], plan.RetrieverVector, float64(s.Score), r+1)
	}
	return hits, nil
}

func isZero(v []float32) bool {
	for _, c := range v {
		if c != 0 {
			return false
		}
	}
	return true
}
