package pipeline

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/hybridrag/hybridrag/retrieval"
)

// legResult is what one retriever leg produced.
type legResult struct {
	Source   string
	Hits     []retrieval.Hit
	Err      error
	Duration time.Duration
}

// leg is one retriever call of a fan-out.
type leg struct {
	Source    string
	Retriever retrieval.Retriever
	Query     retrieval.Query
	Timeout   time.Duration
	// answerOnly legs feed the answer, not fusion (see withGraphLeg).
	answerOnly bool
}

// fanOut runs every leg concurrently, each on its own derived context with
// its own deadline, and waits for all of them: no goroutine outlives the
// call. A leg that fails or times out reports its error; the others are
// unaffected. Results are in leg order.
func fanOut(ctx context.Context, legs []leg) []legResult {
	out := make([]legResult, len(legs))
	var wg sync.WaitGroup
	for i, l := range legs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = runLeg(ctx, l)
		}()
	}
	wg.Wait()
	return out
}

func runLeg(parent context.Context, l leg) (res legResult) {
	res.Source = l.Source
	ctx, cancel := context.WithTimeout(parent, l.Timeout)
	defer cancel()
	start := time.Now()
	defer func() {
		res.Duration = time.Since(start)
		if p := recover(); p != nil {
			res.Hits, res.Err = nil, fmt.Errorf("%s: panic: %v", l.Source, p)
		}
	}()

	// Retrievers honour their context, so the call returns by the leg's
	// deadline; calling it here (not in another goroutine) is what
	// guarantees that nothing outlives the request.
	res.Hits, res.Err = l.Retriever.Retrieve(ctx, l.Query)
	if res.Err != nil {
		if errors.Is(res.Err, context.DeadlineExceeded) && parent.Err() == nil {
			res.Err = fmt.Errorf("%s: timed out after %s: %w", l.Source, l.Timeout, res.Err)
		} else {
			res.Err = fmt.Errorf("%s: %w", l.Source, res.Err)
		}
		res.Hits = nil
	}
	if len(res.Hits) > l.Query.K && l.Query.K > 0 {
		res.Hits = res.Hits[:l.Query.K]
	}
	return res
}
