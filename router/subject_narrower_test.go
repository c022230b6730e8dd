package router

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Every narrower label is a label of the subject lexicon: a typo would
// mark nothing.
func TestNarrowerLabelsAreLexiconLabels(t *testing.T) {
	labels := map[string]bool{}
	for _, e := range DefaultLexicon().subjects {
		for _, l := range e.labels() {
			labels[l] = true
		}
	}
	for _, l := range DefaultLexicon().narrowerLabels {
		require.True(t, labels[l], "%q is no label of the subject lexicon", l)
	}
}

// A word for part of a subject is read as the subject and kept as
// broader; the words for every part of it, or for the whole, are not.
func TestBroaderSubjects(t *testing.T) {
	r := newTestRouter(t)
	for q, want := range map[string][]string{
		"Are there any museums about coal mining in Wales?":     {"coal mining"},
		"Which museums in Bath are about painting?":             {"painting"},
		"Welche Museen zeigen Dampfloks?":                       {"Dampfloks"},
		"Which bus and tram museums are there?":                 nil,
		"Which railway museums are in Yorkshire?":               nil,
		"Which museums in Wales have collections about mining?": nil,
	} {
		c := r.Route(q).Constraints
		require.NotEmpty(t, c.Subjects, q)
		require.Equal(t, want, c.Broader, q)
	}
}
