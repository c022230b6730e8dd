package cache_test

import (
	"context"
	"fmt"
	"slices"

	"github.com/hybridrag/hybridrag/cache"
)

type answerer struct{ calls int }

func (a *answerer) Ask(_ context.Context, question string) ([]string, error) {
	a.calls++
	return []string{"mm:1"}, nil
}

func ExampleNewAsker() {
	next := &answerer{}
	asker := cache.NewAsker(next, cache.NewTTL[[]string](128, 0), cache.AskPolicy[string, []string]{
		Key:   func(q string) (string, bool) { return cache.Key(cache.Normalize(q), "data-v1"), false },
		Keep:  func([]string) bool { return true },
		Copy:  slices.Clone[[]string],
		Serve: func(_ string, ids []string) []string { return slices.Clone(ids) },
	})
	ctx := context.Background()
	_, _ = asker.Ask(ctx, "Which museums are in Kent?")
	_, _ = asker.Ask(ctx, "which museums are in  Kent")
	fmt.Println(next.calls, asker.Stats())
	// Output: 1 {1 1}
}
