package sparql

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/ident"
)

// injections are user texts that would change a query built by string
// concatenation.
var injections = []string{
	`"`, `'`, `}`, `{`, `\`, `\"`, `"""`, `'''`, "\n", "\r\n", "\t", "\x00", "\x01\x1f\x7f",
	"\u2028\u2029", "\u202e", "a\u0301\u0327", `\u0022) } #`, `\U00000022`,
	`Q1 } DROP ALL`,
	`Q1 } ; DROP ALL ; SELECT * WHERE {`,
	`" . ?s ?p ?o . FILTER("`,
	`") } UNION { ?item ?p ?o } #`,
	"\"\n} INSERT DATA { <http://x> <http://y> <http://z> } #",
	`# comment`,
	`<http://example.org/evil>`,
	`museum" || true || "`,
	strings.Repeat("Ünïcødé 博物館 🏛️ Ωμέγα ", 8),
}

// token is one lexical token of a query: a string literal (decoded), an
// IRI, or any other run of non-space characters.
type token struct {
	lit  bool
	text string
}

// lex splits a SPARQL query into tokens, decoding string literals per the
// SPARQL 1.1 grammar (ECHAR and UCHAR escapes). It fails on a literal that
// is not closed or holds a raw line break.
func lex(t *testing.T, q string) []token {
	t.Helper()
	var out []token
	for i := 0; i < len(q); {
		c := q[i]
		switch {
		case c == ' ' || c == '\n' || c == '\t' || c == '\r':
			i++
		case c == '#':
			for i < len(q) && q[i] != '\n' {
				i++
			}
		case c == '<' && i+1 < len(q) && !strings.ContainsRune(" =", rune(q[i+1])):
			j := strings.IndexByte(q[i:], '>')
			require.Positive(t, j, "unclosed IRI in %q", q[i:])
			out = append(out, token{text: q[i : i+j+1]})
			i += j + 1
		case c == '"' || c == '\'':
			var b strings.Builder
			j := i + 1
			for ; ; j++ {
				require.Less(t, j, len(q), "unclosed literal in %q", q[i:])
				ch := q[j]
				require.False(t, ch == '\n' || ch == '\r', "raw line break inside a literal: %q", q[i:j])
				if ch == c {
					break
				}
				if ch != '\\' {
					b.WriteByte(ch)
					continue
				}
				j++
				require.Less(t, j, len(q))
				switch q[j] {
				case 't':
					b.WriteByte('\t')
				case 'b':
					b.WriteByte('\b')
				case 'n':
					b.WriteByte('\n')
				case 'r':
					b.WriteByte('\r')
				case 'f':
					b.WriteByte('\f')
				case '"', '\'', '\\':
					b.WriteByte(q[j])
				case 'u', 'U':
					n := 4
					if q[j] == 'U' {
						n = 8
					}
					v, err := strconv.ParseUint(q[j+1:j+1+n], 16, 32)
					require.NoError(t, err)
					b.WriteRune(rune(v))
					j += n
				default:
					t.Fatalf("invalid escape \\%c in %q", q[j], q[i:j+1])
				}
			}
			out = append(out, token{lit: true, text: b.String()})
			i = j + 1
		default:
			j := i
			for j < len(q) && !strings.ContainsRune(" \n\t\r\"'#", rune(q[j])) {
				j++
			}
			out = append(out, token{text: q[i:j]})
			i = j
		}
	}
	return out
}

// skeleton is the query's token sequence with every literal blanked, and
// the literals in order.
func skeleton(t *testing.T, q string) (shape string, lits []string) {
	t.Helper()
	var b strings.Builder
	for _, tk := range lex(t, q) {
		if tk.lit {
			b.WriteString(`"…" `)
			lits = append(lits, tk.text)
			continue
		}
		b.WriteString(tk.text + " ")
	}
	return b.String(), lits
}

// expectedText is what literal keeps of s: NUL is dropped and invalid
// UTF-8 becomes U+FFFD.
func expectedText(s string) string {
	return strings.ReplaceAll(strings.ToValidUTF8(s, string(utf8.RuneError)), "\x00", "")
}

func TestLiteralIsOneToken(t *testing.T) {
	for _, s := range append(injections, "", "plain", "\xff\xfe broken") {
		lit := literal(s)
		toks := lex(t, lit)
		require.Len(t, toks, 1, "%q → %s", s, lit)
		require.True(t, toks[0].lit)
		require.Equal(t, expectedText(s), toks[0].text, "%q → %s", s, lit)
	}
}

func TestLiteralEscapes(t *testing.T) {
	for in, want := range map[string]string{
		`a"b`:     `"a\"b"`,
		`a'b`:     `"a\'b"`,
		`a\b`:     `"a\\b"`,
		"a\nb":    `"a\nb"`,
		"a\rb":    `"a\rb"`,
		"a\tb":    `"a\tb"`,
		"a\bb":    `"a\bb"`,
		"a\fb":    `"a\fb"`,
		"a\x01b":  `"a\u0001b"`,
		"a\x7fb":  `"a\u007Fb"`,
		"a\x00b":  `"ab"`,
		"Ü博🏛":     `"Ü博🏛"`,
		`\u0022`:  `"\\u0022"`,
		"a\u2028": `"a\u2028"`,
	} {
		require.Equal(t, want, literal(in), "%q", in)
	}
}

// TestSearchQueryStructure shows that no search text changes the shape of
// the label search query: the text lands in exactly one literal, and every
// other token is the same as for a harmless text.
func TestSearchQueryStructure(t *testing.T) {
	builders := map[string]func(string) string{
		"ranked": func(n string) string { return searchQuery(n, 10) },
		"scan":   func(n string) string { return scanQuery(n, defaultScanRows) },
	}
	for name, build := range builders {
		t.Run(name, func(t *testing.T) { testSearchQueryStructure(t, build) })
	}
}

func testSearchQueryStructure(t *testing.T, build func(needle string) string) {
	wantShape, wantLits := skeleton(t, build("museum"))
	for _, s := range injections {
		needle, err := searchNeedle(s)
		if err != nil {
			require.ErrorIs(t, err, ErrInvalid)
			require.Empty(t, strings.TrimSpace(expectedText(s)), "only blank text may be rejected here: %q", s)
			continue
		}
		shape, lits := skeleton(t, build(needle))
		require.Equal(t, wantShape, shape, "%q changed the query", s)
		require.Len(t, lits, len(wantLits))
		var differing []int
		for i := range lits {
			if lits[i] != wantLits[i] {
				differing = append(differing, i)
			}
		}
		require.Len(t, differing, 1, "%q", s)
		require.Equal(t, strings.TrimSpace(expectedText(strings.ToLower(s))), lits[differing[0]])
	}
}

func TestIdentifierQueriesStructure(t *testing.T) {
	ids := func(vals ...string) []ident.ID {
		var out []ident.ID
		for _, v := range vals {
			out = append(out, ident.ID{Scheme: ident.Wikidata, Value: v})
		}
		return out
	}
	q, err := enrichQuery(ids("Q1", "Q891746"), DefaultLanguages)
	require.NoError(t, err)
	shape, lits := skeleton(t, q)
	require.Contains(t, shape, "VALUES ?item { wd:Q1 wd:Q891746 }")
	require.Equal(t, []string{"", "en", "de", "nl"}, lits)

	// A hand-built ID cannot smuggle text past the builders.
	for _, bad := range []string{`Q1 } DROP ALL`, "Q1\n}", "Q", "Q01", "P31", `Q1"`} {
		_, err := enrichQuery(ids("Q2", bad), DefaultLanguages)
		require.ErrorIs(t, err, ErrInvalid, "%q", bad)
		_, err = anyTextQuery(ids(bad), true)
		require.ErrorIs(t, err, ErrInvalid, "%q", bad)
		_, err = similarQuery(ids(bad)[0], 5)
		require.ErrorIs(t, err, ErrInvalid, "%q", bad)
		_, err = itemTerm(ident.ID{Scheme: ident.ISIL, Value: "Q1"})
		require.ErrorIs(t, err, ErrInvalid)
	}

	// ISILs may hold ':' and '/'; each is one literal.
	var isils []ident.ID
	for _, s := range []string{"DE-MUS-031618", "NL-AmRM", "DE-Bo133:1", "XX-a/b"} {
		id, err := ident.ParseISIL(s)
		require.NoError(t, err)
		isils = append(isils, id)
	}
	shape, lits = skeleton(t, isilQuery(isils))
	require.Equal(t, []string{"DE-MUS-031618", "NL-AmRM", "DE-Bo133:1", "XX-a/b"}, lits)
	require.Contains(t, shape, `VALUES ?isil { "…" "…" "…" "…" }`)
}

func TestParseQIDsNormalises(t *testing.T) {
	got, err := parseQIDs([]string{"Q42", "wd:Q42", "https://www.wikidata.org/wiki/Q42", "q7", " Q9 "})
	require.NoError(t, err)
	require.Equal(t, []ident.ID{{Scheme: ident.Wikidata, Value: "Q42"}, {Scheme: ident.Wikidata, Value: "Q7"}, {Scheme: ident.Wikidata, Value: "Q9"}}, got)
	_, err = parseQIDs([]string{"Q1", "x", "Q2}"})
	require.ErrorIs(t, err, ident.ErrMalformed)
	require.ErrorContains(t, err, `"x", "Q2}"`)
}

func TestPick(t *testing.T) {
	ls := func(pairs ...string) []langString {
		var out []langString
		for i := 0; i < len(pairs); i += 2 {
			out = append(out, langString{pairs[i], pairs[i+1]})
		}
		return out
	}
	prefs := []string{"en", "de", "nl"}
	for _, tc := range []struct {
		in   []langString
		want string
	}{
		{ls("Museum", "de", "Museum (en)", "en"), "Museum (en)"},
		{ls("Museum", "de", "museum", "nl"), "Museum"},
		{ls("x", "fr", "y", "en-gb"), "y"},
		{ls("x", "fr", "untagged", ""), "untagged"},
		{ls("z", "it", "a", "fr"), "a"},
		{ls("b", "fr", "a", "fr"), "a"},
	} {
		got, ok := pick(tc.in, prefs)
		require.True(t, ok)
		require.Equal(t, tc.want, got.value, fmt.Sprint(tc.in))
	}
	_, ok := pick(nil, prefs)
	require.False(t, ok)
}

func TestParseWKTPoint(t *testing.T) {
	for in, want := range map[string]*Coordinates{
		"Point(9.85 52.62)":   {Lat: 52.62, Lon: 9.85},
		" point( -0.1 51.5 )": {Lat: 51.5, Lon: -0.1},
		"<http://www.wikidata.org/entity/Q2> Point(4.9 52.37)": {Lat: 52.37, Lon: 4.9},
		"<http://www.wikidata.org/entity/Q405> Point(1 2":      nil,
		"Point(200 10)":    nil,
		"Point(1)":         nil,
		"LINESTRING(1 2)":  nil,
		"Point(a b)":       nil,
		"Point(1 2 3)":     nil,
		"<unclosed Point(": nil,
	} {
		got, ok := parseWKTPoint(in)
		if want == nil {
			require.False(t, ok, in)
			continue
		}
		require.True(t, ok, in)
		require.Equal(t, *want, got, in)
	}
}
