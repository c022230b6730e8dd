package answer

import (
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
)

// nearTownAnswer answers a list of what lies within a distance of a town
// ("Which museums are within 10 km of Rye?", "castle museums within 20 km
// of Cardiff"): the records with coordinates within the radius of the
// town's centre (heritage.TownCentres) that pass the question's other
// conditions (conditionsKeep, without the town itself), nearest first.
// The town's city field is no answer to a distance: it leaves out the
// villages around the town and takes in a record far out that gives the
// town as its postal town. Records without coordinates cannot be measured:
// those in the town are named, and the answer is exact only when every
// record of the country that passes the conditions has coordinates. A
// town the data has no centre for is answered with its own records, not
// exact. "near a town" without a distance keeps the graph's reading (the
// towns within heritage.NearRadiusKm of a record), and a question about a
// group, an order or a field is not answered here.
func (p *Base) nearTownAnswer(pln plan.Plan) (Draft, bool) {
	pr := locale.For(pln.Lang)
	c := pln.Constraints
	if !c.NearPlace || c.RadiusKM == 0 || len(c.Names) > 0 || len(c.Postcodes) > 0 || c.Field != "" ||
		len(c.Bodies) > 0 || c.Order != nil || c.Group != nil || len(c.Except) > 0 {
		return Draft{}, false
	}
	town, rest, ok := p.radiusTown(c.Places)
	if !ok {
		return Draft{}, false
	}
	noun := TypeNoun(pr, c.TypeCodes)
	others := c
	others.Places = rest
	keep := conditionsKeep(others)
	centres := p.data.TownCentres(town.Name)
	if len(centres) == 0 {
		return p.unmeasuredTownDraft(pln, town, keep), true
	}
	at := centres[0]
	ids := p.within(at.Lat, at.Lon, c.RadiusKM, keep)
	closed := p.closedWithin(others, conditionsKeep, at.Lat, at.Lon, c.RadiusKM, "")
	unplaced := p.withoutCoordinates(at.Country, c.TypeCodes, keep)
	inTown := p.unplacedInTown(at, keep)
	a := Answer{Kind: KindSet, IDs: ids, Count: len(ids),
		Exact: unplaced == 0 && len(centres) == 1 && len(pln.Unused(plan.UnusedUnread)) == 0}
	if pln.Frame == plan.FrameCount {
		a.Value = strconv.Itoa(len(ids))
	}
	where := pr.Sprintf("the centre of %s", at.Name)
	return Draft{Answer: a, nearestFirst: true, render: func(cite func(string) string) string {
		var b strings.Builder
		if len(ids) == 0 {
			pr.Fprintf(&b, "No %s in the data with coordinates lies within %s of %s", noun, kmText(pr, c.RadiusKM), where)
		} else {
			if pln.Frame == plan.FrameCount {
				b.WriteString(thereAre(pr, len(ids)) + " ")
			}
			pr.Fprintf(&b, "%d %s within %s of %s, nearest first: ", len(ids), pr.Plural(noun, len(ids)), kmText(pr, c.RadiusKM), where)
			p.writeList(pr, &b, ids, c, cite)
		}
		if len(centres) > 1 {
			writeNotes(pr, &b, cite, OtherTowns{Town: at.Name, Country: at.Country, Others: countryList(pr, centres[1:])})
		}
		if len(inTown) > 0 {
			pr.Fprintf(&b, ". Not placed, without coordinates in the data: ")
			p.writeList(pr, &b, inTown, c, cite)
			pr.Fprintf(&b, " in %s", at.Name)
		}
		writeNotes(pr, &b, nil, p.unreadNotes(pln.Unused(plan.UnusedUnread))...)
		writeNotes(pr, &b, nil, closedLeftOutNote(closed, noun, listedOrCounted(pr, pln)), withoutCoordinatesNote(unplaced, noun, at.Country))
		return b.String() + "."
	}}, true
}

// radiusTown picks the one town of a question's places that a distance is
// measured from, and returns the other places, which filter the records
// as usual ("museums in Wales within 20 km of Chester"). A town is a place
// read as a town, or an area that bears a town's name (the unitary
// authorities Cardiff and York): a distance is from the town, not from
// the edge of its area.
func (p *Base) radiusTown(places []plan.Place) (plan.Place, []plan.Place, bool) {
	var town plan.Place
	var rest []plan.Place
	n := 0
	for _, pl := range places {
		switch {
		case pl.Level == plan.LevelCity,
			pl.Level != plan.LevelCountry && pl.Level != plan.LevelRegion && len(p.data.TownCentres(pl.Name)) > 0:
			town, n = pl, n+1
		default:
			rest = append(rest, pl)
		}
	}
	return town, rest, n == 1
}

// unplacedInTown lists the records that pass keep, give the town as their
// city and have no coordinates: they are in the town, but no distance can
// be measured to them.
func (p *Base) unplacedInTown(at heritage.TownCentre, keep func(*heritage.Institution) bool) []string {
	var ids []string
	for _, i := range p.lookups.cityRecords(heritage.NormalizeName(at.Name)) {
		in := &p.data.Institutions[i]
		if (in.Lat == nil || in.Lon == nil) && in.Country == at.Country && keep(in) {
			ids = append(ids, in.ID)
		}
	}
	return ids
}

// unmeasuredTownDraft answers a distance from a town no record with
// coordinates gives as its city (most German towns): the data cannot
// measure from it, so the answer is the town's own records (by city,
// address, admin area or name), not exact.
func (p *Base) unmeasuredTownDraft(pln plan.Plan, town plan.Place, keep func(*heritage.Institution) bool) Draft {
	pr := locale.For(pln.Lang)
	c := pln.Constraints
	noun := TypeNoun(pr, c.TypeCodes)
	var ids []string
	var keys []string
	for _, n := range append([]string{town.Name}, heritage.TownNames(town.Name)...) {
		keys = append(keys, heritage.NormalizeName(n))
	}
	for _, i := range p.lookups.townRecords(keys) {
		if in := &p.data.Institutions[i]; keep(in) && p.inTown(in, town.Name) {
			ids = append(ids, in.ID)
		}
	}
	if !p.townInData(town) {
		return noneDraft(pr.Sprintf("No record in the data gives %s as its town, so the data cannot say which %s lie within %s of it.",
			town.Name, pr.Plural(noun, 2), kmText(pr, c.RadiusKM)))
	}
	text := pr.Sprintf("The data has no coordinates for %s, so it cannot say which %s lie within %s of it",
		town.Name, pr.Plural(noun, 2), kmText(pr, c.RadiusKM))
	if len(ids) == 0 {
		return noneDraft(text + pr.Sprintf(", and no %s in the data gives it as its town.", noun))
	}
	a := Answer{Kind: KindSet, IDs: ids, Count: len(ids)}
	if pln.Frame == plan.FrameCount {
		a.Value = strconv.Itoa(len(ids))
	}
	return Draft{Answer: a, render: func(cite func(string) string) string {
		var b strings.Builder
		pr.Fprintf(&b, "%s. Not an exact answer: the %d %s in %s itself: ", text, len(ids), pr.Plural(noun, len(ids)), town.Name)
		p.writeList(pr, &b, ids, c, cite)
		return b.String() + "."
	}}
}

// inTown reports whether a record lies in the town, as its city, address,
// admin area or name tell (heritage.Dataset.Towns).
func (p *Base) inTown(in *heritage.Institution, name string) bool {
	names := append([]string{name}, heritage.TownNames(name)...)
	for _, t := range p.data.Towns(in) {
		for _, n := range names {
			if heritage.NormalizeName(t.Name) == heritage.NormalizeName(n) {
				return true
			}
		}
	}
	return false
}

// countryList names the countries of the centres: "Germany and the
// Netherlands".
func countryList(pr *locale.Printer, centres []heritage.TownCentre) string {
	names := make([]string, len(centres))
	for i, c := range centres {
		names[i] = countryPhrase(c.Country)
	}
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + pr.Text(" and ") + names[len(names)-1]
}

// thereAre opens the answer to "how many": "There are" or "There is".
func thereAre(pr *locale.Printer, n int) string {
	if n == 1 {
		return pr.Text("There is")
	}
	return pr.Text("There are")
}
