package router

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A question whether a place has institutions of a kind, in English,
// German or Dutch, is a list that asks for a yes or no (Plan.Exists):
// an answer that finds none says no. A list, a count, a question about
// one institution's field or place, and a comparison ask for no yes or
// no of that kind.
func TestExistenceQuestions(t *testing.T) {
	r := newTestRouter(t)
	for q, code := range map[string]string{
		"Are there any libraries in Amsterdam?": "L",
		"Are there museums in Whitby?":          "M",
		"Is there a museum in Amsterdam?":       "M",
		"Is there an archive in Cornwall?":      "A",
		"Does Whitby have a library?":           "L",
		"Gibt es Museen in Amsterdam?":          "M",
		"Gibt es ein Archiv in Bremen?":         "A",
		"Hat Bremen ein Museum?":                "M",
		"Zijn er musea in Amsterdam?":           "M",
		"Is er een bibliotheek in Whitby?":      "L",
		"Heeft Delft een archief?":              "A",
		"are there any museums in amsterdam":    "M",
	} {
		p := r.Route(q)
		require.True(t, p.Exists, q)
		require.Equal(t, FrameSet, p.Frame, q)
		require.True(t, p.Constraints.List, q)
		require.Equal(t, []string{code}, p.Constraints.TypeCodes, q)
		require.Len(t, p.Constraints.Places, 1, q)
	}
	for _, q := range []string{
		"Which museums are in Amsterdam?",
		"Welche Museen gibt es in Bremen?",
		"Welke musea zijn er in Amsterdam?",
		"How many museums are there in York?",
		"Hoeveel musea zijn er in Amsterdam?",
		"Is there a website for the Rijksmuseum?",
		"Is the Rijksmuseum in Amsterdam?",
		"Are there more museums in Kent or in Devon?",
	} {
		require.False(t, r.Route(q).Exists, q)
	}
}
