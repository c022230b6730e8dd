package pipeline

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/answer"
	"github.com/hybridrag/hybridrag/locale"
)

// A question about an organisation the data does not know is answered
// "not in the data", never with the set the rest of its words select or
// with text matches, whatever the organisation's name ends in.
func TestUnknownOrganisationIsNotInTheData(t *testing.T) {
	p := testPipeline(t)
	for _, q := range []string{
		"Which museums belong to the Atlantis Heritage Trust?",
		"Which institutions are run by the Zorblax Historical Society?",
		"Which museums are part of the Qwerty Arts Council?",
		"List the museums operated by the Brindleford Museum Service.",
		"Welche Museen betreibt der Förderverein Kleinmoosbach?",
		// "Trust" also names a kind of governance; the name is still an
		// organisation's, in a count as in a list
		"How many museums does the Imaginary Heritage Trust run?",
		"Which museums does the Imaginary Heritage Trust run?",
	} {
		t.Run(q, func(t *testing.T) {
			resp := ask(t, p, q)
			require.Equal(t, KindNone, resp.Answer.Kind, resp.Answer.Text)
			require.False(t, resp.Answer.Exact)
			require.Contains(t, resp.Answer.Text, "is in the data")
		})
	}
	// A body the data holds still gets its members.
	resp := ask(t, p, "Which museums are part of National Museums Scotland?")
	require.Equal(t, KindSet, resp.Answer.Kind, resp.Answer.Text)
}

// A set question with a topic the data has no rule for ("perfume bottle
// museums in Devon") is not answered with every museum of the place as if
// exact.
func TestUnreadTopicIsNotDropped(t *testing.T) {
	p := testPipeline(t)
	for _, q := range []string{
		"Which perfume bottle museums are there in Devon?",
		"Welche Museen zum Them Bitcoin gibt es in Kent?",
	} {
		t.Run(q, func(t *testing.T) {
			resp := ask(t, p, q)
			require.False(t, resp.Answer.Exact, resp.Answer.Text)
			require.NotEqual(t, KindSet, resp.Answer.Kind, resp.Answer.Text)
		})
	}
}

// A name the data holds no institution under exactly, but that several
// institutions carry (one as its current name, one as a former name), is
// answered for the one whose current name carries it, with the others
// named beside it and the answer not called exact.
func TestPartialNameSharedByInstitutions(t *testing.T) {
	p := testPipeline(t)
	resp := ask(t, p, "When did the Ashmolean Museum open?")
	a := resp.Answer
	require.Equal(t, KindField, a.Kind, a.Text)
	require.False(t, a.Exact)
	require.Equal(t, "1683", a.Value, a.Text)
	require.True(t, strings.HasPrefix(a.Text, "The opening year of Ashmolean Museum Of Art And Archaeology (Oxford"), a.Text)
	require.Contains(t, a.Text, "Broadway Museum & Art Gallery, formerly “Ashmolean Museum, Broadway”")
	require.Contains(t, a.Text, "2013")
	require.Len(t, a.Citations, 2)

	// An off-topic question's place is no institution's name.
	resp = ask(t, p, "Wat voor weer wordt het morgen in Utrecht?")
	require.Equal(t, KindNone, resp.Answer.Kind, resp.Answer.Text)
}

// "Where is X?" names one institution, even when X is also a town.
func TestWhereIsAnInstitutionNamedLikeItsTown(t *testing.T) {
	p := testPipeline(t)
	for _, q := range []string{"Where is Beamish?", "When did Beamish open?"} {
		resp := ask(t, p, q)
		require.Equal(t, KindField, resp.Answer.Kind, "%s: %s", q, resp.Answer.Text)
		require.True(t, resp.Answer.Exact, resp.Answer.Text)
	}
	resp := ask(t, p, "Where is Beamish?")
	require.True(t, strings.HasPrefix(resp.Answer.Text, "Beamish is in Beamish"), resp.Answer.Text)
}

// A list question with a word no rule reads outside a condition's slot
// ("… free to enter") keeps its set but is not called exact, and says
// which word it left out; a misspelt known word is no such word.
func TestUnreadWordIsNotDroppedSilently(t *testing.T) {
	p := testPipeline(t)
	resp := ask(t, p, "Which museums in Leeds are free to enter?")
	require.Equal(t, KindSet, resp.Answer.Kind, resp.Answer.Text)
	require.False(t, resp.Answer.Exact, resp.Answer.Text)
	require.Contains(t, resp.Answer.Text, "Not an exact answer: “free to enter” in the question was not read")

	for q, word := range map[string]string{
		"Which museum in York has the most visitors?":                   "“most visitors”",
		"Which museums in Bristol have a cafe?":                         "“have a cafe”",
		"What are the best museums in York?":                            "“best”",
		"Which museums in Kent have more than 100,000 visitors a year?": "“more than 100,000”",
		"Which museums in Wales opened in the last ten years?":          "“last ten years”",
		"Which libraries in Leeds are open at weekends?":                "“open at weekends”",
	} {
		resp := ask(t, p, q)
		require.False(t, resp.Answer.Exact, "%s: %s", q, resp.Answer.Text)
		require.Contains(t, resp.Answer.Text, word, q)
	}

	resp = ask(t, p, "Which museums in Leeds should I viit?")
	require.True(t, resp.Answer.Exact, resp.Answer.Text)
}

// "Which museums does X run?" relates the list to X: when X is no
// organisation the data knows, the set of the other words is not its
// members.
func TestOrganisationAsSubjectOfTheVerb(t *testing.T) {
	p := testPipeline(t)
	for _, q := range []string{
		"Which museums does the University of Oxford run?",
		"Which museums are run by the Church of Scotland?",
	} {
		resp := ask(t, p, q)
		require.False(t, resp.Answer.Exact, "%s: %s", q, resp.Answer.Text)
		require.NotEqual(t, KindSet, resp.Answer.Kind, "%s: %s", q, resp.Answer.Text)
	}
	resp := ask(t, p, "Which museums does Glasgow Life run?")
	require.Equal(t, KindSet, resp.Answer.Kind, resp.Answer.Text)
	require.True(t, resp.Answer.Exact)
}

// "Which … are still open?" asks for a list of open ones, not a field of
// one institution.
func TestStillOpenInAList(t *testing.T) {
	p := testPipeline(t)
	resp := ask(t, p, "Which railway museums in Wales are still open?")
	require.Equal(t, KindSet, resp.Answer.Kind, resp.Answer.Text)
	require.True(t, resp.Answer.Exact, resp.Answer.Text)
	for _, id := range resp.Answer.IDs {
		in, ok := p.data.Get(id)
		require.True(t, ok)
		require.Equal(t, "open", in.Status(), in.Name)
	}
}

// A name several institutions carry ("the Natural History Museum"), or
// that one carries and begins another's ("the Hunterian Museum": "The
// Hunterian" in London and "Hunterian Museum, University Of Glasgow"), is
// answered for one with the others named, not called exact; a place in
// the question settles it.
func TestSharedNameNamesTheOthers(t *testing.T) {
	p := testPipeline(t)
	for _, q := range []string{"When did the Natural History Museum open?", "When did the Hunterian Museum open?"} {
		resp := ask(t, p, q)
		a := resp.Answer
		require.Equal(t, KindField, a.Kind, a.Text)
		require.False(t, a.Exact, a.Text)
		require.Contains(t, a.Text, "also fits", a.Text)
		require.GreaterOrEqual(t, len(a.Citations), 2, a.Text)
	}
	resp := ask(t, p, "Where is the Hunterian Museum in Glasgow?")
	require.True(t, resp.Answer.Exact, resp.Answer.Text)
	require.Equal(t, []string{"mm:mm.domus.SC243"}, resp.Answer.IDs, resp.Answer.Text)
}

// Yes/no answers: a word no rule read leaves the verdict not exact, and a
// place test on a record that states only its country is not a "no".
func TestYesNoSaysWhatItDidNotRead(t *testing.T) {
	p := testPipeline(t)
	resp := ask(t, p, "Is the Science Museum in London free?")
	require.False(t, resp.Answer.Exact, resp.Answer.Text)
	require.Contains(t, resp.Answer.Text, "“free”")

	resp = ask(t, p, "Is the Rijksmuseum in Amsterdam?")
	require.Empty(t, resp.Answer.Value, resp.Answer.Text)
	require.False(t, resp.Answer.Exact, resp.Answer.Text)

	resp = ask(t, p, "Ist Gottlieb-Daimler-Gedächtnisstätte eine Bibliothek?")
	require.Equal(t, "no", resp.Answer.Value, resp.Answer.Text)
	require.Contains(t, resp.Answer.Text, "is a museum")
}

// A topic the question excludes ("not about railways") leaves the
// museums about it out of the list, and a body the question excludes
// ("not run by the National Trust") its members.
func TestNegatedTopicAndRelation(t *testing.T) {
	p := testPipeline(t)
	all := ask(t, p, "Which museums in Kent are open?")
	about := ask(t, p, "Which museums in Kent are about railways?")
	resp := ask(t, p, "Which museums in Kent are not about railways?")
	require.True(t, resp.Answer.Exact, resp.Answer.Text)
	require.NotEmpty(t, about.Answer.IDs)
	require.Equal(t, len(all.Answer.IDs)-len(about.Answer.IDs), resp.Answer.Count, resp.Answer.Text)
	for _, id := range about.Answer.IDs {
		require.NotContains(t, resp.Answer.IDs, id)
	}

	// a share of the records that are not accredited is that of the
	// unaccredited, where every record states its accreditation
	not := ask(t, p, "What percentage of museums in Wales are not accredited?")
	un := ask(t, p, "What percentage of museums in Wales are unaccredited?")
	require.Equal(t, un.Answer.Value, not.Answer.Value, not.Answer.Text)
	require.True(t, not.Answer.Exact, not.Answer.Text)

	// each compared side is its whole side without the small members
	// and those of no stated size
	more := ask(t, p, "Does Bath have more museums that are not small than Bristol?")
	whole := ask(t, p, "Does Bath have more museums than Bristol?")
	require.Len(t, more.Answer.Groups, 2, more.Answer.Text)
	require.Len(t, whole.Answer.Groups, 2, whole.Answer.Text)
	for i, g := range whole.Answer.Groups {
		var want []string
		for _, id := range g.IDs {
			if in, _ := p.data.Get(id); in.Size() != "" && in.Size() != "unknown" && in.Size() != "small" {
				want = append(want, id)
			}
		}
		require.ElementsMatch(t, want, more.Answer.Groups[i].IDs, more.Answer.Text)
	}

	resp = ask(t, p, "Which museums in Devon are accredited but not run by the National Trust?")
	require.True(t, resp.Answer.Exact, resp.Answer.Text)
	require.NotEmpty(t, resp.Answer.IDs, resp.Answer.Text)
	for _, id := range resp.Answer.IDs {
		in, _ := p.data.Get(id)
		require.Equal(t, "Accredited", in.Accreditation(), in.Name)
		for _, m := range in.MemberOf() {
			require.NotEqual(t, "National Trust", m.Name, in.Name)
		}
	}
}

// A name of several words one record carries exactly is that record, even
// when the name reading finds it too common a phrase to read on its own.
func TestExactNameBeforeAMisspelling(t *testing.T) {
	p := testPipeline(t)
	for _, q := range []string{"Wann wurde das Deutsches Museum gegründet?", "When was the Deutsches Museum founded?"} {
		resp := ask(t, p, q)
		require.Equal(t, []string{"ror:00a7n7g54"}, resp.Answer.IDs, "%s: %s", q, resp.Answer.Text)
		require.True(t, resp.Answer.Exact, resp.Answer.Text)
	}
}

// ask asks p a question, bypassing the answer cache, for an answer in
// English, the language the tests' expected text is written in, whatever
// the language of the question: those tests check what is answered;
// TestAnswersInTheQuestionsLanguage checks in which language.
func ask(t *testing.T, p *Pipeline, q string) *Response {
	t.Helper()
	resp, err := p.Ask(context.Background(), Request{Question: q, NoCache: true, Lang: locale.EN})
	require.NoError(t, err)
	require.Empty(t, resp.Errors, "%s: a source failed, so the answer is not the one under test", q)
	return resp
}

// A question for the first members of an order answers them, in order,
// with their values; it is exact only when every member of the set has a
// value, and says how many have none otherwise.
func TestOrderedAnswers(t *testing.T) {
	p := testPipeline(t)
	resp := ask(t, p, "What are the three oldest museums in York?")
	require.Equal(t, KindSet, resp.Answer.Kind, resp.Answer.Text)
	require.Len(t, resp.Answer.IDs, 3, resp.Answer.Text)
	var years []int
	for _, id := range resp.Answer.IDs {
		in, ok := p.data.Get(id)
		require.True(t, ok)
		y, _, ok := in.Opened()
		require.True(t, ok, in.Name)
		years = append(years, y)
	}
	require.IsNonDecreasing(t, years, resp.Answer.Text)
	require.True(t, strings.HasPrefix(resp.Answer.Text, "The 3 oldest of the "), resp.Answer.Text)

	// most libraries have no opening year in the data: not exact, and
	// said so
	resp = ask(t, p, "What is the oldest library?")
	require.False(t, resp.Answer.Exact, resp.Answer.Text)
	require.Contains(t, resp.Answer.Text, "no opening year in the data")

	// the words of the order are read, not dropped: the answer is not the
	// whole set
	resp = ask(t, p, "Which museum in Glasgow opened first?")
	require.Len(t, resp.Answer.IDs, 1, resp.Answer.Text)
}

// A list of the institutions that have a field keeps those that have it;
// when none has it, the answer says so, exactly, and does not fall back to
// text matches.
func TestListsByAField(t *testing.T) {
	p := testPipeline(t)
	resp := ask(t, p, "Which German archives have an ISIL code?")
	require.Equal(t, KindSet, resp.Answer.Kind, resp.Answer.Text)
	require.NotEmpty(t, resp.Answer.IDs)
	for _, id := range resp.Answer.IDs {
		in, ok := p.data.Get(id)
		require.True(t, ok)
		require.True(t, answer.HasValue(in, "isil"), in.Name)
		require.Equal(t, "DE", in.Country, in.Name)
	}
	lacking := ask(t, p, "Which German archives have no ISIL code?")
	for _, id := range lacking.Answer.IDs {
		require.NotContains(t, resp.Answer.IDs, id)
	}
	none := ask(t, p, "Which museums in Bath have a website?")
	for _, id := range none.Answer.IDs {
		in, _ := p.data.Get(id)
		require.NotEmpty(t, in.Website(), "a museum listed as having a website has one")
	}
	if len(none.Answer.IDs) == 0 {
		require.True(t, strings.HasPrefix(none.Answer.Text, "None of the "), none.Answer.Text)
		require.Equal(t, KindSet, none.Answer.Kind)
	}
}

// A question for the place that holds the most of a set counts the
// members by the place they state, names the first, and is not exact when
// members state no place at that level.
func TestPlacesWithTheMost(t *testing.T) {
	p := testPipeline(t)
	resp := ask(t, p, "What are the five counties with the most museums in England?")
	require.Equal(t, KindSet, resp.Answer.Kind, resp.Answer.Text)
	require.GreaterOrEqual(t, len(resp.Answer.Groups), 5, resp.Answer.Text)
	for i := 1; i < len(resp.Answer.Groups); i++ {
		require.GreaterOrEqual(t, resp.Answer.Groups[i-1].Count, resp.Answer.Groups[i].Count)
	}
	for _, id := range resp.Answer.IDs {
		in, ok := p.data.Get(id)
		require.True(t, ok)
		require.Equal(t, resp.Answer.Groups[0].Label, in.County())
	}
	resp = ask(t, p, "Which city has the most museums?")
	require.False(t, resp.Answer.Exact, "most museums state no town")
	require.Contains(t, resp.Answer.Text, "are not counted")
}

// A town asked about by another of its names is the town the record
// states ("München" is Munich); a partial name beside another place is
// answered about the institution, not as "not in the data".
func TestYesNoPlaceByAnotherName(t *testing.T) {
	p := testPipeline(t)
	resp := ask(t, p, "Ist das Deutsche Museum in München?")
	require.Equal(t, "yes", resp.Answer.Value, resp.Answer.Text)
	resp = ask(t, p, "Is the Horniman Museum in Manchester?")
	require.Equal(t, "no", resp.Answer.Value, resp.Answer.Text)
	require.Contains(t, resp.Answer.Text, "London")
}

// A list that leaves places out has none of their institutions; a field
// the data does not record is answered "not recorded" for the institution
// asked about.
func TestExceptAndUnrecordedFields(t *testing.T) {
	p := testPipeline(t)
	all := ask(t, p, "Which museums are in Wales?")
	some := ask(t, p, "Which museums are in Wales except those in Cardiff?")
	require.Less(t, some.Answer.Count, all.Answer.Count, some.Answer.Text)
	for _, id := range some.Answer.IDs {
		in, _ := p.data.Get(id)
		require.NotEqual(t, "Cardiff", in.City, in.Name)
	}
	resp := ask(t, p, "What's the phone number of the British Museum?")
	require.Equal(t, KindField, resp.Answer.Kind, resp.Answer.Text)
	require.Contains(t, resp.Answer.Text, "records no telephone number")
}

// A list by a word of the name holds the institutions whose names hold
// it as a word, and no others.
func TestListByNameWord(t *testing.T) {
	p := testPipeline(t)
	resp := ask(t, p, "Which museums have war in their name?")
	require.NotEmpty(t, resp.Answer.IDs, resp.Answer.Text)
	for _, id := range resp.Answer.IDs {
		in, _ := p.data.Get(id)
		require.True(t, answer.Named(in, []string{"war"}), in.Name)
		require.NotContains(t, strings.ToLower(in.Name), "warwick")
	}
}

// A list that drops a second span of years is not called exact, and
// says what it left out.
func TestDroppedYearsAreNotExact(t *testing.T) {
	p := testPipeline(t)
	for _, q := range []string{
		"Which museums in Kent opened in the 1970s and closed in the 1990s?",
	} {
		resp := ask(t, p, q)
		require.False(t, resp.Answer.Exact, resp.Answer.Text)
		require.Contains(t, resp.Answer.Text, "Not an exact answer", q)
	}
}

// A town's list is not exact while records of the town's country that
// name no town could be in it: most German and Dutch records state only
// their country. British records state their towns, and a record that
// names no town but states another county is not counted.
func TestTownListsAndRecordsWithoutATown(t *testing.T) {
	p := testPipeline(t)
	resp := ask(t, p, "How many archives are in Berlin?")
	require.Equal(t, KindSet, resp.Answer.Kind, resp.Answer.Text)
	require.NotEmpty(t, resp.Answer.IDs, resp.Answer.Text)
	require.False(t, resp.Answer.Exact, resp.Answer.Text)
	require.Contains(t, resp.Answer.Text, "archives in Germany name no town, and some may be in Berlin")

	resp = ask(t, p, "Hoeveel musea zijn er in Amsterdam?")
	require.Equal(t, "0", resp.Answer.Value, resp.Answer.Text)
	require.False(t, resp.Answer.Exact, resp.Answer.Text)
	require.Contains(t, resp.Answer.Text, "museums in the Netherlands name no town")

	resp = ask(t, p, "Which museums are in Bath?")
	require.True(t, resp.Answer.Exact, resp.Answer.Text)
	require.NotContains(t, resp.Answer.Text, "name no town")

	// a region the German records do not state either
	resp = ask(t, p, "What archives are there in North Rhine-Westphalia?")
	require.False(t, resp.Answer.Exact, resp.Answer.Text)
	require.Contains(t, resp.Answer.Text, "name no town or region, and some may be in North Rhine-Westphalia")
}

// A comparison of which the data holds only one side as an institution
// (the other an organisation, or a name not in the data) cannot compare:
// it is no list of the organisation's members, nor a field of the one
// institution, and it is not exact.
func TestComparisonWithOneSide(t *testing.T) {
	p := testPipeline(t)
	for q, want := range map[string]string{
		"Which is older, National Trust or the Science Museum?":               "“National Trust”, which the data holds as an organisation",
		"Which is older, the Science Museum or the Museum of Lost Umbrellas?": "“Museum of Lost Umbrellas”, which is not in the data",
	} {
		resp := ask(t, p, q)
		require.False(t, resp.Answer.Exact, resp.Answer.Text)
		require.Contains(t, resp.Answer.Text, want)
		require.Contains(t, resp.Answer.Text, "the data cannot say which opened first")
		require.Len(t, resp.Answer.IDs, 1, resp.Answer.Text)
	}
}

// A name the data does not hold is quoted whole, with its particles, in
// every shape of question about one institution.
func TestUnknownNameIsQuotedWhole(t *testing.T) {
	p := testPipeline(t)
	for _, q := range []string{
		"When was the Van Gogh Museum founded?",
		"Is the Van Gogh Museum open?",
		"Tell me about the Van Gogh Museum",
		"Van Gogh Museum opening year?",
	} {
		resp := ask(t, p, q)
		require.Equal(t, KindNone, resp.Answer.Kind, q)
		require.False(t, resp.Answer.Exact, q)
		require.Equal(t, "No institution called “Van Gogh Museum” is in the data.", resp.Answer.Text, q)
	}
	// A name that is part of an institution's, in a question whose other
	// words were not read, is never said to be missing.
	resp := ask(t, p, "How far is the Ashmolean from the Pitt Rivers Museum?")
	require.NotContains(t, resp.Answer.Text, "No institution called")
	require.False(t, resp.Answer.Exact)
}

// A comparison whose second side is named by part of a name ("the
// Ashmolean") compares the institution whose name holds it, in the
// question's order, names the others that hold it, and is not exact.
func TestComparisonWithAPartialName(t *testing.T) {
	p := testPipeline(t)
	for q, want := range map[string]string{
		"Which is older, the British Museum or the Ashmolean?": "Ashmolean Museum Of Art And Archaeology [",
		"Is the Ashmolean older than the British Museum?":      "Yes: Ashmolean Museum Of Art And Archaeology [",
		"Is the British Museum older than the Ashmolean?":      "No: Ashmolean Museum Of Art And Archaeology [",
	} {
		resp := ask(t, p, q)
		require.False(t, resp.Answer.Exact, q)
		require.True(t, strings.HasPrefix(resp.Answer.Text, want), "%s: %s", q, resp.Answer.Text)
		require.Contains(t, resp.Answer.Text, "the name also fits Broadway Museum & Art Gallery", q)
		require.Len(t, resp.Answer.IDs, 3, q)
	}
}

// "The museums of X" lists X's members when X is both an institution and
// an organisation the data holds.
func TestKindOfABodyListsItsMembers(t *testing.T) {
	p := testPipeline(t)
	resp := ask(t, p, "List the museums of National Museums Scotland")
	require.Equal(t, KindSet, resp.Answer.Kind, resp.Answer.Text)
	require.True(t, resp.Answer.Exact)
	require.True(t, strings.HasPrefix(resp.Answer.Text, "3 museums: National Museum Of Flight"), resp.Answer.Text)
}

// "How far is A from B?" is the distance between their coordinates, or
// says which has none.
func TestDistanceBetweenTwoInstitutions(t *testing.T) {
	p := testPipeline(t)
	a := ask(t, p, "How far is the Science Museum from the British Museum?").Answer
	require.Equal(t, "distance", a.Field)
	require.Equal(t, "4.2 km", a.Value)
	require.True(t, a.Exact)
	require.Len(t, a.IDs, 2)

	a = ask(t, p, "What is the distance between the Holburne Museum and the Roman Baths Museum?").Answer
	require.Equal(t, "0.8 km", a.Value)

	a = ask(t, p, "How many miles apart are the Science Museum and the British Museum?").Answer
	require.Equal(t, "4.2 km", a.Value)

	a = ask(t, p, "Hoe ver is het Rijksmuseum van het British Museum?").Answer
	require.False(t, a.Exact)
	require.Contains(t, a.Text, "The data records no coordinates for Rijksmuseum")
}

// A set read through a word for part of a subject ("coal mining", read
// as Mining and quarrying) is not exact, and says how it was read.
func TestBroaderSubjectIsNotExact(t *testing.T) {
	p := testPipeline(t)
	a := ask(t, p, "Are there any museums about coal mining in Wales?").Answer
	require.Equal(t, KindSet, a.Kind)
	require.False(t, a.Exact)
	require.Contains(t, a.Text, "“coal mining” is read as the subject Mining and quarrying, which the data does not divide further")

	a = ask(t, p, "Which museums in Wales have collections about mining?").Answer
	require.True(t, a.Exact, a.Text)
	a = ask(t, p, "Which bus and tram museums are there?").Answer
	require.True(t, a.Exact, a.Text)
}

// A comparison that names a place one of its institutions is not in
// ("the Tate Moderne Leeds": Tate Modern is in London) is not exact, and
// says where it is.
func TestComparisonWithAPlaceElsewhere(t *testing.T) {
	p := testPipeline(t)
	a := ask(t, p, "Which is older, the Tate Moderne Leeds or the British Museum?").Answer
	require.False(t, a.Exact)
	require.Contains(t, a.Text, "Tate Modern is in London")
	a = ask(t, p, "Which is older, the Holburne Museum in Bath or the British Museum in London?").Answer
	require.True(t, a.Exact, a.Text)
}

// Whether an institution was open in a year is whether it had opened by
// then and not closed before: not whether it opened in that year.
func TestOpenDuringAYear(t *testing.T) {
	p := testPipeline(t)
	for q, want := range map[string]string{
		"Was State Darwin Museum open in 1950?":  "yes",
		"Was State Darwin Museum open in 1900?":  "no",
		"Did State Darwin Museum open in 1950?":  "no",
		"War State Darwin Museum 1950 geöffnet?": "yes",
		"Was Falkirk Burgh Museum open in 1990?": "no",
		// no opening year in the data: it cannot say
		"Was the Rijksmuseum open in 1950?": "",
	} {
		require.Equal(t, want, ask(t, p, q).Answer.Value, q)
	}
}

// A field of an institution the question puts in a place the data does
// not is not exact, and says where it is.
func TestFieldOfAnInstitutionPlacedElsewhere(t *testing.T) {
	p := testPipeline(t)
	a := ask(t, p, "What is the website of the Holburne Museum in Leeds?").Answer
	require.False(t, a.Exact)
	require.Contains(t, a.Text, "not in Leeds")
	a = ask(t, p, "When did the Holburne Museum in Bath open?").Answer
	require.True(t, a.Exact, a.Text)
	a = ask(t, p, "Is there a Pellingford Button Museum?").Answer
	require.Contains(t, a.Text, "No institution called “Pellingford Button Museum” is in the data.")
}

// A list that leaves out a named institution lists the others; a cue of
// leaving out that no reader applied makes the list not exact.
func TestExceptAnInstitution(t *testing.T) {
	p := testPipeline(t)
	all := ask(t, p, "Which museums are in Bath?").Answer
	a := ask(t, p, "Which museums are in Bath, except the Roman Baths Museum?").Answer
	require.True(t, a.Exact, a.Text)
	require.Len(t, a.IDs, len(all.IDs)-1, a.Text)
	require.NotContains(t, a.Text, "Roman Baths Museum [")
	a = ask(t, p, "Which museums in Bath are there, except the Roman Baths?").Answer
	require.False(t, a.Exact, a.Text)
}

// A yes/no question that names no institution the data holds gets no
// verdict on the best match by text ("Is the Ravenglass Harbour Museum in
// Kent?" had answered yes about the railway museum there).
func TestYesNoOfNoInstitutionNamed(t *testing.T) {
	p := testPipeline(t)
	a := ask(t, p, "Is the Ravenglass Harbour Museum in Kent?").Answer
	require.NotEqual(t, "yes", a.Value, a.Text)
	require.False(t, a.Exact, a.Text)
	a = ask(t, p, "Is the Horniman Museum in Lewisham?").Answer
	require.Equal(t, "yes", a.Value, a.Text)
}

// A field question that writes whole the name several records carry,
// which the name reader leaves to the ranking, answers of one of them,
// not that the data holds no institution of that name.
func TestFieldOfANameSeveralRecordsCarry(t *testing.T) {
	p := testPipeline(t)
	a := ask(t, p, "Where is the Heimatmuseum?").Answer
	require.Equal(t, KindField, a.Kind, a.Text)
	require.NotContains(t, a.Text, "names no institution")
}
