package router

import (
	"testing"

	"github.com/hybridrag/hybridrag/locale"
	"github.com/stretchr/testify/require"
)

// TestFrames reads question shapes the public set does not hold, in three
// languages, with typos and in lower case.
func TestFrames(t *testing.T) {
	r := newTestRouter(t)
	tests := []struct {
		q        string
		frame    Frame
		property string // the yes/no test, when frame is yes_no
		field    string // the field, when frame is field or relation
	}{
		{"Is Morpeth Chantry Bagpipe Museum accredited?", FrameYesNo, "accreditation", ""},
		{"Ist das Morpeth Chantry Bagpipe Museum akkreditiert?", FrameYesNo, "accreditation", ""},
		{"Heeft Naturmuseum Solothurn een website?", FrameYesNo, "website", ""},
		{"Is there a website for Naturmuseum Solothurn?", FrameYesNo, "website", ""},
		{"Can I still visit Bear Gardens Museum, or has it closed?", FrameYesNo, "status", ""},
		{"Linen Hall Library: is it in Belfast?", FrameYesNo, "place", ""},
		{"is goddards run by the national trust", FrameYesNo, "member_of", ""},
		{"Can you tell me the ISIL code of Heimatstube im Elbtor?", FrameField, "", "isil"},
		{"Is Bear Gardens Museum open or closed?", FrameField, "", "status"},
		{"Is Linen Hall Library a museum, a library or an archive?", FrameField, "", "type"},
		{"Welchen Akkreditierungsstatus hat Elgin Museum?", FrameField, "", "accreditation"},
		{"What was the forme name of Morpeth Chantry Bagpipe Museum?", FrameField, "", "former_name"},
		{"Naturmuseum Solothurn founded", FrameField, "", "opened"},
		{"Which opened first, Bear Gardens Museum or Goddards?", FramePair, "", ""},
		{"Was wurde früher eröffnet, Goddards oder Bear Gardens Museum?", FramePair, "", ""},
		{"Which is bigger, Morpeth Chantry Bagpipe Museum or Goddards?", FramePair, "", ""},
		{"Are there more accredited museums in Cornwall or in Devon?", FrameMore, "", ""},
		{"Hoeveel musea zijn er in Devon?", FrameCount, "", ""},
		{"Wie viele Museen gibt es in Cornwall?", FrameCount, "", ""},
		{"railway museums Lincolnshire or Suffolk?", FrameCompare, "", ""},
		{"Which museum succeeded Bear Gardens Museum?", FrameRelation, "", "successor"},
		{"Wovon ist Goddards ein Teil?", FrameRelation, "", "member_of"},
		{"Wer betreibt Goddards?", FrameRelation, "", "operator"},
		{"Which institution has ISIL DE-MUS-999999?", FrameLookup, "", ""},
		{"Look up ROR 0degcx868.", FrameLookup, "", ""},
		{"What's the weather in Amsterdam tomorrow?", FrameOffTopic, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			p := r.Route(tt.q)
			require.Equal(t, tt.frame, p.Frame, "%+v", p.Constraints)
			if tt.property != "" {
				require.NotNil(t, p.Test)
				require.Equal(t, tt.property, p.Test.Property)
			}
			if tt.field != "" {
				require.Equal(t, tt.field, p.Constraints.Field)
			}
		})
	}
}

// TestPairAsksYesOrNo tells "Is A older than B?" from "Which is older, A
// or B?".
func TestPairAsksYesOrNo(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Is Linen Hall Library older than Goddards?")
	require.Equal(t, FramePair, p.Frame)
	require.True(t, p.Pair.YesNo)
	require.Equal(t, "Linen Hall Library", p.Constraints.Names[0].Name, "the first named is the one asked about")
	p = r.Route("Which is older, Linen Hall Library or Goddards?")
	require.False(t, p.Pair.YesNo)
}

// TestDroppedWords reports the words that stand where a constraint would,
// and only those.
func TestDroppedWords(t *testing.T) {
	r := newTestRouter(t)
	require.Equal(t, []string{"sushi"}, r.Route("Which museums in Kent have collections about sushi?").Unused(UnusedDropped))
	require.Empty(t, r.Route("I'm interested in watermills: which museums in Suffolk shojld I visit?").Unused(UnusedDropped),
		"filler and misspelt function words drop no constraint")
	require.Empty(t, r.Route("Which museums are part of National Museums Scotland?").Unused(UnusedUnknown))
}

// "Is X in A or B?" asks which of the places one named institution is
// in, in three languages and with two or three places: a yes/no question
// on its place with a choice, not a comparison of the places' sets. The
// comparisons and lists of places that share the "or" keep their frames,
// and the Dutch "of" of "een van de" offers no choice.
func TestPlaceChoice(t *testing.T) {
	r := newTestRouter(t)
	for _, tt := range []struct {
		q      string
		places int
	}{
		{"Is Castle Cornet in Guernsey or Jersey?", 2},
		{"Is the Holburne Museum in Bath or Bristol?", 2},
		{"Is the Auld Skoll in Shetland or Orkney?", 2},
		{"Is the Holburne Museum in Bath, Bristol or York?", 3},
		{"Is the Holburne Museum located in Bristol or Bath?", 2},
		{"Is Castle Cornet situated in Jersey or Guernsey?", 2},
		{"is castle cornet in guernsey or jersey", 2},
		{"Ist Castle Cornet in Guernsey oder Jersey?", 2},
		{"Liegt das Stadtmuseum Tübingen in Stuttgart oder Tübingen?", 2},
		{"Ligt Castle Cornet in Jersey of Guernsey?", 2},
		{"Is Castle Cornet in Jersey of Guernsey?", 2},
	} {
		t.Run(tt.q, func(t *testing.T) {
			p := r.Route(tt.q)
			require.Equal(t, FrameYesNo, p.Frame, "%+v", p.Constraints)
			require.NotNil(t, p.Test)
			require.Equal(t, "place", p.Test.Property)
			require.True(t, p.Test.Choice)
			require.Len(t, p.Constraints.Names, 1)
			require.Len(t, p.Constraints.Places, tt.places)
			require.Empty(t, p.Sides)
		})
	}
	for _, tt := range []struct {
		q     string
		frame Frame
	}{
		{"Is Castle Cornet in Guernsey?", FrameYesNo},
		{"Are there more museums in Bath or Bristol?", FrameMore},
		{"Which has more museums, Bath or Bristol?", FrameMore},
		{"more museums where: Bath / Bristol", FrameMore},
		{"# of museums in Bath", FrameCount},
		{"Does Bath outnumber Bristol when it comes to museums?", FrameMore},
		{"Luton against Cornwall, counting museums: which comes out ahead?", FrameMore},
		{"museums comparison Luton Cornwall more", FrameMore},
		{"who has more large museums? Luton, Cornwall", FrameMore},
		{"Wo ist die Zahl der Museen höher – in Luton oder in Cornwall?", FrameMore},
		{"Compare the museums in Bath and Bristol", FrameCompare},
		{"Which museums are in Leeds or York?", FrameCompare},
		{"Is Bear Gardens Museum open or closed?", FrameField},
		{"Are any of the libraries in Delft, the Netherlands, listed?", ""},
		{"Is een van de bibliotheken in Delft gesloten?", ""},
	} {
		t.Run(tt.q, func(t *testing.T) {
			p := r.Route(tt.q)
			if tt.frame != "" {
				require.Equal(t, tt.frame, p.Frame, "%+v", p.Constraints)
			}
			require.False(t, p.Test != nil && p.Test.Choice, "%+v", p.Test)
		})
	}
}

// "Compare A and B" of two named institutions is a pair compared on what
// the data records of each; a comparison on one attribute, of places or
// with a misspelt cue inside a name keeps its reading.
func TestCompareTwoInstitutions(t *testing.T) {
	r := newTestRouter(t)
	for q, want := range map[string]string{
		"Compare Rye Art Gallery and Lamb House.":                  "profile",
		"Holburne Museum vs Victoria Art Gallery":                  "profile",
		"What is the difference between Chartwell and Lamb House?": "profile",
		"Which is older, Chartwell or Lamb House?":                 "opened",
		"Compare Shoe Museum and The Cater Museum.":                "profile",
		"How far is the Science Museum from the British Museum?":   "distance",
	} {
		p := r.Route(q)
		require.Equal(t, FramePair, p.Frame, q)
		require.Equal(t, want, p.Pair.Attribute, q)
	}
	require.NotEqual(t, FramePair, r.Route("Compare the railway museums in Lincolnshire and Suffolk.").Frame)
}

// A kind of governance after "run by (a)" is the governance asked for,
// not an organisation's name; a kind heading a name ("the University of
// Oxford") stays a name.
func TestRunByAKind(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Which museums in Oxford are run by a university?",
		"Which museums in Oxford are operated by universities?",
	} {
		c := r.Route(q).Constraints
		require.Equal(t, []string{"University"}, c.GovernanceCodes, q)
		require.Empty(t, c.Bodies, q)
	}
	require.Empty(t, r.Route("Which museums are run by the University of Oxford?").Constraints.GovernanceCodes)
}

// Places compared by their numbers ask which has more; a word of more or
// fewer inside a place's name is no cue.
func TestPlacesComparedByNumber(t *testing.T) {
	r := newTestRouter(t)
	for _, tt := range []struct {
		q       string
		highest bool
	}{
		{"Compare Luton and Cornwall by their number of large museums.", true},
		{"Between Luton and Cornwall, which has a greater number of museums?", true},
		{"Greater Manchester or Kent, which has fewer museums?", false},
	} {
		t.Run(tt.q, func(t *testing.T) {
			p := r.Route(tt.q)
			require.Equal(t, FrameMore, p.Frame, "%+v", p.Constraints)
			require.NotNil(t, p.Pair)
			require.Equal(t, tt.highest, p.Pair.Highest)
		})
	}
}

// A place, then a clause opened by a question word, after a yes/no opener
// asks whether the institution is there.
func TestPlaceEquatedWithAClause(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Is Glastonbury where Somerset Rural Life Museum stands?")
	require.Equal(t, FrameYesNo, p.Frame, "%+v", p.Constraints)
	require.NotNil(t, p.Test)
	require.Equal(t, "place", p.Test.Property)
}

// The field cue that holds a word "which" is the field asked; another
// field's cue beside it is the way to it, not a second field.
func TestFieldAskedByWhich(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Tot welk land behoort de vestigingsplaats van Museum Ulm?",
		"In welk land ligt de vestigingsplaats van Museum Ulm?",
	} {
		t.Run(q, func(t *testing.T) {
			p := r.Route(q)
			require.Equal(t, FrameField, p.Frame)
			require.Equal(t, "country", p.Constraints.Field)
			require.Empty(t, p.Constraints.MoreFields)
		})
	}
}

// A comparative before a word of number asks which side has more or
// fewer, whatever reader took the comparative for a size.
func TestMoreInSeveralWords(t *testing.T) {
	r := newTestRouter(t)
	for _, tt := range []struct {
		q       string
		highest bool
	}{
		{"Tell me which has the larger number of large museums: Luton or Cornwall.", true},
		{"Hat Luton oder Cornwall die größere Zahl an Museen?", true},
		{"Heeft Luton of Cornwall een kleiner aantal musea?", false},
	} {
		t.Run(tt.q, func(t *testing.T) {
			p := r.Route(tt.q)
			require.Equal(t, FrameMore, p.Frame, "%+v", p.Constraints)
			require.Equal(t, tt.highest, p.Pair.Highest)
		})
	}
}

// A condition of politeness opens a request, not an indirect yes/no
// question; a contraction is no locative; a fronted topic may end in a
// comma.
func TestPoliteConditionsContractionsAndFrontedTopics(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("I'd be grateful if you could give me the ISIL of Museum Théo Kerg.")
	require.Equal(t, FrameField, p.Frame)
	require.Equal(t, "isil", p.Constraints.Field)

	p = r.Route("I'm setting a quiz question: how many large museums does Devon have in total?")
	for _, pl := range append(p.Constraints.Places, p.Constraints.Within...) {
		require.Equal(t, "Devon", pl.Name)
	}

	p = r.Route("Talking of HeimatmuseumSiegbach, which Q number does Wikidata give it?")
	require.Len(t, p.Constraints.Names, 1)
	require.Equal(t, "HeimatmuseumSiegbach", p.Constraints.Names[0].Name)
}

// "If so, which" after a yes/no question asks for the value; a remark
// after a question of belonging names no field.
func TestValueAskedAfterAYesNo(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Does Modern One belong to a larger organisation, and if so which?",
		"Heeft Museum Théo Kerg een ISIL-code, en zo ja welke?",
		"Which organisation is Modern One part of? Their website doesn't say.",
	} {
		t.Run(q, func(t *testing.T) {
			p := r.Route(q)
			require.NotEqual(t, FrameYesNo, p.Frame)
			require.NotEqual(t, "website", p.Constraints.Field)
		})
	}
}

// A pronoun contracted with a verb is read as the pronoun: "we're" is
// no "were" that opens a yes/no question.
func TestPronounContractions(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("We're updating our authority file; what's Museum Théo Kerg's ISIL?")
	require.Equal(t, FrameField, p.Frame)
	require.Equal(t, "isil", p.Constraints.Field)
}

// A question word opening a clause after a yes/no question about a field
// asks for the value; "or elsewhere" offers no choice; a field named in a
// clause beside a question of belonging is a remark.
func TestValueAfterAYesNoAndRemarks(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Does State Darwin Museum have a website, and what's the address?")
	require.NotEqual(t, FrameYesNo, p.Frame)
	p = r.Route("Hat State Darwin Museum eine eigene Website, und unter welcher Adresse?")
	require.NotEqual(t, FrameYesNo, p.Frame)
	p = r.Route("Is there a homepage for State Darwin Museum, and could I get the address?")
	require.NotEqual(t, FrameYesNo, p.Frame)
	require.Equal(t, "operator", r.Route("Colyton Heritage Centre — which body actually runs the place?").Constraints.Field)
	p = r.Route("Is Chartwell in Leeds or elsewhere?")
	require.Equal(t, FrameYesNo, p.Frame)
	p = r.Route("We're listing partners on our website — which organisation is Modern One a part of?")
	require.NotEqual(t, "website", p.Constraints.Field)
}

// A kind tested with "or not" is offered beside no other kind, whatever
// kind word the institution's name holds.
func TestKindOrNot(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Is Horniman Museum a library or not?")
	require.Equal(t, FrameYesNo, p.Frame, "%+v", p.Constraints)
	require.Len(t, p.Constraints.Names, 1)
}

// The words a question's lexicon rows stand in tell its language, outside
// its names and identifiers.
func TestWordsLanguage(t *testing.T) {
	r := newTestRouter(t)
	require.Equal(t, locale.DE, r.WordsLanguage(r.Route("National Museums Scotland Bestandteile")))
	require.Equal(t, locale.Lang(""), r.WordsLanguage(r.Route("DE-MUS-737519")))
}

// A word of a parent inside a cue of belonging said of the members asks
// for the members.
func TestParentWordInsideACueOfMembers(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Which institutions fall under the umbrella of University of Minho?")
	require.NotEqual(t, "member_of", p.Constraints.Field)
}
