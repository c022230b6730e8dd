package pipeline

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/plan"
)

// A list of the institutions in a town is exact only when the records
// that could be in the town say where they are. Most German records, and
// many Dutch ones, state their country and no town: "Which archives are
// in Berlin?" selects the archives placed in Berlin, and the archives in
// Germany whose records name no town may be there too. The graph leg
// selects those as well (Selection.Wide: the same conditions with the
// town's countries in place of the town), and the answer counts the ones
// with no town and is not called exact while there are any.

// townAreas holds, for each town by its NormalizeName key, where the
// records placed in it are, built on first use.
type townAreas struct {
	once sync.Once
	of   map[string]*townArea
}

// townArea is where the records placed in a town are: their countries
// and, by level, the regions, subregions, counties and districts they
// state.
type townArea struct {
	countries []string
	units     [len(areaLevels)]map[string]bool
}

// areaLevels are the administrative units a record may state.
var areaLevels = [...]func(*heritage.Institution) string{
	func(in *heritage.Institution) string { return in.Region },
	func(in *heritage.Institution) string { return in.Subregion },
	func(in *heritage.Institution) string { return in.County },
	func(in *heritage.Institution) string { return in.District },
}

// areaOf returns where the records placed in the town are, or nil.
func (p *Pipeline) areaOf(town string) *townArea {
	p.towns.once.Do(func() {
		p.towns.of = map[string]*townArea{}
		countries := map[string]map[string]bool{}
		for i := range p.data.Institutions {
			in := &p.data.Institutions[i]
			for _, t := range p.data.Towns(in) {
				k := heritage.NormalizeName(t.Name)
				a := p.towns.of[k]
				if a == nil {
					a = &townArea{}
					p.towns.of[k], countries[k] = a, map[string]bool{}
				}
				countries[k][in.Country] = true
				for l, unit := range areaLevels {
					if v := unit(in); v != "" {
						if a.units[l] == nil {
							a.units[l] = map[string]bool{}
						}
						a.units[l][v] = true
					}
				}
			}
		}
		for k, a := range p.towns.of {
			for c := range countries[k] {
				a.countries = append(a.countries, c)
			}
			slices.Sort(a.countries)
		}
	})
	return p.towns.of[heritage.NormalizeName(town)]
}

// mayBeIn reports whether a record that names no town may be in the
// town: it is in one of the town's countries, and each unit it states
// (region, subregion, county, district) is one the town's records state
// at that level, where they state any.
func (a *townArea) mayBeIn(in *heritage.Institution) bool {
	if !slices.Contains(a.countries, in.Country) {
		return false
	}
	for l, unit := range areaLevels {
		if v := unit(in); v != "" && a.units[l] != nil && !a.units[l][v] {
			return false
		}
	}
	return true
}

// maxTownCountries bounds the countries a town's name is looked for in
// (a name some towns in several countries share).
const maxTownCountries = 3

// widened returns the constraints of a list of the institutions in one
// town with the town replaced by each of its countries, or nil when the
// question is no such list.
func (p *Pipeline) widened(pl *plan.Plan) []plan.Constraints {
	c := pl.Constraints
	if !c.List || len(pl.Sides) > 1 || len(c.Places) != 1 || c.Places[0].Level != plan.LevelCity || c.Group != nil {
		return nil
	}
	a := p.areaOf(c.Places[0].Name)
	if a == nil || len(a.countries) > maxTownCountries {
		return nil
	}
	out := make([]plan.Constraints, len(a.countries))
	for i, country := range a.countries {
		w := c.Clone()
		w.Places = []plan.Place{{Text: country, Name: country, Level: plan.LevelCountry}}
		out[i] = w
	}
	return out
}

// selectWide fills sel.Wide for a list of the institutions in one town
// (see widened), inside the graph leg.
func (p *Pipeline) selectWide(ctx context.Context, sel *kg.Selection, pl *plan.Plan) error {
	if !sel.Selected {
		return nil
	}
	for _, w := range p.widened(pl) {
		ids, err := p.graph.Select(ctx, w, sel.AsOf)
		if err != nil {
			return err
		}
		sel.Wide = append(sel.Wide, ids...)
	}
	return nil
}

// unplaced is the number of institutions in sel.Wide that pass keep (all
// when nil) and whose records name no town but may be in the town the
// question names (townArea.mayBeIn): the data cannot tell.
func (p *Pipeline) unplaced(sel *kg.Selection, a *townArea, keep func(*heritage.Institution) bool) int {
	n := 0
	for _, id := range sel.Wide {
		in, ok := p.data.Get(id)
		if ok && (keep == nil || keep(in)) && len(p.data.Towns(in)) == 0 && a.mayBeIn(in) {
			n++
		}
	}
	return n
}

// unplacedNote says how many of the institutions in the town's countries
// name no town ("the records of 307 archives in Germany name no town, and
// some may be in Berlin"), or "" when none do.
func (p *Pipeline) unplacedNote(sel *kg.Selection, pl plan.Plan, keep func(*heritage.Institution) bool) string {
	if len(sel.Wide) == 0 {
		return ""
	}
	c := pl.Constraints
	a := p.areaOf(c.Places[0].Name)
	n := p.unplaced(sel, a, keep)
	if n == 0 {
		return ""
	}
	var names []string
	for _, country := range a.countries {
		names = append(names, countryPhrase(country))
	}
	noun, where, town := typeNoun(c.TypeCodes), strings.Join(names, " or "), c.Places[0].Name
	if n == 1 {
		return fmt.Sprintf("the record of 1 %s in %s names no town, and it may be in %s", noun, where, town)
	}
	return fmt.Sprintf("the records of %d %s in %s name no town, and some may be in %s", n, plural(noun, n), where, town)
}

// countryPhrase names a country as a sentence does: "Germany", "the
// Netherlands".
func countryPhrase(code string) string {
	name := heritage.CountryName(code)
	for _, w := range []string{"United ", "Netherlands", "Czech ", "Isle of "} {
		if strings.HasPrefix(name, w) {
			return "the " + name
		}
	}
	return name
}
