package pipeline

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestAskWithout(t *testing.T) {
	p := testPipeline(t)
	ctx := context.Background()
	q := "Which accredited museums are in Rye?"
	with, err := p.Ask(ctx, Request{Question: q})
	require.NoError(t, err)
	require.NotEmpty(t, with.Plan.Constraints.Places)
	require.Equal(t, "set", with.Answer.Kind)

	without, err := p.Ask(ctx, Request{Question: q, Without: []string{"place:" + with.Plan.Constraints.Places[0].Name}})
	require.NoError(t, err)
	require.Empty(t, without.Plan.Constraints.Places)
	require.Greater(t, without.Answer.Count, with.Answer.Count, "all accredited museums are more than those in Rye")

	again, err := p.Ask(ctx, Request{Question: q})
	require.NoError(t, err)
	require.Equal(t, with.Answer.Count, again.Answer.Count, "the cache keeps the two apart")

	_, err = p.Ask(ctx, Request{Question: q, Without: []string{"colour:red"}})
	require.True(t, errors.Is(err, ErrBadOption), "%v", err)
}
