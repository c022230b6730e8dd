package llm_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/llm"
)

var sources = []llm.Source{
	{N: 1, Names: []string{"Naturmuseum Solothurn", "Natural History Museum Solothurn"},
		Text: `{"id":"ror:000xwam85","ghcid":"CH-SO-SOL-M-NS","city":"Solothurn","year_opened":"1825","wikidata":"Q1970398"}`},
	{N: 2, Names: []string{"Naturmuseum"}, Text: `{"id":"wd:Q1954663","isil":"DE-MUS-036811","country":"DE"}`},
	{N: 3, Names: []string{"Bodensee-Naturmuseum"}, Text: `{"id":"wd:Q19835577","isil":"DE-MUS-080011","year_opened":"1989"}`},
}

func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		name, answer string
		want         error
		cited        []int
	}{
		{"grounded", "Naturmuseum Solothurn was founded in 1825 [1]. Its Wikidata item is Q1970398 [1].", nil, []int{1}},
		{"several sources", "Naturmuseum Solothurn opened in 1825 [1], Bodensee-Naturmuseum in 1989 [3]. The Naturmuseum has ISIL DE-MUS-036811 [2].", nil, []int{1, 3, 2}},
		{"grouped markers", "Both are natural history museums [1, 3].", nil, []int{1, 3}},
		{"marker after the stop", "The Natural History Museum Solothurn opened in 1825.[1] It is in Solothurn. [1]", nil, []int{1}},
		{"abbreviation", "It is near St. Ursen in Solothurn [1].", nil, []int{1}},
		{"no citation", "Naturmuseum Solothurn was founded in 1825 [1]. It is a fine museum.", llm.ErrUncited, nil},
		{"empty", "  ", llm.ErrUncited, nil},
		{"unknown number", "Naturmuseum Solothurn was founded in 1825 [42].", llm.ErrUnknownCitation, nil},
		{"invented year", "Naturmuseum Solothurn was founded in 1823 [1].", llm.ErrUnsupported, nil},
		{"year of another source", "Naturmuseum Solothurn was founded in 1989 [1].", llm.ErrUnsupported, nil},
		{"invented identifier", "Its ISIL is DE-MUS-036811 [1].", llm.ErrUnsupported, nil},
		{"invented institution", "It works with the Kunstmuseum Basel [1].", llm.ErrUnsupported, nil},
		{"another source's name", "Bodensee-Naturmuseum is in Solothurn [1].", llm.ErrUnsupported, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cited, err := llm.Check(tc.answer, sources)
			if tc.want == nil {
				require.NoError(t, err)
				require.Equal(t, tc.cited, cited)
				return
			}
			require.ErrorIs(t, err, tc.want)
			var ce *llm.CheckError
			require.ErrorAs(t, err, &ce)
		})
	}
}

func TestSentences(t *testing.T) {
	got := llm.Sentences("It opened in 1825 [1]. Dr. Smith led it (ca. 1900) [2]! Did it close? [3]\n- A list item [1]\n\nWhat? No.")
	require.Equal(t, []string{"It opened in 1825 [1].", "Dr. Smith led it (ca. 1900) [2]!", "Did it close? [3]", "A list item [1]", "What?", "No."}, got)
}
