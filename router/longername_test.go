package router

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A name read inside a longer capitalised run whose other words the
// question reads as nothing else (or only as a subject) is the name of
// an institution the data does not hold: the shorter record is dropped
// and the run reported. Words of the record's own name, places after a
// locative and misspelt cue words do not lengthen it.
func TestLongerNameIsNoShorterOne(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"When did the Abbey Grange Museum open?",
		"Abbey Grange Musuem And Gardens opening year",
		"When did the Quiffingham Ashdon Village Museum open?",
	} {
		p := r.Route(q)
		require.Empty(t, p.Constraints.Names, q)
		require.NotEmpty(t, p.UnusedPhrase(UnusedName), q)
	}
	for q, name := range map[string]string{
		"When did the Ashdon Village Museum open?":                  "Ashdon Village Museum",
		"Is Corwen Museum in Corwen?":                               "Corwen Museum",
		"What year did the Cyfarthfa Castle Musdum open its doors?": "",
		"Staaat Railway Museum, Ravenglass in Holt?":                "Railway Museum, Ravenglass",
	} {
		p := r.Route(q)
		require.Len(t, p.Constraints.Names, 1, q)
		if name != "" {
			require.Equal(t, name, p.Constraints.Names[0].Name, q)
		}
		require.Empty(t, p.UnusedPhrase(UnusedName), q)
	}
}

// A body named by the first words of its name, after a relation cue, is
// the one body whose name starts with them.
func TestBodyByItsFirstWords(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Which institutions are part of the Prussian Cultural Heritage?")
	require.Len(t, p.Constraints.Bodies, 1)
	require.Equal(t, "Prussian Cultural Heritage Foundation", p.Constraints.Bodies[0].Name)
}

// Of several records whose names hold a phrase, the one whose name
// starts with it is the one named.
func TestPhraseNamesTheNameItStarts(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Which organisation runs the Roman Baths?")
	require.Len(t, p.Constraints.Names, 1)
	require.Equal(t, "Roman Baths Museum", p.Constraints.Names[0].Name)
}
