package vector

import (
	"context"
	"sync"

	"github.com/hybridrag/hybridrag/cache"
	"github.com/hybridrag/hybridrag/filter"
	"github.com/hybridrag/hybridrag/heritage"
)

// filterMemoSize is how many filter sets an index remembers the passing
// records of (2 KB each for the bundled data).
const filterMemoSize = 256

// filterMemo remembers which records pass a filter set, by the set's
// canonical key. The vector leg of a place or type question gets the
// router's constraints as filters, and the same places and types come
// back question after question; testing all 16,286 records against them
// was most of a filtered search. The zero value is ready to use.
type filterMemo struct {
	once sync.Once
	sets *cache.LRU[recordSet]
}

// recordSet has bit i set when record i passes.
type recordSet []uint64

func (s recordSet) has(i int) bool { return s[i/64]&(1<<(i%64)) != 0 }

// passing returns the records of ds that pass fs, testing them on up to
// workers goroutines. It checks ctx between blocks of records.
func (m *filterMemo) passing(ctx context.Context, ds *heritage.Dataset, fs filter.Set, workers int) (recordSet, error) {
	m.once.Do(func() {
		// NewLRU fails only for a size below 1.
		m.sets, _ = cache.NewLRU[recordSet](filterMemoSize)
	})
	key := fs.Key()
	if s, ok := m.sets.Get(key); ok {
		return s, nil
	}
	s := make(recordSet, (len(ds.Institutions)+63)/64)
	// Each goroutine tests a run of whole words of s (multiples of 64
	// records), so none writes another's.
	workers = max(1, min(workers, len(ds.Institutions)/passingPerWorker))
	words := (len(s) + workers - 1) / workers
	err := parallel(workers, func(w int) error {
		for i := w * words * 64; i < min((w+1)*words*64, len(ds.Institutions)); i++ {
			if i%4096 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			if fs.Match(&ds.Institutions[i]) {
				s[i/64] |= 1 << (i % 64)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	m.sets.Add(key, s)
	return s, nil
}

// passingPerWorker is the fewest records worth a goroutine of their own
// when the records passing a filter set are looked for.
const passingPerWorker = 4096

// blocks lists the blocks of nb (of blockRecords records each) that hold
// a record in s.
func (s recordSet) blocks(nb int) []int32 {
	const words = blockRecords / 64
	var out []int32
	for b := range nb {
		for _, w := range s[b*words : min((b+1)*words, len(s))] {
			if w != 0 {
				out = append(out, int32(b))
				break
			}
		}
	}
	return out
}
