package retrievers_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/retrievers"
)

func TestSemanticText(t *testing.T) {
	tests := []struct {
		name string
		in   heritage.Institution
		want string
	}{
		{"name only", heritage.Institution{Name: "Heimatstube", Type: "UNKNOWN"}, "Heimatstube"},
		{"type and country", heritage.Institution{Name: "Deutsches Ofenmuseum", Type: "MUSEUM", Country: "DE"},
			"Deutsches Ofenmuseum. museum in Germany"},
		{"full record", heritage.Record{
			Name: "Morpeth Chantry Bagpipe Museum", Type: "MUSEUM", Size: "large", Country: "GB",
			City: "Morpeth", District: "Northumberland", Subregion: "North East", Region: "England",
			AltNames:   []heritage.AltName{{Name: "A"}, {Name: "Morpeth Chantry Bagpipe Museum"}, {Name: "B"}, {Name: "C"}},
			YearOpened: "1987:1987", YearClosed: "2015:2015", Status: "closed",
			Subjects: []string{"Arts / Music"}, Governance: "local authority",
			MemberOf: []heritage.Membership{{Name: "Woodhorn Charitable Trust"}},
		}.Institution(), "Morpeth Chantry Bagpipe Museum (A; B). large museum in Morpeth, Northumberland, North East, England, United Kingdom. opened 1987, closed 2015. Arts / Music. local authority. Part of Woodhorn Charitable Trust"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, retrievers.SemanticText(&tc.in))
		})
	}
}
