package pipeline

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// An identifier no record carries is said to be missing in every shape of
// question, and no other institution is answered in its place: yes/no
// questions, fields, look-ups, comparisons with a named institution.
func TestIdentifiersNotInTheData(t *testing.T) {
	p := testPipeline(t)
	science := "Science Museum"
	shapes := []string{
		"Is {id} still open?", "Is {id} in Berlin?", "Is {id} a museum?", "Is {id} accredited?",
		"What is the address of {id}?", "When did {id} open?", "Tell me about {id}", "{id}",
		"Ist {id} noch geöffnet?", "Is {id} nog open?",
		"Is {id} older than the Science Museum?", "Which is older, {id} or the Science Museum?",
	}
	for _, id := range []string{"DE-MUS-999999", "GB-XX-9999", "NL-AsdXXX9", "Q99999999", "wd:Q424242424", "GB-UkLiU"} {
		for _, shape := range shapes {
			q := strings.ReplaceAll(shape, "{id}", id)
			a := ask(t, p, q).Answer
			require.False(t, a.Exact, "%s: %s", q, a.Text)
			require.Contains(t, a.Text, "in the data", q)
			require.Regexp(t, `(?i)no institution|which no institution`, a.Text, q)
			for _, got := range a.IDs {
				in, ok := p.data.Get(got)
				require.True(t, ok)
				require.Contains(t, in.Name, science, "%s: answered about %s", q, in.Name)
			}
		}
	}
}
