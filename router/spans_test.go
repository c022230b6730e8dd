package router

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// find returns the spans over the words text read by reader.
func find(spans []Span, text, reader string) []Span {
	var out []Span
	for _, sp := range spans {
		if sp.Text == text && sp.Reader == reader {
			out = append(out, sp)
		}
	}
	return out
}

func TestSpansOfEachReader(t *testing.T) {
	r := New(testfixture.Dataset(t))
	spans := r.Spans("Which museums in Kent opened after WWII? And the ISIL NL-AmRM?")
	kent := find(spans, "Kent", "place")
	require.NotEmpty(t, kent)
	require.Equal(t, "Kent", kent[0].Value)
	require.True(t, kent[0].Read, "the router reads Kent as the place")
	war := find(spans, "WWII", "years")
	require.Len(t, war, 1)
	require.Equal(t, "war", war[0].Slot)
	require.Equal(t, "1939–1945", war[0].Value)
	row := find(spans, "WWII", "lexicon")
	require.Len(t, row, 1)
	require.Equal(t, "time:warPhrases", row[0].Slot)
	isil := find(spans, "ISIL NL-AmRM", "identifier")
	require.Len(t, isil, 1, "the identifier with its cue")
	require.Equal(t, "NL-AmRM", isil[0].Value)
	for _, sp := range find(spans, "museums", "lexicon") {
		require.True(t, strings.HasPrefix(sp.Slot, "type:") || strings.HasPrefix(sp.Slot, "relation:"), sp.Slot)
	}
	for i := 1; i < len(spans); i++ {
		require.LessOrEqual(t, spans[i-1].Start, spans[i].Start, "in order of position")
	}
}

// A name the question writes only the start of is proposed as such, and
// a table that fills no slot proposes nothing.
func TestSpansOfNamesAndHelperTables(t *testing.T) {
	r := New(testfixture.Dataset(t))
	spans := r.Spans("When did the Horniman Museum open?")
	start := find(spans, "Horniman Museum", "name")
	require.Len(t, start, 1)
	require.Equal(t, "start of a name", start[0].Slot)
	require.Contains(t, start[0].Value, "Horniman Museum")
	for _, sp := range spans {
		require.NotContains(t, sp.Slot, "fillerWords")
		require.NotContains(t, sp.Slot, "commonWords")
	}
}

func TestSlotsStrict(t *testing.T) {
	b, err := lexiconFiles.ReadFile("lexicon/mul.tsv")
	require.NoError(t, err)
	rows, err := parseLexicon("lexicon/mul.tsv", "mul", string(b))
	require.NoError(t, err)
	for name, tc := range map[string]struct{ text, want string }{
		"no version":    {"orWords\tconjunction\n", "first line"},
		"unknown table": {"lexicon\t1\norWordz\tconjunction\n", `unknown table "orWordz"`},
		"twice":         {"lexicon\t1\norWords\tconjunction\norWords\tconjunction\n", "listed twice"},
		"no slot":       {"lexicon\t1\norWords\t\n", "want a table and its slot"},
		"one column":    {"lexicon\t1\norWords\n", "want a table and its slot"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := parseSlots(tc.text, rows)
			require.ErrorContains(t, err, tc.want)
		})
	}
	slots, err := parseSlots("lexicon\t1\n# a comment\n\norWords\tconjunction\n", rows)
	require.NoError(t, err)
	require.Equal(t, map[string]string{"orWords": "conjunction"}, slots)
	require.Equal(t, "time", DefaultLexicon().slots["warPhrases"])
}

// A statement after a question is said beside it: the plan does not read
// it, unless it asks something itself (a field; of a list, a condition).
func TestAsideAfterTheQuestion(t *testing.T) {
	r := New(testfixture.Dataset(t))
	for _, tc := range []struct {
		q, aside string
		frame    Frame
	}{
		{"Is the Horniman Museum a library? I am sorting my notes.", "I am sorting my notes.", FrameYesNo},
		{"What is the oldest museum in Merton? We are visiting next spring.", "We are visiting next spring.", ""},
		{"Where exactly is Berrington Hall? I need the address.", "", FrameField},
		{"Which museums are in York? I like railways.", "", FrameSet},
		{"When did the Horniman Museum open? And is it accredited?", "", FrameField},
	} {
		p := r.Route(tc.q)
		require.Equal(t, tc.q, p.Question)
		require.Equal(t, tc.aside, p.UnusedPhrase(UnusedAside), tc.q)
		if tc.frame != "" {
			require.Equal(t, tc.frame, p.Frame, tc.q)
		}
	}
	require.Equal(t, "address", r.Route("Where exactly is Berrington Hall? I need the address.").Constraints.Field)
	require.NotEmpty(t, r.Route("Which museums are in York? I like railways.").Constraints.Subjects)
}
