package heritage

import (
	"math"
	"slices"
	"sort"
)

// deriveNear lists, for each record with coordinates, the towns whose
// centre lies within NearRadiusKm, in loc.near and loc.nearAt.
func deriveNear(recs []Institution, loc *recordLocations, centres []TownCentre) {
	// a grid of cells 0.25° high and 0.5° wide: a town within 15 km lies
	// in the record's cell or a neighbouring one up to 60° latitude
	const cellLat, cellLon = 0.25, 0.5
	cell := func(lat, lon float64) [2]int {
		return [2]int{int(math.Floor(lat / cellLat)), int(math.Floor(lon / cellLon))}
	}
	grid := map[[2]int][]TownCentre{}
	for _, c := range centres {
		grid[cell(c.Lat, c.Lon)] = append(grid[cell(c.Lat, c.Lon)], c)
	}
	var near []string
	lists := newListTable(func(s string) string { return s })
	loc.nearBy = make([]uint32, len(recs))
	for i := range recs {
		in := &recs[i]
		if in.Lat == nil || in.Lon == nil {
			continue
		}
		at := cell(*in.Lat, *in.Lon)
		near = near[:0]
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				for _, c := range grid[[2]int{at[0] + dy, at[1] + dx}] {
					// a degree of latitude is 111 km anywhere
					if c.Country == in.Country && math.Abs(c.Lat-*in.Lat)*111 <= NearRadiusKm &&
						DistanceKm(*in.Lat, *in.Lon, c.Lat, c.Lon) <= NearRadiusKm {
						near = append(near, c.Name)
					}
				}
			}
		}
		sort.Strings(near)
		loc.nearBy[i] = lists.add(near)
	}
	loc.nearAt, loc.near = slices.Clone(lists.at), slices.Clone(lists.all) // no spare capacity
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// DistanceKm is the great-circle (haversine) distance between two points.
func DistanceKm(lat1, lon1, lat2, lon2 float64) float64 {
	const earthKm = 6371.0
	rad := math.Pi / 180
	dLat, dLon := (lat2-lat1)*rad, (lon2-lon1)*rad
	a := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * earthKm * math.Asin(math.Sqrt(a))
}
