package retrieval_test

import (
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/retrieval"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

func TestSnippet(t *testing.T) {
	for _, c := range []struct {
		in   string
		max  int
		want string
	}{
		{"", 5, ""},
		{"short", 5, "short"},
		{"Göttingen", 9, "Göttingen"},
		{"Göttingen!", 9, "Göttinge…"},
		{"the old mill museum", 12, "the old…"},
		{"das Müller-Haus Museum", 16, "das Müller-Haus…"},
		{"abcdefghij", 6, "abcde…"},
	} {
		got := retrieval.Snippet(c.in, c.max)
		require.Equal(t, c.want, got, c.in)
		require.LessOrEqual(t, utf8.RuneCountInString(got), c.max, c.in)
	}
}

// snippetByRunes is Snippet written plainly, on a slice of runes.
func snippetByRunes(s string, max int) string {
	r := []rune(s)
	if len(r) <= max {
		return s
	}
	cut := max - 1
	for i := cut; i > max/2; i-- {
		if r[i] == ' ' {
			cut = i
			break
		}
	}
	return string(r[:cut]) + "…"
}

// TestSnippetAsByRunes holds Snippet to the plain version on every
// description, at the lengths the hits and the context use.
func TestSnippetAsByRunes(t *testing.T) {
	ds := testfixture.Dataset(t)
	for i := range ds.Institutions {
		d := ds.Institutions[i].Description
		for _, max := range []int{1, 2, 3, 160, retrieval.SnippetMax, 600} {
			require.Equal(t, snippetByRunes(d, max), retrieval.Snippet(d, max), "%q at %d", d, max)
		}
	}
	for _, s := range []string{"a b c d e f", "ab\xffcd ef gh", "\xff\xfe\xfd\xfc", "x  y  z  w", "日本 語の テキスト です"} {
		for max := 1; max <= 8; max++ {
			require.Equal(t, snippetByRunes(s, max), retrieval.Snippet(s, max), "%q at %d", s, max)
		}
	}
}
