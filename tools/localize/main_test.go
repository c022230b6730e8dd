package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const answerSource = `package p

import (
	"fmt"
	"strings"
)

var kinds = map[string]string{"M": "museum"}

func plural(noun string, n int) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}

func answer(n int, b *strings.Builder, code string) string {
	fmt.Fprintf(b, "%d %s: ", n, plural("museum", n))
	if code == "yes" {
		return "Best matches: "
	}
	return fmt.Sprintf("No %s is in the data.", "yes") + " and " + kinds["M"]
}
`

func TestRewrite(t *testing.T) {
	out, n, tables, err := Rewrite("p.go", []byte(answerSource), map[string]bool{"yes": true}, "pr", "plural")
	require.NoError(t, err)
	got := string(out)
	for _, want := range []string{
		`pr.Fprintf(b, "%d %s: ", n, pr.Plural("museum", n))`,
		`return pr.Text("Best matches: ")`,
		`pr.Sprintf("No %s is in the data.", "yes") + pr.Text(" and ") + kinds["M"]`,
		`if code == "yes" {`, // a comparison is code
		`return noun + "s"`,  // the English plural itself stays
	} {
		require.Contains(t, got, want)
	}
	require.NotContains(t, got, `"fmt"`, "the unused import goes")
	require.Equal(t, 5, n)
	require.Len(t, tables, 1)
	require.Equal(t, "museum", tables[0].Text, "a table's words are translated where used")

	// A file without answer text is left alone.
	same, n, _, err := Rewrite("q.go", []byte("package p\n\nfunc f() int { return 1 }\n"), nil, "pr", "plural")
	require.NoError(t, err)
	require.Zero(t, n)
	require.Equal(t, "package p\n\nfunc f() int { return 1 }\n", string(same))

	// A lone fmt import goes whole.
	out, _, _, err = Rewrite("r.go", []byte("package p\n\nimport \"fmt\"\n\nfunc f(n int) string { return fmt.Sprintf(\"%d museums\", n) }\n"), nil, "pr", "plural")
	require.NoError(t, err)
	require.False(t, strings.Contains(string(out), "import"), string(out))
}
