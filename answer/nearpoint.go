package answer

import (
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
)

// countryReachKm is how far from a point the record that tells its
// country may lie.
const countryReachKm = 100.0

// nearPointAnswer answers what lies within a distance of a point given by
// its coordinates ("museums within 5 km of 51.5074, -0.1278"): the
// records with coordinates within the radius that pass the question's
// other conditions, nearest first. Without a distance the radius is that
// of "near a town" (heritage.NearRadiusKm), and the answer says so.
// Records without coordinates cannot be measured: the answer is exact only
// when no record of the point's country (the country of the nearest
// record) that passes the conditions lacks them. A question about one
// institution, a field, an order or a group is not answered here.
func (p *Base) nearPointAnswer(pln plan.Plan) (Draft, bool) {
	c := pln.Constraints
	if c.Point == nil || len(c.Names) > 0 || len(c.Postcodes) > 0 || c.Field != "" || c.Order != nil || c.Group != nil {
		return Draft{}, false
	}
	pr := locale.For(pln.Lang)
	radius, given := c.RadiusKM, c.RadiusKM > 0
	if !given {
		radius = heritage.NearRadiusKm
	}
	noun := TypeNoun(pr, c.TypeCodes)
	keep := conditionsKeep(c)
	ids := p.within(c.Point.Lat, c.Point.Lon, radius, keep)
	closed := p.closedWithin(c, conditionsKeep, c.Point.Lat, c.Point.Lon, radius, "")
	country := p.pointCountry(*c.Point)
	unplaced := 0
	if country != "" {
		unplaced = p.withoutCoordinates(country, c.TypeCodes, keep)
	}
	a := Answer{Kind: KindSet, IDs: ids, Count: len(ids),
		Exact: country != "" && unplaced == 0 && len(pln.Unused(plan.UnusedUnread)) == 0}
	if pln.Frame == plan.FrameCount {
		a.Value = strconv.Itoa(len(ids))
	}
	where := pointText(*c.Point)
	return Draft{Answer: a, nearestFirst: true, render: func(cite func(string) string) string {
		var b strings.Builder
		if len(ids) == 0 {
			pr.Fprintf(&b, "No %s in the data with coordinates lies within %s of %s", noun, kmText(pr, radius), where)
		} else {
			if pln.Frame == plan.FrameCount {
				b.WriteString(thereAre(pr, len(ids)) + " ")
			}
			pr.Fprintf(&b, "%d %s within %s of %s, nearest first: ", len(ids), pr.Plural(noun, len(ids)), kmText(pr, radius), where)
			p.writeList(pr, &b, ids, c, cite)
		}
		if !given {
			pr.Fprintf(&b, ". The question gives no distance: this is the distance of \"near\" a town")
		}
		writeNotes(pr, &b, nil, p.unreadNotes(pln.Unused(plan.UnusedUnread))...)
		if country == "" {
			pr.Fprintf(&b, ". Not an exact answer: no record in the data with coordinates lies within %s of it, and records without coordinates cannot be measured", kmText(pr, countryReachKm))
		}
		writeNotes(pr, &b, nil, closedLeftOutNote(closed, noun, listedOrCounted(pr, pln)), withoutCoordinatesNote(unplaced, noun, country))
		return b.String() + "."
	}}, true
}

// pointCountry is the country of the record with coordinates nearest to
// the point, within countryReachKm; "" when there is none.
func (p *Base) pointCountry(at plan.GeoPoint) string {
	near := p.within(at.Lat, at.Lon, countryReachKm, func(*heritage.Institution) bool { return true })
	if len(near) == 0 {
		return ""
	}
	if in, ok := p.data.Get(near[0]); ok {
		return in.Country
	}
	return ""
}

// pointText writes a point as the question may have: "51.5074, -0.1278".
func pointText(at plan.GeoPoint) string {
	return strconv.FormatFloat(at.Lat, 'f', -1, 64) + ", " + strconv.FormatFloat(at.Lon, 'f', -1, 64)
}
