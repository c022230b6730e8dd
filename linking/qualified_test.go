package linking

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/names"
)

// qualifiedBase is the name before a qualifier that ends name: a group in
// parentheses ("Great Central Railway (Nottingham)") or a town of the
// data after a comma ("Museum Of Antiquities, Newcastle"); or "".
func qualifiedBase(l *Linker, name string) string {
	if strings.HasSuffix(name, ")") {
		if open := strings.LastIndexByte(name, '('); open > 0 {
			return strings.TrimSpace(name[:open])
		}
	}
	if at := strings.LastIndexByte(name, ','); at > 0 && l.isTown(strings.TrimSpace(name[at+1:])) {
		return strings.TrimSpace(name[:at])
	}
	return ""
}

// TestQualifiedNamesakesOverTheData takes every record whose name is a
// base name and a qualifier, where another record's name holds the base
// name too (is it, or holds its words as written and in order): the base
// name alone, with no hint, names none of them.
func TestQualifiedNamesakesOverTheData(t *testing.T) {
	l := testLinker(t)
	tried := 0
	for k := range l.ds.Institutions {
		in := &l.ds.Institutions[k]
		base := qualifiedBase(l, in.Name)
		if len(names.Words(base)) < 2 {
			continue
		}
		phrase := " " + names.Key(base) + " "
		holders := map[string]bool{}
		for _, h := range l.names.Search(base, names.Options{Limit: l.fanout}) {
			other := &l.ds.Institutions[h.Doc]
			if h.Kind == "" && other.ID != in.ID && strings.Contains(" "+h.Key+" ", phrase) && qualifiedBase(l, other.Name) == "" {
				holders[other.ID] = true
			}
		}
		if len(holders) == 0 {
			continue
		}
		holders[in.ID] = true
		tried++
		got, err := l.Link(context.Background(), Query{Text: base}, 5)
		require.NoError(t, err)
		for _, c := range got {
			require.False(t, c.Match && holders[c.ID], "%q (the base of %q) matched %s %q", base, in.Name, c.ID, c.Name)
		}
	}
	require.GreaterOrEqual(t, tried, 5, "records with a qualified name whose base another name holds")
	t.Logf("%d qualified names whose base another record's name holds", tried)
}
