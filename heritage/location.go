package heritage

import (
	"maps"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"
)

// Town sources: the record field a town comes from.
const (
	// TownFromCity: the city field.
	TownFromCity = "city"
	// TownFromAddress: the town of the address ("…, Town, POSTCODE") when
	// it is a known town other than the city.
	TownFromAddress = "address"
	// TownFromAdmin: for a record without a city, the smallest unit of its
	// admin_area that bears a known town's name.
	TownFromAdmin = "admin_area"
	// TownFromName: for a record without a city, address or admin_area,
	// the known town its name carries ("Historisches Museum Bayreuth",
	// "Bayreuther Feuerwehr-Museum").
	TownFromName = "name"
)

// NearRadiusKm is the radius of "near a town": a record with coordinates
// is near every town whose centre lies within this distance. A town's
// centre is the median latitude and longitude of the records whose city
// field names it (the median, so that a few records far out do not move
// it). 15 km takes in the villages around a market town, whose records
// mostly give the town as their city already (the Newark museums in
// Winthorpe, Kelham and Upton lie 3–6 km from its centre), without
// reaching the next town of the same size.
const NearRadiusKm = 15.0

// townNames are groups of names of one town: the name the data gives in
// the town's language first, then other languages' names. A record in
// one is in all ("Nuremberg" selects the records in Nürnberg). A name
// that is also another town of the data is left out: Aken, Dutch for
// Aachen, is a town on the Elbe with a Stadtarchiv of its own.
var townNames = [][]string{
	{"Nürnberg", "Nuremberg", "Neurenberg"}, {"München", "Munich"}, {"Köln", "Cologne", "Keulen"},
	{"Hannover", "Hanover"}, {"Braunschweig", "Brunswick"}, {"Aachen", "Aix-la-Chapelle"},
	{"Den Haag", "The Hague", "'s-Gravenhage"}, {"Antwerpen", "Antwerp", "Anvers"}, {"Gent", "Ghent", "Gand"},
	{"Brugge", "Bruges"}, {"Leuven", "Louvain"}, {"Brussel", "Brussels", "Bruxelles"}, {"Mechelen", "Mechlin"},
	{"Lisboa", "Lisbon"}, {"Praha", "Prague"}, {"Wien", "Vienna"}, {"Kyiv", "Kiev"},
}

// TownNames returns the other names of a town (NormalizeName compares
// them): TownNames("Nuremberg") is ["Nürnberg", "Neurenberg"]. The
// caller must not modify the result.
func TownNames(name string) []string {
	return otherTownNames()[NormalizeName(name)]
}

// otherTownNames maps the key of each name in townNames to the other
// names of its town.
var otherTownNames = sync.OnceValue(func() map[string][]string {
	m := map[string][]string{}
	for _, group := range townNames {
		for i, n := range group {
			m[NormalizeName(n)] = append(slices.Clone(group[:i]), group[i+1:]...)
		}
	}
	return m
})

// Town is a town a record lies in and the field stating it.
type Town struct {
	Name   string // as the dataset's city fields spell it, or another name of it (TownNames)
	Source string // TownFromCity, TownFromAddress, TownFromAdmin or TownFromName
}

// Stated reports whether the record's city or address names the town.
// A town read from an admin area or from the name is likely but not
// stated: the admin unit may be larger than the town, and a name may
// carry a town the institution is named after without lying in it.
func (t Town) Stated() bool { return t.Source == TownFromCity || t.Source == TownFromAddress }

// Towns lists the towns a record of the dataset lies in, stated ones
// first, each once, then the other names of each (TownNames). The towns
// read from addresses, admin areas and names are derived for every record
// on the first call of Towns or NearTowns (they need the dataset's list of
// towns); for a record not loaded with the dataset it is only its city.
func (d *Dataset) Towns(in *Institution) []Town {
	if l, ok := d.location(in); ok {
		return l.towns
	}
	if in.City == "" {
		return nil
	}
	return []Town{{Name: in.City, Source: TownFromCity}}
}

// NearTowns lists the towns whose centre lies within NearRadiusKm of the
// record's coordinates (derived with Towns; nil for a record without
// coordinates or not loaded with the dataset), sorted.
func (d *Dataset) NearTowns(in *Institution) []string {
	if l, ok := d.location(in); ok {
		return l.near
	}
	return nil
}

func (d *Dataset) location(in *Institution) (location, bool) {
	i, ok := d.byID[in.ID]
	if !ok || d.loc == nil {
		return location{}, false
	}
	d.derive()
	if i >= len(d.loc.byRecord) {
		return location{}, false
	}
	return d.loc.byRecord[i], true
}

// derive reads the towns, near towns and town centres once.
func (d *Dataset) derive() {
	d.loc.once.Do(func() { d.loc.byRecord, d.loc.centres = d.deriveLocations() })
}

// TownCentre is where a town of the data lies: the median latitude and
// longitude of the records whose city field names it (the centre
// NearTowns measures from).
type TownCentre struct {
	Country string
	Name    string // the city field's spelling
	Lat     float64
	Lon     float64
	Records int // the records with coordinates the centre is taken from
}

// TownCentres returns the centres of the towns called name or another
// name of it (TownNames), one for each country that has such a town, the
// town with the most records first. It is empty for a name no record
// with coordinates gives as its city. The caller must not modify the
// result's elements.
func (d *Dataset) TownCentres(name string) []TownCentre {
	if d.loc == nil {
		return nil
	}
	d.derive()
	var out []TownCentre
	for _, n := range append([]string{name}, TownNames(name)...) {
		for _, c := range d.loc.centres[NormalizeName(n)] {
			if !slices.ContainsFunc(out, func(o TownCentre) bool { return o.Country == c.Country }) {
				out = append(out, c)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b TownCentre) int { return b.Records - a.Records })
	return out
}

// location holds what deriveLocations reads from the location fields.
type location struct {
	towns []Town
	near  []string
}

// townIndex holds the known towns of each country: the values of the city
// fields, by NormalizeName key.
type townIndex struct {
	// byCountry maps country → town key → the town's most frequent spelling.
	byCountry map[string]map[string]string
	// nameOK tells whether a town key read from a name is trusted (see
	// trustNameTowns).
	nameOK map[string]bool
	maxTok int
}

// locations are the towns and near towns of every record, derived once,
// on first use.
type locations struct {
	once     sync.Once
	byRecord []location              // by index in Institutions
	centres  map[string][]TownCentre // by NormalizeName key of the town
}

// deriveLocations reads the towns and near towns of every record, and the
// centres of the towns.
func (d *Dataset) deriveLocations() ([]location, map[string][]TownCentre) {
	ti := buildTownIndex(d.Institutions)
	loc := make([]location, len(d.Institutions))
	for i := range d.Institutions {
		loc[i].towns = ti.towns(&d.Institutions[i])
	}
	centres := townCentres(d.Institutions)
	deriveNear(d.Institutions, loc, centres)
	byKey := map[string][]TownCentre{}
	for _, c := range centres {
		k := NormalizeName(c.Name)
		byKey[k] = append(byKey[k], c)
	}
	return loc, byKey
}

// townCentres returns the centre of every town that records with
// coordinates give as their city, by country, in a stable order.
func townCentres(recs []Institution) []TownCentre {
	type pts struct {
		name     string
		lat, lon []float64
	}
	byTown := map[string]*pts{} // country \x00 key
	for i := range recs {
		in := &recs[i]
		if in.City == "" || in.Lat == nil || in.Lon == nil {
			continue
		}
		k := in.Country + "\x00" + NormalizeName(in.City)
		p := byTown[k]
		if p == nil {
			p = &pts{name: in.City}
			byTown[k] = p
		}
		p.lat = append(p.lat, *in.Lat)
		p.lon = append(p.lon, *in.Lon)
	}
	out := make([]TownCentre, 0, len(byTown))
	for _, k := range slices.Sorted(maps.Keys(byTown)) {
		p := byTown[k]
		country, _, _ := strings.Cut(k, "\x00")
		out = append(out, TownCentre{Country: country, Name: p.name, Lat: median(p.lat), Lon: median(p.lon), Records: len(p.lat)})
	}
	return out
}

func buildTownIndex(recs []Institution) *townIndex {
	counts := map[string]map[string]map[string]int{} // country → key → spelling → n
	ti := &townIndex{byCountry: map[string]map[string]string{}, nameOK: map[string]bool{}}
	for i := range recs {
		in := &recs[i]
		k := NormalizeName(in.City)
		if k == "" {
			continue
		}
		if counts[in.Country] == nil {
			counts[in.Country] = map[string]map[string]int{}
		}
		if counts[in.Country][k] == nil {
			counts[in.Country][k] = map[string]int{}
		}
		counts[in.Country][k][in.City]++
		ti.maxTok = max(ti.maxTok, strings.Count(k, " ")+1)
	}
	for c, keys := range counts {
		m := make(map[string]string, len(keys))
		for k, spellings := range keys {
			best, bn := "", 0
			for s, n := range spellings {
				if n > bn || n == bn && s < best {
					best, bn = s, n
				}
			}
			m[k] = best
		}
		ti.byCountry[c] = m
	}
	ti.trustNameTowns(recs)
	return ti
}

// trustNameTowns decides which towns may be read from names, from the
// records that state their city: a town key is trusted when it occurs in
// the name of a record in the town, and the names it occurs in mostly
// belong to records in the town. "Bayreuth" occurs in "Kunstmuseum
// Bayreuth" (city Bayreuth); "Burg" or "Street" occur in names all over
// the country; "Lausitz", the city of "Stadtbibliothek Forst (Lausitz)",
// occurs in no name outside parentheses.
func (ti *townIndex) trustNameTowns(recs []Institution) {
	type tally struct{ in, out int }
	seen := map[string]*tally{}
	for i := range recs {
		in := &recs[i]
		city := NormalizeName(in.City)
		if city == "" {
			continue
		}
		for _, k := range ti.nameMatches(in, false) {
			t := seen[in.Country+"\x00"+k]
			if t == nil {
				t = &tally{}
				seen[in.Country+"\x00"+k] = t
			}
			if k == city || strings.Contains(" "+city+" ", " "+k+" ") {
				t.in++
			} else {
				t.out++
			}
		}
	}
	for c, keys := range ti.byCountry {
		for k := range keys {
			t := seen[c+"\x00"+k]
			if t != nil && t.in > 0 && t.in >= 2*t.out {
				ti.nameOK[c+"\x00"+k] = true
			}
		}
	}
}

// towns derives a record's towns from its location fields, each with its
// other names.
func (ti *townIndex) towns(in *Institution) []Town {
	out := ti.ownTowns(in)
	for _, t := range out {
		for _, n := range TownNames(t.Name) {
			if !slices.ContainsFunc(out, func(o Town) bool { return NormalizeName(o.Name) == NormalizeName(n) }) {
				out = append(out, Town{Name: n, Source: t.Source})
			}
		}
	}
	return out
}

// ownTowns reads the towns from the most specific location field a record
// has: its city and address; else its admin_area; else its name.
func (ti *townIndex) ownTowns(in *Institution) []Town {
	var out []Town
	add := func(name, src string) {
		for _, t := range out {
			if NormalizeName(t.Name) == NormalizeName(name) {
				return
			}
		}
		out = append(out, Town{Name: name, Source: src})
	}
	if in.City != "" {
		add(in.City, TownFromCity)
	}
	if t, ok := ti.addressTown(in); ok {
		add(t, TownFromAddress)
	}
	if len(out) > 0 {
		return out
	}
	units := in.AdminAreas()
	for i := len(units) - 1; i >= 1; i-- { // units[0] is the nation
		if t, ok := ti.byCountry[in.Country][NormalizeName(units[i].Name)]; ok {
			add(t, TownFromAdmin)
			return out
		}
	}
	if len(units) > 0 {
		return out
	}
	for _, k := range ti.nameMatches(in, true) {
		add(ti.byCountry[in.Country][k], TownFromName)
	}
	return out
}

// addressTown reads the town of an address "Street, Town, POSTCODE": the
// last part without digits, when it is a known town of the country.
func (ti *townIndex) addressTown(in *Institution) (string, bool) {
	parts := strings.Split(in.Address, ",")
	for i := len(parts) - 1; i >= 0; i-- {
		p := strings.TrimSpace(parts[i])
		if p == "" || strings.ContainsFunc(p, unicode.IsDigit) {
			continue
		}
		t, ok := ti.byCountry[in.Country][NormalizeName(p)]
		return t, ok
	}
	return "", false
}

// notTownAfter are words a town in a name does not follow: words that
// put a place near rather than in the town ("Burg Zwernitz bei
// Bayreuth"), that name an area larger than the town ("Landkreis
// Esslingen"), conjunctions, after which a word is a second noun or a
// name ("Schloss und Münster Salem", "Bettina und Achim von Arnim"), and
// articles and prepositions, after which a capitalised
// word is a noun, an adjective or a river ("im Alten Rathaus", "an der
// Donau", "De Waal").
var notTownAfter = map[string]bool{
	"bei": true, "b": true, "near": true, "nr": true, "nahe": true, "nachst": true, "bij": true, "nabij": true,
	"naast": true, "outside": true, "landkreis": true, "kreis": true, "lkr": true, "bezirk": true,
	"regierungsbezirk": true, "county": true, "provincie": true, "province": true, "region": true,
	"und": true, "and": true, "en": true, "der": true, "die": true, "das": true, "den": true, "dem": true, "des": true, "im": true, "am": true,
	"an": true, "ob": true, "zur": true, "zum": true, "vom": true, "beim": true, "the": true, "de": true,
	"het": true, "alten": true, "alte": true, "alter": true, "altes": true,
}

// nameMatches returns the keys of the known towns of the record's country
// that its name carries: a run of words equal to a town, the first one
// capitalised, or a German adjective of a one-word town ("Bayreuther").
// Words joined by a hyphen or slash count as one ("Sulzbach-Rosenberg",
// "Frankfurt/Oder"), so that a part of a compound is no town ("Donau" in
// "Donau-Schiffahrts-Museum", "Buch- und Schriftmuseum"). A town after a word of notTownAfter or
// after an adjective ("Schweizer Hof") is skipped. With trusted, only
// towns trusted by trustNameTowns count.
func (ti *townIndex) nameMatches(in *Institution, trusted bool) []string {
	towns := ti.byCountry[in.Country]
	if len(towns) == 0 {
		return nil
	}
	words := strings.FieldsFunc(withoutParentheses(in.Name), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("'’-/", r)
	})
	keys := make([]string, len(words))
	for i, w := range words {
		keys[i] = NormalizeName(w)
	}
	ok := func(k string) bool {
		_, known := towns[k]
		return known && len(k) >= 3 && (!trusted || ti.nameOK[in.Country+"\x00"+k])
	}
	var out []string
	for i := 0; i < len(words); i++ {
		if !capitalised(words[i]) || strings.HasSuffix(words[i], "-") || i > 0 && (notTownAfter[keys[i-1]] ||
			capitalised(words[i-1]) && strings.HasSuffix(keys[i-1], "er") && adjectiveTown(keys[i-1], towns) == "") {
			continue
		}
		for n := min(ti.maxTok, len(words)-i); n >= 1; n-- {
			k := strings.Join(keys[i:i+n], " ")
			if !ok(k) && n == 1 {
				k = adjectiveTown(k, towns)
			}
			if k != "" && ok(k) {
				if !slices.Contains(out, k) {
					out = append(out, k)
				}
				i += n - 1
				break
			}
		}
	}
	return out
}

// adjectiveTown returns the town key of a German town adjective:
// "bayreuther" → "bayreuth", "hallesche" is not read.
func adjectiveTown(k string, towns map[string]string) string {
	base, ok := strings.CutSuffix(k, "er")
	if !ok || len(base) < 4 {
		return ""
	}
	if _, known := towns[base]; known {
		return base
	}
	return ""
}

// capitalised reports whether a word starts with a capital and goes on in
// lower case ("Bayreuth", not "bayreuth" or the acronym "CODA").
func capitalised(w string) bool {
	var prev rune
	first := true
	for _, r := range w {
		if first && !unicode.IsUpper(r) || !first && unicode.IsUpper(r) && !strings.ContainsRune("-/", prev) {
			return false
		}
		first, prev = false, r
	}
	return !first
}

// deriveNear lists, for each record with coordinates, the towns whose
// centre lies within NearRadiusKm.
func deriveNear(recs []Institution, loc []location, centres []TownCentre) {
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
	for i := range recs {
		in := &recs[i]
		if in.Lat == nil || in.Lon == nil {
			continue
		}
		at := cell(*in.Lat, *in.Lon)
		var near []string
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
		loc[i].near = near
	}
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

// withoutParentheses drops the parts of a name in parentheses, which
// qualify a town rather than name one ("Forst (Lausitz)", "Halle
// (Saale)").
func withoutParentheses(s string) string {
	var b strings.Builder
	depth := 0
	for _, r := range s {
		switch {
		case r == '(':
			depth++
			b.WriteByte(' ')
		case r == ')' && depth > 0:
			depth--
			b.WriteByte(' ')
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}
