package locale

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"
)

func TestLoadWordsIsStrict(t *testing.T) {
	good := func() fstest.MapFS {
		return fstest.MapFS{
			"words/en.txt":      {Data: []byte("# comment\nthe\n\nof\n")},
			"words/nl.txt":      {Data: []byte("de\nhet\n")},
			"words/de.txt":      {Data: []byte("der\ndas\n-museen\n")},
			"words/joiners.txt": {Data: []byte("der\n")},
		}
	}
	_, err := LoadWords(good())
	require.NoError(t, err)
	for name, bad := range map[string]string{
		"twice":   "the\nthe\n",
		"capital": "The\n",
		"phrase":  "of the\n",
		"digit":   "the1\n",
	} {
		fsys := good()
		fsys["words/en.txt"] = &fstest.MapFile{Data: []byte(bad)}
		_, err := LoadWords(fsys)
		require.Error(t, err, name)
	}
	fsys := good()
	delete(fsys, "words/de.txt")
	_, err = LoadWords(fsys)
	require.Error(t, err, "missing file")
}

func TestDetect(t *testing.T) {
	w := DefaultWords()
	for q, want := range map[string]Lang{
		"Which museums in York are open?":                             EN,
		"Welke musea in Utrecht zijn nog open?":                       NL,
		"Welche Museen in Köln sind noch geöffnet?":                   DE,
		"Hoeveel bibliotheken zijn er in Groningen?":                  NL,
		"Wie viele Bibliotheken gibt es in Hamburg?":                  DE,
		"When did Haus der Geschichte open?":                          EN,
		"Wanneer opende het Museum für Kunst und Gewerbe?":            NL,
		"Wo liegt das Museum van de Twentse Welvaart?":                DE,
		"Nesselwanger Heimathaus isil":                                EN, // no evidence
		"What is „Der Blaue Reiter und die Kunst der Moderne“ about?": EN,
		"": EN,
		"Wat is de website van https://www.slub-dresden.de/en/?":           NL,
		"SLUB hat als offizielle Website https://www.slub-dresden.de [1].": DE,
		// a typo of a listed word still counts, in lower case or first
		"Staaat Railway Museum, Ravenglass in Holt?": NL,
		"Is Minories Art Gallery open of gesloteen?": NL,
		"Muaea over marine in England?":              NL,
		"Welche Einnrichtung hat den ISIL DE-MUS-1?": DE,
		"Wich museums are in York?":                  EN, // too short to tell a typo: no evidence
		"Whcih museums are in York?":                 EN,
		// a name's words are not the asker's: keywords and a name show no language
		"ISIL Deutsches Zeitungsmuseum":    EN,
		"isil Bibliothek der Heimatpflege": EN,
		"ISIL of Bauernmuseum Mühlhausen?": EN,
		"GND Naturkundemuseum Leipzig":     EN,
		// a lower-case name's articles weigh less than the question's words
		"welk type instelling is zentralbibliothek der evangelischen kirche und bibliothek des berliner missionswerkes?": NL,
	} {
		require.Equal(t, want, w.Detect(q), q)
	}
}

// An answer's language is told from its words, the names it cites left
// out, the longest first: a name may hold another.
func TestLanguageOfAnAnswer(t *testing.T) {
	w := DefaultWords()
	l, ok := w.Language("Grampound with Creed Heritage Centre liegt in Grampound, Cornwall, England, GB [1].",
		"Grampound", "Grampound with Creed Heritage Centre")
	require.True(t, ok)
	require.Equal(t, DE, l)
	// a typo is not read in an answer: its words are spelt right
	_, ok = w.Language("Staaat [1]")
	require.False(t, ok)
	// names and numbers alone tell no language
	_, ok = w.Language("Kent: 3 (Leeds Castle [1]; Dover Castle [2]; Deal Castle [3])", "Leeds Castle", "Dover Castle", "Deal Castle")
	require.False(t, ok)
}

func TestOneEdit(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"staaat", "staat", true},       // a letter added
		{"gesloten", "gesloteen", true}, // added inside
		{"muaea", "musea", true},        // changed
		{"welhce", "welche", true},      // neighbours swapped
		{"musea", "musea", false},       // no edit: the word itself
		{"welche", "welcher", true},
		{"welche", "wlchee", false},
		{"museum", "musea", false}, // two edits
		{"abcde", "badce", false},  // two swaps
	} {
		require.Equal(t, tc.want, oneEdit([]rune(tc.a), []rune(tc.b)), "%s %s", tc.a, tc.b)
	}
}

// genRow is one question of the generated evaluation set.
type genRow struct {
	ID       string `json:"id"`
	Question string `json:"question"`
	Lang     Lang   `json:"lang"`
	Noise    string `json:"noise"`
}

func readGenerated(t *testing.T) []genRow {
	t.Helper()
	f, err := os.Open("../testdata/generated/questions.jsonl")
	require.NoError(t, err)
	defer f.Close()
	var rows []genRow
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var r genRow
		require.NoError(t, json.Unmarshal(sc.Bytes(), &r))
		rows = append(rows, r)
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, rows)
	return rows
}

// The generated questions carry their language: detection must agree
// with it for nearly all of them, typos and lower case included. A
// question of keywords and a name alone ("Stadtbücherei Traunreut isil",
// "ISIL Ernst-Haeckel-Haus") is labelled "neutral": it holds no word of
// any language, and is read as English, the default, whatever language
// the name is in, unless the name holds a word of its own language
// ("GND Museum für sächsische Fahrzeuge"): the detector cannot tell a
// name from the question around it.
func TestDetectOnGeneratedQuestions(t *testing.T) {
	w := DefaultWords()
	right, total := map[Lang]int{}, map[Lang]int{}
	for _, r := range readGenerated(t) {
		want := r.Lang
		if want == "neutral" {
			want = EN
		}
		total[r.Lang]++
		if got := w.Detect(r.Question); got == want {
			right[r.Lang]++
		} else if testing.Verbose() {
			t.Logf("%s (%s, %s): read as %s: %s", r.ID, r.Lang, r.Noise, got, r.Question)
		}
	}
	require.Positive(t, total["neutral"])
	for _, l := range append(Langs, "neutral") {
		share := float64(right[l]) / float64(total[l])
		t.Logf("%s: %d of %d (%.1f%%)", l, right[l], total[l], 100*share)
		least := 0.99
		if l == "neutral" {
			least = 0.9
		}
		require.GreaterOrEqual(t, share, least, l)
	}
}

// Detect reads every request's question; a word it does not list is
// compared with the listed words for a typo.
func BenchmarkDetect(b *testing.B) {
	w := DefaultWords()
	for _, q := range []string{
		"Welke musea zijn er in de buurt van Stalybridge?",
		"Staaat Railway Museum, Ravenglass in Holt?",
		"ISIL Hephata, Hessisches Diakoniezentrum e.V., Bibliothek",
	} {
		b.Run(q[:12], func(b *testing.B) {
			for b.Loop() {
				w.Detect(q)
			}
		})
	}
}

// A compound written capitalised inside a question counts by its ending
// once the names are known and left out.
func TestDetectBesides(t *testing.T) {
	w := DefaultWords()
	_, shown := w.DetectShown("Deutsches Museum Eröffnungsjahr")
	require.False(t, shown)
	l, shown := w.DetectBesides("Deutsches Museum Eröffnungsjahr", "Deutsches Museum")
	require.True(t, shown)
	require.Equal(t, DE, l)
	_, shown = w.DetectBesides("Bauernmuseum Mühlhausen ISIL", "Bauernmuseum Mühlhausen")
	require.False(t, shown)
}
