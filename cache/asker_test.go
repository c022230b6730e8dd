package cache

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

type answer struct {
	IDs    []string
	Cached bool
}

type question struct {
	Text     string
	Fresh    bool
	Degraded bool
	Fail     bool
}

// counter answers with a fresh slice per call and counts the calls.
type counter struct{ calls int }

func (c *counter) Ask(_ context.Context, q question) (*answer, error) {
	c.calls++
	if q.Fail {
		return nil, errors.New("backend down")
	}
	return &answer{IDs: []string{q.Text}}, nil
}

func newAsker(next Answerer[question, *answer]) *Asker[question, *answer] {
	return NewAsker(next, NewTTL[*answer](16, 0), AskPolicy[question, *answer]{
		Key:  func(q question) (string, bool) { return Key(Normalize(q.Text)), q.Fresh },
		Keep: func(a *answer) bool { return !strings.HasPrefix(a.IDs[0], "degraded") },
		Copy: func(a *answer) *answer {
			cp := *a
			cp.IDs = slices.Clone(a.IDs)
			return &cp
		},
		Serve: func(_ question, a *answer) *answer {
			cp := *a
			cp.IDs = slices.Clone(a.IDs)
			cp.Cached = true
			return &cp
		},
	})
}

func TestAskerServesCopies(t *testing.T) {
	next := &counter{}
	a := newAsker(next)
	ctx := context.Background()

	first, err := a.Ask(ctx, question{Text: "Which museums are in Kent?"})
	require.NoError(t, err)
	require.False(t, first.Cached)
	first.IDs[0] = "edited by the caller"

	second, err := a.Ask(ctx, question{Text: "which museums are in  kent"})
	require.NoError(t, err)
	require.True(t, second.Cached)
	require.Equal(t, []string{"Which museums are in Kent?"}, second.IDs, "a caller's edit must not reach the cache")
	second.IDs[0] = "edited again"

	third, err := a.Ask(ctx, question{Text: "which museums are in kent"})
	require.NoError(t, err)
	require.Equal(t, []string{"Which museums are in Kent?"}, third.IDs)
	require.Equal(t, 1, next.calls)
	require.Equal(t, Stats{Hits: 2, Misses: 1}, a.Stats())
}

func TestAskerRefreshKeepAndErrors(t *testing.T) {
	next := &counter{}
	a := newAsker(next)
	ctx := context.Background()

	_, err := a.Ask(ctx, question{Text: "q"})
	require.NoError(t, err)
	r, err := a.Ask(ctx, question{Text: "q", Fresh: true})
	require.NoError(t, err)
	require.False(t, r.Cached, "a refresh answers afresh")
	require.Equal(t, 2, next.calls)

	for range 2 {
		r, err = a.Ask(ctx, question{Text: "degraded answer"})
		require.NoError(t, err)
		require.False(t, r.Cached, "a degraded answer is not kept")
	}
	for range 2 {
		_, err = a.Ask(ctx, question{Text: "broken", Fail: true})
		require.Error(t, err)
	}
	require.Equal(t, 6, next.calls)
}
