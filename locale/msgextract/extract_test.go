package msgextract

import (
	"go/parser"
	"go/token"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestFile(t *testing.T) {
	src := `package p

import "fmt"

const kind = "field"

type x struct {
	A string ` + "`json:\"a\"`" + `
}

func f(p printer, b builder, m map[string]string, s string) string {
	if s == "open" {
		return p.Sprintf("%d of the %d %s: ", 1, 2, "museums")
	}
	switch s {
	case "closed":
		b.WriteString("Best matches: ")
	}
	fmt.Fprintf(b, "%s%s", s, s)
	_ = m["key"]
	_ = fmt.Errorf("pipeline: %w", nil)
	_ = x{A: "not text"}
	return map[bool]string{true: "Yes: ", false: "No: "}[s == ""] + strings.Join(nil, " and ")
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	require.NoError(t, err)
	var got []string
	formats, wordless := map[string]bool{}, map[string]bool{}
	for _, m := range File(fset, f) {
		got = append(got, m.Text)
		formats[m.Text] = m.Format
		wordless[m.Text] = m.Wordless
	}
	require.Equal(t, []string{"%d of the %d %s: ", "museums", "Best matches: ", "%s%s", "not text", "Yes: ", "No: ", " and "}, got)
	require.True(t, formats["%d of the %d %s: "], "a printer's format")
	require.False(t, formats["Best matches: "])
	require.True(t, wordless["%s%s"], "a format without words: a translation may add some")
	require.False(t, wordless["%d of the %d %s: "])
	// Sites, which rewriting reads, leaves the wordless format out
	var sites []string
	for _, st := range Sites(fset, f) {
		sites = append(sites, st.Text)
	}
	require.NotContains(t, sites, "%s%s")
}
