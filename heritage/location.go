package heritage

import (
	"maps"
	"slices"
	"strings"
	"sync"
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
	{"Lisboa", "Lisbon"}, {"Praha", "Prague"}, {"Wien", "Vienna"}, {"Kyiv", "Kiev"}, {"Kingston upon Hull", "Hull"},
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
	i, ok := d.byID.find(d.Institutions, in.ID)
	if !ok || d.loc == nil {
		return location{}, false
	}
	d.derive()
	return d.loc.byRecord.at(i)
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

// location holds what deriveLocations reads from the location fields of
// one record.
type location struct {
	towns []Town
	near  []string
}

// locations are the towns and near towns of every record, derived once,
// on first use.
type locations struct {
	once     sync.Once
	byRecord recordLocations
	centres  map[string][]TownCentre // by NormalizeName key of the town
}

// recordLocations holds the distinct lists of towns and of near towns in
// two arrays, list k's in towns[townAt[k]:townAt[k+1]] and
// near[nearAt[k]:nearAt[k+1]], and the number of its lists a record (list
// 0 is empty): two numbers a record instead of two slice headers and two
// small arrays, and the lists of the records of a town once.
type recordLocations struct {
	town, nearBy   []uint32 // by record: its list of towns, of near towns
	townAt, nearAt []uint32
	towns          []Town
	near           []string
}

// listTable numbers distinct lists as they are added; list 0 is empty.
type listTable[T any] struct {
	num map[string]uint32
	at  []uint32 // list k is all[at[k]:at[k+1]]
	all []T
	key func(T) string
	buf []byte
}

func newListTable[T any](key func(T) string) *listTable[T] {
	return &listTable[T]{num: map[string]uint32{"": 0}, at: []uint32{0, 0}, key: key}
}

// add returns the number of list, adding it when it is new.
func (t *listTable[T]) add(list []T) uint32 {
	t.buf = t.buf[:0]
	for _, v := range list {
		t.buf = append(append(t.buf, t.key(v)...), 0)
	}
	if k, ok := t.num[string(t.buf)]; ok {
		return k
	}
	k := uint32(len(t.at) - 1)
	t.num[string(t.buf)] = k
	t.all = append(t.all, list...)
	t.at = append(t.at, uint32(len(t.all)))
	return k
}

// at returns the location of record i; ok is false for a record the
// locations were not derived for.
func (l *recordLocations) at(i int) (location, bool) {
	if i >= len(l.town) {
		return location{}, false
	}
	var out location
	if k := l.town[i]; k > 0 {
		t0, t1 := l.townAt[k], l.townAt[k+1]
		out.towns = l.towns[t0:t1:t1]
	}
	if k := l.nearBy[i]; k > 0 {
		n0, n1 := l.nearAt[k], l.nearAt[k+1]
		out.near = l.near[n0:n1:n1]
	}
	return out, true
}

// deriveLocations reads the towns and near towns of every record, and the
// centres of the towns.
func (d *Dataset) deriveLocations() (recordLocations, map[string][]TownCentre) {
	ti := buildTownIndex(d.Institutions)
	n := len(d.Institutions)
	loc := recordLocations{town: make([]uint32, n)}
	towns := newListTable(func(t Town) string { return t.Name + "\x00" + t.Source })
	for i := range d.Institutions {
		loc.town[i] = towns.add(ti.towns(&d.Institutions[i]))
	}
	loc.townAt, loc.towns = slices.Clone(towns.at), slices.Clone(towns.all) // no spare capacity
	centres := townCentres(d.Institutions)
	deriveNear(d.Institutions, &loc, centres)
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
