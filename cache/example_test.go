package cache_test

import (
	"context"
	"fmt"

	"github.com/hybridrag/hybridrag/cache"
	"github.com/hybridrag/hybridrag/retrievers"
)

func ExampleRetriever() {
	calls := 0
	backend := retrievers.RetrieverFunc(func(_ context.Context, q retrievers.Query) ([]retrievers.Hit, error) {
		calls++
		return []retrievers.Hit{{ID: "mm:1", Rank: 1}}, nil
	})
	lru, err := cache.NewLRU[[]retrievers.Hit](128)
	if err != nil {
		panic(err)
	}
	r := cache.Retriever(backend, lru, "data-v1")

	ctx := context.Background()
	_, _ = r.Retrieve(ctx, retrievers.Query{Text: "Which museums are in Kent?", K: 10})
	_, _ = r.Retrieve(ctx, retrievers.Query{Text: "which museums are in  Kent", K: 10})
	fmt.Println(calls, lru.Stats())
	// Output: 1 {1 1}
}
