package ident

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in     string
		want   ID
		ok     bool
		errors bool
	}{
		// ISIL
		{"DE-MUS-165513", ID{ISIL, "DE-MUS-165513"}, true, false},
		{"DE-MUS-117113", ID{ISIL, "DE-MUS-117113"}, true, false},
		{"DE MUS 117113", ID{ISIL, "DE-MUS-117113"}, true, false},
		{" NL - 0835391002 ", ID{ISIL, "NL-0835391002"}, true, false},
		{"de-mus-244215", ID{ISIL, "DE-mus-244215"}, true, false},
		{"isil:DE-1", ID{ISIL, "DE-1"}, true, false},
		{"ISIL DE-1", ID{ISIL, "DE-1"}, true, false},
		{"ISIL: NL-AmRM", ID{ISIL, "NL-AmRM"}, true, false},
		{"ISIL-Code: DE-1", ID{ISIL, "DE-1"}, true, false},
		{"ISIL DE MUS 117113", ID{ISIL, "DE-MUS-117113"}, true, false},
		{"NL-AmRM", ID{ISIL, "NL-AmRM"}, true, false},
		{"de-2291", ID{ISIL, "DE-2291"}, true, false},
		{"isil:DE-Gad1", ID{ISIL, "DE-Gad1"}, true, false},
		{"NL-0873010000", ID{ISIL, "NL-0873010000"}, true, false},
		{"OCLC-NLAMF", ID{ISIL, "OCLC-NLAMF"}, true, false},
		{"https://ld.zdb-services.de/resource/organisations/DE-1a", ID{ISIL, "DE-1a"}, true, false},
		{"https://sigel.staatsbibliothek-berlin.de/suche?isil=DE-1a", ID{ISIL, "DE-1a"}, true, false},
		// GND
		{"2016830-5", ID{GND, "2016830-5"}, true, false},
		{"GND 2016830-5", ID{GND, "2016830-5"}, true, false},
		{"gnd:2016830-5", ID{GND, "2016830-5"}, true, false},
		{"GND: 2016830-5", ID{GND, "2016830-5"}, true, false},
		{"(DE-588)511250-3", ID{GND, "511250-3"}, true, false},
		{"https://d-nb.info/gnd/2022729-2", ID{GND, "2022729-2"}, true, false},
		{"http://d-nb.info/gnd/1198886218", ID{GND, "1198886218"}, true, false},
		{"d-nb.info/gnd/1198886218", ID{GND, "1198886218"}, true, false},
		{"4734382-5", ID{GND, "4734382-5"}, true, false},
		{"10010812-X", ID{GND, "10010812-X"}, true, false},
		{"10010812-x", ID{GND, "10010812-X"}, true, false},
		{"1198886218", ID{GND, "1198886218"}, true, false},
		{"118540238", ID{GND, "118540238"}, true, false},
		// ROR
		{"ror.org/02m69r871", ID{ROR, "02m69r871"}, true, false},
		{"https://ror.org/02m69r871", ID{ROR, "02m69r871"}, true, false},
		{"https://ror.org/02M69R871", ID{ROR, "02m69r871"}, true, false},
		{"ROR: 02m69r871", ID{ROR, "02m69r871"}, true, false},
		{"ror:02m69r871", ID{ROR, "02m69r871"}, true, false},
		{"ROR 02m69r871", ID{ROR, "02m69r871"}, true, false},
		// Wikidata
		{"Q123", ID{Wikidata, "Q123"}, true, false},
		{"q123", ID{Wikidata, "Q123"}, true, false},
		{"wd:Q123", ID{Wikidata, "Q123"}, true, false},
		{"Wikidata Q123", ID{Wikidata, "Q123"}, true, false},
		{"wikidata:q123", ID{Wikidata, "Q123"}, true, false},
		{"QID Q123", ID{Wikidata, "Q123"}, true, false},
		{"https://www.wikidata.org/wiki/Q123", ID{Wikidata, "Q123"}, true, false},
		{"http://www.wikidata.org/entity/Q123", ID{Wikidata, "Q123"}, true, false},
		{"wikidata.org/wiki/Special:EntityPage/Q123", ID{Wikidata, "Q123"}, true, false},
		{"https://m.wikidata.org/wiki/Q123", ID{Wikidata, "Q123"}, true, false},
		// GHCID
		{"GB-ENG-MOR-M-MCBM", ID{GHCID, "GB-ENG-MOR-M-MCBM"}, true, false},
		{"DE-XX-XXX-M-HM-heimatmuseum_oettingen", ID{GHCID, "DE-XX-XXX-M-HM-heimatmuseum_oettingen"}, true, false},
		{"ghcid:GB-ENG-MOR-M-MCBM", ID{GHCID, "GB-ENG-MOR-M-MCBM"}, true, false},
		// Malformed: looks like an identifier, is not one.
		{"Q12x", ID{}, true, true},
		{"wd:abc", ID{}, true, true},
		{"Q0", ID{}, true, true},
		{"DE-MUS-16551#3", ID{}, true, true},
		{"DE-THIS-IS-FAR-TOO-LONG-FOR-AN-ISIL", ID{}, true, true},
		{"2016830-4", ID{}, true, true},     // wrong check digit
		{"1198886217", ID{}, true, true},    // wrong check digit
		{"ror:02m69r872", ID{}, true, true}, // wrong checksum
		{"gnd:abc", ID{}, true, true},
		{"GND 2016830-4", ID{}, true, true}, // a cue and a number: a bad id, not a name
		{"isil:", ID{}, true, true},
		{"https://example.org/about", ID{}, true, true},
		{"https://www.wikidata.org/wiki/Property:P31", ID{}, true, true},
		// Not identifiers: names, numbers, dates.
		{"Rijksmuseum", ID{}, false, false},
		{"Heimatstube im Elbtor", ID{}, false, false},
		{"", ID{}, false, false},
		{"Stoke-on-Trent", ID{}, false, false},
		{"Tyne-and-Wear", ID{}, false, false},
		{"02m69r871", ID{}, false, false}, // a bare ROR id needs a cue
		{"1990-2000", ID{}, false, false},
		{"1914-18", ID{}, false, false},
		{"NE61 1PJ", ID{}, false, false},
		{"12345", ID{}, false, false},
		{"UK Museum", ID{}, false, false},
		{"ISIL code of Stadtarchiv Stendal", ID{}, false, false},
		{"Wikidata museum", ID{}, false, false},
		{"Stadt-, Kreis- und Gymnasialbibliothek", ID{}, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, ok, err := Parse(tt.in)
			require.Equal(t, tt.ok, ok, "looks like an identifier")
			if tt.errors {
				require.ErrorIs(t, err, ErrMalformed)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tt.want, got)
		})
	}
}

func TestParseScheme(t *testing.T) {
	tests := []struct {
		parse func(string) (ID, error)
		in    string
		want  ID
	}{
		{ParseISIL, "ISIL DE MUS 117113", ID{ISIL, "DE-MUS-117113"}},
		{ParseISIL, "NL-AmRM", ID{ISIL, "NL-AmRM"}},
		{ParseQID, "wd:Q42", ID{Wikidata, "Q42"}},
		{ParseQID, "https://www.wikidata.org/wiki/Q42", ID{Wikidata, "Q42"}},
		{ParseGND, "(DE-588)511250-3", ID{GND, "511250-3"}},
		{ParseROR, "02m69r871", ID{ROR, "02m69r871"}},
		{ParseROR, "https://ror.org/02m69r871", ID{ROR, "02m69r871"}},
		{ParseGHCID, "GB-ENG-MOR-M-MCBM", ID{GHCID, "GB-ENG-MOR-M-MCBM"}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := tt.parse(tt.in)
			require.NoError(t, err)
			require.Equal(t, tt.want, got)
		})
	}
	for _, bad := range []struct {
		parse func(string) (ID, error)
		in    string
	}{
		{ParseISIL, "gnd:2016830-5"},
		{ParseQID, "https://d-nb.info/gnd/2022729-2"},
		{ParseQID, "nope"},
		{ParseGND, "2016830-4"},
		{ParseROR, "02m69r87"},
		{ParseROR, "0lm69r871"}, // l is not Crockford base32
	} {
		_, err := bad.parse(bad.in)
		require.ErrorIs(t, err, ErrMalformed, bad.in)
	}
}

func TestFind(t *testing.T) {
	type m struct {
		id   ID
		text string
		cued bool
	}
	tests := []struct {
		in   string
		want []m
	}{
		{"Kunsthalle Nürnberg, GND 2016830-5", []m{{ID{GND, "2016830-5"}, "GND 2016830-5", true}}},
		{"Which institution has ISIL DE-MUS-999999?", []m{{ID{ISIL, "DE-MUS-999999"}, "ISIL DE-MUS-999999", true}}},
		{"Welche Einrichtung hat die ISIL DE MUS 117113?", []m{{ID{ISIL, "DE-MUS-117113"}, "ISIL DE MUS 117113", true}}},
		{"wat is Q190804", []m{{ID{Wikidata, "Q190804"}, "Q190804", false}}},
		{"DE-2291 belongs to which library?", []m{{ID{ISIL, "DE-2291"}, "DE-2291", false}}},
		{"Who holds ISIL NL-AmRM, and Q42?", []m{{ID{ISIL, "NL-AmRM"}, "ISIL NL-AmRM", true}, {ID{Wikidata, "Q42"}, "Q42", false}}},
		{"Whose GND is 4734382-5?", []m{{ID{GND, "4734382-5"}, "4734382-5", false}}},
		{"see https://www.wikidata.org/wiki/Q891746.", []m{{ID{Wikidata, "Q891746"}, "https://www.wikidata.org/wiki/Q891746", true}}},
		{"(see ror.org/02m69r871)", []m{{ID{ROR, "02m69r871"}, "ror.org/02m69r871", true}}},
		{"ROR: 02m69r871 and GND 1198886218", []m{{ID{ROR, "02m69r871"}, "ROR: 02m69r871", true}, {ID{GND, "1198886218"}, "GND 1198886218", true}}},
		{"Normdatei (DE-588)511250-3", []m{{ID{GND, "511250-3"}, "(DE-588)511250-3", true}}},
		{"What is wd:Q891746?", []m{{ID{Wikidata, "Q891746"}, "wd:Q891746", true}}},
		{"wikidata q42", []m{{ID{Wikidata, "Q42"}, "wikidata q42", true}}},
		{"Tell me about GB-ENG-MOR-M-MCBM.", []m{{ID{GHCID, "GB-ENG-MOR-M-MCBM"}, "GB-ENG-MOR-M-MCBM", false}}},
		{"ISIL of DE-1", []m{{ID{ISIL, "DE-1"}, "DE-1", false}}},
		{"ISIL DE-1, GND 2016830-5", []m{{ID{ISIL, "DE-1"}, "ISIL DE-1", true}, {ID{GND, "2016830-5"}, "GND 2016830-5", true}}},
		{"ISIL DE MUS 117113 Berlin", []m{{ID{ISIL, "DE-MUS-117113"}, "ISIL DE MUS 117113", true}}},
		{"isil:de-mus-244215", []m{{ID{ISIL, "DE-mus-244215"}, "isil:de-mus-244215", true}}},
		{"the OCLC-NLAMF record", []m{{ID{ISIL, "OCLC-NLAMF"}, "OCLC-NLAMF", false}}},
		{"Welke instelling heeft Wikidata-ID q42?", []m{{ID{Wikidata, "Q42"}, "Wikidata-ID q42", true}}},
		{"Die GND-Nummer 1198886218", []m{{ID{GND, "1198886218"}, "GND-Nummer 1198886218", true}}},
		{"GND Nr. 1198886218", []m{{ID{GND, "1198886218"}, "GND Nr. 1198886218", true}}},
		{"ISIL ID-JKPNRI", []m{{ID{ISIL, "ID-JKPNRI"}, "ISIL ID-JKPNRI", true}}},
		{"the ISIL code NL 0873010000", []m{{ID{ISIL, "NL-0873010000"}, "ISIL code NL 0873010000", true}}},
		// Not identifiers.
		{"Tyne-and-Wear Archives & Museums", nil},
		{"Stadt-, Kreis- und Gymnasialbibliothek", nil},
		{"museums open 1990-2000 and 1914-18", nil},
		{"Bagpipe Museum, Morpeth NE61 1PJ", nil},
		{"12345 visitors in 2019, 1198886218 bytes", nil},
		{"an UTF-8 file about SARS-CoV-2, UK-based, T-shirt, A-Z", nil},
		{"02m69r871 without a cue", nil},
		{"pages 1914-1", nil}, // wrong check digit
		{"ISIL code of Stadtarchiv Stendal", nil},
		{"https://example.org/DE-0/x Q1abc", nil},
		{"Mus-Q12", nil},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			var got []m
			for _, x := range Find(tt.in) {
				got = append(got, m{x.ID, tt.in[x.Start:x.End], x.Cued})
			}
			require.Equal(t, tt.want, got)
		})
	}
}

func TestCheckCharacters(t *testing.T) {
	// Published examples: GND 4734382-5 (hyphenated), 118540238 (Goethe,
	// a PND number), ROR 02m69r871.
	require.Equal(t, byte('5'), gndHyphenCheck("4734382"))
	require.Equal(t, byte('X'), gndHyphenCheck("10010812"))
	require.Equal(t, byte('8'), gndNumberCheck("11854023"))
	_, _, ok := scanROR("02m69r871", 0)
	require.True(t, ok)
	_, _, ok = scanROR("02m69r817", 0)
	require.False(t, ok)
}

func TestFindLowerCaseGHCID(t *testing.T) {
	ms := Find("which heritage institution is gb-eng-mor-m-mcbm?")
	require.Len(t, ms, 1)
	require.Equal(t, ID{GHCID, "GB-ENG-MOR-M-MCBM"}, ms[0].ID)
	require.Empty(t, Find("an up-to-date list"))
}

// An impossible identifier is refused with what is wrong with it and what
// a valid one looks like.
func TestMalformedSaysWhatIsWrong(t *testing.T) {
	for _, c := range []struct {
		in        string
		why, want string
	}{
		{"Q0", "QIDs start at Q1", "e.g. Q190804"},
		{"wd:Q000", "QIDs start at Q1", "e.g. Q190804"},
		{"Q00012", "no leading zeros (Q12)", "e.g. Q190804"},
		{"Q12x", "'x' is not a digit", "e.g. Q190804"},
		{"Q1234567890123", "13 digits; a QID has at most 12", "e.g. Q190804"},
		{"wd:abc", "a QID starts with Q", "e.g. Q190804"},
		{"DE-MUS-1234567890123456", "23 characters; an ISIL has at most 16", "e.g. NL-AmRM"},
		{"isil:DE-", "nothing after the prefix", "e.g. NL-AmRM"},
		{"isil:DE--1", "two hyphens", "e.g. NL-AmRM"},
		{"ISIL DEUTS-1", `the prefix "DEUTS" is not 1–4 letters`, "e.g. NL-AmRM"},
		{"isil:DE-ä1", "'ä' may not appear in an ISIL", "e.g. NL-AmRM"},
		{"gnd:12345", "5 digits; a GND id without a hyphen has 9 to 11", "e.g. 4734382-5"},
		{"gnd:123456789-1", "9 digits before the hyphen", "e.g. 4734382-5"},
		{"ror:12345", "5 characters; a ROR id has 9", "e.g. 02m69r871"},
		{"ror:02m69r872", "not the checksum", "e.g. 02m69r871"},
		{"ghcid:GB-ENG-MOR", "3 parts; a GHCID has at least 5", "e.g. GB-ENG-MOR-M-MCBM"},
	} {
		_, ok, err := Parse(c.in)
		require.True(t, ok, c.in)
		require.ErrorIs(t, err, ErrMalformed, c.in)
		require.Contains(t, err.Error(), c.why, c.in)
		require.Contains(t, err.Error(), c.want, c.in)
	}
	_, err := ParseQID("Q0")
	require.ErrorContains(t, err, "QIDs start at Q1")
	_, err = ParseISIL("DE-MUS-1234567890123456")
	require.ErrorContains(t, err, "at most 16")
}
