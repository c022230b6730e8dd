package pipeline

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// tally counts the questions a test over the data asks and those answered
// right, and keeps the first few wrong ones to show.
type tally struct {
	asked, right int
	wrong        []string
}

// add counts one question; wrong describes it when ok is false.
func (c *tally) add(ok bool, wrong string) {
	c.asked++
	if ok {
		c.right++
	} else if len(c.wrong) < 5 {
		c.wrong = append(c.wrong, wrong)
	}
}

// require logs the count ("N of M <what>") and requires more than min
// questions asked and at least percent of them right.
func (c *tally) require(t *testing.T, what string, min, percent int) {
	t.Helper()
	t.Logf("%d of %d %s; wrong e.g. %q", c.right, c.asked, what, c.wrong)
	require.Greater(t, c.asked, min)
	if percent == 100 {
		require.Equal(t, c.asked, c.right)
		return
	}
	require.GreaterOrEqual(t, c.right*100, c.asked*percent)
}

// sameMembers reports whether two answers name the same institutions, in
// any order.
func sameMembers(a, b []string) bool {
	return slices.Equal(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b)))
}
