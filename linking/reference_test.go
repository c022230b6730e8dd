package linking

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/internal/testfixture"
)

func TestReadReference(t *testing.T) {
	l := testLinker(t)
	for _, c := range []struct {
		text               string
		names              []string
		town, postcode, id string
		ok                 bool
	}{
		{"Horniman Museum, London SE23 3PQ", []string{"Horniman Museum"}, "London", "SE23 3PQ", "", true},
		{"Horniman Museum London SE23 3PQ", []string{"Horniman Museum London"}, "", "SE23 3PQ", "", true},
		{"Museum Folkwang, 45128 Essen", []string{"Museum Folkwang"}, "Essen", "45128", "", true},
		{"Rijksmuseum, Museumstraat 1, Amsterdam", []string{"Rijksmuseum"}, "Amsterdam", "", "", true},
		{"Holburne Museum, Great Pulteney Street, Bath BA2 4DB", []string{"Holburne Museum"}, "Bath", "BA2 4DB", "", true},
		{"Rijksmuseum, 1071 XX Amsterdam", []string{"Rijksmuseum"}, "Amsterdam", "1071 XX", "", true},
		{`"Rijksmuseum"`, []string{"Rijksmuseum"}, "", "", "", true},
		{"„Stadtarchiv Worms“", []string{"Stadtarchiv Worms"}, "", "", "", true},
		{"Rijksmuseum (Q190804)", []string{"Rijksmuseum"}, "", "", "Q190804", true},
		{"Rijksmuseum (closed)", []string{"Rijksmuseum"}, "", "", "", true},
		{"Stichting Rijksmuseum", []string{"Rijksmuseum"}, "", "", "", true},
		{"Rijksmuseum / Het Rijksmuseum", []string{"Rijksmuseum", "Het Rijksmuseum"}, "", "", "", true},
		// the town after both names is the town of each
		{"Rijksmuseum / Rijksmuseum Amsterdam", []string{"Rijksmuseum", "Rijksmuseum"}, "Amsterdam", "", "", true},
		{"Natl. Museum of Scotland", []string{"Natl. Museum of Scotland"}, "", "", "", true},
		// a name as it is: nothing to read apart
		{"British Museum, London", []string{"British Museum, London"}, "", "", "", false},
		{"Public Library & Museum (Camborne)", []string{"Public Library & Museum (Camborne)"}, "", "", "", false},
		{"14th/20th Kings Hussars Museum", []string{"14th/20th Kings Hussars Museum"}, "", "", "", false},
		{"Cooper Hewitt, Smithsonian Design Museum", []string{"Cooper Hewitt, Smithsonian Design Museum"}, "", "", "", false},
	} {
		r, ok := l.read(c.text)
		require.Equal(t, c.ok, ok, c.text)
		if !ok {
			continue
		}
		require.Equal(t, c.names, r.names, c.text)
		require.Equal(t, c.town, r.town, c.text)
		require.Equal(t, c.postcode, r.postcode, c.text)
		require.Equal(t, c.id, r.id, c.text)
	}
}

func TestSpellings(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"Natl. Museum of Scotland", []string{"national Museum of Scotland"}},
		{"Mus. of London", []string{"museum of London"}},
		{"Stadtbibl. Mainz", []string{"stadtbibliothek Mainz", "stadtbibliotheek Mainz"}},
		{"Rijksmus. Twenthe", []string{"rijksmuseum Twenthe"}},
		{"Gem. Archief Ede", []string{"gemeente Archief Ede", "gemeentelijk Archief Ede", "gemeinde Archief Ede"}},
		{"Univ Library", []string{"university Library", "universitat Library", "universiteit Library"}},
		// not abbreviations: a full stop after a word of the table's
		// compounds only, "St." (the name index reads it), "e.V."
		{"Museum of London.", []string{"Museum of London."}},
		{"St. Albans Museum", []string{"St. Albans Museum"}},
		{"Heimatverein e.V.", []string{"Heimatverein e.V."}},
		{"Mus Road", []string{"Mus Road"}},
	} {
		require.Equal(t, c.want, spellings(c.in), c.in)
	}
	long := spellings("Staatl. Hist. Bibl. Gem.")
	require.Len(t, long, maxSpellings, "the spellings are capped")
}

// The links the reference reading is for, over the data: made-up names
// with a real address, with spreadsheet noise or abbreviated.
func TestSpreadsheetReferenceLinks(t *testing.T) {
	l := testLinker(t)
	require.Nil(t, linkMatch(t, l, "Upper Wyvern Teapot Museum, Lewisham, London SE23 3PQ"))
	require.Nil(t, linkMatch(t, l, "Stichting Streekmuseum Oosterwaarde"))
	require.Nil(t, linkMatch(t, l, "Natl. Hedgehog Mus. of Brindlemoor"))
	require.Nil(t, linkMatch(t, l, `"Kelsford Kite Museum" (closed)`))
	require.Nil(t, linkMatch(t, l, "National Railway Museum / Horniman Museum"),
		"two names around a slash that are two records' names")
	for text, want := range map[string]string{
		"Rijksmuseum (Q190804)":                                "wd:Q190804",
		"Natl. Museum of Scotland":                             "mm:mm.domus.SC277",
		"Holburne Museum, Great Pulteney Street, Bath BA2 4DB": "mm:mm.domus.SW031",
		"Horniman Museum, London SE23 3PQ":                     "mm:mm.domus.SE309",
	} {
		c := linkMatch(t, l, text)
		require.NotNil(t, c, text)
		require.Equal(t, want, c.ID, text)
	}
}

// linkMatch is the match Link finds for text, or nil.
func linkMatch(t *testing.T, l *Linker, text string) *Candidate {
	t.Helper()
	got, err := l.Link(context.Background(), Query{Text: text}, 3)
	require.NoError(t, err)
	for _, c := range got {
		if c.Match {
			return &c
		}
	}
	return nil
}

// testAbbreviations are the abbreviations the over-the-data test writes.
var testAbbreviations = map[string]string{
	"museum": "Mus.", "national": "Natl.", "library": "Lib.", "bibliothek": "Bibl.", "university": "Univ.",
	"stadtbibliothek": "Stadtbibl.", "academy": "Acad.", "gallery": "Gall.", "railway": "Rly.",
}

// spreadsheetForms writes the name of in the ways a spreadsheet holds it:
// after an address, with noise, abbreviated.
func spreadsheetForms(in *heritage.Institution, k int) []string {
	var out []string
	switch {
	case in.Postcode != "" && in.City != "":
		out = append(out, in.Name+", "+in.City+" "+in.Postcode, in.Name+", "+in.Postcode)
		if in.Address != "" {
			out = append(out, in.Name+", "+in.Address)
		}
	case in.City != "" && in.Country == "DE":
		out = append(out, fmt.Sprintf("%s, %05d %s", in.Name, 10000+k%89999, in.City))
	case in.City != "" && in.Country == "NL":
		out = append(out, fmt.Sprintf("%s, %04d AB %s", in.Name, 1000+k%8999, in.City))
	}
	out = append(out, `"`+in.Name+`"`, in.Name+" (closed)")
	if in.Wikidata != "" {
		out = append(out, in.Name+" ("+in.Wikidata+")")
	}
	if in.Country == "NL" {
		out = append(out, "Stichting "+in.Name)
	}
	f := strings.Fields(in.Name)
	for j, w := range f {
		if ab, ok := testAbbreviations[strings.ToLower(w)]; ok {
			g := append([]string(nil), f...)
			g[j] = ab
			out = append(out, strings.Join(g, " "))
			break
		}
	}
	return out
}

// Every seventh record whose name alone links it as a match, written as a
// spreadsheet holds it (an address after it, quotes, a status or its QID
// in parentheses, a leading Stichting, a word abbreviated), links it
// again; its address after a made-up name links nothing.
func TestSpreadsheetReferencesOverTheData(t *testing.T) {
	testfixture.SkipUnderRace(t)
	l := testLinker(t)
	ctx := context.Background()
	records, tried, linked, madeUp, falseMatches := 0, 0, 0, 0, 0
	var missed []string
	for i := range l.ds.Institutions {
		in := &l.ds.Institutions[i]
		if i%7 != 0 || strings.ContainsAny(in.Name, "/(),\"") {
			continue
		}
		alone, err := l.Link(ctx, Query{Text: in.Name}, 1)
		if err != nil || len(alone) == 0 || alone[0].ID != in.ID || !alone[0].Match {
			continue
		}
		records++
		for _, text := range spreadsheetForms(in, i) {
			tried++
			if c := linkMatch(t, l, text); c != nil && c.ID == in.ID {
				linked++
			} else if len(missed) < 15 {
				missed = append(missed, text)
			}
		}
		if in.Postcode != "" && in.Address != "" {
			madeUp++
			text := "Upper Wyvern Teapot Museum, " + in.Address
			if c := linkMatch(t, l, text); c != nil {
				falseMatches++
				t.Errorf("%s: matched %s %q", text, c.ID, c.Name)
			}
		}
	}
	t.Logf("%d records: %d of %d spreadsheet references linked as matches; %d made-up names with an address, %d matched; missed e.g. %q",
		records, linked, tried, madeUp, falseMatches, missed)
	require.Greater(t, records, 500)
	require.GreaterOrEqual(t, float64(linked), 0.95*float64(tried), "%d of %d", linked, tried)
	require.Zero(t, falseMatches)
}
