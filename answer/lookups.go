package answer

import (
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/hybridrag/hybridrag/heritage"
)

// recordLookups finds the records an answer needs by what it asks for
// (a country, a kind, a town, a postcode, a word of a name, a point on
// the map) without reading every record for each question: per question,
// the work grows with the records found, not with the data. Each table
// is built once per dataset, on the first question that needs it (most
// processes answer few questions of most shapes), and holds the records'
// indexes in the data (int32, in data order), by normalised key. Safe
// for concurrent use.
type recordLookups struct {
	data *heritage.Dataset

	countryOnce sync.Once
	perCountry  map[string]int   // records by country code
	kinds       map[kindKey]bool // of every record

	placeOnce sync.Once
	// placeKeys holds the NormalizeName key of every place a record
	// states: city, county, district, region, subregion, country and the
	// units of its admin area (what placeMatches compares).
	placeKeys map[string]bool
	byCity    map[string][]int32 // NormalizeName key of the city field
	cityKeys  []string           // byCity's keys, sorted

	townOnce sync.Once
	byTown   map[string][]int32 // NormalizeName key of each of a record's towns (heritage.Dataset.Towns)

	coordOnce sync.Once
	// unmeasured holds the records without coordinates by country and
	// type code.
	unmeasured map[kindKey][]int32
	grid       map[gridCell][]int32 // the records with coordinates, by cell
	offGrid    []int32              // coordinates out of range: always measured

	postOnce   sync.Once
	byPostcode map[string][]int32 // the postcode in upper case without spaces
	byOutward  map[string][]int32 // the same without its last three characters
	byArea     map[string][]int32 // by the postcode area, the letters before its first digit

	wordOnce sync.Once
	byWord   map[string][]int32 // each word of the normalised name
	words    []string           // byWord's keys
	trigrams map[string][]int32 // three bytes → the words (indexes in words) that hold them
}

// kindKey is a country code and a type code.
type kindKey struct{ country, code string }

func newRecordLookups(ds *heritage.Dataset) *recordLookups { return &recordLookups{data: ds} }

// countryRecords is the number of records of a country code.
func (l *recordLookups) countryRecords(code string) int {
	l.countries()
	return l.perCountry[code]
}

// hasKind reports whether the data holds a record of the type code in
// the country.
func (l *recordLookups) hasKind(country, code string) bool {
	l.countries()
	return l.kinds[kindKey{country, code}]
}

func (l *recordLookups) countries() {
	l.countryOnce.Do(func() {
		l.perCountry, l.kinds = map[string]int{}, map[kindKey]bool{}
		for i := range l.data.Institutions {
			in := &l.data.Institutions[i]
			l.perCountry[in.Country]++
			l.kinds[kindKey{in.Country, in.TypeCode}] = true
		}
	})
}

// statesPlace reports whether a record states a place of the
// NormalizeName key (see placeMatches).
func (l *recordLookups) statesPlace(key string) bool {
	l.places()
	return l.placeKeys[key]
}

// cityRecords lists the records whose city field has the NormalizeName
// key, in data order. The caller must not modify the result.
func (l *recordLookups) cityRecords(key string) []int32 {
	l.places()
	return l.byCity[key]
}

// citiesAfter lists the city keys that begin with prefix, sorted.
func (l *recordLookups) citiesAfter(prefix string) []string {
	l.places()
	i, _ := slices.BinarySearch(l.cityKeys, prefix)
	j := i
	for j < len(l.cityKeys) && strings.HasPrefix(l.cityKeys[j], prefix) {
		j++
	}
	return l.cityKeys[i:j]
}

func (l *recordLookups) places() {
	l.placeOnce.Do(func() {
		l.placeKeys, l.byCity = map[string]bool{}, map[string][]int32{}
		for i := range l.data.Institutions {
			in := &l.data.Institutions[i]
			for _, v := range []string{in.City, in.County(), in.District(), in.Region(), in.Subregion(), in.Country} {
				if v != "" {
					l.placeKeys[heritage.NormalizeName(v)] = true
				}
			}
			for _, u := range in.AdminAreas() {
				l.placeKeys[heritage.NormalizeName(u.Name)] = true
			}
			k := heritage.NormalizeName(in.City)
			l.byCity[k] = append(l.byCity[k], int32(i))
		}
		l.cityKeys = make([]string, 0, len(l.byCity))
		for k := range l.byCity {
			l.cityKeys = append(l.cityKeys, k)
		}
		slices.Sort(l.cityKeys)
	})
}

// townRecords lists the records that lie in a town of one of the
// NormalizeName keys, as heritage.Dataset.Towns reads them, in data
// order.
func (l *recordLookups) townRecords(keys []string) []int32 {
	l.townOnce.Do(func() {
		l.byTown = map[string][]int32{}
		for i := range l.data.Institutions {
			var seen []string
			for _, t := range l.data.Towns(&l.data.Institutions[i]) {
				k := heritage.NormalizeName(t.Name)
				if !slices.Contains(seen, k) {
					seen = append(seen, k)
					l.byTown[k] = append(l.byTown[k], int32(i))
				}
			}
		}
	})
	var lists [][]int32
	for _, k := range keys {
		lists = append(lists, l.byTown[k])
	}
	return union(lists)
}

// gridCell is a cell of cellDegrees by cellDegrees of latitude and
// longitude.
type gridCell struct{ lat, lon int32 }

// cellDegrees is the side of a grid cell: 11 km north to south, 6 km
// east to west at 60° latitude, so that a search within 10 km reads a
// few cells.
const cellDegrees = 0.1

func cellOf(deg float64) int32 { return int32(math.Floor(deg / cellDegrees)) }

// unmeasuredRecords lists the records of a country without coordinates
// of the type codes (of any when codes is empty), a list for each type.
func (l *recordLookups) unmeasuredRecords(country string, codes []string) [][]int32 {
	l.coordinates()
	var out [][]int32
	if len(codes) > 0 {
		for _, code := range codes {
			out = append(out, l.unmeasured[kindKey{country, code}])
		}
		return out
	}
	for k, ids := range l.unmeasured {
		if k.country == country {
			out = append(out, ids)
		}
	}
	return out
}

// around returns, in no order, the records with coordinates that may lie
// within radius km of (lat, lon): all that do, and some that do not.
func (l *recordLookups) around(lat, lon, radius float64) []int32 {
	l.coordinates()
	const earthKm, margin = 6371.0, 0.01 // degrees, far above rounding
	out := slices.Clone(l.offGrid)
	angle := radius / earthKm // radians
	dLat := angle*180/math.Pi + margin
	latLo, latHi := lat-dLat, lat+dLat
	// the longitudes of a circle on the sphere that holds no pole span
	// asin(sin(angle) / cos(lat)) either way
	allLon := latLo <= -90 || latHi >= 90 || angle >= math.Pi/2
	var lonLo, lonHi float64
	if !allLon {
		s := math.Sin(angle) / math.Cos(lat*math.Pi/180)
		allLon = s >= 1
		if !allLon {
			dLon := math.Asin(s)*180/math.Pi + margin
			lonLo, lonHi = lon-dLon, lon+dLon
			allLon = lonLo <= -180 || lonHi >= 180
		}
	}
	r0, r1 := cellOf(latLo), cellOf(latHi)
	c0, c1 := cellOf(lonLo), cellOf(lonHi)
	if allLon || int(r1-r0+1)*int(c1-c0+1) > len(l.grid) {
		for c, ids := range l.grid {
			if c.lat >= r0 && c.lat <= r1 && (allLon || c.lon >= c0 && c.lon <= c1) {
				out = append(out, ids...)
			}
		}
		return out
	}
	for r := r0; r <= r1; r++ {
		for c := c0; c <= c1; c++ {
			out = append(out, l.grid[gridCell{r, c}]...)
		}
	}
	return out
}

func (l *recordLookups) coordinates() {
	l.coordOnce.Do(func() {
		l.unmeasured, l.grid = map[kindKey][]int32{}, map[gridCell][]int32{}
		for i := range l.data.Institutions {
			in := &l.data.Institutions[i]
			switch {
			case in.Lat == nil || in.Lon == nil:
				k := kindKey{in.Country, in.TypeCode}
				l.unmeasured[k] = append(l.unmeasured[k], int32(i))
			case *in.Lat < -90 || *in.Lat > 90 || *in.Lon < -180 || *in.Lon > 180 || math.IsNaN(*in.Lat) || math.IsNaN(*in.Lon):
				l.offGrid = append(l.offGrid, int32(i))
			default:
				c := gridCell{cellOf(*in.Lat), cellOf(*in.Lon)}
				l.grid[c] = append(l.grid[c], int32(i))
			}
		}
	})
}

// postcodeRecords lists the records whose postcode postcodeMatches one
// of want, in data order.
func (l *recordLookups) postcodeRecords(want []string) []int32 {
	l.postOnce.Do(func() {
		l.byPostcode, l.byOutward, l.byArea = map[string][]int32{}, map[string][]int32{}, map[string][]int32{}
		for i := range l.data.Institutions {
			have := l.data.Institutions[i].Postcode()
			if have == "" {
				continue
			}
			h := strings.ToUpper(strings.Join(strings.Fields(have), ""))
			l.byPostcode[h] = append(l.byPostcode[h], int32(i))
			if len(h) > 3 {
				l.byOutward[h[:len(h)-3]] = append(l.byOutward[h[:len(h)-3]], int32(i))
			}
			if a := postcodeAreaOf(h); a != "" {
				l.byArea[a] = append(l.byArea[a], int32(i))
			}
		}
	})
	var lists [][]int32
	for _, w := range want {
		w = strings.ReplaceAll(w, " ", "")
		lists = append(lists, l.byPostcode[w])
		if w != "" && (w[len(w)-1] < 'A' || w[len(w)-1] > 'Z') {
			lists = append(lists, l.byOutward[w])
		}
		if isPostcodeArea(w) {
			lists = append(lists, l.byArea[w])
		}
	}
	return union(lists)
}

// nameRecords lists, in data order, the records whose normalised name has
// a word that nameHolds takes for w: w itself, w with "s" or "es", or,
// for a w of five bytes or more, any word that holds it.
func (l *recordLookups) nameRecords(w string) []int32 {
	l.wordOnce.Do(l.indexWords)
	if len(w) < 5 {
		return union([][]int32{l.byWord[w], l.byWord[w+"s"], l.byWord[w+"es"]})
	}
	// the words holding w are among those holding its rarest trigram
	var rarest []int32
	for i := 0; i+3 <= len(w); i++ {
		ws, ok := l.trigrams[w[i:i+3]]
		if !ok {
			return nil
		}
		if rarest == nil || len(ws) < len(rarest) {
			rarest = ws
		}
	}
	var lists [][]int32
	for _, wi := range rarest {
		if strings.Contains(l.words[wi], w) {
			lists = append(lists, l.byWord[l.words[wi]])
		}
	}
	return union(lists)
}

func (l *recordLookups) indexWords() {
	l.byWord, l.trigrams = map[string][]int32{}, map[string][]int32{}
	for i := range l.data.Institutions {
		for _, w := range strings.Fields(heritage.NormalizeName(l.data.Institutions[i].Name)) {
			ids := l.byWord[w]
			if len(ids) > 0 && ids[len(ids)-1] == int32(i) {
				continue // twice in one name
			}
			if ids == nil {
				l.indexTrigrams(w, int32(len(l.words)))
				l.words = append(l.words, w)
			}
			l.byWord[w] = append(ids, int32(i))
		}
	}
}

func (l *recordLookups) indexTrigrams(w string, wi int32) {
	for i := 0; i+3 <= len(w); i++ {
		t := w[i : i+3]
		if ws := l.trigrams[t]; len(ws) == 0 || ws[len(ws)-1] != wi {
			l.trigrams[t] = append(ws, wi)
		}
	}
}

// union merges lists of record indexes into one, in data order, each
// once.
func union(lists [][]int32) []int32 {
	var out []int32
	for _, ids := range lists {
		out = append(out, ids...)
	}
	if len(lists) > 1 {
		slices.Sort(out)
		out = slices.Compact(out)
	}
	return out
}
