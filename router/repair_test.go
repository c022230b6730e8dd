package router

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMisspeltReadAgain checks that words left unexplained are read again
// as a misspelt name or place, and that nothing else is.
func TestMisspeltReadAgain(t *testing.T) {
	r := newTestRouter(t)
	names := []struct{ q, typed, name string }{
		{"Who runs Uppak?", "Uppak", "Uppark"},
		{"Which organisation manages Bunrs Cottage Museum?", "Bunrs Cottage Museum", "Burns Cottage Museum"},
		{"What is Guernsey Telephone Musemu part of?", "Guernsey Telephone Musemu", "Guernsey Telephone Museum"},
		{"What is the ISIL of Stadtarchiv Weinhem?", "Stadtarchiv Weinhem", "Stadtarchiv Weinheim"},
	}
	for _, tc := range names {
		t.Run(tc.q, func(t *testing.T) {
			p := r.Route(tc.q)
			require.Len(t, p.Constraints.Names, 1, "%+v", p.Constraints)
			n := p.Constraints.Names[0]
			require.Equal(t, tc.name, n.Name)
			require.Equal(t, tc.typed, n.Text)
			require.Less(t, n.Score, 1.0)
			require.Empty(t, p.Unused(UnusedUnknown))
			require.Equal(t, tc.q, p.Question)
		})
	}
	places := []struct{ q, typed, name string }{
		{"Which museums are in Yrok?", "Yrok", "York"},
		{"Welche akkreditierte Museen gibt es in Roter?", "Roter", "Rother"},
		{"Which local-authority museums are in Nery?", "Nery", "Newry"},
		{"Welke musea zijn er in Newbry?", "Newbry", "Newbury"},
	}
	for _, tc := range places {
		t.Run(tc.q, func(t *testing.T) {
			p := r.Route(tc.q)
			require.Len(t, p.Constraints.Places, 1, "%+v", p.Constraints)
			require.Equal(t, tc.name, p.Constraints.Places[0].Name)
			require.Equal(t, tc.typed, p.Constraints.Places[0].Text)
			require.Empty(t, p.Unused(UnusedUnknown))
		})
	}
	// a word many names of the data hold is no misspelt place: "Hamburg"
	// (in 75 names, the town of none) is not Homburg
	p := r.Route("Which archives are in Hamburg?")
	require.Empty(t, p.Constraints.Places, "%+v", p.Constraints)
	require.Contains(t, p.Unused(UnusedUnknown), "Hamburg")

	// words of an unknown name are no misspelt place
	p = r.Route("When did the Museum of Lost Umbrellas open?")
	require.Empty(t, p.Constraints.Places)
	require.Empty(t, p.Constraints.Names)
	require.Equal(t, "Museum of Lost Umbrellas", p.UnusedPhrase(UnusedName))
}

// TestCoordinatedPlaces reads both places of "A or B" even when one is a
// common word, and compares towns as towns.
func TestCoordinatedPlaces(t *testing.T) {
	r := newTestRouter(t)
	for q, want := range map[string][]string{
		"large museums Swansea or Reading?":      {"Swansea", "Reading"},
		"Bath and Wells museums":                 {"Bath", "Wells"},
		"Which has more museums, Dover or Deal?": {"Dover", "Deal"},
	} {
		var got []string
		for _, p := range r.Route(q).Constraints.Places {
			got = append(got, p.Name)
			require.Empty(t, p.Area, q)
		}
		require.Equal(t, want, got, q)
	}
	one := r.Route("Show me small museums in Dover").Constraints.Places
	require.Len(t, one, 1)
	require.Equal(t, "English District or Borough", one[0].Area, "a town alone also means its district")
}

// TestLongerUnknownName: a name read inside a longer name whose other
// words are unknown is not the institution asked about.
func TestLongerUnknownName(t *testing.T) {
	r := newTestRouter(t)
	for q, name := range map[string]string{
		"Wat is de ISIL-code van Spielzeugmuseum Unterwaldbach?": "Spielzeugmuseum Unterwaldbach",
		"where is upper wyvern button museum?":                   "upper wyvern button museum",
	} {
		p := r.Route(q)
		require.Empty(t, p.Constraints.Names, q)
		require.Equal(t, name, p.UnusedPhrase(UnusedName), q)
	}
	p := r.Route("How many calories are in a banana?")
	require.Equal(t, FrameOffTopic, p.Frame)
}

// TestPartialNames reads a short name one record's name holds in full,
// and a single word that names both a place and an institution as the
// institution in a question about one.
func TestPartialNames(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Who runs the Fitzwilliam?")
	require.Len(t, p.Constraints.Names, 1)
	require.Equal(t, "Fitzwilliam Museum, University Of Cambridge", p.Constraints.Names[0].Name)
	require.Equal(t, "Fitzwilliam", p.Constraints.Names[0].Text)
	p = r.Route("Who runs Beamish?")
	require.Len(t, p.Constraints.Names, 1)
	require.Equal(t, "Beamish", p.Constraints.Names[0].Name)
	require.Len(t, r.Route("Which museums are in Beamish?").Constraints.Places, 1)
	// a word many names hold is no partial name
	require.Empty(t, r.Route("Wat voor weer wordt het morgen in Utrecht?").Constraints.Names)
}

// TestNameParticles: a capitalised particle right before a name's unknown
// words is part of the name; a lower-case one is a preposition.
func TestNameParticles(t *testing.T) {
	r := newTestRouter(t)
	for q, name := range map[string]string{
		"When was the Van Gogh Museum founded?":      "Van Gogh Museum",
		"Van Gogh Museum opening year?":              "Van Gogh Museum",
		"Is Museum Van Loon open?":                   "Museum Van Loon",
		"Where is the Van Abbemuseum?":               "Van Abbemuseum",
		"Wann wurde das Museum Ter Boorch eröffnet?": "Museum Ter Boorch",
	} {
		p := r.Route(q)
		require.Empty(t, p.Constraints.Names, q)
		require.Equal(t, name, p.UnusedPhrase(UnusedName), q)
	}
}

// TestKindOfABody: "the museums of X", X both an institution's name and
// an organisation's, reads X as the organisation the museums belong to.
func TestKindOfABody(t *testing.T) {
	r := newTestRouter(t)
	for _, q := range []string{
		"List the museums of National Museums Scotland",
		"Which are the museums of the Tate?",
	} {
		c := r.Route(q).Constraints
		require.Len(t, c.Bodies, 1, q)
		require.Empty(t, c.Names, q)
		require.Empty(t, c.Bodies[0].Relation, "%s: either relation", q)
	}
	// without "of" after a kind the name is the institution's
	require.Len(t, r.Route("When did National Museums Scotland open?").Constraints.Names, 1)
}

// TestKindOfCollections: the kind of what an institution collects is its
// subjects; the kind of institution it is stays its type.
func TestKindOfCollections(t *testing.T) {
	r := newTestRouter(t)
	for q, field := range map[string]string{
		"What kind of collections does the Horniman Museum have?": "subjects",
		"Welche Art von Sammlungen hat das Deutsche Museum?":      "subjects",
		"Welche Art Sammlungen hat das Horniman Museum?":          "subjects",
		"Wat voor collecties heeft het Rijksmuseum?":              "subjects",
		"What kind of institution is the Rijksmuseum?":            "type",
	} {
		require.Equal(t, field, r.Route(q).Constraints.Field, q)
	}
}

// TestOlderThanAnInstitution: "older than X" in a question for a set is
// the years before X's opening year; with a name before the cue it is a
// comparison of two, and "opened before 1900" stays years.
func TestOlderThanAnInstitution(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("Which museums in London opened before the British Museum?")
	require.Empty(t, p.Constraints.Names)
	require.Equal(t, &YearRange{Field: "opened", To: 1758}, p.Constraints.Years)
	require.Empty(t, p.Unused(UnusedUnread))

	p = r.Route("Which museums in St Albans are older than Verulamium Museum?")
	require.Empty(t, p.Constraints.Names, "the set is no misread name")
	require.Equal(t, &YearRange{Field: "opened", To: 1938}, p.Constraints.Years)

	p = r.Route("Is the Science Museum older than the British Museum?")
	require.Len(t, p.Constraints.Names, 2)
	require.Nil(t, p.Constraints.Years)

	p = r.Route("Which museums in Bath opened before 1900?")
	require.Equal(t, &YearRange{Field: "opened", To: 1899}, p.Constraints.Years)
	require.Empty(t, p.Unused(UnusedUnread))
}

// TestYearFieldNouns: "opening year", "Gründungsjahr", "closing date"
// name the year asked, of one institution or of each member of a set.
func TestYearFieldNouns(t *testing.T) {
	r := newTestRouter(t)
	for q, field := range map[string]string{
		"List museums in Cardiff with their opening years": "opened",
		"Museums in Cardiff with opening dates":            "opened",
		"What is the opening year of the Holburne Museum?": "opened",
		"Gründungsjahr des Deutschen Museums?":             "opened",
		"What was the closing year of the Shoe Museum?":    "closed",
	} {
		require.Equal(t, field, r.Route(q).Constraints.Field, q)
	}
}

// TestOwnerKind: a singular kind after "the museums of the" heads an
// owner's name; it is no second kind, and the list is not exact for it.
func TestOwnerKind(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("List the museums of the University of Oxford")
	require.Equal(t, []string{"M"}, p.Constraints.TypeCodes)
	require.Contains(t, p.Unused(UnusedUnread), "University of Oxford")
	// a kind joined by "and" is a second kind
	p = r.Route("museums and universities in Oxford")
	require.Len(t, p.Constraints.TypeCodes, 2)
}

// TestYearsAfterThan: "older than 1900" is before 1900, "later than
// 1990" after 1990, in English, German and Dutch.
func TestYearsAfterThan(t *testing.T) {
	r := newTestRouter(t)
	for q, want := range map[string]YearRange{
		"Which museums in Bath are older than 1900?":    {Field: "opened", To: 1899},
		"Ist das Holburne Museum älter als 1900?":       {Field: "opened", To: 1899},
		"Which museums in Bath opened later than 1990?": {Field: "opened", From: 1991},
		"Welke musea in Bath zijn jonger dan 1990?":     {Field: "opened", From: 1991},
	} {
		p := r.Route(q)
		y := p.Constraints.Years
		if p.Test != nil && p.Test.Years != nil {
			y = p.Test.Years
		}
		require.NotNil(t, y, q)
		require.Equal(t, want, *y, q)
	}
}

// TestLowerCaseTownAfterAKind: a town that is also a common word, in
// small letters after a plural kind and "in", is the town; a short word
// there ("the") or one not after a kind ("opened in march") is not.
func TestLowerCaseTownAfterAKind(t *testing.T) {
	r := newTestRouter(t)
	p := r.Route("which museums in bath opened before 1893?")
	require.Len(t, p.Constraints.Places, 1)
	require.Equal(t, "Bath", p.Constraints.Places[0].Name)
	require.Empty(t, r.Route("Which museums opened in march 1990?").Constraints.Places)
	p = r.Route("Which museums in the Armagh City local government district have collections about bunkers?")
	require.Len(t, p.Constraints.Places, 1)
	require.Equal(t, "Armagh City", p.Constraints.Places[0].Name)
}
