package query_test

import (
	"go/build"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLeaf keeps the package a contract-level leaf: every backend is to
// translate its expressions, so it imports none of them; nor the filter
// dict, which translates into it.
func TestLeaf(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	require.NoError(t, err)
	const module = "github.com/hybridrag/hybridrag/"
	allowed := []string{"plan", "heritage", "internal/"}
	for _, imp := range pkg.Imports {
		rest, ours := strings.CutPrefix(imp, module)
		if !ours {
			require.NotContains(t, imp, ".", "query imports %s: the standard library only", imp)
			continue
		}
		ok := false
		for _, a := range allowed {
			ok = ok || rest == a || strings.HasSuffix(a, "/") && strings.HasPrefix(rest, a)
		}
		require.True(t, ok, "query imports %s", imp)
	}
}
