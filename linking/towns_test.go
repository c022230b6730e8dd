package linking

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// A town inside a name is a place: a reference to a town archive of a
// town of the data that has none is no misspelling of another town's.
func TestTownInNameConflicts(t *testing.T) {
	l := testLinker(t)
	feature := func(c Candidate) float64 {
		for _, f := range c.Features {
			if f.ID == FeatureTownConflict {
				return f.Value
			}
		}
		return -1
	}
	for _, q := range []Query{
		{Text: "Stadtarchiv Mertingen"},
		{Text: "Stadtarchiv Wertingen", City: "Mertingen"},
	} {
		cands, err := l.Link(context.Background(), q, 5)
		require.NoError(t, err)
		require.False(t, anyMatch(cands), q)
		if at := slices.IndexFunc(cands, func(c Candidate) bool { return c.ID == "wd:Q28720047" }); at >= 0 {
			require.Equal(t, 1.0, feature(cands[at]), q)
		} else {
			require.NotEmpty(t, q.City, "the look-alike is listed when no hint ranks others first")
		}
	}
	cands, err := l.Link(context.Background(), Query{Text: "Stadtarchiv Wertingen", City: "Wertingen"}, 5)
	require.NoError(t, err)
	require.True(t, cands[0].Match)
	require.Equal(t, 0.0, feature(cands[0]))
}
