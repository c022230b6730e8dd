package bm25_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/retrievers/bm25"
)

func TestQueryText(t *testing.T) {
	require.Equal(t, "Which museums in Kent are operated by the National Trust",
		bm25.QueryText("Which museums in Kent are operated by the National Trust?"))
	require.Equal(t, "the railway museums in A and B.", bm25.QueryText("Compare the railway museums in A and B."))
	require.Equal(t, "", bm25.QueryText("list institutions"))
}
