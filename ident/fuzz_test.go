package ident

import (
	"testing"
)

// FuzzParse checks that a parsed identifier's canonical form reads back to
// the same identifier, and that a failure is either "not an identifier" or
// ErrMalformed.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"DE-MUS-117113", "DE MUS 117113", " NL - 0835391002 ", "isil:DE-1", "ISIL: NL-AmRM",
		"GND 2016830-5", "(DE-588)511250-3", "https://d-nb.info/gnd/2022729-2", "1198886218",
		"ror.org/02m69r871", "ROR: 02m69r871", "wd:Q123", "Wikidata Q123",
		"wikidata.org/wiki/Special:EntityPage/Q123", "GB-ENG-MOR-M-MCBM", "Tyne-and-Wear", "1914-18",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, ok, err := Parse(s)
		if !ok {
			if err != nil {
				t.Fatalf("Parse(%q): error %v without ok", s, err)
			}
			return
		}
		if err != nil {
			return
		}
		if id.Value == "" || id.Scheme == "" {
			t.Fatalf("Parse(%q) = %#v: empty", s, id)
		}
		back, ok, err := Parse(id.String())
		if !ok || err != nil || back != id {
			t.Fatalf("Parse(%q) = %v, but Parse(%q) = %v, %v, %v", s, id, id.String(), back, ok, err)
		}
	})
}

// FuzzFind checks that Find's mentions are in bounds, ordered, do not
// overlap, and that each span parses to its identifier.
func FuzzFind(f *testing.F) {
	for _, s := range []string{
		"Kunsthalle Nürnberg, GND 2016830-5", "Which institution has ISIL DE-MUS-999999?",
		"Welche Einrichtung hat die ISIL DE MUS 117113?", "wat is Q190804",
		"Tyne-and-Wear, Stadt-, Kreis- und Gymnasialbibliothek 1990-2000 1914-18 NE61 1PJ",
		"see https://ror.org/02m69r871 and (DE-588)511250-3, wd:Q1", "ISIL DE-1, GND 1198886218",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		prev := 0
		for _, m := range Find(s) {
			if m.Start < prev || m.End <= m.Start || m.End > len(s) {
				t.Fatalf("Find(%q): span [%d,%d) after %d", s, m.Start, m.End, prev)
			}
			prev = m.End
			id, ok, err := Parse(s[m.Start:m.End])
			if !ok || err != nil || id != m.ID {
				t.Fatalf("Find(%q) found %v at %q, which parses to %v, %v, %v", s, m.ID, s[m.Start:m.End], id, ok, err)
			}
		}
	})
}
