package router

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A place and a kind are no institution's name when the place starts
// before the name ("North Yorkshire museum") or a word of which stands
// before them ("which wiltshire museum"); a plural kind written small is
// no phrase of a singular name ("whitby museums").
func TestPlaceAndKindBeforeAName(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"which North Yorkshire museum has the subject writers and literature",
		"North Yorkshire museum writers and literature",
		"which wiltshire museum is about regiments",
		"whitby museums list",
	} {
		p := r.Route(q)
		require.Empty(t, p.Constraints.Names, q)
		require.NotEmpty(t, p.Constraints.Places, q)
		require.Equal(t, FrameSet, p.Frame, q)
	}
	p := r.Route("When did Wiltshire Museum open?")
	require.Len(t, p.Constraints.Names, 1)
}

// A list selects by its conditions: a name read in it is a word the
// list does not hold to, and the answer is not exact.
func TestNameInAListIsUnread(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("list the manchester museum collections about egypt")
	require.Equal(t, []string{"the manchester museum"}, p.Unused(UnusedUnread))
	p = r.Route("Search for museums in Norfolk on the subject of railways.")
	require.Empty(t, p.Constraints.Names)
	require.Empty(t, p.Unused(UnusedUnread))
}

// An anaphor after what it refers to in the question itself is no sign
// that the question refers back to a clause before it.
func TestAnaphorAfterItsNameInTheQuestion(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Kurze Frage: gehört Southend Central Museum zu Southend-on-Sea, also steht es da?")
	require.Equal(t, FrameYesNo, p.Frame)
}

// Plural kinds offered as alternatives of one named institution ask for
// its kind; fillers may stand between a cue of belonging and its body.
func TestPluralKindsAsAlternativesAndFillersAfterACue(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Valt Mapledurham House onder de musea, de bibliotheken of de archieven?")
	require.Equal(t, "type", p.Constraints.Field)
	p = r.Route("Welche Häuser gehören alle zu National Museums Northern Ireland?")
	require.Len(t, p.Constraints.Bodies, 1)
	p = r.Route("Are there more libraries or archives in Kent?")
	require.NotEqual(t, "type", p.Constraints.Field)
}
