package locale

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/locale/msgextract"
)

func TestBundledCatalogueLoads(t *testing.T) {
	c, err := LoadCatalogue(messageFiles)
	require.NoError(t, err)
	require.NotEmpty(t, c.Entries(NL))
	require.NotEmpty(t, c.Entries(DE))
	// both languages translate the same messages
	for id := range c.Entries(NL) {
		require.True(t, c.Has(DE, id), "German lacks %q", id)
	}
	for id := range c.Entries(DE) {
		require.True(t, c.Has(NL, id), "Dutch lacks %q", id)
	}
}

func TestLoadCatalogueIsStrict(t *testing.T) {
	load := func(nl string) error {
		_, err := LoadCatalogue(fstest.MapFS{"messages/nl.json": {Data: []byte(nl)}})
		return err
	}
	require.NoError(t, load(`{"language":"nl","messages":[
		{"id":"%d of the %d %s: ","text":"%d van de %d %s: "},
		{"id":"%s is in %s","text":"in %[2]s ligt %[1]s"},
		{"id":"%d years","plural":{"arg":1,"cases":{"=0":"geen jaren","one":"één jaar","other":"%d jaar"}}}]}`))
	for name, nl := range map[string]string{
		"unknown placeholder": `{"language":"nl","messages":[{"id":"%s is in %s","text":"%s ligt in %s, %s"}]}`,
		"missing verb":        `{"language":"nl","messages":[{"id":"%s is in %s","text":"%s ligt ergens"}]}`,
		"other verb":          `{"language":"nl","messages":[{"id":"%d museums","text":"%s musea"}]}`,
		"other precision":     `{"language":"nl","messages":[{"id":"%.150s","text":"%s"}]}`,
		"hidden as another":   `{"language":"nl","messages":[{"id":"%d%.0s","text":"%d %d"}]}`,
		"index out of range":  `{"language":"nl","messages":[{"id":"%s is in %s","text":"%[3]s ligt in %[1]s"}]}`,
		"duplicate key": `{"language":"nl","messages":[{"id":"Best matches: ","text":"Beste: "},
			{"id":"Best matches: ","text":"Beste treffers: "}]}`,
		"empty id":           `{"language":"nl","messages":[{"id":"","text":"x"}]}`,
		"text and plural":    `{"language":"nl","messages":[{"id":"%d years","text":"%d jaar","plural":{"arg":1,"cases":{"other":"%d jaar"}}}]}`,
		"neither":            `{"language":"nl","messages":[{"id":"years"}]}`,
		"plural no other":    `{"language":"nl","messages":[{"id":"%d years","plural":{"arg":1,"cases":{"one":"%d jaar"}}}]}`,
		"plural bad case":    `{"language":"nl","messages":[{"id":"%d years","plural":{"arg":1,"cases":{"several":"%d jaar","other":"%d jaar"}}}]}`,
		"plural bad arg":     `{"language":"nl","messages":[{"id":"%d years","plural":{"arg":2,"cases":{"other":"%d jaar"}}}]}`,
		"plural case verb":   `{"language":"nl","messages":[{"id":"%d years in %s","plural":{"arg":1,"cases":{"one":"een jaar","other":"%d jaar in %s"}}}]}`,
		"unknown field":      `{"language":"nl","messages":[{"id":"x","text":"y","note":"z"}]}`,
		"wrong language":     `{"language":"de","messages":[]}`,
		"trailing data":      `{"language":"nl","messages":[]} {}`,
		"not json":           `language: nl`,
		"unterminated index": `{"language":"nl","messages":[{"id":"%s","text":"%[1s"}]}`,
		"noun without other": `{"language":"nl","messages":[{"id":"museum","noun":{"one":"museum"}}]}`,
		"noun with a verb":   `{"language":"nl","messages":[{"id":"museum","noun":{"one":"museum","other":"%d musea"}}]}`,
		"noun and text":      `{"language":"nl","messages":[{"id":"museum","text":"museum","noun":{"one":"museum","other":"musea"}}]}`,
		"noun bad form":      `{"language":"nl","messages":[{"id":"museum","noun":{"one":"museum","other":"musea","plenty":"musea"}}]}`,
	} {
		err := load(nl)
		require.ErrorIs(t, err, ErrCatalogue, name)
	}
}

func TestDirectives(t *testing.T) {
	for format, want := range map[string]string{
		"%s of %d":           "1:s 2:d",
		"%%d %+d %.150s":     "1:+d 2:.150s",
		"%[2]s before %[1]d": "2:s 1:d",
		"%-10s|%5.2f|%q":     "1:-10s 2:5.2f 3:q",
		"%*d":                "1:* 2:d",
		"no verbs":           "",
	} {
		ds, err := directives(format)
		require.NoError(t, err, format)
		var got []string
		for _, d := range ds {
			got = append(got, strconv.Itoa(d.arg)+":"+d.spec)
		}
		require.Equal(t, want, strings.Join(got, " "), format)
	}
	for _, bad := range []string{"%", "trailing %+", "%[x]s", "%[0]s", "%[2s"} {
		_, err := directives(bad)
		require.Error(t, err, bad)
	}
}

// The English printer is fmt: the same bytes for every format the answer
// code uses, and for the awkward verbs.
func TestEnglishPrinterIsFmt(t *testing.T) {
	en := For(EN)
	args := []any{"Museum Folkwang", 1850, -3, 12.5, "a “quoted” name", 7}
	formats := []string{"%+d", "%.150s", "%q", "%d %s", "%5.1f%%", "%[2]d %[1]s", "%v and %v", "%s%s", "%x"}
	for _, f := range formats {
		require.Equal(t, fmt.Sprintf(f, args...), en.Sprintf(f, args...), f)
		var a, b bytes.Buffer
		fmt.Fprintf(&a, f, args...)
		_, err := en.Fprintf(&b, f, args...)
		require.NoError(t, err)
		require.Equal(t, a.String(), b.String(), f)
	}
	for id := range DefaultCatalogue().Entries(NL) {
		require.Equal(t, id, en.Text(id))
	}
	var nilPrinter *Printer
	require.Equal(t, "3 museums", nilPrinter.Sprintf("%d %s", 3, "museums"))
}

func TestDutchAndGermanRenderings(t *testing.T) {
	nl, de := For(NL), For(DE)
	// plural rules: the number selects the case
	require.Equal(t, "1 Jahr", de.Sprintf("%d years", 1))
	require.Equal(t, "12 Jahre", de.Sprintf("%d years", 12))
	require.Equal(t, "12 jaar", nl.Sprintf("%d years", 12))
	// integers print as fmt prints them: a year is no thousands
	require.Equal(t, "tussen 1850 en 12000", nl.Sprintf("between %d and %d", 1850, 12000))
	require.Equal(t, ", eine Nettoveränderung von -3",
		strings.TrimPrefix(de.Sprintf("%s, %d %s the question selects opened and %d closed, a net change of %+d", "Zwischen 1990 und 2000", 5, "Museen", 8, -3),
			"Zwischen 1990 und 2000 wurden 5 Museen, die die Frage auswählt, eröffnet und 8 geschlossen"))
	require.Contains(t, nl.Sprintf("%s, %d %s the question selects opened and %d closed, a net change of %+d", "Tussen 1990 en 2000", 5, "musea", 2, 3), "van +3")
	// word order by explicit indexes
	require.Equal(t, "Museum Folkwang hat als Adresse Museumsplatz 1 [1].",
		de.Sprintf("The %s of %s%s is %s%s.", de.Text("address"), "Museum Folkwang", "", "Museumsplatz 1", " [1]"))
	require.Equal(t, "Die 3 ältesten", de.Sprintf("The %d %s", 3, de.Text("oldest")))
	// other numbers in the language's notation
	require.Equal(t, "Von den 40 Museen in Wales: 10 (25,0 %) sind akkreditiert",
		de.Sprintf("Of the %d %s%s, %d (%.1f%%) %s", 40, "Museen", " in Wales", 10, 25.0, de.Text("are accredited")))
	// word pieces
	require.Equal(t, "musea", nl.Text("museums"))
	require.Equal(t, "Bibliothek", de.Text("library"))
	require.Equal(t, "Beste overeenkomsten: ", nl.Text("Best matches: "))
	// no translation: the English, as fmt formats it
	require.Equal(t, "not in the catalogue 1850", nl.Sprintf("not in the catalogue %d", 1850))
	require.Equal(t, "not in the catalogue", de.Text("not in the catalogue"))
	// Fprintf writes what Sprintf returns
	var b bytes.Buffer
	_, err := nl.Fprintf(&b, "%d of the %d %s: ", 3, 12, "musea")
	require.NoError(t, err)
	require.Equal(t, "3 van de 12 musea: ", b.String())
	// the renderings read as their language
	w := DefaultWords()
	for _, tc := range []struct {
		p    *Printer
		text string
	}{
		{nl, nl.Sprintf("No institution called %s is in the data.", "“Het Gebouw”")},
		{de, de.Sprintf("No institution called %s is in the data.", "“Das Haus”")},
		{nl, nl.Text("No institution matches every condition of the question exactly; the closest matches are: ")},
		{de, de.Text("No institution matches every condition of the question exactly; the closest matches are: ")},
	} {
		l, ok := w.Score(tc.text).Best()
		require.True(t, ok, tc.text)
		require.Equal(t, tc.p.Lang(), l, tc.text)
	}
}

// codeLiterals are the literals msgextract finds that are code, not text
// (messages/code.txt).
func codeLiterals(t *testing.T) map[string]bool { return quotedLines(t, "messages/code.txt") }

// quotedLines reads a file of one Go-quoted string a line, "#" comments
// and blank lines skipped.
func quotedLines(t *testing.T, name string) map[string]bool {
	t.Helper()
	data, err := os.ReadFile(name)
	require.NoError(t, err)
	out := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		s, err := strconv.Unquote(line)
		require.NoError(t, err, "%s:%d", name, n)
		require.False(t, out[s], "%s:%d: %q twice", name, n, s)
		out[s] = true
	}
	require.NoError(t, sc.Err())
	return out
}

// answerDirs are the packages (and files) that write answer text,
// relative to this one; one that does not exist (yet) is skipped.
var answerDirs = []string{"../pipeline", "../answer", "../cmd/hybridrag/asktext.go"}

// Every format string and word piece the answer code writes, and every
// closed-vocabulary word of the records it cites (messages/values.txt),
// has a Dutch and a German translation with the same placeholders (the
// loader checks the placeholders), and the catalogue holds nothing the
// answer code no longer writes.
func TestCatalogueCoversAnswerText(t *testing.T) {
	var dirs []string
	for _, d := range answerDirs {
		if _, err := os.Stat(d); err == nil {
			dirs = append(dirs, d)
		}
	}
	msgs, err := msgextract.Dirs(dirs...)
	require.NoError(t, err)
	code := codeLiterals(t)
	c := DefaultCatalogue()
	formats, texts := 0, 0
	written := map[string]bool{}
	var missing []string
	for _, m := range msgs {
		if code[m.Text] {
			continue
		}
		written[m.Text] = true
		if m.Wordless {
			continue // a translation may add words; none needs to
		}
		if m.Format {
			formats++
		} else {
			texts++
		}
		for _, l := range []Lang{NL, DE} {
			if !c.Has(l, m.Text) {
				missing = append(missing, fmt.Sprintf("%s: %s lacks %q", m.Pos, l, m.Text))
			}
		}
	}
	t.Logf("answer text: %d format strings and %d word pieces (and %d literals of code)", formats, texts, len(code))
	// the records' words the answers cite (messages/values.txt) are
	// answer text too
	for v := range quotedLines(t, "messages/values.txt") {
		require.False(t, code[v], "%q is in code.txt and values.txt", v)
		written[v] = true
		for _, l := range []Lang{NL, DE} {
			if !c.Has(l, v) {
				missing = append(missing, fmt.Sprintf("messages/values.txt: %s lacks %q", l, v))
			}
		}
	}
	require.Empty(t, missing, "add the translations to messages/nl.json and de.json, or the literal to messages/code.txt if it is code")
	for _, l := range []Lang{NL, DE} {
		for id := range c.Entries(l) {
			require.True(t, written[id], "%s translates %q, which the answer code does not write", l, id)
		}
	}
}

func TestPlural(t *testing.T) {
	en, nl, de := For(EN), For(NL), For(DE)
	for _, tc := range []struct {
		p    *Printer
		noun string
		n    int
		want string
	}{
		{en, "museum", 1, "museum"},
		{en, "museum", 0, "museums"},
		{en, "library", 3, "libraries"},
		{en, "gallery", 2, "galleries"},
		{en, "institution", 2, "institutions"},
		{en, "day", 2, "days"},
		{nl, "museum", 1, "museum"},
		{nl, "museum", 3, "musea"},
		{nl, "institution", 1, "instelling"},
		{nl, "institution", 0, "instellingen"},
		{de, "library", 1, "Bibliothek"},
		{de, "library", 2, "Bibliotheken"},
		{de, "archive", 12, "Archive"},
		{de, "widget", 2, "widgets"}, // not in the catalogue: English
		{de, "Museum", 2, "Museen"},  // translated already
		{nl, "musea", 1, "museum"},
	} {
		require.Equal(t, tc.want, tc.p.Plural(tc.noun, tc.n), "%s %s %d", tc.p.Lang(), tc.noun, tc.n)
	}
	require.Equal(t, "Museum", de.Text("museum"))
}
