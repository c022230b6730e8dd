package retrievers_test

import (
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/retrievers"
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
		got := retrievers.Snippet(c.in, c.max)
		require.Equal(t, c.want, got, c.in)
		require.LessOrEqual(t, utf8.RuneCountInString(got), c.max, c.in)
	}
}
