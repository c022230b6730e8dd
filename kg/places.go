package kg

import (
	"slices"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/plan"
	"github.com/hybridrag/hybridrag/query"
)

// Place is one place an institution lies in: a place node of the graph,
// the larger place containing it and the Select index keys that reach the
// institution through it.
type Place struct {
	// Key is the node id: "place:country:<country>",
	// "place:admin:<name> (<level>)", "place:region:<country>/<region>" or
	// "place:city:<country>/<city>".
	Key   string
	Label string
	// Parent and ParentLabel name the place containing this one; Parent is
	// "" for a country or for the first place of a record without one.
	Parent, ParentLabel string
	// Source is the record field the place comes from: country,
	// admin_area, region, city or "city (inferred)".
	Source string
	// Index lists the Select index keys of the place (see PlaceKeys).
	Index []string
}

// Places lists the places of a record, each within the one before: its
// country, the units of its admin_area path, for records without an
// admin_area its region field, then its city. keys are the further Select
// index keys of the region, subregion, county and district fields, which
// are not place nodes, and of the towns derived from the other location
// fields (heritage.Dataset.Towns: the town of the address; for a
// record without a city the town its admin area or name bears) and of the
// towns it lies near (heritage.Dataset.NearTowns). Graph backends
// build their place nodes, within edges and place index from this list.
func Places(ds *heritage.Dataset, in *heritage.Institution) (places []Place, keys []string) {
	country := ""
	if in.Country != "" {
		country = "place:country:" + in.Country
		places = append(places, Place{Key: country, Label: in.Country, Source: "country",
			Index: []string{fieldKey("country", in.Country)}})
	}
	parent, parentLabel := country, in.Country
	units := in.AdminAreas()
	for _, u := range units {
		label := u.Name
		if u.Level != "" {
			label = u.Name + " (" + u.Level + ")"
		}
		key := "place:admin:" + label
		places = append(places, Place{Key: key, Label: label, Parent: parent, ParentLabel: parentLabel, Source: "admin_area",
			Index: []string{adminKey(u.Name, u.Level), adminAnyKey(u.Name)}})
		parent, parentLabel = key, label
	}
	if len(units) == 0 && in.Region() != "" {
		key := "place:region:" + in.Country + "/" + in.Region()
		places = append(places, Place{Key: key, Label: in.Region(), Parent: parent, ParentLabel: parentLabel, Source: "region"})
		parent, parentLabel = key, in.Region()
	}
	if in.City != "" {
		key := "place:city:" + in.Country + "/" + in.City
		src := "city"
		if in.CityInferred {
			src = "city (inferred)"
		}
		places = append(places, Place{Key: key, Label: in.City, Parent: parent, ParentLabel: parentLabel, Source: src,
			Index: []string{cityKey(in.City)}})
	}
	for _, f := range [...]struct{ level, v string }{
		{"region", in.Region()}, {"subregion", in.Subregion()}, {"county", in.County()}, {"district", in.District()},
	} {
		if f.v != "" {
			keys = append(keys, fieldKey(f.level, f.v))
		}
	}
	for _, t := range ds.Towns(in) {
		switch {
		case t.Name == in.City:
			// the city place above
		case t.Stated():
			keys = append(keys, cityKey(t.Name))
		default:
			keys = append(keys, townKey(t.Name))
		}
	}
	for _, t := range ds.NearTowns(in) {
		keys = append(keys, nearKey(t))
	}
	return places, keys
}

// PlaceMatch is how much of a place match the records state: the
// query algebra's level (query.PlaceMatch), which says what each level
// takes in.
type PlaceMatch = query.PlaceMatch

// The place match levels (query.Stated, query.Derived, query.Near).
const (
	Stated  = query.Stated
	Derived = query.Derived
	Near    = query.Near
)

// PlaceKeys returns the Select index keys a place constraint matches at
// each PlaceMatch level: a record matches when one of the keys is among
// those Places gives it. Which places a constraint means at each level is
// query.PlacePredicates's rule; the keys are their translation (placeKey).
func PlaceKeys(p plan.Place) (stated, derived, near []string) {
	// Each level's predicates begin with those of the level below.
	sp := query.PlacePredicates(p, Stated, false)
	dp := query.PlacePredicates(p, Derived, false)
	np := query.PlacePredicates(p, Near, true)
	return placeKeys(sp), placeKeys(dp[len(sp):]), placeKeys(np[len(dp):])
}

// SelectPlaceKeys returns the index keys a selection by the places of c
// looks up, up to the match level m; the near keys only when c.NearPlace.
func SelectPlaceKeys(c plan.Constraints, m PlaceMatch) []string {
	var keys []string
	for _, p := range c.Places {
		keys = append(keys, placeKeys(query.PlacePredicates(p, m, c.NearPlace))...)
	}
	return keys
}

func placeKeys(ps []query.Place) []string {
	var keys []string
	for _, p := range ps {
		if k, ok := PlaceKey(p); ok {
			keys = append(keys, k)
		}
	}
	return keys
}

// RecordPlaceKeys lists the place index keys of a record, sorted and
// each once: those of its places and the further keys Places gives. A
// record meets a query.Place exactly when PlaceKey of it is among them.
func RecordPlaceKeys(ds *heritage.Dataset, in *heritage.Institution) []string {
	places, keys := Places(ds, in)
	for _, p := range places {
		keys = append(keys, p.Index...)
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// PlaceKey translates a place predicate into the index key of the
// records meeting it (those Places gives the key); false for a level no
// record field has, which no record meets.
func PlaceKey(p query.Place) (string, bool) {
	switch p.Level {
	case query.LevelCity:
		return cityKey(p.Name), true
	case query.LevelTown:
		return townKey(p.Name), true
	case query.LevelNear:
		return nearKey(p.Name), true
	case query.LevelAdmin:
		if p.AdminLevel == "" {
			return adminAnyKey(p.Name), true
		}
		return adminKey(p.Name, p.AdminLevel), true
	case query.LevelCountry, query.LevelRegion, query.LevelSubregion, query.LevelCounty, query.LevelDistrict:
		return fieldKey(string(p.Level), p.Name), true
	}
	return "", false
}

func cityKey(name string) string { return "city\x00" + NormalizeName(name) }

func townKey(name string) string { return "town\x00" + NormalizeName(name) }

func nearKey(name string) string { return "near\x00" + NormalizeName(name) }

func fieldKey(level, name string) string { return level + "\x00" + NormalizeName(name) }

func adminKey(name, level string) string {
	return "admin\x00" + NormalizeName(name) + "\x00" + NormalizeName(level)
}

func adminAnyKey(name string) string { return "admin\x00" + NormalizeName(name) }
