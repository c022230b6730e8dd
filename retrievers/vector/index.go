package vector

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"

	"github.com/hybridrag/hybridrag/embed"
	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/retrievers"
)

var _ retrieval.Retriever = (*Index)(nil)

// Index is a vector index over a dataset's institutions and the
// semantic retriever built on it: exhaustive (brute-force) except for the
// searches of sparse columns that score pruneRecords records or more,
// which are pruned (see pruneRecords). Vectors are stored
// dimension-major: the j-th components of all records are contiguous. A
// query then costs one pass over the records per non-zero query component,
// which for the sparse vectors of a hashing embedder is a small fraction of
// a full dot product per record, and is never more.
//
// A VectorIndex is read-only after construction and safe for concurrent use.
type Index struct {
	ds      *heritage.Dataset
	emb     embed.Embedder
	dim, n  int
	cols    []float32 // cols[j*n+i] is component j of record i; nil when sparse
	sparse  *sparseCols
	blocks  []int32 // 0, 1, … the sparse columns' blocks
	workers int
	scores  sync.Pool // *[]float32 with room for every block's records
	passing filterMemo
	pruneAt int // the fewest records a search scores for it to be pruned
	// compactAt is the fewest records for which the sparse columns hold
	// codes (see compactRecords).
	compactAt int
	// noRows keeps a compact index's searches on its columns (tests).
	noRows bool
}

type vectorConfig struct {
	ctx       context.Context
	batchSize int
	workers   int
}

// Option tunes New.
type Option func(*vectorConfig)

// WithBuildContext bounds the embedding of the dataset by ctx.
func WithBuildContext(ctx context.Context) Option {
	return func(c *vectorConfig) { c.ctx = ctx }
}

// WithBatchSize sets how many texts go to the embedder at once (default 256).
func WithBatchSize(n int) Option {
	return func(c *vectorConfig) { c.batchSize = n }
}

// WithWorkers sets how many goroutines embed batches and score queries
// (default GOMAXPROCS, at most 4). Scoring splits the records into one
// range per worker when the index is large enough to gain from it.
func WithWorkers(n int) Option {
	return func(c *vectorConfig) { c.workers = n }
}

// New embeds every institution's DocText with e, in batches,
// and builds an exact index.
func New(ds *heritage.Dataset, e embed.Embedder, opts ...Option) (*Index, error) {
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
	x := &Index{ds: ds, emb: e, dim: dim, n: n, workers: cfg.workers, pruneAt: pruneRecords, compactAt: compactRecords}
	x.scores.New = newScores(n)
	chunks := make([]*rowChunk, (n+cfg.batchSize-1)/cfg.batchSize)

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
					texts = append(texts, retrievers.DocText(&ds.Institutions[i]))
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
				for _, v := range vecs {
					if len(v) != dim {
						errs <- fmt.Errorf("embedder %s returned a vector of %d dimensions, want %d", e.ID(), len(v), dim)
						cancel()
						return
					}
				}
				chunks[lo/cfg.batchSize] = newRowChunk(vecs, dim)
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
	x.assemble(chunks)
	return x, nil
}

// newScores makes the scores of a search over n records.
func newScores(n int) func() any {
	return func() any { s := make([]float32, blocksOf(n)*blockRecords); return &s }
}

// Len is the number of indexed records.
func (x *Index) Len() int { return x.n }

// Dim is the vector dimension.
func (x *Index) Dim() int { return x.dim }

// Embedder is the embedder the index was built with; queries must use it.
func (x *Index) Embedder() embed.Embedder { return x.emb }

// Vector returns a copy of record i's vector (i indexes ds.Institutions).
func (x *Index) Vector(i int) []float32 {
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
// best first; ties go to the earlier record. A search that would score
// pruneRecords records or more of sparse columns is pruned: its results
// carry their exact scores, but a few of the exact top k may be missing.
// It checks ctx between blocks of work.
func (x *Index) Search(ctx context.Context, q []float32, k int, fs filter.Set) ([]Scored, error) {
	return x.search(ctx, q, k, fs, false)
}

// SearchExact is Search scoring every record that passes fs, however
// many there are: the reference the pruned searches are measured against
// (tools/vecrecall), at their full cost.
func (x *Index) SearchExact(ctx context.Context, q []float32, k int, fs filter.Set) ([]Scored, error) {
	return x.search(ctx, q, k, fs, true)
}

// search is Search, never pruned when exact is set.
func (x *Index) search(ctx context.Context, q []float32, k int, fs filter.Set, exact bool) ([]Scored, error) {
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
	var pass recordSet
	if len(fs) > 0 {
		var err error
		if pass, err = x.passing.passing(ctx, x.ds, fs, x.workers); err != nil {
			return nil, err
		}
	}
	sp := x.scores.Get().(*[]float32)
	defer x.scores.Put(sp)
	scores := *sp

	var best []Scored
	if x.sparse == nil {
		scores = scores[:x.n]
		clear(scores)
		if err := x.scoreDense(ctx, q, nz, scores); err != nil {
			return nil, err
		}
		t := newTopK(k, x.n)
		t.keep(scores, 0, pass)
		best = t.best()
	} else {
		// Only the blocks that hold a record passing the filters are
		// scored.
		blocks := x.blocks
		if pass != nil {
			blocks = pass.blocks(len(x.blocks))
		}
		if x.sparse.c != nil {
			q = x.sparse.c.scaled(q, nz)
		}
		var err error
		if recs := x.fewPassing(pass, len(nz), len(blocks)); recs != nil {
			best = x.bestOfRows(q, nz, recs, k)
		} else if !exact && x.prunes(len(nz), len(blocks), k) {
			best, err = x.searchPruned(ctx, q, nz, k, scores, blocks, pass)
		} else {
			best, err = x.bestSparse(ctx, q, nz, k, scores, blocks, pass)
		}
		if err != nil {
			return nil, err
		}
	}
	out := sorted(best)
	release(best)
	return out, nil
}

// parallelWork is the number of products below which a search stays on
// one goroutine: too little work to gain from a second core.
const parallelWork = 1 << 20

// bestSparse returns the k best records of blocks that pass (every
// record when pass is nil), in no particular order, each scored as q's product with its
// vector over the non-zero components nz; scores has room for every
// block's records. The blocks are split into one run per worker, and each
// worker keeps the best of its own run while their scores are still in
// its core's cache: the best of the runs' best are the best of all. It
// checks ctx between groups of components.
func (x *Index) bestSparse(ctx context.Context, q []float32, nz []int, k int, scores []float32, blocks []int32, pass recordSet) ([]Scored, error) {
	workers := x.workers
	if len(nz)*len(blocks)*blockRecords < parallelWork {
		workers = 1
	}
	chunk := (len(blocks) + workers - 1) / max(workers, 1)
	best := make([][]Scored, workers)
	err := parallel(workers, func(w int) error {
		run := blocks[min(w*chunk, len(blocks)):min((w+1)*chunk, len(blocks))]
		for _, b := range run {
			clear(scores[int(b)*blockRecords : int(b+1)*blockRecords])
		}
		for c := 0; c < len(nz); c += 32 {
			if err := ctx.Err(); err != nil {
				return err
			}
			x.sparse.score(q, nz[c:min(c+32, len(nz))], scores, run)
		}
		best[w] = x.bestOfBlocks(k, scores, run, pass)
		return nil
	})
	if err != nil {
		return nil, err
	}
	// The runs' best are cut together to the k best, in time linear in
	// their number, where offering them one by one to a heap had sifted
	// each through its levels.
	all := best[0]
	for _, o := range best[1:] {
		all = append(all, o...)
		release(o)
	}
	if len(all) > k {
		selectBest(all, k)
		all = all[:k]
	}
	return all, nil
}

// scoreDense adds q[j]·column j to scores for every non-zero component j,
// splitting the records into one range per worker.
func (x *Index) scoreDense(ctx context.Context, q []float32, nz []int, scores []float32) error {
	run := func(lo, hi int) error {
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
	workers := x.workers
	if len(nz)*x.n < parallelWork {
		workers = 1
	}
	chunk := (x.n + workers - 1) / workers
	return parallel(workers, func(w int) error {
		return run(min(w*chunk, x.n), min((w+1)*chunk, x.n))
	})
}

// parallel runs f(0), f(1), … f(workers-1), concurrently when workers > 1.
func parallel(workers int, f func(w int) error) error {
	if workers <= 1 {
		return f(0)
	}
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[w] = f(w)
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

// sorted returns a copy of results, best first.
func sorted(results []Scored) []Scored {
	out := slices.Clone(results)
	slices.SortFunc(out, func(a, b Scored) int {
		if a.Score != b.Score {
			return cmp.Compare(b.Score, a.Score)
		}
		return cmp.Compare(a.Index, b.Index)
	})
	return out
}

// Retrieve embeds the question and returns the q.K most similar records
// that pass q.Filters, as thin hits from plan.RetrieverVector. A question
// with no content words (an empty embedding) returns no hits.
func (x *Index) Retrieve(ctx context.Context, q retrieval.Query) ([]retrieval.Hit, error) {
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
	hits := make([]retrieval.Hit, len(res))
	for r, s := range res {
		hits[r] = retrieval.NewHit(&x.ds.Institutions[s.Index], plan.RetrieverVector, float64(s.Score), r+1)
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
