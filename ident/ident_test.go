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
		{"DE-MUS-165513", ID{ISIL, "DE-MUS-165513"}, true, false},
		{"NL-AmRM", ID{ISIL, "NL-AmRM"}, true, false},
		{"de-2291", ID{ISIL, "DE-2291"}, true, false},
		{"isil:DE-Gad1", ID{ISIL, "DE-Gad1"}, true, false},
		{"NL-0873010000", ID{ISIL, "NL-0873010000"}, true, false},
		{"Q891746", ID{Wikidata, "Q891746"}, true, false},
		{"wd:Q891746", ID{Wikidata, "Q891746"}, true, false},
		{"https://www.wikidata.org/wiki/Q891746", ID{Wikidata, "Q891746"}, true, false},
		{"http://www.wikidata.org/entity/Q42", ID{Wikidata, "Q42"}, true, false},
		{"GB-ENG-MOR-M-MCBM", ID{GHCID, "GB-ENG-MOR-M-MCBM"}, true, false},
		{"DE-XX-XXX-M-HM-heimatmuseum_oettingen", ID{GHCID, "DE-XX-XXX-M-HM-heimatmuseum_oettingen"}, true, false},
		{"4734382-5", ID{GND, "4734382-5"}, true, false},
		{"10010812-X", ID{GND, "10010812-X"}, true, false},
		{"Q12x", ID{}, true, true},
		{"wd:abc", ID{}, true, true},
		{"Q0", ID{}, true, true},
		{"DE-MUS-16551#3", ID{}, true, true},
		{"DE-THIS-IS-FAR-TOO-LONG-FOR-AN-ISIL", ID{}, true, true},
		{"Rijksmuseum", ID{}, false, false},
		{"Heimatstube im Elbtor", ID{}, false, false},
		{"", ID{}, false, false},
		{"Stoke-on-Trent", ID{}, false, false},
		{"Tyne-and-Wear", ID{}, false, false},
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
