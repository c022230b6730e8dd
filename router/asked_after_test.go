package router

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// An existence question whose relative clause holds the institution asks
// what the clause describes (its parent, its operator), not whether the
// institution exists.
func TestExistenceOfWhatARelativeClauseDescribes(t *testing.T) {
	r := newTestRouter(t)
	for q, field := range map[string]string{
		"Is there an organisation that the Rijksmuseum belongs to?": "member_of",
		"Is there a larger body which Modern One is part of?":       "member_of",
		"Is there an organization that runs the Horniman Museum?":   "operator",
		"Gibt es eine Organisation, zu der das Rijksmuseum gehört?": "member_of",
		"Is er een organisatie die het Rijksmuseum beheert?":        "operator",
	} {
		p := r.Route(q)
		require.Equal(t, FrameRelation, p.Frame, q)
		require.Equal(t, field, p.Constraints.Field, q)
	}
	p := r.Route("Is there still a Horniman Museum?")
	require.Equal(t, FrameYesNo, p.Frame, "whether the institution itself exists")
}

// A last sentence of question words alone asks the value of the field
// the yes/no question before it names.
func TestBareQuestionWordsAskTheValue(t *testing.T) {
	r := newTestRouter(t)
	for q, field := range map[string]string{
		"Does the Rijksmuseum have a website? Where?": "website",
		"Has the Horniman Museum got an ISIL? Which?": "isil",
		"Heeft het Rijksmuseum een website? Waar?":    "website",
		"Hat das Rijksmuseum eine Webseite? Wo denn?": "website",
	} {
		p := r.Route(q)
		require.Equal(t, FrameField, p.Frame, q)
		require.Equal(t, field, p.Constraints.Field, q)
	}
}

// Whether a name is still the institution's asks the name it bears now;
// whether it is still open asks its status.
func TestANameStillSaidAsksTheCurrentName(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Is Falkirk Burgh Museum still called that?",
		"Does Falkirk Burgh Museum still go by that name?",
		"Heet Falkirk Burgh Museum nog steeds zo?",
		"Heißt das Falkirk Burgh Museum immer noch so?",
	} {
		p := r.Route(q)
		require.Equal(t, FrameField, p.Frame, q)
		require.Equal(t, fieldCurrentName, p.Constraints.Field, q)
	}
	p := r.Route("Is Falkirk Burgh Museum still open?")
	require.Equal(t, FrameYesNo, p.Frame)
}

// A field declined after a comma or dash is no field asked.
func TestADeclinedFieldIsNotAsked(t *testing.T) {
	r := newTestRouter(t)
	for q, field := range map[string]string{
		"Baysgarth House Museum: the country, not the address": "country",
		"Rijksmuseum website, no address":                      "website",
		"Horniman Museum – Stadt bitte, nicht die Adresse":     "city",
	} {
		p := r.Route(q)
		require.Equal(t, field, p.Constraints.Field, q)
		require.Empty(t, p.Constraints.MoreFields, q)
	}
}

// A place a negation word governs, beside another place, is left out.
func TestANegatedPlaceBesideAnotherIsLeftOut(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Which museums are in Bath, not Bristol?",
		"museums in Bath not Bristol",
		"Welche Museen liegen in Bath und nicht in Bristol?",
	} {
		p := r.Route(q)
		require.Len(t, p.Constraints.Places, 1, q)
		require.Equal(t, "Bath", p.Constraints.Places[0].Name, q)
		require.Len(t, p.Constraints.Except, 1, q)
	}
}

// A clause of the asker's that names a subject, then a question that
// refers to it with "it": the question about the subject, exact.
func TestATopicReferredToByIt(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"I've been learning about railways this year; which museums in Essex cover it?",
		"My son loves aviation at the moment; which museums in Kent are about it?",
	} {
		p := r.Route(q)
		require.Equal(t, FrameSet, p.Frame, q)
		require.NotEmpty(t, p.Constraints.Subjects, q)
		require.Empty(t, p.Unused(UnusedUnknown), q)
	}
}

// A subjunctive of politeness ("Wären Sie so nett") says nothing of the
// past: the list is of what is open.
func TestAPoliteSubjunctiveIsNoPast(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Wären Sie so nett, mir die Museen in Wiltshire zu nennen?")
	require.Equal(t, "open", p.Constraints.Status)
	p = r.Route("Welche Museen in Wiltshire waren im Jahr 1900 geöffnet?")
	require.NotEqual(t, "open", p.Constraints.Status)
}

// A question word further on in a question about "it" asks a value; one
// right after it opens what "it" is equated with, a yes/no question.
func TestAQuestionWordFurtherOnAsksAValue(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Rijksmuseum: Wikidata lists it under which identifier?")
	require.Equal(t, FrameField, p.Frame)
	p = r.Route("Rijksmuseum: does it appear under which Q-number on Wikidata?")
	require.Equal(t, FrameField, p.Frame)
	p = r.Route("Amsterdam — is that where I'll find the Rijksmuseum?")
	require.Equal(t, FrameYesNo, p.Frame)
}

// A name fronted before a dash or colon is what the question after it,
// opened by a question word, refers to with "it".
func TestAFrontedNameIsWhatItRefersTo(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"National Museum of Asian Art — who belongs to it?",
		"National Museum of Asian Art: which galleries belong to it?",
	} {
		p := r.Route(q)
		require.Equal(t, FrameSet, p.Frame, q)
		require.True(t, p.Constraints.List, q)
	}
	p := r.Route("Horniman Museum – when did it open?")
	require.Equal(t, fieldOpened, p.Constraints.Field)
}

// A noun of a field or of a level of place right before the name asks
// that field; the rest is a clause about the name.
func TestAFieldNounBeforeTheName(t *testing.T) {
	r := newTestRouter(t)
	for q, field := range map[string]string{
		"Work out the country the Rijksmuseum belongs in.": "country",
		"Point me to the city the Horniman Museum is in.":  "city",
		"Give me the county Horniman Museum sits in.":      "county",
	} {
		p := r.Route(q)
		require.Equal(t, field, p.Constraints.Field, q)
	}
	p := r.Route("Which museums belong in the National Trust?")
	require.True(t, p.Constraints.List)
}

// Open longer than all the others is the oldest; a place and a kind
// written small before a superlative are no name.
func TestLongerThanAllOthersAndASuperlativeAfter(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Which museum in Plymouth has existed longer than all the others?",
		"Welches Museum in Plymouth besteht länger als alle anderen?",
		"islington museum oldest",
	} {
		p := r.Route(q)
		require.NotNil(t, p.Constraints.Order, q)
		require.Equal(t, fieldOpened, p.Constraints.Order.Attribute, q)
		require.False(t, p.Constraints.Order.Highest, q)
	}
}

// A filler and a comma between a request and its complementizer; no
// filler without the comma.
func TestAFillerBeforeTheComplementizer(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Sag mir kurz, ob das Rijksmuseum ein Archiv ist.")
	require.Equal(t, FrameYesNo, p.Frame)
	p = r.Route("Tell me the name that replaced The Jim Clark Room.")
	require.Equal(t, FrameField, p.Frame)
}

// A misspelt name right after a misspelt place, one run of words, is one
// name the data does not hold: neither guess is kept.
func TestTwoGuessesSideBySideAreOneUnknownName(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Is there a Pellingford Button Museum?",
		"When did the Pellingford Button Museum open?",
	} {
		p := r.Route(q)
		require.Empty(t, p.Constraints.Names, q)
		require.Empty(t, p.Constraints.Places, q)
		require.Equal(t, "Pellingford Button Museum", p.UnusedPhrase(UnusedName), q)
	}
	p := r.Route("Is the Wallingford Museum in Wallingford?")
	require.Len(t, p.Constraints.Names, 1)
}

// A common word between an article and a word of "of" is no place,
// whatever town bears it.
func TestACommonWordBeforeOfIsNoPlace(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Was trat an die Stelle von The Furness Museum?")
	require.Empty(t, p.Constraints.Places)
	p = r.Route("Which castle museums are in the Bath area?")
	require.Len(t, p.Constraints.Places, 1)
}

// A place after an except cue is left out only where its words stand
// whole ("Bath", not the start of "Baths"); an institution named after
// the cue in a list is left out of the list.
func TestExceptTakesWholeWordsAndNames(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Which museums in Bath are there, except the Roman Baths Museum?")
	require.Len(t, p.Constraints.Places, 1)
	require.Empty(t, p.Constraints.Except)
	require.NotNil(t, p.Constraints.Not)
	require.Len(t, p.Constraints.Not.Names, 1)
	require.Empty(t, p.Constraints.Names)
	p = r.Route("museums in Wales except Cardiff")
	require.Len(t, p.Constraints.Except, 1)
}

// A statement closed by a tag of checking is a yes/no question, also when
// its question word follows a verb of being ("is where X is").
func TestATagClosesAStatementWithAFreeRelative(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Weardale is where Birmingham Museum Of Science & Industry is, correct?",
		"Birmingham is where the Birmingham Museum Of Science & Industry is, right?",
		"The Rijksmuseum is a museum, is that right?",
	} {
		p := r.Route(q)
		require.Equal(t, FrameYesNo, p.Frame, q)
	}
}

// Who is in a named body asks for its members, also when the body is
// fronted before a colon and a request follows the question.
func TestWhoIsInABody(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Who's in National Museum of Asian Art?",
		"National Museum of Asian Art — who all is in it?",
		"About National Museum of Asian Art: who is in it? I want every member institution.",
	} {
		p := r.Route(q)
		require.Equal(t, FrameSet, p.Frame, q)
		require.True(t, p.Constraints.List, q)
	}
	p := r.Route("Who is in charge of the Rijksmuseum?")
	require.Equal(t, "operator", p.Constraints.Field)
}

// A question word after a request's colon asks its own question, no
// statement to confirm.
func TestAQuestionAfterARequestsColon(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("We're planning a party for the Rijksmuseum's anniversary and need to know: what year did it open?")
	require.Equal(t, FrameField, p.Frame)
	require.Equal(t, fieldOpened, p.Constraints.Field)
	p = r.Route("Tell me this: is the Rijksmuseum a museum?")
	require.Equal(t, FrameYesNo, p.Frame)
}

// "Like" before a name in the possessive wants what is the name's, no
// likeness.
func TestLikeBeforeAPossessiveName(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("I'd like the Horniman Museum's website address.")
	require.False(t, p.Constraints.Similar)
	require.Equal(t, "website", p.Constraints.Field)
	p = r.Route("Which museums are like the Horniman Museum?")
	require.True(t, p.Constraints.Similar)
}

// "There" and "it" after one clause: the place and the topic it names.
func TestThereAndItAfterOneClause(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("I love aviation and I'm spending a week in Kent; which museums there are about it?")
	require.Equal(t, FrameSet, p.Frame)
	require.Len(t, p.Constraints.Places, 1)
	require.NotEmpty(t, p.Constraints.Subjects)
	require.Empty(t, p.Unused(UnusedUnknown))
}

// A subject said of something else in a clause before the question (a
// quiz, a leaflet) is no condition of the question.
func TestASubjectOfSomethingElseInARemark(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("My nephew is doing a local heritage quiz: how many large museums are in Bexley?")
	require.Empty(t, p.Constraints.Subjects)
	p = r.Route("I love railways; which museums are in York?")
	require.NotEmpty(t, p.Constraints.Subjects)
}

// A question word after a comma and a word that joins a remark (", so
// what is it now") asks the value of the field the remark names.
func TestSoWhatAfterARemark(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Falkirk Burgh Museum changed its name at some point, so what is it now?")
	require.Equal(t, fieldCurrentName, p.Constraints.Field)
}

// After a dash, a question word asks the value a yes/no clause before it
// named; "there" and a word of the town after it are the one place a
// clause names; a small word inside a name is no word that refers back.
func TestValueAfterADashAndPlacesReferredTwice(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Ich möchte nachsehen, ob das Rijksmuseum gerade eine Ausstellung hat – wie lautet die Webadresse?")
	require.Equal(t, FrameField, p.Frame)
	p = r.Route("I've got a free afternoon in Weardale; is the Horniman Museum there, in that town?")
	require.Equal(t, FrameYesNo, p.Frame)
	p = r.Route("I'll be in São Paulo for a conference next month — is Museu da Amazonia somewhere there?")
	require.Equal(t, FrameYesNo, p.Frame)
	require.Len(t, p.Constraints.Names, 1)
}

// A clause that names a kind and a size, then a question that refers to
// its place: the kind and size are the question's too.
func TestAClauseOfKindAndSizeThenThere(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("My neighbour claims Bexley has loads of large museums; how many are there really?")
	require.Equal(t, FrameCount, p.Frame)
	require.Equal(t, []string{"M"}, p.Constraints.TypeCodes)
	require.NotEmpty(t, p.Constraints.Sizes)
	require.Len(t, p.Constraints.Places, 1)
}

// A field word before the word of another field it is found in asks the
// first ("the town in X's address"), unless a joining word separates them.
func TestFieldWordBeforeTheFieldItIsFoundIn(t *testing.T) {
	r := newTestRouter(t)
	require.Equal(t, fieldCity, r.Route("Which town is in the address of the Horniman Museum?").Constraints.Field)
	require.Equal(t, "address", r.Route("What is the address of the Horniman Museum?").Constraints.Field)
}

// A field word first, joined to the name by "of" or "for", asks that
// field; a shorthand question of a field, then a gloss, asks the field
// of the question, not one the gloss names.
func TestShorthandFieldBeforeAGloss(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("town of Horniman Museum? just the name")
	require.Equal(t, FrameField, p.Frame)
	require.Equal(t, fieldCity, p.Constraints.Field)
	p = r.Route("Horniman Museum – country? the state in which it lies")
	require.Equal(t, "country", p.Constraints.Field)
}

// A word of holdings inside a name read is no question of collections.
func TestCollectionWordInsideAName(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("town for Bristol Theatre Collection?")
	require.NotEqual(t, Collection, p.Intent)
	require.Equal(t, fieldCity, p.Constraints.Field)
}

// A German verb that spells a subject word of another language is no
// subject in a German question.
func TestGermanVerbThatSpellsASubject(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Wir wollen die Museen in Brent sehen – wie viele gibt es?")
	require.Empty(t, p.Constraints.Subjects)
}

// A cue of belonging after "to" is the asker's verb ("want to include"),
// no relation asked.
func TestBelongingVerbOfTheAsker(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("I'm making a leaflet about Dunbar and want to include its museums; which are they?")
	require.Empty(t, p.Constraints.Relation)
	require.Equal(t, FrameSet, p.Frame)
}

// A place in the English possessive before a plural kind is the place,
// not a name read as a German genitive.
func TestPossessivePlaceIsNoGenitiveName(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Do any of Wiltshire's museums cover regiments?")
	require.Empty(t, p.Constraints.Names)
	require.Len(t, p.Constraints.Places, 1)
}

// A superlative after an article at the end of its clause stands for
// one; after a copula ("are the oldest") for several.
func TestSuperlativeStandingForOne(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Look at Merton's museums and name the oldest.")
	require.NotNil(t, p.Constraints.Order)
	require.Equal(t, 1, p.Constraints.Order.N)
	p = r.Route("Which museums in Merton are the oldest?")
	require.Greater(t, p.Constraints.Order.N, 1)
}

// A name alone after a question that names no institution is its topic.
func TestNameAloneAfterTheQuestion(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("in Lewisham? — Horniman Museum")
	require.Equal(t, FrameYesNo, p.Frame)
	require.Len(t, p.Constraints.Names, 1)
}

// A capitalised town that opens the question as its topic (a colon, a
// plural kind, a copula after it) is the place, though it is a common
// word; one no reader took makes a list not exact.
func TestCommonWordTownFirst(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"Bath: how many museums are there?", "Bath museums, how many?", "Bath has lots of museums; how many are there?"} {
		p := r.Route(q)
		require.Len(t, p.Constraints.Places, 1, q)
	}
	p := r.Route("The museums of Lurgan — which are they?")
	require.Len(t, p.Constraints.Places, 1)
}

// A cue of several words is read only within one clause: words on both
// sides of a comma are no cue.
func TestCueAcrossAComma(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Which institutions belong to National Museum of Asian Art, institution-wise?")
	require.Empty(t, p.Constraints.Field)
}

// A frequent word written small after a locative is no town ("in the
// first line"), unless it follows a plural kind ("museums in bath").
func TestFrequentWordIsNoTown(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("I must say in the first line what kind of institution Museumsmühle Hasbergen is.")
	require.Empty(t, p.Constraints.Places)
	p = r.Route("museums in bath")
	require.Len(t, p.Constraints.Places, 1)
}

// A partial name of a kind ("Horniman Museum" of "Horniman Museum &
// Gardens") is read though a word apart from it stays unknown; one
// beside an unknown word, or with no word of a kind, is not.
func TestPartialNameBesideAnUnknownWord(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Horniman Museum looks gorgeous; when did it open?")
	require.Len(t, p.Constraints.Names, 1)
	require.Equal(t, "Horniman Museum & Gardens", p.Constraints.Names[0].Name)
	p = r.Route("Wat voor weer wordt het morgen in Utrecht?")
	require.Empty(t, p.Constraints.Names)
}

// "no." and "no" that open a cue of number ("no. of") negate nothing; a
// word of number right after a topic read first asks a count.
func TestNumberAbbreviationIsNoNegation(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Kent no. of accredited museums")
	require.Equal(t, FrameCount, p.Frame)
	require.Nil(t, p.Constraints.Not)
	require.NotEmpty(t, p.Constraints.Accreditation)
	p = r.Route("Kent number large museums")
	require.Equal(t, FrameCount, p.Frame)
}

// A capitalised town that is a common word, said alone before the
// question ("Bath: …"), is the question's place.
func TestCommonWordTownAloneBeforeTheQuestion(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Wells: how many museums?")
	require.Len(t, p.Constraints.Places, 1)
	require.False(t, p.Constraints.All)
}

// A field word in a remark beside a question of belonging, whole or
// misspelt, is no field asked.
func TestFieldWordBesideABelongingQuestion(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Auf der Eintrittskarte von Modern One ist ein Logo – zu welcher größeren Organisation gehört es?")
	require.NotEqual(t, "admission", p.Constraints.Field)
	require.Equal(t, "part_of", p.Constraints.Relation)
}

// A field of kind with a kind offered last ("… type a library?") asks
// whether it is that kind.
func TestKindOfferedAfterTheTypeField(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Horniman Museum institution type a library?")
	require.Equal(t, FrameYesNo, p.Frame)
}

// A question word after a preposition, after a colon, asks its own
// question: no statement to confirm.
func TestQuestionWordAfterAPrepositionAfterAColon(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("I'm going on holiday and need to know: in which town is the Horniman Museum?")
	require.Equal(t, FrameField, p.Frame)
}

// A field word right after a verb of checking asks the field's value,
// no statement to confirm.
func TestFieldAfterAVerbOfChecking(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Check the town the Horniman Museum is in.")
	require.Equal(t, FrameField, p.Frame)
	p = r.Route("Check the Horniman Museum is in Lewisham.")
	require.Equal(t, FrameYesNo, p.Frame)
}

// A relative clause said of a capitalised topic before the question is an
// aside: the question after it asks of the topic.
func TestRelativeClauseOfATopicFirst(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Lewisham, where my aunt lives: is the Horniman Museum there?")
	require.Equal(t, FrameYesNo, p.Frame)
	p = r.Route("Horniman Museum, which my class visits every year: who runs it?")
	require.Equal(t, "operated_by", p.Constraints.Relation)
}

// A cue of belonging joined to a field or to a word of opening is no
// relation ("hoort bij de opening"); a field word before a remark in
// brackets is the field asked.
func TestBelongingToAFieldAndAFieldBeforeBrackets(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Welk jaartal hoort bij de opening van het Horniman Museum?")
	require.Equal(t, fieldOpened, p.Constraints.Field)
	p = r.Route("Horniman Museum – country (for my records)")
	require.Equal(t, "country", p.Constraints.Field)
}

// A claim someone makes, then a tag asking who is right, asks whether it
// holds; a statement before such a tag does too.
func TestReportedClaimAndATag(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"My aunt reckons the Horniman Museum is a library — who's right?",
		"Mijn oom zegt dat het Horniman Museum een bibliotheek is, wie heeft gelijk?",
		"Meine Tante behauptet, das Horniman Museum sei eine Bibliothek – wer hat recht?",
	} {
		p := r.Route(q)
		require.Equal(t, FrameYesNo, p.Frame, q)
		require.NotNil(t, p.Test, q)
	}
}

// Whether one can visit an institution in a place tests the place as well
// as that it is open; a doubt that "or" opens is the asker's, no choice.
func TestVisitInAPlaceAndADoubtAfterOr(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Can I still visit the Horniman Museum in Lewisham?")
	require.Equal(t, FrameYesNo, p.Frame)
	require.NotNil(t, p.Test)
	require.Len(t, p.Test.And, 1)
	p = r.Route("Tell me if the Horniman Museum is a library or if I've got that wrong.")
	require.Equal(t, FrameYesNo, p.Frame)
}

// "of" inside a field's cue ("the kind of place you'd call a library") is
// a preposition, no Dutch "or" offering a choice.
func TestOfInsideAFieldCueOffersNoChoice(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Is the Horniman Museum the kind of place you'd call a library?")
	require.Equal(t, FrameYesNo, p.Frame)
	p = r.Route("Is het Horniman Museum een museum of een bibliotheek?")
	require.NotEqual(t, FrameYesNo, p.Frame)
}

// The capital that opens the next sentence does not join a town before
// the full stop into a longer name.
func TestTownBeforeAFullStop(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("We are going to Wells. How many museums are there?")
	require.Len(t, p.Constraints.Places, 1)
}

// A capitalised town that is a common word, said alone after a clause
// sign at the end of the question, is the question's place.
func TestCommonWordTownAloneAtTheEnd(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Number of museums: Wells")
	require.Len(t, p.Constraints.Places, 1)
}

// A relative clause of a topic first that names a subject the question
// refers back to ("about it") says what is asked; one that begins
// "whose", or a phrase in apposition, is an aside; a topic may hold a
// comma or two capitalised names joined by "and".
func TestRelativeClauseTopicAppositionAndCommas(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Norfolk, where my uncle who adores windmills lives: which museums there are about it?")
	require.NotEmpty(t, p.Constraints.Subjects, "the windmills the clause names")
	require.Len(t, p.Constraints.Places, 1)
	for _, q := range []string{
		"Leibniz Association, whose name I saw in a catalogue: which institutions belong to it?",
		"Bath and York, the two cities we like best: which has more museums?",
		"Landschaftsverband Westfalen-Lippe, LWL-Bibliothek, which my niece mentioned: is that a library?",
	} {
		p := r.Route(q)
		require.Empty(t, p.Unused(UnusedUnknown), q)
		require.NotEqual(t, FrameRanking, p.Frame, q)
	}
}

// A question word right after a verb of asking opens the question
// someone else asks, with no comma; a closing "do you know that?" refers
// to the question itself.
func TestAQuestionSomeoneAsksAndAKnowTag(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Mijn dochter vraagt welke musea in Bath er zijn; weet je dat?",
		"Meine Nachbarin fragt welches Museum in Bath das älteste ist.",
	} {
		p := r.Route(q)
		require.Empty(t, p.Unused(UnusedUnknown), q)
		require.NotEmpty(t, p.Unused(UnusedAside), q)
		require.Len(t, p.Constraints.Places, 1, q)
	}
}

// "Is het waar dat …" checks the statement after it ("waar" is "true"
// there, not "where"); "of iets anders" leaves a choice of kinds open.
func TestDutchIsItTrueAndAnOpenChoiceOfKinds(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Is het waar dat het Horniman Museum in Lewisham ligt?")
	require.Equal(t, FrameYesNo, p.Frame)
	p = r.Route("Is het Horniman Museum een bibliotheek, een archief of iets anders?")
	require.Equal(t, FrameField, p.Frame)
	require.Equal(t, "type", p.Constraints.Field)
}

// A phrase in apposition that a preposition opens is an aside of the
// topic; a name after a short question, with a remark in brackets, is
// the question's topic.
func TestAppositionByPrepositionAndABracketAfterATopic(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Holburne Museum, from a leaflet I picked up: is it a library?")
	require.Equal(t, FrameYesNo, p.Frame)
	require.Empty(t, p.Unused(UnusedUnknown))
	p = r.Route("a library? Holburne Museum (for my notes)")
	require.Equal(t, FrameYesNo, p.Frame)
}

// "its" before a kind, after a clause that names only a place, is the
// place's; "there" after a verb of being is no place, and a place
// phrase after it ("in town") is the clause's place.
func TestPossessiveOfAPlaceAndAPlaceAfterExistentialThere(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("I grew up in Bath; how many of its museums are accredited?")
	require.Len(t, p.Constraints.Places, 1)
	require.Empty(t, p.Unused(UnusedUnknown))
	p = r.Route("We're visiting Bath with the kids, so which museums are there in town?")
	require.Len(t, p.Constraints.Places, 1)
	require.Empty(t, p.Unused(UnusedUnread))
}

// Two places side by side, then a word of more, compare the places; a
// capitalised place right beside a place read that no reader took makes
// a list not exact.
func TestKeywordsComparingPlacesAndAPlaceBesideOne(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Leeds York more museums")
	require.Equal(t, FrameMore, p.Frame)
	p = r.Route("Leeds York museums which has more")
	require.Equal(t, FrameMore, p.Frame)
	p = r.Route("Bath York museums")
	if len(p.Constraints.Places) < 2 {
		require.NotEmpty(t, p.Unused(UnusedUnread), "Bath, not read, is no condition applied")
	}
	p = r.Route("Set Leeds next to Reading and list the local-authority museums.")
	if len(p.Constraints.Places) < 2 {
		require.NotEmpty(t, p.Unused(UnusedUnread), "Reading, written with a capital inside the question and not read")
	}
}

// Words of accreditation, size or governance joined in a predicate after
// a copula are each read; one no reader applied leaves the list unread.
func TestJoinedPredicatesAndUnappliedConditions(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Which museums in Kent are accredited and independent?")
	require.NotEmpty(t, p.Constraints.Accreditation)
	require.NotEmpty(t, p.Constraints.GovernanceCodes)
	p = r.Route("Which Kent museums are independent but not accredited?")
	require.NotEmpty(t, p.Constraints.GovernanceCodes)
}

// A town named with a unitary authority it lies in is read within it.
func TestTownWithinAUnitaryAuthority(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("How many museums are in Penzance, Cornwall?")
	require.Len(t, p.Constraints.Places, 1)
	require.Len(t, p.Constraints.Within, 1)
}

// A town's name that is also an area's, named with another area its
// town lies in, is the town ("Newport, Isle of Wight", not the Welsh
// area of Newport).
func TestTownOfAnAreaNamedWithTheAreaItLiesIn(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("How many museums are there in Newport, Isle of Wight?")
	require.Len(t, p.Constraints.Places, 1)
	require.Equal(t, LevelCity, p.Constraints.Places[0].Level)
	require.Len(t, p.Constraints.Within, 1)
}

// Subjects side by side with no word joining them are one topic that
// holds both ("Roman army"), each word a group of its subjects; joined
// by "and" either may hold.
func TestSubjectsSideBySideAskForBoth(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Which museums deal with the Roman army?")
	require.Len(t, p.Constraints.SubjectGroups, 2) // Roman; the army's terms
	require.True(t, p.Constraints.SubjectsAll)
	p = r.Route("Which museums in Kent are about railways and canals?")
	require.False(t, p.Constraints.SubjectsAll)
}

// A question word after a preposition, right after the asker's opener and
// a comma, opens the question; a gloss after it ("where it lies") asks
// nothing new.
func TestQuestionWordAfterAPrepositionAfterAnOpener(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Mag ik vragen, in welk land het Horniman Museum staat, dus waar het ligt?")
	require.Equal(t, "country", p.Constraints.Field)
}

// A field said after the question with a tail that declines it ("address
// not needed", "adres niet nodig") is no field asked.
func TestAFieldDeclinedByATail(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Horniman Museum: town? The address is not needed.",
		"Horniman Museum stad? het adres hoeft niet",
	} {
		p := r.Route(q)
		require.Equal(t, fieldCity, p.Constraints.Field, q)
	}
}

// "count as" says what something is, no count: members that count as a
// body's are its members listed.
func TestCountAsIsNoCount(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Which museums count as members of National Museums Scotland?")
	require.Equal(t, FrameSet, p.Frame)
	p = r.Route("Welke instellingen tellen als leden van National Museums Scotland?")
	require.Equal(t, FrameSet, p.Frame)
}

// A relative clause right after a plural kind says which of the kind are
// asked ("Museen, deren Schwerpunkt …"): no aside.
func TestRelativeClauseAfterAPluralKind(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Hat Kent Museen, deren Schwerpunkt Eisenbahn ist – welche sind das?")
	require.NotEmpty(t, p.Constraints.Subjects)
}

// A word read as the areas of one name ("Cambridgeshire": East and South
// Cambridgeshire), named with a town, is the area that holds the town.
func TestAreasOfOneNameNamedWithATown(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("How many museums are there in Ely, Cambridgeshire?")
	require.Len(t, p.Constraints.Places, 1)
	require.Len(t, p.Constraints.Within, 1)
	require.Equal(t, "Cambridgeshire", p.Constraints.Within[0].Text)
}

// A word of the question's language that is near a known word is that
// word, not a typo of the other: a list that does not read it is not
// exact. A misspelling that is no word of its language stays a typo.
func TestADictionaryWordNearAKnownOneIsNoTypo(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"museums Kent, lace making", "which museums in Devon have lace"} {
		p := r.Route(q)
		require.Contains(t, p.Unused(UnusedUnread), "lace", q)
	}
	p := r.Route("which museums in Devon are in the bigest towns")
	require.NotContains(t, p.Unused(UnusedUnread), "bigest")
}

// The words no table knows right after the asker's possessive are the
// asker's own things, and what the asker reads is the asker's work: no
// condition of the list.
func TestTheAskersOwnThingsAndReading(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Since my photo book of Plymouth begins with its oldest museum, which one is it?",
		"As my book club is reading a novel about railways, which museums in Lincolnshire cover the subject?",
		"Unser Lesekreis liest einen Roman über Eisenbahnen. Welche Museen in Essex behandeln das Thema?",
	} {
		p := r.Route(q)
		require.Empty(t, p.Unused(UnusedUnread), q)
		require.NotEmpty(t, p.Unused(UnusedAside), q)
		require.Len(t, p.Constraints.Places, 1, q)
	}
}

// A word of the word lists is no compound led by a field's cue word.
func TestAWordOfTheListsIsNoFieldCompound(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("List every member institution of Leibniz Association; I'm addressing invitations for our conference.")
	require.Equal(t, FrameSet, p.Frame)
	require.Empty(t, p.Constraints.Field)
}

// A plural compound of a kind reads its modifier: a topic, a governance,
// or a condition no rule reads, so that the list is not exact.
func TestTheModifierOfAKindsCompound(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Hoeveel universiteitsbibliotheken zijn er in Duitsland?")
	require.Equal(t, []string{"University"}, p.Constraints.GovernanceCodes)
	p = r.Route("Wie viele Stadtbibliotheken gibt es in Deutschland?")
	require.Equal(t, []string{"Government-Local_Authority"}, p.Constraints.GovernanceCodes)
	p = r.Route("Wie viele Heimatmuseen gibt es in England?")
	require.Equal(t, []string{"Local Histories"}, p.Constraints.Subjects)
	p = r.Route("Wie viele Werksbibliotheken gibt es in Bayern?")
	require.Contains(t, p.Unused(UnusedUnread), "Werksbibliotheken")
	p = r.Route("Wie viele Privatmuseen gibt es in Schottland?")
	require.Empty(t, p.Unused(UnusedUnread))
}

// A region's other name is the region where the data has that name only
// as a town it guessed; a level of area asked that no reading has is
// the narrowest area of the name; a town "in the" or "on the" area it
// lies in is the town there; "there" after a clause is the place the
// clause names, in the broader place it names.
func TestPlacesReadAsTheAreasAsked(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Wie viele Museen gibt es in Sachsen-Anhalt?")
	require.Len(t, p.Constraints.Places, 1)
	require.Equal(t, LevelRegion, p.Constraints.Places[0].Level)
	p = r.Route("How many museums are in the county of West Midlands?")
	require.Len(t, p.Constraints.Places, 1)
	require.Equal(t, "English CA", p.Constraints.Places[0].AdminLevel)
	for _, q := range []string{
		"How many museums are in Newport on the Isle of Wight?",
		"How many museums are in Newport in the Isle of Wight?",
		"My cousin lives in St Ives in Cornwall. How many museums are there?",
	} {
		p = r.Route(q)
		require.Len(t, p.Constraints.Places, 1, q)
		require.Equal(t, LevelCity, p.Constraints.Places[0].Level, q)
		require.Len(t, p.Constraints.Within, 1, q)
	}
}

// The part of a name before a dash or a bracket is a name of its record,
// when it has two words besides articles and names no other record.
func TestThePartOfANameBeforeADash(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Is De Wilp public library still open?")
	require.Len(t, p.Constraints.Names, 1)
	require.Equal(t, []string{"wd:Q60020861"}, p.Constraints.Names[0].IDs)
	p = r.Route("When did Eden Camp open?")
	require.Len(t, p.Constraints.Names, 1)
	require.Equal(t, []string{"mm:mm.fcm.090"}, p.Constraints.Names[0].IDs)
	p = r.Route("When did the museum of kite open?")
	for _, n := range p.Constraints.Names {
		require.NotContains(t, n.Name, "Die Kiste")
	}
}

// An outward code written as one after a locative, or after a word of a
// code's start, is a postcode asked for.
func TestAnOutwardCodeAfterALocative(t *testing.T) {
	r := newTestRouter(t)
	for q, code := range map[string]string{
		"museums in SW7":                                           "SW7",
		"Which museums are in EH1?":                                "EH1",
		"Which museums have a postcode starting with BA1?":         "BA1",
		"Welche Museen haben eine Postleitzahl beginnend mit BA1?": "BA1",
	} {
		require.Equal(t, []string{code}, r.Route(q).Constraints.Postcodes, q)
	}
}

// A town's adjective written with a capital before a kind is the town.
func TestATownsAdjectiveBeforeAKind(t *testing.T) {
	r := newTestRouter(t)
	for q, town := range map[string]string{
		"Welche Kieler Museen gibt es?":    "Kiel",
		"Liste der Dresdner Bibliotheken":  "Dresden",
		"Welke Amsterdamse musea zijn er?": "Amsterdam",
		"Welke Leidse musea zijn er?":      "Leiden",
	} {
		p := r.Route(q)
		require.Len(t, p.Constraints.Places, 1, q)
		require.Equal(t, town, p.Constraints.Places[0].Name, q)
	}
}

// An area the data gives only as its parts (areaParts) is read as those
// parts.
func TestAnAreaTheDataGivesAsItsParts(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("How many museums are in Cheshire?")
	require.Len(t, p.Constraints.Places, 4)
	p = r.Route("Which museums are in St Ives, Cambridgeshire?")
	require.Equal(t, "Huntingdonshire", p.Constraints.Within[0].Name)
	p = r.Route("Which museums in Perthshire are about farming?")
	require.Len(t, p.Constraints.Places, 1)
	require.Equal(t, "Perth and Kinross", p.Constraints.Places[0].Name)
}

// A noun of a field's value after a word of which ("which code") asks the
// field a clause before it names; a cue of belonging after that noun
// asks no parent.
func TestWhichCodeAfterAClauseThatNamesTheField(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Since our shared catalogue sorts records by ISIL, which code belongs to Stadtarchiv Dresden?",
		"Weil unser Katalog nach ISIL sortiert, welche Nummer hat das Stadtarchiv Dresden?",
	} {
		require.Equal(t, "isil", r.Route(q).Constraints.Field, q)
	}
}

// Words that ask for a list in full are no conditions.
func TestAListInFullIsNoCondition(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Welche Museen findet man in Dunbar, vollständig aufgezählt?")
	require.Empty(t, p.Unused(UnusedUnread))
}

// A body's name without the word of its kind is the body, and with that
// word in another language too; not inside a longer name.
func TestABodysShortName(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Which institutions belong to the Smithsonian?",
		"Welche Einrichtungen gehören zur Leibniz-Gemeinschaft?",
	} {
		p := r.Route(q)
		require.Len(t, p.Constraints.Bodies, 1, q)
		require.Empty(t, p.Unused(UnusedUnread), q)
	}
	p := r.Route("Which museums are members of Senckenberg - Leibniz Institution for Biodiversity and Earth System Research?")
	for _, b := range p.Constraints.Bodies {
		require.NotEqual(t, "Leibniz Association", b.Name)
	}
}

// Years after a verb of an event other than an opening or closing are
// that event's: a condition the list leaves out, not its opening.
func TestYearsOfAnEventThatIsNoOpening(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"Which museums were renamed in 2010?", "Welche Museen wurden 2010 umbenannt?", "Which museums moved in 2015?"} {
		p := r.Route(q)
		require.Nil(t, p.Constraints.Years, q)
		require.NotEmpty(t, p.Unused(UnusedUnread), q)
	}
	p := r.Route("We moved to Bath in 2010. Which museums opened in 1995?")
	require.NotNil(t, p.Constraints.Years)
	require.Equal(t, 1995, p.Constraints.Years.From)
}
