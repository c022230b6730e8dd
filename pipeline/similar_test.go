package pipeline

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// Institutions like a named one, over the data: for every fortieth open
// British museum with subjects and a unique name, "Which museums are
// similar to X?" (and its Dutch and German wordings) lists open museums
// other than X, each sharing a subject or the town with it, as a ranking
// that is never called exact and says what it compared.
func TestSimilarOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	p := testPipeline(t)
	names := map[string]int{}
	for i := range p.Data().Institutions {
		names[strings.ToLower(p.Data().Institutions[i].Name)]++
	}
	asked, n := 0, 0
	for i := range p.Data().Institutions {
		of := &p.Data().Institutions[i]
		if of.Country != "GB" || of.TypeCode != "M" || !of.IsOpen() || len(of.Subjects) == 0 || names[strings.ToLower(of.Name)] != 1 {
			continue
		}
		if n++; n%40 != 0 {
			continue
		}
		for _, w := range []struct {
			q    string
			lang locale.Lang
		}{
			{fmt.Sprintf("Which museums are similar to %s?", of.Name), locale.EN},
			{fmt.Sprintf("Welke musea lijken op %s?", of.Name), locale.NL},
			{fmt.Sprintf("Welche Museen sind ähnlich wie %s?", of.Name), locale.DE},
		} {
			asked++
			got, err := p.Ask(t.Context(), Request{Question: w.q, NoCache: true})
			require.NoError(t, err)
			require.Equal(t, "similar", string(got.Plan.Frame), w.q)
			require.Equal(t, w.lang, got.Lang, w.q)
			require.False(t, got.Answer.Exact, w.q)
			require.NotContains(t, got.Answer.IDs, of.ID, w.q)
			for _, id := range got.Answer.IDs {
				in, ok := p.Data().Get(id)
				require.True(t, ok)
				require.Equal(t, "M", in.TypeCode, w.q)
				require.True(t, in.IsOpen(), w.q)
				shares := slices.ContainsFunc(in.Subjects, func(s string) bool { return slices.Contains(of.Subjects, s) })
				require.True(t, shares || in.City != "" && strings.EqualFold(in.City, of.City), "%s: %s shares nothing", w.q, in.Name)
			}
		}
	}
	require.Greater(t, asked, 30)
}

// A cue of likeness needs a name right after it: "I would like to know
// when X opened" asks for a field.
func TestLikeIsNoLikenessWithoutAName(t *testing.T) {
	p := testPipeline(t)
	got := ask(t, p, "I would like to know when Walmer Castle opened.")
	require.Equal(t, "field", string(got.Plan.Frame))
	require.Contains(t, got.Answer.Text, "opening year of Walmer Castle")
}
