package kg

import (
	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/router"
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
	// Index lists the Select index keys of the place (see PlaceKey).
	Index []string
}

// Places lists the places of a record, each within the one before: its
// country, the units of its admin_area path, for records without an
// admin_area its region field, then its city. keys are the further Select
// index keys of the region, subregion, county and district fields, which
// are not place nodes. Graph backends build their place nodes, within
// edges and place index from this list.
func Places(in *heritage.Institution) (places []Place, keys []string) {
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
	return places, keys
}

// PlaceKey returns the Select index key a place constraint matches: a
// record matches when the key is among those Places gives it. Names are
// compared after NormalizeName; an admin place without AdminLevel matches
// a unit of any level.
func PlaceKey(p router.Place) string {
	switch p.Level {
	case router.LevelCity:
		return cityKey(p.Name)
	case router.LevelAdmin:
		if p.AdminLevel == "" {
			return adminAnyKey(p.Name)
		}
		return adminKey(p.Name, p.AdminLevel)
	case router.LevelCountry:
		return fieldKey("country", p.Name)
	case router.LevelRegion, router.LevelSubregion, router.LevelCounty, router.LevelDistrict:
		return fieldKey(p.Level, p.Name)
	}
	return "\x00unknown"
}

func cityKey(name string) string { return "city\x00" + NormalizeName(name) }

func fieldKey(level, name string) string { return level + "\x00" + NormalizeName(name) }

func adminKey(name, level string) string {
	return "admin\x00" + NormalizeName(name) + "\x00" + NormalizeName(level)
}

func adminAnyKey(name string) string { return "admin\x00" + NormalizeName(name) }
