package router

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSwapped(t *testing.T) {
	require.True(t, swapped("yaer", "year"))
	require.True(t, swapped("waht", "what"))
	require.True(t, swapped("hwen", "when"))
	require.False(t, swapped("year", "year"))
	require.False(t, swapped("yeat", "year"))  // a letter changed
	require.False(t, swapped("yera", "yaer"))  // two swaps apart
	require.False(t, swapped("years", "year")) // another length
}

// A short cue word with two letters swapped is read as the word; the
// rest of the question then decides, as it would spelt right.
func TestShortCueWordSwapped(t *testing.T) {
	r := newTestRouter(t)
	for typo, right := range map[string]string{
		"What yaer did the Jorvik Viking Centre open?":     "What year did the Jorvik Viking Centre open?",
		"Waht is the website of the Jorvik Viking Centre?": "What is the website of the Jorvik Viking Centre?",
	} {
		a, b := r.Route(typo), r.Route(right)
		require.Equal(t, b.Frame, a.Frame, typo)
		require.Equal(t, b.Constraints.Field, a.Constraints.Field, typo)
		require.Equal(t, b.Constraints.Names[0].Name, a.Constraints.Names[0].Name, typo)
	}
}

// The first word of a name read is no misspelt verb that opens a yes/no
// question ("Haven" is one edit from "have").
func TestNameWordIsNoMisspeltVerb(t *testing.T) {
	p := newTestRouter(t).Route("Haven Plotlands Museum town")
	require.Equal(t, FrameField, p.Frame)
	require.Equal(t, "city", p.Constraints.Field)
}
