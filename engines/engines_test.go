package engines_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/engines"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// NoVector leaves the vector leg to the caller and still names the
// embedder its queries need.
func TestBuildNoVector(t *testing.T) {
	ds := testfixture.Sample(t, 80)
	e, err := engines.Build(context.Background(), ds, engines.Config{NoVector: true})
	require.NoError(t, err)
	require.NotContains(t, e.Retrievers, plan.RetrieverVector)
	require.Contains(t, e.Retrievers, plan.RetrieverBM25)
	require.Nil(t, e.Vector)
	require.NotNil(t, e.Embedder)
	require.Equal(t, engines.HashingDim, e.Embedder.Dim())

	e, err = engines.Build(context.Background(), ds, engines.Config{})
	require.NoError(t, err)
	require.Contains(t, e.Retrievers, plan.RetrieverVector)
	require.Contains(t, e.Retrievers, plan.RetrieverKG)
}
