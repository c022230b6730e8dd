package pipeline

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

func TestRequestLang(t *testing.T) {
	for _, tc := range []struct {
		req  Request
		want locale.Lang
		err  error
	}{
		{Request{Question: "Which museums are in York?"}, locale.EN, nil},
		{Request{Question: "Welke musea zijn er in Utrecht?"}, locale.NL, nil},
		{Request{Question: "Welche Museen gibt es in Köln?"}, locale.DE, nil},
		{Request{Question: "Which museums are in York?", Lang: locale.DE}, locale.DE, nil},
		{Request{Question: "Which museums are in York?", Lang: "fr"}, "", ErrBadOption},
		{Request{Question: "Which museums are in York?", Lang: "NL"}, "", ErrBadOption},
	} {
		req := tc.req
		err := req.Validate()
		require.ErrorIs(t, err, tc.err, tc.req)
		if err == nil {
			require.Equal(t, tc.want, req.Lang, tc.req.Question)
		}
	}

	// The response and its plan carry the language; an answer cached for
	// one language is not served for another.
	p := testPipeline(t)
	q := "Which museums are about porcelain?"
	en, err := p.Ask(context.Background(), Request{Question: q})
	require.NoError(t, err)
	require.Equal(t, locale.EN, en.Lang)
	require.Equal(t, locale.EN, en.Plan.Lang)
	nl, err := p.Ask(context.Background(), Request{Question: q, Lang: locale.NL})
	require.NoError(t, err)
	require.False(t, nl.Cached, "the English answer is not the Dutch one")
	require.Equal(t, locale.NL, nl.Lang)
	require.Equal(t, locale.NL, nl.Plan.Lang)
	again, err := p.Ask(context.Background(), Request{Question: q, Lang: locale.EN})
	require.NoError(t, err)
	require.True(t, again.Cached)
	require.Equal(t, en.Answer.Text, again.Answer.Text)
}

// An answer, its counts and nouns, and a sentence the catalogue holds in
// pieces, in each language the request asks for.
func TestAnswerTextInEachLanguage(t *testing.T) {
	p := testPipeline(t)
	for _, tc := range []struct {
		question string
		want     map[locale.Lang]string // the answer's beginning
	}{
		{"Which museums are part of National Museums Scotland?", map[locale.Lang]string{
			locale.EN: "3 museums: National Museum Of Flight [1]",
			locale.NL: "3 musea: National Museum Of Flight [1]",
			locale.DE: "3 Museen: National Museum Of Flight [1]",
		}},
		{"How many accredited museums are in Cornwall?", map[locale.Lang]string{
			locale.EN: "There are 30 museums: ",
			locale.NL: "Er zijn 30 musea: ",
			locale.DE: "Es gibt 30 Museen: ",
		}},
		// an answer of names and numbers alone carries a word of its
		// language; the English stays as it was
		{"Which institution has ISIL DE-MUS-093918?", map[locale.Lang]string{
			locale.EN: "Museum Menden [1] (museum, DE).",
			locale.NL: "Dat is Museum Menden [1] (museum, DE).",
			locale.DE: "Das ist Museum Menden [1] (Museum, DE).",
		}},
		{"Which museums are in Lynton?", map[locale.Lang]string{
			locale.EN: "1 museum: Lyn And Exmoor Museum [1]",
			locale.NL: "Er is 1 museum: Lyn And Exmoor Museum [1]",
			locale.DE: "Es gibt 1 Museum: Lyn And Exmoor Museum [1]",
		}},
		{"windmill museums: the English county Kent vs the county of Essex", map[locale.Lang]string{
			locale.EN: "Kent: 3 (",
			locale.NL: "Kent: 3 musea (",
			locale.DE: "Kent: 3 Museen (",
		}},
		// the records' closed vocabulary in the answer's language
		{"Is Bruton Museum accredited?", map[locale.Lang]string{
			locale.EN: "Yes: Bruton Museum [1] is recorded as accredited.",
			locale.NL: "Ja: Bruton Museum [1] is vermeld als geaccrediteerd.",
			locale.DE: "Ja: Bruton Museum [1] ist verzeichnet als akkreditiert.",
		}},
		{"What's the weather in Amsterdam tomorrow?", map[locale.Lang]string{
			locale.EN: "That is outside what this service knows: it answers questions about museums, archives, libraries",
			locale.NL: "Dat valt buiten wat deze dienst weet: hij beantwoordt vragen over musea, archieven, bibliotheken",
			locale.DE: "Das liegt außerhalb dessen, was dieser Dienst weiß: Er beantwortet Fragen zu Museen, Archiven, Bibliotheken",
		}},
	} {
		for _, l := range []locale.Lang{locale.EN, locale.NL, locale.DE} {
			resp, err := p.Ask(context.Background(), Request{Question: tc.question, Lang: l, NoCache: true})
			require.NoError(t, err)
			require.True(t, strings.HasPrefix(resp.Answer.Text, tc.want[l]), "%s (%s): %s", tc.question, l, resp.Answer.Text)
		}
	}
}

// Every Dutch and German question of the generated set is answered in its
// language, told from the answer's words with the names of the
// institutions it names and the value it cites left out (locale.Words
// .Language). An answer of names and numbers alone ("Kent: 3 (…)") has no
// words to tell and fails: each answer shape carries a word of its
// language from the catalogue ("Kent: 3 musea (…)", "Dat is Museum Menden
// [1] (museum, DE).", "Er is 1 museum: …"), and the records' closed
// vocabulary it cites is translated ("is vermeld als geaccrediteerd").
// No answer is exempt.
//
// A question of keywords and a name alone ("isil Steiff Museum", "GND
// Naturkundemuseum Leipzig") holds no word of any language: a Dutch or a
// German asker may type it, but nothing in it tells, and the name's
// language is not the asker's. The generator labels such questions
// "neutral" (a "=" paraphrase, eval/gen) rather than Dutch or German, and
// they are answered in English, the default without a request language
// or an Accept-Language header. Typos and lower case do not make a
// question neutral: the detector reads a word one edit away from a listed
// one ("Staaat … in Holt?" is Dutch).
func TestAnswersInTheQuestionsLanguage(t *testing.T) {
	testfixture.SkipUnderRace(t) // a sweep of a thousand questions, no concurrency of its own
	f, err := os.Open("../testdata/generated/questions.jsonl")
	require.NoError(t, err)
	defer f.Close()
	p := testPipeline(t)
	words := locale.DefaultWords()
	type tally struct{ asked, reported, inLang, wordless, other int }
	tallies := map[locale.Lang]*tally{locale.NL: {}, locale.DE: {}}
	neutral, neutralEN := 0, 0
	var wrong []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var row struct {
			ID       string      `json:"id"`
			Question string      `json:"question"`
			Lang     locale.Lang `json:"lang"`
		}
		require.NoError(t, json.Unmarshal(sc.Bytes(), &row))
		if row.Lang == "neutral" {
			resp, err := p.Ask(context.Background(), Request{Question: row.Question, K: 5})
			require.NoError(t, err, row.ID)
			neutral++
			if resp.Lang == locale.EN {
				neutralEN++
			}
			continue
		}
		n := tallies[row.Lang]
		if n == nil {
			continue
		}
		resp, err := p.Ask(context.Background(), Request{Question: row.Question, K: 5})
		require.NoError(t, err, row.ID)
		n.asked++
		if resp.Lang == row.Lang {
			n.reported++
		}
		// the records' own text: names, and the value a field answer cites
		names := []string{resp.Answer.Value}
		for _, id := range resp.Answer.IDs {
			if in, ok := p.data.Get(id); ok {
				names = append(names, in.Name)
			}
		}
		for _, c := range resp.Citations {
			names = append(names, c.Name)
		}
		l, ok := words.Language(resp.Answer.Text, names...)
		switch {
		case ok && l == row.Lang:
			n.inLang++
			continue
		case len(words.Score(resp.Answer.Text, names...)) == 0:
			n.wordless++
		default:
			n.other++
		}
		wrong = append(wrong, row.ID+" ("+string(row.Lang)+"): "+row.Question+" → "+resp.Answer.Text)
	}
	require.NoError(t, sc.Err())
	for _, w := range wrong {
		t.Log("not in the question's language: ", w)
	}
	for _, l := range []locale.Lang{locale.NL, locale.DE} {
		n := tallies[l]
		t.Logf("%s: %d questions, read as %s: %d; answers in %s: %d, without words to tell: %d, in another language: %d",
			l, n.asked, l, n.reported, l, n.inLang, n.wordless, n.other)
		require.Positive(t, n.asked)
		require.Equal(t, n.asked, n.reported, "%s questions read as %s", l, l)
		require.Equal(t, n.asked, n.inLang, "%s answers in %s", l, l)
	}
	// the one neutral question the detector reads otherwise holds a word
	// of its name's language ("GND Museum für sächsische Fahrzeuge")
	t.Logf("neutral: %d questions, answered in English: %d", neutral, neutralEN)
	require.Positive(t, neutral)
	require.GreaterOrEqual(t, float64(neutralEN)/float64(neutral), 0.9)
}

// A keyword question with no function word of any language is answered
// in the language its other words show: a lexicon row of one language,
// or a compound's ending outside the names read. Names and identifiers
// show none: they are the records' language.
func TestLanguageOfKeywords(t *testing.T) {
	p := testPipeline(t)
	for q, want := range map[string]locale.Lang{
		"Deutsches Museum Eröffnungsjahr": locale.DE,
		"ISIL-Kürzel Museum Théo Kerg":    locale.DE,
		"Rijksmuseum openingsjaar":        locale.NL,
		"Chartwell operator":              locale.EN,
		"Stadtbücherei Traunreut isil":    locale.EN,
		"DE-MUS-737519":                   locale.EN,
	} {
		resp, err := p.Ask(context.Background(), Request{Question: q, K: 5})
		require.NoError(t, err, q)
		require.Equal(t, want, resp.Lang, q)
	}
}
