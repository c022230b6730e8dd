package linking

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/testtools/testfixture"
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

func TestReadPlacedReference(t *testing.T) {
	l := testLinker(t)
	for _, c := range []struct {
		text, name, town, postcode, country string
	}{
		{"Rijksmuseum, Netherlands", "Rijksmuseum", "", "", "NL"},
		{"Rijksmuseum (NL)", "Rijksmuseum", "", "", "NL"},
		{"Museum Folkwang Essen Germany", "Museum Folkwang Essen", "", "", "DE"},
		{"Fitzwilliam Museum, Trumpington Street, Cambridge CB2 1RB, UK", "Fitzwilliam Museum", "Cambridge", "CB2 1RB", "GB"},
		{"The Bowes Museum, Barnard Castle, Co. Durham", "The Bowes Museum", "Barnard Castle", "", ""},
		{"Horniman Museum and Gardens, 100 London Road, Forest Hill, London", "Horniman Museum and Gardens", "London", "", ""},
		// the country is part of the name, or of a district's name
		{"Natl. Museum of Scotland", "Natl. Museum of Scotland", "", "", ""},
		{"Pinchbeck Engine Museum, Spalding, South Holland", "Pinchbeck Engine Museum", "Spalding", "", ""},
		// a catalogue's ways
		{"Bowes Museum, The", "The Bowes Museum", "", "", ""},
		{"Essen: Museum Folkwang", "Museum Folkwang", "Essen", "", ""},
		{"Barnard Castle, Bowes Museum", "Bowes Museum", "Barnard Castle", "", ""},
		{"Bowes Museum (Barnard Castle)", "Bowes Museum", "Barnard Castle", "", ""},
		{"Fitzwilliam Museum [Cambridge]", "Fitzwilliam Museum", "Cambridge", "", ""},
	} {
		r, ok := l.read(c.text)
		require.True(t, ok, c.text)
		require.Equal(t, []string{c.name}, r.names, c.text)
		require.Equal(t, c.town, r.town, c.text)
		require.Equal(t, c.postcode, r.postcode, c.text)
		require.Equal(t, c.country, r.country, c.text)
	}
}

func TestSpellings(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"Natl. Museum of Scotland", []string{"national Museum of Scotland", "nationale Museum of Scotland"}},
		{"Mus. of London", []string{"museum of London", "musee of London"}},
		{"Stadtbibl. Mainz", []string{"stadtbibliothek Mainz"}},
		{"Rijksmus. Twenthe", []string{"rijksmuseum Twenthe", "rijksmusee Twenthe"}},
		{"Gem. Archief Ede", []string{"gemeente Archief Ede", "gemeentelijk Archief Ede", "gemeinde Archief Ede"}},
		{"Univ Library", []string{"university Library", "universitat Library", "universiteit Library", "universitaire Library", "universite Library"}},
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
	case in.Postcode() != "" && in.City != "":
		out = append(out, in.Name+", "+in.City+" "+in.Postcode(), in.Name+", "+in.Postcode())
		if in.Address() != "" {
			out = append(out, in.Name+", "+in.Address())
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

// linkedAlone reports whether the name of record i alone links it as
// l's match (Link with limit 1). The tests over the data ask
// it of the same records, each for the references it writes of them:
// the answer is worked out once per record and test binary (the linker
// is read-only and Link deterministic).
var linkedAlone = func() func(l *Linker, i int) bool {
	type record struct {
		l *Linker
		i int
	}
	var (
		mu   sync.Mutex
		done = map[record]bool{}
	)
	return func(l *Linker, i int) bool {
		mu.Lock()
		ok, found := done[record{l, i}]
		mu.Unlock()
		if found {
			return ok
		}
		in := &l.ds.Institutions[i]
		alone, err := l.Link(context.Background(), Query{Text: in.Name}, 1)
		ok = err == nil && len(alone) > 0 && alone[0].ID == in.ID && alone[0].Match
		mu.Lock()
		done[record{l, i}] = ok
		mu.Unlock()
		return ok
	}
}()

// requireLinkedOverTheData links, for every step-th record whose name
// alone links it as a match (and holds no punctuation), each reference
// forms writes of it (a record it writes none of is not counted), and each of the texts fake makes of such a
// reference ("" for none): made-up names that should match nothing. It
// logs the counts and a few misses by form, and requires more than
// minRecords records, 95% of the references linked as their record's
// match and no made-up name matched. Many records make the same
// made-up name ("Upper Wyvern Teapot Museum, England"): each distinct
// one is linked once, and counted as often as it is made. The tests
// that call it run in parallel with each other.
func requireLinkedOverTheData(t *testing.T, what string, step, minRecords int, forms func(in *heritage.Institution, k int) []string, fake func(in *heritage.Institution, text string) string) {
	t.Helper()
	testfixture.SkipUnderRace(t)
	t.Parallel()
	l := testLinker(t)
	records, tried, linked, madeUp, falseMatches := 0, 0, 0, 0, 0
	missed := map[int][]string{}
	madeUpMatch := map[string]*Candidate{} // a made-up name → its match, or nil
	for i := range l.ds.Institutions {
		in := &l.ds.Institutions[i]
		if i%step != 0 || strings.ContainsAny(in.Name, "/(),\"") {
			continue
		}
		written := forms(in, i)
		if len(written) == 0 || !linkedAlone(l, i) {
			continue
		}
		records++
		for f, text := range written {
			tried++
			if c := linkMatch(t, l, text); c != nil && c.ID == in.ID {
				linked++
			} else if len(missed[f]) < 4 {
				missed[f] = append(missed[f], text)
			}
			if made := fake(in, text); made != "" {
				madeUp++
				c, seen := madeUpMatch[made]
				if !seen {
					c = linkMatch(t, l, made)
					madeUpMatch[made] = c
				}
				if c != nil {
					falseMatches++
					t.Errorf("%s: matched %s %q", made, c.ID, c.Name)
				}
			}
		}
	}
	t.Logf("%d records: %d of %d %s references linked as matches; %d made-up names, %d matched; missed by form: %v",
		records, linked, tried, what, madeUp, falseMatches, missed)
	require.Greater(t, records, minRecords)
	require.GreaterOrEqual(t, float64(linked), 0.95*float64(tried), "%d of %d", linked, tried)
	require.Zero(t, falseMatches)
}

// Every seventh record whose name alone links it as a match, written as a
// spreadsheet holds it (an address after it, quotes, a status or its QID
// in parentheses, a leading Stichting, a word abbreviated), links it
// again; its address after a made-up name links nothing.
func TestSpreadsheetReferencesOverTheData(t *testing.T) {
	requireLinkedOverTheData(t, "spreadsheet", 7, 500, spreadsheetForms, func(in *heritage.Institution, text string) string {
		if in.Postcode() == "" || in.Address() == "" || text != in.Name+", "+in.Address() {
			return ""
		}
		return "Upper Wyvern Teapot Museum, " + in.Address()
	})
}

// countryForms are the ways a reference names the countries of most of
// the records after a name: in English, natively, as a code.
var countryForms = map[string][]string{
	"GB": {"United Kingdom", "UK", "England"},
	"DE": {"Germany", "Deutschland", "DE"},
	"NL": {"Netherlands", "Nederland", "The Netherlands"},
}

// placedForms are the ways a reference places record in after its name:
// its country after a comma, in parentheses or after the town with no
// comma; a full postal address ending with the country; the town and
// then its district or county.
func placedForms(in *heritage.Institution, k int) []string {
	names, ok := countryForms[in.Country]
	if !ok {
		return nil
	}
	country := names[k%len(names)]
	out := []string{in.Name + ", " + country, in.Name + " (" + in.Country + ")"}
	if in.City != "" {
		out = append(out, in.Name+" "+in.City+" "+country, in.Name+", "+in.City+", "+country)
	}
	if in.Address() != "" {
		out = append(out, in.Name+", "+in.Address()+", "+country)
	}
	if in.City != "" && in.District() != "" && in.District() != in.City {
		district := in.District()
		if rest, ok := strings.CutPrefix(district, "County "); ok {
			district = "Co. " + rest
		}
		out = append(out, in.Name+", "+in.City+", "+district)
	}
	return out
}

// Every fifth record whose name alone links it as a match, placed after
// its name as placedForms writes it, links it again; made-up names placed
// the same way link nothing.
func TestPlacedReferencesOverTheData(t *testing.T) {
	requireLinkedOverTheData(t, "placed", 5, 500, placedForms, func(in *heritage.Institution, text string) string {
		return "Upper Wyvern Teapot Museum" + strings.TrimPrefix(text, in.Name)
	})
}

// catalogueForms are the ways a catalogue files a record's name: an
// article after it, its town before it (after a colon, a dash or a
// comma) or in brackets after it.
func catalogueForms(in *heritage.Institution, k int) []string {
	var out []string
	if rest, ok := strings.CutPrefix(in.Name, "The "); ok {
		out = append(out, rest+", The")
	}
	if in.City != "" {
		sep := []string{": ", " - ", ", "}[k%3]
		out = append(out, in.City+sep+in.Name, in.Name+" ("+in.City+")", in.Name+" ["+in.City+"]")
	}
	return out
}

// Every third record whose name alone links it as a match, filed as a
// catalogue files it, links it again; made-up names filed the same way
// link nothing.
func TestCatalogueReferencesOverTheData(t *testing.T) {
	requireLinkedOverTheData(t, "catalogue", 3, 500, catalogueForms, func(in *heritage.Institution, text string) string {
		return strings.Replace(text, strings.TrimPrefix(in.Name, "The "), "Upper Wyvern Teapot Museum", 1)
	})
}

func TestAbbreviationTable(t *testing.T) {
	tab, err := parseAbbreviations(abbreviationsTSV)
	require.NoError(t, err)
	require.Equal(t, []string{"und"}, tab.words["u"])
	require.Equal(t, []string{"stadtbucherei"}, expansions("Stadtbüch."))
	require.Equal(t, []string{"muhlenmuseum", "muhlenmusee"}, expansions("Mühlenmus."))
	require.True(t, tab.undotted["natl"])
	for _, bad := range []string{"en\tnatl", "en\ttwo words\tx", "en\tnatl\tnational\tloud"} {
		_, err := parseAbbreviations(bad)
		require.Error(t, err, bad)
	}
}

func TestOneCell(t *testing.T) {
	l := testLinker(t)
	for _, c := range []struct{ in, name, town, country string }{
		{"Clockworks Museum (London, UK)", "Clockworks Museum", "London", "GB"},
		{"Kunsthalle Beispiel - Bremen - Germany", "Kunsthalle Beispiel", "Bremen", "DE"},
		{"Quaker Tapestry Museum; Kendal", "Quaker Tapestry Museum", "Kendal", ""},
		{"Quaker Tapestry Museum; Kendal, Verenigd Koninkrijk", "Quaker Tapestry Museum", "Kendal", "GB"},
		{"Chedworth Roman Villa (Xyzzy Vale, UK)", "Chedworth Roman Villa", "", "GB"},
		{"Public Library & Museum (Camborne)", "Public Library & Museum (Camborne)", "", ""},
		{"Kendal Museum - Art - History", "Kendal Museum - Art - History", "", ""},
	} {
		name, town, country := l.oneCell(c.in)
		require.Equal(t, []string{c.name, c.town, c.country}, []string{name, town, country}, c.in)
	}
}

func TestHyphenatedAbbreviation(t *testing.T) {
	require.Equal(t, []string{"Philipp-Reis-museum", "Philipp-Reis-musee"}, expansions("Philipp-Reis-Mus."))
	require.Nil(t, expansions("Philipp-Reis-Museum"))
}
