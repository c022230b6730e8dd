package router

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A kind offered after a field's cue and a preposition ("the category of
// an archive") is checked, not a choice; a phrase of politeness ("be
// kind enough to") carries no kind.
func TestKindOfferedAfterAFieldCue(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Does Gaswerk Neustadt (Dosse) fall into the category of an archive?",
		"Would you say Gaswerk Neustadt (Dosse) falls into the category of a museum?",
		"Would you be kind enough to check whether Birmingham Museum Of Science & Industry is part of Weardale?",
	} {
		require.Equal(t, FrameYesNo, r.Route(q).Frame, q)
	}
}

// A word that opens a list after a phrase put first ("In Gwynedd,
// which museum …") opens a list as it does first; "where is there" asks
// where to go for a kind; a superlative one word after a place and a
// kind written small orders the kind there.
func TestListAfterAFrontedPhraseAndWhereIsThere(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"In Gwynedd, which museum is about railways?",
		"Where in Cornwall is there a museum about mining and quarrying?",
		"Islington museum opened earliest",
	} {
		p := r.Route(q)
		require.Equal(t, FrameSet, p.Frame, q)
		require.Empty(t, p.Constraints.Names, q)
	}
}

// A question for the parent of one institution reads a name that is
// also a town as the institution; a filler after a field word last
// ("pls") leaves it the field asked.
func TestParentOfANameThatIsATownAndFillerAfterAField(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Great Smoky Mountains National Park umbrella org")
	require.Len(t, p.Constraints.Names, 1)
	require.Equal(t, FrameRelation, p.Frame)
	p = r.Route("Lacock Abbey country location pls")
	require.Equal(t, "country", p.Constraints.Field)
}

// "sorted by age" orders a list by opening, oldest first; a frequent
// word written small is no misspelt place ("at dinner"); a polite modal
// after a clause opens the question ("…, but might you know").
func TestOrderByAgeFrequentWordsAndPoliteModals(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("museums in Plymouth sorted by age")
	require.NotNil(t, p.Constraints.Order)
	require.Equal(t, "opened", p.Constraints.Order.Attribute)
	p = r.Route("My sister asked me at dinner and I was stumped, so how many accredited museums are there in Brent?")
	require.Len(t, p.Constraints.Places, 1)
	require.Equal(t, "Brent", p.Constraints.Places[0].Name)
	p = r.Route("Sorry to ask, but might you know how many accredited museums Brent has altogether?")
	require.Empty(t, p.Unused(UnusedUnknown))
	p = r.Route("Name the organisation of which Modern One is a part.")
	require.Equal(t, FrameRelation, p.Frame)
}

// A partial name with a possessive ("Horniman Museum's") is read as the
// partial name ("Horniman Museum" of "Horniman Museum & Gardens").
func TestPartialNameWithAPossessive(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("What is Horniman Museum's postcode?")
	require.Len(t, p.Constraints.Names, 1)
	require.Equal(t, "Horniman Museum & Gardens", p.Constraints.Names[0].Name)
	require.Empty(t, p.Unused(UnusedUnknown))
}

// The words of what the asker says they are doing ("Ik maak een
// presentatie", "We're writing a school report") are no conditions: said
// aside, not unread; a request after a yes/no question inside a request
// ("… and tell me") asks for the verdict; a superlative phrase after a
// place and a kind ("museum founded first") orders the kind there.
func TestAskersWorkAndTheVerdictAsked(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Ik maak een presentatie over University of Minho; welke instellingen zijn er allemaal lid van?",
		"Ich schreibe einen Bericht über University of Minho – welche Einrichtungen sind dort alle Mitglied?",
		"We're writing a school report on our region, so how many accredited museums does Brent have in all?",
	} {
		p := r.Route(q)
		require.Empty(t, p.Unused(UnusedUnread), q)
		require.NotEmpty(t, p.Unused(UnusedAside), q)
	}
	p := r.Route("I'm making a list of museums in Kent")
	require.Empty(t, p.Unused(UnusedAside))
	require.Equal(t, FrameYesNo, r.Route("Check whether Birmingham Museum Of Science & Industry is located in Weardale and tell me.").Frame)
	require.Equal(t, FrameField, r.Route("Swap the old name Wellingborough Heritage Centre for the one it goes by now and tell me that.").Frame)
	require.Equal(t, FrameSet, r.Route("Islington - museum founded first?").Frame)
}

// A town that is a common word, written small, is the town where a place
// stands: right after a kind and a locative ("oldest museum in bath"),
// and in a question of a plural kind written all small after a verb of
// having, after the kind last or before a word of count, or first
// before the kind ("bath museums oldest").
func TestCommonWordTownsWrittenSmall(t *testing.T) {
	r := newTestRouter(t)
	bath := map[string]string{}
	for _, q := range []string{
		"Oldest museum in bath", "bath museums oldest",
		"hoeveel musea heeft bath", "how many museums does bath have", "how many museums are there in bath",
		"museums bath count", "count museums bath",
	} {
		bath[q] = "Bath"
	}
	requireOnePlace(t, r, bath)
	require.Empty(t, r.Route("museums deal with trains").Constraints.Places)
}

// A clause of the asker's work after a word of reason ("Since I'm
// preparing a meeting with …") is said aside too; "go and see if" opens
// a yes/no question.
func TestAskersWorkAfterReasonAndGoAndSee(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Since I'm preparing a meeting with University of Minho, which institutions are all its members?")
	require.Empty(t, p.Unused(UnusedUnread))
	require.Equal(t, FrameYesNo, r.Route("Go and see if Lacock Abbey is in Wiltshire.").Frame)
}

// "what" right before a kind asks which institutions of it meet the
// conditions, as "which" does.
func TestWhatBeforeAKind(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("What museum in Cornwall covers mining?")
	require.Equal(t, FrameSet, p.Frame)
	require.True(t, p.Constraints.List)
	require.Equal(t, FrameLookup, r.Route("What library has the ISIL DE-578-M?").Frame)
}

// "what" before kinds offered asks which institution, not its kind.
func TestWhatBeforeKindsOffered(t *testing.T) {
	r := newTestRouter(t)
	require.Equal(t, FrameLookup, r.Route("That code DE-578-M — what library or archive is it for?").Frame)
	require.Equal(t, "type", r.Route("Is Lacock Abbey a museum, a library or an archive?").Constraints.Field)
}

// Whether an institution has another name now, with no name offered,
// asks the name it bears now; a name offered is checked.
func TestAnotherNameNowAsksTheName(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Does The History Shop go by another name these days?")
	require.Equal(t, FrameField, p.Frame)
	require.Equal(t, fieldCurrentName, p.Constraints.Field)
	require.Equal(t, FrameYesNo, r.Route("Is Falkirk Burgh Museum now called Callendar House?").Frame)
}

// A clause opened by "whether" after a statement is the yes/no question
// it asks, the statement said aside; not when a question word or a
// polite request follows it.
func TestWhetherAfterAStatement(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("I walked past Hinckley And District Museum yesterday and couldn't tell from the outside whether it's a museum.")
	require.Equal(t, FrameYesNo, p.Frame)
	require.Empty(t, p.Unused(UnusedUnread))
	p = r.Route("I was wondering whether you could tell me which country Haushamer Bergbaumuseum is located in.")
	require.NotEqual(t, FrameYesNo, p.Frame)
}

// "open or closed", "whether open or not" and their like ask for a kind
// of every status; of one institution, which status it has.
func TestEveryStatus(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"List museums in Bath whether open or closed",
		"Count the museums in Kent, whether open or not",
		"List museums in Bath, both open and closed",
		"Welke musea in Bath, open of gesloten?",
	} {
		p := r.Route(q)
		require.Empty(t, p.Constraints.Status, q)
		require.False(t, p.Constraints.Change, q)
	}
	require.Equal(t, "status", r.Route("Is Lacock Abbey open or closed?").Constraints.Field)
}

// A frequent word written small starts no name ("wäre Museum Neuruppin"
// is no "Ware Museum"); an article may ("the box").
func TestFrequentWordStartsNoName(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Entschuldigung, wäre Museum Neuruppin als ein Museum einzuordnen?")
	require.Len(t, p.Constraints.Names, 1)
	require.Equal(t, "Museum Neuruppin", p.Constraints.Names[0].Name)
	p = r.Route("when did the box open?")
	require.Len(t, p.Constraints.Names, 1)
	require.Equal(t, "The Box", p.Constraints.Names[0].Name)
}

// Two values compared by "more" are sides only when each reads a
// condition: "the higher number of local-authority museums" compares no
// "number museums" with local-authority ones.
func TestValueSidesEachReadACondition(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Put Kingston upon Hull next to Reading and say which of the pair has the higher number of local-authority museums.")
	require.NotContains(t, p.SideLabels, "number museums")
	p = r.Route("Does Kent have more accredited or unaccredited museums?")
	require.Equal(t, FrameMore, p.Frame)
	require.Len(t, p.Sides, 2)
}

// A level noun and a relative word before a name ("the city that X sits
// in") ask the name's place at that level, not its parent.
func TestLevelAndRelativeBeforeAName(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Give me only the city that Lacock Abbey sits in.")
	require.Equal(t, FrameField, p.Frame)
	require.Equal(t, fieldCity, p.Constraints.Field)
}

// A size word before a word the rules do not know, or know only as a
// filler, with no kind after it, is the size of that thing ("a small
// travel blog"); before a misspelt kind ("grote muse") it is the size.
func TestSizeOfAnotherThing(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Now that I've started a small travel blog, how many accredited museums does Brent have altogether?")
	require.Empty(t, p.Constraints.Sizes)
	p = r.Route("Hoeveel grote muse telt West Berkshire?")
	require.NotEmpty(t, p.Constraints.Sizes)
	p = r.Route("Which museums in Kent are not small or medium?")
	require.NotNil(t, p.Constraints.Not)
}

// What the asker wants the answer for ("- for my scrapbook", "für meine
// Hausarbeit") is said aside, unless it names a kind or a word read;
// "whichever" asks which side wins.
func TestAskersPurposeAndWhichever(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("an archive? Gaswerk Neustadt (Dosse) - for my scrapbook")
	require.Equal(t, FrameYesNo, p.Frame)
	require.Equal(t, []string{"for my scrapbook"}, p.Unused(UnusedAside))
	p = r.Route("Put Luton next to Cornwall, count their large museums, and name whichever comes out higher.")
	require.Equal(t, FrameMore, p.Frame)
}

// "that place" after a clause that names one institution is that
// institution.
func TestThatPlaceOfAClauseThatNamesAnInstitution(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Because an old letter of ours is addressed to Falkirk Burgh Museum, what is that place called at present?")
	require.Equal(t, fieldCurrentName, p.Constraints.Field)
}

// A phrase in apposition that an article and a noun of no kind open
// describes the topic ("X, the building with the big glass doors on my
// street: is it an archive?"); "stad" last asks the town.
func TestAppositionDescribingTheTopic(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Gaswerk Neustadt (Dosse), the building with the big glass doors on my street: is it an archive?")
	require.Equal(t, FrameYesNo, p.Frame)
	require.Equal(t, "type", p.Test.Property)
	require.Equal(t, fieldCity, r.Route("Horniman Museum stad?").Constraints.Field)
}

// A clause of the asker's work that names a kind is a question: its words
// stay conditions ("I'm planning a visit to free museums in Kent").
func TestAskersWorkThatNamesAKind(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("I'm planning a visit to free museums in Kent; which ones are there?")
	require.Contains(t, p.Unused(UnusedUnread), "free")
	require.Empty(t, p.Unused(UnusedAside))
}

// What the asker says they will do with the answer, a question word
// inside, asks no field of its own ("Ik wil kijken wanneer ze open
// zijn"); a field they say they need does ("I need the address").
func TestAskersPurposeAfterAFieldQuestion(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Hebt u het webadres van State Darwin Museum voor me? Ik wil kijken wanneer ze open zijn.")
	require.Equal(t, "website", p.Constraints.Field)
	p = r.Route("Where exactly is Dock Museum? I need the address.")
	require.Equal(t, "address", p.Constraints.Field)
}

// The words of the asker's purpose ("on our list for …") and of a clause
// of their work ("I'm making a poster for …") name no subject; a
// request and a word of whether after "and" ("and tell me whether")
// asks for the verdict, not a value.
func TestAskerAsideNamesNoSubjectAndVerdictAfterAnd(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Bath and Exeter, both on my list for a farm stay: which has more accredited museums?",
		"I'm making a poster for the railway club, so which museums are in Bath?",
	} {
		p := r.Route(q)
		require.Empty(t, p.Constraints.Subjects, q)
		require.NotEmpty(t, p.Constraints.Places, q)
	}
	p := r.Route("I'm researching the navy; which museums in Suffolk deal with it?")
	require.NotEmpty(t, p.Constraints.Subjects)
	for _, q := range []string{
		"Look it up and tell me whether the Yorkshire Museum sits in York.",
		"Check the register for me and let me know whether Whitby Museum sits in Whitby.",
	} {
		require.Equal(t, FrameYesNo, r.Route(q).Frame, q)
	}
}

// A topic put first with a phrase of the asker's after it, closed by a
// colon, is the topic the question refers back to; "their" after a
// plural kind is the kind's own; a clause of the asker's after the
// question asks nothing.
func TestTopicBeforeTheAskersPhraseAndTheAskersTail(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"the royal navy, a big part of my grandad's life: which museums in Suffolk cover it?",
		"Since my book club chose railways, which museums in Essex have it as their theme?",
	} {
		p := r.Route(q)
		require.NotEmpty(t, p.Constraints.Subjects, q)
		require.NotEmpty(t, p.Unused(UnusedAside), q)
	}
	for _, q := range []string{
		"Name every museum in Whitby, we are there with the grandchildren next week.",
		"Nenne mir alle Museen in Whitby, wir sind nächste Woche mit den Enkeln dort.",
	} {
		p := r.Route(q)
		require.Equal(t, FrameSet, p.Frame, q)
		require.Empty(t, p.Unused(UnusedUnread), q)
		require.NotEmpty(t, p.Unused(UnusedAside), q)
	}
	require.Equal(t, FrameSet, r.Route("Read me the member roster of National Museums Liverpool.").Frame)
}

// A town that is a common word, written small, coordinated with a place
// in a question of a plural kind written all small is a place; whom the
// institutions suit ("for kids") is a condition no field records; army
// and soldiers take in the regiments.
func TestSmallTownPairsAudiencesAndArmies(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"which has more museums, leeds or bath", "more museums in bath or leeds"} {
		require.Len(t, r.Route(q).Constraints.Places, 2, q)
	}
	for _, q := range []string{"museums in Leeds for the children", "Welke musea in Utrecht zijn gezinsvriendelijk?", "familienfreundliche Museen in Köln"} {
		require.NotEmpty(t, r.Route(q).Unused(UnusedUnread), q)
	}
	for _, q := range []string{"soldiers museums in Kent", "Welke legermusea zijn er in Kent?"} {
		require.Contains(t, r.Route(q).Constraints.Subjects, "War and conflict / Regiment", q)
	}
}

// A subject word right before a plain noun ("a history course", "the
// bus window") names what it is about, no subject asked; a tail that says what the
// answer is for ("it's for …", "het is voor …") asks nothing; German
// "das Land, in dem X liegt" asks the country.
func TestPlainNounsPurposeTailsAndTheCountryInWhichXLies(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Since my son is taking a history course, how many accredited museums does Kent have?")
	require.Empty(t, p.Constraints.Subjects)
	require.NotEmpty(t, p.Constraints.Places)
	for _, q := range []string{
		"List the museums in Whitby; it's for a school newsletter.",
		"Noem de musea in Whitby; dat is voor de schoolkrant.",
		"Which accredited museums are in Kent? This is for a leaflet.",
	} {
		p := r.Route(q)
		require.Empty(t, p.Unused(UnusedUnread), q)
		require.NotEmpty(t, p.Constraints.Places, q)
	}
	require.Equal(t, "country", r.Route("Sag mir bitte das Land, in dem Whitby Museum liegt.").Constraints.Field)
	p = r.Route("Whitby Museum, seen from the bus window on Sunday: is that a museum?")
	require.Equal(t, FrameYesNo, p.Frame)
	require.Empty(t, p.Constraints.Subjects)
}

// A word of the languages written small is that word, never corrected
// as a misspelling of another ("an office wager", not water); "weigh up"
// compares; "it settles …" after the question says what it is for.
func TestDictionaryWordsAndWeighingUp(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Weigh up Bath against Exeter and tell me which has more accredited museums; it settles a wager.")
	require.Empty(t, p.Constraints.Subjects)
	require.Len(t, p.Constraints.Places, 2)
	require.Empty(t, p.Unused(UnusedUnread))
}

// A frequent word written small after a locative in a question written
// with capitals is the place when the data places many records there
// ("in wales"), not when few ("in time").
func TestFrequentPlaceWordsWrittenSmall(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("I'm writing a report on farming and want to see museums about farming in wales that are open")
	require.Len(t, p.Constraints.Places, 1)
	require.Equal(t, "Wales", p.Constraints.Places[0].Name)
}

// The words of a clause of the asker's work whose verb stands up to three
// words after its subject ("our walking club is printing …") name no
// subject; a plain noun after a subject word ("a history society")
// neither; a short phrase after the question that a plain noun closes
// says what it is for; a sentence after the question that says its
// field again asks nothing new.
func TestAskersClubsAndAFieldSaidAgain(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Since our local history society is printing a walking map, how many museums does Whitby have?")
	require.Empty(t, p.Constraints.Subjects)
	require.Len(t, p.Constraints.Places, 1)
	p = r.Route("museums Whitby count, walking club leaflet")
	require.Empty(t, p.Unused(UnusedUnread))
	require.NotEmpty(t, p.Unused(UnusedAside))
	p = r.Route("Where is Whitby Museum? My satnav needs the town first.")
	require.Equal(t, "city", p.Constraints.Field)
	require.NotEmpty(t, p.Unused(UnusedAside))
}

// A sentence of the asker's before the question, closed by a full stop,
// is said beside it; where the asker or theirs live, beside a question
// that names its own place, is no place asked.
func TestTheAskersPlaceBesideTheQuestion(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"My brother lives in Leeds. How many museums are in Whitby?",
		"How many museums are in Whitby? We live in Leeds and fancy a day out.",
		"Wir wohnen in Leeds. Welche Museen gibt es in Whitby?",
	} {
		p := r.Route(q)
		require.Len(t, p.Constraints.Places, 1, q)
		require.Equal(t, "Whitby", p.Constraints.Places[0].Name, q)
		require.NotEmpty(t, p.Unused(UnusedAside), q)
	}
}

// Governance said after the kind ("sind unabhängig", "zijn
// onafhankelijk", "waren privat") and in a compound with the kind
// ("Privatmuseen", "universiteitsmusea") is read.
func TestGovernancePredicatesAndCompounds(t *testing.T) {
	r := newTestRouter(t)
	for q, code := range map[string]string{
		"Welche Museen in Kent sind unabhängig?":           "Independent-Private",
		"Welke musea in Kent zijn onafhankelijk?":          "Independent-Private",
		"Welche Museen in Kent waren privat?":              "Independent-Private",
		"Wie viele Privatmuseen gibt es in Kent?":          "Independent-Private",
		"Wie viele Universitätsmuseen gibt es in Wales?":   "University",
		"Hoeveel universiteitsmusea zijn er in Schotland?": "University",
	} {
		require.Contains(t, r.Route(q).Constraints.GovernanceCodes, code, q)
	}
}

// A field of a plural kind counted asks how many have it ("how many …
// were known by another name"), not each one's value.
func TestFieldCountedIsHad(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("How many museums in Leeds went by another name in the past?")
	require.Equal(t, []string{"former_name"}, p.Constraints.Has)
	require.Empty(t, p.Constraints.Field)
}

// A clause after the question that a word referring back to the answer
// closes says what it is for ("…; the form needs it"), and so does a
// statement after a semicolon that names no kind; a word of the
// languages in a question written all small is no misspelt place ("the
// list needs them" is not Leeds).
func TestTailsThatReferBackAndSmallWords(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"List the members of National Museums Liverpool; the committee report needs them.",
		"Nenn mir die Website von Whitby Museum; der Flyer braucht sie.",
	} {
		p := r.Route(q)
		require.Empty(t, p.Unused(UnusedUnread), q)
		require.NotEmpty(t, p.Unused(UnusedAside), q)
	}
	p := r.Route("Count the accredited museums in Kent for me; the walking group wants a number by Friday.")
	require.NotEmpty(t, p.Unused(UnusedAside))
	require.Equal(t, FrameCount, p.Frame)
	p = r.Route("I'm staying in Whitby for a week; is Whitby Museum there?")
	require.Equal(t, FrameYesNo, p.Frame)
	require.Empty(t, r.Route("the list needs them").Constraints.Places)
	require.NotEmpty(t, r.Route("museums in edinbrugh").Constraints.Places)
}

// A year of the asker's life said beside the question ("I was born in
// 1975") is no year of opening when neither the remark nor the question
// says opening or closing.
func TestTheAskersYears(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("My dad was born in 1948 and grew up in Whitby. How many museums are in Whitby?")
	require.Nil(t, p.Constraints.Years)
	require.NotEmpty(t, p.Unused(UnusedAside))
	require.NotNil(t, r.Route("Since 1990, which museums opened in Whitby?").Constraints.Years)
}

// Purposes said after a keyword question ("…, walking club map", "…,
// school outing") and the asker's drawing of a map ask nothing of it.
func TestPurposeKeywordsAndMapsDrawn(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"museums Whitby all of them, history society outing",
		"Whitby Museum run by which organisation, parking letter",
		"Since I'm drawing a walking map for the parish, which museums are in Whitby?",
	} {
		p := r.Route(q)
		require.Empty(t, p.Unused(UnusedUnread), q)
		require.Empty(t, p.Constraints.Subjects, q)
		require.NotEmpty(t, p.Unused(UnusedAside), q)
	}
}
