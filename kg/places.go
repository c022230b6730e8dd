package kg

import (
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/plan"
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
	if len(units) == 0 && in.Region != "" {
		key := "place:region:" + in.Country + "/" + in.Region
		places = append(places, Place{Key: key, Label: in.Region, Parent: parent, ParentLabel: parentLabel, Source: "region"})
		parent, parentLabel = key, in.Region
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
		{"region", in.Region}, {"subregion", in.Subregion}, {"county", in.County}, {"district", in.District},
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

// PlaceMatch is how a record matches a place: how much of the match its
// data states.
type PlaceMatch int

const (
	// Stated: the record's city, the town of its address, a unit of its
	// admin_area, its country, region, subregion, county or district.
	Stated PlaceMatch = iota
	// Derived adds a town read from an admin-area unit or from the name
	// of a record without a city (see heritage.Town): likely, not stated.
	Derived
	// Near adds, for "in or near" questions, the records whose
	// coordinates lie within heritage.NearRadiusKm of the town's centre.
	Near
)

// PlaceKeys returns the Select index keys a place constraint matches at
// each PlaceMatch level: a record matches when one of the keys is among
// those Places gives it. Names are compared after NormalizeName; an admin
// place without AdminLevel matches a unit of any level.
func PlaceKeys(p plan.Place) (stated, derived, near []string) {
	switch p.Level {
	case plan.LevelCity:
		stated = []string{cityKey(p.Name)}
		if p.Area != "" {
			stated = append(stated, adminKey(p.Name, p.Area))
		}
		derived = []string{townKey(p.Name)}
	case plan.LevelAdmin:
		if p.AdminLevel == "" {
			stated = []string{adminAnyKey(p.Name)}
		} else {
			stated = []string{adminKey(p.Name, p.AdminLevel)}
		}
		derived = []string{townKey(p.Name)}
	case plan.LevelCountry:
		stated = []string{fieldKey("country", p.Name)}
	case plan.LevelRegion, plan.LevelSubregion, plan.LevelCounty, plan.LevelDistrict:
		stated = []string{fieldKey(p.Level, p.Name)}
	default:
		return nil, nil, nil
	}
	return stated, derived, []string{nearKey(p.Name)}
}

// SelectPlaceKeys returns the index keys a selection by the places of c
// looks up, up to the match level m; the near keys only when c.NearPlace.
func SelectPlaceKeys(c plan.Constraints, m PlaceMatch) []string {
	var keys []string
	for _, p := range c.Places {
		stated, derived, near := PlaceKeys(p)
		keys = append(keys, stated...)
		if m >= Derived {
			keys = append(keys, derived...)
		}
		if m >= Near && c.NearPlace {
			keys = append(keys, near...)
		}
	}
	return keys
}

func cityKey(name string) string { return "city\x00" + NormalizeName(name) }

func townKey(name string) string { return "town\x00" + NormalizeName(name) }

func nearKey(name string) string { return "near\x00" + NormalizeName(name) }

func fieldKey(level, name string) string { return level + "\x00" + NormalizeName(name) }

func adminKey(name, level string) string {
	return "admin\x00" + NormalizeName(name) + "\x00" + NormalizeName(level)
}

func adminAnyKey(name string) string { return "admin\x00" + NormalizeName(name) }
