package router

import (
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/testtools/testfixture"
)

// dataSubjects returns every subject term of the data, sorted.
func dataSubjects(t *testing.T) []string {
	t.Helper()
	ds := testfixture.Dataset(t)
	seen := map[string]bool{}
	for i := range ds.Institutions {
		for _, s := range ds.Institutions[i].Subjects {
			seen[s] = true
		}
	}
	out := make([]string, 0, len(seen))
	for s := range seen {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

func TestSubjectLexiconCoversEveryTerm(t *testing.T) {
	all := dataSubjects(t)
	require.Len(t, all, 114)
	entries := map[string]int{}
	for _, e := range DefaultLexicon().subjects {
		entries[e.Term]++
		require.NotEmpty(t, e.EN, "%s: no English label", e.Term)
		require.NotEmpty(t, e.NL, "%s: no Dutch label", e.Term)
		require.NotEmpty(t, e.DE, "%s: no German label", e.Term)
	}
	for _, s := range all {
		require.Equal(t, 1, entries[s], "subject term %q needs exactly one lexicon entry", s)
	}
}

func TestSubjectLexiconNamesOnlyDataTerms(t *testing.T) {
	expand := termExpander(dataSubjects(t))
	for _, e := range DefaultLexicon().subjects {
		require.NotEmpty(t, expand(e.Term), "lexicon term %q is no subject of the data", e.Term)
	}
	for _, g := range DefaultLexicon().subjectGroups {
		require.GreaterOrEqual(t, len(g.Terms), 2, "a group of one term belongs in its entry: %v", g.Terms)
		for _, term := range g.Terms {
			require.NotEmpty(t, expand(term), "group term %q is no subject of the data", term)
		}
	}
}

// TestSubjectLexiconPhrasesMeanOneThing checks that every phrase belongs
// to one entry or group, and that no phrase holds a type word, which the
// phrase would take from the type reading.
func TestSubjectLexiconPhrasesMeanOneThing(t *testing.T) {
	owner := map[string]string{}
	check := func(who string, labels []string) {
		for _, l := range labels {
			keys := subjectKeys(l)
			require.NotEmpty(t, keys, "%s: empty label", who)
			for _, k := range keys {
				if o, ok := owner[k]; ok && o != who {
					t.Errorf("phrase %q (%q) is in %s and %s", k, l, o, who)
				}
				owner[k] = who
			}
			for _, tok := range tokenize(l, false) {
				require.Empty(t, DefaultLexicon().typeWords[tok.norm], "%s: label %q holds the type word %q", who, l, tok.norm)
			}
		}
	}
	for _, e := range DefaultLexicon().subjects {
		check(e.Term, e.labels())
	}
	for _, g := range DefaultLexicon().subjectGroups {
		check(strings.Join(g.Terms, "+"), g.labels())
	}
}

func TestSubjectPhrasings(t *testing.T) {
	r := newTestRouter(t)
	const (
		aviation = "Transport / Aviation"
		airforce = "War and conflict / Airforce"
		castles  = "War and conflict / Castles and forts"
		clocks   = "Industry and manufacture / Clocks and watches"
		fire     = "Services / Fire"
		glass    = "Arts / Glass"
		mining   = "Industry and manufacture / Mining and quarrying"
		navy     = "War and conflict / Navy"
		photo    = "Arts / Photography"
		rail     = "Transport / Trains and railways"
		roman    = "Archaeology / Roman"
		toys     = "Leisure and sport / Toys and models"
		windmill = "Rural Industry / Windmills"
	)
	textiles := []string{"Industry and manufacture / Textiles", "Rural Industry / Textiles"}
	cases := []struct {
		q    string
		want []string
	}{
		// English
		{"Which museums in Yorkshire are about coal mining?", []string{mining}},
		{"List toy museums in Norfolk", []string{toys}},
		{"Are there any lighthouse museums in Cornwall?", []string{"Sea and seafaring / Lighthouses"}},
		{"Which museums have the subject classification 'Transport / Aviation'?", []string{aviation}},
		{`Museums with the subject "Arts / Glass"`, []string{glass}},
		{"Which museums are classified as War and conflict / Navy?", []string{navy}},
		{"Which museums have the subject 'Other'?", []string{"Other"}},
		{"Which museums have the subject Arts?", expandSubjects(t, []string{"Arts/*"})},
		{"Which museums in Kent have collections about arts?", []string{"Arts / Fine and decorative arts"}},
		{"Which museums have the subject classification ‘transport / trains and railways’?", []string{rail}},
		{"Transport museums in Kent", expandSubjects(t, []string{"Transport/*"})},
		{"Which museums in Sussex are about war?", expandSubjects(t, []string{"War and conflict/*"})},
		{"Museums about clocks and watches in London", []string{clocks}},
		{"fire brigade museums in Essex", []string{fire}},
		{"Which police museums are there?", []string{"Services / Police"}},
		{"Where can I see steam engines in Lancashire?", []string{"Industry and manufacture / Steam and engines"}},
		{"Which museums have collections about dinosaurs?", []string{"Natural world / Dinosaurs"}},
		{"Which museums in Dorset show fossils?", []string{"Natural world / Dinosaurs", "Natural world / Fossils"}},
		{"Museums about freemasonry", []string{"Belief and identity / Freemasons"}},
		{"Which museums in Wales are about canals?", []string{"Transport / Canals"}},
		{"Which museums collect buses and trams?", []string{"Transport / Buses and trams"}},
		{"cycling museums in England", []string{"Transport / Bicycles"}},
		{"Which prison museums are there in England?", []string{"Buildings / Penal"}},
		{"Which film and television museums are in London?", []string{"Leisure and sport / Film Cinema and TV"}},
		{"Which stately homes in Derbyshire are open?", []string{"Buildings / Houses / Large houses"}},
		{"Which museums are about watermills?", []string{"Rural Industry / Watermills"}},
		{"Which museums in Cornwall are about fishing?", []string{"Sea and seafaring / Fishing"}},
		{"Which museums cover photography?", []string{photo}},
		{"Which museums are dedicated to computing and gaming?", []string{"Science and technology / Computing and gaming"}},
		{"museums about gas and electricity", []string{"Utilities / Gas and electricity"}},
		{"Which museums in Scotland are about regimental history?", []string{"War and conflict / Regiment"}},
		{"Which museums in Kent have collections about stained glass?", []string{glass}},
		// Dutch
		{"Welke speelgoedmusea zijn er in Engeland?", []string{toys}},
		{"Welke musea gaan over mijnbouw?", []string{mining}},
		{"Welke musea hebben collecties over textiel?", textiles},
		{"Welke musea over kastelen en forten zijn er in Wales?", []string{castles}},
		{"Welke musea gaan over speelgoed en modellen?", []string{toys}},
		{"Welke vervoermusea zijn er in Kent?", expandSubjects(t, []string{"Transport/*"})},
		{"Welke musea over de oorlog zijn er in Kent?", expandSubjects(t, []string{"War and conflict/*"})},
		{"Welke brandweermusea zijn er in Engeland?", []string{fire}},
		{"Welke musea hebben collecties over vuurtorens?", []string{"Sea and seafaring / Lighthouses"}},
		{"Welke musea in Schotland gaan over de scheepvaart?", expandSubjects(t, []string{"Sea and seafaring/*"})},
		{"Welke musea hebben het onderwerp 'Arts / Glass'?", []string{glass}},
		{"Welke musea gaan over windmolens?", []string{windmill}},
		{"Welke musea hebben collecties over de Romeinen?", []string{roman}},
		{"Welke musea gaan over fotografie?", []string{photo}},
		{"Welke politiemusea zijn er?", []string{"Services / Police"}},
		{"Welke musea over de landbouw zijn er in Devon?", []string{"Rural Industry / Farming"}},
		{"Welke klokkenmusea zijn er in Engeland?", []string{clocks}},
		{"Welke musea gaan over vrijmetselarij?", []string{"Belief and identity / Freemasons"}},
		{"Welke musea gaan over de luchtmacht?", []string{airforce}},
		{"Welke musea over luchtvaart zijn er in Kent?", []string{aviation, airforce}},
		// German
		{"Welche Spielzeugmuseen gibt es in England?", []string{toys}},
		{"Gibt es ein Bergbaumuseum in Wales?", []string{mining}},
		{"Welche Eisenbahnmuseen gibt es in Schottland?", []string{rail}},
		{"Welche Museen haben Sammlungen zu Textilien?", textiles},
		{"Welche Museen zeigen Burgen und Festungen?", []string{castles}},
		{"Welche Verkehrsmuseen gibt es in London?", expandSubjects(t, []string{"Transport/*"})},
		{"Welche Museen über den Krieg gibt es in Kent?", expandSubjects(t, []string{"War and conflict/*"})},
		{"Wann war das Bergbaumuseum in Bochum geöffnet?", []string{mining}},
		{"Welche Museen in Kent zeigen Uhren?", []string{clocks}},
		{"Welche Feuerwehrmuseen gibt es in England?", []string{fire}},
		{"Welche Museen haben Sammlungen zur Luftfahrt?", []string{aviation, airforce}},
		{"Welche Textilmuseen gibt es in Lancashire?", textiles},
		{"Welche Museen beschäftigen sich mit der Schifffahrt?", expandSubjects(t, []string{"Sea and seafaring/*"})},
		{"Welche Museen in Norfolk zeigen Windmühlen?", []string{windmill}},
		{"Welche Museen zum Thema Fotografie gibt es?", []string{photo}},
		{"Welche Museen haben Sammlungen zur Eisenbahngeschichte?", []string{rail}},
		{"Welche Postmuseen gibt es in England?", []string{"Communications / Post"}},
		{"Welche Schulmuseen gibt es in Wales?", []string{"Buildings / School"}},
		{"Welche Museen zur römischen Geschichte gibt es in Kent?", []string{roman}},
		{"Welche Museen haben das Sachgebiet 'War and conflict / Navy'?", []string{navy}},
		{"Welche Museen in Kent zeigen Kunst?", []string{"Arts / Fine and decorative arts"}},
		{"Welche Puppenmuseen gibt es?", []string{toys}},
		{"Welche Marinemuseen gibt es in Hampshire?", []string{navy}},
		{"Welche Kriegsmuseen gibt es in Kent?", expandSubjects(t, []string{"War and conflict/*"})},
		{"Welche Museen in Kent haben Sammlungen zu Wasser- und Windmühlen?", []string{"Rural Industry / Watermills", windmill}},
		{"Welche Museen in Kent haben Sammlungen zu Bunkern und Kriegsschauplätzen?", []string{"War and conflict / Bunker", "War and conflict / Event or site"}},
		{"Vergleiche die Museen zum religiösen Erbe in Kent und Devon.", []string{"Belief and identity / Church treasuries", "Belief and identity / Religion", "Belief and identity / Religious buildings"}},
		{"Welke musea in Kent hebben collecties over grote historische huizen?", []string{"Buildings / Houses / Large houses"}},
		{"Welche Museen in Kent haben Sammlungen zu ethnischer Identität?", []string{"Belief and identity / Ethnic group"}},
		{"Welche Museen zum Thema Verkehr gibt es in London?", expandSubjects(t, []string{"Transport/*"})},
		{"Welke musea over vervoer zijn er in Kent?", expandSubjects(t, []string{"Transport/*"})},
		{"Gibt es ein Spielzeugmuseum in York?", []string{toys}},
		{"Gibt es ein Textilmuseum in Manchester?", textiles},
		{"Welke spoorwegmusea zijn er in Wales?", []string{rail}},
		{"Is there a Feuerwehrmuseum in Kent?", []string{fire}},
		// a record named "Spielzeugmuseum": the definite article names it
		{"Wann wurde das Spielzeugmuseum in Nürnberg eröffnet?", nil},
		{"Which museums in Kent are about music?", []string{"Arts / Music"}},
		{"Which composers' houses are museums?", []string{"Personality / Music"}},
		{"Compare the art museums in Kent and Devon.", []string{"Arts / Fine and decorative arts"}},
		{"Welche Kunnstmuseen gibt es in Kent?", []string{"Arts / Fine and decorative arts"}},
		{"Welche Museen haben Sammlungen zum Thema Essen und Trinken?", []string{"Food and drink"}},
		{"Which museums in Kent have collections about ceramics?", []string{"Arts / Ceramics"}},
		{"Wat zijn de vestigingen van National Museums Scotland?", nil},
		{"Welche Art von Sammlung hat das Museum in Kent?", nil},
		{"Does the Canterbury Heritage Museum have a car park?", nil},
		{"Kann man das Museum in Kent mit der Bahn erreichen?", nil},
	}
	require.GreaterOrEqual(t, len(cases), 60)
	for _, tc := range cases {
		t.Run(tc.q, func(t *testing.T) {
			p := r.Route(tc.q)
			require.Equal(t, tc.want, p.Constraints.Subjects)
		})
	}
}

// TestSubjectTermsVerbatim checks that every subject term of the data,
// quoted or written out after a cue, selects that term alone (a term with
// terms below it, its category).
func TestSubjectTermsVerbatim(t *testing.T) {
	r := newTestRouter(t)
	all := dataSubjects(t)
	expand := termExpander(all)
	for _, term := range all {
		want := expand(term)
		for _, q := range []string{
			"Which museums have the subject '" + term + "'?",
			"Welke musea hebben het onderwerp \u201c" + strings.ToLower(term) + "\u201d?",
			"Welche Museen haben das Sachgebiet " + term + "?",
		} {
			require.Equal(t, want, r.Route(q).Constraints.Subjects, q)
		}
	}
}

func TestQuotedSpans(t *testing.T) {
	cases := []struct {
		q    string
		want [][2]int // token spans
	}{
		{"Which museums have the subject 'Arts / Glass'?", [][2]int{{5, 7}}},
		{`subject "Transport / Aviation" in Kent`, [][2]int{{1, 3}}},
		{"onderwerp \u201cArts / Glass\u201d", [][2]int{{1, 3}}},
		{"Sachgebiet \u201eWar and conflict / Navy\u201c", [][2]int{{1, 5}}},
		{"the ‘Other’ subject", [][2]int{{1, 2}}},
		// apostrophes inside and after words open nothing
		{"Which children's museums' collections are about toys?", nil},
		{"Which museums have no subject?", nil},
	}
	for _, tc := range cases {
		t.Run(tc.q, func(t *testing.T) {
			require.Equal(t, tc.want, quotedSpans(newScan(tc.q, DefaultLexicon())))
		})
	}
}
