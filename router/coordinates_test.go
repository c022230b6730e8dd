package router

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/plan"
)

func TestReadCoordinates(t *testing.T) {
	for _, tc := range []struct {
		text string
		want *plan.GeoPoint
	}{
		{"museums within 5 km of 51.5074, -0.1278", &plan.GeoPoint{Lat: 51.5074, Lon: -0.1278}},
		{"museums near 52.37N 4.89E", &plan.GeoPoint{Lat: 52.37, Lon: 4.89}},
		{"archives near 4.89 E, 52.37 N", &plan.GeoPoint{Lat: 52.37, Lon: 4.89}},
		{"near 33.9° S, 18.4° E", &plan.GeoPoint{Lat: -33.9, Lon: 18.4}},
		{"Museen um 48.137; 11.575", &plan.GeoPoint{Lat: 48.137, Lon: 11.575}},
		{"museen um −33.9, 18.4", &plan.GeoPoint{Lat: -33.9, Lon: 18.4}},
		{"In 1901, 5 museums opened", nil},        // years and counts are no degrees
		{"museums near 95.1, 10.2", nil},          // no latitude
		{"museums near 45.1, 190.2", nil},         // no longitude
		{"ISIL DE-1426 and 12.5", nil},            // one number of degrees
		{"museums between 51.5 and 52.5 km", nil}, // words between them
	} {
		s := newScan(tc.text, DefaultLexicon())
		var c Constraints
		readCoordinates(s, &c)
		require.Equal(t, tc.want, c.Point, tc.text)
		if tc.want != nil {
			require.True(t, c.NearPlace, tc.text)
		}
	}
}

func TestOutwardCodes(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"Which museums are in postcode district NE61?", []string{"NE61"}},
		{"Welke musea liggen in postcodegebied NE61?", []string{"NE61"}},
		{"Welche Museen gibt es im Postleitzahlbereich SW1A?", []string{"SW1A"}},
		{"museums in postcode area B1", []string{"B1"}},
		{"museums in postcode district 1234", nil},   // no outward code
		{"museums in postcode district ABC1", nil},   // three letters
		{"museums in postcode district NE61X2", nil}, // too long
		{"Which museums are in the NR postcode area?", []string{"NR"}},
		{"museums in the IP14 postcode district", []string{"IP14"}},
		{"Musea in postcodegebied IP", []string{"IP"}},
		{"museums in postcode area of Norwich", nil}, // an area is written in capitals
	} {
		s := newScan(tc.text, DefaultLexicon())
		var c Constraints
		outwardCodes(s, &c)
		require.Equal(t, tc.want, c.Postcodes, tc.text)
	}
}
