package gen

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/plan"
)

// cityGroup is the records of one type in one city.
type cityGroup struct {
	city, typ string
	recs      []*heritage.Institution
}

func (b *qbuilder) cityGroups() []*cityGroup {
	var out []*cityGroup
	groupBy(b.x.recs, func(in *heritage.Institution) []string {
		if in.City == "" || typeNouns[in.Type] == [3]string{} || in.CityInferred && strings.Contains(in.Name, "(") {
			// A city guessed from a name with a parenthesis is often the
			// parenthesis ("Stadtarchiv Verden (Aller)" → "Aller").
			return nil
		}
		return []string{in.Type + "|" + in.Country + "|" + in.City}
	}, func(_ string, recs []*heritage.Institution) {
		out = append(out, &cityGroup{city: recs[0].City, typ: recs[0].Type, recs: recs})
	})
	return out
}

var typeNouns = map[string][3]string{
	"MUSEUM":  {"museums", "musea", "Museen"},
	"LIBRARY": {"libraries", "bibliotheken", "Bibliotheken"},
	"ARCHIVE": {"archives", "archieven", "Archive"},
}

func typeNoun(typ, lang string) string {
	n := typeNouns[typ]
	switch lang {
	case LangNL:
		return n[1]
	case LangDE:
		return n[2]
	}
	return n[0]
}

// looseCity lists the records of the group's type elsewhere whose address
// names the town.
func (b *qbuilder) looseCity(g *cityGroup) []*heritage.Institution {
	var out []*heritage.Institution
	want, cities, addresses := fold(g.city), b.x.foldedCities(), b.x.foldedAddresses()
	for i, in := range b.x.recs {
		if in.Type != g.typ || cities[i] == want {
			continue
		}
		if slices.Contains(addresses[i], want) {
			out = append(out, in)
		}
	}
	return out
}

func (b *qbuilder) cityDraft(frame string, g *cityGroup, lang, place string, ps para) (draft, bool) {
	open, closed := splitOpen(g.recs)
	if len(open) == 0 || len(open) > MaxSet {
		return draft{}, false
	}
	acc := append(ids(closed), ids(b.looseCity(g))...)
	return draft{
		frame: frame, intent: plan.Exploratory, paras: ps, lang: lang,
		vars:     []string{"{what}", typeNoun(g.typ, lang), "{place}", place},
		expected: ids(open), acceptable: acc, answer: listAnswer(open, typeNoun(g.typ, LangEN)),
		notes: fmt.Sprintf("Rule: type == %s AND city == %q; open ones expected; closed ones and records whose address names the town acceptable.", g.typ, g.city),
	}, true
}

func placeCity(b *qbuilder, quota int) {
	offer(b, quota, b.cityGroups(), func(g *cityGroup) (draft, bool) {
		return b.cityDraft("place_city", g, b.lang(), g.city, listParas)
	})
}

// placeTypo is placeCity with the place misspelt.
func placeTypo(b *qbuilder, quota int) {
	offer(b, quota, b.cityGroups(), func(g *cityGroup) (draft, bool) {
		place, ok := typo(b.r, g.city, nil)
		if !ok {
			return draft{}, false
		}
		d, ok := b.cityDraft("place_typo", g, b.lang(), place, listParas)
		d.noise = NoiseTypo
		d.notes += fmt.Sprintf(" The place is misspelt (%q).", place)
		return d, ok
	})
}

// placeNear asks for museums "in or near" / "around" a town: the town's
// own museums are expected, the others of its county acceptable.
func placeNear(b *qbuilder, quota int) {
	ps := para{
		LangEN: {"Which {what} are in or near {place}?", "{what} around {place}?", "Are there any {what} near {place}?", "What {what} can I find around {place}?"},
		LangNL: {"Welke {what} zijn er in of bij {place}?", "{what} in de buurt van {place}?"},
		LangDE: {"Welche {what} gibt es in oder bei {place}?", "{what} in der Nähe von {place}?"},
	}
	offer(b, quota, b.cityGroups(), func(g *cityGroup) (draft, bool) {
		if g.typ != "MUSEUM" || g.recs[0].Source != "mapping_museums" {
			return draft{}, false
		}
		d, ok := b.cityDraft("place_near", g, b.lang(), g.city, ps)
		if !ok {
			return draft{}, false
		}
		county := g.recs[0].County()
		if county != "" {
			// add drops the ones already expected or acceptable.
			for _, in := range b.x.recs {
				if in.County() == county && in.Type == "MUSEUM" {
					d.acceptable = append(d.acceptable, in.ID)
				}
			}
			d.notes += " Museums elsewhere in " + county + " acceptable."
		}
		return d, true
	})
}

// sameTown asks for the institutions of a kind in the same town as
// another institution of that town, named (a name one record bears): the
// town's own are expected, as for place_city; the named one is among them
// when it is of that kind.
func sameTown(b *qbuilder, quota int) {
	ps := para{
		LangEN: {"Which {what} are in the same town as {anchor}?", "What {what} are there in the same city as {anchor}?", "{what} in the same town as {anchor}?"},
		LangNL: {"Welke {what} zijn er in dezelfde stad als {anchor}?", "Welke {what} liggen in dezelfde plaats als {anchor}?"},
		LangDE: {"Welche {what} gibt es in derselben Stadt wie {anchor}?", "Welche {what} liegen im selben Ort wie {anchor}?"},
	}
	anchors := map[string][]*heritage.Institution{} // folded town → records with a stated town and a name of their own
	for _, in := range b.x.recs {
		if in.City != "" && !in.CityInferred && b.x.unique(in) {
			anchors[fold(in.City)] = append(anchors[fold(in.City)], in)
		}
	}
	offer(b, quota, b.cityGroups(), func(g *cityGroup) (draft, bool) {
		there := anchors[fold(g.city)]
		if len(there) == 0 {
			return draft{}, false
		}
		anchor := there[b.r.IntN(len(there))]
		d, ok := b.cityDraft("same_town", g, b.lang(), g.city, ps)
		if !ok {
			return draft{}, false
		}
		d.vars = append(d.vars, "{anchor}", anchor.Name)
		d.protect = append(d.protect, anchor.Name)
		d.notes += fmt.Sprintf(" The town is named by an institution there (%s).", anchor.ID)
		return d, true
	})
}
