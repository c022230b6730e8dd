package wikidata

import "slices"

// Clone returns a copy of e that shares no slice with it.
func (e Entity) Clone() Entity {
	e.Aliases = slices.Clone(e.Aliases)
	e.InstanceOf = slices.Clone(e.InstanceOf)
	e.Countries = slices.Clone(e.Countries)
	e.Coordinates = slices.Clone(e.Coordinates)
	e.Websites = slices.Clone(e.Websites)
	e.VIAF = slices.Clone(e.VIAF)
	e.ISNI = slices.Clone(e.ISNI)
	e.ISIL = slices.Clone(e.ISIL)
	e.GND = slices.Clone(e.GND)
	return e
}
