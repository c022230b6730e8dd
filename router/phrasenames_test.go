package router

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// Users name an institution by the first words of its name, up to the
// kind of institution ("the Worthing Museum" for "Worthing Museum & Art
// Gallery"). Over every record of the bundled data whose name goes on
// after such a word, and whose leading words no other record's names hold
// as a phrase, questions of six shapes, as written and in lower case,
// name that record. The words may be
// a town and a kind of institution, which a list question reads as
// conditions: read as a name, they are no place.
func TestLeadingWordsOfANameOverTheData(t *testing.T) {
	r := newTestRouter(t)
	ds := testfixture.Dataset(t)
	shapes := []string{
		"When did the %s open?", "Where is the %s?", "Is the %s still open?",
		"Tell me about the %s.", "What collections does the %s hold?", "Who runs the %s?",
	}
	kinds := map[string]bool{"Museum": true, "Library": true, "Archive": true, "Archives": true, "Gallery": true}
	asked, right := 0, 0
	var wrong []string
	for i := 0; i < len(ds.Institutions); i += 3 {
		in := &ds.Institutions[i]
		words := strings.Fields(strings.ReplaceAll(in.Name, ",", " ,"))
		end := 0
		for k := 1; k < len(words)-1 && end == 0; k++ {
			if kinds[words[k]] {
				end = k + 1
			}
		}
		if words[0] == "The" || end < 2 || !r.g.onlyHolderOf(strings.Join(words[:end], " "), in.ID) {
			continue
		}
		short := strings.Join(words[:end], " ")
		for _, shape := range shapes {
			// as written, and typed all in lower case without the mark
			for _, q := range []string{fmt.Sprintf(shape, short), strings.TrimRight(strings.ToLower(fmt.Sprintf(shape, short)), "?.")} {
				c := r.Route(q).Constraints
				asked++
				if len(c.Names) == 1 && len(c.Names[0].IDs) == 1 && c.Names[0].IDs[0] == in.ID && len(c.Places) == 0 {
					right++
				} else if len(wrong) < 10 {
					wrong = append(wrong, fmt.Sprintf("%s (%s) → %+v %+v", q, in.Name, c.Names, c.Places))
				}
			}
		}
	}
	share := float64(right) / float64(asked)
	t.Logf("%d of %d questions read the record (%.3f); some misses: %q", right, asked, share, wrong)
	require.Greater(t, asked, 1200)
	require.GreaterOrEqual(t, share, 0.9)
}

// onlyHolderOf reports whether id's record is the only one whose names
// hold the phrase, by a scan of every name (the look-up under test goes
// through the name index).
func (g *gazetteer) onlyHolderOf(phrase, id string) bool {
	p := " " + normalize(phrase) + " "
	for k := range g.entries {
		if !strings.Contains(" "+g.key(int32(k))+" ", p) {
			continue
		}
		for _, h := range g.recordIDs(int32(k)) {
			if h != id {
				return false
			}
		}
	}
	return true
}

// A run of capitalised words is read as a name only where it names one
// record: not after a word that puts a place after it, not when one word
// long, not when several records hold it, and not in a list question.
func TestLeadingWordsNotAName(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Wat voor weer wordt het morgen in Utrecht?",
		"wat voor weer wordt het morgen in utrecht",
		"Which museums are in Worthing?",
		"which museums are in worthing",
		"When did the Art Gallery open?",
		"How many museums are there in Worthing?",
	} {
		p := r.Route(q)
		for _, n := range p.Constraints.Names {
			require.NotContains(t, n.Name, "Worthing Museum", q)
			require.NotContains(t, n.Name, "Utrecht", q)
		}
	}
	// a name the data does not hold is not read as the shorter one whose
	// first words it shares
	for _, q := range []string{"When did the Worthing Museum of Submarines open?", "Who runs the Horniman Museum of Lost Clocks?"} {
		for _, n := range r.Route(q).Constraints.Names {
			require.NotContains(t, n.Name, "Worthing Museum &", q)
			require.NotContains(t, n.Name, "Horniman", q)
		}
	}
	// a longer phrase one record holds wins over a shorter name in it
	p := r.Route("When did the Tetbury Police Museum open?")
	require.Len(t, p.Constraints.Names, 1)
	require.Equal(t, "Tetbury Police Museum & Courtroom", p.Constraints.Names[0].Name)
	require.Equal(t, "Tetbury Police Museum", p.Constraints.Names[0].Text)
}

// What one named institution collects, and a request to describe it, are
// fields of its record; a list about collections is not.
func TestCollectionsAndDescriptionOfOne(t *testing.T) {
	r := newTestRouter(t)
	for q, field := range map[string]string{
		"What collections does the Holburne Museum hold?": "subjects",
		"Welche Sammlungen hat das Museum Folkwang?":      "subjects",
		"Wat verzamelt het Rijksmuseum?":                  "subjects",
		"What is the Holburne Museum about?":              "subjects",
		"Tell me about the Holburne Museum.":              "description",
		"Erzähl mir über das Museum Folkwang.":            "description",
		"Vertel me over het Rijksmuseum.":                 "description",
		"Which museums have collections about railways?":  "",
		"Is the Holburne Museum still open?":              "status",
		"How has the Holburne Museum changed since 1990?": "history",
		"What happened to the Bath Carriage Museum?":      "history",
		"Which museums in Bath changed their name?":       "",
		"Was sammelt das Holburne Museum?":                "subjects",
	} {
		p := r.Route(q)
		require.Equal(t, field, p.Constraints.Field, q)
		if field == "subjects" {
			require.Equal(t, Collection, p.Intent, q)
		}
	}
}

// Several fields of one institution, asked together: cues joined by
// "and", or a second question after "and"; in question order.
func TestMoreFieldsOfOne(t *testing.T) {
	r := newTestRouter(t)
	for q, want := range map[string][]string{
		"What's the ISIL and website of the Rijksmuseum?":              {"isil", "website"},
		"What is the address and postcode of the Holburne Museum?":     {"address", "postcode"},
		"When was the Holburne Museum founded and who runs it?":        {"opened", "operator"},
		"Who runs the Holburne Museum and when did it open?":           {"operator", "opened"},
		"Wie lautet die ISIL und die Webseite des Museum Folkwang?":    {"isil", "website"},
		"When did the Holburne Museum open?":                           {"opened"},
		"When did the Holburne Museum open and close?":                 {"opened", "closed"},
		"In which years did Chartwell open and close?":                 {"opened", "closed"},
		"When did Chartwell close and when did it open?":               {"closed", "opened"},
		"Wann wurde Chartwell eröffnet und geschlossen?":               {"opened", "closed"},
		"When did Newarke Houses Museum open and close?":               {"opened", "closed"},
		"What is the ISIL of the museum with the website example.org?": nil,
	} {
		c := r.Route(q).Constraints
		if len(want) < 2 {
			require.Empty(t, c.MoreFields, q)
			continue
		}
		require.Equal(t, want[0], c.Field, q)
		require.Equal(t, want[1:], c.MoreFields, q)
	}
}

// What lies near an institution named by the first words of its name is
// a list near that record, not the institutions of the town in its name.
func TestNearTheFirstWordsOfAName(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"Which museums are near the Worthing Museum?",
		"Welche Museen liegen in der Nähe vom Nottingham Castle Museum?",
		"museums near the worthing museum",
	} {
		c := r.Route(q).Constraints
		require.True(t, c.NearPlace, q)
		require.Len(t, c.Names, 1, q)
		require.Contains(t, c.Names[0].Name, "Museum", q)
		require.Empty(t, c.Places, q)
	}
	// a town after a cue of nearness stays a town
	c := r.Route("Which museums are near Worthing?").Constraints
	require.Empty(t, c.Names)
	require.NotEmpty(t, c.Places)
}

// "the UK" and "GB" in capitals are the country; "us" and "de" in lower
// case are words.
func TestCountryInTwoCapitals(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"How many museums are in the UK?", "How many museums are in GB?", "Wie viele Museen gibt es im Vereinigten Königreich?", "How many museums are in the U.K.?"} {
		c := r.Route(q).Constraints
		require.Len(t, c.Places, 1, q)
		require.Equal(t, "GB", c.Places[0].Name, q)
	}
	places := r.Route("Tell us about museums in Bath").Constraints.Places
	require.Len(t, places, 1)
	require.Equal(t, "Bath", places[0].Name)
}

// Unknown words that institutions' names hold, as written or singular,
// name those institutions: the question is not off-topic; words one edit
// from a name's ("morgen", "Morgan") name none.
func TestUnknownWordsNamesHold(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Where can I see bagpipes?")
	require.NotEqual(t, FrameOffTopic, p.Frame)
	require.Equal(t, []string{"mm:domus.NE043"}, p.NamedBy)
	p = r.Route("Wie wird das Wetter morgen in München?")
	require.Empty(t, p.NamedBy)
	require.Equal(t, FrameOffTopic, p.Frame)
}

// A German name in the genitive ("des Deutschen Museums") is one
// institution, not museums in Germany; a parent organisation asked for
// by the question's own words is read with it.
func TestGermanGenitiveName(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Was ist die Dachorganisation des Deutschen Museums?")
	require.Equal(t, "member_of", p.Constraints.Field)
	require.Len(t, p.Constraints.Names, 1)
	require.Equal(t, "Deutsches Museum", p.Constraints.Names[0].Name)
	require.Empty(t, p.Constraints.Places)
	p = r.Route("Welche Museen liegen in der Nähe von dem Deutschen Museum?")
	require.True(t, p.Constraints.NearPlace)
	require.Equal(t, "Deutsches Museum", p.Constraints.Names[0].Name)
	require.True(t, r.Route("What is the parent organisation of the Science Museum?").Constraints.Field == "member_of")
}

// "Is er een spoorwegmuseum in York?" asks whether a set has members, as
// "Is there a railway museum in York?" does: a compound led by its topic
// is a kind of institution.
func TestExistenceOfACompoundKind(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{"Is er een spoorwegmuseum in York?", "Gibt es ein Eisenbahnmuseum in York?", "Is there a railway museum in York?"} {
		c := r.Route(q).Constraints
		require.True(t, c.List, q)
		require.Equal(t, []string{"Transport / Trains and railways"}, c.Subjects, q)
	}
}

// German "die Archive" is archives, English "an archive" one.
func TestGermanArchivesArePlural(t *testing.T) {
	r := newTestRouter(t)
	c := r.Route("Wer betreibt die Archive in Bremen?").Constraints
	require.True(t, c.List)
	require.Equal(t, "operator", c.Field)
	require.False(t, r.Route("Who runs the archive of Bremen?").Constraints.List)
}
