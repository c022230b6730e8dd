package router

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// lexFS is a lexicon of the bundled files with file lang replaced by text.
func lexFS(t *testing.T, lang, text string) fstest.MapFS {
	t.Helper()
	fsys := fstest.MapFS{}
	for _, l := range lexiconLangs {
		b, err := lexiconFiles.ReadFile("lexicon/" + l + ".tsv")
		require.NoError(t, err)
		fsys["lexicon/"+l+".tsv"] = &fstest.MapFile{Data: b}
	}
	fsys["lexicon/"+lang+".tsv"] = &fstest.MapFile{Data: []byte(text)}
	return fsys
}

func TestDefaultLexiconLoads(t *testing.T) {
	lex, err := LoadLexicon(lexiconFiles)
	require.NoError(t, err)
	require.NotEmpty(t, lex.subjects)
	require.True(t, lex.subjectCues["subject"])
	require.Same(t, DefaultLexicon(), DefaultLexicon(), "parsed once")
}

// A row added to a file is read: a new cue word.
func TestLexiconRowAdded(t *testing.T) {
	b, err := lexiconFiles.ReadFile("lexicon/mul.tsv")
	require.NoError(t, err)
	lex, err := LoadLexicon(lexFS(t, "mul", string(b)+"subject.cue\tonderwerpgebied\t\tmul\t1\n"))
	require.NoError(t, err)
	require.True(t, lex.subjectCues["onderwerpgebied"])
	require.False(t, DefaultLexicon().subjectCues["onderwerpgebied"])
}

func TestLexiconStrict(t *testing.T) {
	mul, err := lexiconFiles.ReadFile("lexicon/mul.tsv")
	require.NoError(t, err)
	for name, tc := range map[string]struct{ lang, text, want string }{
		"no version":      {"en", "subject\tRoman\tArchaeology / Roman\ten\t1\n", "first line"},
		"wrong version":   {"en", "lexicon\t2\n", "first line"},
		"empty file":      {"en", "", "empty file"},
		"unknown table":   {"en", "lexicon\t1\nsubjekt\tRoman\tArchaeology / Roman\ten\t1\n", `unknown table "subjekt"`},
		"duplicate row":   {"mul", string(mul) + "subject.cue\tsubject\t\tmul\t1\n", "duplicate"},
		"zero weight":     {"en", "lexicon\t1\nsubject\tRoman\tArchaeology / Roman\ten\t0\n", "bad weight"},
		"text weight":     {"en", "lexicon\t1\nsubject\tRoman\tArchaeology / Roman\ten\theavy\n", "bad weight"},
		"infinite weight": {"en", "lexicon\t1\nsubject\tRoman\tArchaeology / Roman\ten\t+Inf\n", "bad weight"},
		"four columns":    {"en", "lexicon\t1\nsubject\tRoman\tArchaeology / Roman\ten\n", "4 columns"},
		"wrong language":  {"en", "lexicon\t1\nsubject\tRömer\tArchaeology / Roman\tde\t1\n", `language "de" in the file of "en"`},
		"empty surface":   {"en", "lexicon\t1\nsubject\t\tArchaeology / Roman\ten\t1\n", "empty table or surface"},
		"value on a set":  {"mul", string(mul) + "subject.cue\tthemenfeld\tyes\tmul\t1\n", "takes no value"},
		"no value":        {"en", "lexicon\t1\nsubject\tRoman\t\ten\t1\n", "needs a value"},
		"unknown term":    {"en", "lexicon\t1\nsubject\tRoman\tArchaeology / Latin\ten\t1\n", "not in subject.terms"},
		"empty table":     {"mul", "lexicon\t1\n", "has no rows"},
		"no year span":    {"mul", string(mul) + "warPhrases\tboer war\t1899\tmul\t1\n", "not from:to"},
		"backward span":   {"mul", string(mul) + "warPhrases\tboer war\t1902:1899\tmul\t1\n", "ends before it starts"},
		"text year":       {"mul", string(mul) + "eraPhrases\tvictorian\tqueen:1901\tmul\t1\n", "is no year"},
		"text length":     {"mul", string(mul) + "radiusUnits\tleague\tlong\tmul\t1\n", "not a positive number"},
		"zero length":     {"mul", string(mul) + "radiusUnits\tleague\t0\tmul\t1\n", "not a positive number"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := LoadLexicon(lexFS(t, tc.lang, tc.text))
			require.ErrorContains(t, err, tc.want)
		})
	}
}

// A router built with another lexicon reads with it; New without the
// option reads with the bundled one.
func TestWithLexicon(t *testing.T) {
	b, err := lexiconFiles.ReadFile("lexicon/mul.tsv")
	require.NoError(t, err)
	lex, err := LoadLexicon(lexFS(t, "mul", string(b)+"subject.cue\tonderwerpgebied\t\tmul\t1\n"))
	require.NoError(t, err)
	ds := testfixture.Sample(t, 50)
	require.Same(t, lex, New(ds, WithLexicon(lex)).lex)
	require.Same(t, DefaultLexicon(), New(ds).lex)
}

// A war is a row: its years come from the lexicon, not from code.
func TestWarYearsFromLexicon(t *testing.T) {
	b, err := lexiconFiles.ReadFile("lexicon/mul.tsv")
	require.NoError(t, err)
	lex, err := LoadLexicon(lexFS(t, "mul", string(b)+"warPhrases\tboer war\t1899:1902\tmul\t1\n"))
	require.NoError(t, err)
	s := newScan("museums opened after the boer war", lex)
	span, n, ok := worldWar(s, 4)
	require.True(t, ok)
	require.Equal(t, [2]int{1899, 1902}, span)
	require.Equal(t, 2, n)
	_, _, ok = worldWar(newScan("museums opened after the boer war", DefaultLexicon()), 4)
	require.False(t, ok)
}

// A radius is read by the lexicon's cues and units: a unit added as a
// row is read, in kilometres, and a cue of its own language too.
func TestRadiusFromLexicon(t *testing.T) {
	require.InDelta(t, 8.04672, radiusOf(t, DefaultLexicon(), "museums within 5 miles of York"), 1e-9)
	require.InDelta(t, 20.0, radiusOf(t, DefaultLexicon(), "Museen im Umkreis von 20 km von York"), 1e-9)
	b, err := lexiconFiles.ReadFile("lexicon/mul.tsv")
	require.NoError(t, err)
	lex, err := LoadLexicon(lexFS(t, "mul", string(b)+"radiusUnits\tleagues\t4.828\tmul\t1\nradiusCues\tno further than\t\tmul\t1\n"))
	require.NoError(t, err)
	require.InDelta(t, 9.656, radiusOf(t, lex, "museums no further than 2 Leagues from York"), 1e-9)
	require.Zero(t, radiusOf(t, DefaultLexicon(), "museums no further than 2 leagues from York"))
}

// radiusOf is the radius postcodes reads in q.
func radiusOf(t *testing.T, lex *Lexicon, q string) float64 {
	t.Helper()
	var c Constraints
	postcodes(newScan(q, lex), &c)
	return c.RadiusKM
}

// A value after a scheme cue that does not parse is reported; the cues
// are lexicon rows.
func TestMalformedIDsFromLexicon(t *testing.T) {
	require.Equal(t, []string{"ROR 0degcx868"}, DefaultLexicon().malformedIDs("Which museum has ROR 0degcx868?", nil))
	require.Equal(t, []string{"ROR 0degcx868"}, DefaultLexicon().malformedIDs("Which museum has ROR-ID: 0degcx868?", nil))
	require.Empty(t, DefaultLexicon().malformedIDs("Which museum has ROR-Signatur 0degcx868?", nil))
	b, err := lexiconFiles.ReadFile("lexicon/mul.tsv")
	require.NoError(t, err)
	lex, err := LoadLexicon(lexFS(t, "mul", string(b)+"idNouns\tsignatur\t\tmul\t1\n"))
	require.NoError(t, err)
	require.Equal(t, []string{"ROR 0degcx868"}, lex.malformedIDs("Which museum has ROR-Signatur 0degcx868?", nil))
}
