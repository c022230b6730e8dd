package answer

import (
	"context"

	"slices"
	"strings"
	"sync"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/kg"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
)

// A list of the institutions in a town (or a region, county or district)
// is exact only when the records that could be there say where they are.
// Most German records, and many Dutch ones, state their country and no
// town or region: "Which archives are in Berlin?" selects the archives
// placed in Berlin, and the archives in Germany whose records name no
// place may be there too. The graph leg selects those as well
// (Selection.Wide: the same conditions with the place's countries in
// place of the place), and the answer counts the ones that name no place
// and is not called exact while there are any.

// placeAreas holds, for each town and administrative unit the records
// name (by level and NormalizeName key), where the records placed in it
// are, built on first use.
type placeAreas struct {
	once sync.Once
	of   map[string]*placeArea
	// townless holds, by country, the records that name no town.
	townless map[string][]*heritage.Institution
	// spellings holds the data's spellings of each town (citySpellings).
	spellOnce sync.Once
	spellings map[string][]string
}

// placeArea is where the records placed in a town or unit are: their
// countries and, by level, the regions, subregions, counties and
// districts they state.
type placeArea struct {
	countries []string
	units     [len(areaLevels)]map[string]bool
	// admin holds the cores (areaCore) of the administrative units of
	// the records' area paths ("camden" of "Camden (London Borough)").
	admin map[string]bool
	// open says whether any record that names no town may be in the
	// place (mayBeIn), worked out on first use: most places of British
	// records have none, and their lists need no wider selection.
	openOnce sync.Once
	open     bool
}

// areaLevels are the administrative units a record may state, by the
// level of a plan's place.
var areaLevels = [...]struct {
	level string
	of    func(*heritage.Institution) string
}{
	{plan.LevelRegion, func(in *heritage.Institution) string { return in.Region() }},
	{plan.LevelSubregion, func(in *heritage.Institution) string { return in.Subregion() }},
	{plan.LevelCounty, func(in *heritage.Institution) string { return in.County() }},
	{plan.LevelDistrict, func(in *heritage.Institution) string { return in.District() }},
}

// areaKey is the key of a place in placeAreas.
func areaKey(level, name string) string { return level + "\x00" + heritage.NormalizeName(name) }

// areaOf returns where the records placed in the town or unit are, or
// nil when no record names it.
func (p *Base) areaOf(pl plan.Place) *placeArea {
	p.areas.once.Do(func() {
		p.areas.of = map[string]*placeArea{}
		countries := map[string]map[string]bool{}
		add := func(key string, in *heritage.Institution) {
			a := p.areas.of[key]
			if a == nil {
				a = &placeArea{}
				p.areas.of[key], countries[key] = a, map[string]bool{}
			}
			countries[key][in.Country] = true
			for _, u := range in.AdminAreas() {
				if a.admin == nil {
					a.admin = map[string]bool{}
				}
				a.admin[areaCore(u.Name)] = true
			}
			for l, unit := range areaLevels {
				if v := unit.of(in); v != "" {
					if a.units[l] == nil {
						a.units[l] = map[string]bool{}
					}
					a.units[l][v] = true
				}
			}
		}
		p.areas.townless = map[string][]*heritage.Institution{}
		for i := range p.data.Institutions {
			in := &p.data.Institutions[i]
			towns := p.data.Towns(in)
			if len(towns) == 0 {
				p.areas.townless[in.Country] = append(p.areas.townless[in.Country], in)
			}
			for _, t := range towns {
				add(areaKey(plan.LevelCity, t.Name), in)
			}
			for _, unit := range areaLevels {
				if v := unit.of(in); v != "" {
					add(areaKey(unit.level, v), in)
				}
			}
		}
		for k, a := range p.areas.of {
			for c := range countries[k] {
				a.countries = append(a.countries, c)
			}
			slices.Sort(a.countries)
		}
	})
	return p.areas.of[areaKey(pl.Level, pl.Name)]
}

// townPlaces tells, for a record that names its town and nothing at
// the level of pl, what the data's other records in that town state at
// that level: in pl when every one that states the level is in pl, out
// when none is ("Is the National Gallery in Ards and North Down?" of a
// record that names London and no area: London's records are in
// England). A town whose records state nothing at that level, or some in
// pl and some not (two towns of one name), tells nothing.
func (p *Base) townPlaces(in *heritage.Institution, pl plan.Place) (inside, outside bool) {
	if in.City == "" {
		return false, false
	}
	a := p.areaOf(plan.Place{Level: plan.LevelCity, Name: in.City})
	if a == nil {
		return false, false
	}
	same := func(v string) bool {
		return heritage.NormalizeName(v) == heritage.NormalizeName(pl.Name) || areaCore(v) == areaCore(pl.Name)
	}
	if pl.Level == plan.LevelAdmin {
		return false, len(a.admin) > 0 && !a.admin[areaCore(pl.Name)]
	}
	for l, unit := range areaLevels {
		if unit.level != pl.Level || len(a.units[l]) == 0 {
			continue
		}
		n := 0
		for v := range a.units[l] {
			if same(v) {
				n++
			}
		}
		return n == len(a.units[l]), n == 0
	}
	return false, false
}

// mayBeIn reports whether a record that names no town may be in the
// place: it is in one of the place's countries, and each unit it states
// (region, subregion, county, district) is one the place's records state
// at that level, where they state any.
func (a *placeArea) mayBeIn(in *heritage.Institution) bool {
	if !slices.Contains(a.countries, in.Country) {
		return false
	}
	for l, unit := range areaLevels {
		if v := unit.of(in); v != "" && a.units[l] != nil && !a.units[l][v] {
			return false
		}
	}
	return true
}

// open reports whether any record of the place's countries that names no
// town may be in the place.
func (p *Base) open(a *placeArea) bool {
	a.openOnce.Do(func() {
		for _, c := range a.countries {
			for _, in := range p.areas.townless[c] {
				if a.mayBeIn(in) {
					a.open = true
					return
				}
			}
		}
	})
	return a.open
}

// maxPlaceCountries bounds the countries a place's name is looked for in
// (a name some towns in several countries share).
const maxPlaceCountries = 3

// widened returns the constraints of a list of the institutions in one
// town or administrative unit with the place replaced by each of its
// countries, or nil when the question is no such list.
func (p *Base) widened(pl *plan.Plan) []plan.Constraints {
	c := pl.Constraints
	if !c.List || len(pl.Sides) > 1 || c.Group != nil {
		return nil
	}
	return p.widenedPlace(c)
}

// widenedPlace returns c with its one place replaced by each of the
// place's countries, or nil when c has not one place or no record that
// names no town may be in it.
func (p *Base) widenedPlace(c plan.Constraints) []plan.Constraints {
	if len(c.Places) != 1 {
		return nil
	}
	a := p.areaOf(c.Places[0])
	if a == nil || len(a.countries) > maxPlaceCountries || !p.open(a) {
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
func (p *Base) selectWide(ctx context.Context, sel *kg.Selection, pl *plan.Plan) error {
	if !sel.Selected {
		return nil
	}
	if pl.Constraints.Share && pl.Whole != nil {
		ids, err := p.graph.Select(ctx, *pl.Whole, sel.AsOf)
		if err != nil {
			return err
		}
		sel.Whole = ids
	}
	for _, w := range p.widened(pl) {
		ids, err := p.graph.Select(ctx, w, sel.AsOf)
		if err != nil {
			return err
		}
		sel.Wide = append(sel.Wide, ids...)
	}
	if len(pl.Sides) > 1 && len(sel.Sides) == len(pl.Sides) {
		// "Are there more museums in Berlin or Munich?": each side as
		// a list is
		if rest, ok := valueRest(pl.Sides); ok && len(pl.SideLabels) > 0 {
			// "Are there more accredited or unaccredited museums in
			// Bavaria?": those that state no accreditation
			ids, err := p.graph.Select(ctx, rest, sel.AsOf)
			if err != nil {
				return err
			}
			sel.SideRest = ids
		}
		sel.SideWide = make([][]string, len(pl.Sides))
		sel.SideBroader = make([][]string, len(pl.Sides))
		for i, side := range pl.Sides {
			for _, w := range p.widenedPlace(side) {
				ids, err := p.graph.Select(ctx, w, sel.AsOf)
				if err != nil {
					return err
				}
				sel.SideWide[i] = append(sel.SideWide[i], ids...)
			}
			if len(sel.Sides[i]) == 0 {
				// "Compare the military museums in Kent and Hampshire":
				// none in Kent under War and conflict / Military
				broader, err := p.broaderSubject(ctx, side, sel.AsOf)
				if err != nil {
					return err
				}
				sel.SideBroader[i] = broader
			}
		}
	}
	if c := pl.Constraints; len(sel.Main) == 0 && c.Status == "open" && c.List && len(pl.Sides) < 2 {
		// "Which museums are in Milton Abbas?": all of them have closed
		c.Status = ""
		ids, err := p.graph.Select(ctx, c, sel.AsOf)
		if err != nil {
			return err
		}
		sel.Closed = ids
	} else if len(sel.Main) > 0 && leavesOutClosed(*pl) {
		// "How many museums are in Bath?": the open ones, and the answer
		// says how many closed ones it leaves out
		c.Status = "closed"
		ids, err := p.graph.Select(ctx, c, sel.AsOf)
		if err != nil {
			return err
		}
		sel.Closed = ids
	}
	if err := p.selectNotMembers(ctx, sel, pl); err != nil {
		return err
	}
	if err := p.selectSpanning(ctx, sel, pl); err != nil {
		return err
	}
	if err := p.selectChange(ctx, sel, pl); err != nil {
		return err
	}
	if err := p.selectUnsubjected(ctx, sel, pl); err != nil {
		return err
	}
	return p.selectOthers(ctx, sel, pl)
}

// leavesOutClosed reports whether a list or count of one set keeps only
// open institutions because of the question's tense, not its words.
func leavesOutClosed(pl plan.Plan) bool {
	c := pl.Constraints
	return c.Status == "open" && c.StatusByTense && c.List && len(pl.Sides) < 2
}

// unplaced is the number of institutions in wide, not in main, that pass
// keep (all when nil), name no town, and may be in the place the
// question names (placeArea.mayBeIn): the data cannot tell.
func (p *Base) unplaced(main, wide []string, a *placeArea, keep func(*heritage.Institution) bool) int {
	in := make(map[string]bool, len(main))
	for _, id := range main {
		in[id] = true
	}
	n := 0
	for _, id := range wide {
		r, ok := p.data.Get(id)
		if ok && !in[id] && (keep == nil || keep(r)) && len(p.data.Towns(r)) == 0 && a.mayBeIn(r) {
			n++
		}
	}
	return n
}

// unplacedNote says how many of the institutions in the town's countries
// name no town ("the records of 307 archives in Germany name no town, and
// some may be in Berlin"), or "" when none do.
func (p *Base) unplacedNote(sel *kg.Selection, pl plan.Plan, keep func(*heritage.Institution) bool) string {
	pr := locale.For(pl.Lang)
	if len(sel.Wide) == 0 {
		return ""
	}
	c := pl.Constraints
	a := p.areaOf(c.Places[0])
	return unplacedText(pr, p.unplaced(sel.Main, sel.Wide, a, keep), c, a, c.Places[0].Name)
}

// unplacedText is unplacedNote's sentence for n institutions of c's kind
// in a's countries that may be in place, or "" for none.
func unplacedText(pr *locale.Printer, n int, c plan.Constraints, a *placeArea, place string) string {
	if n == 0 {
		return ""
	}
	var names []string
	for _, country := range a.countries {
		names = append(names, countryPhrase(country))
	}
	noun, where := TypeNoun(pr, c.TypeCodes), strings.Join(names, pr.Text(" or "))
	what := pr.Text("town")
	if c.Places[0].Level != plan.LevelCity {
		what = pr.Text("town or ") + c.Places[0].Level
	}
	if n == 1 {
		return pr.Sprintf("the record of 1 %s in %s names no %s, and it may be in %s", noun, where, what, place)
	}
	return pr.Sprintf("the records of %d %s in %s name no %s, and some may be in %s", n, pr.Plural(noun, n), where, what, place)
}

// sidesUnplacedNote is unplacedNote for compared sides: how many records
// that name no place may be on each side, the sides with the same count
// of the same records said once ("the records of 4658 museums in Germany
// name no town, and some may be in Berlin or Munich"), or "".
func (p *Base) sidesUnplacedNote(pr *locale.Printer, sel *kg.Selection, sides []plan.Constraints) string {
	if sel == nil || len(sel.SideWide) != len(sides) {
		return ""
	}
	type note struct {
		n      int
		c      plan.Constraints
		a      *placeArea
		places []string
	}
	var notes []*note
	for i, side := range sides {
		if len(sel.SideWide[i]) == 0 {
			continue
		}
		a := p.areaOf(side.Places[0])
		n := p.unplaced(sel.Sides[i], sel.SideWide[i], a, nil)
		if n == 0 {
			continue
		}
		k := slices.IndexFunc(notes, func(o *note) bool {
			return o.n == n && slices.Equal(o.a.countries, a.countries) && o.c.Places[0].Level == side.Places[0].Level
		})
		if k < 0 {
			notes = append(notes, &note{n: n, c: side, a: a})
			k = len(notes) - 1
		}
		notes[k].places = append(notes[k].places, side.Places[0].Name)
	}
	texts := make([]string, len(notes))
	for i, o := range notes {
		texts[i] = unplacedText(pr, o.n, o.c, o.a, strings.Join(o.places, pr.Text(" or ")))
	}
	return strings.Join(texts, "; ")
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
