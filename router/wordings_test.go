package router

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// An aside said to the reader changes nothing of the question's reading.
func TestAsidesDropped(t *testing.T) {
	r := newTestRouter(t)
	for with, without := range map[string]string{
		"Zoekt u het Wikidata-nummer van Museum Ulm voor me op?":       "Zoekt u het Wikidata-nummer van Museum Ulm op?",
		"Can you find the website of the Jorvik Viking Centre for me?": "Can you find the website of the Jorvik Viking Centre?",
	} {
		requireSameReading(t, r, with, without)
	}
}

func TestDropAsides(t *testing.T) {
	asides := [][]string{{"for", "me"}, {"for", "me", "please"}}
	toks := tokenize("find it for me please now", false)
	var got []string
	for _, tk := range dropAsides(toks, asides) {
		got = append(got, tk.norm)
	}
	require.Equal(t, []string{"find", "it", "now"}, got, "the longest aside is dropped")
}

// A separable verb whose particle ends its clause is read as the joined
// verb: a list asked, not a count; the verb without its particle is
// still a count.
func TestSeparableVerbJoined(t *testing.T) {
	r := newTestRouter(t)
	require.Equal(t, FrameSet, r.Route("Zähl die Museen in Berlin auf.").Frame)
	require.Equal(t, FrameCount, r.Route("Zähl die Museen in Berlin.").Frame)
	require.Equal(t, FrameCount, r.Route("Zähl die Museen auf der Insel Rügen.").Frame, "a particle inside its clause is a preposition")
	p := r.Route("Gib mir das Land an, in dem Museum Ulm ist.")
	require.Equal(t, FrameField, p.Frame)
	require.Equal(t, "country", p.Constraints.Field)
}

// Two values offered as a choice ask for the attribute (one value and
// an open alternative: TestOpenAlternative).
func TestChoiceAsksForField(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Is the Jorvik Viking Centre a museum or a library?",
		"Is the Jorvik Viking Centre a museum, a library or something else?",
	} {
		p := r.Route(q)
		require.Equal(t, FrameField, p.Frame, q)
		require.Equal(t, "type", p.Constraints.Field, q)
	}
}

// A field word before a name read, in a shorthand question, asks for the
// field, as one after it does.
func TestFieldWordFirst(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"country Museum Ulm lies in", "Museum Ulm country"} {
		p := r.Route(q)
		require.Equal(t, FrameField, p.Frame, q)
		require.Equal(t, "country", p.Constraints.Field, q)
	}
}

// "Where" before a word of more asks which of the places compared has
// more, however the places are joined.
func TestWhereMore(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Kent and Surrey: where are there more museums?",
		"Where are there more museums, Kent or Surrey?",
		"Which has more museums, Kent or Surrey?",
	} {
		require.Equal(t, FrameMore, r.Route(q).Frame, q)
	}
}

// An order said in several words is read as the superlative it means;
// one of its words alone is not ("the longest name").
func TestSuperlativePhrases(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"Which museum in Plymouth has been around longest?", "Welk museum in Plymouth is het langst open?"} {
		p := r.Route(q)
		require.NotNil(t, p.Constraints.Order, q)
		require.Equal(t, "opened", p.Constraints.Order.Attribute, q)
		require.False(t, p.Constraints.Order.Highest, q)
	}
	require.Nil(t, r.Route("Which museum has the longest name?").Constraints.Order)
	// a superlative before a partitive picks one of the plural
	for _, q := range []string{"Single out the oldest of the museums in Plymouth.", "Noem het oudste van de musea in Plymouth."} {
		o := r.Route(q).Constraints.Order
		require.NotNil(t, o, q)
		require.Equal(t, 1, o.N, q)
	}
	// a clause a joining word follows after its comma, naming nothing
	requireSameReading(t, r, "Sorry to pester you, but what year did Museum Ulm open?", "What year did Museum Ulm open?")
	// a place in the possessive before a kind in the singular
	requireSameReading(t, r, "Plymouth's oldest museum — which one is it?", "Which is the oldest museum in Plymouth?")
	// a question that names nothing, then what it asks of
	require.NotEmpty(t, r.Route("opened in what year? Museum Ulm").Constraints.Names)
	// a clause whose asker is named in its first words, and "daar"
	requireSameReading(t, r, "Volgende week ben ik in Ulm; welke musea kunnen we daar bezoeken?", "Welke musea kunnen we in Ulm bezoeken?")
	// an article before a superlative refers back to nothing
	requireSameReading(t, r, "Ich unterrichte Geschichte: welches ist das älteste Museum in Ulm?", "Welches ist das älteste Museum in Ulm?")
	// a partitive first picks one
	require.Equal(t, 1, r.Route("Of the museums in Ulm, which dates back furthest?").Constraints.Order.N)
	// a separable verb whose particle stands before a question word
	require.Equal(t, "type", r.Route("Leg me uit wat voor soort instelling Museum Ulm eigenlijk is.").Constraints.Field)
	// a clause that names a field, then a question that refers back to it
	require.Equal(t, "website", r.Route("A visitor at my desk wants the web address of Museum Ulm — what is it?").Constraints.Field)
	// a kind alone, then the institution it asks of
	require.Equal(t, FrameYesNo, r.Route("an archive? Museum Ulm (y/n)").Frame)
	// a request in the first person after the clause's comma
	requireSameReading(t, r, "I'm a visiting scholar, so I'd like to know the oldest museum in Ulm.", "I'd like to know the oldest museum in Ulm.")
	// a size before a kind is the kind's condition, not the field of size
	require.Empty(t, r.Route("Wo sind die große Museen zahlreicher, in Luton oder in Cornwall?").Constraints.Field)
	// a where-word beside a noun of a wider level asks for that level
	require.Equal(t, "country", r.Route("Identify the country Museum Ulm is situated in.").Constraints.Field)
	require.Equal(t, "city", r.Route("In welke plaats staat Museum Ulm?").Constraints.Field)
	// which of a plural picks one
	require.Equal(t, 1, r.Route("In Ulm – welk van de musea daar bestaat het langst?").Constraints.Order.N)
	// a separable verb whose particle stands before a complementizer
	require.Equal(t, FrameYesNo, r.Route("Zoek even uit of Museum Ulm een bibliotheek is.").Frame)
	// a name in the possessive
	requireSameReading(t, r, "Leibniz Association's members: which institutions are they?", "Which institutions are members of Leibniz Association?")
	// "where" right after a place opens a relative clause, not a question
	require.Empty(t, r.Route("Kent u musea in Plymouth waar spoorwegen centraal staan?").Constraints.Field)
}

// The rest of an idiom whose verb says it all is dropped: opening its
// doors is opening.
func TestIdiomAsideDropped(t *testing.T) {
	r := newTestRouter(t)
	requireSameReading(t, r, "Tell me the year the Jorvik Viking Centre opened its doors.", "Tell me the year the Jorvik Viking Centre opened.")
}

// A question that names its topic first and asks after a colon reads as
// the question after the topic does; the opening word without a colon
// stays a word of the question.
func TestFrontedTopic(t *testing.T) {
	r := newTestRouter(t)
	for fronted, plain := range map[string]string{
		"Regarding the Jorvik Viking Centre: what is its website?": "The Jorvik Viking Centre: what is its website?",
		"Zu Museum Ulm: in welcher Stadt liegt es?":                "Museum Ulm: in welcher Stadt liegt es?",
	} {
		requireSameReading(t, r, fronted, plain)
	}
	require.Equal(t, FrameSet, r.Route("Museums about trains in York").Frame)
	// a field cue that opens with a fronting word is the cue
	require.Equal(t, "website", r.Route("On the web, Museum Ulm is at which address?").Constraints.Field)
}

// A preamble addressed to the reader that names nothing of what is asked
// is no part of the question, before a question word or a word that opens
// an indirect yes/no question; a preamble that names something stays.
func TestPreambleDropped(t *testing.T) {
	r := newTestRouter(t)
	for with, without := range map[string]string{
		"Do you mind telling me which town Museum Ulm is in?": "Which town is Museum Ulm in?",
		"Darf ich fragen, wann Museum Ulm eröffnet wurde?":    "Wann wurde Museum Ulm eröffnet?",
	} {
		requireSameReading(t, r, with, without)
	}
	p := r.Route("Do you mind telling me whether Museum Ulm is a museum?")
	require.Equal(t, FrameYesNo, p.Frame)
	require.Equal(t, FrameField, r.Route("Tell me the accreditatioon of Stewarton Museum.").Frame, "a misspelt cue before \"of\" stays read")
}

// A request opens a preamble by itself, and its words are read: a
// question put as a request is read as the question is, with no word
// left unread.
func TestRequestPreamble(t *testing.T) {
	r := newTestRouter(t)
	for with, without := range map[string]string{
		"Establish whether Museum Ulm is a museum.":      "Is Museum Ulm a museum?",
		"Ga na of Museum Ulm een museum is.":             "Is Museum Ulm een museum?",
		"Ermittle, ob Museum Ulm ein Museum ist.":        "Ist Museum Ulm ein Museum?",
		"Name which town Museum Ulm is in.":              "Which town is Museum Ulm in?",
		"Provide the museums in Ulm.":                    "Which museums are in Ulm?",
		"Do you mind telling me the ISIL of Museum Ulm?": "What is the ISIL of Museum Ulm?",
	} {
		requireSameReading(t, r, with, without)
		require.Empty(t, r.Route(with).UnusedPhrase(UnusedUnread), with)
	}
	// a word that also joins a field to a name opens no yes/no question
	// unless a request stands right before it
	require.NotEqual(t, FrameYesNo, r.Route("Tell me the name of the museum in Ulm.").Frame)
}

// Likeness is asked with a cue before the name or, as a verb or an
// adjective ending its clause, right after it.
func TestSimilarCueAfterName(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Welche Museen sind dem Museum Ulm ähnlich?",
		"Welche Museen ähneln dem Museum Ulm?",
		"Welke musea zijn er die op Museum Ulm lijken?",
		"Which museums resemble Museum Ulm?",
	} {
		p := r.Route(q)
		require.True(t, p.Constraints.Similar, q)
		require.Len(t, p.Constraints.Names, 1, q)
		require.Equal(t, "Museum Ulm", p.Constraints.Names[0].Name, q)
	}
	require.False(t, r.Route("Wann wurde Museum Ulm eröffnet, ähnlich wie andere?").Constraints.Similar)
}

// Whether a council runs an institution tests what governs it and where
// it lies; a place after a verb of running is never tested alone, and a
// town the data gives as near another takes no preposition of the verb.
func TestRunByCouncil(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Is Leeds City Museum run by Leeds City Council?")
	require.NotNil(t, p.Test)
	require.Equal(t, "governance", p.Test.Property)
	require.Equal(t, []Test{{Property: "place"}}, p.Test.And)
	p = r.Route("Is The Meffan Museum And Art Gallery run by Forfar City Council?")
	require.Len(t, p.Constraints.Places, 1)
	require.Equal(t, "Forfar", p.Constraints.Places[0].Name)
	if p = r.Route("Is Tolson Memorial Museum run by Kirklees Council?"); p.Test != nil {
		require.NotEqual(t, "place", p.Test.Property)
	}
}

// A verb of having or belonging next to an identifier asks who holds the
// identifier; one next to an institution asks who runs it.
func TestIdentifierHolder(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"Who owns the ISIL DE-MUS-210217?", "ISIL DE-MUS-210217 belongs to whom", "Wem gehört die ISIL DE-MUS-210217?"} {
		p := r.Route(q)
		require.Equal(t, FrameLookup, p.Frame, q)
		require.Empty(t, p.Constraints.Field, q)
	}
	require.Equal(t, "operator", r.Route("Who owns the museum with ISIL DE-MUS-210217?").Constraints.Field)
}

// An intensifying prefix leaves the word it joins read; a question word
// of purpose asks for the parent organisation.
func TestIntensifierAndParentWords(t *testing.T) {
	r := newTestRouter(t)
	requireSameReading(t, r, "Wat is het allereerste museum in Ulm?", "Wat is het eerste museum in Ulm?")
	requireSameReading(t, r, "Welches ist das allerälteste Museum in Ulm?", "Welches ist das älteste Museum in Ulm?")
	requireSameReading(t, r, "Wozu gehört Museum Ulm?", "Zu welcher Organisation gehört Museum Ulm?")
	requireSameReading(t, r, "Waartoe behoort Museum Ulm?", "Bij welke organisatie hoort Museum Ulm?")
}

// A clause giving the asker's reason before the question is dropped when
// it names nothing; one with a year, a name or a word of the lexicon's
// slots stays read.
func TestReasonClause(t *testing.T) {
	r := newTestRouter(t)
	for with, without := range map[string]string{
		"Since my son loves it, which museums about railways are in Ulm?": "Which museums about railways are in Ulm?",
		"As I am writing a report, how many museums are in Ulm?":          "How many museums are in Ulm?",
	} {
		requireSameReading(t, r, with, without)
		require.Empty(t, r.Route(with).UnusedPhrase(UnusedUnread), with)
	}
	require.NotNil(t, r.Route("Since 1990, which museums opened in Ulm?").Constraints.Years)
	// a clause naming an institution is said beside a question that
	// stands without it, and is the topic of one that refers back to it
	p := r.Route("Since the Museum Ulm is closed, which museums are in Ulm?")
	require.Equal(t, FrameSet, p.Frame)
	require.Equal(t, "Since the Museum Ulm is closed", p.UnusedPhrase(UnusedAside))
	p = r.Route("As for Museum Ulm, is it in Ulm?")
	require.Equal(t, FrameYesNo, p.Frame)
	require.Equal(t, "Museum Ulm", p.Constraints.Names[0].Name)
}

// A clause the asker says of themselves before the question, closed by
// a comma, semicolon, colon or dash (and a word that joins the clauses),
// is dropped like a reason; a word in the question that refers back to
// the one place the clause names is that place.
func TestRemarkClause(t *testing.T) {
	r := newTestRouter(t)
	for with, without := range map[string]string{
		"I'm drafting a memo on networks; which institutions are part of Leibniz Association?": "Which institutions are part of Leibniz Association?",
		"We are planning a trip – how many museums are in Ulm?":                                "How many museums are in Ulm?",
		"Ich schreibe gerade etwas, also: welche Museen gibt es in Ulm?":                       "Welche Museen gibt es in Ulm?",
		"Ik maak een kaart, dus welke musea zijn er in Ulm?":                                   "Welke musea zijn er in Ulm?",
	} {
		requireSameReading(t, r, with, without)
		require.Empty(t, r.Route(with).UnusedPhrase(UnusedUnread), with)
	}
	for with, without := range map[string]string{
		"I'll be in Ulm on Sunday, so is Museum Ulm located there?": "Is Museum Ulm located in Ulm?",
		"Wir sind morgen in Ulm; welche Museen gibt es dort?":       "Welche Museen gibt es in Ulm?",
		"Ik ben in Ulm - welke musea zijn daar?":                    "Welke musea zijn in Ulm?",
	} {
		requireSameReading(t, r, with, without)
	}
	// the asker's doubt closing a yes/no question offers no alternative
	for with, without := range map[string]string{
		"Is Museum Ulm in Ulm, or am I wrong?":            "Is Museum Ulm in Ulm?",
		"Liegt Museum Ulm in Ulm, oder irre ich mich?":    "Liegt Museum Ulm in Ulm?",
		"Ligt Museum Ulm in Ulm, of vergis ik me?":        "Ligt Museum Ulm in Ulm?",
		"Is Museum Ulm a museum - or have I mixed it up?": "Is Museum Ulm a museum?",
	} {
		requireSameReading(t, r, with, without)
	}
	require.Equal(t, "Would you mind looking up the ISIL of Museum im Pumpenhaus for me?",
		r.Route("Would you mind looking up the ISIL of Museum im Pumpenhaus for me?").Question)
	// a clause before a semicolon, colon or dash that names nothing is
	// said beside the question, whoever says it; one that names
	// something is the question's topic
	requireSameReading(t, r, "Sorry to bother you with this one — is Museum Ulm in Ulm?", "Is Museum Ulm in Ulm?")
	require.Equal(t, FrameYesNo, r.Route("Museum Ulm: is Ulm the right town?").Frame)
	requireSameReading(t, r, "We have a hotel in Ulm; is Museum Ulm in that town?", "Is Museum Ulm in Ulm?")
	// a remark beside an order or a comparison leaves its terms as they are
	requireSameReading(t, r, "I love railways, so which museum in Ulm is the oldest?", "Which museum in Ulm is the oldest?")
	requireSameReading(t, r, "My aunt adores railways, so which museum in Ulm has been around the longest?", "Which museum in Ulm has been around the longest?")
	// a request to confirm, then a colon and the statement to confirm
	for _, q := range []string{"Confirm or deny: Museum Ulm is in Ulm.", "True or false: Museum Ulm is located in Ulm"} {
		require.Equal(t, FrameYesNo, r.Route(q).Frame, q)
	}
	// a remark that names the kind the question names adds nothing to it
	requireSameReading(t, r, "My class studies museums, so which is the oldest museum in Ulm?", "Which is the oldest museum in Ulm?")
	// a field the data does not record, named in a remark, leaves the
	// field the question asks
	require.Equal(t, "website", r.Route("Ik wil de openingstijden zien, dus wat is de website van Museum Ulm?").Constraints.Field)
	// an address beside a word of the web is the website
	require.Equal(t, "website", r.Route("The website of Museum Ulm — what's the address again?").Constraints.Field)
	require.Equal(t, "address", r.Route("What is the address of Museum Ulm?").Constraints.Field)
	// "it" in the question is the one body or institution the clause names
	requireSameReading(t, r, "We are joining Leibniz Association next year; which institutions are members of it?",
		"Which institutions are members of Leibniz Association?")
	// a clause closed by a semicolon, colon or dash may run longer
	requireSameReading(t, r, "I'm a volunteer writing a long report for the board and need one fact: who runs Museum Ulm?", "Who runs Museum Ulm?")
	// a question after a preposition, after the clause
	requireSameReading(t, r, "Ik maak een tijdlijn: in welk jaar is Museum Ulm geopend?", "In welk jaar is Museum Ulm geopend?")
	// "it" after a clause that names a field is that field, not the institution
	require.Equal(t, "isil", r.Route("I'm after one value: the ISIL of Museum Ulm - what is it?").Constraints.Field)
	// the existential "there" refers to no place
	p := r.Route("I'm in Ulm this week, so are there museums about railways?")
	require.Equal(t, "Ulm", p.Constraints.Places[0].Name)
}

// A kind in the singular beside a topic and a place, with no question
// word, searches for the kind as its plural does.
func TestKindBesideTopicAndPlace(t *testing.T) {
	r := newTestRouter(t)
	requireSameReading(t, r, "railway exhibits museum in Ulm", "railway museums in Ulm")
}

// A kind in the singular after a word of "every" asks for all of the
// kind, as its plural does.
func TestEveryOfAKind(t *testing.T) {
	r := newTestRouter(t)
	requireSameReading(t, r, "Could you list every museum in Ulm?", "Could you list the museums in Ulm?")
	requireSameReading(t, r, "Kannst du mir jedes Museum in Ulm nennen?", "Kannst du mir die Museen in Ulm nennen?")
	require.Empty(t, r.Route("Kun je elk museum in Ulm noemen?").UnusedPhrase(UnusedUnread))
}

// Whether one named institution exists, or still does, is a yes/no
// question of its status, however the existence is asked; a kind not in
// a name still asks whether institutions of it exist.
func TestExistenceOfOne(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Gibt es das Museum Ulm noch?", "Gibt es das Museum Ulm?", "Is there still a Museum Ulm?",
		"Is er nog een Museum Ulm?", "Does Museum Ulm exist?", "Bestaat Museum Ulm?",
	} {
		p := r.Route(q)
		require.Equal(t, FrameYesNo, p.Frame, q)
		require.NotNil(t, p.Test, q)
		require.Equal(t, "status", p.Test.Property, q)
	}
	require.NotEqual(t, FrameYesNo, r.Route("Gibt es Museen in Ulm?").Frame)
}

// "Top" and a number before a level of grouping ask for the levels with
// the most, as a word of most after it does.
func TestTopLevels(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"Top 3 counties by number of museums", "Which are the top 3 counties for museums?"} {
		g := r.Route(q).Constraints.Group
		require.NotNil(t, g, q)
		require.Equal(t, "county", g.Level, q)
		require.Equal(t, 3, g.N, q)
		require.False(t, g.Fewest, q)
	}
}

// A place the data does not know, named after a verb of having or of
// holding, or joined by a hyphen to a word of size, is reported as no
// place the data knows; its first part is no size.
func TestUnknownPlaceAfterHave(t *testing.T) {
	r := newTestRouter(t)
	for q, place := range map[string]string{
		"How many museums does Zundertdorp have?":   "Zundertdorp",
		"Hoeveel musea heeft Klein-Zundertdorp?":    "Klein-Zundertdorp",
		"Welke musea zijn er in Klein-Zundertdorp?": "Klein-Zundertdorp",
	} {
		p := r.Route(q)
		require.Equal(t, place, p.UnusedPhrase(UnusedPlace), q)
		require.Empty(t, p.Constraints.Sizes, q)
	}
}

// requireSameReading requires question a to be read as b is: the same
// frame, field and names.
func requireSameReading(t *testing.T, r *Router, a, b string) {
	t.Helper()
	pa, pb := r.Route(a), r.Route(b)
	require.Equal(t, pb.Frame, pa.Frame, a)
	require.Equal(t, pb.Constraints.Field, pa.Constraints.Field, a)
	require.Equal(t, pb.Constraints.Names, pa.Constraints.Names, a)
}

// A request to check a statement, with no complementizer before it, asks
// a yes/no question of the statement; with a question word it asks for
// a value.
func TestCheckedStatement(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Verify Kunsthalle Düsseldorf is a library.",
		"Please confirm Kunsthalle Düsseldorf is in Bonn, or say it is not.",
		"Bestätige bitte: Kunsthalle Düsseldorf ist eine Bibliothek.",
	} {
		require.Equal(t, FrameYesNo, r.Route(q).Frame, q)
	}
	require.NotEqual(t, FrameYesNo, r.Route("Verify which town Kunsthalle Düsseldorf is in.").Frame)
}

// A kind joined by a hyphen to a word that is no kind modifies it, and
// asks for no kind.
func TestKindAsCompoundModifier(t *testing.T) {
	r := newTestRouter(t)
	for q, want := range map[string]string{
		"I run a museum-shop blog: is Kunsthalle Düsseldorf an archive?":   "A",
		"Für eine Archiv-Recherche: ist Kunsthalle Düsseldorf ein Museum?": "M",
	} {
		p := r.Route(q)
		require.Equal(t, FrameYesNo, p.Frame, q)
		require.NotNil(t, p.Test, q)
		require.Equal(t, []string{want}, p.Test.Want, q)
	}
}

// Of two names that overlap, the longer is read.
func TestLongerOfOverlappingNames(t *testing.T) {
	r := newTestRouter(t)
	c := r.Route("Wann hat man Museum Théo Kerg gegründet?").Constraints
	require.Len(t, c.Names, 1)
	require.Equal(t, "Museum Théo Kerg", c.Names[0].Name)
}

// A question word before "name has" asks for the name; no word of the
// names is asked for.
func TestNameAskedByQuestionWord(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"What name has Falkirk Burgh Museum had since then?", "Which name has Falkirk Burgh Museum got now?"} {
		p := r.Route(q)
		require.Equal(t, FrameField, p.Frame, q)
		require.Empty(t, p.Constraints.NameHas, q)
	}
}

// A clause that says a field of what it refers back to, before a
// question after "and", asks nothing: the question's field is asked.
func TestFieldSaidBeforeQuestion(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"Vroeger heette het Falkirk Burgh Museum, en hoe heet het nu?", "Früher hieß es Falkirk Burgh Museum, und wie heißt es jetzt?"} {
		p := r.Route(q)
		require.Equal(t, "current_name", p.Constraints.Field, q)
		require.Empty(t, p.Constraints.MoreFields, q)
	}
}

// What followed an institution named by a name it bore before is the
// name it bears now.
func TestSuccessorOfFormerName(t *testing.T) {
	r := newTestRouter(t)
	require.Equal(t, "current_name", r.Route("What came after Falkirk Burgh Museum?").Constraints.Field)
}

// A town that is also a common word, written with a capital as the
// subject of a verb of a question of more, or right after a place, is
// the second side.
func TestComparedSubjectPlace(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"Has Bristol got more museums, or has Reading?", "Bristol Reading which more museums", "Does Bristol have more museums, or Reading?"} {
		require.Len(t, r.Route(q).Constraints.Places, 2, q)
	}
}

// "Which one" asks for one of the kind however it is counted.
func TestOneOfAnOrder(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"Of all museums in Plymouth, which one opened first?", "Die Museen in Plymouth: welches davon ist das älteste?"} {
		o := r.Route(q).Constraints.Order
		require.NotNil(t, o, q)
		require.Equal(t, 1, o.N, q)
	}
}

// A belief stated before a doubt asks whether it holds.
func TestBeliefChecked(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"I believe Kunsthalle Düsseldorf is a library, or am I mistaken?", "Ich glaube, Kunsthalle Düsseldorf ist ein Archiv – stimmt das?", "Ik denk dat Kunsthalle Düsseldorf een archief is, klopt dat?"} {
		require.Equal(t, FrameYesNo, r.Route(q).Frame, q)
	}
}

// "If so" and a question word after a preposition ask a yes/no
// question's value.
func TestValueAfterIfSo(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"Has Kunsthalle Düsseldorf got a website, and if so, under which address?", "Hat Kunsthalle Düsseldorf eine Website, und falls ja, unter welcher Adresse?"} {
		p := r.Route(q)
		require.Equal(t, FrameField, p.Frame, q)
		require.Equal(t, "website", p.Constraints.Field, q)
	}
}

// A topic between a fronting opener and its end ("was … angeht") is the
// topic; the opener opens no yes/no question.
func TestFrontedTopicBetweenOpenerAndEnd(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"Was Kunsthalle Düsseldorf anbelangt: wo liegt sie?", "Wat Kunsthalle Düsseldorf betreft, waar ligt die?"} {
		p := r.Route(q)
		require.Equal(t, FrameField, p.Frame, q)
		require.Equal(t, "city", p.Constraints.Field, q)
		require.Empty(t, p.Unused(UnusedUnknown), q)
	}
}

// "Daar", "hier", "here" after a clause that names a place are that
// place, after a verb of being too; the English existential "there" is
// not.
func TestPlaceReferredToAfterBeing(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"Wij logeren in Plymouth; welk museum is daar het oudst?", "I'm staying in Plymouth: which museum here is the oldest?", "Ich wohne in Plymouth – welches Museum ist hier das älteste?"} {
		c := r.Route(q).Constraints
		require.Len(t, c.Places, 1, q)
		require.Equal(t, "Plymouth", c.Places[0].Name, q)
	}
}

// A kind said in a remark beside a question for a list of its own kind
// asks nothing of the list.
func TestRemarkKindBesideAskedKind(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("My daughter is starting at a university in Dunbar — which museums are there?")
	require.Equal(t, []string{"M"}, p.Constraints.TypeCodes)
}

// A field said in a relative clause about what the question names is no
// field asked.
func TestFieldInRelativeClause(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"Hoe heet het museum, dat vroeger Falkirk Burgh Museum heette, vandaag?", "What is the place, which was once called Falkirk Burgh Museum, called now?"} {
		require.Equal(t, "current_name", r.Route(q).Constraints.Field, q)
	}
}

// A clause of reason closed by a comma may be as long as a remark.
func TestLongReasonClause(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Because the train from my village only stops at one of the two, which has more museums, Bristol or Bath?")
	require.Len(t, p.Constraints.Places, 2)
	require.Empty(t, p.Constraints.Subjects)
}

// A topic between "as far as" and "goes" stays the question's topic.
func TestTopicBetweenAsFarAsAndGo(t *testing.T) {
	r := newTestRouter(t)
	c := r.Route("As far as accredited museums go, which is ahead: Bristol or Bath?").Constraints
	require.Equal(t, []string{"M"}, c.TypeCodes)
	require.NotEmpty(t, c.Accreditation)
}

// A town that is a common word, after a word that sets sides against
// each other, is a side.
func TestPlaceAfterVersus(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"Set Bristol against Reading: who has more museums?", "Bristol tegenover Reading, waar zijn meer musea?"} {
		require.Len(t, r.Route(q).Constraints.Places, 2, q)
	}
}

// A question of the asker's own that names nothing, then a sentence
// that asks with a question word about what it names: that sentence is
// the question.
func TestOwnQuestionThenAsked(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Should I book a hotel? It depends on which town Kunsthalle Düsseldorf is in.")
	require.Equal(t, FrameField, p.Frame)
	require.Equal(t, "city", p.Constraints.Field)
}

// A question word in a clause after a colon or dash asks for a value,
// however far before "does it have" it stands.
func TestQuestionWordFarBeforeIt(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Kunsthalle Düsseldorf: which registry code of the ISIL kind does it have?")
	require.Equal(t, FrameField, p.Frame)
}

// "Which is" with a superlative asks for one.
func TestWhichIsTheOldest(t *testing.T) {
	r := newTestRouter(t)
	o := r.Route("Bristol's museums — which is the newest?").Constraints.Order
	require.NotNil(t, o)
	require.Equal(t, 1, o.N)
}

// A field said in a reason before a question that asks its own is no
// field asked; one said after it says which field is meant.
func TestFieldSaidBeforeOrAfter(t *testing.T) {
	r := newTestRouter(t)
	require.Equal(t, "operator", r.Route("Because the website gives no address, who runs Kunsthalle Düsseldorf?").Constraints.Field)
	require.Equal(t, "address", r.Route("Where is Kunsthalle Düsseldorf? I need the address.").Constraints.Field)
}

// A field cue in round brackets says what the name before it is; the
// field asked is the one outside them.
func TestFieldCueInBrackets(t *testing.T) {
	r := newTestRouter(t)
	require.Equal(t, "current_name", r.Route("Falkirk Burgh Museum (the former name) - current name please?").Constraints.Field)
}

// "Which one" in a question after a clause that names a field asks for
// that field.
func TestWhichOneOfAFieldNamedBefore(t *testing.T) {
	r := newTestRouter(t)
	require.Equal(t, "country", r.Route("The form wants a country — which one is Kunsthalle Düsseldorf in?").Constraints.Field)
}

// A frequent word that opens the question has its capital from the
// sentence: it is no word of the name after it.
func TestFrequentFirstWordNoNameWord(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"Behind Kunsthalle Düsseldorf, which organisation is there?", "Regarding Kunsthalle Düsseldorf: which town is it in?"} {
		p := r.Route(q)
		require.Empty(t, p.UnusedPhrase(UnusedName), q)
		require.Len(t, p.Constraints.Names, 1, q)
	}
}

// A greater-than sign between two names reads as "more than"; before a
// year, as "after" (a less-than sign as "before").
func TestSigns(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("accredited museums Bristol > Bath ??")
	require.Len(t, p.Constraints.Places, 2)
	y := r.Route("museums in Bath opened > 1950").Constraints.Years
	require.NotNil(t, y)
	require.Equal(t, 1951, y.From)
	y = r.Route("museums in Bath opened < 1950").Constraints.Years
	require.NotNil(t, y)
	require.Equal(t, 1949, y.To)
}

// A word of size before a noun of liking says something of the asker,
// no size of the institutions.
func TestSizeIdiom(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"I am a huge fan of castles: which museums are in Bath?", "Ik ben een grote liefhebber van kastelen: welke musea zijn er in Bath?"} {
		require.Empty(t, r.Route(q).Constraints.Sizes, q)
	}
}

// "Came into being first", "the oldest one", a superlative of a founding
// date: one, the first opened.
func TestFirstOpenedWordings(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"Which of the museums in Bath came into being first?", "Name the oldest one of the museums in Bath.", "Welk museum in Bath heeft de oudste oprichtingsdatum?"} {
		o := r.Route(q).Constraints.Order
		require.NotNil(t, o, q)
		require.Equal(t, 1, o.N, q)
	}
}

// "Whether or not" negates nothing: no place is left out.
func TestOrNotNegatesNothing(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"Ligt Kunsthalle Düsseldorf nu wel of niet in Bonn?", "Liegt Kunsthalle Düsseldorf in Bonn oder nicht?"} {
		p := r.Route(q)
		require.Equal(t, FrameYesNo, p.Frame, q)
		require.Empty(t, p.Constraints.Except, q)
	}
}

// "Which" before a kind, with more kinds after it, asks for an
// institution, not for its kind.
func TestWhichKindAsksInstitution(t *testing.T) {
	r := newTestRouter(t)
	require.NotEqual(t, "type", r.Route("Which museum, archive or library has the ISIL DE-Ka87?").Constraints.Field)
}

// "It" after a clause that names only a place is the place.
func TestItIsThePlace(t *testing.T) {
	r := newTestRouter(t)
	c := r.Route("I am writing about Bath, so how many museums does it have?").Constraints
	require.Len(t, c.Places, 1)
	require.Equal(t, "Bath", c.Places[0].Name)
}

// A verb of request that opens a question naming another institution
// is the verb, even where a record bears it as its name.
func TestRequestVerbBeforeAName(t *testing.T) {
	r := newTestRouter(t)
	c := r.Route("Search Wikidata for Kunsthalle Düsseldorf and give me its QID.").Constraints
	require.Len(t, c.Names, 1)
	require.Equal(t, "Kunsthalle Düsseldorf", c.Names[0].Name)
}

// A comma, a word that joins clauses and a question word open the
// question's clause: a field said before it is a remark.
func TestCommaSoQuestion(t *testing.T) {
	r := newTestRouter(t)
	require.Equal(t, "website", r.Route("The opening hours are surely online somewhere, so what is the website of Kunsthalle Düsseldorf?").Constraints.Field)
}

// A town that is also a common word, written with a capital inside a
// question that names no other place, is the town; a run of capitals is
// a name, and a German noun's capital says nothing.
func TestCapitalisedCommonWordTown(t *testing.T) {
	r := newTestRouter(t)
	c := r.Route("We are visiting Bath next week: which museums are there?").Constraints
	require.Len(t, c.Places, 1)
	require.Len(t, r.Route("Which museums in Leeds have a Reading Room?").Constraints.Places, 1)
	require.Empty(t, r.Route("Ist Lechner Museum ein Archiv?").Constraints.Places)
}

// A misspelt name runs on within one clause: a word before a colon is no
// slip for a word of a longer name.
func TestMisspeltNameWithinClause(t *testing.T) {
	r := newTestRouter(t)
	c := r.Route("Checking before I go: Somerset Rural Life Museum is in Glastonbury, right?").Constraints
	require.Len(t, c.Names, 1)
	require.Equal(t, "Somerset Rural Life Museum", c.Names[0].Name)
}

// A question clause that holds every part of its field asks that field,
// whatever a clause before it names.
func TestPartsInQuestionClause(t *testing.T) {
	r := newTestRouter(t)
	require.Equal(t, "current_name", r.Route("Falkirk Burgh Museum was the old name; what do they call it today?").Constraints.Field)
}

// A topic put first after "as for" that the question does not refer back
// to is the question's topic, no reason beside it.
func TestFrontedTopicNoReason(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("As for accredited museums, has Bristol or Bath got more?")
	require.NotEmpty(t, p.Constraints.Accreditation)
	require.Len(t, p.Sides, 2)
}

// A word written with "(s)" is read in the plural: a list of its kind.
func TestPluralInBrackets(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("castle museum(s) in Kent list")
	require.True(t, p.Constraints.List)
	require.Len(t, p.Constraints.Places, 1)
}

// "Link" names the website; "open since" the opening year.
func TestLinkAndOpenSince(t *testing.T) {
	r := newTestRouter(t)
	require.Equal(t, "website", r.Route("Where do I find Kunsthalle Düsseldorf online — what's the link?").Constraints.Field)
	require.Equal(t, "opened", r.Route("Kunsthalle Düsseldorf open since (year)").Constraints.Field)
}

// A request for the value after a yes/no question about a field asks
// for the value.
func TestRequestAfterYesNo(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"Does Kunsthalle Düsseldorf have a website? Send me the link.", "Heeft Kunsthalle Düsseldorf een website? Stuur me de link."} {
		p := r.Route(q)
		require.Equal(t, FrameField, p.Frame, q)
		require.Equal(t, "website", p.Constraints.Field, q)
	}
}

// A word that refers back, in a question for a list that names nothing
// it could refer to, is reported unread: the list is not the one asked.
func TestDanglingAnaphora(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"How many museums does it have?", "Wie viele Museen hat es?"} {
		require.NotEmpty(t, r.Route(q).Unused(UnusedUnread), q)
	}
	require.Empty(t, r.Route("How many museums does Bath have?").Unused(UnusedUnread))
}

// "If you know" set off by commas is an aside, no "whether"; a value
// wanted of a yes/no question ("a website I can look at") asks for it;
// a level's noun contracted with "is" narrows a town asked.
func TestAsidesAndContractedLevel(t *testing.T) {
	r := newTestRouter(t)
	require.Equal(t, FrameField, r.Route("Could you tell me, if you know, which town Kunsthalle Düsseldorf is in?").Frame)
	require.Equal(t, FrameField, r.Route("Has Kunsthalle Düsseldorf got a website I can look at?").Frame)
	require.Equal(t, "country", r.Route("Kunsthalle Düsseldorf: what country's it located in?").Constraints.Field)
}

// After "and if so", the second question's field is the one asked.
func TestIfSoSecondQuestion(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Was Falkirk Burgh Museum renamed, and if so, what is it called now?")
	require.Equal(t, "current_name", p.Constraints.Field)
	require.Empty(t, p.Constraints.MoreFields)
}

// A kind one named institution is said not to be is a negated yes/no
// test of its kind, in each language.
func TestNegatedKind(t *testing.T) {
	r := newTestRouter(t)
	for q, want := range map[string]string{
		"Is Kunsthalle Düsseldorf not an archive?":    "A",
		"Ist Kunsthalle Düsseldorf keine Bibliothek?": "L",
		"Is Kunsthalle Düsseldorf geen museum?":       "M",
	} {
		p := r.Route(q)
		require.Equal(t, FrameYesNo, p.Frame, q)
		require.NotNil(t, p.Test, q)
		require.Equal(t, []string{want}, p.Test.Want, q)
		require.True(t, p.Test.Negated, q)
	}
}

// A particle that opens the question before its question word joins its
// verb later in the clause, as a particle that ends the clause does.
func TestFrontedParticle(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Onder welke organisatie valt Modern One?",
		"Unter welche Dachorganisation fällt Modern One?",
		"Under which body does Modern One fall?",
	} {
		require.Equal(t, FrameRelation, r.Route(q).Frame, q)
	}
	for _, q := range []string{
		"Aus welchen Einrichtungen besteht National Museum of Asian Art?",
		"Uit welke musea bestaat National Museum of Asian Art?",
	} {
		require.Equal(t, FrameSet, r.Route(q).Frame, q)
	}
}

// A preposition between "and" and the question word after a yes/no
// question asks for the value ("and to what"); a German "was" before a
// word of emphasis is "what".
func TestValueAskedAfterPreposition(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Was Falkirk Burgh Museum given a new name, and to what?")
	require.Equal(t, FrameField, p.Frame)
	require.Equal(t, "current_name", p.Constraints.Field)
	require.Equal(t, FrameField, r.Route("Was eigentlich ist Kunsthalle Düsseldorf für eine Einrichtung?").Frame)
}

// A tag set off at the end of a statement asks whether it holds; a
// question word keeps its own question.
func TestTagQuestion(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Kunsthalle Düsseldorf is a library, isn't it?",
		"Kunsthalle Düsseldorf ist eine Bibliothek, oder?",
		"Kunsthalle Düsseldorf is een bibliotheek, toch?",
		"Someone told me Kunsthalle Düsseldorf is a library; I doubt it — is it?",
	} {
		p := r.Route(q)
		require.Equal(t, FrameYesNo, p.Frame, q)
		require.NotNil(t, p.Test, q)
		require.Equal(t, []string{"L"}, p.Test.Want, q)
	}
	require.Equal(t, FrameField, r.Route("Which town is Kunsthalle Düsseldorf in, is it?").Frame)
}

// A clause before the question: "their" is the institution it names,
// never its field; a kind said of the asker ("our library") is no
// condition; a yes/no question may follow it inside a request ("I'm
// wondering whether"); "there" with only fillers after it is the place.
func TestClauseBeforeQuestion(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("I'd like to see the opening hours of Kunsthalle Düsseldorf, so what is their website?")
	require.Equal(t, "website", p.Constraints.Field)
	p = r.Route("Our library wants to join University of Minho, so which institutions are in it already?")
	require.Equal(t, FrameSet, p.Frame)
	require.Empty(t, p.Constraints.TypeCodes)
	require.Empty(t, p.Unused(UnusedUnread))
	p = r.Route("We stay in Weardale, so I'm wondering whether Kunsthalle Düsseldorf is there as well.")
	require.Equal(t, FrameYesNo, p.Frame)
	require.Equal(t, "place", p.Test.Property)
}

// A kind with "and other institutions" after it asks for every kind.
func TestOtherKinds(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Which libraries and other institutions belong to University of Minho?",
		"Welke archieven en andere instellingen vallen onder University of Minho?",
		"Welche Bibliotheken und andere Einrichtungen gehören zu University of Minho?",
	} {
		p := r.Route(q)
		require.Equal(t, FrameSet, p.Frame, q)
		require.Empty(t, p.Constraints.TypeCodes, q)
	}
}

// Kinds offered as a choice inside a request ask for the kind, also
// with the Dutch "of" that is both "or" and "whether"; a doubt after
// "or" needs no comma; a request in the first person after "and" opens
// the question.
func TestChoiceDoubtAndJoinedRequest(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Kunt u nagaan of Kunsthalle Düsseldorf een archief, museum of bibliotheek is?")
	require.Equal(t, FrameField, p.Frame)
	require.Equal(t, "type", p.Constraints.Field)
	p = r.Route("Is Kunsthalle Düsseldorf in Weardale or am I mixing it up?")
	require.Equal(t, FrameYesNo, p.Frame)
	p = r.Route("We go to Weardale next week and I'd like to know whether Kunsthalle Düsseldorf is there.")
	require.Equal(t, FrameYesNo, p.Frame)
	require.Equal(t, "place", p.Test.Property)
}

// In a question of belonging, a word of size beside what the
// institution belongs to describes that: no size, no comparison.
func TestSizeOfParent(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Does Modern One belong to a bigger organisation?",
		"Is Modern One part of something larger?",
		"Hoort Modern One bij een grotere organisatie?",
	} {
		p := r.Route(q)
		require.Empty(t, p.Constraints.Sizes, q)
		require.Nil(t, p.Pair, q)
	}
	require.NotEmpty(t, r.Route("Which large museums are in Leeds?").Constraints.Sizes)
}

// A clause joined to the question by a word of reason, that the question
// refers back to, is read into it; "there" before a verb of being and a
// place is the existential one; "in the same town" refers back.
func TestJoinedClauseReferredTo(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("The brochure of Modern One shows two logos, so I wonder whether it is part of something bigger.")
	require.Equal(t, FrameRelation, p.Frame)
	p = r.Route("Our group loves art, so I was wondering how many museums there are in Leeds.")
	require.Equal(t, FrameCount, p.Frame)
	require.Empty(t, p.Unused(UnusedUnread))
	p = r.Route("I live in Weardale and I'd like to know if Kunsthalle Düsseldorf is in the same town.")
	require.Equal(t, FrameYesNo, p.Frame)
	require.Equal(t, "place", p.Test.Property)
}

// Museums, archives and libraries named together for the members of a
// body ask for every member; two of them keep their kinds.
func TestDomainKindsOfMembers(t *testing.T) {
	r := newTestRouter(t)
	require.Empty(t, r.Route("Which libraries, museums and archives are members of University of Minho?").Constraints.TypeCodes)
	require.Empty(t, r.Route("Welke bibliotheken, archieven en musea horen bij University of Minho?").Constraints.TypeCodes)
	require.Len(t, r.Route("Which libraries and archives are members of University of Minho?").Constraints.TypeCodes, 2)
}

// Kinds asked one after the other, each with its question mark, are a
// choice of kind.
func TestKindsAskedInTurn(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Is Kunsthalle Düsseldorf a library? A museum? Not sure.")
	require.Equal(t, FrameField, p.Frame)
	require.Equal(t, "type", p.Constraints.Field)
}

// A verb that ends a clause of "whether" joins its particle earlier in
// the clause.
func TestParticleBeforeFinalVerb(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Weet u of Modern One onder een grotere organisatie valt?",
		"Weißt du, ob Modern One unter eine größere Organisation fällt?",
	} {
		p := r.Route(q)
		require.Equal(t, FrameRelation, p.Frame, q)
		require.Empty(t, p.Constraints.Sizes, q)
	}
}

// A size in a clause said before the question is a condition only when a
// kind of institution follows it.
func TestRemarkSize(t *testing.T) {
	r := newTestRouter(t)
	require.Empty(t, r.Route("I write a small history newsletter: how many museums are there in Bath?").Constraints.Sizes)
	require.NotEmpty(t, r.Route("I'm after small museums: which ones are in Bath?").Constraints.Sizes)
}

// A word that hedges the second value of a choice ("or more of an")
// leaves the choice as it is; a kind right after a word of the asker is
// the asker's own, no condition.
func TestChoiceHedgeAndOwnKind(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Is Kunsthalle Düsseldorf a library or more of an archive?",
		"Is Kunsthalle Düsseldorf een bibliotheek of eerder een archief?",
		"Ist Kunsthalle Düsseldorf eine Bibliothek oder eher ein Archiv?",
	} {
		p := r.Route(q)
		require.Equal(t, FrameField, p.Frame, q)
		require.Equal(t, "type", p.Constraints.Field, q)
	}
	p := r.Route("My library may join University of Minho; who are its members?")
	require.Empty(t, p.Constraints.TypeCodes)
}

// A kind after a word of example is an example of what was named before
// it; a doubt after "or" may run for many words.
func TestExampleKindAndLongDoubt(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Does Modern One fall under a bigger organisation, such as a university?",
		"Gehört Modern One zu einer größeren Organisation, etwa einer Universität?",
	} {
		p := r.Route(q)
		require.Equal(t, FrameRelation, p.Frame, q)
		require.Empty(t, p.Constraints.TypeCodes, q)
	}
	p := r.Route("Is Kunsthalle Düsseldorf a library, or am I confusing it with some other place in town?")
	require.Equal(t, FrameYesNo, p.Frame)
	require.Equal(t, []string{"L"}, p.Test.Want)
}

// "Whether or not" negates no kind; a comma before a question word
// closes a longer clause the asker says of themselves.
func TestWhetherOrNotKindAndLongRemark(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Can you check for me whether or not Kunsthalle Düsseldorf is a library?")
	require.Equal(t, FrameYesNo, p.Frame)
	require.False(t, p.Test.Negated)
	p = r.Route("Ik wil straks de openingstijden van Kunsthalle Düsseldorf opzoeken, wat is hun website?")
	require.Equal(t, "website", p.Constraints.Field)
}

// A place after "with" in a question of more is the second side.
func TestMoreWithSecondSide(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Comparing Bath with Reading, which has more museums?")
	require.Equal(t, FrameMore, p.Frame)
	require.Len(t, p.Sides, 2)
}

// A field's word right after a word that marks a verb is that verb.
func TestFieldWordAsVerb(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("I need the Wikidata QID of Kunsthalle Düsseldorf to link it in my notes.")
	require.Equal(t, "wikidata", p.Constraints.Field)
}

// In a clause that ends with its verb, the verb joined to its particle
// stands where the particle does: the members of what it governs.
func TestVerbFinalMembers(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Ich wüsste gern, welche Einrichtungen zu University of Minho gehören.")
	require.Equal(t, FrameSet, p.Frame)
	require.NotEmpty(t, p.Constraints.Bodies)
}

// A name counts as one word of a clause said before the question; "I'm
// not sure whether" after "and" opens the question.
func TestLongNameInRemark(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("I saw V. Sukhomlynskyi State Scientific and Educational Library of Ukraine on a list of sites with one logo, so is it part of a bigger body?")
	require.Equal(t, FrameRelation, p.Frame)
	p = r.Route("I'm filling in a survey about Kunsthalle Düsseldorf, and I'm not sure whether it is a library.")
	require.Equal(t, FrameYesNo, p.Frame)
	require.Equal(t, []string{"L"}, p.Test.Want)
}

// A kind a few words after the asker's possessive is the asker's own:
// its kind, size and governance are no conditions of the question.
func TestAskersOwnWithAdjectives(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Our small independent library wants to join University of Minho; which institutions are in it?")
	require.Equal(t, FrameSet, p.Frame)
	require.Empty(t, p.Constraints.TypeCodes)
	require.Empty(t, p.Constraints.Sizes)
	require.Empty(t, p.Constraints.GovernanceCodes)
}

// A field the asker says they do not want is no field asked.
func TestFieldNotWanted(t *testing.T) {
	r := newTestRouter(t)
	require.Equal(t, "city", r.Route("Where is Kunsthalle Düsseldorf? Not the website, the town.").Constraints.Field)
}

// A clause joined by a word of reason, that names a field, is still read
// into a question that refers back to what it names; a place left open
// after "or" ("or just outside") offers no choice.
func TestJoinedClauseWithField(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("The website of Modern One shows another logo in the footer, so I wonder whether it is part of a bigger organisation.")
	require.Equal(t, FrameRelation, p.Frame)
	p = r.Route("Is Kunsthalle Düsseldorf right in Weardale, or just outside?")
	require.Equal(t, FrameYesNo, p.Frame)
}

// A statement to check after "and" ("… and want to make sure X is there")
// opens the question.
func TestJoinedStatementToCheck(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("We're driving to Weardale on Sunday and want to make sure Kunsthalle Düsseldorf is there.")
	require.Equal(t, FrameYesNo, p.Frame)
	require.Equal(t, "place", p.Test.Property)
}

// German "da" after a clause that names a place is the place; inside a
// name it is a word of the name.
func TestGermanDaRefersBack(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Wir sind bald in Weardale – ist Kunsthalle Düsseldorf da auch?")
	require.Equal(t, FrameYesNo, p.Frame)
	require.Equal(t, "place", p.Test.Property)
}

// "As far as X is concerned" puts a topic first: the place stays a
// condition of the question after it.
func TestFrontedConcerned(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("As far as Islington is concerned, which museum opened first?")
	require.NotEmpty(t, p.Constraints.Places)
	require.NotNil(t, p.Constraints.Order)
}

// A place put between "where" and the rest of its cue ("where in P can
// I …", "waar in P vind ik …") is read as if it came after the cue: a
// list of a kind there, or the town of one named institution.
func TestWhereWithFrontedPlace(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Where in Weardale can I go to see an art museum?",
		"Waar in Weardale vind ik een kunstmuseum?",
		"Wo in Islington kann man ein Kunstmuseum besuchen?",
	} {
		p := r.Route(q)
		require.Equal(t, FrameSet, p.Frame, q)
		require.NotEmpty(t, p.Constraints.Places, q)
	}
	for _, q := range []string{
		"Where in Germany is Kunsthalle Düsseldorf?",
		"Where in Germany can I find Kunsthalle Düsseldorf?",
	} {
		p := r.Route(q)
		require.Equal(t, "city", p.Constraints.Field, q)
	}
}

// A question word after a word for people ("someone who") refers back to
// them and asks nothing; words for an unnamed person are fillers.
func TestPersonAntecedent(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Suggest an art museum in Weardale for someone who likes painting.",
		"Could you name a museum in Islington for people who love art?",
	} {
		p := r.Route(q)
		require.Equal(t, FrameSet, p.Frame, q)
		require.Empty(t, p.Unused(UnusedUnknown), q)
	}
}

// A comparative against the rest of the set ("older than all the
// others", "älter als alle anderen") is the end of an order.
func TestComparativeAgainstAllOthers(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Which museum in Islington is older than all the others?",
		"Is there a museum in Islington that opened before any other?",
		"Welk museum in Islington is groter dan de rest?",
		"Welches Museum in Islington ist älter als alle anderen?",
	} {
		p := r.Route(q)
		require.NotNil(t, p.Constraints.Order, q)
		require.Equal(t, 1, p.Constraints.Order.N, q)
	}
}

// Places have no size: a comparative of size between places compares
// their numbers; between institutions it stays a comparison of size.
func TestSizeComparativeOfPlaces(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Weardale Islington number of museums which is bigger",
		"Welke is groter qua aantal musea, Weardale of Islington?",
	} {
		p := r.Route(q)
		require.Equal(t, FrameMore, p.Frame, q)
		require.True(t, p.Pair.Highest, q)
	}
	p := r.Route("Which is bigger, Kunsthalle Düsseldorf or Modern One?")
	require.Equal(t, FramePair, p.Frame)
	require.Equal(t, "size", p.Pair.Attribute)
}

// A statement, then a doubt after a comma ("…, but I'm not sure"), asks
// whether the statement holds.
func TestDoubtAfterStatement(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Kunsthalle Düsseldorf is a library, but I'm not sure that's right.",
		"Kunsthalle Düsseldorf is een bibliotheek, maar ik weet het niet zeker.",
		"Kunsthalle Düsseldorf ist eine Bibliothek, aber ich bin mir nicht sicher.",
	} {
		p := r.Route(q)
		require.Equal(t, FrameYesNo, p.Frame, q)
		require.Equal(t, "type", p.Test.Property, q)
	}
	p := r.Route("Which museums are in Weardale, but I'm not sure?")
	require.NotEqual(t, FrameYesNo, p.Frame)
}

// One kind and an alternative left open ("an archive or something else")
// in a yes/no question tests the kind; after a question word, or with two
// kinds, it asks for the kind.
func TestOpenAlternative(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Is Kunsthalle Düsseldorf an archive or something else?",
		"Is Kunsthalle Düsseldorf nou een archief of toch iets anders?",
		"Ist Kunsthalle Düsseldorf wirklich ein Archiv oder etwas anderes?",
		"Ist Kunsthalle Düsseldorf nun ein Archiv oder eher etwas anderes?",
		"Is Kunsthalle Düsseldorf an archive or some other kind of institution?",
	} {
		p := r.Route(q)
		require.Equal(t, FrameYesNo, p.Frame, q)
		require.Equal(t, "type", p.Test.Property, q)
	}
	for _, q := range []string{
		"Is Kunsthalle Düsseldorf a museum, a library or something else?",
		"Was genau ist Kunsthalle Düsseldorf eigentlich, ein Museum oder was anderes?",
	} {
		require.Equal(t, "type", r.Route(q).Constraints.Field, q)
	}
}

// A word of the present, or a renaming with the value asked after it,
// said of a name the record bore before asks for the name it bears now;
// whether it was renamed stays a yes/no question.
func TestPresentOfFormerName(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"old name Falkirk Burgh Museum what now",
		"Regarding Falkirk Burgh Museum, has the name changed since, and what is it now?",
		"Hoe heet Falkirk Burgh Museum tegenwoordig?",
	} {
		require.Equal(t, "current_name", r.Route(q).Constraints.Field, q)
	}
	require.Equal(t, FrameYesNo, r.Route("Has Falkirk Burgh Museum changed its name?").Frame)
}

// A question word after a comma that follows a yes/no question asks for
// the value; a field named in a relative clause right after another
// field's word describes it and is not asked.
func TestValueAfterCommaAndFieldDescribed(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Can I find Kunsthalle Düsseldorf online somewhere, what's the site?")
	require.Equal(t, FrameField, p.Frame)
	require.Equal(t, "website", p.Constraints.Field)
	p = r.Route("Heeft Kunsthalle Düsseldorf een website waar ik de openingstijden kan zien?")
	require.Equal(t, "website", p.Test.Property)
	p = r.Route("Is Kunsthalle Düsseldorf, which I visited, open?")
	require.Equal(t, FrameYesNo, p.Frame)
}

// A word written small, in a question that writes capitals, does not
// match a name that writes it as an acronym ("man" is no "MAN").
func TestAcronymWrittenSmall(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Kann man Museum Neuruppin besuchen?")
	require.Len(t, p.Constraints.Names, 1)
	require.Equal(t, "Museum Neuruppin", p.Constraints.Names[0].Name)
	p = r.Route("Where is the MAN-Museum?")
	require.Len(t, p.Constraints.Names, 1)
	require.Equal(t, "MAN-Museum", p.Constraints.Names[0].Name)
}

// A place and a kind after a superlative are the end of an order of the
// kind there, not the institution whose name they make up.
func TestSuperlativeBeforePlaceAndKind(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("oldest Islington museum which one")
	require.Empty(t, p.Constraints.Names)
	require.NotNil(t, p.Constraints.Order)
	require.NotEmpty(t, p.Constraints.Places)
}

// A longer polite preamble ("I'd appreciate it if you could tell me
// whether") and an opener after "and" without its subject ("… and want
// to know whether") open an indirect yes/no question.
func TestLongerPreambleYesNo(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"I'd appreciate it if you could tell me whether Kunsthalle Düsseldorf is an archive.",
		"I'm making a list for a school project and want to know whether Kunsthalle Düsseldorf is an archive.",
	} {
		p := r.Route(q)
		require.Equal(t, FrameYesNo, p.Frame, q)
		require.Equal(t, "type", p.Test.Property, q)
	}
}

// A kind's word is no place, whatever town a record gave it, unless a
// locative precedes it: kinds offered as a choice ask for the kind.
func TestKindsOfferedAreNoPlaces(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Ist Kunsthalle Düsseldorf ein Museum, Archiv oder Bibliothek?")
	require.Empty(t, p.Constraints.Places)
	require.Equal(t, "type", p.Constraints.Field)
}

// "Longest" that ends a clause with a verb of being before it is the
// earliest opened, whatever stands between them; before a noun it is not.
func TestDurationSuperlative(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Which museum has been in Plymouth the longest?",
		"Welk museum bestaat in Plymouth het langst?",
		"Welches Museum gibt es in Plymouth am längsten?",
	} {
		o := r.Route(q).Constraints.Order
		require.NotNil(t, o, q)
		require.Equal(t, "opened", o.Attribute, q)
		require.False(t, o.Highest, q)
	}
	require.Nil(t, r.Route("Which museum has been given the longest name?").Constraints.Order)
}

// A statement closed by a tag question, after a clause that names what
// its "it" refers to, is the question.
func TestTaggedStatementAfterClause(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("I'm booking a hotel for a visit to Kunsthalle Düsseldorf — it is in Weardale, isn't it?")
	require.Equal(t, FrameYesNo, p.Frame)
	require.Equal(t, "place", p.Test.Property)
}

// A kind or size up to three words after the asker's possessive ("our
// small local museum") is the asker's own and sets no condition, also
// when the whole question is read with the clause that says it.
func TestAskersOwnKindAndSize(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Our small local museum is considering membership of National Trust; which institutions have already joined?")
	require.Empty(t, p.Constraints.Sizes)
	require.Empty(t, p.Constraints.TypeCodes)
	require.NotEmpty(t, p.Constraints.Bodies)
}

// Keywords that check a statement ("check X in Y") test it; "het" before
// a word of the longest duration is its article, no word referring back;
// a parent said as the organisation above.
func TestCheckedKeywordsAndArticles(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("check Kunsthalle Düsseldorf in Weardale")
	require.Equal(t, FrameYesNo, p.Frame)
	require.Equal(t, "place", p.Test.Property)
	p = r.Route("Mijn vader houdt van geschiedenis; welk museum in Plymouth bestaat het langst?")
	require.NotNil(t, p.Constraints.Order)
	require.Empty(t, p.Unused(UnusedUnread))
	p = r.Route("Modern One: what's the organisation above it?")
	require.Equal(t, FrameRelation, p.Frame)
}

// A kind in the singular beside a topic and a place is a search for the
// kind, also with a question word inside the question (a relative
// "waar", a clause before "which").
func TestKindOfTopicWithInnerQuestionWord(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Zou u mij een museum in Suffolk kunnen aanraden waar het over watermolens gaat?",
		"Once I'm in West Sussex, which museum should I visit for Roman archaeology?",
	} {
		require.Equal(t, FrameSet, r.Route(q).Frame, q)
	}
}

// A yes/no question asked after "and" behind a request ("Look up X and
// tell me if …"); a second question's field narrowed by the words of both
// ("a website, and what is the address"); Dutch "dat" refers back to what
// a clause names.
func TestYesNoAfterAndAndNarrowedSecond(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Look up Kunsthalle Düsseldorf and tell me if it's an archive.")
	require.Equal(t, FrameYesNo, p.Frame)
	require.Equal(t, "type", p.Test.Property)
	p = r.Route("Gibt es von Kunsthalle Düsseldorf eine Webseite, und wie lautet die Adresse?")
	require.Equal(t, "website", p.Constraints.Field)
	require.Empty(t, p.Constraints.MoreFields)
	p = r.Route("Mijn oma heeft het nog steeds over Falkirk Burgh Museum, maar hoe heet dat tegenwoordig?")
	require.Equal(t, "current_name", p.Constraints.Field)
}

// A size word said of a number ("how large is the number of …") is no
// size of the institutions counted.
func TestSizeOfTheNumber(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"How large is the number of accredited museums in Weardale?",
		"Hoe groot is het aantal geaccrediteerde musea in Weardale?",
		"Wie groß ist die Zahl der akkreditierten Museen in Weardale?",
	} {
		p := r.Route(q)
		require.Equal(t, FrameCount, p.Frame, q)
		require.Empty(t, p.Constraints.Sizes, q)
	}
	for _, q := range []string{"How many large museums are in Weardale?", "large museums Weardale number please"} {
		require.NotEmpty(t, r.Route(q).Constraints.Sizes, q)
	}
}

// A request of several words that opens the question ("run through") is
// no verb of operating.
func TestRequestIsNoOperateVerb(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Run through all the institutions in National Trust for me.")
	require.NotEqual(t, "operated_by", p.Constraints.Relation)
	p = r.Route("Which museums does National Trust run?")
	require.NotEmpty(t, p.Constraints.Bodies)
	require.Equal(t, "operated_by", p.Constraints.Bodies[0].Relation)
}

// A word said to the reader before the question ("Sag mal", "Zeg eens")
// leaves the yes/no question after it.
func TestSayBeforeYesNo(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"Sag mal, liegt Kunsthalle Düsseldorf eigentlich in Weardale?", "Zeg eens, ligt Kunsthalle Düsseldorf in Weardale?"} {
		p := r.Route(q)
		require.Equal(t, FrameYesNo, p.Frame, q)
		require.Equal(t, "place", p.Test.Property, q)
	}
}

// "Every institution in" an institution that others belong to asks for
// its members, as "all institutions in" does.
func TestEveryInstitutionIn(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"Give me every institution in National Museum of Asian Art.", "Give me all institutions in National Museum of Asian Art."} {
		p := r.Route(q)
		require.Equal(t, FrameSet, p.Frame, q)
		require.NotEmpty(t, p.Constraints.Bodies, q)
	}
}

// A place in the possessive is read whatever its length, and with up to
// a few qualifiers between it and the kind it has.
func TestLongerPossessivePlaces(t *testing.T) {
	r := newTestRouter(t)
	for q, place := range map[string]string{
		"Count Richmond upon Thames's large museums and report the figure.":  "Richmond upon Thames",
		"Thurrock's independent not-for-profit museums: how many are there?": "Thurrock",
	} {
		p := r.Route(q)
		require.Len(t, p.Constraints.Places, 1, q)
		require.Equal(t, place, p.Constraints.Places[0].Name, q)
	}
}

// A word of number first in keywords, or "#" opening a word, asks for a
// count; a number after it is a name's.
func TestNumberFirstCounts(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"number accredited museums Weardale", "#accredited museums Weardale", "aantal musea Weardale", "accredited museums Weardale number please"} {
		require.Equal(t, FrameCount, r.Route(q).Frame, q)
	}
	require.NotEqual(t, FrameCount, r.Route("Number 42 museum").Frame)
}

// A question word after "or" behind a yes/no question asks for the value;
// a request after "or" ("or tell me it isn't") does not.
func TestValueAfterOr(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Is Falkirk Burgh Museum still called that, or what is it called now?")
	require.Equal(t, "current_name", p.Constraints.Field)
	p = r.Route("Confirm for me that Kunsthalle Düsseldorf is situated in Weardale, or tell me it isn't.")
	require.Equal(t, FrameYesNo, p.Frame)
}

// The town of an address asked ("address city", "address - just need
// the town") is the town.
func TestCityOfAddress(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"Kunsthalle Düsseldorf address city", "Kunsthalle Düsseldorf address - just need the town"} {
		require.Equal(t, "city", r.Route(q).Constraints.Field, q)
	}
	require.Equal(t, "address", r.Route("What is the address of Kunsthalle Düsseldorf?").Constraints.Field)
}

// A word of checking last in keywords asks whether what they say holds.
func TestCheckWordLast(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Kunsthalle Düsseldorf a museum check")
	require.Equal(t, FrameYesNo, p.Frame)
	require.Equal(t, "type", p.Test.Property)
	p = r.Route("Kunsthalle Düsseldorf Weardale klopt")
	require.Equal(t, FrameYesNo, p.Frame)
	require.Equal(t, "place", p.Test.Property)
}

// Keywords that offer one kind and an alternative left open test the
// kind, as the yes/no question does.
func TestOpenAlternativeInKeywords(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"Kunsthalle Düsseldorf a museum or something else", "Kunsthalle Düsseldorf an archive or different type of institution"} {
		p := r.Route(q)
		require.Equal(t, FrameYesNo, p.Frame, q)
		require.Equal(t, "type", p.Test.Property, q)
	}
	require.Equal(t, "type", r.Route("Kunsthalle Düsseldorf museum or library").Constraints.Field)
}

// A partitive that opens a clause of the question picks one of the kind.
func TestPartitiveOpensClause(t *testing.T) {
	r := newTestRouter(t)
	o := r.Route("Plymouth — of the museums there, which came first?").Constraints.Order
	require.NotNil(t, o)
	require.Equal(t, 1, o.N)
}

// "Was" opening a question written in German is "what", whatever word
// follows it; in English it opens a yes/no question.
func TestGermanWasInGermanText(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Ich will mir vorab ansehen, was Kunsthalle Düsseldorf zu bieten hat – wie lautet die Webadresse?")
	require.Equal(t, FrameField, p.Frame)
	require.Equal(t, "website", p.Constraints.Field)
	require.Equal(t, FrameYesNo, r.Route("Was Kunsthalle Düsseldorf a library?").Frame)
}

// A clause said before the question that names a subject ("I love
// railways; …") is no preamble to drop: its subject refines the list.
func TestSubjectInClauseIsNoPreamble(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"I love railways; which museums in Lincolnshire are about it?", "We love railways, which museums in Lincolnshire?"} {
		require.NotEmpty(t, r.Route(q).Constraints.Subjects, q)
	}
	p := r.Route("Do you happen to have the website of Kunsthalle Düsseldorf?")
	require.Equal(t, FrameField, p.Frame)
}

// A word of which right before an order's words asks for one, whatever
// number the kind had before it; with a plural kind between, for all.
func TestWhichRightBeforeOrder(t *testing.T) {
	r := newTestRouter(t)
	o := r.Route("The museums of Plymouth: which came first?").Constraints.Order
	require.NotNil(t, o)
	require.Equal(t, 1, o.N)
	o = r.Route("Which museums in Plymouth came first?").Constraints.Order
	require.NotNil(t, o)
	require.NotEqual(t, 1, o.N)
}

// A cue of belonging right after a field's word joins the field to its
// institution ("which website belongs to X"), not members to a body.
func TestFieldBelongsTo(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"Welke website hoort bij Natural History Museum Vienna?", "Which website belongs to Natural History Museum Vienna?"} {
		p := r.Route(q)
		require.Equal(t, "website", p.Constraints.Field, q)
		require.NotEmpty(t, p.Constraints.Names, q)
	}
}

// After a yes/no question, a second question asks the value ("Has X
// changed its name, and what does it go by now?"); "staat … het langst"
// is the earliest opened.
func TestValueAfterYesNoAndStandingLongest(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Has Falkirk Burgh Museum changed its name, and what does it go by now?")
	require.Equal(t, "current_name", p.Constraints.Field)
	require.Empty(t, p.Constraints.MoreFields)
	o := r.Route("Welk museum staat er in Plymouth het langst?").Constraints.Order
	require.NotNil(t, o)
	require.Equal(t, "opened", o.Attribute)
}
