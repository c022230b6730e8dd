package answer

import (
	"cmp"

	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/heritage"
	"github.com/hybridrag/hybridrag/locale"
	"github.com/hybridrag/hybridrag/plan"
)

// DefaultRadiusKM is the distance "near a postcode" means when the
// question gives none.
const DefaultRadiusKM = 10

// postcodeAnswer answers questions about a UK postcode: the institutions
// at it ("Which museum has the postcode NE61 1PJ?") or, for "near" and
// "within N km of", those within a radius of the postcode's records. The
// data geocodes only postcodes its records carry; another postcode is
// answered as not in the data.
func (p *Base) postcodeAnswer(pln plan.Plan) (Draft, bool) {
	pr := locale.For(pln.Lang)
	c := pln.Constraints
	if len(c.Postcodes) == 0 || len(c.Names) > 0 || c.Field != "" {
		return Draft{}, false
	}
	var at []*heritage.Institution
	for _, i := range p.lookups.postcodeRecords(c.Postcodes) {
		if in := &p.data.Institutions[i]; postcodeMatches(in.Postcode(), c.Postcodes) {
			at = append(at, in)
		}
	}
	where := strings.Join(c.Postcodes, pr.Text(" or "))
	if len(at) == 0 {
		return noneDraft(pr.Sprintf("No institution in the data has the postcode %s, so the data cannot place it.", where)), true
	}
	keep := kindKeep(c)
	noun := TypeNoun(pr, c.TypeCodes)
	if !c.NearPlace && c.RadiusKM == 0 {
		var ids []string
		for _, in := range at {
			if keep(in) {
				ids = append(ids, in.ID)
			}
		}
		if len(ids) == 0 {
			return noneDraft(pr.Sprintf("No %s in the data has the postcode %s.", noun, where)), true
		}
		closed := 0
		if ck := closedKeep(c, kindKeep); ck != nil {
			for _, in := range at {
				if ck(in) {
					closed++
				}
			}
		}
		return Draft{Answer: Answer{Kind: KindSet, IDs: ids, Exact: true, Count: len(ids)},
			render: func(cite func(string) string) string {
				var b strings.Builder
				pr.Fprintf(&b, "%d %s at %s: ", len(ids), pr.Plural(noun, len(ids)), where)
				p.writeList(pr, &b, ids, c, cite)
				writeNotes(pr, &b, nil, closedLeftOutNote(closed, noun, listedOrCounted(pr, pln)))
				return b.String()
			}}, true
	}
	lat, lon, ok := centroid(at)
	if !ok {
		return noneDraft(pr.Sprintf("The data has no coordinates for the postcode %s.", where)), true
	}
	radius := cmp.Or(c.RadiusKM, DefaultRadiusKM)
	ids := p.within(lat, lon, radius, keep)
	closed := p.closedWithin(c, kindKeep, lat, lon, radius, "")
	unplaced := p.withoutCoordinates(at[0].Country, c.TypeCodes, keep)
	if len(ids) == 0 && unplaced == 0 {
		return noneDraft(pr.Sprintf("No %s in the data lies within %s of %s.", noun, kmText(pr, radius), where)), true
	}
	return Draft{Answer: Answer{Kind: KindSet, IDs: ids, Exact: unplaced == 0, Count: len(ids)}, nearestFirst: true,
		render: func(cite func(string) string) string {
			var b strings.Builder
			if len(ids) == 0 {
				pr.Fprintf(&b, "No %s in the data with coordinates lies within %s of %s", noun, kmText(pr, radius), where)
			} else {
				pr.Fprintf(&b, "%d %s within %s of %s, nearest first: ", len(ids), pr.Plural(noun, len(ids)), kmText(pr, radius), where)
				p.writeList(pr, &b, ids, c, cite)
			}
			writeNotes(pr, &b, nil, closedLeftOutNote(closed, noun, listedOrCounted(pr, pln)), withoutCoordinatesNote(unplaced, noun, at[0].Country))
			return b.String()
		}}, true
}

// withoutCoordinates counts the records of a country that pass keep and
// have no coordinates: records a search by distance cannot place, so that
// its answer is not exact while there are any. keep passes only records
// of the type codes, when there are any.
func (p *Base) withoutCoordinates(country string, codes []string, keep func(*heritage.Institution) bool) int {
	n := 0
	for _, ids := range p.lookups.unmeasuredRecords(country, codes) {
		for _, i := range ids {
			if keep(&p.data.Institutions[i]) {
				n++
			}
		}
	}
	return n
}

// within returns the records with coordinates that pass keep and lie
// within radius km of (lat, lon), nearest first (ties by id).
func (p *Base) within(lat, lon, radius float64, keep func(*heritage.Institution) bool) []string {
	type near struct {
		id string
		km float64
	}
	var found []near
	for _, i := range p.lookups.around(lat, lon, radius) {
		in := &p.data.Institutions[i]
		if !keep(in) {
			continue
		}
		if d := heritage.DistanceKm(lat, lon, *in.Lat, *in.Lon); d <= radius {
			found = append(found, near{in.ID, d})
		}
	}
	slices.SortFunc(found, func(a, b near) int { return cmp.Or(cmp.Compare(a.km, b.km), cmp.Compare(a.id, b.id)) })
	ids := make([]string, len(found))
	for i, f := range found {
		ids[i] = f.id
	}
	return ids
}

// kmText writes a radius: "10 km", "8.0 km" (5 miles).
func kmText(pr *locale.Printer, radius float64) string {
	if radius == math.Trunc(radius) {
		return strconv.FormatFloat(radius, 'f', 0, 64) + pr.Text(" km")
	}
	return strconv.FormatFloat(radius, 'f', 1, 64) + pr.Text(" km")
}

// closedKeep is keep of the closed institutions that a list of open ones
// by its tense alone leaves out ("Which museums are near …"), which its
// answer says it leaves out; nil when it leaves none out.
func closedKeep(c plan.Constraints, keep func(plan.Constraints) func(*heritage.Institution) bool) func(*heritage.Institution) bool {
	if c.Status != "open" || !c.StatusByTense || !c.List {
		return nil
	}
	c.Status = "closed"
	return keep(c)
}

// closedWithin counts the closed institutions within radius km of (lat,
// lon) that closedKeep keeps, the record except aside.
func (p *Base) closedWithin(c plan.Constraints, keep func(plan.Constraints) func(*heritage.Institution) bool, lat, lon, radius float64, except string) int {
	ck := closedKeep(c, keep)
	if ck == nil {
		return 0
	}
	return len(p.within(lat, lon, radius, func(in *heritage.Institution) bool { return in.ID != except && ck(in) }))
}

// listedOrCounted is how a list or a count gives its institutions.
func listedOrCounted(pr *locale.Printer, pln plan.Plan) string {
	if pln.Frame == plan.FrameCount {
		return pr.Text("counted")
	}
	return pr.Text("listed")
}

// kindKeep tests a record against the question's type, status and
// accreditation: what a question about what lies near a point applies.
func kindKeep(c plan.Constraints) func(*heritage.Institution) bool {
	return func(in *heritage.Institution) bool {
		return (len(c.TypeCodes) == 0 || slices.Contains(c.TypeCodes, in.TypeCode)) &&
			(c.Accreditation == "" || strings.EqualFold(c.Accreditation, in.Accreditation())) &&
			(c.Status != "open" || in.IsOpen()) && (c.Status != "closed" || !in.IsOpen())
	}
}

// postcodeMatches compares a record's postcode with full postcodes and
// outward codes, ignoring case and spacing.
func postcodeMatches(have string, want []string) bool {
	if have == "" {
		return false
	}
	h := strings.ToUpper(strings.Join(strings.Fields(have), ""))
	for _, w := range want {
		w = strings.ReplaceAll(w, " ", "")
		if h == w || !strings.ContainsAny(w[len(w)-1:], "ABCDEFGHIJKLMNOPQRSTUVWXYZ") && len(h) > 3 && h[:len(h)-3] == w ||
			isPostcodeArea(w) && postcodeAreaOf(h) == w {
			return true
		}
	}
	return false
}

// isPostcodeArea reports a postcode area as a plan holds it: one or two
// letters and no digit ("NR").
func isPostcodeArea(w string) bool {
	return w != "" && len(w) <= 2 && !strings.ContainsAny(w, "0123456789")
}

// postcodeAreaOf is the area of a postcode written without spaces: the
// letters before its first digit ("NR" of "NR12AB").
func postcodeAreaOf(h string) string {
	i := strings.IndexAny(h, "0123456789")
	if i <= 0 || i > 2 {
		return ""
	}
	return h[:i]
}

func centroid(ins []*heritage.Institution) (lat, lon float64, ok bool) {
	n := 0
	for _, in := range ins {
		if in.Lat != nil && in.Lon != nil {
			lat += *in.Lat
			lon += *in.Lon
			n++
		}
	}
	if n == 0 {
		return 0, 0, false
	}
	return lat / float64(n), lon / float64(n), true
}
